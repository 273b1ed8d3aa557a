//===- PathProf/IncrementPlacement.h - Where path increments go -*- C++ -*-===//
//
// Chooses the increment of every Ball-Larus DAG edge so that the sum of the
// increments along a path equals its path id, while as many edges as
// possible carry none (Ball & Larus 1996, section 3.3).
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_INCREMENTPLACEMENT_H
#define PATHPROF_INCREMENTPLACEMENT_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace llvm {
class BlockFrequencyInfo;
class BranchProbabilityInfo;
} // namespace llvm

namespace pathprof {

class BallLarusDAG;

enum class PlacementKind {
  /// Increments on the chords of a maximum spanning tree weighted by
  /// estimated edge frequency: hot edges carry nothing.
  SpanningTree,
  /// Every edge adds its own Val: the simple placement, kept to test that
  /// both give identical profiles.
  PerEdge,
};

/// Increment of each DAG edge (indexed like BallLarusDAG::edges()), in
/// wrapping 64-bit arithmetic; InTree marks edges that need no code.
struct IncrementPlacement {
  std::vector<uint64_t> Inc;
  std::vector<bool> InTree;
  unsigned NumChords = 0; ///< CFG edges that carry an increment.
};

/// Computes increments for \p DAG. BFI and BPI may be null for PerEdge.
IncrementPlacement placeIncrements(const BallLarusDAG &DAG, PlacementKind Kind,
                                   const llvm::BlockFrequencyInfo *BFI,
                                   const llvm::BranchProbabilityInfo *BPI);

} // namespace pathprof

#endif // PATHPROF_INCREMENTPLACEMENT_H
