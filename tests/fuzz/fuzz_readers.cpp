// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry point; SKINLAB_FUZZ_TARGET (an index into fuzz::kTargets) picks the reader at
// compile time, tests/fuzz/CMakeLists.txt builds one binary per reader.
#include "fuzz_readers.hpp"

#include <cstddef>
#include <cstdint>

#include "skinlab/core/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    skinlab::fuzz::read_as(SKINLAB_FUZZ_TARGET, std::string(reinterpret_cast<const char*>(data), size));
  } catch (const skinlab::InputError&) {
  }
  return 0;
}
