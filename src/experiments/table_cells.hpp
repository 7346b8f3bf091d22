// SPDX-License-Identifier: GPL-3.0-or-later
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
/// Gives every thesis column of `table` ("Thesis ...", "... thesis (s)") and "Speed-up" its blank
/// reason: the thesis has no number there (another model, phase or method).
void explain_thesis_blanks(Table& table);
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

/// A phase of a thesis-shaped table: our row's field (milliseconds) and the thesis' key (seconds).
struct PhasePair {
  std::string label;
  std::string ours_ms;
  std::string thesis_s;
};
/// The columns of a thesis-shaped table: `keys`, then per phase "LABEL (ms)" and "LABEL thesis (s)".
std::vector<std::string> phase_columns(std::vector<std::string> keys, const std::vector<PhasePair>& phases);
/// Appends one row per element of `group` (leading cells `keys_of(row)`, then per phase ours and
/// the thesis' from `thesis_of(row)`, an object or null) and a Mean row (leading cells
/// `mean_keys`; each column's mean over the rows that have a number there), as the thesis
/// prints its per-frame tables.
void append_phase_rows(Table& table, const std::vector<const nlohmann::json*>& group, const std::vector<PhasePair>& phases,
                       const std::function<std::vector<std::string>(const nlohmann::json&)>& keys_of,
                       const std::function<nlohmann::json(const nlohmann::json&)>& thesis_of,
                       std::vector<std::string> mean_keys);

/// A bar chart with gnuplot (Debian's gnuplot-nox): one bar group per label, one bar per series
/// (stacked or side by side); false when gnuplot is missing or fails.
bool bar_chart(const std::filesystem::path& png, const std::string& title, const std::vector<std::string>& series,
               const std::vector<std::pair<std::string, std::vector<double>>>& bars, bool stacked);

/// One panel of a line chart: its title and, per series, its points (x, y) in order.
struct ChartPanel {
  std::string title;
  std::vector<std::vector<std::pair<double, double>>> series;
};
/// Panels of line charts side by side with gnuplot, one line per series (named `series`), sharing
/// the x axis label; false when gnuplot is missing or fails.
bool line_charts(const std::filesystem::path& png, const std::string& title, const std::string& x_label,
                 const std::vector<std::string>& series, const std::vector<ChartPanel>& panels);

}  // namespace skinlab
