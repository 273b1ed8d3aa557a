//===- PathProf/BallLarus.h - Ball-Larus path numbering ---------*- C++ -*-===//
//
// The Ball-Larus DAG of a function and its path numbering (T. Ball and
// J. R. Larus, "Efficient Path Profiling", MICRO 1996), with backedges
// replaced by ENTRY/EXIT pseudo-edges as in G. Ammons, T. Ball and
// J. R. Larus, "Exploiting Hardware Performance Counters with Flow and
// Context Sensitive Profiling", PLDI 1997, section 2.
//
// Terms used throughout PathProf:
//  - ENTRY is the function's entry block (LLVM entry blocks have no
//    predecessors); EXIT is a virtual node after every block that leaves the
//    function (ret, resume, unreachable).
//  - A backedge is a retreating edge of a depth-first search from ENTRY, so
//    irreducible loops are handled. Each backedge v->w is removed and stands
//    for two pseudo-edges, v->EXIT and ENTRY->w: a path ends when a backedge is
//    taken and a new one begins at its target. Pseudo-edges are shared by all
//    backedges with the same source (or target), as the paths they describe
//    run the same blocks.
//  - NumPaths(v) is the number of v->EXIT paths of the DAG, and the Val of
//    the i-th out-edge of v is the sum of NumPaths of the targets of the
//    earlier out-edges. The sum of Val along an ENTRY->EXIT path is its path
//    id, a bijection onto 0..NumPaths(ENTRY)-1.
//  - A block that begins with a call to a returns_twice function (setjmp)
//    starts a new path: its incoming edges are path breaks like backedges, so
//    no path register value has to survive a longjmp back to it. The
//    instrumentation first splits blocks so that every such call begins one.
//  - When NumPaths would not fit the limit (by default, 64 bits), the DAG is
//    cut: a forward edge is treated exactly like a backedge, ending the path
//    before it. Ids stay exact; paths are just shorter around the cut.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_BALLLARUS_H
#define PATHPROF_BALLLARUS_H

#include "PathProf/CFGDescription.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class Function;
class raw_ostream;
} // namespace llvm

namespace pathprof {

/// An edge of the Ball-Larus DAG: the same record the profile stores.
/// Node indices: 0 is ENTRY, blocks().size() is EXIT.
using DAGEdge = CFGEdge;

/// A CFG edge that ends a path: a backedge, or a forward edge cut to keep
/// NumPaths in range. Instrumentation counts the path on this edge and
/// restarts the path register.
struct PathBreak {
  llvm::BasicBlock *Src = nullptr;
  llvm::BasicBlock *Dst = nullptr;
  unsigned ExitEdge = 0;  ///< Index of the Src->EXIT pseudo-edge.
  unsigned EntryEdge = 0; ///< Index of the ENTRY->Dst pseudo-edge.
  bool IsCut = false;     ///< Not a backedge; cut to bound NumPaths.
  bool IsSetjmp = false;  ///< Not a backedge; Dst begins with setjmp.
};

/// True when \p BB begins with a call that can return twice (setjmp).
bool beginsWithReturnsTwiceCall(const llvm::BasicBlock &BB);

/// Splits blocks so that every call to a returns_twice function begins its
/// block; returns whether anything changed. Both the generating and the
/// using pass call this before building the DAG.
bool splitAtReturnsTwiceCalls(llvm::Function &F);

class BallLarusDAG {
public:
  /// Builds the DAG of \p F. \p MaxPaths bounds NumPaths(ENTRY); a DAG that
  /// would exceed it is cut (see the file comment).
  BallLarusDAG(llvm::Function &F, uint64_t MaxPaths = UINT64_MAX);

  llvm::Function &getFunction() const { return *F; }

  /// False when the function could not be numbered within MaxPaths at all;
  /// getError() says why. No instrumentation may use such a DAG.
  bool isValid() const { return Valid; }
  const std::string &getError() const { return Error; }

  /// Reachable blocks, entry first, in function order; node i is Blocks[i].
  llvm::ArrayRef<llvm::BasicBlock *> blocks() const { return Blocks; }
  unsigned exitNode() const { return static_cast<unsigned>(Blocks.size()); }
  /// Node index of \p BB, or -1 when \p BB is unreachable.
  int nodeOf(const llvm::BasicBlock *BB) const;

  /// DAG edges sorted by (Src, Val).
  llvm::ArrayRef<DAGEdge> edges() const { return Edges; }
  /// Index of the CFG edge Src->Dst in edges(), or -1 for a path break.
  int cfgEdge(const llvm::BasicBlock *Src, const llvm::BasicBlock *Dst) const;
  /// Index of the RETURN edge of \p Node, or -1.
  int returnEdge(unsigned Node) const;
  llvm::ArrayRef<PathBreak> pathBreaks() const { return Breaks; }
  unsigned numBackedges() const;
  unsigned numCutEdges() const;

  uint64_t numPaths() const { return NumPaths; }
  /// NumPaths of every node (index exitNode() is EXIT, with 1).
  llvm::ArrayRef<uint64_t> nodePaths() const { return NP; }

  /// A hash of the CFG and the DAG built from it; the generating and the
  /// using compilation must agree on it.
  uint64_t checksum() const { return Checksum; }

  /// The self-describing form stored in profiles, with source lines from
  /// debug info where present.
  CFGDescription describe() const;

  /// Name of node \p N for diagnostics and printing.
  std::string nodeName(unsigned N) const;

  void print(llvm::raw_ostream &OS) const;

private:
  void build(uint64_t MaxPaths);
  bool number(uint64_t NodeLimit, uint64_t Limit,
              llvm::ArrayRef<unsigned> PostOrder);

  llvm::Function *F;
  bool Valid = false;
  std::string Error;
  std::vector<llvm::BasicBlock *> Blocks;
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> NodeIndex;
  /// Unique CFG successors per node, in terminator order.
  std::vector<llvm::SmallVector<unsigned, 2>> Succs;
  /// Per node and successor position: does the edge end a path?
  std::vector<llvm::SmallVector<uint8_t, 2>> IsBackedge;
  std::vector<DAGEdge> Edges;
  llvm::DenseMap<std::pair<unsigned, unsigned>, unsigned> CFGEdgeIndex;
  std::vector<int> ReturnEdges;
  std::vector<PathBreak> Breaks;
  std::vector<uint64_t> NP;
  uint64_t NumPaths = 0;
  uint64_t Checksum = 0;
};

/// Function analysis computing the Ball-Larus DAG, cut at \p MaxPaths paths
/// (PathProfOptions::MaxPaths).
class BallLarusAnalysis : public llvm::AnalysisInfoMixin<BallLarusAnalysis> {
  friend llvm::AnalysisInfoMixin<BallLarusAnalysis>;
  static llvm::AnalysisKey Key;
  uint64_t MaxPaths;

public:
  explicit BallLarusAnalysis(uint64_t MaxPaths) : MaxPaths(MaxPaths) {}
  using Result = BallLarusDAG;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

/// print<pathprof-numbering>: prints the DAG, every Val, NumPaths and, for
/// small functions, every path, checking that ids form a bijection.
class BallLarusPrinterPass : public llvm::PassInfoMixin<BallLarusPrinterPass> {
public:
  explicit BallLarusPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace pathprof

#endif // PATHPROF_BALLLARUS_H
