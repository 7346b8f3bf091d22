// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/weights_io.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>

#include "skinlab/core/lexer.hpp"

namespace skinlab {

int SkinWeights::influences(int v) const {
  int n = 1;
  while (n < kMaxInfluences && weights[v][n] > 0.0f) ++n;
  return n;
}

void set_influences(SkinWeights& weights, int v, std::vector<std::pair<int, double>> candidates) {
  std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  candidates.resize(std::min<std::size_t>(candidates.size(), SkinWeights::kMaxInfluences));
  while (candidates.size() > 1 && !(candidates.back().second > 0.0)) candidates.pop_back();
  double sum = 0.0;
  for (const auto& c : candidates) sum += c.second;
  weights.joints[v] = {0, 0, 0, 0};
  weights.weights[v] = {0, 0, 0, 0};
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    weights.joints[v][i] = static_cast<std::uint16_t>(candidates[i].first);
    weights.weights[v][i] = static_cast<float>(candidates[i].second / sum);
  }
}

namespace {

SkinWeights weights_from(Lexer& lex, int num_vertices, const std::vector<std::string>& parts) {
  lex.expect_keyword("weights");
  const Token count_at = lex.peek();
  const long count = lex.expect_integer("the vertex count");
  if (count != num_vertices) lex.fail(count_at, "the mesh's vertex count " + std::to_string(num_vertices));
  const Token parts_at = lex.peek();
  const long num_parts = lex.expect_integer("the part count");
  if (num_parts != static_cast<long>(parts.size()))
    lex.fail(parts_at, "the model's part count " + std::to_string(parts.size()));
  lex.expect_keyword("parts");
  std::vector<int> part_of(parts.size(), -1);
  for (long i = 0; i < num_parts; ++i) {
    const Token name = lex.expect("a part name");
    const auto it = std::find(parts.begin(), parts.end(), name.text);
    if (it == parts.end()) lex.fail(name, "a part of the model");
    const int id = static_cast<int>(it - parts.begin());
    if (std::find(part_of.begin(), part_of.end(), id) != part_of.end()) lex.fail_message(name, "part listed twice");
    part_of[i] = id;
  }
  SkinWeights out;
  out.parts = parts;
  out.joints.resize(num_vertices);
  out.weights.resize(num_vertices);
  for (int v = 0; v < num_vertices; ++v) {
    const Token first = lex.peek();
    const long n = lex.expect_integer("an influence count (1 to 4)");
    if (n < 1 || n > SkinWeights::kMaxInfluences) lex.fail(first, "an influence count from 1 to 4");
    std::vector<std::pair<int, double>> influences;
    double sum = 0.0;
    for (long i = 0; i < n; ++i) {
      const Token at = lex.peek();
      const long part = lex.expect_integer("a part index");
      if (part < 0 || part >= num_parts) lex.fail(at, "a part index below " + std::to_string(num_parts));
      for (const auto& [p, w] : influences)
        if (p == part_of[part]) lex.fail_message(at, "part repeated in one vertex");
      const Token weight_at = lex.peek();
      const double w = lex.expect_number("a weight");
      if (w < 0.0 || w > 1.0) lex.fail(weight_at, "a weight from 0 to 1");
      influences.push_back({part_of[part], w});
      sum += w;
    }
    if (std::abs(sum - 1.0) > 1e-4)
      lex.fail_message(first,
                       "weights of vertex " + std::to_string(v) + " sum to " + format_double(sum) + ", expected 1");
    if (lex.on_line(first.line)) lex.fail(lex.peek(), "one vertex per line");
    // Weights that already sum to 1 as floats are kept bit for bit (a written file reads back
    // exactly); others are normalised.
    if (std::abs(sum - 1.0) > 1e-6) {
      set_influences(out, v, std::move(influences));
      continue;
    }
    std::stable_sort(influences.begin(), influences.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    for (std::size_t i = 0; i < influences.size(); ++i) {
      out.joints[v][i] = static_cast<std::uint16_t>(influences[i].first);
      out.weights[v][i] = static_cast<float>(influences[i].second);
    }
  }
  if (!lex.at_end()) lex.fail(lex.peek(), "end of file after " + std::to_string(num_vertices) + " vertices");
  return out;
}

}  // namespace

SkinWeights parse_weights(const std::string& file, std::string text, int num_vertices,
                          const std::vector<std::string>& parts) {
  Lexer lex(file, std::move(text));
  return weights_from(lex, num_vertices, parts);
}

SkinWeights read_weights(const std::filesystem::path& path, int num_vertices, const std::vector<std::string>& parts) {
  Lexer lex = Lexer::from_file(path);
  return weights_from(lex, num_vertices, parts);
}

void write_weights(std::ostream& out, const SkinWeights& weights) {
  out << "# skinlab skinning weights: per vertex, its influence count, then part index and weight pairs\n"
      << "weights " << weights.num_vertices() << ' ' << weights.parts.size() << "\nparts";
  for (const std::string& p : weights.parts) out << ' ' << p;
  out << '\n';
  for (int v = 0; v < weights.num_vertices(); ++v) {
    const int n = weights.influences(v);
    out << n;
    for (int i = 0; i < n; ++i) out << ' ' << weights.joints[v][i] << ' ' << format_double(weights.weights[v][i]);
    out << '\n';
  }
}

}  // namespace skinlab
