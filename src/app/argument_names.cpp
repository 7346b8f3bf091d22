// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/app/argument_names.hpp"

#include <algorithm>
#include <cstdlib>

#include "skinlab/core/error.hpp"

namespace skinlab {

namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

bool is_number(const std::string& word) {
  char* end = nullptr;
  std::strtod(word.c_str(), &end);
  return end != word.c_str() && *end == '\0';
}

std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_options()) {
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    for (const std::string& name : option->get_snames()) names.push_back("-" + name);
  }
  return names;
}

// "skinlab experiment merge": the program and the subcommands down to `app`.
std::string command_path(const CLI::App* app) {
  std::string path;
  for (; app->get_parent() != nullptr; app = app->get_parent()) path = " " + app->get_name() + path;
  return "skinlab" + path;
}

std::string suggestion(const std::string& word, const std::vector<std::string>& candidates) {
  const std::string closest = closest_name(word, candidates);
  return closest.empty() ? "" : "; did you mean '" + closest + "'?";
}

}  // namespace

std::string closest_name(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const std::string& candidate : candidates) {
    const std::size_t d = edit_distance(word, candidate);
    if (d < best_distance) best_distance = d, best = candidate;
  }
  return best;
}

void check_argument_names(CLI::App& app, int argc, const char* const* argv) {
  CLI::App* current = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--") return;
    if (word.size() > 1 && word[0] == '-' && !is_number(word)) {
      const std::string name = word[1] == '-' ? word.substr(0, word.find('=')) : word.substr(0, 2);
      const std::vector<std::string> known = option_names(*current);
      if (std::find(known.begin(), known.end(), name) == known.end())
        throw InputError(command_path(current) + ": unknown option '" + name + "'" + suggestion(name, known) +
                         " (--help lists them)");
      continue;
    }
    std::vector<std::string> subcommands;
    for (const CLI::App* sub : current->get_subcommands([](CLI::App*) { return true; }))
      subcommands.push_back(sub->get_name());
    if (std::find(subcommands.begin(), subcommands.end(), word) != subcommands.end()) {
      current = current->get_subcommand(word);
    } else if (current == &app) {
      // The first word must name a subcommand; later words may be values or positionals.
      throw InputError("skinlab: unknown subcommand '" + word + "'" + suggestion(word, subcommands) +
                       " (skinlab --help lists them)");
    }
  }
}

}  // namespace skinlab
