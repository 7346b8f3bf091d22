// SPDX-License-Identifier: GPL-3.0-or-later
// Experiment definitions (experiments/*.json, docs/experiments.md): which tables to measure on
// which models, with which methods, deformers and repeats. Read and checked here; run by
// experiment.hpp.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "skinlab/experiments/model_source.hpp"
#include "skinlab/experiments/table_kind.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"

namespace skinlab {

struct TableSpec {
  std::string id;  ///< file stem of the table's outputs: lower case letters, digits, '_'
  const TableKindEntry* kind = nullptr;  ///< what it measures (table_kind.hpp)
  std::string title;
  std::vector<std::string> models;    ///< names of ExperimentDefinition::sources: the definition's
                                      ///< models unless the table names its own
  std::vector<std::string> variants;  ///< the kind's variants (skeleton methods, deformers, weights)
  int frames = 6;                     ///< for a kind that takes frames: frames per clip, spread evenly
  nlohmann::json options;             ///< the kind's own options (TableKindEntry::parse_options)
};

struct ExperimentDefinition {
  std::string name;
  std::string description;
  int repeats = 5;
  bool figures = true;
  std::vector<TableSpec> tables;
  /// Every model the tables name, by name: its files and clips (model_source.hpp).
  std::map<std::string, ModelSource> sources;
  /// The source of the model called `model_name`; std::out_of_range for a name no table has.
  const ModelSource& model(const std::string& model_name) const { return sources.at(model_name); }
  /// How skeletons are refined: Local refinement's mode, and the largest turn per model (the
  /// thesis refines each of its models with its own angle; a model not listed gets
  /// SkeletonParams' default).
  LocalRefinement refinement = LocalRefinement::thesis;
  std::map<std::string, double> refinement_angles;
  nlohmann::json source;  ///< the definition as read (results carry it)
  std::filesystem::path folder;  ///< absolute: where its relative model paths start (results carry it)
  std::string digest;     ///< SHA-256 of `source`'s canonical text: what merge compares
};

/// The skeleton parameters of `method` on `model` under the definition.
SkeletonParams skeleton_params(const ExperimentDefinition& def, const std::string& model, const std::string& method);

/// Reads and checks a definition. Throws ParseError (FILE:LINE:COL) for bad JSON and InputError
/// naming the file and the JSON path of a wrong value. Models named by path are found from the
/// definition's folder; raw meshes are segmented (cached) and missing clips generated here,
/// before anything runs.
ExperimentDefinition read_experiment(const std::filesystem::path& file);
/// The same checks on a parsed definition; `file` names it in messages, and its folder is where
/// relative model paths start.
/// `folder` (default: the folder of `file`) is where relative model paths start.
ExperimentDefinition parse_experiment(const nlohmann::json& source, const std::string& file,
                                      const std::filesystem::path& folder = {});

}  // namespace skinlab
