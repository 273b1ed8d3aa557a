//===- PathProf/ProfiledSelects.h - Selects a profile counts ----*- C++ -*-===//
//
// The one rule that picks and numbers the selects of a function whose
// outcomes a profile counts, as IR PGO counts them (-pgo-instr-select): every
// select of a scalar condition that is not a constant, in instruction order.
// The instrumentation gives each a counter; the use pass finds the select a
// profile's select index means with the same rule, so the two never
// disagree on the same IR.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PROFILEDSELECTS_H
#define PATHPROF_PROFILEDSELECTS_H

#include <vector>

namespace llvm {
class Function;
class SelectInst;
} // namespace llvm

namespace pathprof {

/// The selects of \p F that a profile counts, by index. Both sides call it
/// at the same point: after splitAtReturnsTwiceCalls (PathProf/BallLarus.h)
/// and before adding code of their own.
std::vector<llvm::SelectInst *> profiledSelects(llvm::Function &F);

} // namespace pathprof

#endif // PATHPROF_PROFILEDSELECTS_H
