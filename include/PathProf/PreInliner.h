//===- PathProf/PreInliner.h - Inline small callees first -------*- C++ -*-===//
//
// pathprof-preinline: IR PGO's pre-inliner (PassBuilder::addPreInlinerPasses)
// for PathProf. Before paths are numbered, at -O1 and above, small callees
// are inlined into their callers with a low threshold, the callers are
// cleaned up (SROA, EarlyCSE, SimplifyCFG, InstCombine) and dead functions
// removed, so that a one-path helper called in a hot loop becomes part of
// its caller's paths instead of counting a path of its own on every call.
// It runs before both the instrumentation and the use pass, which therefore
// number the same CFGs. The sampling build (-fprofile-path-sample), whose
// code must be -O2's, runs none, and neither does a use pass given an
// estimated profile, which has the sampling build's CFGs. A module runs it
// once: the ThinLTO backend, which calls the same pipeline extension point
// again, skips modules marked by it.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PREINLINER_H
#define PATHPROF_PREINLINER_H

#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"

namespace pathprof {

class PreInlinerPass : public llvm::PassInfoMixin<PreInlinerPass> {
public:
  /// With \p UnlessEstimated, before pathprof-use: does nothing when the
  /// profile to use (PathProfileAnalysis) is estimated from samples.
  explicit PreInlinerPass(llvm::OptimizationLevel Level,
                          bool UnlessEstimated = false)
      : Level(Level), UnlessEstimated(UnlessEstimated) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);

private:
  llvm::OptimizationLevel Level;
  bool UnlessEstimated;
};

} // namespace pathprof

#endif // PATHPROF_PREINLINER_H
