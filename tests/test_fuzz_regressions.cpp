// Every file under tests/data/fuzz/<reader>/ (fuzzer findings and adversarial cases) goes
// through the reader the fuzz harness drives: it is read or refused with InputError, nothing else.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "fuzz/fuzz_readers.hpp"

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
