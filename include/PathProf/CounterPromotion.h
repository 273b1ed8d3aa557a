//===- PathProf/CounterPromotion.h - Path counters in registers -*- C++ -*-===//
//
// pathprof-promote-counters: keeps the path counters a call-free inner loop
// updates at constant addresses in registers, loading them before the loop
// and storing them at its exits, as LLVM's own counter promotion does for
// edge profiles.
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

/// Marks \p I as an access to a dense path counter.
void markCounterAccess(llvm::Instruction &I);

class CounterPromotionPass : public llvm::PassInfoMixin<CounterPromotionPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace pathprof

#endif // PATHPROF_COUNTERPROMOTION_H
