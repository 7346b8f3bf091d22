// Hostile input, end to end: every numeric option's range, bounded importers, finite frames,
// bounded algorithms and outputs that fail cleanly (issue: reliability, third round).
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/number_option.hpp"

namespace {

// Every option of `app` and its subcommands, with the path of subcommand names that reaches it.
void for_each_option(CLI::App& app, std::vector<std::string> path,
                     const std::function<void(const std::vector<std::string>&, CLI::Option&)>& visit) {
  for (CLI::Option* option : app.get_options()) visit(path, *option);
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    std::vector<std::string> deeper = path;
    deeper.push_back(sub->get_name());
    for_each_option(*sub, deeper, visit);
  }
}

bool is_numeric(const CLI::Option& option) {
  const std::string type = option.get_type_name();
  return type.find("FLOAT") != std::string::npos || type.find("INT") != std::string::npos;
}

std::string number_text(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

// Parses `skinlab PATH... NAME VALUE...` in a fresh app; returns the parse error's text, or
// "accepted" when no error was raised.
std::string parse_error(const std::vector<std::string>& path, const CLI::Option& option, const std::string& value) {
  CLI::App app;
  int exit_code = 0;
  char program[] = "skinlab";
  char* argv[] = {program, nullptr};
  skinlab::add_commands(app, exit_code, 1, argv);
  std::vector<std::string> args = path;
  args.push_back(option.get_name());
  for (int k = 0; k < std::max(1, option.get_expected_min()); ++k) args.push_back(value);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last to first
  try {
    app.parse(args);
  } catch (const CLI::ValidationError& e) {
    return e.what();
  } catch (const CLI::ConversionError& e) {
    return e.what();
  } catch (const CLI::ParseError& e) {
    return std::string("another error: ") + e.what();
  }
  return "accepted";
}

}  // namespace

TEST(OptionRanges, EveryNumericOptionOfEverySubcommandRejectsNanInfAndOutOfRange) {
  CLI::App app;
  int exit_code = 0;
  char program[] = "skinlab";
  char* argv[] = {program, nullptr};
  skinlab::add_commands(app, exit_code, 1, argv);
  int checked = 0;
  for_each_option(app, {}, [&](const std::vector<std::string>& path, CLI::Option& option) {
    if (!is_numeric(option) || option.get_expected_min() == 0) return;  // flags count, they take no value
    const std::string where = (path.empty() ? std::string("skinlab") : path.back()) + " " + option.get_name();
    const CLI::Validator* range = nullptr;
    try {
      range = option.get_validator(skinlab::kFiniteRangeValidator);
    } catch (const CLI::OptionNotFound&) {
    }
    ASSERT_NE(range, nullptr) << where << " has no finite_range validator";
    double lo = 0, hi = 0;
    ASSERT_EQ(std::sscanf(range->get_description().c_str(), "in [%lf, %lf]", &lo, &hi), 2) << where;
    const std::vector<std::string> bad = {"nan", "inf", "-inf", number_text(lo - std::max(1.0, std::abs(lo))),
                                          number_text(hi + std::max(1.0, std::abs(hi)))};
    for (const std::string& value : bad) {
      const std::string error = parse_error(path, option, value);
      EXPECT_EQ(error.find("another error"), std::string::npos) << where << " " << value << ": " << error;
      EXPECT_NE(error, "accepted") << where << " " << value;
      EXPECT_NE(error.find(option.get_name()), std::string::npos) << where << " " << value << ": " << error;
    }
    // The range's ends themselves are accepted by the validator.
    for (const double end : {lo, hi}) {
      std::string text = number_text(end);
      EXPECT_EQ((*range)(text), "") << where << " " << text;
    }
    ++checked;
  });
  EXPECT_GE(checked, 25);  // the subcommands have about thirty numeric options
}
