//===- ShowCommand.cpp - llvm-pathprof show -------------------------------===//
//
// `llvm-pathprof show` prints a raw or indexed profile: a program summary,
// then per function its hottest paths as block and source-line sequences, as
// text or as one JSON document. Both forms are stable; docs/CommandGuide.md
// documents every line and field. With --segments it lists instead the
// segments of a raw profile: which module instances wrote it, and the
// compiler and runtime versions each one recorded.
//
//===----------------------------------------------------------------------===//

#include "llvm-pathprof.h"

#include "PathProf/Profile.h"
#include "PathProf/ProfileReader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace pathprof;
using namespace pathprof::tool;

cl::SubCommand pathprof::tool::ShowSubcommand(
    "show", "Print the hot paths of a raw or indexed path profile");

static cl::opt<std::string> ShowInput(cl::Positional, cl::Required,
                                      cl::sub(ShowSubcommand),
                                      cl::desc("<raw or indexed profile>"),
                                      cl::cat(PathProfCategory));
static cl::opt<std::string>
    ShowFunction("function", cl::sub(ShowSubcommand), cl::value_desc("name"),
                 cl::desc("Show only the functions with this name"),
                 cl::cat(PathProfCategory));
static cl::opt<unsigned>
    ShowTopN("topn", cl::sub(ShowSubcommand), cl::init(10), cl::value_desc("n"),
             cl::desc("Paths to show per function, hottest first; 0 shows "
                      "all (default: 10; with --json: all)"),
             cl::cat(PathProfCategory));
static cl::opt<bool> ShowJSON("json", cl::sub(ShowSubcommand),
                              cl::desc("Print one JSON document"),
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
  /// (path id, count), hottest first, ties by id.
  std::vector<std::pair<uint64_t, uint64_t>> Paths;
};

} // namespace

static Expected<std::vector<FunctionSummary>> summarize(const Profile &P) {
  std::vector<FunctionSummary> Result;
  for (const FunctionProfile &F : P.Functions) {
    if (!ShowFunction.empty() && F.Name != ShowFunction)
      continue;
    Expected<uint64_t> Entry = F.entryCount();
    if (!Entry)
      return createStringError(inconvertibleErrorCode(),
                               "function '" + F.Name +
                                   "': " + toString(Entry.takeError()));
    FunctionSummary S{&F, F.totalCount(), *Entry, {}};
    S.Paths.assign(F.Counts.begin(), F.Counts.end());
    llvm::sort(S.Paths, [](const auto &A, const auto &B) {
      if (A.second != B.second)
        return A.second > B.second;
      return A.first < B.first;
    });
    Result.push_back(std::move(S));
  }
  llvm::sort(Result, [](const FunctionSummary &A, const FunctionSummary &B) {
    if (A.Total != B.Total)
      return A.Total > B.Total;
    if (A.F->Name != B.F->Name)
      return A.F->Name < B.F->Name;
    return A.F->Checksum < B.F->Checksum;
  });
  return std::move(Result);
}

static Error showText(const Profile &P, ArrayRef<FunctionSummary> Summaries,
                      raw_ostream &OS) {
  uint64_t Executed = 0;
  for (const FunctionProfile &F : P.Functions)
    Executed += F.Counts.size();
  uint64_t ProgramTotal = P.totalCount();
  OS << "Functions: " << P.Functions.size() << "\n";
  OS << "Executed paths: " << Executed << "\n";
  OS << "Total path count: " << ProgramTotal << "\n";

  for (const FunctionSummary &S : Summaries) {
    const FunctionProfile &F = *S.F;
    OS << "\nFunction: " << F.Name << "\n";
    OS << "  Checksum: " << hex(F.Checksum) << "\n";
    OS << "  Paths: " << F.NumPaths << "\n";
    OS << "  Executed paths: " << S.Paths.size() << "\n";
    OS << "  Entry count: " << S.Entry << "\n";
    OS << "  Total path count: " << S.Total << "\n";
    if (S.Paths.empty())
      continue;
    size_t Shown = S.Paths.size();
    if (ShowTopN != 0)
      Shown = std::min<size_t>(Shown, ShowTopN);
    OS << "  Top " << Shown << " of " << S.Paths.size() << " paths:\n";
    for (const auto &[Id, Count] : ArrayRef(S.Paths).take_front(Shown)) {
      Expected<DecodedPath> Path = F.CFG.decode(Id);
      if (!Path)
        return Path.takeError();
      OS << "    Path " << Id << ": count " << Count << " ("
         << percent(Count, S.Total) << " of function, "
         << percent(Count, ProgramTotal) << " of program)\n";
      if (!Path->StartsAtEntry)
        OS << "      (from backedge)\n";
      // Consecutive blocks on the same source lines read as one step.
      std::string Last;
      for (uint32_t Block : Path->Blocks) {
        std::string Loc = F.CFG.blockLocation(Block);
        if (Loc != Last)
          OS << "      " << Loc << "\n";
        Last = std::move(Loc);
      }
      if (!Path->EndsAtReturn)
        OS << "      (to backedge)\n";
    }
  }
  return Error::success();
}

static Error showJSON(const Profile &P, ArrayRef<FunctionSummary> Summaries,
                      raw_ostream &OS) {
  // Without an explicit --topn, JSON consumers get every executed path.
  unsigned TopN = ShowTopN.getNumOccurrences() ? ShowTopN : 0;
  uint64_t Executed = 0;
  for (const FunctionProfile &F : P.Functions)
    Executed += F.Counts.size();

  Error Err = Error::success();
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("num_functions", uint64_t(P.Functions.size()));
    J.attribute("executed_paths", Executed);
    J.attribute("total_count", P.totalCount());
    J.attributeArray("functions", [&] {
      for (const FunctionSummary &S : Summaries) {
        const FunctionProfile &F = *S.F;
        J.object([&] {
          J.attribute("name", F.Name);
          J.attribute("checksum", hex(F.Checksum));
          J.attribute("num_paths", F.NumPaths);
          J.attribute("executed_paths", uint64_t(S.Paths.size()));
          J.attribute("entry_count", S.Entry);
          J.attribute("total_count", S.Total);
          ArrayRef<std::pair<uint64_t, uint64_t>> Paths = S.Paths;
          if (TopN != 0)
            Paths = Paths.take_front(TopN);
          J.attributeArray("paths", [&] {
            for (const auto &IdCount : Paths) {
              uint64_t Id = IdCount.first, Count = IdCount.second;
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
                J.attributeArray("blocks", [&] {
                  for (uint32_t Block : Path->Blocks)
                    J.value(F.CFG.blockLocation(Block));
                });
                J.attribute("starts_at_entry", Path->StartsAtEntry);
                J.attribute("ends_at_return", Path->EndsAtReturn);
              });
            }
          });
        });
      }
    });
  });
  OS << "\n";
  return Err;
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
    OS << "  Size: " << S.Size << " bytes\n";
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
          J.attribute("size", S.Size);
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
  if (!ShowFunction.empty())
    return fail("--segments and --function cannot be used together");
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

int pathprof::tool::showMain() {
  if (ShowSegments)
    return showSegmentsMain();
  Expected<Profile> P = readProfile(ShowInput, warn);
  if (!P)
    return fail(P.takeError());
  Expected<std::vector<FunctionSummary>> Summaries = summarize(*P);
  if (!Summaries)
    return fail(ShowInput + ": " + toString(Summaries.takeError()));
  if (!ShowFunction.empty() && Summaries->empty())
    return fail(ShowInput + ": no function named '" + ShowFunction + "'");

  std::unique_ptr<raw_fd_ostream> OS = openOutput();
  if (!OS)
    return 1;
  Error E =
      ShowJSON ? showJSON(*P, *Summaries, *OS) : showText(*P, *Summaries, *OS);
  if (E)
    return fail(ShowInput + ": " + toString(std::move(E)));
  return closeOutput(*OS);
}
