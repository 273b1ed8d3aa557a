//===- PathProf/PathProfLowering.h - Path events to counters ----*- C++ -*-===//
//
// pathprof-lower: turns the path event markers that pathprof-instrument
// emits (__pathprof_path_start, __pathprof_path_end) into the storage the
// function's data record asks for, as LLVM's InstrProfiling lowers the
// increments PGOInstrumentation emits:
//
//  - dense counters: counter[id] += 1 at the address of the counter in the
//    __pathprof_cnts section plus a bias the runtime sets. The counter mode
//    (-pathprof-counters) picks the bias and the update:
//      thread  (default) this thread's own slice of the counters, through
//              the initial-exec TLS __pathprof_thread_bias, asked of the
//              runtime (__pathprof_thread_slice) on a thread's first entry;
//              plain adds, exact under threads;
//      shared  one slice for all threads (__pathprof_counter_bias), plain
//              adds: threads racing on a counter can lose counts;
//      atomic  one slice, atomic adds: exact, and no counter is kept in a
//              register, so a thread still looping at exit() loses nothing;
//  - hashed functions: the runtime hash table, behind an inline probe of the
//    first slot the runtime looks at.
//
// Path starts have no cost yet: the lowering drops them. Counter promotion
// (CounterPromotion.h) runs later, on the lowered loads and stores.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PATHPROFLOWERING_H
#define PATHPROF_PATHPROFLOWERING_H

#include "llvm/IR/PassManager.h"

namespace pathprof {

/// How dense path counters are updated (-pathprof-counters).
enum class CounterMode { Thread, Shared, Atomic };

class PathProfLoweringPass : public llvm::PassInfoMixin<PathProfLoweringPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace pathprof

#endif // PATHPROF_PATHPROFLOWERING_H
