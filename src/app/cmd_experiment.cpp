// SPDX-License-Identifier: GPL-3.0-or-later
// `skinlab experiment DEFINITION.json [-o DIR] [--jobs N] [--shard i/N]` and
// `skinlab experiment merge DIR... -o DIR` (docs/experiments.md).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>

#include "skinlab/app/commands.hpp"
#include "skinlab/app/number_option.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/remove_on_signal.hpp"
#include "skinlab/core/stopwatch.hpp"
#include "skinlab/experiments/experiment.hpp"
#include "skinlab/io/json_file.hpp"
#include "skinlab/io/json_text.hpp"

namespace skinlab {

namespace {

struct ExperimentOptions {
  std::string definition;
  std::string output;
  int jobs = 1;
  std::string shard = "1/1";
  bool quiet = false;
  std::vector<std::string> merge_inputs;
  std::string merge_output;
};

std::string clock_text(double seconds) {
  const long s = std::lround(seconds);
  std::ostringstream out;
  out << s / 60 << ':' << std::setw(2) << std::setfill('0') << s % 60;
  return out.str();
}

// One line on the terminal, redrawn: a bar, tasks done, the stage and model, elapsed and ETA.
// Without a terminal, one line per finished task.
class TaskProgress {
 public:
  TaskProgress(int total, bool quiet) : total_(total), quiet_(quiet), terminal_(isatty(STDERR_FILENO) != 0) {}
  void started(const std::string& what) { show(what, false); }
  void finished(const std::string& what) {
    ++done_;
    show(what, true);
  }
  void end() {
    if (!quiet_ && terminal_) std::cerr << '\n';
  }

 private:
  void show(const std::string& what, bool finished) {
    if (quiet_ || (!terminal_ && !finished)) return;
    const double elapsed = stopwatch_.seconds();
    const int width = 24, filled = total_ ? width * done_ / total_ : width;
    std::ostringstream line;
    line << '[' << std::string(filled, '#') << std::string(width - filled, '.') << "] " << done_ << '/' << total_
         << "  " << what << "  " << clock_text(elapsed);
    if (done_ > 0 && done_ < total_) line << "  ETA " << clock_text(elapsed / done_ * (total_ - done_));
    if (terminal_)
      std::cerr << "\r\033[K" << line.str() << std::flush;
    else
      std::cerr << "experiment: " << line.str() << '\n';
  }

  int total_, done_ = 0;
  bool quiet_, terminal_;
  Stopwatch stopwatch_;
};

std::string task_label(const ExperimentDefinition& def, const ExperimentTask& task) {
  return def.tables[task.table].kind->name + " " + task.model;
}

nlohmann::json timed_task(const ExperimentDefinition& def, const ExperimentTask& task) {
  const Stopwatch stopwatch;
  nlohmann::json rows = run_task(def, task);
  return {{"rows", std::move(rows)}, {"seconds", stopwatch.seconds()}};
}

// Runs the tasks in this process, or in up to `jobs` child processes at once (each task in its
// own, which writes its rows to `scratch`). The first failure stops the run and is rethrown.
nlohmann::json run_tasks(const ExperimentDefinition& def, const std::vector<ExperimentTask>& tasks, int jobs,
                         const std::filesystem::path& scratch, TaskProgress& progress) {
  nlohmann::json done = nlohmann::json::object();
  if (jobs <= 1) {
    for (const ExperimentTask& task : tasks) {
      progress.started(task_label(def, task));
      done[task.id] = timed_task(def, task);
      progress.finished(task_label(def, task));
    }
    return done;
  }
  std::filesystem::create_directories(scratch);
  // Removed on every way out: a return, an exception, SIGINT or SIGTERM.
  const RemoveOnSignal on_signal(scratch);
  struct RemoveScratch {
    const std::filesystem::path& folder;
    ~RemoveScratch() {
      std::error_code ignored;
      std::filesystem::remove_all(folder, ignored);
    }
  } remove_scratch{scratch};
  std::map<pid_t, std::size_t> running;
  std::string failure;
  bool input_failure = false;
  std::size_t next = 0;
  const auto result_file = [&](std::size_t i) { return scratch / (std::to_string(i) + ".json"); };
  while ((next < tasks.size() && failure.empty()) || !running.empty()) {
    if (next < tasks.size() && failure.empty() && static_cast<int>(running.size()) < jobs) {
      std::cout.flush();
      std::cerr.flush();
      const pid_t pid = fork();
      if (pid < 0) throw std::runtime_error("experiment: cannot start a job process");
      if (pid == 0) {
        nlohmann::json out;
        try {
          out = timed_task(def, tasks[next]);
        } catch (const InputError& e) {
          out = {{"error", e.what()}, {"input_error", true}};
        } catch (const std::exception& e) {
          out = {{"error", e.what()}, {"input_error", false}};
        }
        std::ofstream(result_file(next)) << json_text(out, -1);
        std::_Exit(0);
      }
      running[pid] = next;
      progress.started(task_label(def, tasks[next]));
      ++next;
      continue;
    }
    int status = 0;
    const pid_t pid = wait(&status);
    if (pid < 0) break;
    const std::size_t i = running.at(pid);
    running.erase(pid);
    std::ifstream in(result_file(i));
    nlohmann::json out = nlohmann::json::parse(in, nullptr, false);
    if (!WIFEXITED(status) || out.is_discarded()) {
      failure = tasks[i].id + ": the job process died";
    } else if (out.contains("error")) {
      failure = out["error"].get<std::string>();
      input_failure = out["input_error"].get<bool>();
    } else {
      done[tasks[i].id] = std::move(out);
      progress.finished(task_label(def, tasks[i]));
    }
  }
  if (!failure.empty()) {
    if (input_failure) throw InputError(failure);
    throw std::runtime_error(failure);
  }
  return done;
}

std::pair<int, int> parse_shard(const std::string& text) {
  static const std::regex pattern(R"((\d{1,6})/(\d{1,6}))");
  std::smatch m;
  if (std::regex_match(text, m, pattern)) {
    const int i = std::stoi(m[1]), n = std::stoi(m[2]);
    if (n >= 1 && i >= 1 && i <= n) return {i, n};
  }
  throw InputError("--shard " + text + ": expected i/N with 1 <= i <= N");
}

nlohmann::json read_results(const std::filesystem::path& dir) {
  const std::filesystem::path file = dir / "results.json";
  if (!std::filesystem::exists(file))
    throw InputError(file.string() + ": missing (is " + dir.string() + " an experiment's output?)");
  return read_json_file(file);
}

void print_summary(const std::filesystem::path& out, double seconds, std::size_t tasks) {
  std::cout << "experiment: " << tasks << " tasks in " << clock_text(seconds) << "; tables in "
            << (out / "tables").string() << ", all of them in " << (out / "tables.md").string() << '\n';
}

}  // namespace

void add_experiment_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<ExperimentOptions>();
  CLI::App* sub = app.add_subcommand(
      "experiment",
      "Run an experiment definition (experiments/*.json): tables as Markdown, CSV and LaTeX, figures, meta");
  sub->add_option("definition", o->definition, "The experiment definition (JSON)")->check(CLI::ExistingFile);
  sub->add_option("-o,--output", o->output, "Output folder; default: results/NAME");
  sub->add_option("--jobs", o->jobs, "Tasks run at once, each in its own process (timings then share the machine)")
      ->check(finite_range(1, 256))
      ->capture_default_str();
  sub->add_option("--shard", o->shard, "Run slice i of N of the tasks (i/N); merge the slices with `experiment merge`")
      ->capture_default_str();
  sub->add_flag("--quiet", o->quiet, "No progress bar");
  CLI::App* merge = sub->add_subcommand("merge", "Join the outputs of shards of one experiment into one output");
  merge->add_option("inputs", o->merge_inputs, "Output folders of the shards")
      ->required()
      ->check(CLI::ExistingDirectory);
  merge->add_option("-o,--output", o->merge_output, "Output folder")->required();
  merge->callback([o, &exit_code] {
    const Stopwatch stopwatch;
    std::vector<nlohmann::json> results;
    for (const std::string& dir : o->merge_inputs) results.push_back(read_results(dir));
    nlohmann::json merged = merge_results(results, o->merge_inputs);
    const ExperimentDefinition def =
        parse_experiment(merged["definition"], o->merge_inputs.front() + "/results.json", definition_folder(merged));
    const std::size_t expected = experiment_tasks(def).size();
    if (merged["tasks"].size() != expected)
      std::cerr << "experiment merge: " << merged["tasks"].size() << " of " << expected
                << " tasks present; the tables hold what there is, and no figures are drawn\n";
    write_experiment(def, merged, run_meta(), o->merge_output, [](const std::string&) {});
    print_summary(o->merge_output, stopwatch.seconds(), merged["tasks"].size());
    exit_code = 0;
  });
  sub->callback([o, sub, &exit_code] {
    if (sub->got_subcommand("merge")) return;
    if (o->definition.empty()) throw InputError("experiment: expected a definition file or `merge`");
    const Stopwatch stopwatch;
    const ExperimentDefinition def = read_experiment(o->definition);
    const auto [index, count] = parse_shard(o->shard);
    const std::filesystem::path out =
        o->output.empty() ? std::filesystem::path("results") / def.name : std::filesystem::path(o->output);
    const std::vector<ExperimentTask> tasks = shard_tasks(experiment_tasks(def), index, count);
    TaskProgress progress(static_cast<int>(tasks.size()), o->quiet);
    const nlohmann::json rows = run_tasks(
        def, tasks, o->jobs,
        std::filesystem::temp_directory_path() / ("skinlab-experiment-" + std::to_string(getpid())), progress);
    progress.end();
    nlohmann::json meta = run_meta();
    meta["definition_file"] = o->definition;
    meta["jobs"] = o->jobs;
    meta["wall_seconds"] = stopwatch.seconds();
    write_experiment(def, experiment_results(def, o->shard, rows), meta, out, [&](const std::string& what) {
      if (!o->quiet) std::cerr << "experiment: figure " << what << '\n';
    });
    print_summary(out, stopwatch.seconds(), tasks.size());
    exit_code = 0;
  });
}

}  // namespace skinlab
