//===- PathProf/ContextCallSites.h - Call sites of the CCT ------*- C++ -*-===//
//
// The one rule that numbers the call sites of a function for the calling
// context tree (docs/ContextTree.md): every call that can enter code of the
// program, in instruction order. The instrumentation gives each its index
// and slot; the use pass finds the call a context profile's call-site index
// means with the same rule, so the two never disagree on the same IR.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_CONTEXTCALLSITES_H
#define PATHPROF_CONTEXTCALLSITES_H

#include <vector>

namespace llvm {
class CallBase;
class Function;
} // namespace llvm

namespace pathprof {

/// The call sites of \p F, by index: its calls that are not intrinsics,
/// inline assembly, musttail calls or calls of the PathProf runtime, in
/// instruction order. Both sides call it after splitAtReturnsTwiceCalls
/// (PathProf/BallLarus.h) and before adding calls of their own.
std::vector<llvm::CallBase *> contextCallSites(llvm::Function &F);

} // namespace pathprof

#endif // PATHPROF_CONTEXTCALLSITES_H
