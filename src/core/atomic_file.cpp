#include "core/atomic_file.hpp"

#include <unistd.h>

#include <fstream>
#include <stdexcept>

namespace skinlab {

void write_file_atomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write) {
  std::filesystem::path temp = path;
  temp += ".tmp" + std::to_string(::getpid());
  try {
    {
      std::ofstream out(temp, std::ios::binary);
      if (!out) throw std::runtime_error(path.string() + ": cannot open for writing");
      write(out);
      out.flush();
      if (!out) throw std::runtime_error(path.string() + ": write failed");
    }
    std::filesystem::rename(temp, path);
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    throw;
  }
}

}  // namespace skinlab
