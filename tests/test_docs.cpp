// SPDX-License-Identifier: GPL-3.0-or-later
// The docs' shell examples, run as written (tools/run_doc_commands.py): the README's from a folder
// that looks like a clone (its data folders and the build linked in), the tutorial's from an
// empty folder with the tool on the PATH. A command that fails, or that does not print what a
// `#=>` comment says it prints, fails the test with the file and line.
#include <gtest/gtest.h>

#include <filesystem>

#include "run_command.hpp"
#include "scratch_test.hpp"

namespace {

namespace fs = std::filesystem;

class Docs : public skinlab::test::ScratchTest {
 protected:
  // Runs the examples of `doc` (relative to the source folder) in the test's folder; Debian's
  // python3, whose modules Blender shares.
  int run(const std::string& doc, const std::string& environment, std::string& out) const {
    return skinlab::test::run_command(
        environment + " /usr/bin/python3 '" SKINLAB_SOURCE_DIR "/tools/run_doc_commands.py' '" SKINLAB_SOURCE_DIR "/" +
            doc + "' '" + dir_.string() + "'",
        out);
  }
};

TEST_F(Docs, ReadmeExamplesRunAndPrintWhatTheySay) {
  const fs::path source = SKINLAB_SOURCE_DIR;
  fs::create_directory_symlink(fs::path(SKINLAB_EXE).parent_path(), dir_ / "build");
  for (const char* folder : {"clips", "experiments", "tests", "docs", "models", "skeletons"})
    fs::create_directory_symlink(source / folder, dir_ / folder);
  std::string out;
  EXPECT_EQ(run("README.md", "", out), 0) << out;
}

TEST_F(Docs, TutorialRunsFromAnEmptyFolder) {
  std::string out;
  EXPECT_EQ(run("docs/tutorial.md", "PATH='" + fs::path(SKINLAB_EXE).parent_path().string() + "':\"$PATH\"", out), 0)
      << out;
  EXPECT_TRUE(fs::exists(dir_ / "teddies" / "tables" / "sweeps_worst.csv"));
}

}  // namespace
