//===- MergeCommand.cpp - llvm-pathprof merge -----------------------------===//
//
// `llvm-pathprof merge` sums raw, indexed and text profiles, each with a
// weight, into one indexed (or, with --text, text) profile. Inputs come from
// the command line (`FILE`, `--weighted-input=W,FILE`) and from list files
// (`--input-files`, lines `FILE` or `W,FILE`, as llvm-profdata reads them); a
// directory stands for every file below it.
//
// Memory is bounded by the size of the output, not by the number of inputs:
// each thread reads one input at a time and adds it to its own accumulator
// (a ProfileMerger), and the accumulators are summed at the end. Thread T
// takes the T-th contiguous share of the inputs, in order; a failing input
// stops only the inputs after it, so the failure reported is the first bad
// input, as with one thread. Warnings are buffered per input and printed in
// input order. The merge itself is a sum of multisets, so the output does not
// depend on how inputs were spread over threads. Two inputs that conflict (a
// function with the same name and checksum but another number of paths) stop
// the merge under either failure mode; with several threads the conflict may
// only show when the accumulators are summed.
//
// Profiles of estimated counts (llvm-pathprof sample) merge with each other;
// with profiles of exact counts only under --allow-estimated-with-exact,
// which makes the result estimated (ProfileMerger).
//
// Inputs that measure different metrics do not merge, unless
// --keep-common-metrics is given: then the first input that reads is read
// before the threads start, the metric values of every input are rewritten
// in the order of that input's metrics (matched by name, zeros where one is
// missing), and the metrics that some merged input lacks are dropped from the
// result. The merger itself only ever sees inputs with the same metrics.
//
//===----------------------------------------------------------------------===//

#include "Progress.h"
#include "llvm-pathprof.h"

#include "PathProf/Profile.h"
#include "PathProf/ProfileError.h"
#include "PathProf/ProfileReader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <atomic>
#include <functional>
#include <optional>
#include <variant>

using namespace llvm;
using namespace pathprof;
using namespace pathprof::tool;

cl::SubCommand pathprof::tool::MergeSubcommand(
    "merge", "Sum path profiles (raw, indexed or text) into an indexed or a "
             "text profile");

namespace {
enum class FailureMode { Any, All };
} // namespace

static cl::list<std::string>
    MergeInputs(cl::Positional, cl::ZeroOrMore, cl::sub(MergeSubcommand),
                cl::desc("<raw, indexed or text profile, or directory>..."),
                cl::cat(PathProfCategory));
static cl::list<std::string> WeightedInputs(
    "weighted-input", cl::sub(MergeSubcommand), cl::value_desc("W,FILE"),
    cl::desc("An input whose counts are multiplied by the positive integer "
             "W (may be repeated)"),
    cl::cat(PathProfCategory));
static cl::opt<std::string> InputFilesList(
    "input-files", cl::sub(MergeSubcommand), cl::value_desc("list"),
    cl::desc("A file naming one input per line, as FILE or W,FILE; blank "
             "lines and lines starting with # are ignored"),
    cl::cat(PathProfCategory));
static cl::alias InputFilesListShort("f", cl::desc("Alias for --input-files"),
                                     cl::aliasopt(InputFilesList),
                                     cl::NotHidden, cl::cat(PathProfCategory));
static cl::opt<unsigned> NumThreads(
    "num-threads", cl::sub(MergeSubcommand), cl::init(0), cl::value_desc("n"),
    cl::desc("Threads that read and merge inputs (default 0: one per core, "
             "at most one per two inputs)"),
    cl::cat(PathProfCategory));
static cl::alias NumThreadsShort("j", cl::desc("Alias for --num-threads"),
                                 cl::aliasopt(NumThreads), cl::Prefix,
                                 cl::NotHidden, cl::cat(PathProfCategory));
static cl::opt<FailureMode> MergeFailureMode(
    "failure-mode", cl::sub(MergeSubcommand), cl::init(FailureMode::Any),
    cl::desc("What an unreadable or invalid input does:"),
    cl::values(clEnumValN(FailureMode::Any, "any",
                          "stop with an error (default)"),
               clEnumValN(FailureMode::All, "all",
                          "skip it with a warning; fail only if every "
                          "input is bad")),
    cl::cat(PathProfCategory));
static cl::opt<ProgressMode> MergeProgress(
    "progress", cl::sub(MergeSubcommand), cl::init(ProgressMode::Auto),
    cl::desc("A progress line on stderr while inputs are read:"),
    cl::values(clEnumValN(ProgressMode::Auto, "auto",
                          "on a terminal, outside CI, with more than one "
                          "input (default)"),
               clEnumValN(ProgressMode::Always, "always", "always"),
               clEnumValN(ProgressMode::Never, "never", "never")),
    cl::cat(PathProfCategory));
static cl::opt<std::string>
    MergeOutput("output", cl::sub(MergeSubcommand),
                cl::init("default.pathprof"), cl::value_desc("file"),
                cl::desc("Profile to write, indexed unless --text is given "
                         "(default: default.pathprof)"),
                cl::cat(PathProfCategory));
static cl::opt<bool>
    MergeText("text", cl::sub(MergeSubcommand),
              cl::desc("Write a text profile instead of an indexed one"),
              cl::cat(PathProfCategory));
static cl::opt<bool> MergeNoIndex(
    "no-index", cl::sub(MergeSubcommand),
    cl::desc("Write an indexed profile without an index, in the oldest "
             "version that holds it (2 to 4), which earlier tools read; "
             "every compilation that uses it then reads all of it"),
    cl::cat(PathProfCategory));
static cl::opt<bool> MergeTextInput(
    "text-input", cl::sub(MergeSubcommand),
    cl::desc("Every input is a text profile (text inputs are recognised "
             "without it; with it, any other input is an error)"),
    cl::cat(PathProfCategory));
static cl::opt<bool> MergeNoContext(
    "no-context", cl::sub(MergeSubcommand),
    cl::desc("Leave out the calling context tree and the call-site "
             "locations: write only the flattened profile (each function's "
             "paths summed over its contexts)"),
    cl::cat(PathProfCategory));
static cl::opt<bool> KeepCommonMetrics(
    "keep-common-metrics", cl::sub(MergeSubcommand),
    cl::desc("Keep the metrics every input has (by name, in the first "
             "input's order) and drop the others, instead of failing on "
             "inputs that measure different metrics"),
    cl::cat(PathProfCategory));
static cl::opt<bool> AllowEstimatedWithExact(
    "allow-estimated-with-exact", cl::sub(MergeSubcommand),
    cl::desc("Merge profiles of counts estimated from branch samples with "
             "profiles of exact counts, into an estimated profile, instead "
             "of failing"),
    cl::cat(PathProfCategory));
static cl::opt<bool> NoFastRawMerge(
    "no-fast-raw-merge", cl::sub(MergeSubcommand), cl::Hidden,
    cl::desc("Read every raw input into a profile of its own before adding "
             "it, instead of adding the counts of a raw profile of an "
             "already decoded module straight to the merge (for testing: "
             "the result is the same)"),
    cl::cat(PathProfCategory));
static cl::opt<bool> ReportFastRawMerge(
    "report-fast-raw-merge", cl::sub(MergeSubcommand), cl::Hidden,
    cl::desc("Say on stderr how many inputs were added as counts of a "
             "module already decoded"),
    cl::cat(PathProfCategory));
static cl::alias MergeOutputShort("o", cl::desc("Alias for --output"),
                                  cl::aliasopt(MergeOutput), cl::NotHidden,
                                  cl::cat(PathProfCategory));

namespace {

struct WeightedFile {
  std::string Path;
  uint64_t Weight = 1;
};

/// How an input has one of the metrics --keep-common-metrics keeps.
enum class MetricMatch {
  Same,     ///< a metric of the same name, unit and merge
  Missing,  ///< no metric of that name
  Different ///< a metric of that name, with another unit or merge
};

/// What reading and adding one input produced, kept until the inputs before
/// it have been reported.
struct InputResult {
  std::vector<std::string> Warnings;
  std::optional<std::string> Error;
  /// The error stops the merge: any error under --failure-mode=any, and
  /// always a conflict with another input, since skipping either of two
  /// conflicting inputs would be an arbitrary choice.
  bool Fatal = false;
  /// With --keep-common-metrics: how the input has each metric of the first
  /// input, and the names of its other metrics.
  std::vector<MetricMatch> Matches;
  std::vector<std::string> OtherMetrics;
};

} // namespace

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Adds \p Path with \p Weight, or every regular file below \p Path, in sorted
/// order, if it is a directory.
static Error addInput(StringRef Path, uint64_t Weight,
                      std::vector<WeightedFile> &Inputs) {
  if (!sys::fs::is_directory(Path)) {
    // A missing or unreadable file fails when it is read, under the
    // --failure-mode policy.
    Inputs.push_back({Path.str(), Weight});
    return Error::success();
  }
  std::vector<std::string> Files;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Path, EC), End;
       It != End && !EC; It.increment(EC)) {
    ErrorOr<sys::fs::basic_file_status> Status = It->status();
    if (!Status)
      return makeError(It->path() + ": " + Status.getError().message());
    if (Status->type() == sys::fs::file_type::regular_file)
      Files.push_back(It->path());
  }
  if (EC)
    return makeError(Path + ": " + EC.message());
  llvm::sort(Files);
  for (std::string &File : Files)
    Inputs.push_back({std::move(File), Weight});
  return Error::success();
}

/// Parses "W,FILE" (the file name may contain further commas).
static Error addWeightedInput(StringRef Spec, const Twine &Where,
                              std::vector<WeightedFile> &Inputs) {
  auto [WeightText, File] = Spec.split(',');
  if (File.empty() && !Spec.contains(','))
    return makeError(Where + ": expected W,FILE");
  uint64_t Weight;
  if (WeightText.trim().getAsInteger(10, Weight) || Weight == 0)
    return makeError(Where + ": the weight '" + WeightText +
                     "' is not a positive integer");
  if (File.empty())
    return makeError(Where + ": no file name after the weight");
  return addInput(File, Weight, Inputs);
}

/// Reads a list of inputs: one FILE or W,FILE per line; blank lines and lines
/// starting with '#' are ignored.
static Error addInputList(StringRef List, std::vector<WeightedFile> &Inputs) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFileOrSTDIN(List, /*IsText=*/true);
  if (!Buf)
    return makeError(List + ": " + Buf.getError().message());
  SmallVector<StringRef, 0> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (size_t I = 0; I != Lines.size(); ++I) {
    StringRef Line = Lines[I].trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    if (!Line.contains(',')) {
      if (Error E = addInput(Line, 1, Inputs))
        return E;
      continue;
    }
    if (Error E = addWeightedInput(Line, List + ":" + Twine(I + 1), Inputs))
      return E;
  }
  return Error::success();
}

static Expected<std::vector<WeightedFile>> collectInputs() {
  std::vector<WeightedFile> Inputs;
  for (const std::string &Path : MergeInputs)
    if (Error E = addInput(Path, 1, Inputs))
      return std::move(E);
  for (const std::string &Spec : WeightedInputs)
    if (Error E = addWeightedInput(Spec, "--weighted-input=" + Spec, Inputs))
      return std::move(E);
  if (!InputFilesList.empty())
    if (Error E = addInputList(InputFilesList, Inputs))
      return std::move(E);
  if (Inputs.empty())
    return makeError("no input profiles");
  return std::move(Inputs);
}

/// Rebuilds the path tables of \p P, its contexts' included, and the costs
/// of its functions and contexts that count calls only, with the metric
/// values \p Pick gives each list of values (a record's, or a cost's), for
/// the descriptors \p Metrics.
static void
rewriteMetrics(Profile &P, std::vector<MetricDescriptor> Metrics,
               function_ref<std::vector<uint64_t>(ArrayRef<uint64_t>)> Pick) {
  // Squares go as their two words, each picked like the values.
  auto PickSquares = [&](ArrayRef<SquareSum> Squares) {
    std::vector<SquareSum> Picked;
    if (Squares.empty())
      return Picked;
    std::vector<uint64_t> Hi, Lo;
    for (const SquareSum &S : Squares) {
      Hi.push_back(S.Hi);
      Lo.push_back(S.Lo);
    }
    Hi = Pick(Hi);
    Lo = Pick(Lo);
    for (size_t I = 0; I != Hi.size(); ++I)
      Picked.push_back({Hi[I], Lo[I]});
    return Picked;
  };
  auto Rewrite = [&](PathTable &Paths, CallCosts &Costs) {
    std::vector<PathRecord> Records;
    Records.reserve(Paths.size());
    for (const PathRecord &R : Paths) {
      PathRecord New = R;
      New.Metrics = Pick(R.Metrics);
      New.Squares = PickSquares(R.Squares);
      Records.push_back(std::move(New));
    }
    Paths = PathTable();
    Paths.addAll(std::move(Records), Metrics);
    if (!Costs.empty()) {
      Costs.Exclusive = Pick(Costs.Exclusive);
      Costs.Inclusive = Pick(Costs.Inclusive);
      Costs.ExclusiveSquares = PickSquares(Costs.ExclusiveSquares);
      Costs.InclusiveSquares = PickSquares(Costs.InclusiveSquares);
    }
  };
  for (FunctionProfile &F : P.Functions)
    Rewrite(F.Paths, F.Costs);
  std::function<void(ContextNode &)> Walk = [&](ContextNode &N) {
    Rewrite(N.Paths, N.Costs);
    for (ContextNode &C : N.Children)
      Walk(C);
  };
  if (P.Context)
    for (ContextNode &R : P.Context->Roots)
      Walk(R);
  P.Metrics = std::move(Metrics);
}

/// Rewrites the metric values of \p P in the order of \p Common, matching
/// metrics by name, so that the merger accepts it. A metric of \p Common that
/// \p P does not have, or measures in another unit or merge, gets zeros: it
/// will be dropped. Returns how \p P has each metric of \p Common and adds
/// the names of its other metrics to \p Others.
static std::vector<MetricMatch>
projectMetrics(Profile &P, ArrayRef<MetricDescriptor> Common,
               std::vector<std::string> &Others) {
  std::vector<MetricMatch> Matches(Common.size(), MetricMatch::Missing);
  // Where each metric of Common is in P, if it is.
  std::vector<std::optional<size_t>> From(Common.size());
  for (size_t J = 0; J != P.Metrics.size(); ++J) {
    const MetricDescriptor &Theirs = P.Metrics[J];
    auto It = llvm::find_if(Common, [&](const MetricDescriptor &M) {
      return M.Name == Theirs.Name;
    });
    if (It == Common.end()) {
      Others.push_back(Theirs.Name);
      continue;
    }
    size_t I = It - Common.begin();
    Matches[I] = *It == Theirs ? MetricMatch::Same : MetricMatch::Different;
    From[I] = J;
  }
  if (ArrayRef<MetricDescriptor>(P.Metrics) == Common)
    return Matches;
  rewriteMetrics(P, Common, [&](ArrayRef<uint64_t> Have) {
    std::vector<uint64_t> Values(Common.size(), 0);
    if (!Have.empty())
      for (size_t I = 0; I != Common.size(); ++I)
        if (From[I])
          Values[I] = Have[*From[I]];
    return Values;
  });
  return Matches;
}

/// Drops from \p Result the metrics of \p Common that some merged input
/// (one without an error in \p Results) lacks, and warns once about every
/// metric dropped, naming an input without it.
static void keepCommonMetrics(Profile &Result,
                              ArrayRef<MetricDescriptor> Common,
                              StringRef CommonInput,
                              ArrayRef<WeightedFile> Inputs,
                              ArrayRef<InputResult> Results) {
  std::vector<std::string> Why(Common.size());
  std::vector<std::string> Dropped;
  for (size_t I = 0; I != Results.size(); ++I) {
    const InputResult &R = Results[I];
    if (R.Error)
      continue;
    for (size_t M = 0; M != Common.size(); ++M)
      if (Why[M].empty() && R.Matches[M] != MetricMatch::Same)
        Why[M] = (R.Matches[M] == MetricMatch::Missing
                      ? "not in "
                      : "another unit or merge in ") +
                 Inputs[I].Path;
    for (const std::string &Name : R.OtherMetrics)
      if (!is_contained(Dropped, Name))
        Dropped.push_back(Name);
  }
  std::vector<std::string> Reasons;
  std::vector<size_t> Kept;
  std::vector<MetricDescriptor> Metrics;
  for (size_t M = 0; M != Common.size(); ++M) {
    if (!Why[M].empty()) {
      Reasons.push_back(Common[M].Name + " (" + Why[M] + ")");
      continue;
    }
    Kept.push_back(M);
    Metrics.push_back(Common[M]);
  }
  for (const std::string &Name : Dropped)
    Reasons.push_back(Name + " (not in " + CommonInput.str() + ")");
  if (!Reasons.empty())
    warn("metrics not in every input dropped: " + join(Reasons, ", "));
  if (Kept.size() == Common.size())
    return;
  rewriteMetrics(Result, std::move(Metrics), [&](ArrayRef<uint64_t> Have) {
    std::vector<uint64_t> Values;
    if (!Have.empty())
      for (size_t M : Kept)
        Values.push_back(Have[M]);
    return Values;
  });
}

int pathprof::tool::mergeMain() {
  Expected<std::vector<WeightedFile>> InputsOrErr = collectInputs();
  if (!InputsOrErr)
    return fail(InputsOrErr.takeError());
  const std::vector<WeightedFile> &Inputs = *InputsOrErr;

  unsigned Threads = NumThreads;
  if (Threads == 0)
    Threads = std::min<size_t>(hardware_concurrency().compute_thread_count(),
                               (Inputs.size() + 1) / 2);
  Threads = std::max(1u, std::min<unsigned>(Threads, Inputs.size()));

  std::vector<InputResult> Results(Inputs.size());
  const ProfileKind Required =
      MergeTextInput ? ProfileKind::Text : ProfileKind::Unknown;
  auto ReadInput = [Required](const WeightedFile &In, WarningHandler Warn) {
    return readInput(In.Path, Warn, Required);
  };
  // --keep-common-metrics needs the first input's metrics before any input is
  // merged. That input is kept, not read again (it may be a pipe); so are the
  // errors of the inputs before it, which --failure-mode=all skips.
  std::vector<std::string> EarlyErrors;
  std::optional<Profile> First;
  size_t FirstIndex = Inputs.size();
  std::vector<MetricDescriptor> Common;
  if (KeepCommonMetrics) {
    for (size_t I = 0; I != Inputs.size(); ++I) {
      auto Warn = [&R = Results[I]](const Twine &Msg) {
        R.Warnings.push_back(Msg.str());
      };
      Expected<Profile> P = ReadInput(Inputs[I], Warn);
      if (P) {
        Common = P->Metrics;
        First = std::move(*P);
        FirstIndex = I;
        break;
      }
      EarlyErrors.push_back(describeProfileError(P.takeError()));
      if (MergeFailureMode == FailureMode::Any)
        break;
    }
  }

  ProgressLine Progress(MergeProgress, "merge", Inputs.size(), "inputs",
                        "read");
  std::vector<ProfileMerger> Mergers(Threads);
  for (ProfileMerger &Merger : Mergers)
    Merger.allowEstimatedWithExact(AllowEstimatedWithExact);
  // Raw profiles of one build share their description: each thread decodes
  // it once.
  std::vector<RawDescriptionCache> Caches(Threads);
  std::atomic<size_t> FirstFailure{Inputs.size()};
  std::atomic<size_t> NumFailed{0};
  std::atomic<size_t> NumFast{0};
  // Thread T merges the T-th contiguous share of the inputs, in order.
  auto Work = [&](unsigned T) {
    ProfileMerger &Merger = Mergers[T];
    size_t Begin = Inputs.size() * T / Threads;
    size_t End = Inputs.size() * (T + 1) / Threads;
    for (size_t I = Begin; I != End && I <= FirstFailure.load(); ++I) {
      InputResult &R = Results[I];
      auto Warn = [&R](const Twine &Msg) { R.Warnings.push_back(Msg.str()); };
      const WeightedFile &In = Inputs[I];
      std::optional<std::variant<Profile, ModuleCounts>> P;
      if (I < EarlyErrors.size()) {
        R.Error = EarlyErrors[I];
      } else if (I == FirstIndex) {
        P = std::move(*First);
      } else {
        // The counts of a raw profile whose module this thread decoded
        // before go straight to the merge (--keep-common-metrics rewrites
        // every input's metrics in a Profile first).
        if (NoFastRawMerge || KeepCommonMetrics) {
          Expected<Profile> Read = readInput(In.Path, Warn, Required,
                                             /*Threads=*/nullptr, &Caches[T]);
          if (Read)
            P = std::move(*Read);
          else
            R.Error = describeProfileError(Read.takeError());
        } else {
          Expected<std::variant<Profile, ModuleCounts>> Read =
              readInputOrCounts(In.Path, Warn, Required, Caches[T]);
          if (Read)
            P = std::move(*Read);
          else
            R.Error = describeProfileError(Read.takeError());
        }
      }
      if (!P) {
        R.Fatal = MergeFailureMode == FailureMode::Any;
        ++NumFailed;
      } else {
        Error E = Error::success();
        if (auto *Counts = std::get_if<ModuleCounts>(&*P)) {
          ++NumFast;
          E = Merger.add(std::move(*Counts), In.Path, In.Weight, I, Warn);
        } else {
          Profile &Prof = std::get<Profile>(*P);
          if (KeepCommonMetrics)
            R.Matches = projectMetrics(Prof, Common, R.OtherMetrics);
          E = Merger.add(std::move(Prof), In.Path, In.Weight, I, Warn);
        }
        if (E) {
          R.Error = describeProfileError(std::move(E));
          R.Fatal = true;
        }
      }
      if (R.Fatal) {
        size_t Old = FirstFailure.load();
        while (I < Old && !FirstFailure.compare_exchange_weak(Old, I))
          ;
      }
      Progress.advance();
    }
  };
  if (Threads == 1) {
    Work(0);
  } else {
    DefaultThreadPool Pool(hardware_concurrency(Threads));
    for (unsigned T = 0; T != Threads; ++T)
      Pool.async([&Work, T] { Work(T); });
    Pool.wait();
  }
  Progress.finish();
  if (ReportFastRawMerge)
    errs() << NumFast << " of " << Inputs.size()
           << " inputs added as counts of a module already decoded\n";

  for (size_t I = 0; I != Inputs.size() && I <= FirstFailure; ++I) {
    for (const std::string &W : Results[I].Warnings)
      warn(W);
    if (!Results[I].Error)
      continue;
    if (Results[I].Fatal)
      return fail(*Results[I].Error);
    warn(*Results[I].Error + "; skipped");
  }
  if (NumFailed == Inputs.size())
    return fail("none of the " + Twine(Inputs.size()) +
                " inputs could be merged");

  ProfileMerger &Merger = Mergers[0];
  for (ProfileMerger &Other : drop_begin(Mergers))
    if (Error E = Merger.merge(std::move(Other), warn))
      return fail(std::move(E));
  Merger.reportMismatches(warn);
  Profile Result = Merger.takeResult();
  if (MergeNoContext)
    Result.dropContext();
  if (KeepCommonMetrics)
    keepCommonMetrics(Result, Common, Inputs[FirstIndex].Path, Inputs, Results);
  if (Error E = writeOutputProfile(Result, MergeOutput, MergeText,
                                   /*WithIndex=*/!MergeNoIndex))
    return fail(std::move(E));
  return 0;
}
