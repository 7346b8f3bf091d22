// SPDX-License-Identifier: GPL-3.0-or-later
// Whitespace-separated tokens with their line and column, shared by every text reader
// (OBJ, OFF, .seg, .skel, .clip). `#` starts a comment to the end of the line; lines end with
// LF, CRLF or a lone CR.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace skinlab {

struct Token {
  std::string_view text;  ///< empty at end of input
  int line = 0;           ///< 1-based
  int col = 0;            ///< 1-based
};

class Lexer {
 public:
  /// Tokenizes `text`; `file` names it in error messages.
  Lexer(std::string file, std::string text);
  /// Reads and tokenizes a file; throws InputError when it cannot be read.
  static Lexer from_file(const std::filesystem::path& path);

  const std::string& file() const { return file_; }
  bool at_end() const { return pos_ >= tokens_.size(); }
  /// The next token without consuming it (the end token at end of input).
  const Token& peek() const;
  /// The token `ahead` places after the next one (the end token past the end of input).
  const Token& peek(std::size_t ahead) const;
  /// True when the next token exists and starts on `line`.
  bool on_line(int line) const { return !at_end() && peek().line == line; }
  Token next();
  /// Consumes every remaining token of `line`.
  void skip_line(int line);

  /// Consumes the next token; throws "expected WHAT, found end of file" at end of input.
  Token expect(std::string_view what);
  /// Consumes a keyword (case-insensitive) or throws.
  void expect_keyword(std::string_view keyword);
  /// Consumes the keyword when it is next.
  bool accept_keyword(std::string_view keyword);
  /// A finite decimal number.
  double expect_number(std::string_view what);
  /// A decimal integer.
  long expect_integer(std::string_view what);

  /// Throws ParseError at `at`: "expected WHAT, found 'TEXT'".
  [[noreturn]] void fail(const Token& at, std::string_view expected) const;
  /// Throws ParseError at `at` with a free message.
  [[noreturn]] void fail_message(const Token& at, std::string_view message) const;

 private:
  std::string file_;
  std::string text_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  Token end_;
};

bool iequals(std::string_view a, std::string_view b);
/// Parses the whole token as a double (no trailing characters); false if it is not one.
bool parse_double(std::string_view text, double& value);
/// Parses the whole token as a long; false if it is not one.
bool parse_long(std::string_view text, long& value);

/// A token for a message: quoted, and cut after 40 characters (with its length) so that a
/// runaway token cannot flood the terminal.
std::string quote(std::string_view token);

/// Shortest decimal text that reads back to exactly `value` (writers use it for round trips).
std::string format_double(double value);

}  // namespace skinlab
