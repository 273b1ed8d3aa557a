//===- llvm-pathprof.h - What the llvm-pathprof verbs share -----*- C++ -*-===//
//
// What the subcommand files of llvm-pathprof share: the option category, the
// subcommands (each defined in its own file, next to the options bound to it,
// so that a subcommand exists before its options register), the entry point
// of each verb, and the one place that turns problems into
// "llvm-pathprof: error: ..." and "llvm-pathprof: warning: ..." lines.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_PATHPROF_TOOL_H
#define LLVM_PATHPROF_TOOL_H

#include "PathProf/Profile.h"
#include "PathProf/ProfileReader.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>

namespace pathprof {
class CFGDescription;
struct ContextTree;
struct DecodedPath;
struct FunctionProfile;
struct PathRecord;
struct MetricEstimate;
struct Profile;
struct ThreadContextTree;

namespace tool {

extern llvm::cl::OptionCategory PathProfCategory;

extern llvm::cl::SubCommand MergeSubcommand;
extern llvm::cl::SubCommand ShowSubcommand;
extern llvm::cl::SubCommand OverlapSubcommand;
extern llvm::cl::SubCommand ReportSubcommand;
extern llvm::cl::SubCommand ExportSubcommand;
extern llvm::cl::SubCommand SampleSubcommand;

/// The verbs; each returns the process exit status.
int mergeMain();
int showMain();
int overlapMain();
int reportMain();
int exportMain();
int sampleMain();

/// Reads the profile at \p Path as readProfile does (\p Required,
/// \p Threads, \p Cache), with the binaries --binary names for the raw
/// profiles of modules built with -fprofile-path-correlate=binary.
/// Thread-safe (with a cache per thread).
llvm::Expected<Profile>
readInput(llvm::StringRef Path, WarningHandler Warn,
          ProfileKind Required = ProfileKind::Unknown,
          std::vector<ThreadContextTree> *Threads = nullptr,
          RawDescriptionCache *Cache = nullptr);

/// Reads the profile at \p Path as readInput() does, except that a raw
/// profile of the module \p Cache holds may come as its counts
/// (readProfileOrCounts()).
llvm::Expected<std::variant<Profile, ModuleCounts>>
readInputOrCounts(llvm::StringRef Path, WarningHandler Warn,
                  ProfileKind Required, RawDescriptionCache &Cache);

/// The binaries --binary names, as given (files or directories).
llvm::ArrayRef<std::string> binaryPaths();

/// Writes \p P to \p Path: a text profile if \p Text, else an indexed one,
/// with its summary computed here and, if \p WithIndex, its index.
llvm::Error writeOutputProfile(Profile &P, llvm::StringRef Path, bool Text,
                               bool WithIndex = true);

/// Prints "llvm-pathprof: warning: <Msg>" to stderr. Thread-safe.
void warn(const llvm::Twine &Msg);

/// Prints "llvm-pathprof: error: <Msg>" to stderr and returns 1.
int fail(const llvm::Twine &Msg);
int fail(llvm::Error E);

/// \p V as "0x" and 16 hex digits.
std::string hex(uint64_t V);

/// \p Part / \p Whole as a percentage with two decimals ("12.50%"); 0.00% when
/// \p Whole is 0.
std::string percent(uint64_t Part, uint64_t Whole);

/// \p Metric / \p Count with two decimals ("12.50"): a metric per execution;
/// "0.00" when \p Count is 0.
std::string rate(uint64_t Metric, uint64_t Count);

/// The index in \p P's metrics of the one named \p Name, as --metric=Name
/// asks for it; an error when \p P has no metrics or none of that name.
llvm::Expected<size_t> findMetric(const Profile &P, llvm::StringRef Name);

/// Metric \p Index of \p R as show prints it: the exact value ("a=12"), or
/// the estimate of a sampled metric with its 95% interval and samples
/// ("a~12 [10, 14] (3 samples)", "a: not measured").
std::string formatMetric(const Profile &P, const PathRecord &R, size_t Index);
/// The JSON object of a sampled estimate: estimate, low, high (null when
/// unbounded or unknown) and samples.
void writeEstimateJSON(const MetricEstimate &E, llvm::json::OStream &J);

/// What show, report, overlap and export say of an estimated profile:
/// "Estimated from N branch samples (period P, R records per sample): counts
/// are estimates" ("period unknown" for period 0).
std::string describeEstimated(const EstimateInfo &E);
/// The JSON object of \p E: period, samples and records_per_sample; the
/// value \p J writes next.
void writeEstimatedJSON(const EstimateInfo &E, llvm::json::OStream &J);

/// The lines show prints under a path record of \p P, six spaces in: the
/// record's metrics ("Metrics: a=1 b=2"; nothing without metrics) ...
void printPathMetrics(const Profile &P, const PathRecord &R,
                      llvm::raw_ostream &OS);
/// ... and the steps of the decoded \p Path of a function described by
/// \p CFG: consecutive blocks on the same source lines as one step, between
/// "(from backedge)" and "(to backedge)" where the path starts or ends at one.
void printPathSteps(const CFGDescription &CFG, const DecodedPath &Path,
                    llvm::raw_ostream &OS);

/// The JSON model of show --json (ShowCommand.cpp) of the functions show
/// lists by default (every function that ran, most distinct paths first),
/// each with at most \p TopN paths (0: all), and the calling context tree
/// when \p P has one: the value \p J writes next. report --html embeds it.
llvm::Error writeProfileModel(const Profile &P, unsigned TopN,
                              llvm::json::OStream &J);

/// report --json's document for the metric \p Metric (summed over
/// executions) of \p P, hot at \p Percent: the value \p J writes next.
void writeConcentrationJSON(const Profile &P, size_t Metric, double Percent,
                            llvm::json::OStream &J);

/// What report --html writes, and from what.
struct HTMLReportOptions {
  /// The profile's file name, the page's title.
  std::string Input;
  /// The directory the page goes into (index.html).
  std::string Directory;
  /// Where relative source file names are found; empty: the current
  /// directory.
  std::string SourceRoot;
  /// Paths per function, hottest first; 0: all.
  unsigned TopN = 20;
  /// The hot threshold of the concentration tables, in percent.
  double HotPercent = 1.0;
  /// The metric the page opens with; none: path counts.
  std::optional<size_t> Metric;
};

/// report --html: the page of \p P (ReportHTML.cpp).
llvm::Error writeHTMLReport(const Profile &P, const HTMLReportOptions &O);

/// show --context: the calling context tree \p T of \p P, a line per context
/// (ShowContext.cpp).
void printContextTree(const Profile &P, const ContextTree &T, bool Demangle,
                      llvm::raw_ostream &OS);
/// show --context --per-thread: each of \p Threads, the trees of \p P's
/// threads, with its thread number.
void printThreadContextTrees(const Profile &P,
                             llvm::ArrayRef<ThreadContextTree> Threads,
                             bool Demangle, llvm::raw_ostream &OS);
/// show --context --function=Query: the hot paths (at most \p TopN, 0: all)
/// of each context of the functions \p Query names, hottest first.
llvm::Error printFunctionContexts(const Profile &P, llvm::StringRef Query,
                                  bool Demangle, unsigned TopN,
                                  llvm::raw_ostream &OS);
/// The tree of \p P (which has one) as the attribute "context" of the JSON
/// object \p J is writing; with \p Threads, each thread's tree too, in its
/// attribute "threads".
void writeContextJSON(
    const Profile &P, bool Demangle, llvm::json::OStream &J,
    std::optional<llvm::ArrayRef<ThreadContextTree>> Threads = std::nullopt);

} // namespace tool
} // namespace pathprof

#endif // LLVM_PATHPROF_TOOL_H
