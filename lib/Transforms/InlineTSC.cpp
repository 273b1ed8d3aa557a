//===- InlineTSC.cpp - Inline time-stamp counter readings -----------------===//
//
// See PathProf/InlineTSC.h. Each call of __pathprof_metrics_enter, _path or
// _leave becomes
//
//   if (__pathprof_metrics_tsc) { the runtime's work, with rdtsc, in line }
//   else                        { the call }
//
// and the inline code does what the runtime does when every path is
// measured and tsc is the only event, exclusive of callees
// (PathProfMetrics.c): the entry saves whether the caller's path is
// measured and the caller's path start minus the reading in its frame, and
// starts its first path at the reading; a backedge adds the reading's
// advance, never negative, to the path's metric block as one sample (the
// sum, the samples word and the square's two words, ProfileFormat.h) and
// starts the next path there; leaving does the same and gives the caller
// its start back, moved forward by the time the call took.
//
// The lowering (PathProfLowering.cpp) emits only the calls, before the
// inliner runs, so that the inline code, twenty to forty instructions at
// each path end, does not count against inlining the function; this pass
// adds it at the end of the pipeline. Counter promotion has run by then: the
// sampling words it keeps in registers are stored before the call and
// loaded after it, around the whole of the new code.
//
//===----------------------------------------------------------------------===//

#include "PathProf/InlineTSC.h"
#include "PathProf/CounterPromotion.h"
#include "RuntimeInterface.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace pathprof;

#define DEBUG_TYPE "pathprof-inline-tsc"

STATISTIC(NumExpanded, "Metric calls given an inline tsc reading");

static cl::opt<bool> EnableInlineTSC(
    "pathprof-inline-tsc", cl::init(true), cl::Hidden,
    cl::desc("On x86, read the time-stamp counter in instrumented code when "
             "a run's only metric is tsc, instead of calling the runtime"));

namespace {

enum class MetricCall { Enter, Path, Leave };

class Expander {
public:
  explicit Expander(Module &M) : RT(M) {}

  void expand(CallInst &Call, MetricCall Kind);

private:
  Value *addDelta(IRBuilder<> &B, Value *Group, Value *StartAddr,
                  unsigned NumMetrics, bool Shared);

  RuntimeInterface RT;
};

} // namespace

/// Reads the time-stamp counter, adds what it advanced since the thread's
/// path start (word 0 at \p StartAddr; never negative, as the runtime's
/// readings are monotonic) as one measured execution to the first metric
/// of the metric block of \p NumMetrics accumulators at \p Group
/// (atomically when threads share the record), and returns the reading.
Value *Expander::addDelta(IRBuilder<> &B, Value *Group, Value *StartAddr,
                          unsigned NumMetrics, bool Shared) {
  Value *Now = B.CreateIntrinsic(Intrinsic::readcyclecounter, {}, {}, nullptr,
                                 "pathprof.now");
  Value *Start =
      B.CreateAlignedLoad(RT.I64, StartAddr, Align(8), "pathprof.start");
  Value *Delta =
      B.CreateBinaryIntrinsic(Intrinsic::smax, B.CreateSub(Now, Start),
                              B.getInt64(0), nullptr, "pathprof.delta");
  Type *I128 = B.getInt128Ty();
  Value *Wide = B.CreateZExt(Delta, I128);
  Value *Square = B.CreateMul(Wide, Wide, "pathprof.square", /*HasNUW=*/true);
  Value *Hi = B.CreateTrunc(
      B.CreateBinaryIntrinsic(Intrinsic::umin, B.CreateLShr(Square, 32),
                              ConstantInt::get(I128, UINT64_MAX)),
      RT.I64);
  Value *Lo =
      B.CreateAnd(B.CreateTrunc(Square, RT.I64), B.getInt64(0xffffffffULL));
  const unsigned M = NumMetrics;
  std::pair<uint64_t, Value *> Adds[] = {
      {0, Delta},
      {PATHPROF_BLOCK_SAMPLES(M), B.getInt64(1)},
      {PATHPROF_BLOCK_SQUARE_HI(M, 0), Hi},
      {PATHPROF_BLOCK_SQUARE_LO(M, 0), Lo}};
  for (auto [Word, V] : Adds) {
    Value *Addr =
        Word ? B.CreateConstInBoundsGEP1_64(RT.I64, Group, Word) : Group;
    if (Shared) {
      B.CreateAtomicRMW(AtomicRMWInst::Add, Addr, V, MaybeAlign(8),
                        AtomicOrdering::Monotonic);
      continue;
    }
    Value *Old = B.CreateAlignedLoad(RT.I64, Addr, Align(8));
    B.CreateAlignedStore(B.CreateAdd(Old, V), Addr, Align(8));
  }
  return Now;
}

void Expander::expand(CallInst &Call, MetricCall Kind) {
  // The metric block's size and sharing, (i32 K | SHARED) in the call.
  unsigned NumMetrics = 0;
  bool Shared = false;
  if (Kind != MetricCall::Enter) {
    auto *K = dyn_cast<ConstantInt>(Call.getArgOperand(1));
    if (!K)
      return;
    NumMetrics = K->getZExtValue() & ~PATHPROF_METRICS_SHARED_RECORD;
    Shared = (K->getZExtValue() & PATHPROF_METRICS_SHARED_RECORD) != 0;
    if (!NumMetrics || NumMetrics > PATHPROF_MAX_METRICS)
      return;
  }
  IRBuilder<> B(&Call);
  Value *Flag =
      B.CreateICmpNE(B.CreateAlignedLoad(B.getInt8Ty(), RT.metricsTSC(),
                                         Align(1), "pathprof.tsc"),
                     B.getInt8(0));
  Instruction *Then, *Else;
  SplitBlockAndInsertIfThenElse(Flag, &Call, &Then, &Else);
  Then->getParent()->setName("pathprof.tsc.inline");
  Else->getParent()->setName("pathprof.tsc.call");
  Call.moveBefore(Else);

  IRBuilder<> TB(Then);
  Value *StartAddr = TB.CreateThreadLocalAddress(RT.metricStart());
  switch (Kind) {
  case MetricCall::Enter: {
    // Every path is measured: the caller's is, if it is instrumented.
    Value *Frame = Call.getArgOperand(0);
    Value *OnAddr = TB.CreateThreadLocalAddress(RT.metricOn());
    auto *CallerOn =
        TB.CreateAlignedLoad(RT.I64, OnAddr, Align(8), "pathprof.on");
    markSamplingAccess(*CallerOn);
    TB.CreateAlignedStore(
        CallerOn,
        TB.CreateConstInBoundsGEP1_64(RT.I64, Frame, PATHPROF_METRICS_FRAME_ON),
        Align(8));
    markSamplingAccess(
        *TB.CreateAlignedStore(TB.getInt64(1), OnAddr, Align(8)));
    Value *Now = TB.CreateIntrinsic(Intrinsic::readcyclecounter, {}, {},
                                    nullptr, "pathprof.now");
    Value *Caller =
        TB.CreateAlignedLoad(RT.I64, StartAddr, Align(8), "pathprof.start");
    TB.CreateAlignedStore(TB.CreateSub(Caller, Now), Frame, Align(8));
    TB.CreateAlignedStore(Now, StartAddr, Align(8));
    break;
  }
  case MetricCall::Path: {
    Value *Now =
        addDelta(TB, Call.getArgOperand(0), StartAddr, NumMetrics, Shared);
    TB.CreateAlignedStore(Now, StartAddr, Align(8));
    break;
  }
  case MetricCall::Leave: {
    Value *Now =
        addDelta(TB, Call.getArgOperand(0), StartAddr, NumMetrics, Shared);
    Value *Saved = TB.CreateAlignedLoad(RT.I64, Call.getArgOperand(2), Align(8),
                                        "pathprof.frame");
    TB.CreateAlignedStore(TB.CreateAdd(Now, Saved), StartAddr, Align(8));
    break;
  }
  }
  ++NumExpanded;
}

PreservedAnalyses InlineTSCPass::run(Function &F, FunctionAnalysisManager &) {
  Module &M = *F.getParent();
  if (!EnableInlineTSC || !Triple(M.getTargetTriple()).isX86())
    return PreservedAnalyses::all();
  // A module built without metrics declares none of them: nothing to walk.
  if (!M.getFunction(MetricsEnterName) && !M.getFunction(MetricsPathName) &&
      !M.getFunction(MetricsLeaveName))
    return PreservedAnalyses::all();
  SmallVector<std::pair<CallInst *, MetricCall>, 16> Calls;
  for (Instruction &I : instructions(F)) {
    auto *CI = dyn_cast<CallInst>(&I);
    const Function *Callee = CI ? CI->getCalledFunction() : nullptr;
    if (!Callee)
      continue;
    StringRef Name = Callee->getName();
    if (Name == MetricsEnterName)
      Calls.push_back({CI, MetricCall::Enter});
    else if (Name == MetricsPathName)
      Calls.push_back({CI, MetricCall::Path});
    else if (Name == MetricsLeaveName)
      Calls.push_back({CI, MetricCall::Leave});
  }
  if (Calls.empty())
    return PreservedAnalyses::all();
  Expander E(M);
  for (auto [Call, Kind] : Calls)
    E.expand(*Call, Kind);
  return PreservedAnalyses::none();
}
