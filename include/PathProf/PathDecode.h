//===- PathProf/PathDecode.h - Path profile onto the current IR -*- C++ -*-===//
//
// Decodes the path counts of one function's profile on the Ball-Larus DAG
// computed from the function's current IR: every executed path as the basic
// blocks it ran, and the CFG edge, block and entry counts those paths imply.
// This is what the use pass turns into branch weights and what superblock
// formation picks hot paths from.
//
// The DAG must be built by the same code and at the same pipeline point as
// the instrumentation's (BallLarusAnalysis after splitAtReturnsTwiceCalls);
// decodePathProfile() refuses a profile whose CFG checksum differs.
//
// Path breaks (backedges, cut edges, setjmp edges) are not DAG edges: a path
// that takes one ends with the shared pseudo-edge v->EXIT and the next path
// begins with the shared ENTRY->w. The count of a break v->w is therefore the
// count of the paths that end with v->EXIT, which is exact when v has one
// break edge. When v has several, the paths cannot tell them apart and their
// counts are apportioned by the counts of the paths that begin at each
// target (exact whenever each target is entered through breaks from v only);
// the result says whether that happened. Paths starting at a setjmp block
// also count longjmp returns, so they are never used for a break from a
// block with one break edge.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PATHDECODE_H
#define PATHPROF_PATHDECODE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace llvm {
class BasicBlock;
class LoopInfo;
class raw_ostream;
} // namespace llvm

namespace pathprof {

class BallLarusDAG;
struct FunctionProfile;

/// One executed Ball-Larus path of a function, in the blocks of its IR.
struct BlockPath {
  /// The blocks the path ran, in order; never empty.
  llvm::SmallVector<llvm::BasicBlock *, 8> Blocks;
  /// How often the path ran.
  uint64_t Count = 0;
  /// Its path id (for messages; ids are only meaningful for this DAG).
  uint64_t Id = 0;
  /// The path began after a path break into Blocks.front() (its first DAG
  /// edge is ENTRY->w), not at the function's entry.
  bool EntersThroughBackedge = false;
  /// The path ended by taking a path break out of Blocks.back() (its last
  /// DAG edge is v->EXIT), not by leaving the function.
  bool LeavesThroughBackedge = false;
};

/// A CFG edge by its source and destination block.
using BlockEdge = std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>;

/// The decoded profile of one function.
struct DecodedPathProfile {
  /// Every path with a non-zero count, by decreasing count, then by id.
  std::vector<BlockPath> Paths;
  /// How often each CFG edge ran, path breaks included; parallel edges (a
  /// switch with several cases to one block) are one entry. Edges that never
  /// ran are absent.
  llvm::DenseMap<BlockEdge, uint64_t> EdgeCounts;
  /// How often each block ran (the paths through it). Absent: 0.
  llvm::DenseMap<const llvm::BasicBlock *, uint64_t> BlockCounts;
  /// Calls of the function: the paths that begin at its entry block.
  uint64_t EntryCount = 0;
  /// Sum of all path counts: the function's flow.
  uint64_t TotalCount = 0;
  /// Largest block count.
  uint64_t MaxBlockCount = 0;
  /// Some block had several path breaks out of it, so their counts were
  /// apportioned (see the file comment).
  bool ApportionedBreaks = false;
  /// Flow that entered a loop and never left it on a counted path, by the
  /// exit edge conserveLoopFlow() gave it to; not in EdgeCounts.
  llvm::DenseMap<BlockEdge, uint64_t> LostLoopFlow;

  uint64_t edgeCount(const llvm::BasicBlock *Src,
                     const llvm::BasicBlock *Dst) const {
    return EdgeCounts.lookup({Src, Dst});
  }
  /// The edge's count plus the lost loop flow given to it: what its branch
  /// weight says.
  uint64_t weight(const llvm::BasicBlock *Src,
                  const llvm::BasicBlock *Dst) const {
    uint64_t Count = edgeCount(Src, Dst),
             Lost = LostLoopFlow.lookup({Src, Dst});
    return Count + Lost < Count ? UINT64_MAX : Count + Lost;
  }
  uint64_t blockCount(const llvm::BasicBlock *BB) const {
    return BlockCounts.lookup(BB);
  }
};

/// Decodes every counted path of \p Profile on \p DAG and derives the edge,
/// block and entry counts. Fails when the DAG is not valid, or its checksum
/// or NumPaths differ from the profile's (a stale profile), or a path id is
/// out of range. Counts saturate at UINT64_MAX.
llvm::Expected<DecodedPathProfile>
decodePathProfile(const BallLarusDAG &DAG, const FunctionProfile &Profile);

/// Gives the flow that entered each loop of \p LI and never left it through
/// an exit edge to one of its exit edges (DecodedPathProfile::LostLoopFlow),
/// inner loops first, so that branch weights conserve flow as IR PGO's
/// counts do by construction. A path that ends in a call that does not
/// return (exit() deep in the loop's input function, a longjmp, an exception
/// through a call) is never counted: a loop left that way has more flow in
/// than its exits carry, and exits that never ran would tell
/// BlockFrequencyInfo that the loop runs forever, every call in it a hot
/// call site. The shortfall goes on the exit edge that carries the most
/// flow, the first one in block order when none ran. \p LI must be of the
/// IR \p D was decoded on. Returns the number of loops given lost flow.
unsigned conserveLoopFlow(const llvm::LoopInfo &LI, DecodedPathProfile &D);

/// Prints \p Decoded: the paths with block names and counts, then the
/// non-zero edge and block counts in function order.
void printDecodedProfile(llvm::raw_ostream &OS, const BallLarusDAG &DAG,
                         const DecodedPathProfile &Decoded);

} // namespace pathprof

#endif // PATHPROF_PATHDECODE_H
