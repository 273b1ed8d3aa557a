//===- PathProf/SoleCallInliner.h - Inline sole calls -----------*- C++ -*-===//
//
// pathprof-inline-sole-calls: after pathprof-use, inlines every call that is
// the only use of a function with local linkage, as IR PGO's pre-inliner
// (and plain -O2) would. Without it, a path profile turns such a call in a
// function that runs once (main) into a cold call site, for which LLVM's
// inliner gives up the bonus that makes it inline the last call to a static
// function. See lib/Transforms/SoleCallInliner.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_SOLECALLINLINER_H
#define PATHPROF_SOLECALLINLINER_H

#include "llvm/IR/PassManager.h"

namespace pathprof {

class SoleCallInlinerPass : public llvm::PassInfoMixin<SoleCallInlinerPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace pathprof

#endif // PATHPROF_SOLECALLINLINER_H
