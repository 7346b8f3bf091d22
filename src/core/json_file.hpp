// Reading a JSON file (model manifest, segmentation parameters, experiment definitions and
// results): one reader, so every one reports a syntax error at its FILE:LINE:COL.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>

namespace skinlab {

/// Parses the file. Throws InputError when it cannot be read and ParseError (FILE:LINE:COL:
/// expected JSON, and nlohmann's description) when it is not JSON.
nlohmann::json read_json_file(const std::filesystem::path& path);

}  // namespace skinlab
