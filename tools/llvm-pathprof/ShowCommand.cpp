//===- ShowCommand.cpp - llvm-pathprof show -------------------------------===//
//
// `llvm-pathprof show` prints a raw, indexed or text profile: a program
// summary, then per function its hottest paths as block and source-line
// sequences, as text or as one JSON document. A real program has thousands of
// functions, most of them never run, so show selects (by name, regular
// expression, source file, count), ranks (by default by the number of distinct
// paths run, where a path profile says most) and limits the functions it
// prints, and names them as people wrote them (demangled, static functions
// without their source path). With --metric it ranks functions and paths by
// a per-path metric instead of counts and prints where the metric goes: each
// path's share of its function's and of the program's total, and its rate
// per execution. Both forms are stable; docs/CommandGuide.md documents every
// line and field. With --segments it lists instead the segments of a raw
// profile: which module instances wrote it, and the compiler and runtime
// versions each one recorded.
//
//===----------------------------------------------------------------------===//

#include "llvm-pathprof.h"

#include "PathProf/Profile.h"
#include "PathProf/ProfileError.h"
#include "PathProf/ProfileNames.h"
#include "PathProf/ProfileReader.h"
#include "PathProf/TextProfile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace pathprof;
using namespace pathprof::tool;

cl::SubCommand pathprof::tool::ShowSubcommand(
    "show", "Print the hot paths of a path profile (raw, indexed or text)");

static cl::opt<std::string>
    ShowInput(cl::Positional, cl::Required, cl::sub(ShowSubcommand),
              cl::desc("<raw, indexed or text profile>"),
              cl::cat(PathProfCategory));
static cl::opt<std::string> ShowFunction(
    "function", cl::sub(ShowSubcommand), cl::value_desc("name"),
    cl::desc("Show only the functions with this name: as stored, without "
             "the source path of a static function, demangled, or demangled "
             "without parameters; shows them even if they never ran"),
    cl::cat(PathProfCategory));
static cl::opt<std::string> ShowNameRegex(
    "name-regex", cl::sub(ShowSubcommand), cl::value_desc("regex"),
    cl::desc("Show only functions whose stored, plain or demangled name "
             "matches this regular expression"),
    cl::cat(PathProfCategory));
static cl::opt<std::string> ShowFileRegex(
    "file-regex", cl::sub(ShowSubcommand), cl::value_desc("regex"),
    cl::desc("Show only functions whose source file matches this regular "
             "expression"),
    cl::cat(PathProfCategory));
static cl::opt<bool> ShowHideSystem(
    "hide-system", cl::sub(ShowSubcommand),
    cl::desc("Hide functions whose source file is under /usr/ (system and "
             "library headers)"),
    cl::cat(PathProfCategory));
static cl::opt<bool>
    ShowNeverRun("show-never-run", cl::sub(ShowSubcommand),
                 cl::desc("Also show functions that never ran"),
                 cl::cat(PathProfCategory));
static cl::opt<uint64_t> ShowMinCount(
    "min-count", cl::sub(ShowSubcommand), cl::init(0), cl::value_desc("n"),
    cl::desc("Show only functions whose total path count is at least n"),
    cl::cat(PathProfCategory));
static cl::opt<unsigned> ShowMaxFunctions(
    "max-functions", cl::sub(ShowSubcommand), cl::init(0), cl::value_desc("n"),
    cl::desc("Show at most n functions, the first in --sort order; 0 shows "
             "all (default)"),
    cl::cat(PathProfCategory));

namespace {
/// Metric orders by --metric; it is what --metric implies when --sort is not
/// given, not a --sort value.
enum class SortKey { Paths, Count, Entry, Name, Metric };
} // namespace

static cl::opt<SortKey> ShowSort(
    "sort", cl::sub(ShowSubcommand), cl::init(SortKey::Paths),
    cl::desc("How functions are ordered"),
    cl::values(
        clEnumValN(SortKey::Paths, "paths",
                   "Distinct paths run, most first (default)"),
        clEnumValN(SortKey::Count, "count", "Total path count, highest first"),
        clEnumValN(SortKey::Entry, "entry", "Entry count, highest first"),
        clEnumValN(SortKey::Name, "name", "Name, alphabetically")),
    cl::cat(PathProfCategory));
static cl::opt<std::string> ShowMetric(
    "metric", cl::sub(ShowSubcommand), cl::value_desc("name"),
    cl::desc("Rank functions (unless --sort is given) and their paths by this "
             "metric, largest first, and print each path's share of it and "
             "its rate per execution"),
    cl::cat(PathProfCategory));
static cl::opt<bool>
    ShowNoDemangle("no-demangle", cl::sub(ShowSubcommand),
                   cl::desc("Print symbol names as stored, not demangled"),
                   cl::cat(PathProfCategory));
static cl::opt<unsigned>
    ShowTopN("topn", cl::sub(ShowSubcommand), cl::init(10), cl::value_desc("n"),
             cl::desc("Paths to show per function, hottest first; 0 shows "
                      "all (default: 10; with --json: all)"),
             cl::cat(PathProfCategory));
static cl::opt<bool> ShowJSON("json", cl::sub(ShowSubcommand),
                              cl::desc("Print one JSON document"),
                              cl::cat(PathProfCategory));
static cl::opt<bool> ShowTextProfile(
    "text", cl::sub(ShowSubcommand),
    cl::desc("Print the whole profile as a text profile, which merge reads "
             "back"),
    cl::cat(PathProfCategory));
static cl::opt<bool> ShowContext(
    "context", cl::sub(ShowSubcommand),
    cl::desc("Print the calling context tree (a profile made with "
             "-fprofile-path-context): entries, inclusive and exclusive path "
             "counts per context"),
    cl::cat(PathProfCategory));
static cl::opt<bool> ShowPerThread(
    "per-thread", cl::sub(ShowSubcommand),
    cl::desc("With --context, on a raw profile: the calling context tree of "
             "each thread by itself (one per counter segment, numbered in the "
             "order the runtime made them), in --json also under "
             "\"threads\""),
    cl::cat(PathProfCategory));
static cl::opt<bool> ShowNoContext(
    "no-context", cl::sub(ShowSubcommand),
    cl::desc("Leave out the calling context tree and the call-site "
             "locations (from --text and --json): the flattened profile only"),
    cl::cat(PathProfCategory));
static cl::opt<bool>
    ShowSegments("segments", cl::sub(ShowSubcommand),
                 cl::desc("List the segments of a raw profile (one per "
                          "module instance that wrote it) instead of paths"),
                 cl::cat(PathProfCategory));
static cl::opt<std::string>
    ShowOutput("output", cl::sub(ShowSubcommand), cl::init("-"),
               cl::value_desc("file"),
               cl::desc("Where to print (default: standard output)"),
               cl::cat(PathProfCategory));
static cl::alias ShowOutputShort("o", cl::desc("Alias for --output"),
                                 cl::aliasopt(ShowOutput), cl::NotHidden,
                                 cl::cat(PathProfCategory));

namespace {

/// What show prints about one function, computed once.
struct FunctionSummary {
  const FunctionProfile *F;
  uint64_t Total;
  uint64_t Entry;
  /// The name people read (demangled unless --no-demangle).
  std::string Name;
  /// The name demangled, whatever --no-demangle says (for JSON).
  std::string Demangled;
  /// The function's source file: that of its first block with one, else
  /// the source path in a static function's name; may be empty.
  std::string File;
  /// The function's path records, hottest first (by --metric, else by
  /// count), ties by count, then id.
  std::vector<const PathRecord *> Paths;
  /// The --metric over the function's paths (FunctionProfile::metricTotal);
  /// 0 without --metric.
  uint64_t Metric = 0;
};

/// The functions show prints, and how many it chose them from.
struct Selection {
  std::vector<FunctionSummary> Shown;
  /// Functions in the profile, and those of them that ran.
  size_t NumFunctions = 0;
  size_t NumRun = 0;
  /// Whether never-run functions are among the candidates.
  bool NeverRunShown = false;
  /// The index of the --metric in the profile's metrics, and its value over
  /// the whole program.
  std::optional<size_t> Metric;
  uint64_t ProgramMetric = 0;
};

/// What chooses and orders the functions show prints: its options, or for
/// report --html their defaults (every function that ran, most distinct
/// paths first).
struct SelectOptions {
  std::string Function;
  std::string NameRegex;
  std::string FileRegex;
  bool HideSystem = false;
  bool NeverRun = false;
  bool Demangle = true;
  uint64_t MinCount = 0;
  unsigned MaxFunctions = 0;
  /// None: by distinct paths, or by the metric when there is one.
  std::optional<SortKey> Sort;
};

} // namespace

static std::string sourceFile(const FunctionProfile &F) {
  for (const CFGBlock &B : F.CFG.Blocks)
    if (!B.File.empty())
      return B.File;
  return splitProfileName(F.Name).Path.str();
}

/// A compiled --name-regex or --file-regex; none when the option is empty.
static Expected<std::optional<Regex>> compileRegex(StringRef Option,
                                                   StringRef Pattern) {
  if (Pattern.empty())
    return std::nullopt;
  Regex R(Pattern);
  std::string Why;
  if (!R.isValid(Why))
    return createStringError(inconvertibleErrorCode(),
                             "--" + Option + "=" + Pattern +
                                 ": invalid regular expression: " + Why);
  return std::optional<Regex>(std::move(R));
}

static bool orderBy(SortKey Key, const FunctionSummary &A,
                    const FunctionSummary &B) {
  auto Paths = [](const FunctionSummary &S) { return S.Paths.size(); };
  switch (Key) {
  case SortKey::Paths:
    if (Paths(A) != Paths(B))
      return Paths(A) > Paths(B);
    break;
  case SortKey::Entry:
    if (A.Entry != B.Entry)
      return A.Entry > B.Entry;
    break;
  case SortKey::Metric:
    if (A.Metric != B.Metric)
      return A.Metric > B.Metric;
    break;
  case SortKey::Count:
  case SortKey::Name:
    break;
  }
  if (Key != SortKey::Name && A.Total != B.Total)
    return A.Total > B.Total;
  if (A.Name != B.Name)
    return A.Name < B.Name;
  if (A.F->Name != B.F->Name)
    return A.F->Name < B.F->Name;
  return A.F->Checksum < B.F->Checksum;
}

static Expected<Selection>
select(const Profile &P, std::optional<size_t> Metric, const SelectOptions &O) {
  Expected<std::optional<Regex>> NameRegex =
      compileRegex("name-regex", O.NameRegex);
  if (!NameRegex)
    return NameRegex.takeError();
  Expected<std::optional<Regex>> FileRegex =
      compileRegex("file-regex", O.FileRegex);
  if (!FileRegex)
    return FileRegex.takeError();

  Selection Result;
  Result.NumFunctions = P.Functions.size();
  Result.Metric = Metric;
  if (Metric)
    Result.ProgramMetric = P.metricTotal(*Metric);
  // Asking for a function by name shows it even if it never ran.
  Result.NeverRunShown = O.NeverRun || !O.Function.empty();
  bool NameMatched = false;
  for (const FunctionProfile &F : P.Functions) {
    uint64_t Total = F.totalCount();
    Result.NumRun += F.ran();
    if (!O.Function.empty() && !matchesFunctionName(F.Name, O.Function))
      continue;
    StringRef Symbol = splitProfileName(F.Name).Symbol;
    std::string Demangled = demangleSymbol(Symbol);
    if (*NameRegex && !(*NameRegex)->match(F.Name) &&
        !(*NameRegex)->match(Symbol) && !(*NameRegex)->match(Demangled))
      continue;
    NameMatched = true;
    std::string File = sourceFile(F);
    if (*FileRegex && !(*FileRegex)->match(File))
      continue;
    if (O.HideSystem && StringRef(File).starts_with("/usr/"))
      continue;
    if ((!F.ran() && !Result.NeverRunShown) || Total < O.MinCount)
      continue;
    Expected<uint64_t> Entry = F.entryCount();
    if (!Entry)
      return createStringError(inconvertibleErrorCode(),
                               "function '" + F.Name +
                                   "': " + toString(Entry.takeError()));
    FunctionSummary S{
        &F, Total, *Entry, {}, std::move(Demangled), std::move(File), {}};
    S.Name = !O.Demangle ? Symbol.str() : S.Demangled;
    if (Metric)
      S.Metric = F.metricTotal(P.Metrics[*Metric], *Metric);
    for (const PathRecord &R : F.Paths)
      S.Paths.push_back(&R);
    auto Rank = [Metric](const PathRecord *R) {
      return Metric ? R->metric(*Metric) : R->Count;
    };
    llvm::sort(S.Paths, [&](const PathRecord *A, const PathRecord *B) {
      if (Rank(A) != Rank(B))
        return Rank(A) > Rank(B);
      if (A->Count != B->Count)
        return A->Count > B->Count;
      return A->Id < B->Id;
    });
    Result.Shown.push_back(std::move(S));
  }
  if (!O.Function.empty() && !NameMatched)
    return createStringError(inconvertibleErrorCode(),
                             "no function named '" + O.Function + "'");
  if (!O.NameRegex.empty() && !NameMatched)
    return createStringError(inconvertibleErrorCode(),
                             "no function name matches --name-regex=" +
                                 O.NameRegex);
  // Without paths, the calls are what there is to rank by.
  SortKey Key = O.Sort                ? *O.Sort
                : Metric              ? SortKey::Metric
                : P.countsCallsOnly() ? SortKey::Entry
                                      : SortKey::Paths;
  llvm::sort(Result.Shown,
             [Key](const FunctionSummary &A, const FunctionSummary &B) {
               return orderBy(Key, A, B);
             });
  if (O.MaxFunctions != 0 && Result.Shown.size() > O.MaxFunctions)
    Result.Shown.resize(O.MaxFunctions);
  return std::move(Result);
}

/// "Showing N of R functions run (T in the profile)", or with never-run
/// functions among the candidates "Showing N of T functions (R run)".
static void printShowing(const Selection &Sel, raw_ostream &OS) {
  OS << "Showing " << Sel.Shown.size() << " of ";
  if (Sel.NeverRunShown)
    OS << Sel.NumFunctions << " functions (" << Sel.NumRun << " run)\n";
  else
    OS << Sel.NumRun << " functions run (" << Sel.NumFunctions
       << " in the profile)\n";
}

static uint64_t executedPaths(const Profile &P) {
  uint64_t Executed = 0;
  for (const FunctionProfile &F : P.Functions)
    Executed += F.Paths.size();
  return Executed;
}

/// "Total cycles", or for a metric that keeps an extreme, "Largest latency"
/// or "Smallest stall": what FunctionProfile::metricTotal() and
/// Profile::metricTotal() give.
static std::string metricTotalLabel(const MetricDescriptor &M) {
  switch (M.Merge) {
  case MetricMerge::Sum:
    return "Total " + M.Name;
  case MetricMerge::Max:
    return "Largest " + M.Name;
  case MetricMerge::Min:
    return "Smallest " + M.Name;
  }
  llvm_unreachable("unknown MetricMerge");
}

/// The value profile of \p F, one line per indirect call site: "Indirect
/// call site N: 1000 calls: f 900, g 80, unknown 20", callees hottest first
/// (equal counts by name).
static void printIndirectCalls(const FunctionProfile &F, bool Demangle,
                               raw_ostream &OS) {
  for (const IndirectCallSite &S : F.ICalls) {
    OS << "  Indirect call site " << S.Site << ": " << S.total()
       << (S.total() == 1 ? " call" : " calls") << ":";
    std::vector<const CalleeCount *> Callees;
    for (const CalleeCount &C : S.Callees)
      Callees.push_back(&C);
    llvm::sort(Callees, [](const CalleeCount *A, const CalleeCount *B) {
      return std::tie(B->Count, A->Name) < std::tie(A->Count, B->Name);
    });
    const char *Sep = " ";
    for (const CalleeCount *C : Callees) {
      OS << Sep << displayName(C->Name, Demangle) << " " << C->Count;
      Sep = ", ";
    }
    if (S.Unknown)
      OS << Sep << "unknown " << S.Unknown;
    OS << "\n";
  }
}

/// The length profile of \p F, one line per memory operation: "Memory
/// operation N: 1000 executions: length 0 900, length 8 80, other 20",
/// lengths most frequent first (equal counts by length).
static void printMemOps(const FunctionProfile &F, raw_ostream &OS) {
  for (const MemOpSite &S : F.MemOps) {
    OS << "  Memory operation " << S.Site << ": " << S.total()
       << (S.total() == 1 ? " execution" : " executions") << ":";
    std::vector<const SizeCount *> Sizes;
    for (const SizeCount &C : S.Sizes)
      Sizes.push_back(&C);
    llvm::sort(Sizes, [](const SizeCount *A, const SizeCount *B) {
      return std::tie(B->Count, A->Size) < std::tie(A->Count, B->Size);
    });
    const char *Sep = " ";
    for (const SizeCount *C : Sizes) {
      OS << Sep << "length " << C->Size << " " << C->Count;
      Sep = ", ";
    }
    if (S.Other)
      OS << Sep << "other " << S.Other;
    OS << "\n";
  }
}

/// The select counts of \p F: "Selects (true count): 12, 0, 7".
static void printSelects(const FunctionProfile &F, raw_ostream &OS) {
  if (F.Selects.empty())
    return;
  OS << "  Selects (true count): ";
  ListSeparator LS;
  for (uint64_t Count : F.Selects)
    OS << LS << Count;
  OS << "\n";
}

/// The --metric part of a path's line: "cycles 660 (60.00% of function,
/// 50.00% of program), 55.00 per execution". Shares and rates only mean
/// something for a metric summed over executions.
static void printPathMetric(const MetricDescriptor &M, uint64_t Value,
                            uint64_t Count, uint64_t FunctionTotal,
                            uint64_t ProgramTotal, raw_ostream &OS) {
  OS << M.Name << " " << Value;
  if (M.Merge != MetricMerge::Sum)
    return;
  OS << " (" << percent(Value, FunctionTotal) << " of function, "
     << percent(Value, ProgramTotal) << " of program), " << rate(Value, Count)
     << " per execution";
}

static Error showText(const Profile &P, const Selection &Sel, raw_ostream &OS) {
  uint64_t ProgramTotal = P.totalCount();
  if (P.Estimated)
    OS << describeEstimated(*P.Estimated) << "\n";
  OS << "Functions: " << P.Functions.size() << "\n";
  OS << "Executed paths: " << executedPaths(P) << "\n";
  OS << "Total path count: " << ProgramTotal << "\n";
  if (!P.Metrics.empty()) {
    OS << "Metrics:";
    ListSeparator LS(",");
    for (const MetricDescriptor &M : P.Metrics) {
      OS << LS << " " << M.Name << " (" << M.Unit << ", "
         << metricMergeName(M.Merge);
      if (M.Sources)
        OS << ", read with " << metricSourcesName(M.Sources);
      if (M.Scaled)
        OS << ", scaled";
      if (M.Inclusive)
        OS << ", inclusive";
      if (M.Period > 1)
        OS << ", sampled 1 in " << M.Period;
      OS << ")";
    }
    OS << "\n";
  }
  const MetricDescriptor *Metric =
      Sel.Metric ? &P.Metrics[*Sel.Metric] : nullptr;
  if (Metric)
    OS << metricTotalLabel(*Metric) << ": " << Sel.ProgramMetric << "\n";
  if (P.countsCallsOnly())
    OS << "No paths: the profile counts calls only "
          "(-fprofile-path-context=calls); per function its entries"
       << (P.Metrics.empty() ? "" : " and costs")
       << ", per calling context with show --context\n";
  printShowing(Sel, OS);

  for (const FunctionSummary &S : Sel.Shown) {
    const FunctionProfile &F = *S.F;
    OS << "\nFunction: " << S.Name << "\n";
    if (S.Name != F.Name)
      OS << "  Profile name: " << F.Name << "\n";
    if (!S.File.empty())
      OS << "  File: " << S.File << "\n";
    OS << "  Checksum: " << hex(F.Checksum) << "\n";
    if (F.CallsOnly) {
      OS << "  Paths: not counted (-fprofile-path-context=calls)\n";
      OS << "  Entry count: " << S.Entry << "\n";
      const CallCosts Costs = F.Costs.estimated(F.Entries);
      if (!Costs.empty())
        for (auto [Label, Values] :
             {std::pair("Exclusive", &Costs.Exclusive),
              std::pair("Inclusive", &Costs.Inclusive)}) {
          OS << "  " << Label << ":";
          for (size_t I = 0; I != P.Metrics.size(); ++I)
            OS << " " << P.Metrics[I].Name << "=" << (*Values)[I];
          OS << "\n";
        }
      continue;
    }
    OS << "  Paths: " << F.NumPaths << "\n";
    OS << "  Executed paths: " << S.Paths.size() << "\n";
    OS << "  Entry count: " << S.Entry << "\n";
    OS << "  Total path count: " << S.Total << "\n";
    if (Metric) {
      OS << "  " << metricTotalLabel(*Metric) << ": " << S.Metric;
      if (Metric->Merge == MetricMerge::Sum)
        OS << " (" << percent(S.Metric, Sel.ProgramMetric) << " of program)";
      OS << "\n";
    }
    printIndirectCalls(F, !ShowNoDemangle, OS);
    printMemOps(F, OS);
    printSelects(F, OS);
    if (S.Paths.empty())
      continue;
    size_t Shown = S.Paths.size();
    if (ShowTopN != 0)
      Shown = std::min<size_t>(Shown, ShowTopN);
    OS << "  Top " << Shown << " of " << S.Paths.size() << " paths";
    if (Metric)
      OS << " by " << Metric->Name;
    OS << ":\n";
    for (const PathRecord *R : ArrayRef(S.Paths).take_front(Shown)) {
      Expected<DecodedPath> Path = F.CFG.decode(R->Id);
      if (!Path)
        return Path.takeError();
      OS << "    Path " << R->Id << ": count " << R->Count;
      if (Metric) {
        OS << ", ";
        printPathMetric(*Metric, R->metric(*Sel.Metric), R->Count, S.Metric,
                        Sel.ProgramMetric, OS);
        OS << "\n";
      } else {
        OS << " (" << percent(R->Count, S.Total) << " of function, "
           << percent(R->Count, ProgramTotal) << " of program)\n";
      }
      printPathMetrics(P, *R, OS);
      printPathSteps(F.CFG, *Path, OS);
    }
  }
  return Error::success();
}

/// The JSON model of \p Sel: the document of show --json, as the value \p J
/// writes next, with at most \p TopN paths per function (0: all), and the
/// trees of \p P's threads apart when \p Threads is given.
static Error writeModel(const Profile &P, const Selection &Sel, unsigned TopN,
                        bool Demangle,
                        std::optional<ArrayRef<ThreadContextTree>> Threads,
                        json::OStream &J) {
  Error Err = Error::success();
  J.object([&] {
    if (P.Estimated) {
      J.attributeBegin("estimated");
      writeEstimatedJSON(*P.Estimated, J);
      J.attributeEnd();
    }
    J.attribute("num_functions", uint64_t(P.Functions.size()));
    J.attribute("executed_paths", executedPaths(P));
    if (!P.Metrics.empty())
      J.attributeArray("metrics", [&] {
        for (const MetricDescriptor &M : P.Metrics)
          J.object([&] {
            J.attribute("name", M.Name);
            J.attribute("unit", M.Unit);
            J.attribute("merge", metricMergeName(M.Merge));
            if (M.Sources)
              J.attribute("source", metricSourcesName(M.Sources));
            J.attribute("scaled", M.Scaled);
            J.attribute("inclusive", M.Inclusive);
            if (M.Period)
              J.attributeObject("sampling", [&] {
                J.attribute("period", M.Period);
                J.attribute("distribution", "geometric");
              });
          });
      });
    J.attribute("total_count", P.totalCount());
    if (P.Context)
      writeContextJSON(P, Demangle, J, Threads);
    J.attribute("run_functions", uint64_t(Sel.NumRun));
    J.attribute("shown_functions", uint64_t(Sel.Shown.size()));
    J.attributeArray("functions", [&] {
      for (const FunctionSummary &S : Sel.Shown) {
        const FunctionProfile &F = *S.F;
        J.object([&] {
          J.attribute("name", F.Name);
          J.attribute("demangled_name", S.Demangled);
          J.attribute("file", S.File);
          J.attribute("checksum", hex(F.Checksum));
          J.attribute("num_paths", F.NumPaths);
          J.attribute("executed_paths", uint64_t(S.Paths.size()));
          J.attribute("entry_count", S.Entry);
          J.attribute("total_count", S.Total);
          if (!F.Selects.empty())
            J.attributeArray("selects", [&] {
              for (uint64_t Count : F.Selects)
                J.value(Count);
            });
          if (!F.ICalls.empty())
            J.attributeArray("indirect_calls", [&] {
              for (const IndirectCallSite &Site : F.ICalls)
                J.object([&] {
                  J.attribute("site", Site.Site);
                  J.attribute("unknown", Site.Unknown);
                  J.attributeArray("callees", [&] {
                    for (const CalleeCount &C : Site.Callees)
                      J.object([&] {
                        J.attribute("name", C.Name);
                        J.attribute("count", C.Count);
                      });
                  });
                });
            });
          if (!F.MemOps.empty())
            J.attributeArray("memory_operations", [&] {
              for (const MemOpSite &Op : F.MemOps)
                J.object([&] {
                  J.attribute("operation", Op.Site);
                  J.attribute("other", Op.Other);
                  J.attributeArray("lengths", [&] {
                    for (const SizeCount &C : Op.Sizes)
                      J.object([&] {
                        J.attribute("length", C.Size);
                        J.attribute("count", C.Count);
                      });
                  });
                });
            });
          if (F.CallsOnly)
            J.attribute("calls_only", true);
          if (!P.Metrics.empty())
            J.attributeObject("metrics", [&] {
              for (size_t I = 0; I != P.Metrics.size(); ++I)
                J.attribute(P.Metrics[I].Name, F.metricTotal(P.Metrics[I], I));
            });
          if (F.CallsOnly && !F.Costs.empty()) {
            const CallCosts Costs = F.Costs.estimated(F.Entries);
            J.attributeObject("costs", [&] {
              for (size_t I = 0; I != P.Metrics.size(); ++I)
                J.attributeObject(P.Metrics[I].Name, [&] {
                  J.attribute("exclusive", Costs.Exclusive[I]);
                  J.attribute("inclusive", Costs.Inclusive[I]);
                  if (F.Costs.isSampled())
                    J.attribute("samples", F.Costs.Samples);
                });
            });
          }
          ArrayRef<const PathRecord *> Paths = S.Paths;
          if (TopN != 0)
            Paths = Paths.take_front(TopN);
          J.attributeArray("paths", [&] {
            for (const PathRecord *R : Paths) {
              uint64_t Id = R->Id, Count = R->Count;
              Expected<DecodedPath> Path = F.CFG.decode(Id);
              if (!Path) {
                if (!Err)
                  Err = Path.takeError();
                else
                  consumeError(Path.takeError());
                continue;
              }
              J.object([&] {
                J.attribute("id", Id);
                J.attribute("count", Count);
                // Metrics are values (estimates of sampled metrics), as
                // report --html reads them; a sampled record also has its
                // estimates with their intervals.
                if (!R->Metrics.empty())
                  J.attributeObject("metrics", [&] {
                    for (size_t I = 0; I != P.Metrics.size(); ++I)
                      J.attribute(P.Metrics[I].Name, R->metric(I));
                  });
                if (R->isSampled())
                  J.attributeObject("estimates", [&] {
                    for (size_t I = 0; I != P.Metrics.size(); ++I) {
                      J.attributeBegin(P.Metrics[I].Name);
                      writeEstimateJSON(R->estimate(I), J);
                      J.attributeEnd();
                    }
                  });
                J.attributeArray("blocks", [&] {
                  for (uint32_t Block : Path->Blocks)
                    J.value(F.CFG.blockLocation(Block));
                });
                J.attributeArray("block_ids", [&] {
                  for (uint32_t Block : Path->Blocks)
                    J.value(Block);
                });
                J.attribute("starts_at_entry", Path->StartsAtEntry);
                J.attribute("ends_at_return", Path->EndsAtReturn);
              });
            }
          });
          // What block_ids index: each block's source lines, which a
          // reader needs to place a path on the source.
          J.attributeArray("cfg_blocks", [&] {
            for (const CFGBlock &B : F.CFG.Blocks)
              J.object([&] {
                J.attribute("name", B.Name);
                J.attribute("file", B.File);
                J.attribute("line_begin", B.LineBegin);
                J.attribute("line_end", B.LineEnd);
              });
          });
        });
      }
    });
  });
  return Err;
}

static Error showJSON(const Profile &P, const Selection &Sel,
                      ArrayRef<ThreadContextTree> Threads, raw_ostream &OS) {
  // Without an explicit --topn, JSON consumers get every executed path.
  unsigned TopN = ShowTopN.getNumOccurrences() ? ShowTopN : 0;
  json::OStream J(OS, 2);
  Error Err =
      writeModel(P, Sel, TopN, !ShowNoDemangle,
                 ShowPerThread ? std::optional(Threads) : std::nullopt, J);
  OS << "\n";
  return Err;
}

Error pathprof::tool::writeProfileModel(const Profile &P, unsigned TopN,
                                        json::OStream &J) {
  Expected<Selection> Sel = select(P, std::nullopt, SelectOptions());
  if (!Sel)
    return Sel.takeError();
  return writeModel(P, *Sel, TopN, /*Demangle=*/true, std::nullopt, J);
}

/// What a version 3 segment holds, as show --segments says it; null for a
/// segment of an earlier version, which holds both.
static const char *segmentKindName(RawSegmentInfo::SegmentKind Kind) {
  switch (Kind) {
  case RawSegmentInfo::Description:
    return "description (function records, names, CFG descriptions)";
  case RawSegmentInfo::Counts:
    return "counts (of one module instance)";
  case RawSegmentInfo::Compact:
    return "compact counts (of module instances that have ended)";
  case RawSegmentInfo::Both:
    return nullptr;
  }
  llvm_unreachable("unknown segment kind");
}

static void showSegmentsText(ArrayRef<RawSegmentInfo> Segments,
                             raw_ostream &OS) {
  OS << "Segments: " << Segments.size() << "\n";
  for (const RawSegmentInfo &S : Segments) {
    OS << "\nSegment at " << S.Offset << ":";
    if (S.Free) {
      OS << " free (its counts were folded into another segment)\n";
      continue;
    }
    OS << "\n  Version: " << S.Version << "\n";
    if (const char *Kind = segmentKindName(S.Kind))
      OS << "  Holds: " << Kind << "\n";
    OS << "  Size: " << S.Size << " bytes";
    if (S.UnpackedSize)
      OS << " (packed; " << *S.UnpackedSize << " unpacked)";
    OS << "\n";
    OS << "  Functions: " << S.NumFunctions << "\n";
    OS << "  Module signature: " << hex(S.ModuleSignature) << "\n";
    if (S.Version < 2) {
      OS << "  (version 1 records no process, producer or runtime)\n";
      continue;
    }
    OS << "  Process: " << S.OwnerPid << "\n";
    OS << "  Producer: " << S.Producer << "\n";
    OS << "  Runtime: " << S.Runtime << "\n";
  }
}

static void showSegmentsJSON(ArrayRef<RawSegmentInfo> Segments,
                             raw_ostream &OS) {
  json::OStream J(OS, 2);
  J.object([&] {
    J.attributeArray("segments", [&] {
      for (const RawSegmentInfo &S : Segments)
        J.object([&] {
          J.attribute("offset", S.Offset);
          J.attribute("free", S.Free);
          if (S.Free)
            return;
          J.attribute("version", S.Version);
          if (S.Kind != RawSegmentInfo::Both)
            J.attribute("kind", S.Kind == RawSegmentInfo::Description
                                    ? "description"
                                : S.Kind == RawSegmentInfo::Compact ? "compact"
                                                                    : "counts");
          J.attribute("size", S.Size);
          if (S.UnpackedSize)
            J.attribute("unpacked_size", *S.UnpackedSize);
          J.attribute("num_functions", S.NumFunctions);
          J.attribute("module_signature", hex(S.ModuleSignature));
          if (S.Version < 2)
            return;
          J.attribute("pid", S.OwnerPid);
          J.attribute("producer", S.Producer);
          J.attribute("runtime", S.Runtime);
        });
    });
  });
  OS << "\n";
}

/// Opens --output, or reports why it cannot.
static std::unique_ptr<raw_fd_ostream> openOutput() {
  std::error_code EC;
  auto OS = std::make_unique<raw_fd_ostream>(ShowOutput, EC,
                                             sys::fs::OF_TextWithCRLF);
  if (EC) {
    fail(ShowOutput + ": " + EC.message());
    return nullptr;
  }
  return OS;
}

static int closeOutput(raw_fd_ostream &OS) {
  OS.close();
  if (OS.has_error())
    return fail(ShowOutput + ": " + OS.error().message());
  return 0;
}

static int showSegmentsMain() {
  if (!ShowMetric.empty())
    return fail("--segments and --metric cannot be used together");
  if (!ShowFunction.empty())
    return fail("--segments and --function cannot be used together");
  if (!ShowNameRegex.empty() || !ShowFileRegex.empty())
    return fail("--segments and --name-regex or --file-regex cannot be used "
                "together");
  Expected<std::vector<RawSegmentInfo>> Segments =
      readProfileSegments(ShowInput, warn);
  if (!Segments)
    return fail(Segments.takeError());
  std::unique_ptr<raw_fd_ostream> OS = openOutput();
  if (!OS)
    return 1;
  if (ShowJSON)
    showSegmentsJSON(*Segments, *OS);
  else
    showSegmentsText(*Segments, *OS);
  return closeOutput(*OS);
}

/// show --context, in text: the tree (or each thread's) instead of the
/// functions.
static int showContextMain(const Profile &P,
                           ArrayRef<ThreadContextTree> Threads) {
  if (!P.Context)
    return fail(ShowInput +
                ": the profile has no calling context tree (build with "
                "-fprofile-path-context)");
  std::unique_ptr<raw_fd_ostream> OS = openOutput();
  if (!OS)
    return 1;
  if (!ShowFunction.empty()) {
    if (Error E = printFunctionContexts(P, ShowFunction, !ShowNoDemangle,
                                        ShowTopN, *OS))
      return fail(createFileError(ShowInput, std::move(E)));
    return closeOutput(*OS);
  }
  if (ShowPerThread)
    printThreadContextTrees(P, Threads, !ShowNoDemangle, *OS);
  else
    printContextTree(P, *P.Context, !ShowNoDemangle, *OS);
  return closeOutput(*OS);
}

int pathprof::tool::showMain() {
  if (ShowSegments && ShowContext)
    return fail("--segments and --context cannot be used together");
  if (ShowNoContext && ShowContext)
    return fail("--context and --no-context cannot be used together");
  if (ShowSegments)
    return showSegmentsMain();
  if (ShowContext && ShowTextProfile)
    return fail("--text and --context cannot be used together");
  if (ShowPerThread && !ShowContext)
    return fail("--per-thread needs --context");
  if (ShowPerThread && !ShowFunction.empty())
    return fail("--per-thread and --function cannot be used together");
  // A bad pattern is the command line's fault, not the profile's.
  for (auto [Option, Pattern] :
       {std::pair<StringRef, StringRef>("name-regex", ShowNameRegex),
        std::pair<StringRef, StringRef>("file-regex", ShowFileRegex)})
    if (Expected<std::optional<Regex>> R = compileRegex(Option, Pattern); !R)
      return fail(R.takeError());
  std::vector<ThreadContextTree> Threads;
  Expected<Profile> P = readInput(ShowInput, warn, ProfileKind::Unknown,
                                  ShowPerThread ? &Threads : nullptr);
  if (!P)
    return fail(P.takeError());
  if (ShowNoContext)
    P->dropContext();
  if (ShowContext && !ShowJSON)
    return showContextMain(*P, Threads);
  if (ShowContext && !P->Context)
    return fail(ShowInput +
                ": the profile has no calling context tree (build with "
                "-fprofile-path-context)");
  if (ShowTextProfile) {
    if (ShowJSON)
      return fail("--text and --json cannot be used together");
    if (!ShowMetric.empty())
      return fail("--text and --metric cannot be used together");
    std::unique_ptr<raw_fd_ostream> OS = openOutput();
    if (!OS)
      return 1;
    writeTextProfile(*P, *OS);
    return closeOutput(*OS);
  }
  std::optional<size_t> Metric;
  if (!ShowMetric.empty()) {
    Expected<size_t> Index = findMetric(*P, ShowMetric);
    if (!Index)
      return fail(createFileError(ShowInput, Index.takeError()));
    Metric = *Index;
  }
  SelectOptions O;
  O.Function = ShowFunction;
  O.NameRegex = ShowNameRegex;
  O.FileRegex = ShowFileRegex;
  O.HideSystem = ShowHideSystem;
  O.NeverRun = ShowNeverRun;
  O.Demangle = !ShowNoDemangle;
  O.MinCount = ShowMinCount;
  O.MaxFunctions = ShowMaxFunctions;
  if (ShowSort.getNumOccurrences())
    O.Sort = ShowSort;
  Expected<Selection> Sel = select(*P, Metric, O);
  if (!Sel)
    return fail(createFileError(ShowInput, Sel.takeError()));

  std::unique_ptr<raw_fd_ostream> OS = openOutput();
  if (!OS)
    return 1;
  Error E =
      ShowJSON ? showJSON(*P, *Sel, Threads, *OS) : showText(*P, *Sel, *OS);
  if (E)
    return fail(createFileError(ShowInput, std::move(E)));
  return closeOutput(*OS);
}
