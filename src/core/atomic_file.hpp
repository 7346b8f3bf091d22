// Output files appear whole or not at all: writers fill a temporary sibling and rename it.
#pragma once

#include <filesystem>
#include <functional>
#include <iosfwd>

namespace skinlab {

/// Calls `write` on a stream to a temporary file next to `path`, then renames it onto `path`.
/// If `write` throws or the stream fails, the temporary is removed and `path` is untouched;
/// a stream failure throws std::runtime_error naming the path.
void write_file_atomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);

}  // namespace skinlab
