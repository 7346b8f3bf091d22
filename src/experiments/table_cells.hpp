// What the table kinds share: number formats, the thesis' columns, the timing-table layout and
// bar charts.
#pragma once

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "skinlab/experiments/table_kind.hpp"

namespace skinlab {

/// `value` with `decimals` decimals; "" for a non-number. A value that rounds to zero prints as 0.
std::string number(const nlohmann::json& value, int decimals);
/// Milliseconds with three decimals below 10 ms, fewer above; "" for a non-number.
std::string ms(const nlohmann::json& value);
/// The thesis' time over ours, only where our mesh is the thesis' own (Table 5.1): other models
/// are different meshes of the same animals, and a ratio between them would mislead.
std::string speed_up(const std::string& model, const nlohmann::json& thesis_ms, const nlohmann::json& ours_ms);
/// The thesis' Table 5.1 value `key` for `model` (experiments/thesis_reference.json), or "".
std::string thesis_cell(const std::string& model, const char* key);

extern const std::string kThesisNote;
extern const std::string kTimingNote;

/// A row's 0-based frame index; a value that is not one (a hand-edited results file) is a
/// nlohmann::json type error, as for any other field.
int frame_index(const nlohmann::json& row);

/// One row of a timing table: its own cells, and the thesis' time and ours for the speed-up.
struct TimedCells {
  std::vector<std::string> cells;
  nlohmann::json thesis_ms, ours_ms;
};
/// A timing table: each row's own cells, then the thesis' time, its mesh's vertices and parts,
/// and the speed-up where the mesh is the thesis' own.
Table timing_table(const TableSpec& spec, std::string note, std::vector<std::string> columns,
                   const std::vector<nlohmann::json>& rows,
                   const std::function<TimedCells(const nlohmann::json&)>& cells_of);

/// A bar chart with gnuplot (Debian's gnuplot-nox): one bar group per label, one bar per series
/// (stacked or side by side); false when gnuplot is missing or fails.
bool bar_chart(const std::filesystem::path& png, const std::string& title, const std::vector<std::string>& series,
               const std::vector<std::pair<std::string, std::vector<double>>>& bars, bool stacked);

}  // namespace skinlab
