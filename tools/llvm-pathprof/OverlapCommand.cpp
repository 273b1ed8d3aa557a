//===- OverlapCommand.cpp - llvm-pathprof overlap -------------------------===//
//
// `llvm-pathprof overlap BASE TEST` says how similar two raw or indexed
// profiles are, in the manner of llvm-profdata overlap: the overlap of their
// path flows over the whole program and per function, the functions only one
// of them has, the names whose checksums differ, and the hot-path accuracy of
// TEST against BASE (the exact reference), so that an estimated profile, e.g.
// from samples, can be scored. The numbers come from computeOverlap()
// (PathProf/Overlap.h); this file only prints them, as text or JSON, in the
// forms docs/CommandGuide.md documents, with names demangled as show prints
// them.
//
//===----------------------------------------------------------------------===//

#include "llvm-pathprof.h"

#include "PathProf/Overlap.h"
#include "PathProf/ProfileNames.h"
#include "PathProf/ProfileReader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace pathprof;
using namespace pathprof::tool;

cl::SubCommand pathprof::tool::OverlapSubcommand(
    "overlap", "Compare two path profiles: overlap and hot-path accuracy");

static cl::opt<std::string> BaseInput(cl::Positional, cl::Required,
                                      cl::sub(OverlapSubcommand),
                                      cl::desc("<base profile>"),
                                      cl::cat(PathProfCategory));
static cl::opt<std::string> TestInput(cl::Positional, cl::Required,
                                      cl::sub(OverlapSubcommand),
                                      cl::desc("<test profile>"),
                                      cl::cat(PathProfCategory));
static cl::opt<std::string> OverlapFunction(
    "function", cl::sub(OverlapSubcommand), cl::value_desc("name"),
    cl::desc("List only the functions with this name, as show --function "
             "matches it (the program level still covers every function)"),
    cl::cat(PathProfCategory));
static cl::opt<bool>
    OverlapNoDemangle("no-demangle", cl::sub(OverlapSubcommand),
                      cl::desc("Print symbol names as stored, not demangled"),
                      cl::cat(PathProfCategory));
static cl::opt<double> HotThreshold(
    "hot-threshold", cl::sub(OverlapSubcommand), cl::init(0.125),
    cl::value_desc("percent"),
    cl::desc("A base path is hot when its share of the base's total path "
             "count is above this percentage (default: 0.125)"),
    cl::cat(PathProfCategory));
static cl::opt<bool> OverlapJSON("json", cl::sub(OverlapSubcommand),
                                 cl::desc("Print one JSON document"),
                                 cl::cat(PathProfCategory));
static cl::opt<std::string>
    OverlapOutput("output", cl::sub(OverlapSubcommand), cl::init("-"),
                  cl::value_desc("file"),
                  cl::desc("Where to print (default: standard output)"),
                  cl::cat(PathProfCategory));
static cl::alias OverlapOutputShort("o", cl::desc("Alias for --output"),
                                    cl::aliasopt(OverlapOutput), cl::NotHidden,
                                    cl::cat(PathProfCategory));
static cl::opt<std::string> OverlapMetric(
    "metric", cl::sub(OverlapSubcommand), cl::value_desc("name"),
    cl::desc("Weigh each path by this metric (summed over executions; the "
             "estimate of a sampled one) instead of its count"),
    cl::cat(PathProfCategory));

/// Makes \p P's path counts the values of its summed metric \p Index (the
/// estimates of sampled metrics); paths of value 0 go.
static void weighByMetric(Profile &P, size_t Index) {
  for (FunctionProfile &F : P.Functions) {
    std::vector<PathRecord> Weighted;
    for (const PathRecord &R : F.Paths)
      if (uint64_t V = R.metric(Index)) {
        PathRecord W;
        W.Id = R.Id;
        W.Count = V;
        Weighted.push_back(std::move(W));
      }
    F.Paths = PathTable();
    F.Paths.addAll(std::move(Weighted));
  }
  P.Metrics.clear();
  P.Context.reset();
}

/// A fraction as a percentage with three decimals, as llvm-profdata prints.
static std::string pct(double Fraction) {
  std::string S;
  raw_string_ostream(S) << format("%.3f%%", 100.0 * Fraction);
  return S;
}

static double share(uint64_t Part, uint64_t Whole) {
  return Whole == 0 ? 0.0 : double(Part) / double(Whole);
}

static bool selected(StringRef Name) {
  return OverlapFunction.empty() || matchesFunctionName(Name, OverlapFunction);
}

/// The name the text shows: the symbol, demangled unless --no-demangle, and
/// for a static function its source path as well, since the lists are read
/// without other context.
static std::string shown(StringRef Name) {
  std::string Result = displayName(Name, !OverlapNoDemangle);
  if (ProfileName Parts = splitProfileName(Name); Parts.isLocal())
    Result += " [" + Parts.Path.str() + "]";
  return Result;
}

static void printText(const ProfileOverlap &R,
                      const std::optional<EstimateInfo> &BaseEstimated,
                      const std::optional<EstimateInfo> &TestEstimated,
                      raw_ostream &OS) {
  OS << "Base profile: " << BaseInput << "\n";
  if (BaseEstimated)
    OS << "  " << describeEstimated(*BaseEstimated) << "\n";
  OS << "Test profile: " << TestInput << "\n";
  if (TestEstimated)
    OS << "  " << describeEstimated(*TestEstimated) << "\n";
  if (!OverlapMetric.empty())
    OS << "Paths weighted by: " << OverlapMetric << "\n";
  OS << "\nProgram level:\n";
  OS << "  Functions in both: " << R.Functions.size() << "\n";
  OS << "  Functions only in base: " << R.OnlyInBase.size() << "\n";
  OS << "  Functions only in test: " << R.OnlyInTest.size() << "\n";
  OS << "  Names with mismatched checksums: " << R.Mismatches.size() << "\n";
  OS << "  Base total path count: " << R.BaseTotal << "\n";
  OS << "  Test total path count: " << R.TestTotal << "\n";
  OS << "  Path overlap: " << pct(R.Overlap) << "\n";
  OS << "  Hot threshold: " << format("%g%%", double(HotThreshold))
     << " of base flow\n";
  OS << "  Hot paths in base: " << R.HotPaths << " (" << pct(R.HotFlow)
     << " of base flow)\n";
  OS << "  Hot paths also hot in test: " << R.HotPathsFound << " ("
     << pct(R.HotFlowFound) << " of base flow)\n";
  OS << "  Hot-path accuracy: "
     << (R.HotPathAccuracy ? pct(*R.HotPathAccuracy)
                           : std::string("n/a (no hot path in base)"))
     << "\n";

  bool Header = false;
  for (const FunctionOverlap &F : R.Functions) {
    if (!selected(F.Name))
      continue;
    if (!Header)
      OS << "\nFunction level:\n";
    Header = true;
    OS << "  Function: " << shown(F.Name) << "\n";
    OS << "    Checksum: " << hex(F.Checksum) << "\n";
    OS << "    Base count: " << F.BaseCount << " ("
       << pct(share(F.BaseCount, R.BaseTotal)) << " of base)\n";
    OS << "    Test count: " << F.TestCount << " ("
       << pct(share(F.TestCount, R.TestTotal)) << " of test)\n";
    OS << "    Executed paths: " << F.BasePaths << " in base, " << F.TestPaths
       << " in test, " << F.CommonPaths << " in both\n";
    OS << "    Path overlap: " << pct(F.Overlap) << "\n";
    OS << "    Part of program overlap: " << pct(F.ProgramOverlap) << "\n";
    OS << "    Hot paths: " << F.HotPaths << " in base, " << F.HotPathsFound
       << " also hot in test\n";
  }

  auto PrintUnmatched = [&](StringRef Title,
                            ArrayRef<UnmatchedFunction> Functions) {
    bool Any = false;
    for (const UnmatchedFunction &F : Functions) {
      if (!selected(F.Name))
        continue;
      if (!Any)
        OS << "\n" << Title << ":\n";
      Any = true;
      OS << "  " << shown(F.Name) << " (checksum " << hex(F.Checksum)
         << "): total path count " << F.Count << "\n";
    }
  };
  PrintUnmatched("Functions only in base", R.OnlyInBase);
  PrintUnmatched("Functions only in test", R.OnlyInTest);

  bool Any = false;
  for (const ChecksumMismatch &M : R.Mismatches) {
    if (!selected(M.Name))
      continue;
    if (!Any)
      OS << "\nMismatched checksums (not compared):\n";
    Any = true;
    OS << "  " << shown(M.Name) << ": base";
    ListSeparator LS(",");
    for (uint64_t C : M.BaseChecksums)
      OS << LS << " " << hex(C);
    if (M.BaseChecksums.empty())
      OS << " -";
    OS << "; test";
    ListSeparator LT(",");
    for (uint64_t C : M.TestChecksums)
      OS << LT << " " << hex(C);
    if (M.TestChecksums.empty())
      OS << " -";
    OS << "\n";
  }
}

static void printJSON(const ProfileOverlap &R,
                      const std::optional<EstimateInfo> &BaseEstimated,
                      const std::optional<EstimateInfo> &TestEstimated,
                      raw_ostream &OS) {
  json::OStream J(OS, 2);
  auto Unmatched = [&](StringRef Key, ArrayRef<UnmatchedFunction> Functions) {
    J.attributeArray(Key, [&] {
      for (const UnmatchedFunction &F : Functions)
        if (selected(F.Name))
          J.object([&] {
            J.attribute("name", F.Name);
            J.attribute("demangled_name", displayName(F.Name));
            J.attribute("checksum", hex(F.Checksum));
            J.attribute("total_count", F.Count);
          });
    });
  };
  auto Checksums = [&](StringRef Key, ArrayRef<uint64_t> List) {
    J.attributeArray(Key, [&] {
      for (uint64_t C : List)
        J.value(hex(C));
    });
  };
  J.object([&] {
    J.attribute("base", BaseInput);
    J.attribute("test", TestInput);
    for (auto [Key, E] : {std::pair("base_estimated", &BaseEstimated),
                          std::pair("test_estimated", &TestEstimated)})
      if (*E) {
        J.attributeBegin(Key);
        writeEstimatedJSON(**E, J);
        J.attributeEnd();
      }
    J.attribute("hot_threshold", HotThreshold / 100.0);
    if (!OverlapMetric.empty())
      J.attribute("metric", OverlapMetric);
    J.attributeObject("program", [&] {
      J.attribute("functions_in_both", uint64_t(R.Functions.size()));
      J.attribute("functions_only_in_base", uint64_t(R.OnlyInBase.size()));
      J.attribute("functions_only_in_test", uint64_t(R.OnlyInTest.size()));
      J.attribute("mismatched_names", uint64_t(R.Mismatches.size()));
      J.attribute("base_total_count", R.BaseTotal);
      J.attribute("test_total_count", R.TestTotal);
      J.attribute("overlap", R.Overlap);
      J.attribute("hot_paths", R.HotPaths);
      J.attribute("hot_paths_found", R.HotPathsFound);
      J.attribute("hot_flow", R.HotFlow);
      J.attribute("hot_flow_found", R.HotFlowFound);
      if (R.HotPathAccuracy)
        J.attribute("hot_path_accuracy", *R.HotPathAccuracy);
      else
        J.attribute("hot_path_accuracy", nullptr);
    });
    J.attributeArray("functions", [&] {
      for (const FunctionOverlap &F : R.Functions) {
        if (!selected(F.Name))
          continue;
        J.object([&] {
          J.attribute("name", F.Name);
          J.attribute("demangled_name", displayName(F.Name));
          J.attribute("checksum", hex(F.Checksum));
          J.attribute("base_count", F.BaseCount);
          J.attribute("test_count", F.TestCount);
          J.attribute("base_share", share(F.BaseCount, R.BaseTotal));
          J.attribute("test_share", share(F.TestCount, R.TestTotal));
          J.attribute("base_paths", F.BasePaths);
          J.attribute("test_paths", F.TestPaths);
          J.attribute("common_paths", F.CommonPaths);
          J.attribute("overlap", F.Overlap);
          J.attribute("program_overlap", F.ProgramOverlap);
          J.attribute("hot_paths", F.HotPaths);
          J.attribute("hot_paths_found", F.HotPathsFound);
        });
      }
    });
    Unmatched("only_in_base", R.OnlyInBase);
    Unmatched("only_in_test", R.OnlyInTest);
    J.attributeArray("mismatched", [&] {
      for (const ChecksumMismatch &M : R.Mismatches)
        if (selected(M.Name))
          J.object([&] {
            J.attribute("name", M.Name);
            J.attribute("demangled_name", displayName(M.Name));
            Checksums("base_checksums", M.BaseChecksums);
            Checksums("test_checksums", M.TestChecksums);
          });
    });
  });
  OS << "\n";
}

int pathprof::tool::overlapMain() {
  if (!(HotThreshold >= 0.0 && HotThreshold < 100.0)) {
    std::string Value;
    raw_string_ostream(Value) << format("%g", double(HotThreshold));
    return fail("--hot-threshold=" + Value +
                ": must be at least 0 and below 100 (a percentage)");
  }
  Expected<Profile> Base = readInput(BaseInput, warn);
  if (!Base)
    return fail(Base.takeError());
  Expected<Profile> Test = readInput(TestInput, warn);
  if (!Test)
    return fail(Test.takeError());
  if (!OverlapFunction.empty()) {
    auto Named = [](const FunctionProfile &F) {
      return matchesFunctionName(F.Name, OverlapFunction);
    };
    if (none_of(Base->Functions, Named) && none_of(Test->Functions, Named))
      return fail("no function named '" + OverlapFunction + "' in " +
                  BaseInput + " or " + TestInput);
  }

  if (!OverlapMetric.empty()) {
    for (auto [P, Input] : {std::pair(&*Base, &BaseInput.getValue()),
                            std::pair(&*Test, &TestInput.getValue())}) {
      Expected<size_t> Index = findMetric(*P, OverlapMetric);
      if (!Index)
        return fail(*Input + ": " + toString(Index.takeError()));
      if (P->Metrics[*Index].Merge != MetricMerge::Sum)
        return fail("--metric=" + OverlapMetric +
                    ": the metric is not summed over executions in " + *Input);
      weighByMetric(*P, *Index);
    }
  }

  OverlapOptions Options;
  Options.HotThreshold = HotThreshold / 100.0;
  ProfileOverlap R = computeOverlap(*Base, *Test, Options);

  std::error_code EC;
  raw_fd_ostream OS(OverlapOutput, EC, sys::fs::OF_TextWithCRLF);
  if (EC)
    return fail(OverlapOutput + ": " + EC.message());
  if (OverlapJSON)
    printJSON(R, Base->Estimated, Test->Estimated, OS);
  else
    printText(R, Base->Estimated, Test->Estimated, OS);
  OS.close();
  if (OS.has_error())
    return fail(OverlapOutput + ": " + OS.error().message());
  return 0;
}
