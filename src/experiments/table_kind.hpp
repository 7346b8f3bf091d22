// SPDX-License-Identifier: GPL-3.0-or-later
// Table kinds: what a table of an experiment measures, and how it shows it. A kind is one file
// in src/experiments/tables/ defining `TableKindEntry NAME_table_kind()`, plus its line in
// tables/table_kind_list.hpp. The definition reader, the runner, merge and the figures ask the
// entry; nothing else names a kind (docs/experiments.md lists them).
#pragma once

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "skinlab/core/segmented_model.hpp"
#include "skinlab/experiments/table_writers.hpp"

namespace skinlab {

struct ExperimentDefinition;
struct TableSpec;
class DefinitionChecker;

/// A table's variants (skeleton methods, deformers, weight methods): the definition's key for
/// them, the names they may be and those taken when the definition leaves the key out.
struct VariantOption {
  std::string key;
  std::function<std::vector<std::string>()> choices;
  std::vector<std::string> defaults;
};

/// The fields every row of a kind has and their types: s a short string, i an integer from 0 to
/// 2^31 - 1, n a finite number; a trailing ? allows null. A row may hold more fields.
using RowSchema = std::vector<std::pair<std::string, std::string>>;

/// Told what a long step is doing (figures).
using Progress = std::function<void(const std::string&)>;

struct TableKindEntry {
  std::string name;
  std::optional<VariantOption> variants;
  bool takes_frames = false;  ///< the definition may set `frames` (frames per clip)
  /// The kind's own keys in a table's definition, beyond those every table has.
  std::vector<std::string> option_keys;
  /// Checks those keys of `table` (at JSON path `path`; `spec` is filled but for its options, and
  /// the definition's sources hold its models) and returns what TableSpec::options keeps; empty
  /// for a kind without options.
  std::function<nlohmann::json(const DefinitionChecker&, const nlohmann::json& table, const std::string& path,
                               const TableSpec& spec, const ExperimentDefinition& def)>
      parse_options;
  /// Options for a small table of this kind (the conformance test's): a few poses, not a study.
  nlohmann::json small_options = nlohmann::json::object();
  RowSchema row_schema;
  /// What a model needs to have rows in this kind's table, beyond a hierarchy and clips: the
  /// note under the table for a model without rows.
  std::string needs = "nothing more";
  /// The rows of one model (`name`: its name in the definition, def.model(name) its files and
  /// clips).
  std::function<nlohmann::json(const ExperimentDefinition&, const TableSpec&, const std::string& name,
                               const SegmentedModel&)>
      measure;
  /// The table from the rows present, in definition order.
  std::function<Table(const TableSpec&, const std::vector<nlohmann::json>&)> build;
  /// More tables of the same rows, written after `build`'s (the thesis' own layout beside the
  /// long form); empty: the kind has one table.
  std::function<std::vector<Table>(const TableSpec&, const std::vector<nlohmann::json>&)> more_tables;
  /// Figures written into a folder; empty: the kind has none.
  std::function<void(const ExperimentDefinition&, const TableSpec&, const std::vector<nlohmann::json>&,
                     const std::filesystem::path&, const Progress&)>
      figures;
};

const std::vector<TableKindEntry>& table_kinds();
/// The kind called `name`, or nullptr.
const TableKindEntry* find_table_kind(const std::string& name);

}  // namespace skinlab
