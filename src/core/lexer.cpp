// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/lexer.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "skinlab/core/error.hpp"

namespace skinlab {

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

namespace {

// The whole token as a number (a leading '+' allowed, which from_chars refuses).
template <typename Number>
bool parse_whole(std::string_view text, Number& value) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (begin != end && *begin == '+') ++begin;
  auto [ptr, ec] = std::from_chars(begin, end, value);
  return ec == std::errc() && ptr == end;
}

}  // namespace

bool parse_double(std::string_view text, double& value) { return parse_whole(text, value); }

bool parse_long(std::string_view text, long& value) { return parse_whole(text, value); }

std::string format_double(double value) {
  char buffer[32];
  auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, ptr);
}

Lexer::Lexer(std::string file, std::string text) : file_(std::move(file)), text_(std::move(text)) {
  int line = 1;
  int col = 1;
  std::size_t i = 0;
  const std::size_t n = text_.size();
  // Line ends: LF, CRLF and a lone CR (old Mac files) each end one line.
  const auto line_end = [&](std::size_t k) { return text_[k] == '\n' || text_[k] == '\r'; };
  while (i < n) {
    const char c = text_[i];
    if (line_end(i)) {
      i += c == '\r' && i + 1 < n && text_[i + 1] == '\n' ? 2 : 1;
      ++line;
      col = 1;
    } else if (c == '#') {
      while (i < n && !line_end(i)) ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      ++col;
    } else {
      const std::size_t start = i;
      while (i < n && !std::isspace(static_cast<unsigned char>(text_[i])) && text_[i] != '#') ++i;
      tokens_.push_back({std::string_view(text_).substr(start, i - start), line, col});
      col += static_cast<int>(i - start);
    }
  }
  end_ = {std::string_view(), line, col};
}

Lexer Lexer::from_file(const std::filesystem::path& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) throw InputError(path.string() + ": is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string() + ": cannot open file for reading");
  std::ostringstream text;
  text << in.rdbuf();
  return Lexer(path.string(), text.str());
}

const Token& Lexer::peek() const { return at_end() ? end_ : tokens_[pos_]; }

const Token& Lexer::peek(std::size_t ahead) const {
  return pos_ + ahead < tokens_.size() ? tokens_[pos_ + ahead] : end_;
}

Token Lexer::next() { return at_end() ? end_ : tokens_[pos_++]; }

void Lexer::skip_line(int line) {
  while (on_line(line)) ++pos_;
}

Token Lexer::expect(std::string_view what) {
  if (at_end()) fail(end_, what);
  return next();
}

void Lexer::expect_keyword(std::string_view keyword) {
  const Token t = peek();
  if (!iequals(t.text, keyword)) fail(t, "'" + std::string(keyword) + "'");
  next();
}

bool Lexer::accept_keyword(std::string_view keyword) {
  if (!iequals(peek().text, keyword)) return false;
  next();
  return true;
}

double Lexer::expect_number(std::string_view what) {
  const Token t = expect(what);
  double value = 0;
  if (!parse_double(t.text, value)) fail(t, what);
  if (!std::isfinite(value)) fail(t, std::string(what) + " (a finite number)");
  return value;
}

long Lexer::expect_integer(std::string_view what) {
  const Token t = expect(what);
  long value = 0;
  if (!parse_long(t.text, value)) fail(t, what);
  return value;
}

std::string quote(std::string_view token) {
  constexpr std::size_t kShown = 40;
  std::string out(1, '\'');
  out.append(token.substr(0, kShown));
  if (token.size() <= kShown) return out.append(1, '\'');
  return out.append("...' (").append(std::to_string(token.size())).append(" characters)");
}

void Lexer::fail(const Token& at, std::string_view expected) const {
  const std::string found = at.text.empty() ? "end of file" : quote(at.text);
  throw ParseError(file_, at.line, at.col, "expected " + std::string(expected) + ", found " + found);
}

void Lexer::fail_message(const Token& at, std::string_view message) const {
  throw ParseError(file_, at.line, at.col, message);
}

}  // namespace skinlab
