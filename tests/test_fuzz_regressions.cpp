// SPDX-License-Identifier: GPL-3.0-or-later
// Every file under tests/data/fuzz/<reader>/ (fuzzer findings and adversarial cases) goes
// through the reader the fuzz harness drives: it is read or refused with InputError, nothing else.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "skinlab/core/error.hpp"
#include "fuzz/fuzz_readers.hpp"
#include "skinlab/io/mesh_formats.hpp"
#include "run_command.hpp"

namespace fs = std::filesystem;

TEST(FuzzRegressions, SavedInputsAreReadOrRefusedCleanly) {
  int replayed = 0;
  for (int target = 0; target < static_cast<int>(std::size(skinlab::fuzz::kTargets)); ++target) {
    const fs::path dir = fs::path(SKINLAB_TEST_DATA) / "fuzz" / std::string(skinlab::fuzz::kTargets[target]);
    if (!fs::exists(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir)) {
      SCOPED_TRACE(entry.path().string());
      std::ifstream in(entry.path(), std::ios::binary);
      std::ostringstream bytes;
      bytes << in.rdbuf();
      try {
        skinlab::fuzz::read_as(target, bytes.str());
      } catch (const skinlab::InputError&) {
      } catch (const std::exception& e) {
        ADD_FAILURE() << "not an input error: " << e.what();
      }
      ++replayed;
    }
  }
  EXPECT_GE(replayed, 10);
}

// The same saved inputs through the command line, as a user would hand them over: `check` for
// our formats and experiment definitions, `info` for Assimp's, `animate --weights` for .weights,
// `experiment merge` for a slice's results.json. Each run ends with exit 0 or with exit 2 and a
// message naming the file; never a signal, an internal error or output.
TEST(FuzzRegressions, SavedInputsThroughTheCommandLine) {
  const fs::path scratch = fs::temp_directory_path() / ("skinlab-fuzz-cli-" + std::to_string(::getpid()));
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  const std::string data = SKINLAB_TEST_DATA;
  int replayed = 0;
  for (int target = 0; target < static_cast<int>(std::size(skinlab::fuzz::kTargets)); ++target) {
    const std::string reader(skinlab::fuzz::kTargets[target]);
    const fs::path dir = fs::path(data) / "fuzz" / reader;
    if (!fs::exists(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir)) {
      std::ifstream in(entry.path(), std::ios::binary);
      std::ostringstream read;
      read << in.rdbuf();
      std::string bytes = read.str();
      // The seg and weights harnesses take their count from the first byte; the CLI from the mesh.
      if ((reader == "seg" || reader == "weights") && !bytes.empty()) bytes.erase(0, 1);
      // An input Assimp's harness saved goes through every format of the table: which importer
      // found it depends on the harness's routing at the time.
      std::vector<std::string> extensions{reader == "experiment" || reader == "merge" ? "json" : reader};
      if (reader.rfind("assimp", 0) == 0) {
        extensions.clear();
        for (const skinlab::MeshFormat& format : skinlab::mesh_formats()) extensions.push_back(format.extension);
      }
      for (const std::string& extension : extensions) {
        // A slice is an output folder's results.json; merge names the folder.
        const fs::path file = reader == "merge" ? scratch / "slice" / "results.json" : scratch / ("input." + extension);
        const fs::path named = reader == "merge" ? file.parent_path() : file;
        fs::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << bytes;
        const fs::path frames = scratch / "frames";
        std::string command = "SKINLAB_IMPORT_SECONDS=10 '" SKINLAB_EXE "' ";
        if (reader.rfind("assimp", 0) == 0)
          command += "info '" + file.string() + "'";
        else if (reader == "weights")
          command += "animate " + data + "/octahedron.off --clip " + data + "/wave.clip --skinning lbs --weights '" +
                     file.string() + "' -o '" + frames.string() + "'";
        else if (reader == "merge")
          command += "experiment merge '" + named.string() + "' -o '" + frames.string() + "'";
        else if (reader == "seg")
          command += "check '" + file.string() + "' --mesh " + data + "/octahedron.off";
        else
          command += "check '" + file.string() + "'";
        std::string output;
        const int code = skinlab::test::run_command(command, output);
        SCOPED_TRACE(entry.path().string() + "\n" + output);
        EXPECT_TRUE(code == 0 || code == 2) << "exit " << code;
        if (code == 2) {
          EXPECT_NE(output.find(named.string()), std::string::npos);
        }
        EXPECT_EQ(output.find("internal error"), std::string::npos);
        if ((reader == "weights" || reader == "merge") && code != 0) {
          EXPECT_FALSE(fs::exists(frames));
        }
        fs::remove_all(frames);
        ++replayed;
      }
    }
  }
  fs::remove_all(scratch);
  EXPECT_GE(replayed, 20);
}
