//===- PathProf/CounterPromotion.h - Path counters in registers -*- C++ -*-===//
//
// pathprof-promote-counters: keeps the path counters a call-free inner loop
// updates at constant addresses in registers, loading them before the loop
// and storing them at its exits, as LLVM's own counter promotion does for
// edge profiles; and so the thread's metric sampling words (the site's
// countdown, whether the path is measured), around the runtime's metric calls.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_COUNTERPROMOTION_H
#define PATHPROF_COUNTERPROMOTION_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class Instruction;
class LLVMContext;
} // namespace llvm

namespace pathprof {

/// Metadata kind that marks the loads and stores of dense path counters.
inline constexpr const char *CounterMDName = "pathprof.counter";

/// Metadata kind that marks the loads and stores of the thread's metric
/// sampling words (thread-local globals only the runtime's calls and the
/// instrumented code touch).
inline constexpr const char *SamplingWordMDName = "pathprof.sampling";

/// Metadata kind that marks the calls of runtime functions that run no
/// program code, always return and touch no path counter: a loop calling
/// only these may keep its counters in registers, its sampling words
/// stored before each such call and loaded again after it.
inline constexpr const char *RuntimeCallMDName = "pathprof.runtime";

/// Marks \p I as an access to a dense path counter.
void markCounterAccess(llvm::Instruction &I);

/// Marks \p I as an access to a metric sampling word.
void markSamplingAccess(llvm::Instruction &I);

/// Marks \p I as a call that CounterPromotionPass may promote across.
void markRuntimeCall(llvm::Instruction &I);

class CounterPromotionPass : public llvm::PassInfoMixin<CounterPromotionPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace pathprof

#endif // PATHPROF_COUNTERPROMOTION_H
