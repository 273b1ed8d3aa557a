//===- BallLarus.cpp - Ball-Larus DAG and path numbering ------------------===//
//
// Builds the Ball-Larus DAG of a function and numbers its paths (Ball and
// Larus, "Efficient Path Profiling", MICRO 1996; Ammons, Ball and Larus,
// PLDI 1997, section 2). See PathProf/BallLarus.h for the terms.
// The DAG is the single source of truth for everything downstream: the
// instrumentation places increments from its Val, the profile carries its
// description, and the use pass recomputes it to match profiles by checksum.
//
//===----------------------------------------------------------------------===//

#include "PathProf/BallLarus.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <functional>
#include <map>

using namespace llvm;
using namespace pathprof;

#define DEBUG_TYPE "pathprof-numbering"

static cl::opt<unsigned> PrintPathsLimit(
    "pathprof-print-paths-limit", cl::init(256), cl::Hidden,
    cl::desc("print<pathprof-numbering> enumerates every path of functions "
             "with at most this many paths"));

AnalysisKey BallLarusAnalysis::Key;

BallLarusDAG::BallLarusDAG(Function &Fn, uint64_t MaxPaths) : F(&Fn) {
  build(MaxPaths);
}

int BallLarusDAG::nodeOf(const BasicBlock *BB) const {
  auto It = NodeIndex.find(BB);
  return It == NodeIndex.end() ? -1 : static_cast<int>(It->second);
}

int BallLarusDAG::cfgEdge(const BasicBlock *Src, const BasicBlock *Dst) const {
  int S = nodeOf(Src), D = nodeOf(Dst);
  if (S < 0 || D < 0)
    return -1;
  auto It = CFGEdgeIndex.find({unsigned(S), unsigned(D)});
  return It == CFGEdgeIndex.end() ? -1 : static_cast<int>(It->second);
}

int BallLarusDAG::returnEdge(unsigned Node) const {
  return Node < ReturnEdges.size() ? ReturnEdges[Node] : -1;
}

unsigned BallLarusDAG::numBackedges() const {
  return count_if(Breaks,
                  [](const PathBreak &B) { return !B.IsCut && !B.IsSetjmp; });
}

unsigned BallLarusDAG::numCutEdges() const {
  return count_if(Breaks, [](const PathBreak &B) { return B.IsCut; });
}

std::string BallLarusDAG::nodeName(unsigned N) const {
  if (N == exitNode())
    return "EXIT";
  if (N < Blocks.size() && Blocks[N]->hasName())
    return Blocks[N]->getName().str();
  return "bb" + std::to_string(N);
}

// Marks in IsBackedge.
enum : uint8_t { ForwardEdge = 0, Backedge = 1, CutEdge = 2, SetjmpEdge = 3 };

bool pathprof::beginsWithReturnsTwiceCall(const BasicBlock &BB) {
  const auto *Call = dyn_cast<CallInst>(BB.getFirstNonPHIOrDbg());
  return Call && Call->canReturnTwice();
}

bool pathprof::splitAtReturnsTwiceCalls(Function &F) {
  SmallVector<CallInst *, 4> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallInst>(&I);
          Call && Call->canReturnTwice() && Call != BB.getFirstNonPHIOrDbg())
        Calls.push_back(Call);
  for (CallInst *Call : Calls)
    Call->getParent()->splitBasicBlock(Call, Call->getParent()->getName() +
                                                 ".setjmp");
  return !Calls.empty();
}

void BallLarusDAG::build(uint64_t Limit) {
  // Reachable blocks in function order; unreachable ones never run.
  SmallPtrSet<const BasicBlock *, 32> Reachable;
  SmallVector<const BasicBlock *, 32> Work{&F->getEntryBlock()};
  Reachable.insert(&F->getEntryBlock());
  while (!Work.empty())
    for (const BasicBlock *S : successors(Work.pop_back_val()))
      if (Reachable.insert(S).second)
        Work.push_back(S);
  for (BasicBlock &BB : *F)
    if (Reachable.count(&BB)) {
      NodeIndex[&BB] = Blocks.size();
      Blocks.push_back(&BB);
    }

  const unsigned NumBlocks = Blocks.size();
  Succs.assign(NumBlocks, {});
  IsBackedge.assign(NumBlocks, {});
  for (unsigned N = 0; N != NumBlocks; ++N)
    for (const BasicBlock *S : successors(Blocks[N])) {
      unsigned SN = NodeIndex.lookup(S);
      if (!is_contained(Succs[N], SN)) {
        Succs[N].push_back(SN);
        IsBackedge[N].push_back(ForwardEdge);
      }
    }

  // Backedges: retreating edges of an iterative DFS from ENTRY. Post-order
  // of the same DFS is a reverse topological order of the DAG.
  enum : uint8_t { Unvisited, OnStack, Done };
  std::vector<uint8_t> State(NumBlocks, Unvisited);
  std::vector<std::pair<unsigned, unsigned>> Stack{{0, 0}};
  std::vector<unsigned> PostOrder;
  State[0] = OnStack;
  while (!Stack.empty()) {
    auto &[N, I] = Stack.back();
    if (I == Succs[N].size()) {
      State[N] = Done;
      PostOrder.push_back(N);
      Stack.pop_back();
      continue;
    }
    unsigned Pos = I++;
    unsigned S = Succs[N][Pos];
    if (State[S] == OnStack)
      IsBackedge[N][Pos] = Backedge;
    else if (State[S] == Unvisited) {
      State[S] = OnStack;
      Stack.push_back({S, 0});
    }
  }

  // Paths restart at setjmp-like calls; the entry block needs no break, its
  // path register is the constant 0.
  for (unsigned N = 0; N != NumBlocks; ++N)
    for (unsigned I = 0; I != Succs[N].size(); ++I)
      if (IsBackedge[N][I] == ForwardEdge &&
          beginsWithReturnsTwiceCall(*Blocks[Succs[N][I]]))
        IsBackedge[N][I] = SetjmpEdge;

  // First number without cuts. If NumPaths exceeds the limit, bound every
  // node other than ENTRY by a halving T: each out-edge of ENTRY then reaches
  // at most T paths, so T = Limit / (out-degree bound of ENTRY) always fits,
  // and larger T, tried first, cut fewer edges.
  std::vector<uint64_t> Bounds;
  for (uint64_t T = Limit; T >= 2; T /= 2)
    Bounds.push_back(T);
  for (uint64_t NodeLimit : Bounds) {
    for (auto &Marks : IsBackedge)
      for (uint8_t &M : Marks)
        if (M == CutEdge)
          M = ForwardEdge;
    if (number(NodeLimit, Limit, PostOrder)) {
      Valid = true;
      break;
    }
  }
  if (!Valid) {
    Error = "the function's paths cannot be numbered within " +
            std::to_string(Limit) + " paths";
    return;
  }

  // The checksum covers the CFG shape and the DAG derived from it.
  std::vector<uint64_t> Words{NumBlocks, Edges.size()};
  for (unsigned N = 0; N != NumBlocks; ++N) {
    Words.push_back(Succs[N].size());
    for (unsigned I = 0; I != Succs[N].size(); ++I)
      Words.push_back(uint64_t(Succs[N][I]) << 2 | IsBackedge[N][I]);
  }
  for (const DAGEdge &E : Edges) {
    Words.push_back(uint64_t(E.Src) << 32 | E.Dst);
    Words.push_back(uint64_t(E.Kind) << 56 ^ E.Val);
  }
  std::vector<uint8_t> Bytes(Words.size() * 8);
  for (size_t I = 0; I != Words.size(); ++I)
    support::endian::write64le(&Bytes[I * 8], Words[I]);
  Checksum = xxh3_64bits(Bytes);
}

bool BallLarusDAG::number(uint64_t NodeLimit, uint64_t Limit,
                          ArrayRef<unsigned> PostOrder) {
  const unsigned NumBlocks = Blocks.size();
  const unsigned Exit = NumBlocks;
  NP.assign(NumBlocks + 1, 0);
  NP[Exit] = 1;
  std::vector<std::vector<DAGEdge>> Out(NumBlocks);

  auto Append = [&](unsigned N, unsigned Dst, PathProfEdgeKind Kind,
                    uint64_t &Sum, uint64_t Bound) {
    if (NP[Dst] > Bound || Sum > Bound - NP[Dst])
      return false;
    Out[N].push_back({N, Dst, Kind, Sum});
    Sum += NP[Dst];
    return true;
  };

  // Targets of path breaks get ENTRY->w pseudo-edges, in node order.
  std::vector<bool> BreakTarget(NumBlocks, false);
  for (unsigned N : PostOrder) {
    uint64_t Sum = 0;
    bool NeedsExitPseudo = false;
    for (unsigned I = 0; I != Succs[N].size(); ++I) {
      // One path is kept in reserve for the exit pseudo-edge a cut needs.
      if (IsBackedge[N][I] == ForwardEdge && N != 0 &&
          !Append(N, Succs[N][I], PATHPROF_EDGE_CFG, Sum,
                  NodeLimit == Limit ? Limit : NodeLimit - 1))
        IsBackedge[N][I] = CutEdge;
      else if (IsBackedge[N][I] == ForwardEdge && N == 0 &&
               !Append(N, Succs[N][I], PATHPROF_EDGE_CFG, Sum, Limit))
        return false;
      if (IsBackedge[N][I] != ForwardEdge) {
        NeedsExitPseudo = true;
        BreakTarget[Succs[N][I]] = true;
      }
    }
    if (Succs[N].empty() && !Append(N, Exit, PATHPROF_EDGE_RETURN, Sum, Limit))
      return false;
    if (NeedsExitPseudo &&
        !Append(N, Exit, PATHPROF_EDGE_EXIT_PSEUDO, Sum, Limit))
      return false;
    if (N == 0)
      for (unsigned W = 0; W != NumBlocks; ++W)
        if (BreakTarget[W] &&
            !Append(0, W, PATHPROF_EDGE_ENTRY_PSEUDO, Sum, Limit))
          return false;
    NP[N] = Sum;
  }

  Edges.clear();
  CFGEdgeIndex.clear();
  Breaks.clear();
  ReturnEdges.assign(NumBlocks, -1);
  std::vector<int> ExitPseudo(NumBlocks, -1), EntryPseudo(NumBlocks, -1);
  for (unsigned N = 0; N != NumBlocks; ++N)
    for (const DAGEdge &E : Out[N]) {
      unsigned Index = Edges.size();
      Edges.push_back(E);
      switch (E.Kind) {
      case PATHPROF_EDGE_CFG:
        CFGEdgeIndex[{E.Src, E.Dst}] = Index;
        break;
      case PATHPROF_EDGE_RETURN:
        ReturnEdges[N] = Index;
        break;
      case PATHPROF_EDGE_EXIT_PSEUDO:
        ExitPseudo[N] = Index;
        break;
      case PATHPROF_EDGE_ENTRY_PSEUDO:
        EntryPseudo[E.Dst] = Index;
        break;
      }
    }
  for (unsigned N = 0; N != NumBlocks; ++N)
    for (unsigned I = 0; I != Succs[N].size(); ++I)
      if (IsBackedge[N][I] != ForwardEdge) {
        unsigned W = Succs[N][I];
        Breaks.push_back({Blocks[N], Blocks[W], unsigned(ExitPseudo[N]),
                          unsigned(EntryPseudo[W]), IsBackedge[N][I] == CutEdge,
                          IsBackedge[N][I] == SetjmpEdge});
      }
  NumPaths = NP[0];
  return true;
}

CFGDescription BallLarusDAG::describe() const {
  CFGDescription D;
  for (unsigned N = 0; N != Blocks.size(); ++N) {
    CFGBlock B;
    B.Name = nodeName(N);
    for (const Instruction &I : *Blocks[N]) {
      const DILocation *Loc = I.getDebugLoc().get();
      if (!Loc)
        continue;
      // Lines of code inlined earlier are reported at their call site, so
      // every line of a block belongs to this function's source.
      while (const DILocation *At = Loc->getInlinedAt())
        Loc = At;
      if (Loc->getLine() == 0)
        continue;
      if (B.File.empty())
        B.File = Loc->getFilename().str();
      else if (B.File != Loc->getFilename())
        continue;
      if (B.LineBegin == 0 || Loc->getLine() < B.LineBegin)
        B.LineBegin = Loc->getLine();
      B.LineEnd = std::max(B.LineEnd, Loc->getLine());
    }
    D.Blocks.push_back(std::move(B));
  }
  D.Edges = Edges;
  cantFail(D.computeNumPaths());
  return D;
}

static const char *kindName(PathProfEdgeKind K) {
  switch (K) {
  case PATHPROF_EDGE_CFG:
    return "cfg";
  case PATHPROF_EDGE_ENTRY_PSEUDO:
    return "entry-pseudo";
  case PATHPROF_EDGE_EXIT_PSEUDO:
    return "exit-pseudo";
  case PATHPROF_EDGE_RETURN:
    return "return";
  }
  llvm_unreachable("unknown edge kind");
}

void BallLarusDAG::print(raw_ostream &OS) const {
  OS << "PathProf numbering for '" << F->getName() << "'\n";
  if (!Valid) {
    OS << "  not numbered: " << Error << "\n";
    return;
  }
  OS << "  blocks: " << Blocks.size() << ", edges: " << Edges.size()
     << ", backedges: " << numBackedges() << ", cut edges: " << numCutEdges()
     << "\n";
  OS << "  NumPaths: " << NumPaths << "\n";
  for (const PathBreak &B : Breaks)
    OS << "  "
       << (B.IsCut      ? "cut edge: "
           : B.IsSetjmp ? "setjmp edge: "
                        : "backedge: ")
       << nodeName(nodeOf(B.Src)) << " -> " << nodeName(nodeOf(B.Dst)) << "\n";
  for (const DAGEdge &E : Edges)
    OS << "  edge " << nodeName(E.Src) << " -> " << nodeName(E.Dst) << " ["
       << kindName(E.Kind) << "] Val=" << E.Val << "\n";
}

BallLarusDAG BallLarusAnalysis::run(Function &F, FunctionAnalysisManager &) {
  return BallLarusDAG(F, MaxPaths);
}

/// Enumerates every ENTRY->EXIT path of the DAG independently of the
/// numbering, and checks that the path sums are exactly 0..NumPaths-1 and
/// that decoding each id gives back its path.
static void enumeratePaths(const BallLarusDAG &DAG, raw_ostream &OS) {
  ArrayRef<DAGEdge> Edges = DAG.edges();
  std::map<uint64_t, std::vector<unsigned>> Found; // id -> edge indices
  unsigned Duplicates = 0;
  std::vector<unsigned> Path;
  std::function<void(unsigned, uint64_t)> Walk = [&](unsigned Node,
                                                     uint64_t Sum) {
    if (Node == DAG.exitNode()) {
      if (!Found.emplace(Sum, Path).second)
        ++Duplicates;
      return;
    }
    for (unsigned I = 0; I != Edges.size(); ++I)
      if (Edges[I].Src == Node) {
        Path.push_back(I);
        Walk(Edges[I].Dst, Sum + Edges[I].Val);
        Path.pop_back();
      }
  };
  Walk(0, 0);

  CFGDescription Desc = DAG.describe();
  unsigned Mismatches = 0;
  for (const auto &[Id, EdgeSeq] : Found) {
    OS << "  path " << Id << ":";
    std::vector<uint32_t> Blocks;
    for (unsigned I = 0; I != EdgeSeq.size(); ++I) {
      const DAGEdge &E = Edges[EdgeSeq[I]];
      if (I == 0)
        OS << (E.Kind == PATHPROF_EDGE_ENTRY_PSEUDO ? " ENTRY =>"
                                                    : " " + DAG.nodeName(0));
      if (I == 0 && E.Kind != PATHPROF_EDGE_ENTRY_PSEUDO)
        Blocks.push_back(0);
      bool Pseudo = E.Kind == PATHPROF_EDGE_ENTRY_PSEUDO ||
                    E.Kind == PATHPROF_EDGE_EXIT_PSEUDO;
      if (I != 0 || E.Kind != PATHPROF_EDGE_ENTRY_PSEUDO)
        OS << (Pseudo ? " =>" : " ->");
      OS << " " << DAG.nodeName(E.Dst);
      if (E.Dst != DAG.exitNode())
        Blocks.push_back(E.Dst);
    }
    OS << "\n";
    Expected<DecodedPath> D = Desc.decode(Id);
    if (!D) {
      consumeError(D.takeError());
      ++Mismatches;
    } else if (D->Blocks != Blocks) {
      ++Mismatches;
    }
  }
  bool Dense = !Found.empty() && Found.begin()->first == 0 &&
               Found.rbegin()->first == DAG.numPaths() - 1 &&
               Found.size() == DAG.numPaths();
  if (Duplicates == 0 && Mismatches == 0 && Dense)
    OS << "  bijection: ok (" << Found.size() << " paths, ids 0.."
       << DAG.numPaths() - 1 << ")\n";
  else
    OS << "  bijection: FAILED (" << Found.size() << " paths enumerated, "
       << Duplicates << " duplicate ids, " << Mismatches
       << " decoding mismatches, NumPaths " << DAG.numPaths() << ")\n";
}

PreservedAnalyses BallLarusPrinterPass::run(Function &F,
                                            FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  const BallLarusDAG &DAG = FAM.getResult<BallLarusAnalysis>(F);
  DAG.print(OS);
  if (DAG.isValid() && DAG.numPaths() <= PrintPathsLimit)
    enumeratePaths(DAG, OS);
  return PreservedAnalyses::all();
}
