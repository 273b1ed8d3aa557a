//===- PathProf/ProfiledMemOps.h - Operations a profile sizes --*- C++ -*-===//
//
// The one rule that picks and numbers the memory operations of a function
// whose lengths a profile records, as IR PGO's memop size profiling picks
// them (-pgo-instr-memop): every memcpy, memmove and memset whose length is
// not a constant, in instruction order. The instrumentation gives each a
// value block; the use pass finds the operation a profile's index means with
// the same rule, so the two never disagree on the same IR.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PROFILEDMEMOPS_H
#define PATHPROF_PROFILEDMEMOPS_H

#include <vector>

namespace llvm {
class Function;
class MemIntrinsic;
} // namespace llvm

namespace pathprof {

/// The memory operations of \p F whose lengths a profile records, by index.
/// Both sides call it at the same point, before adding code of their own.
std::vector<llvm::MemIntrinsic *> profiledMemOps(llvm::Function &F);

} // namespace pathprof

#endif // PATHPROF_PROFILEDMEMOPS_H
