//===- ReportCommand.cpp - llvm-pathprof report ---------------------------===//
//
// `llvm-pathprof report` tells how a per-path metric (a hardware event summed
// over each path's executions) concentrates on a few paths and procedures:
// the tables of Ammons, Ball and Larus, "Exploiting Hardware Performance
// Counters with Flow and Context Sensitive Profiling", PLDI 1997 (tables 4
// and 5), then the hot paths themselves.
//
// Terms, for a metric M with program total T over E path executions (the sum
// of all path counts), and the average rate T / E:
// - a path is *hot* when its M is at least --hot percent of T (and not 0,
//   which matters when T is 0), *cold* otherwise;
// - a hot path is *dense* when its rate, M per execution (M / count), is
//   above the average rate, and *sparse* otherwise: dense paths are where
//   the events happen, sparse ones where they add up because the path runs
//   often;
// - a procedure (a function that ran) is classified the same way by the M
//   and the executions of all its paths.
// Rates are compared exactly, as cross products in 128 bits, not as rounded
// quotients, so a path whose rate is the average is sparse.
// With --html, the same tables for every summed metric go into a page with
// the rest of the profile (ReportHTML.cpp).
// docs/CommandGuide.md documents the output.
//
//===----------------------------------------------------------------------===//

#include "llvm-pathprof.h"

#include "PathProf/Profile.h"
#include "PathProf/ProfileError.h"
#include "PathProf/ProfileNames.h"
#include "PathProf/ProfileReader.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <array>

using namespace llvm;
using namespace pathprof;
using namespace pathprof::tool;

cl::SubCommand pathprof::tool::ReportSubcommand(
    "report", "Where a per-path metric concentrates: hot, dense and sparse "
              "paths and procedures");

static cl::opt<std::string>
    ReportInput(cl::Positional, cl::Required, cl::sub(ReportSubcommand),
                cl::desc("<raw, indexed or text profile>"),
                cl::cat(PathProfCategory));
static cl::opt<std::string>
    ReportMetric("metric", cl::sub(ReportSubcommand), cl::value_desc("name"),
                 cl::desc("The metric to report on (one summed over "
                          "executions); required without --html, where it "
                          "is the metric the page opens with"),
                 cl::cat(PathProfCategory));
// A string, so that every bad value gets the same message.
static cl::opt<std::string>
    ReportHot("hot", cl::sub(ReportSubcommand), cl::init("1"),
              cl::value_desc("percent"),
              cl::desc("A path or procedure is hot when it holds at least "
                       "this percentage of the metric's total (default: 1)"),
              cl::cat(PathProfCategory));
static cl::opt<bool> ReportJSON("json", cl::sub(ReportSubcommand),
                                cl::desc("Print one JSON document"),
                                cl::cat(PathProfCategory));
static cl::opt<std::string>
    ReportOutput("output", cl::sub(ReportSubcommand), cl::init("-"),
                 cl::value_desc("file"),
                 cl::desc("Where to print (default: standard output)"),
                 cl::cat(PathProfCategory));
static cl::alias ReportOutputShort("o", cl::desc("Alias for --output"),
                                   cl::aliasopt(ReportOutput), cl::NotHidden,
                                   cl::cat(PathProfCategory));
static cl::opt<bool> ReportHTMLMode(
    "html", cl::sub(ReportSubcommand),
    cl::desc("Write a static HTML report into the directory -o names: "
             "functions, hot paths on their source, the calling context tree "
             "as a flame graph, the tables of every summed metric"),
    cl::cat(PathProfCategory));
static cl::opt<std::string> ReportSourceRoot(
    "source-root", cl::sub(ReportSubcommand), cl::value_desc("dir"),
    cl::desc("With --html: the directory relative source file names of the "
             "profile are found in (default: the current directory)"),
    cl::cat(PathProfCategory));
static cl::opt<unsigned> ReportTopN(
    "topn", cl::sub(ReportSubcommand), cl::init(20), cl::value_desc("n"),
    cl::desc("With --html: paths per function, hottest first; 0 shows all "
             "(default: 20)"),
    cl::cat(PathProfCategory));

namespace {

/// The rows of both tables, in print order: hot, then the hot ones split
/// into dense and sparse, cold, and everything.
enum RowKind { Hot, HotDense, HotSparse, Cold, All, NumRows };

constexpr std::array<const char *, NumRows> RowNames = {
    "hot", "hot dense", "hot sparse", "cold", "all"};
constexpr std::array<const char *, NumRows> RowKeys = {
    "hot", "hot_dense", "hot_sparse", "cold", "all"};

struct PathRow {
  uint64_t Paths = 0;
  uint64_t Executions = 0;
  uint64_t Metric = 0;
};

struct ProcedureRow {
  uint64_t Functions = 0;
  uint64_t Metric = 0;
  /// Distinct paths executed, summed over the row's functions.
  uint64_t ExecutedPaths = 0;
};

struct HotPath {
  const FunctionProfile *F;
  const PathRecord *R;
  uint64_t Metric;
  bool Dense;
  /// A sampled metric's estimate, with its interval and samples.
  MetricEstimate Estimate;
};

struct Concentration {
  /// T and E of the file comment.
  uint64_t Total = 0;
  uint64_t Executions = 0;
  std::array<PathRow, NumRows> Paths;
  std::array<ProcedureRow, NumRows> Procedures;
  /// Largest metric first; ties by function name, checksum and path id.
  std::vector<HotPath> HotPaths;
  /// Some hot path's metric is an estimate.
  bool Sampled = false;
};

} // namespace

static void addTo(uint64_t &Sum, uint64_t Value) {
  Sum = SaturatingAdd(Sum, Value);
}

/// At least \p Percent of \p Total; nothing is hot when the total is 0.
static bool isHot(uint64_t Metric, uint64_t Total, double Percent) {
  return Metric != 0 && double(Metric) * 100.0 >= Percent * double(Total);
}

/// Metric / Count > Total / Executions, decided exactly.
static bool isDense(uint64_t Metric, uint64_t Count, uint64_t Total,
                    uint64_t Executions) {
  return (APInt(128, Metric) * APInt(128, Executions))
      .ugt(APInt(128, Total) * APInt(128, Count));
}

/// The row of a path or procedure: cold, hot dense or hot sparse (it also
/// counts in All, and a hot one in Hot).
static RowKind classify(uint64_t Metric, uint64_t Count, const Concentration &C,
                        double Percent) {
  if (!isHot(Metric, C.Total, Percent))
    return Cold;
  return isDense(Metric, Count, C.Total, C.Executions) ? HotDense : HotSparse;
}

static Concentration analyze(const Profile &P, size_t Metric, double Percent) {
  Concentration C;
  C.Total = P.metricTotal(Metric);
  C.Executions = P.totalCount();
  for (const FunctionProfile &F : P.Functions) {
    if (F.Paths.empty())
      continue;
    for (const PathRecord &R : F.Paths) {
      uint64_t Value = R.metric(Metric);
      RowKind Kind = classify(Value, R.Count, C, Percent);
      auto Add = [&](RowKind Row) {
        ++C.Paths[Row].Paths;
        addTo(C.Paths[Row].Executions, R.Count);
        addTo(C.Paths[Row].Metric, Value);
      };
      Add(Kind);
      Add(All);
      if (Kind != Cold) {
        Add(Hot);
        C.HotPaths.push_back(
            {&F, &R, Value, Kind == HotDense, R.estimate(Metric)});
        C.Sampled |= R.isEstimated();
      }
    }
    uint64_t Value = F.metricTotal(P.Metrics[Metric], Metric);
    RowKind Kind = classify(Value, F.totalCount(), C, Percent);
    auto Add = [&](RowKind Row) {
      ++C.Procedures[Row].Functions;
      addTo(C.Procedures[Row].Metric, Value);
      addTo(C.Procedures[Row].ExecutedPaths, F.Paths.size());
    };
    Add(Kind);
    Add(All);
    if (Kind != Cold)
      Add(Hot);
  }
  llvm::sort(C.HotPaths, [](const HotPath &A, const HotPath &B) {
    if (A.Metric != B.Metric)
      return A.Metric > B.Metric;
    if (A.F->Name != B.F->Name)
      return A.F->Name < B.F->Name;
    if (A.F->Checksum != B.F->Checksum)
      return A.F->Checksum < B.F->Checksum;
    return A.R->Id < B.R->Id;
  });
  return C;
}

static std::string fixed2(double V) {
  std::string S;
  raw_string_ostream(S) << format("%.2f", V);
  return S;
}

/// Paths per function of \p Row, or none for a row without functions.
static std::optional<double> pathsPerFunction(const ProcedureRow &Row) {
  if (Row.Functions == 0)
    return std::nullopt;
  return double(Row.ExecutedPaths) / double(Row.Functions);
}

static double share(uint64_t Part, uint64_t Whole) {
  return Whole == 0 ? 0.0 : double(Part) / double(Whole);
}

/// Prints \p Rows (the first one the header) as columns two blanks apart,
/// each right-aligned unless \p Left says it is left-aligned, indented by
/// two blanks.
static void printTable(ArrayRef<std::vector<std::string>> Rows,
                       ArrayRef<bool> Left, raw_ostream &OS) {
  std::vector<size_t> Widths(Left.size(), 0);
  for (const std::vector<std::string> &Row : Rows)
    for (size_t I = 0; I != Row.size(); ++I)
      Widths[I] = std::max(Widths[I], Row[I].size());
  for (const std::vector<std::string> &Row : Rows) {
    std::string Line;
    for (size_t I = 0; I != Row.size(); ++I) {
      Line += "  ";
      size_t Pad = Widths[I] - Row[I].size();
      if (!Left[I])
        Line.append(Pad, ' ');
      Line += Row[I];
      if (Left[I])
        Line.append(Pad, ' ');
    }
    OS << StringRef(Line).rtrim() << "\n";
  }
}

static void reportText(const Profile &P, const MetricDescriptor &M,
                       const Concentration &C, double Percent,
                       raw_ostream &OS) {
  const std::string &Name = M.Name;
  if (P.Estimated)
    OS << describeEstimated(*P.Estimated) << "\n";
  OS << "Metric: " << Name << " (" << M.Unit << ", " << metricMergeName(M.Merge)
     << ")\n";
  OS << "Total " << Name << ": " << C.Total << "\n";
  OS << "Path executions: " << C.Executions << "\n";
  OS << "Average rate: " << rate(C.Total, C.Executions) << " " << Name
     << " per execution\n";
  OS << "Hot: at least " << format("%g", Percent) << "% of " << Name << "\n";

  OS << "\nPaths:\n";
  std::vector<std::vector<std::string>> Rows;
  Rows.push_back(
      {"Class", "Paths", "Executions", "% executions", Name, "% " + Name});
  for (int Row = 0; Row != NumRows; ++Row) {
    const PathRow &R = C.Paths[Row];
    Rows.push_back({RowNames[Row], utostr(R.Paths), utostr(R.Executions),
                    percent(R.Executions, C.Executions), utostr(R.Metric),
                    percent(R.Metric, C.Total)});
  }
  printTable(Rows, {true, false, false, false, false, false}, OS);

  OS << "\nProcedures:\n";
  Rows.clear();
  Rows.push_back(
      {"Class", "Functions", Name, "% " + Name, "Paths per function"});
  for (int Row = 0; Row != NumRows; ++Row) {
    const ProcedureRow &R = C.Procedures[Row];
    std::optional<double> PerFunction = pathsPerFunction(R);
    Rows.push_back({RowNames[Row], utostr(R.Functions), utostr(R.Metric),
                    percent(R.Metric, C.Total),
                    PerFunction ? fixed2(*PerFunction) : "n/a"});
  }
  printTable(Rows, {true, false, false, false, false}, OS);

  if (C.HotPaths.empty()) {
    OS << "\nHot paths: none\n";
    return;
  }
  OS << "\nHot paths:\n";
  Rows.clear();
  Rows.push_back({"Function", "Path", "Count", Name, "% " + Name,
                  Name + " per execution", "Class"});
  // Sampled metrics: the ranking is by estimates; each says its interval
  // and samples, and those too rough to rank are marked.
  if (C.Sampled) {
    Rows.front().push_back("95% interval");
    Rows.front().push_back("Samples");
  }
  bool AnyRough = false;
  for (const HotPath &H : C.HotPaths) {
    Rows.push_back({displayName(H.F->Name), utostr(H.R->Id), utostr(H.R->Count),
                    utostr(H.Metric), percent(H.Metric, C.Total),
                    rate(H.Metric, H.R->Count), H.Dense ? "dense" : "sparse"});
    if (!C.Sampled)
      continue;
    const MetricEstimate &E = H.Estimate;
    auto Whole = [](long double V) {
      return utostr(static_cast<uint64_t>(V + 0.5L));
    };
    Rows.back().push_back(
        E.Exact ? "exact"
                : "[" + Whole(E.Low) + ", " +
                      (E.NoInterval ? std::string("?") : Whole(E.High)) + "]");
    bool Rough = !E.Exact && E.Samples < MinRankSamples;
    AnyRough |= Rough;
    Rows.back().push_back(utostr(E.Samples) + (Rough ? "*" : ""));
  }
  SmallVector<bool, 9> Left = {true, false, false, false, false, false, true};
  if (C.Sampled)
    Left.append({false, false});
  printTable(Rows, Left, OS);
  if (AnyRough)
    OS << "  * fewer than " << MinRankSamples
       << " measured executions: too few to rank the path\n";
}

/// The JSON document of \p C, as the value \p J writes next.
static void writeConcentration(const Profile &P, const MetricDescriptor &M,
                               const Concentration &C, double Percent,
                               json::OStream &J) {
  J.object([&] {
    if (P.Estimated) {
      J.attributeBegin("estimated");
      writeEstimatedJSON(*P.Estimated, J);
      J.attributeEnd();
    }
    J.attributeObject("metric", [&] {
      J.attribute("name", M.Name);
      J.attribute("unit", M.Unit);
      J.attribute("merge", metricMergeName(M.Merge));
    });
    J.attribute("total", C.Total);
    J.attribute("executions", C.Executions);
    J.attribute("average_rate", share(C.Total, C.Executions));
    J.attribute("hot_percent", Percent);
    J.attributeObject("paths", [&] {
      for (int Row = 0; Row != NumRows; ++Row) {
        const PathRow &R = C.Paths[Row];
        J.attributeObject(RowKeys[Row], [&] {
          J.attribute("paths", R.Paths);
          J.attribute("executions", R.Executions);
          J.attribute("execution_share", share(R.Executions, C.Executions));
          J.attribute("metric", R.Metric);
          J.attribute("metric_share", share(R.Metric, C.Total));
        });
      }
    });
    J.attributeObject("procedures", [&] {
      for (int Row = 0; Row != NumRows; ++Row) {
        const ProcedureRow &R = C.Procedures[Row];
        J.attributeObject(RowKeys[Row], [&] {
          J.attribute("functions", R.Functions);
          J.attribute("metric", R.Metric);
          J.attribute("metric_share", share(R.Metric, C.Total));
          std::optional<double> PerFunction = pathsPerFunction(R);
          J.attribute("paths_per_function",
                      PerFunction ? json::Value(*PerFunction) : nullptr);
        });
      }
    });
    J.attributeArray("hot_paths", [&] {
      for (const HotPath &H : C.HotPaths)
        J.object([&] {
          J.attribute("name", H.F->Name);
          J.attribute("demangled_name", displayName(H.F->Name));
          J.attribute("checksum", hex(H.F->Checksum));
          J.attribute("id", H.R->Id);
          J.attribute("count", H.R->Count);
          J.attribute("metric", H.Metric);
          J.attribute("metric_share", share(H.Metric, C.Total));
          J.attribute("rate", share(H.Metric, H.R->Count));
          J.attribute("dense", H.Dense);
          if (C.Sampled) {
            J.attributeBegin("estimate");
            writeEstimateJSON(H.Estimate, J);
            J.attributeEnd();
            J.attribute("too_few_samples",
                        !H.Estimate.Exact &&
                            H.Estimate.Samples < MinRankSamples);
          }
        });
    });
  });
}

void pathprof::tool::writeConcentrationJSON(const Profile &P, size_t Metric,
                                            double Percent, json::OStream &J) {
  writeConcentration(P, P.Metrics[Metric], analyze(P, Metric, Percent), Percent,
                     J);
}

/// report --html: the options, the profile, then the page (ReportHTML.cpp).
static int reportHTMLMain(double Percent) {
  if (ReportJSON)
    return fail("--html and --json cannot be used together");
  if (ReportOutput == "-")
    return fail("--html needs -o <directory>");
  Expected<Profile> P = readInput(ReportInput, warn);
  if (!P)
    return fail(P.takeError());
  HTMLReportOptions O;
  O.Input = ReportInput;
  O.Directory = ReportOutput;
  O.SourceRoot = ReportSourceRoot;
  O.TopN = ReportTopN;
  O.HotPercent = Percent;
  if (!ReportMetric.empty()) {
    Expected<size_t> Metric = findMetric(*P, ReportMetric);
    if (!Metric)
      return fail(createFileError(ReportInput, Metric.takeError()));
    O.Metric = *Metric;
  }
  if (Error E = writeHTMLReport(*P, O))
    return fail(std::move(E));
  return 0;
}

int pathprof::tool::reportMain() {
  // A bad option is the command line's fault; say so before reading.
  double Percent;
  if (StringRef(ReportHot).getAsDouble(Percent) ||
      !(Percent > 0.0 && Percent <= 100.0))
    return fail("--hot=" + ReportHot +
                ": must be a number above 0 and at most 100 (a percentage)");
  if (ReportHTMLMode)
    return reportHTMLMain(Percent);
  if (ReportSourceRoot.getNumOccurrences() || ReportTopN.getNumOccurrences())
    return fail("--source-root and --topn need --html");
  if (ReportMetric.empty())
    return fail("report needs --metric=<name> (or --html)");
  Expected<Profile> P = readInput(ReportInput, warn);
  if (!P)
    return fail(P.takeError());
  Expected<size_t> Metric = findMetric(*P, ReportMetric);
  if (!Metric)
    return fail(createFileError(ReportInput, Metric.takeError()));
  const MetricDescriptor &M = P->Metrics[*Metric];
  // A largest or smallest value does not add up over paths, so it has no
  // share to concentrate.
  if (M.Merge != MetricMerge::Sum)
    return fail(createFileError(
        ReportInput, createStringError(
                         inconvertibleErrorCode(),
                         "--metric=" + M.Name + ": the metric is combined by " +
                             metricMergeName(M.Merge) +
                             ", not summed over executions; report needs a "
                             "sum")));

  Concentration C = analyze(*P, *Metric, Percent);
  std::error_code EC;
  raw_fd_ostream OS(ReportOutput, EC, sys::fs::OF_TextWithCRLF);
  if (EC)
    return fail(ReportOutput + ": " + EC.message());
  if (ReportJSON) {
    json::OStream J(OS, 2);
    writeConcentration(*P, M, C, Percent, J);
    OS << "\n";
  } else
    reportText(*P, M, C, Percent, OS);
  OS.close();
  if (OS.has_error())
    return fail(ReportOutput + ": " + OS.error().message());
  return 0;
}
