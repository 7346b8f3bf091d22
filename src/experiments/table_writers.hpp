// SPDX-License-Identifier: GPL-3.0-or-later
// One table, three formats: Markdown (docs), CSV (spreadsheets, scripts) and LaTeX with
// booktabs rules (papers). Every format holds the same cell text.
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace skinlab {

struct Table {
  std::string id;                  ///< file stem
  std::string title;               ///< caption
  std::vector<std::string> notes;  ///< sentences under the table (what the columns mean, provenance)
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;  ///< each as many cells as columns; "" for none
  /// Why a cell of a column may be blank, by column: every blank cell's column has one
  /// (unexplained_blanks), and the Markdown names those of the columns that have blanks.
  std::map<std::string, std::string> blank_reasons = {};
  /// Columns only the CSV has, after the others (every phase's spread: too wide to print), and
  /// their cells, one list per row.
  std::vector<std::string> csv_columns = {};
  std::vector<std::vector<std::string>> csv_cells = {};
};

/// "COLUMN, row R" for each blank cell whose column has no blank reason (R counts from 1).
std::vector<std::string> unexplained_blanks(const Table& table);

/// A GitHub-flavoured Markdown table under a "### title" heading, notes after it. Numeric
/// columns are right-aligned.
void write_markdown(const Table& table, std::ostream& out);
/// RFC 4180 CSV: a header row, then the rows, each with the CSV-only columns after the others;
/// no title or notes.
void write_csv(const Table& table, std::ostream& out);
/// A LaTeX table (booktabs: \toprule, \midrule, \bottomrule) with the title as caption and the
/// notes as a footnote-sized paragraph; special characters escaped.
void write_latex(const Table& table, std::ostream& out);

}  // namespace skinlab
