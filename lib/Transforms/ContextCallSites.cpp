//===- ContextCallSites.cpp - Call sites of the calling context tree ------===//
//
// Numbers a function's call sites for the calling context tree, for the
// instrumentation and the use pass alike (PathProf/ContextCallSites.h).
//
//===----------------------------------------------------------------------===//

#include "PathProf/ContextCallSites.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;
using namespace pathprof;

/// Whether \p CB is a call site of the calling context tree: a call that can
/// enter code, in a position where the caller's frame survives it.
static bool isContextCallSite(const CallBase &CB) {
  if (CB.isInlineAsm() || CB.isMustTailCall())
    return false;
  // Intrinsics, called or invoked, enter no code of the program (and their
  // address cannot be taken for the marker).
  const Function *Callee = CB.getCalledFunction();
  return !Callee || (!Callee->isIntrinsic() &&
                     !Callee->getName().starts_with("__pathprof_"));
}

std::vector<CallBase *> pathprof::contextCallSites(Function &F) {
  std::vector<CallBase *> Sites;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I); CB && isContextCallSite(*CB))
      Sites.push_back(CB);
  return Sites;
}
