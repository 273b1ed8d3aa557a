//===- llvm-pathprof.cpp - Merge, show and compare path profiles ----------===//
//
// The command-line front end of PathProf's profile library, in the manner of
// llvm-profdata: one cl::SubCommand per verb, each verb in its own file
// (MergeCommand.cpp, ShowCommand.cpp, OverlapCommand.cpp, ReportCommand.cpp,
// whose --html page is ReportHTML.cpp, ExportCommand.cpp, SampleCommand.cpp),
// and a flat dispatch in main. The libraries return Errors; only the tool
// prints, as "llvm-pathprof: error: ..." (exit 1) and "llvm-pathprof: warning:
// ...". Also the helpers the verbs share: number formats, and the per-path
// metric totals of show --metric and report. docs/CommandGuide.md documents
// every verb and its output.
//
//===----------------------------------------------------------------------===//

#include "llvm-pathprof.h"

#include "PathProf/CFGDescription.h"
#include "PathProf/Profile.h"
#include "PathProf/ProfileBinaries.h"
#include "PathProf/ProfileError.h"
#include "PathProf/ProfileReader.h"
#include "PathProf/ProfileSummary.h"
#include "PathProf/ProfileWriter.h"
#include "PathProf/TextProfile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>
#include <optional>

using namespace llvm;
using namespace pathprof;

static constexpr StringLiteral ToolName = "llvm-pathprof";

cl::OptionCategory pathprof::tool::PathProfCategory("llvm-pathprof options");

// Every verb reads raw profiles, so every verb takes the binaries of
// correlated ones.
static cl::list<std::string> BinaryPaths(
    "binary", cl::sub(cl::SubCommand::getAll()), cl::CommaSeparated,
    cl::value_desc("file|dir"),
    cl::desc("Binaries (executables, shared libraries or debug files) that "
             "hold the names and CFG descriptions of raw profiles built with "
             "-fprofile-path-correlate=binary; a directory stands for the "
             "binaries in it, found by build id. For sample, the program's "
             "binaries built with -fprofile-path-sample, the executable "
             "first. Repeatable, or comma-separated"),
    cl::cat(pathprof::tool::PathProfCategory));

// Merging threads warn concurrently; keep their lines whole.
static std::mutex DiagMutex;

void pathprof::tool::warn(const Twine &Msg) {
  std::lock_guard<std::mutex> Lock(DiagMutex);
  WithColor::warning(errs(), ToolName) << Msg << "\n";
}

int pathprof::tool::fail(const Twine &Msg) {
  std::lock_guard<std::mutex> Lock(DiagMutex);
  WithColor::error(errs(), ToolName) << Msg << "\n";
  return 1;
}

int pathprof::tool::fail(Error E) {
  return fail(describeProfileError(std::move(E)));
}

/// The binaries --binary names, loaded once (thread-safe: merging threads
/// read inputs concurrently).
static Expected<const ProfileBinaries *> binaries() {
  struct Loaded {
    ProfileBinaries Binaries;
    std::string Error;
  };
  static const Loaded L = [] {
    Expected<ProfileBinaries> B = ProfileBinaries::load(BinaryPaths);
    if (!B)
      return Loaded{ProfileBinaries(), describeProfileError(B.takeError())};
    return Loaded{std::move(*B), ""};
  }();
  if (!L.Error.empty())
    return createStringError(inconvertibleErrorCode(), L.Error);
  return &L.Binaries;
}

Expected<Profile> pathprof::tool::readInput(
    StringRef Path, WarningHandler Warn, ProfileKind Required,
    std::vector<ThreadContextTree> *Threads, RawDescriptionCache *Cache) {
  Expected<const ProfileBinaries *> Binaries = binaries();
  if (!Binaries)
    return Binaries.takeError();
  return readProfile(Path, Warn, Required, /*NameFileInWarnings=*/true, Threads,
                     *Binaries, Cache);
}

Expected<std::variant<Profile, ModuleCounts>>
pathprof::tool::readInputOrCounts(StringRef Path, WarningHandler Warn,
                                  ProfileKind Required,
                                  RawDescriptionCache &Cache) {
  Expected<const ProfileBinaries *> Binaries = binaries();
  if (!Binaries)
    return Binaries.takeError();
  return readProfileOrCounts(Path, Warn, Required, *Binaries, Cache);
}

ArrayRef<std::string> pathprof::tool::binaryPaths() { return BinaryPaths; }

Error pathprof::tool::writeOutputProfile(Profile &P, StringRef Path, bool Text,
                                         bool WithIndex) {
  if (Text)
    return writeTextProfile(P, Path);
  // Computed once here, so that no compilation using the profile has to
  // decode every path of the program again.
  Expected<PathProfileSummary> Summary = computeSummary(P);
  if (!Summary)
    return Summary.takeError();
  P.Summary = std::move(*Summary);
  return writeIndexedProfile(P, Path, WithIndex);
}

std::string pathprof::tool::hex(uint64_t V) {
  std::string S;
  raw_string_ostream(S) << format_hex(V, 18);
  return S;
}

std::string pathprof::tool::percent(uint64_t Part, uint64_t Whole) {
  std::string S;
  raw_string_ostream(S) << format(
      "%.2f%%", Whole == 0 ? 0.0 : 100.0 * double(Part) / double(Whole));
  return S;
}

std::string pathprof::tool::rate(uint64_t Metric, uint64_t Count) {
  std::string S;
  raw_string_ostream(S) << format(
      "%.2f", Count == 0 ? 0.0 : double(Metric) / double(Count));
  return S;
}

Expected<size_t> pathprof::tool::findMetric(const Profile &P, StringRef Name) {
  auto Problem = [&](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             "--metric=" + Name + ": " + Why);
  };
  if (P.Metrics.empty())
    return Problem("the profile has no metrics");
  if (std::optional<size_t> I = P.findMetric(Name))
    return *I;
  std::string Names;
  ListSeparator LS;
  for (const MetricDescriptor &M : P.Metrics)
    Names += (StringRef(LS) + M.Name).str();
  return Problem("no such metric; the profile has " + Names);
}

void pathprof::tool::printPathMetrics(const Profile &P, const PathRecord &R,
                                      raw_ostream &OS) {
  if (R.Metrics.empty())
    return;
  OS << "      Metrics:";
  for (size_t I = 0; I != P.Metrics.size(); ++I)
    OS << " " << formatMetric(P, R, I);
  OS << "\n";
}

/// \p V rounded to a whole number of events.
static std::string whole(long double V) {
  return std::to_string(static_cast<unsigned long long>(V + 0.5L));
}

std::string pathprof::tool::formatMetric(const Profile &P, const PathRecord &R,
                                         size_t Index) {
  const std::string &Name = P.Metrics[Index].Name;
  MetricEstimate E = R.estimate(Index);
  if (E.Exact)
    return Name + "=" + whole(E.Estimate);
  if (!E.Measured)
    return Name + ": not measured";
  std::string S = Name + "~" + whole(E.Estimate) + " [" + whole(E.Low) + ", " +
                  (E.NoInterval ? std::string("?") : whole(E.High)) + "] (" +
                  std::to_string(E.Samples) +
                  (E.Samples == 1 ? " sample)" : " samples)");
  return S;
}

std::string pathprof::tool::describeEstimated(const EstimateInfo &E) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "Estimated from " << E.Samples << " branch sample"
     << (E.Samples == 1 ? "" : "s") << " (period ";
  if (E.Period)
    OS << E.Period;
  else
    OS << "unknown";
  OS << ", " << E.RecordsPerSample << " record"
     << (E.RecordsPerSample == 1 ? "" : "s")
     << " per sample): counts are estimates";
  return S;
}

void pathprof::tool::writeEstimatedJSON(const EstimateInfo &E,
                                        json::OStream &J) {
  J.object([&] {
    J.attribute("period", E.Period);
    J.attribute("samples", E.Samples);
    J.attribute("records_per_sample", E.RecordsPerSample);
  });
}

void pathprof::tool::writeEstimateJSON(const MetricEstimate &E,
                                       json::OStream &J) {
  J.object([&] {
    auto Value = [&](const char *Key, long double V, bool Known) {
      if (Known)
        J.attribute(Key, static_cast<uint64_t>(V + 0.5L));
      else
        J.attribute(Key, nullptr);
    };
    Value("estimate", E.Estimate, E.Measured);
    Value("low", E.Low, E.Measured);
    Value("high", E.High, E.Measured && !E.NoInterval);
    J.attribute("samples", E.Samples);
    J.attribute("exact", E.Exact);
  });
}

void pathprof::tool::printPathSteps(const CFGDescription &CFG,
                                    const DecodedPath &Path, raw_ostream &OS) {
  if (!Path.StartsAtEntry)
    OS << "      (from backedge)\n";
  std::string Last;
  for (uint32_t Block : Path.Blocks) {
    std::string Loc = CFG.blockLocation(Block);
    if (Loc != Last)
      OS << "      " << Loc << "\n";
    Last = std::move(Loc);
  }
  if (!Path.EndsAtReturn)
    OS << "      (to backedge)\n";
}

int main(int argc, char **argv) {
  using namespace pathprof::tool;
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(PathProfCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "llvm-pathprof: merge and inspect Ball-Larus path profiles\n\n"
      "  llvm-pathprof merge [options] [<profile>...]\n"
      "  llvm-pathprof show [options] <profile>\n"
      "  llvm-pathprof overlap [options] <base profile> <test profile>\n"
      "  llvm-pathprof report --metric=<name> [options] <profile>\n"
      "  llvm-pathprof report --html -o <dir> [options] <profile>\n"
      "  llvm-pathprof export --format=pprof|folded [options] <profile>\n"
      "  llvm-pathprof sample --binary=<prog>[,<dso>...] [options] "
      "<perf script or perf.data>\n");

  if (MergeSubcommand)
    return mergeMain();
  if (ShowSubcommand)
    return showMain();
  if (OverlapSubcommand)
    return overlapMain();
  if (ReportSubcommand)
    return reportMain();
  if (ExportSubcommand)
    return exportMain();
  if (SampleSubcommand)
    return sampleMain();
  cl::PrintHelpMessage();
  return 1;
}
