//===- TextProfile.cpp - Path profiles as text ----------------------------===//
//
// The reader and the writer of text profiles (PathProf/TextProfile.h). The
// reader numbers each function's DAG from the order of the out-edges it is
// given (Ball & Larus 1996: an edge's Val is the sum of the path counts of
// the targets of the node's earlier out-edges), serializes the description
// and validates it as the binary readers validate theirs, so a text profile
// can describe nothing a binary profile could not.
//
//===----------------------------------------------------------------------===//

#include "PathProf/TextProfile.h"
#include "PathProf/CFGDescription.h"
#include "PathProf/ProfileError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <optional>
#include <tuple>

using namespace llvm;
using namespace pathprof;

static const char *const EdgeKindNames[] = {"cfg", "entry", "exit", "ret"};

static std::optional<PathProfEdgeKind> parseEdgeKind(StringRef Name) {
  for (unsigned K = 0; K != std::size(EdgeKindNames); ++K)
    if (Name == EdgeKindNames[K])
      return PathProfEdgeKind(K);
  return std::nullopt;
}

bool pathprof::isTextProfile(StringRef Buffer) {
  while (!Buffer.empty()) {
    auto [Line, Rest] = Buffer.split('\n');
    Line = Line.trim();
    if (!Line.empty() && !Line.starts_with("#"))
      return Line == TextProfileHeader;
    Buffer = Rest;
  }
  return false;
}

namespace {

/// Parses one text profile, line by line.
class TextReader {
public:
  explicit TextReader(StringRef Buffer) : Rest(Buffer) {}
  Expected<Profile> read();

private:
  Error error(const Twine &Msg) const {
    return makeProfileError(profile_error::malformed_text,
                            "line " + Twine(LineNo) + ": " + Msg);
  }
  /// The next line that is not blank or a comment, split into its keyword
  /// and the rest; false at the end.
  bool next();
  Error number(StringRef Word, uint64_t &V, const Twine &What) const;
  Error readMetric();
  Error readFunction();
  Error finishFunction();

  StringRef Rest;
  unsigned LineNo = 0;
  StringRef Keyword, Args;
  /// The line was read but not consumed.
  bool Pending = false;

  Profile P;
  // The function being read.
  FunctionProfile F;
  bool HaveChecksum = false;
  std::optional<uint64_t> DeclaredPaths;
  CFGDescription CFG;
  std::vector<PathRecord> Records;
  unsigned FunctionLine = 0;
};

} // namespace

bool TextReader::next() {
  if (Pending) {
    Pending = false;
    return true;
  }
  while (!Rest.empty()) {
    StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    ++LineNo;
    Line = Line.trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    std::tie(Keyword, Args) = Line.split(' ');
    Args = Args.trim();
    return true;
  }
  return false;
}

Error TextReader::number(StringRef Word, uint64_t &V, const Twine &What) const {
  // getAsInteger takes 0x (and 0, 0b) prefixes with radix 0.
  if (Word.empty() || Word.getAsInteger(0, V))
    return error("expected " + What + ", found '" + Word + "'");
  return Error::success();
}

Error TextReader::readMetric() {
  SmallVector<StringRef, 4> Words;
  Args.split(Words, ' ', -1, /*KeepEmpty=*/false);
  if (Words.size() != 3)
    return error("expected ':metric NAME UNIT sum|max|min'");
  std::optional<MetricMerge> Merge = parseMetricMerge(Words[2]);
  if (!Merge)
    return error("unknown metric merge '" + Words[2] +
                 "' (expected sum, max or min)");
  if (any_of(P.Metrics,
             [&](const MetricDescriptor &M) { return M.Name == Words[0]; }))
    return error("metric '" + Words[0] + "' appears twice");
  P.Metrics.push_back({Words[0].str(), Words[1].str(), *Merge});
  return Error::success();
}

Error TextReader::readFunction() {
  F = FunctionProfile();
  F.Name = Args.str();
  if (F.Name.empty())
    return error("a function needs a name");
  FunctionLine = LineNo;
  HaveChecksum = false;
  DeclaredPaths.reset();
  CFG = CFGDescription();
  Records.clear();
  while (next()) {
    SmallVector<StringRef, 8> Words;
    Args.split(Words, ' ', -1, /*KeepEmpty=*/false);
    if (Keyword == "function") {
      Pending = true;
      break;
    }
    if (Keyword == "checksum") {
      if (Words.size() != 1)
        return error("expected 'checksum VALUE'");
      if (Error E = number(Words[0], F.Checksum, "a checksum"))
        return E;
      HaveChecksum = true;
    } else if (Keyword == "paths") {
      uint64_t N;
      if (Words.size() != 1)
        return error("expected 'paths N'");
      if (Error E = number(Words[0], N, "a number of paths"))
        return E;
      DeclaredPaths = N;
    } else if (Keyword == "block") {
      // block NAME FIRST LAST [FILE...]: the file is the rest of the line.
      auto [Name, AfterName] = Args.split(' ');
      auto [First, AfterFirst] = AfterName.trim().split(' ');
      auto [Last, File] = AfterFirst.trim().split(' ');
      uint64_t Begin, End;
      if (Name.empty())
        return error("expected 'block NAME FIRST LAST [FILE]'");
      if (Error E = number(First, Begin, "a first line"))
        return E;
      if (Error E = number(Last, End, "a last line"))
        return E;
      if (Begin > UINT32_MAX || End > UINT32_MAX)
        return error("line numbers must fit in 32 bits");
      if (!CFG.Edges.empty())
        return error("blocks come before edges");
      // "-" stands for a block without a name.
      CFG.Blocks.push_back({Name == "-" ? "" : Name.str(), File.trim().str(),
                            uint32_t(Begin), uint32_t(End)});
    } else if (Keyword == "edge") {
      uint64_t Src, Dst;
      if (Words.size() != 3)
        return error("expected 'edge SOURCE TARGET cfg|entry|exit|ret'");
      if (Error E = number(Words[0], Src, "a source node"))
        return E;
      if (Error E = number(Words[1], Dst, "a target node"))
        return E;
      std::optional<PathProfEdgeKind> Kind = parseEdgeKind(Words[2]);
      if (!Kind)
        return error("unknown edge kind '" + Words[2] +
                     "' (expected cfg, entry, exit or ret)");
      // Node N (N = number of blocks) is EXIT, which has no out-edges.
      if (Src >= CFG.Blocks.size() || Dst > CFG.Blocks.size())
        return error("edge " + Twine(Src) + " -> " + Twine(Dst) +
                     " names a node the function does not have (" +
                     Twine(CFG.Blocks.size()) + " blocks, EXIT is " +
                     Twine(CFG.Blocks.size()) + ")");
      CFG.Edges.push_back({uint32_t(Src), uint32_t(Dst), *Kind, 0});
    } else if (Keyword == "path") {
      PathRecord R;
      if (Words.size() != 2 + P.Metrics.size())
        return error("expected 'path ID COUNT' and " + Twine(P.Metrics.size()) +
                     " metric values");
      if (Error E = number(Words[0], R.Id, "a path id"))
        return E;
      if (Error E = number(Words[1], R.Count, "a count"))
        return E;
      for (StringRef W : ArrayRef(Words).drop_front(2)) {
        uint64_t V;
        if (Error E = number(W, V, "a metric value"))
          return E;
        R.Metrics.push_back(V);
      }
      if (!Records.empty() && Records.back().Id >= R.Id)
        return error("paths must be listed by increasing id");
      if (R.Count == 0)
        return error("path " + Twine(R.Id) + " has a zero count");
      Records.push_back(std::move(R));
    } else {
      return error("unknown keyword '" + Keyword + "'");
    }
  }
  return finishFunction();
}

/// Numbers the DAG from the order of the out-edges, then validates the
/// function as the binary readers do.
Error TextReader::finishFunction() {
  auto Fail = [&](const Twine &Msg) {
    return makeProfileError(profile_error::malformed_text,
                            "line " + Twine(FunctionLine) + ": function '" +
                                F.Name + "': " + Msg);
  };
  if (!HaveChecksum)
    return Fail("no checksum");
  if (CFG.Blocks.empty())
    return Fail("no blocks");
  // NumPaths of every node, from EXIT backwards (memoized DFS); a cycle
  // leaves a node on the stack.
  const uint32_t Exit = CFG.exitNode();
  std::vector<std::optional<uint64_t>> NP(Exit + 1);
  std::vector<bool> OnStack(Exit + 1);
  NP[Exit] = 1;
  std::vector<std::vector<size_t>> Out(Exit + 1);
  for (size_t I = 0; I != CFG.Edges.size(); ++I)
    Out[CFG.Edges[I].Src].push_back(I);
  bool Cyclic = false, Overflow = false;
  std::function<uint64_t(uint32_t)> Count = [&](uint32_t N) -> uint64_t {
    if (NP[N])
      return *NP[N];
    if (OnStack[N]) {
      Cyclic = true;
      return 0;
    }
    OnStack[N] = true;
    uint64_t Sum = 0;
    for (size_t I : Out[N]) {
      CFG.Edges[I].Val = Sum;
      bool O = false;
      Sum = SaturatingAdd(Sum, Count(CFG.Edges[I].Dst), &O);
      Overflow |= O;
    }
    OnStack[N] = false;
    NP[N] = Sum;
    return Sum;
  };
  for (uint32_t N = 0; N != Exit; ++N)
    Count(N);
  if (Cyclic)
    return Fail("its edges form a cycle");
  if (Overflow)
    return Fail("the number of paths does not fit in 64 bits");
  // Out-edges in the order given, which is the order of their Vals.
  llvm::sort(CFG.Edges, [](const CFGEdge &A, const CFGEdge &B) {
    return std::tie(A.Src, A.Val, A.Dst, A.Kind) <
           std::tie(B.Src, B.Val, B.Dst, B.Kind);
  });
  std::string Data;
  CFG.serialize(Data);
  F.NumPaths = *NP[0];
  if (Error E = F.setCFG(Data))
    return Fail(toString(std::move(E)));
  if (DeclaredPaths && *DeclaredPaths != F.NumPaths)
    return Fail("'paths " + Twine(*DeclaredPaths) + "' but its edges give " +
                Twine(F.NumPaths));
  for (PathRecord &R : Records) {
    if (R.Id >= F.NumPaths)
      return Fail("path " + Twine(R.Id) + " is out of range (" +
                  Twine(F.NumPaths) + " paths)");
    F.Paths.add(std::move(R));
  }
  for (const FunctionProfile &G : P.Functions)
    if (G.Name == F.Name && G.Checksum == F.Checksum)
      return Fail("appears twice with checksum 0x" + utohexstr(F.Checksum));
  P.Functions.push_back(std::move(F));
  return Error::success();
}

Expected<Profile> TextReader::read() {
  if (!next() || (Keyword + " " + Args).str() != TextProfileHeader)
    return error("expected '" + TextProfileHeader + "'");
  while (next()) {
    if (Keyword == ":metric") {
      if (!P.Functions.empty())
        return error("metrics come before the functions");
      if (Error E = readMetric())
        return std::move(E);
    } else if (Keyword == "function") {
      if (Error E = readFunction())
        return std::move(E);
    } else {
      return error("expected 'function NAME' or ':metric', found '" + Keyword +
                   "'");
    }
  }
  P.sortFunctions();
  return std::move(P);
}

Expected<Profile> pathprof::readTextProfile(StringRef Buffer) {
  return TextReader(Buffer).read();
}

void pathprof::writeTextProfile(const Profile &P, raw_ostream &OS) {
  OS << TextProfileHeader << "\n";
  for (const MetricDescriptor &M : P.Metrics)
    OS << ":metric " << M.Name << " " << M.Unit << " "
       << metricMergeName(M.Merge) << "\n";
  std::vector<const FunctionProfile *> Sorted;
  for (const FunctionProfile &F : P.Functions)
    Sorted.push_back(&F);
  llvm::sort(Sorted, [](const FunctionProfile *A, const FunctionProfile *B) {
    return std::tie(A->Name, A->Checksum) < std::tie(B->Name, B->Checksum);
  });
  for (const FunctionProfile *F : Sorted) {
    OS << "\nfunction " << F->Name << "\n";
    OS << "checksum 0x" << utohexstr(F->Checksum, /*LowerCase=*/true) << "\n";
    OS << "paths " << F->NumPaths << "\n";
    for (const CFGBlock &B : F->CFG.Blocks) {
      OS << "block " << (B.Name.empty() ? "-" : B.Name) << " " << B.LineBegin
         << " " << B.LineEnd;
      if (!B.File.empty())
        OS << " " << B.File;
      OS << "\n";
    }
    for (const CFGEdge &E : F->CFG.Edges)
      OS << "edge " << E.Src << " " << E.Dst << " " << EdgeKindNames[E.Kind]
         << "\n";
    for (const PathRecord &R : F->Paths) {
      OS << "path " << R.Id << " " << R.Count;
      for (size_t I = 0; I != P.Metrics.size(); ++I)
        OS << " " << (R.Metrics.empty() ? 0 : R.Metrics[I]);
      OS << "\n";
    }
  }
}

Error pathprof::writeTextProfile(const Profile &P, StringRef Path) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC)
    return makeProfileError(profile_error::io, EC.message());
  writeTextProfile(P, OS);
  OS.close();
  if (OS.has_error())
    return makeProfileError(profile_error::io, OS.error().message());
  return Error::success();
}
