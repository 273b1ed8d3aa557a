//===- PathProf/InlineTSC.h - Inline tsc readings ---------------*- C++ -*-===//
//
// pathprof-inline-tsc: on x86, gives each call of the runtime's metric entry
// points (__pathprof_metrics_enter, _path and _leave, which lowered code
// makes only where a countdown ran out or a path is measured) an inline
// reading of the time-stamp counter beside it, taken when the run measures
// every path with tsc alone (the runtime's __pathprof_metrics_tsc). It runs
// at the end of the optimization pipeline, after inlining: the inliner
// weighs only the calls, so functions with metrics are inlined as those
// without are. See lib/Transforms/InlineTSC.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_INLINETSC_H
#define PATHPROF_INLINETSC_H

#include "llvm/IR/PassManager.h"

namespace pathprof {

class InlineTSCPass : public llvm::PassInfoMixin<InlineTSCPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace pathprof

#endif // PATHPROF_INLINETSC_H
