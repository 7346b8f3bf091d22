// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/experiments/table_cells.hpp"

#include <array>
#include <cstdlib>
#include <iomanip>
#include <sstream>

#include "skinlab/animation/frame_grid.hpp"
#include "skinlab/core/atomic_file.hpp"
#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/measurements.hpp"

namespace skinlab {

namespace {

void write_text(const std::filesystem::path& path, const std::string& text) {
  write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

}  // namespace

std::string number(const nlohmann::json& value, int decimals) {
  if (!value.is_number()) return "";
  std::ostringstream out;
  out << std::fixed << std::setprecision(decimals) << value.get<double>();
  std::string text = out.str();
  // A value that rounds to zero prints as 0, whatever its sign.
  if (text.find_first_not_of("-0.") == std::string::npos && text[0] == '-') text.erase(0, 1);
  return text;
}

std::string ms(const nlohmann::json& value) {
  if (!value.is_number()) return "";
  const double v = value.get<double>();
  return number(value, v < 10 ? 3 : v < 100 ? 2 : 1);
}

std::string speed_up(const std::string& model, const nlohmann::json& thesis_ms, const nlohmann::json& ours_ms) {
  if (thesis_number("/models/" + model + "/same_mesh") != true || !thesis_ms.is_number() || !ours_ms.is_number() ||
      ours_ms.get<double>() <= 0)
    return "";
  return number(thesis_ms.get<double>() / ours_ms.get<double>(), 0);
}

std::string thesis_cell(const std::string& model, const char* key) {
  const nlohmann::json& v = thesis_number("/models/" + model + "/" + key);
  return v.is_null() ? "" : v.is_string() ? v.get<std::string>() : v.dump();
}

const std::string kThesisNote =
    "Thesis columns: the thesis' chapter 5 (Intel Core Quad 2.4 GHz, one core), on its own meshes; ours come from "
    "CGAL's data archive, refined by the segmentation, and only homer is the thesis' own mesh, so the speed-up is "
    "given for homer alone.";
const std::string kTimingNote = "Times: median over the repeats; spread: max - min of the same runs.";

int frame_index(const nlohmann::json& row) {
  const nlohmann::json& frame = row.at("frame");
  if (!frame.is_number_integer() || frame.get<long long>() < 0 || frame.get<long long>() > FrameGrid::kMaxFrames)
    throw nlohmann::json::type_error::create(302, "frame: not a frame index", &frame);
  return frame.get<int>();
}

void explain_thesis_blanks(Table& table) {
  for (const std::string& column : table.columns)
    if (column.starts_with("Thesis") || column.find(" thesis ") != std::string::npos)
      table.blank_reasons[column] = "the thesis gives no number for this model there (its chapter 5 has homer, cow, "
                                    "camel, dino and diplodocus)";
    else if (column == "Speed-up")
      table.blank_reasons[column] = "given only where our mesh is the thesis' own (homer)";
}

Table timing_table(const TableSpec& spec, std::string note, std::vector<std::string> columns,
                   const std::vector<nlohmann::json>& rows,
                   const std::function<TimedCells(const nlohmann::json&)>& cells_of) {
  Table t{spec.id, spec.title, {kTimingNote, std::move(note), kThesisNote}, std::move(columns), {}};
  t.columns.insert(t.columns.end(), {"Thesis (ms)", "Thesis vertices", "Thesis parts", "Speed-up"});
  explain_thesis_blanks(t);
  // Every phase's spread, in the CSV only (the total's is a printed column): "hull_ms_spread"
  // becomes "hull spread (ms)".
  std::vector<std::string> spread_keys;
  if (!rows.empty())
    for (const auto& [key, value] : rows.front().items())
      if (key.size() > 10 && key.ends_with("_ms_spread") && key != "total_ms_spread") {
        spread_keys.push_back(key);
        t.csv_columns.push_back(key.substr(0, key.size() - 10) + " spread (ms)");
      }
  for (const auto& r : rows) {
    TimedCells c = cells_of(r);
    const std::string m = r.at("model");
    c.cells.insert(c.cells.end(), {ms(c.thesis_ms), thesis_cell(m, "vertices"), thesis_cell(m, "parts"),
                                   speed_up(m, c.thesis_ms, c.ours_ms)});
    t.rows.push_back(std::move(c.cells));
    std::vector<std::string> spreads;
    for (const std::string& key : spread_keys) spreads.push_back(r.contains(key) ? ms(r.at(key)) : "");
    t.csv_cells.push_back(std::move(spreads));
  }
  return t;
}

bool bar_chart(const std::filesystem::path& png, const std::string& title, const std::vector<std::string>& series,
               const std::vector<std::pair<std::string, std::vector<double>>>& bars, bool stacked) {
  const std::filesystem::path data = png.string() + ".dat", script = png.string() + ".gp";
  std::ostringstream d;
  d << "label";
  for (const std::string& s : series) d << '\t' << '"' << s << '"';
  d << '\n';
  for (const auto& [label, values] : bars) {
    d << '"' << label << '"';
    for (double v : values) d << '\t' << v;
    d << '\n';
  }
  write_text(data, d.str());
  std::ostringstream g;
  g << "set terminal pngcairo size 960,480 font 'sans,9'\nset output '" << png.string() << "'\n"
    << "set title \"" << title << "\"\nset style data histograms\nset style histogram "
    << (stacked ? "rowstacked" : "clustered gap 1") << "\nset style fill solid 0.85 border -1\n"
    << "set ylabel 'ms'\nset logscale y\nset xtics rotate by -40 left\nset key outside right top\n"
    << (stacked ? "unset logscale y\n" : "") << "plot for [i=2:" << series.size() + 1 << "] '" << data.string()
    << "' using i:xtic(1) title columnheader(i)\n";
  write_text(script, g.str());
  const bool ok = std::system(("gnuplot '" + script.string() + "' 2>/dev/null").c_str()) == 0;
  std::filesystem::remove(script);
  if (!ok) std::filesystem::remove(png);
  return ok;
}

bool line_charts(const std::filesystem::path& png, const std::string& title, const std::string& x_label,
                 const std::vector<std::string>& series, const std::vector<ChartPanel>& panels) {
  // One data file: a block per panel and series, blocks apart by two blank lines (gnuplot's index).
  const std::filesystem::path data = png.string() + ".dat", script = png.string() + ".gp";
  std::ostringstream d;
  for (const ChartPanel& panel : panels)
    for (std::size_t s = 0; s < series.size(); ++s) {
      d << "# " << panel.title << " / " << series[s] << '\n';
      if (s < panel.series.size())
        for (const auto& [x, y] : panel.series[s]) d << x << '\t' << y << '\n';
      d << "\n\n";
    }
  write_text(data, d.str());
  std::ostringstream g;
  g << "set terminal pngcairo noenhanced size " << 360 * panels.size() << ",360 font 'sans,9'\nset output '" << png.string()
    << "'\nset multiplot layout 1," << panels.size() << " title \"" << title << "\"\nset xlabel '" << x_label
    << "'\nset key top left\nset grid\n";
  for (std::size_t p = 0; p < panels.size(); ++p) {
    g << "set title \"" << panels[p].title << "\"\nplot ";
    for (std::size_t s = 0; s < series.size(); ++s)
      g << (s ? ", " : "") << "'" << data.string() << "' index " << p * series.size() + s
        << " using 1:2 with linespoints pointsize 0.5 title '" << series[s] << "'";
    g << '\n';
  }
  g << "unset multiplot\n";
  write_text(script, g.str());
  const bool ok = std::system(("gnuplot '" + script.string() + "' 2>/dev/null").c_str()) == 0;
  std::filesystem::remove(script);
  if (!ok) std::filesystem::remove(png);
  return ok;
}

std::vector<std::string> phase_columns(std::vector<std::string> keys, const std::vector<PhasePair>& phases) {
  for (const PhasePair& p : phases) {
    keys.push_back(p.label + " (ms)");
    keys.push_back(p.label + " thesis (s)");
  }
  return keys;
}

void append_phase_rows(Table& table, const std::vector<const nlohmann::json*>& group, const std::vector<PhasePair>& phases,
                       const std::function<std::vector<std::string>(const nlohmann::json&)>& keys_of,
                       const std::function<nlohmann::json(const nlohmann::json&)>& thesis_of,
                       std::vector<std::string> mean_keys) {
  explain_thesis_blanks(table);
  // Per phase: the sum and count of ours, then of the thesis'.
  std::vector<std::array<double, 4>> sums(phases.size(), {0, 0, 0, 0});
  for (const nlohmann::json* row : group) {
    std::vector<std::string> cells = keys_of(*row);
    const nlohmann::json thesis = thesis_of(*row);
    for (std::size_t p = 0; p < phases.size(); ++p) {
      const nlohmann::json& ours = row->at(phases[p].ours_ms);
      const nlohmann::json theirs =
          thesis.is_object() && thesis.contains(phases[p].thesis_s) ? thesis[phases[p].thesis_s] : nlohmann::json();
      cells.push_back(ms(ours));
      cells.push_back(number(theirs, 3));
      if (ours.is_number()) sums[p][0] += ours.get<double>(), sums[p][1] += 1;
      if (theirs.is_number()) sums[p][2] += theirs.get<double>(), sums[p][3] += 1;
    }
    table.rows.push_back(std::move(cells));
  }
  for (const auto& [ours, n, theirs, m] : sums) {
    mean_keys.push_back(n > 0 ? ms(ours / n) : "");
    mean_keys.push_back(m > 0 ? number(theirs / m, 3) : "");
  }
  table.rows.push_back(std::move(mean_keys));
}

}  // namespace skinlab
