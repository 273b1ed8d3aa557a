//===- IncrementPlacement.cpp - Spanning-tree placement of increments -----===//
//
// Ball and Larus, "Efficient Path Profiling", MICRO 1996, section 3.3: add
// the edge EXIT->ENTRY, pick a maximum spanning tree of the (undirected) DAG
// weighted by estimated edge frequency, and put increments only on the
// chords (edges outside the tree).
//
// With a potential Phi(v) per node, defined by Phi(ENTRY) = Phi(EXIT) = 0 and
// Phi(w) = Phi(v) + Val(e) along every tree edge e = v->w, the increment of
// edge e = v->w is Inc(e) = Val(e) + Phi(v) - Phi(w). Tree edges get zero, and
// along any ENTRY->EXIT path the increments telescope to the sum of Val, the
// path id. Arithmetic wraps modulo 2^64; the final sum is exact because the
// path id itself fits.
//
// Pseudo-edges and return edges are weighted lowest: they are instrumented
// anyway (a counter update or a register reset), so an increment there folds
// into a constant and costs nothing.
//
//===----------------------------------------------------------------------===//

#include "PathProf/IncrementPlacement.h"
#include "PathProf/BallLarus.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/IR/BasicBlock.h"

#include <numeric>

using namespace llvm;
using namespace pathprof;

namespace {

/// Union-find over DAG nodes for Kruskal's algorithm.
class DisjointSets {
public:
  explicit DisjointSets(unsigned N) : Parent(N) {
    std::iota(Parent.begin(), Parent.end(), 0);
  }
  unsigned find(unsigned X) {
    while (Parent[X] != X)
      X = Parent[X] = Parent[Parent[X]];
    return X;
  }
  bool unite(unsigned A, unsigned B) {
    A = find(A);
    B = find(B);
    if (A == B)
      return false;
    Parent[A] = B;
    return true;
  }

private:
  std::vector<unsigned> Parent;
};

} // namespace

IncrementPlacement pathprof::placeIncrements(const BallLarusDAG &DAG,
                                             PlacementKind Kind,
                                             const BlockFrequencyInfo *BFI,
                                             const BranchProbabilityInfo *BPI) {
  ArrayRef<DAGEdge> Edges = DAG.edges();
  IncrementPlacement P;
  P.Inc.resize(Edges.size());
  P.InTree.assign(Edges.size(), false);
  if (Kind == PlacementKind::PerEdge || !BFI || !BPI) {
    for (unsigned I = 0; I != Edges.size(); ++I) {
      P.Inc[I] = Edges[I].Val;
      P.NumChords += Edges[I].Kind == PATHPROF_EDGE_CFG && Edges[I].Val != 0;
    }
    return P;
  }

  // Kruskal over CFG edges by decreasing frequency; EXIT->ENTRY goes first,
  // then pseudo and return edges only where needed to connect the tree.
  ArrayRef<BasicBlock *> Blocks = DAG.blocks();
  std::vector<std::pair<uint64_t, unsigned>> Order;
  for (unsigned I = 0; I != Edges.size(); ++I) {
    uint64_t Weight = 0;
    if (Edges[I].Kind == PATHPROF_EDGE_CFG) {
      const BasicBlock *Src = Blocks[Edges[I].Src];
      BlockFrequency Freq = BFI->getBlockFreq(Src) *
                            BPI->getEdgeProbability(Src, Blocks[Edges[I].Dst]);
      // Shift so that every CFG edge outranks the pseudo-edges at weight 0.
      Weight = SaturatingAdd<uint64_t>(Freq.getFrequency(), 1);
    }
    Order.push_back({Weight, I});
  }
  // Ties break by edge index so that the tree is deterministic.
  llvm::sort(Order, [](const auto &A, const auto &B) {
    return A.first != B.first ? A.first > B.first : A.second < B.second;
  });
  const unsigned Exit = DAG.exitNode();
  DisjointSets Sets(Exit + 1);
  Sets.unite(Exit, 0);
  std::vector<std::vector<std::pair<unsigned, unsigned>>> Tree(Exit + 1);
  for (const auto &[Weight, I] : Order)
    if (Sets.unite(Edges[I].Src, Edges[I].Dst)) {
      P.InTree[I] = true;
      Tree[Edges[I].Src].push_back({Edges[I].Dst, I});
      Tree[Edges[I].Dst].push_back({Edges[I].Src, I});
    }

  // Potentials by a walk of the tree from ENTRY; EXIT is tied to ENTRY by
  // the EXIT->ENTRY edge, so both have potential zero.
  std::vector<uint64_t> Phi(Exit + 1, 0);
  std::vector<bool> Seen(Exit + 1, false);
  SmallVector<unsigned, 32> Work{0, Exit};
  Seen[0] = Seen[Exit] = true;
  while (!Work.empty()) {
    unsigned V = Work.pop_back_val();
    for (const auto &[W, I] : Tree[V]) {
      if (Seen[W])
        continue;
      Seen[W] = true;
      // Along e = Src->Dst: Phi(Dst) = Phi(Src) + Val(e).
      Phi[W] =
          Edges[I].Src == V ? Phi[V] + Edges[I].Val : Phi[V] - Edges[I].Val;
      Work.push_back(W);
    }
  }
  for (unsigned I = 0; I != Edges.size(); ++I) {
    P.Inc[I] = Edges[I].Val + Phi[Edges[I].Src] - Phi[Edges[I].Dst];
    P.NumChords += Edges[I].Kind == PATHPROF_EDGE_CFG && P.Inc[I] != 0;
  }
  return P;
}
