//===- CFGDescription.cpp - Serialized Ball-Larus DAG ---------------------===//
//
// Serialization, validation and path decoding for CFGDescription. The reader
// trusts nothing: every count, index and Val is checked before use, so a
// corrupt profile yields an Error rather than an out-of-bounds read or a
// wrong decoding.
//
//===----------------------------------------------------------------------===//

#include "PathProf/CFGDescription.h"
#include "PathProf/ProfileError.h"

#include <optional>

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

using namespace llvm;
using namespace pathprof;

namespace {

void writeU32(std::string &Out, uint32_t V) {
  char Buf[4];
  support::endian::write32le(Buf, V);
  Out.append(Buf, 4);
}

void writeU64(std::string &Out, uint64_t V) {
  char Buf[8];
  support::endian::write64le(Buf, V);
  Out.append(Buf, 8);
}

void writeString(std::string &Out, StringRef S) {
  writeU32(Out, static_cast<uint32_t>(S.size()));
  Out.append(S.data(), S.size());
}

/// Bounds-checked little-endian cursor over a byte buffer.
class Cursor {
public:
  explicit Cursor(StringRef Data) : Data(Data) {}

  Error readU32(uint32_t &V, const char *What) {
    if (Data.size() - Pos < 4)
      return truncated(What);
    V = support::endian::read32le(Data.data() + Pos);
    Pos += 4;
    return Error::success();
  }
  Error readU64(uint64_t &V, const char *What) {
    if (Data.size() - Pos < 8)
      return truncated(What);
    V = support::endian::read64le(Data.data() + Pos);
    Pos += 8;
    return Error::success();
  }
  Error readString(std::string &S, const char *What) {
    uint32_t Size;
    if (Error E = readU32(Size, What))
      return E;
    if (Data.size() - Pos < Size)
      return truncated(What);
    S.assign(Data.data() + Pos, Size);
    Pos += Size;
    return Error::success();
  }
  bool atEnd() const { return Pos == Data.size(); }

private:
  Error truncated(const char *What) {
    return makeProfileError(profile_error::corrupt,
                            Twine("CFG description truncated while reading ") +
                                What);
  }
  StringRef Data;
  size_t Pos = 0;
};

Error malformed(const Twine &Msg) {
  return makeProfileError(profile_error::corrupt,
                          "malformed CFG description: " + Msg);
}

} // namespace

void CFGDescription::serialize(std::string &Out) const {
  writeU32(Out, CallSites ? 2 : 1);
  writeU32(Out, static_cast<uint32_t>(Blocks.size()));
  for (const CFGBlock &B : Blocks) {
    writeString(Out, B.Name);
    writeString(Out, B.File);
    writeU32(Out, B.LineBegin);
    writeU32(Out, B.LineEnd);
  }
  writeU32(Out, static_cast<uint32_t>(Edges.size()));
  for (const CFGEdge &E : Edges) {
    writeU32(Out, E.Src);
    writeU32(Out, E.Dst);
    writeU32(Out, static_cast<uint32_t>(E.Kind));
    writeU64(Out, E.Val);
  }
  if (!CallSites)
    return;
  writeU32(Out, static_cast<uint32_t>(CallSites->size()));
  for (const CFGCallSite &S : *CallSites) {
    writeString(Out, S.File);
    writeU32(Out, S.Line);
    writeU32(Out, S.Column);
  }
}

Expected<CFGDescription> CFGDescription::deserialize(StringRef Data) {
  Cursor C(Data);
  uint32_t Version, NumBlocks, NumEdges;
  if (Error E = C.readU32(Version, "the version"))
    return std::move(E);
  if (Version == 0 || Version > PATHPROF_CFG_VERSION)
    return malformed("unsupported version " + Twine(Version));
  if (Error E = C.readU32(NumBlocks, "the block count"))
    return std::move(E);
  if (NumBlocks == 0)
    return malformed("no blocks");
  // Each block needs at least 16 bytes; reject absurd counts before
  // allocating for them.
  if (NumBlocks > Data.size() / 16)
    return malformed("block count " + Twine(NumBlocks) +
                     " exceeds the description size");
  CFGDescription D;
  D.Blocks.resize(NumBlocks);
  for (CFGBlock &B : D.Blocks) {
    if (Error E = C.readString(B.Name, "a block name"))
      return std::move(E);
    if (Error E = C.readString(B.File, "a block file name"))
      return std::move(E);
    if (Error E = C.readU32(B.LineBegin, "a block line"))
      return std::move(E);
    if (Error E = C.readU32(B.LineEnd, "a block line"))
      return std::move(E);
  }
  if (Error E = C.readU32(NumEdges, "the edge count"))
    return std::move(E);
  if (NumEdges > Data.size() / 20)
    return malformed("edge count " + Twine(NumEdges) +
                     " exceeds the description size");
  D.Edges.resize(NumEdges);
  for (CFGEdge &Edge : D.Edges) {
    uint32_t Kind;
    if (Error E = C.readU32(Edge.Src, "an edge"))
      return std::move(E);
    if (Error E = C.readU32(Edge.Dst, "an edge"))
      return std::move(E);
    if (Error E = C.readU32(Kind, "an edge"))
      return std::move(E);
    if (Error E = C.readU64(Edge.Val, "an edge"))
      return std::move(E);
    if (Kind > PATHPROF_EDGE_RETURN)
      return malformed("unknown edge kind " + Twine(Kind));
    Edge.Kind = static_cast<PathProfEdgeKind>(Kind);
  }
  if (Version >= 2) {
    uint32_t NumSites;
    if (Error E = C.readU32(NumSites, "the call-site count"))
      return std::move(E);
    // Each call site needs at least 12 bytes.
    if (NumSites > Data.size() / 12)
      return malformed("call-site count " + Twine(NumSites) +
                       " exceeds the description size");
    D.CallSites.emplace(NumSites);
    for (CFGCallSite &S : *D.CallSites) {
      if (Error E = C.readString(S.File, "a call site's file name"))
        return std::move(E);
      if (Error E = C.readU32(S.Line, "a call site's line"))
        return std::move(E);
      if (Error E = C.readU32(S.Column, "a call site's column"))
        return std::move(E);
      if (S.Line == 0 && (!S.File.empty() || S.Column != 0))
        return malformed("call site " + Twine(&S - D.CallSites->data()) +
                         " has a file or a column but no line");
    }
  }
  if (!C.atEnd())
    return malformed("trailing bytes");
  if (Error E = D.computeNumPaths())
    return std::move(E);
  return std::move(D);
}

const char *CFGDescription::edgeProblem(const CFGEdge &E, uint32_t NumBlocks) {
  const uint32_t Exit = NumBlocks;
  if (E.Src >= Exit || E.Dst > Exit)
    return "is out of range";
  if (E.Dst == 0)
    return "enters the entry block";
  bool ToExit = E.Dst == Exit;
  bool KindToExit =
      E.Kind == PATHPROF_EDGE_EXIT_PSEUDO || E.Kind == PATHPROF_EDGE_RETURN;
  if (ToExit && !KindToExit)
    return "ends at EXIT but is not of kind exit or ret";
  if (!ToExit && KindToExit)
    return "is of kind exit or ret but does not end at EXIT";
  if (E.Kind == PATHPROF_EDGE_ENTRY_PSEUDO && E.Src != 0)
    return "is of kind entry but does not leave the entry block";
  return nullptr;
}

Error CFGDescription::computeNumPaths() {
  return numberPaths(/*AssignVals=*/false);
}

Error CFGDescription::numberEdges() { return numberPaths(/*AssignVals=*/true); }

Error CFGDescription::numberPaths(bool AssignVals) {
  const uint32_t Exit = exitNode();
  const uint32_t NumNodes = Exit + 1;
  for (size_t I = 0; I != Edges.size(); ++I) {
    const CFGEdge &E = Edges[I];
    if (const char *Problem = edgeProblem(E, Exit))
      return malformed("edge " + Twine(I) + " (" + Twine(E.Src) + "->" +
                       Twine(E.Dst) + ") " + Problem);
    if (!AssignVals && I > 0) {
      const CFGEdge &P = Edges[I - 1];
      if (P.Src > E.Src || (P.Src == E.Src && P.Val >= E.Val))
        return malformed("edges are not sorted by source and Val");
    }
  }
  FirstEdge.assign(NumNodes + 1, 0);
  for (const CFGEdge &E : Edges)
    ++FirstEdge[E.Src + 1];
  for (uint32_t N = 0; N != NumNodes; ++N)
    FirstEdge[N + 1] += FirstEdge[N];
  // Group the edges by source, keeping the order of each node's out-edges,
  // which is the order of the Vals to assign.
  if (AssignVals) {
    std::vector<CFGEdge> Grouped(Edges.size());
    std::vector<uint32_t> Next(FirstEdge.begin(), FirstEdge.end() - 1);
    for (const CFGEdge &E : Edges)
      Grouped[Next[E.Src]++] = E;
    Edges = std::move(Grouped);
  }

  // NumPaths per node by an iterative post-order DFS from ENTRY; a node seen
  // again while on the stack means a cycle, which no valid DAG has.
  enum : uint8_t { Unvisited, OnStack, Done };
  std::vector<uint8_t> State(NumNodes, Unvisited);
  std::vector<uint64_t> NP(NumNodes, 0);
  std::vector<std::pair<uint32_t, uint32_t>> Stack; // node, next edge
  NP[Exit] = 1;
  State[Exit] = Done;
  Stack.push_back({0, FirstEdge[0]});
  State[0] = OnStack;
  while (!Stack.empty()) {
    auto &[Node, Next] = Stack.back();
    if (Next != FirstEdge[Node + 1]) {
      uint32_t Dst = Edges[Next++].Dst;
      if (State[Dst] == OnStack)
        return malformed("the graph has a cycle through block " + Twine(Dst));
      if (State[Dst] == Unvisited) {
        State[Dst] = OnStack;
        Stack.push_back({Dst, FirstEdge[Dst]});
      }
      continue;
    }
    uint64_t Sum = 0;
    for (uint32_t I = FirstEdge[Node]; I != FirstEdge[Node + 1]; ++I) {
      if (AssignVals)
        Edges[I].Val = Sum;
      else if (Edges[I].Val != Sum)
        return malformed("edge " + Twine(I) + " has Val " +
                         Twine(Edges[I].Val) + ", expected " + Twine(Sum));
      bool Overflow = false;
      Sum = SaturatingAdd(Sum, NP[Edges[I].Dst], &Overflow);
      if (Overflow)
        return malformed("the number of paths does not fit in 64 bits");
    }
    if (Sum == 0)
      return malformed("block " + Twine(Node) + " does not reach the exit");
    NP[Node] = Sum;
    State[Node] = Done;
    Stack.pop_back();
  }
  // The instrumentation describes only the blocks that can run; numbering
  // could give the others no Vals.
  for (uint32_t N = 0; N != Exit; ++N)
    if (State[N] != Done)
      return malformed("block " + Twine(N) +
                       " is not reachable from the entry");
  NumPaths = NP[0];
  return Error::success();
}

Expected<DecodedPath> CFGDescription::decode(uint64_t PathId) const {
  if (PathId >= NumPaths)
    return makeProfileError(profile_error::corrupt,
                            "path id " + Twine(PathId) + " is out of range (" +
                                Twine(NumPaths) + " paths)");
  DecodedPath P;
  const uint32_t Exit = exitNode();
  uint64_t Rest = PathId;
  uint32_t Node = 0;
  // Validation guarantees a DAG, so this visits each node at most once.
  for (uint32_t Steps = 0; Node != Exit && Steps <= Exit; ++Steps) {
    uint32_t Begin = FirstEdge[Node], End = FirstEdge[Node + 1];
    uint32_t Pick = Begin;
    for (uint32_t I = Begin; I != End && Edges[I].Val <= Rest; ++I)
      Pick = I;
    const CFGEdge &E = Edges[Pick];
    if (Node == 0 && E.Kind != PATHPROF_EDGE_ENTRY_PSEUDO) {
      P.StartsAtEntry = true;
      P.Blocks.push_back(0);
    }
    if (E.Dst != Exit)
      P.Blocks.push_back(E.Dst);
    else
      P.EndsAtReturn = E.Kind == PATHPROF_EDGE_RETURN;
    Rest -= E.Val;
    Node = E.Dst;
  }
  return std::move(P);
}

Expected<uint64_t> CFGDescription::encode(const DecodedPath &Path) const {
  const uint32_t Exit = exitNode();
  auto Fail = [](const Twine &Msg) {
    return makeProfileError(profile_error::corrupt, Msg);
  };
  if (Path.Blocks.empty())
    return Fail("a path runs at least one block");
  for (uint32_t B : Path.Blocks)
    if (B >= Exit)
      return Fail("block " + Twine(B) + " is out of range");
  auto Name = [&](uint32_t B) {
    return Blocks[B].Name.empty() ? "block " + std::to_string(B)
                                  : "'" + Blocks[B].Name + "'";
  };
  // The value of the edge Src->Dst of kind Kind (CFG edges: any kind but the
  // pseudo-edges and returns).
  auto Val = [&](uint32_t Src, uint32_t Dst,
                 PathProfEdgeKind Kind) -> std::optional<uint64_t> {
    for (uint32_t I = FirstEdge[Src]; I != FirstEdge[Src + 1]; ++I)
      if (Edges[I].Dst == Dst && Edges[I].Kind == Kind)
        return Edges[I].Val;
    return std::nullopt;
  };
  uint64_t Id = 0;
  if (Path.StartsAtEntry) {
    if (Path.Blocks.front() != 0)
      return Fail("a path that starts at the entry begins with " + Name(0));
  } else {
    std::optional<uint64_t> V =
        Val(0, Path.Blocks.front(), PATHPROF_EDGE_ENTRY_PSEUDO);
    if (!V)
      return Fail("no path begins after a path break into " +
                  Name(Path.Blocks.front()));
    Id += *V;
  }
  for (size_t I = 0; I + 1 < Path.Blocks.size(); ++I) {
    std::optional<uint64_t> V =
        Val(Path.Blocks[I], Path.Blocks[I + 1], PATHPROF_EDGE_CFG);
    if (!V)
      return Fail("no DAG edge from " + Name(Path.Blocks[I]) + " to " +
                  Name(Path.Blocks[I + 1]));
    Id += *V;
  }
  std::optional<uint64_t> V =
      Val(Path.Blocks.back(), Exit,
          Path.EndsAtReturn ? PATHPROF_EDGE_RETURN : PATHPROF_EDGE_EXIT_PSEUDO);
  if (!V)
    return Fail(
        Twine("no path ends ") +
        (Path.EndsAtReturn ? "by leaving the function" : "with a path break") +
        " at " + Name(Path.Blocks.back()));
  return Id + *V;
}

const CFGCallSite *CFGDescription::callSite(uint64_t Index) const {
  if (!CallSites || Index >= CallSites->size() || (*CallSites)[Index].Line == 0)
    return nullptr;
  return &(*CallSites)[Index];
}

std::string CFGDescription::blockLocation(uint32_t Block) const {
  if (Block >= Blocks.size())
    return "<invalid block>";
  const CFGBlock &B = Blocks[Block];
  if (B.File.empty() || B.LineBegin == 0)
    return B.Name;
  std::string S = B.File + ":" + std::to_string(B.LineBegin);
  if (B.LineEnd > B.LineBegin)
    S += "-" + std::to_string(B.LineEnd);
  return S;
}
