//===- PathProf/SampleProbes.h - A binary that can be sampled ---*- C++ -*-===//
//
// pathprof-sample-probes: what -fprofile-path-sample builds instead of
// instrumenting. At the point where the instrumentation would number a
// function's paths, but after no pre-inliner (so on the CFG of an
// instrumented build with -pathprof-preinline=false, and of the use pass
// given an estimated profile), each function gets
//  - its name and CFG description in PATHPROF_DESC_SECTION, a section the
//    loader never maps (as -pathprof-correlate=binary), and
//  - one LLVM pseudo-probe per block of its Ball-Larus DAG, but for the
//    blocks SimplifyCFG folds into their predecessor (a probe would keep
//    them apart): an
//    llvm.pseudoprobe call whose GUID is the MD5 of the function's symbol
//    (the pseudo-probe descriptor maps it to the profile name and checksum)
//    and whose index is the block's DAG node plus 1. Pseudo-probes
//    execute nothing; the code generator turns each into an address in the
//    .pseudo_probe section (also not mapped), with the inline stack of the
//    copy it is in, so llvm-pathprof sample maps a sampled branch address
//    back to the DAG blocks it ran (PathProf/PathEstimator.h); and before
//    each indirect call a probe whose index is the number of blocks plus 1
//    plus the call-site index, so that the callees branch records name
//    become value profiles.
// A local function is renamed to a symbol of its own (its symbol made
// unique by its profile name, which it keeps), since the GUID of a probe is
// the MD5 of its function's symbol and static helpers of a header have one
// symbol in every file.
// No counter, no runtime call: the code is -O2's.
//
// pathprof-sample-fold-probes: the same rule once more after inlining. A
// call keeps its block from being foldable; once the callee is inlined, the
// block may be one (the second test of `len < size() || len > max_size()`
// once size() and max_size() are loads), but now holds the probes of the
// callee's copy, and SimplifyCFG does not fold a block that holds a probe
// into its predecessor's branch. The pass drops the probes of such blocks,
// as SimplifyCFG itself drops those of a block it speculates: the estimator
// bridges the block, and a copy of a callee that ran only there is not
// counted.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_SAMPLEPROBES_H
#define PATHPROF_SAMPLEPROBES_H

#include "llvm/IR/PassManager.h"

#include <cstdint>

namespace pathprof {

class SampleProbesPass : public llvm::PassInfoMixin<SampleProbesPass> {
public:
  explicit SampleProbesPass(uint64_t MaxPaths) : MaxPaths(MaxPaths) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  uint64_t MaxPaths;
};

class SampleProbeFoldPass : public llvm::PassInfoMixin<SampleProbeFoldPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace pathprof

#endif // PATHPROF_SAMPLEPROBES_H
