//===- PathProfLowering.cpp - Path events to counter updates --------------===//
//
// Lowers the path event markers of every function (PathProf/PathProfLowering.h
// says what each counter mode emits). The bias of dense counters is computed
// once, on entry to the function; a hashed path end gets an inline probe of
// the first slot the runtime's table would look at, and calls the runtime
// only on a miss. Metrics are sampled: every path start decrements one of
// the thread's countdowns, and only when it runs out (as it always does while a
// path is measured), or where a function leaves while its path or its
// caller's is measured, does the code call the runtime (which, on x86,
// pathprof-inline-tsc gives an inline time-stamp counter reading beside it
// at the end of the pipeline: PathProf/InlineTSC.h).
// A function that records calling contexts asks the runtime for its node on
// entry and counts its paths in the table the runtime returns; its call-site
// markers become the two TLS stores that tell the callee where it is
// called from, which every return gives back (docs/ContextTree.md). A
// function that counts no paths (-pathprof-context=calls) has only that
// entry, and, with metrics, the runtime's calls at entry and where it leaves
// (its leave markers), which add its inclusive and exclusive costs to what
// the entry returned: its node's, or its flat calls record. A value-site
// marker (an indirect call, without contexts) becomes a call of the runtime
// with the call site's value block, biased as the dense counters are.
//
//===----------------------------------------------------------------------===//

#include "PathProf/PathProfLowering.h"
#include "PathProf/CounterPromotion.h"
#include "RuntimeInterface.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <cstddef>

using namespace llvm;
using namespace pathprof;

#define DEBUG_TYPE "pathprof-lower"

STATISTIC(NumDenseEnds, "Path ends lowered to dense counter updates");
STATISTIC(NumHashedEnds, "Path ends lowered to hash table updates");
STATISTIC(NumValueSites, "Indirect calls given value profile updates");
STATISTIC(NumSizeSites, "Memory operations given length profile updates");
STATISTIC(NumSelects, "Selects given counter updates");

static cl::opt<CounterMode> Mode(
    "pathprof-counters", cl::init(CounterMode::Thread), cl::Hidden,
    cl::desc("How dense path counters are updated"),
    cl::values(clEnumValN(CounterMode::Thread, "thread",
                          "Each thread counts into a slice of its own "
                          "(exact, the default)"),
               clEnumValN(CounterMode::Shared, "shared",
                          "All threads share one slice, plain adds (threads "
                          "can lose counts)"),
               clEnumValN(CounterMode::Atomic, "atomic",
                          "All threads share one slice, atomic adds, no "
                          "counter kept in a register")));

static cl::opt<bool> InlineContext(
    "pathprof-inline-context", cl::init(true), cl::Hidden,
    cl::desc("With calling contexts, take the common case of a function's "
             "entry (its caller's call-site slot lists it first) in "
             "instrumented code, calling the runtime only otherwise"));

namespace {

/// What a path end marker's data record says about its counters.
struct RecordInfo {
  GlobalVariable *Counters = nullptr; ///< Null for a hashed function.
  bool Hashed = false;
  unsigned NumMetrics = 0; ///< Metric accumulators of a path record.
  uint64_t Flags = 0;      ///< The data record's flags.
  bool Context = false;    ///< Records calling contexts.
  bool Calls = false;      ///< Counts no paths (-pathprof-context=calls).
  uint64_t NumCallSites = 0;
  uint64_t NumPaths = 0;
};

/// What a function that records calling contexts got on entry.
struct ContextState {
  /// The caller's call-site words as the entry found them, given back at
  /// every return.
  Value *CallerSite = nullptr;
  Value *CallerCallee = nullptr;
  Value *Node = nullptr;  ///< Its node; null when it counts flat.
  Value *Table = nullptr; ///< Where its path records (or its costs) are.
  uint64_t NumCallSites = 0;
  /// A function that counts no paths, with metrics: the frame of its entry
  /// readings (__pathprof_metrics_calls_enter).
  Value *CallsFrame = nullptr;
};

/// Lowers the markers of one function.
class FunctionLowering {
public:
  FunctionLowering(Function &F, RuntimeInterface &RT)
      : F(F), RT(RT), HasCalls(hasCalls(F)),
        NextCountdown(xxh3_64bits(F.getName()) % PATHPROF_METRIC_COUNTDOWNS) {}

  void lowerPathEnd(CallInst &End);
  void lowerEntryStart(CallInst &Start);
  void lowerCallSite(CallInst &Site);
  void lowerLeave(CallInst &Leave);
  void lowerValueSite(CallInst &Site, FunctionCallee Runtime);
  void lowerSelect(CallInst &Select);
  void finishContext();
  std::pair<Value *, Value *> inlineContextEntry(CallInst &Start,
                                                 const RecordInfo &Info,
                                                 Value *Self,
                                                 const ContextState &CS);

private:
  RecordInfo recordInfo(Value *Data);
  Value *bias();
  Value *biasAt(CallInst &End);
  Value *loadBiasBefore(Instruction *Before, const Twine &Name);
  static bool hasCalls(const Function &F);
  std::pair<Value *, Value *> hashKey(Value *Data);
  Value *lowerDense(CallInst &End, const RecordInfo &Info, Value *Base,
                    Value *PathId, Value *Bias);
  void storeContext(IRBuilder<> &B, Value *Site, Value *Callee);
  std::pair<Value *, Value *> callContextEnter(IRBuilder<> &B, Value *Data,
                                               Value *Self);
  void resetContext(Instruction *At, const ContextState &CS);
  void lowerMetrics(CallInst &End, Value *Group, unsigned NumMetrics,
                    bool Shared);
  Instruction *ifMeasured(Instruction *At, Value *Cond);
  Value *countPathStart(IRBuilder<> &B);
  Value *loadMeasured(IRBuilder<> &B);
  CallInst *callMeasured(IRBuilder<> &B, FunctionCallee Callee,
                         ArrayRef<Value *> Args);
  AllocaInst *enterMeasured(CallInst &Start, unsigned Words, unsigned OnWord,
                            FunctionCallee Enter, const Twine &Name);
  void lowerHashed(CallInst &End, Value *Data, Value *PathId);
  BasicBlock::iterator entryPoint();

  Function &F;
  RuntimeInterface &RT;
  Value *Bias = nullptr;
  /// Before lowering added the runtime's calls.
  const bool HasCalls;
  /// The countdown the next path start site decrements: the function's
  /// sites take them in turn from one its name chooses, so that a recursive
  /// function's entry, its backedges and its callees' entries seldom share
  /// one.
  unsigned NextCountdown;
  DenseMap<Value *, std::pair<Value *, Value *>> HashKeys;
  /// The metrics frame of each entry path start (one per function data
  /// record: inlined copies have their own once inlining runs).
  DenseMap<Value *, Value *> MetricFrames;
  /// The same for calling contexts.
  DenseMap<Value *, ContextState> Contexts;
};

} // namespace

RecordInfo FunctionLowering::recordInfo(Value *Data) {
  auto *GV = dyn_cast<GlobalVariable>(Data->stripPointerCasts());
  auto *Init = GV && GV->hasInitializer()
                   ? dyn_cast<ConstantStruct>(GV->getInitializer())
                   : nullptr;
  if (!Init || Init->getType() != RT.DataTy)
    report_fatal_error("PathProf: a path end marker in '" + F.getName() +
                       "' does not name a function data record");
  RecordInfo Info;
  auto *Flags = cast<ConstantInt>(Init->getOperand(DataField::Flags));
  Info.Hashed = Flags->getZExtValue() & PATHPROF_FUNC_HASHED;
  Info.NumMetrics = pathprofFunctionMetrics(Flags->getZExtValue());
  Info.Flags = Flags->getZExtValue();
  Info.Context = Flags->getZExtValue() & PATHPROF_FUNC_CONTEXT;
  Info.Calls = Flags->getZExtValue() & PATHPROF_FUNC_CALLS;
  Info.NumCallSites = pathprofFunctionCallSites(Flags->getZExtValue());
  Info.NumPaths =
      cast<ConstantInt>(Init->getOperand(DataField::NumPaths))->getZExtValue();
  Info.Counters = dyn_cast<GlobalVariable>(
      Init->getOperand(DataField::Counters)->stripPointerCasts());
  if (!Info.Hashed && !Info.Counters)
    report_fatal_error("PathProf: the data record of '" + F.getName() +
                       "' has neither counters nor the hashed flag");
  return Info;
}

/// Where values computed once per call of the function go: after the static
/// allocas of the entry block, which must stay where they are.
BasicBlock::iterator FunctionLowering::entryPoint() {
  BasicBlock &Entry = F.getEntryBlock();
  BasicBlock::iterator It = Entry.getFirstInsertionPt();
  while (It != Entry.end() && isa<AllocaInst>(*It) &&
         cast<AllocaInst>(*It).isStaticAlloca())
    ++It;
  return It;
}

/// Whether every call of \p F is in an instrumented function of this module,
/// which has obtained the thread's slice (or knows there is none yet) before
/// the call.
static bool onlyCalledFromInstrumentedCode(const Function &F) {
  if (!F.hasLocalLinkage() || F.hasAddressTaken())
    return false;
  // Not every non-call use counts as taking the address (blockaddress does
  // not): anything but a direct call in instrumented code disqualifies.
  return all_of(F.users(), [&F](const User *U) {
    const auto *CB = dyn_cast<CallBase>(U);
    return CB && CB->getCalledOperand() == &F &&
           CB->getFunction()->hasFnAttribute(InstrumentedAttr);
  });
}

/// The bias of the dense counters, computed on entry to the function.
Value *FunctionLowering::bias() {
  if (Bias)
    return Bias;
  BasicBlock::iterator At = entryPoint();
  IRBuilder<> B(&F.getEntryBlock(), At);
  if (Mode != CounterMode::Thread) {
    Bias = B.CreateAlignedLoad(RT.I64, RT.counterBias(), Align(8),
                               "pathprof.bias");
    return Bias;
  }
  // The thread's own slice; a thread that has none yet (its first call of
  // any instrumented function) asks the runtime once. A bias never changes
  // once set, so callees cannot invalidate it.
  Value *Addr = B.CreateThreadLocalAddress(RT.threadBias());
  // A function that only instrumented callers of this module can call (local,
  // its address never taken) runs on a thread that has asked already (or,
  // before the runtime started, counts into the static section, as its
  // caller does).
  if (onlyCalledFromInstrumentedCode(F)) {
    Bias = B.CreateAlignedLoad(RT.I64, Addr, Align(8), "pathprof.bias");
    return Bias;
  }
  LoadInst *Own = B.CreateAlignedLoad(RT.I64, Addr, Align(8), "pathprof.tbias");
  Value *None = B.CreateICmpEQ(Own, B.getInt64(0), "pathprof.noslice");
  MDNode *Unlikely = MDBuilder(F.getContext()).createUnlikelyBranchWeights();
  Instruction *Then =
      SplitBlockAndInsertIfThen(None, &*B.GetInsertPoint(),
                                /*Unreachable=*/false, Unlikely);
  Then->getParent()->setName("pathprof.slice");
  IRBuilder<> TB(Then);
  CallInst *Slice = TB.CreateCall(RT.threadSlice(), {}, "pathprof.newslice");
  BasicBlock *Cont = Then->getSuccessor(0);
  Cont->setName("pathprof.sliced");
  PHINode *Phi = PHINode::Create(RT.I64, 2, "pathprof.bias");
  Phi->insertBefore(Cont->begin());
  Phi->addIncoming(Own, Own->getParent());
  Phi->addIncoming(Slice, Then->getParent());
  Bias = Phi;
  return Bias;
}

/// Whether \p F calls anything but intrinsics and the path markers.
bool FunctionLowering::hasCalls(const Function &F) {
  return any_of(instructions(F), [](const Instruction &I) {
    const auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || isa<IntrinsicInst>(CB))
      return false;
    const Function *Callee = CB->getCalledFunction();
    return !Callee || (Callee->getName() != PathStartMarker &&
                       Callee->getName() != PathEndMarker &&
                       Callee->getName() != LeaveMarker &&
                       Callee->getName() != ValueSiteMarker &&
                       Callee->getName() != SizeSiteMarker &&
                       Callee->getName() != SelectMarker);
  });
}

/// The bias for the path end \p End. A path that ends at a return (which
/// the instrumentation counts on entry to the return block) reads the bias
/// again there when the function makes calls: one load, where keeping the
/// entry's value across the calls takes a callee-saved register (a push and
/// a pop per call of the function) or a stack slot. Path ends in loops use
/// the entry's value, which CounterPromotionPass needs loop-invariant.
Value *FunctionLowering::biasAt(CallInst &End) {
  if (!isa<ReturnInst>(End.getParent()->getTerminator()) || !HasCalls)
    return bias();
  return loadBiasBefore(&End, "pathprof.bias.ret");
}

/// The bias loaded again before \p Before, not the entry's value kept
/// across the function's calls. The entry must still give a thread without
/// a slice its slice.
Value *FunctionLowering::loadBiasBefore(Instruction *Before,
                                        const Twine &Name) {
  if (Mode == CounterMode::Thread && !onlyCalledFromInstrumentedCode(F))
    bias();
  IRBuilder<> B(Before);
  Value *Addr = RT.counterBias();
  if (Mode == CounterMode::Thread)
    Addr = B.CreateThreadLocalAddress(RT.threadBias());
  return B.CreateAlignedLoad(RT.I64, Addr, Align(8), Name);
}

/// Counts path \p PathId in its path table (\p Info) at \p Base (the
/// counters in the section, plus \p Bias when that is not null, or a
/// node's table) and returns the address of the path's metric group, or
/// null without metrics. Where a path's count and group are is the format's
/// (pathprofCountWord, pathprofGroupWord): a word linear in the path id.
Value *FunctionLowering::lowerDense(CallInst &End, const RecordInfo &Info,
                                    Value *Base, Value *PathId, Value *Bias) {
  ++NumDenseEnds;
  IRBuilder<> B(&End);
  auto WordOf = [&](uint64_t (*Word)(uint64_t, uint64_t, uint64_t),
                    const Twine &Name) {
    const uint64_t First = Word(Info.Flags, Info.NumPaths, 0);
    const uint64_t Stride = Word(Info.Flags, Info.NumPaths, 1) - First;
    Value *Index = PathId;
    if (Stride != 1)
      Index = B.CreateMul(Index, B.getInt64(Stride), "", /*HasNUW=*/true,
                          /*HasNSW=*/true);
    if (First != 0)
      Index = B.CreateAdd(Index, B.getInt64(First), "", /*HasNUW=*/true,
                          /*HasNSW=*/true);
    return B.CreateInBoundsGEP(RT.I64, Base, Index, Name);
  };
  Value *Addr = WordOf(pathprofCountWord, "pathprof.slot");
  if (Bias)
    Addr = B.CreateGEP(B.getInt8Ty(), Addr, Bias, "pathprof.counter");
  Value *Group = nullptr;
  if (Info.NumMetrics) {
    Group = WordOf(pathprofGroupWord, "pathprof.group.slot");
    if (Bias)
      Group = B.CreateGEP(B.getInt8Ty(), Group, Bias, "pathprof.group");
  }
  // Atomic updates are not marked for CounterPromotionPass: atomic mode
  // promises that every completed path is in the file at once, even on a
  // thread still looping when another calls exit().
  if (Mode == CounterMode::Atomic) {
    B.CreateAtomicRMW(AtomicRMWInst::Add, Addr, B.getInt64(1), MaybeAlign(8),
                      AtomicOrdering::Monotonic);
    return Group;
  }
  auto *Old = B.CreateAlignedLoad(RT.I64, Addr, Align(8), "pathprof.count");
  auto *Store =
      B.CreateAlignedStore(B.CreateAdd(Old, B.getInt64(1)), Addr, Align(8));
  // CounterPromotionPass may keep the counter in a register across a loop,
  // and across the runtime's metric calls, which add to the path's metric
  // group only.
  markCounterAccess(*Old);
  markCounterAccess(*Store);
  return Group;
}

/// Moves the static allocas of \p F's entry block to its top. The entry's
/// path start comes first, and lowering it may split the entry block there
/// (a thread's first counter slice, the metrics' countdown, a calling
/// context's uncommon case): an alloca
/// left below would be dynamic, which the inliner never inlines and which
/// costs the function a frame pointer.
static void hoistEntryAllocas(Function &F) {
  BasicBlock &Entry = F.getEntryBlock();
  SmallVector<AllocaInst *, 8> Allocas;
  for (Instruction &I : Entry)
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (isa<Constant>(AI->getArraySize()))
        Allocas.push_back(AI);
  for (AllocaInst *AI : reverse(Allocas))
    AI->moveBefore(Entry, Entry.getFirstInsertionPt());
}

/// Whether \p I is a path event marker \p Name.
static bool isMarker(const Instruction *I, StringRef Name) {
  const auto *CI = dyn_cast_or_null<CallInst>(I);
  return CI && CI->getCalledFunction() &&
         CI->getCalledFunction()->getName() == Name;
}

/// Makes the code before \p At run the instructions before the returned one
/// only when \p Cond holds, which it rarely does: a path start whose
/// countdown ran out, or a measured path.
Instruction *FunctionLowering::ifMeasured(Instruction *At, Value *Cond) {
  Instruction *Then = SplitBlockAndInsertIfThen(
      Cond, At, /*Unreachable=*/false,
      MDBuilder(F.getContext()).createUnlikelyBranchWeights());
  Then->getParent()->setName("pathprof.measure");
  return Then;
}

/// Calls the metric entry point \p Callee of the runtime where \p B is, a
/// place run only when a countdown ran out or a path is measured. The call
/// keeps the caller's registers (preserve_most) and is seldom taken, so the
/// inliner counts it as one instruction ("call-inline-cost"), not as a call
/// with its arguments' setup: a function with metrics is then inlined
/// nearly where the same function counting paths alone would be. It is
/// marked for CounterPromotionPass, which keeps the sampling words in
/// registers across loops that make only such calls.
CallInst *FunctionLowering::callMeasured(IRBuilder<> &B, FunctionCallee Callee,
                                         ArrayRef<Value *> Args) {
  CallInst *Call = RT.call(B, Callee, Args);
  // The inline cost of one instruction (InlineCost.cpp's -inline-instr-cost).
  Call->addFnAttr(Attribute::get(F.getContext(), "call-inline-cost", "5"));
  markRuntimeCall(*Call);
  return Call;
}

/// Decrements one of the thread's countdowns at a path start, this site's;
/// returns whether it ran out, fell below 0 (the runtime decides then
/// whether the path is measured). While the thread's current path is
/// measured the runtime holds every countdown at 0, so that one runs out at
/// the next path start: the test covers both. A sign test lets the code
/// generator fold the load, the decrement, the store and the test into one
/// instruction on a memory word (x86: `decq %fs:countdown+8*i; js`). Both
/// words are marked for CounterPromotionPass, which keeps them in registers
/// across a loop that calls only the runtime.
Value *FunctionLowering::countPathStart(IRBuilder<> &B) {
  Value *Addr = B.CreateConstInBoundsGEP2_64(
      RT.metricCountdown()->getValueType(),
      B.CreateThreadLocalAddress(RT.metricCountdown()), 0, NextCountdown);
  NextCountdown = (NextCountdown + 1) % PATHPROF_METRIC_COUNTDOWNS;
  auto *Load =
      B.CreateAlignedLoad(RT.I64, Addr, Align(8), "pathprof.countdown");
  markSamplingAccess(*Load);
  Value *Left = B.CreateSub(Load, B.getInt64(1));
  markSamplingAccess(*B.CreateAlignedStore(Left, Addr, Align(8)));
  return B.CreateICmpSLT(Left, B.getInt64(0), "pathprof.ranout");
}

/// Whether the thread's current path is measured.
Value *FunctionLowering::loadMeasured(IRBuilder<> &B) {
  auto *On =
      B.CreateAlignedLoad(RT.I64, B.CreateThreadLocalAddress(RT.metricOn()),
                          Align(8), "pathprof.on");
  markSamplingAccess(*On);
  return On;
}

/// A path start that is not the continuation of a path end (a backedge's):
/// the function's entry. Metrics save the caller's path start in a frame of
/// K words and start the function's first path.
void FunctionLowering::lowerEntryStart(CallInst &Start) {
  Value *Data = Start.getArgOperand(0);
  RecordInfo Info = recordInfo(Data);
  if (isMarker(Start.getPrevNode(), PathEndMarker))
    return;
  if (Info.Context) {
    // The node and the table come first: what finding them costs is the
    // caller's, not this function's first path's. The caller's words are
    // read before anything else, so that every return can give them back.
    IRBuilder<> B(&Start);
    ContextState &CS = Contexts[Data];
    CS.CallerSite =
        B.CreateAlignedLoad(RT.Ptr, B.CreateThreadLocalAddress(RT.ctxSite()),
                            Align(8), "pathprof.ctx.site");
    CS.CallerCallee =
        B.CreateAlignedLoad(RT.Ptr, B.CreateThreadLocalAddress(RT.ctxCallee()),
                            Align(8), "pathprof.ctx.callee");
    CS.NumCallSites = Info.NumCallSites;
    // A local function whose address is never taken is only ever called
    // directly, with its data record as the callee.
    Value *Self = F.hasLocalLinkage() && !F.hasAddressTaken()
                      ? ConstantPointerNull::get(RT.Ptr)
                      : static_cast<Value *>(&F);
    // A node holds the function's path table when the runtime gives it one
    // (PathProfContext.c: dense, at most PATHPROF_CTX_MAX_PATHS paths), and
    // always its costs when the function counts no paths.
    if (InlineContext &&
        (Info.Calls || (!Info.Hashed && Info.Counters &&
                        Info.NumPaths <= PATHPROF_CTX_MAX_PATHS)))
      std::tie(CS.Node, CS.Table) = inlineContextEntry(Start, Info, Self, CS);
    else
      std::tie(CS.Node, CS.Table) = callContextEnter(B, Data, Self);
  }
  if (!Info.NumMetrics)
    return;
  if (Info.Calls) {
    // The caller's start, then the entry's readings: always through the
    // runtime, which adds both costs where the function leaves.
    Contexts[Data].CallsFrame = enterMeasured(
        Start, PATHPROF_CALLS_FRAME_WORDS, PATHPROF_CALLS_FRAME_ON,
        RT.callsEnter(), "pathprof.calls.frame");
    return;
  }
  MetricFrames[Data] = enterMeasured(
      Start, PATHPROF_METRICS_FRAME_WORDS, PATHPROF_METRICS_FRAME_ON,
      RT.metricsEnter(), "pathprof.metrics.frame");
}

/// The metrics of a function's entry, before \p Start: a frame of \p Words
/// words, whose word \p OnWord keeps whether the caller's path is measured,
/// for the function's leave, and the runtime's entry \p Enter. That is
/// called only when the countdown ran out, which it always does when the
/// caller's path is measured (the runtime holds the countdown at 0 then),
/// and then saves the caller's word and start in the frame; a countdown
/// that did not run out says the caller's path is not measured, and the
/// word stays the 0 stored here.
AllocaInst *FunctionLowering::enterMeasured(CallInst &Start, unsigned Words,
                                            unsigned OnWord,
                                            FunctionCallee Enter,
                                            const Twine &Name) {
  IRBuilder<> AB(&F.getEntryBlock(), F.getEntryBlock().begin());
  auto *Frame = AB.CreateAlloca(ArrayType::get(RT.I64, Words), nullptr, Name);
  Frame->setAlignment(Align(8));
  IRBuilder<> B(&Start);
  B.CreateAlignedStore(B.getInt64(0),
                       B.CreateConstInBoundsGEP1_64(RT.I64, Frame, OnWord),
                       Align(8));
  IRBuilder<> TB(ifMeasured(&Start, countPathStart(B)));
  callMeasured(TB, Enter, {Frame});
  return Frame;
}

/// The metric part of path end \p End, whose metric group is at \p Group
/// (shared between threads when \p Shared: added to atomically): a
/// path end followed by a path start is a backedge's, any other leaves the
/// function (at its return instruction, so that the whole return block
/// counts as the function's). Each calls the runtime only when its path
/// (or, leaving, the caller's) is measured; on x86, pathprof-inline-tsc
/// later reads the time-stamp counter beside each call
/// (PathProf/InlineTSC.h).
void FunctionLowering::lowerMetrics(CallInst &End, Value *Group,
                                    unsigned NumMetrics, bool Shared) {
  const unsigned KArg =
      NumMetrics | (Shared ? PATHPROF_METRICS_SHARED_RECORD : 0);
  if (isMarker(End.getNextNode(), PathStartMarker)) {
    // The path ends and the next one starts: the runtime only when the
    // countdown runs out, which it always does when this path is measured.
    IRBuilder<> EB(&End);
    IRBuilder<> TB(ifMeasured(&End, countPathStart(EB)));
    callMeasured(TB, RT.metricsPath(), {Group, TB.getInt32(KArg)});
    return;
  }
  Value *Frame = MetricFrames.lookup(End.getArgOperand(0));
  if (!Frame)
    report_fatal_error("PathProf: a path end in '" + F.getName() +
                       "' has no entry path start");
  Instruction *At = &End;
  if (auto *Ret = dyn_cast<ReturnInst>(End.getParent()->getTerminator()))
    At = Ret;
  // The runtime only when this path or the caller's is measured.
  IRBuilder<> EB(At);
  Value *CallerOn = EB.CreateAlignedLoad(
      RT.I64,
      EB.CreateConstInBoundsGEP1_64(RT.I64, Frame, PATHPROF_METRICS_FRAME_ON),
      Align(8), "pathprof.caller.on");
  Value *Cond = EB.CreateIsNotNull(EB.CreateOr(loadMeasured(EB), CallerOn));
  IRBuilder<> TB(ifMeasured(At, Cond));
  callMeasured(TB, RT.metricsLeave(), {Group, TB.getInt32(KArg), Frame});
}

/// The entry of a function that records calling contexts, before \p Start:
/// the common case in line, the runtime's __pathprof_ctx_enter otherwise.
/// The common case is a caller whose call-site slot (the context word
/// __pathprof_ctx_site, inside the thread's arena) lists this function first
/// as a node, reached as the word __pathprof_ctx_callee says: count the
/// entry and point the words at the node's own slot, as the runtime does
/// (its fast path, PathProfContext.c). Reading the tree needs no lock: a
/// record is complete before it is linked, and records never move. Returns
/// the node and its path table.
///
/// A callee word that is this function's data record is a direct call
/// site's, which stores that word and no other: a record in its slot
/// reached directly (no VIA_UNKNOWN flag) can only be this function's, so
/// the common case of a direct call checks the flags alone. Any other word
/// (the function itself, called through a pointer; anything else: reached
/// through unknown code) checks the record's function index too.
std::pair<Value *, Value *>
FunctionLowering::inlineContextEntry(CallInst &Start, const RecordInfo &Info,
                                     Value *Self, const ContextState &CS) {
  LLVMContext &Ctx = F.getContext();
  Value *Data = Start.getArgOperand(0);
  Value *Site = CS.CallerSite, *Callee = CS.CallerCallee;
  MDNode *Likely = MDBuilder(Ctx).createLikelyBranchWeights();
  BasicBlock *Head = Start.getParent();
  BasicBlock *Join = Head->splitBasicBlock(&Start, "pathprof.ctx.entered");
  auto Block = [&](const Twine &Name) {
    return BasicBlock::Create(Ctx, Name, &F, Join);
  };
  BasicBlock *InArena = Block("pathprof.ctx.arena");
  BasicBlock *HasHead = Block("pathprof.ctx.slot");
  BasicBlock *Check = Block("pathprof.ctx.check");
  BasicBlock *Direct = Block("pathprof.ctx.direct");
  BasicBlock *Other = Block("pathprof.ctx.other");
  BasicBlock *Fast = Block("pathprof.ctx.fast");
  BasicBlock *Recursive = Block("pathprof.ctx.recursive");
  BasicBlock *Found = Block("pathprof.ctx.found");
  BasicBlock *Slow = Block("pathprof.ctx.slow");
  auto Field = [&](IRBuilder<> &B, Value *Base, uint64_t Offset,
                   const Twine &Name) {
    return B.CreateAlignedLoad(
        RT.I64, B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Base, Offset),
        Align(8), Name);
  };

  Head->getTerminator()->eraseFromParent();
  IRBuilder<> B(Head);
  Value *Arena =
      B.CreateAlignedLoad(RT.Ptr, B.CreateThreadLocalAddress(RT.ctxArena()),
                          Align(8), "pathprof.ctx.arena");
  B.CreateCondBr(B.CreateIsNotNull(Arena), InArena, Slow, Likely);

  // The slot must be inside the records of the thread's tree.
  B.SetInsertPoint(InArena);
  Value *Used =
      Field(B, Arena, offsetof(PathProfCtxHeader, Used), "pathprof.ctx.used");
  Value *SiteInt = B.CreatePtrToInt(Site, RT.I64);
  Value *ArenaInt = B.CreatePtrToInt(Arena, RT.I64);
  Value *Low = B.CreateICmpUGE(
      SiteInt, B.CreateAdd(ArenaInt, B.getInt64(sizeof(PathProfCtxHeader))));
  Value *High = B.CreateICmpULT(SiteInt, B.CreateAdd(ArenaInt, Used));
  B.CreateCondBr(B.CreateAnd(Low, High), HasHead, Slow, Likely);

  B.SetInsertPoint(HasHead);
  Value *First =
      B.CreateAlignedLoad(RT.I64, Site, Align(8), "pathprof.ctx.first");
  B.CreateCondBr(B.CreateICmpNE(First, B.getInt64(0)), Check, Slow, Likely);

  B.SetInsertPoint(Check);
  Value *Rec = B.CreateGEP(B.getInt8Ty(), Arena, First, "pathprof.ctx.rec");
  Value *RecFlags =
      Field(B, Rec, offsetof(PathProfCtxNode, Flags), "pathprof.ctx.flags");
  B.CreateCondBr(B.CreateICmpEQ(Callee, Data), Direct, Other, Likely);

  // Called directly: the first record, if reached directly, is this
  // function's.
  B.SetInsertPoint(Direct);
  B.CreateCondBr(B.CreateICmpEQ(RecFlags, B.getInt64(0)), Fast, Slow, Likely);

  // Otherwise the record must be a record of this function (its index: the
  // data record's distance from the section start), reached as the callee
  // word says.
  B.SetInsertPoint(Other);
  Value *Index =
      B.CreateUDiv(B.CreateSub(B.CreatePtrToInt(Data, RT.I64),
                               B.CreatePtrToInt(RT.dataStart(), RT.I64)),
                   B.getInt64(sizeof(PathProfFunctionData)));
  Value *ViaSelf = isa<ConstantPointerNull>(Self)
                       ? static_cast<Value *>(B.getFalse())
                       : B.CreateICmpEQ(Callee, Self);
  Value *Flags = B.CreateSelect(ViaSelf, B.getInt64(0),
                                B.getInt64(PATHPROF_CTX_VIA_UNKNOWN));
  Value *IsFn = B.CreateICmpEQ(
      Field(B, Rec, offsetof(PathProfCtxNode, Function), ""), Index);
  Value *IsHow = B.CreateICmpEQ(RecFlags, Flags);
  B.CreateCondBr(B.CreateAnd(IsFn, IsHow), Fast, Slow);

  // Count the entry in the record; a backedge (a recursive call) counts it
  // in its target, the function's node, too.
  auto Increment = [&](IRBuilder<> &B, Value *Record) {
    Value *CountAt = B.CreateConstInBoundsGEP1_64(
        B.getInt8Ty(), Record, offsetof(PathProfCtxNode, EntryCount));
    B.CreateAlignedStore(
        B.CreateAdd(B.CreateAlignedLoad(RT.I64, CountAt, Align(8)),
                    B.getInt64(1)),
        CountAt, Align(8));
  };
  B.SetInsertPoint(Fast);
  Value *Kind = Field(B, Rec, offsetof(PathProfCtxNode, Kind), "");
  Increment(B, Rec);
  B.CreateCondBr(B.CreateICmpEQ(Kind, B.getInt64(PATHPROF_CTX_NODE)), Found,
                 Recursive, Likely);

  B.SetInsertPoint(Recursive);
  Value *Target =
      B.CreateGEP(B.getInt8Ty(), Arena,
                  Field(B, Rec, offsetof(PathProfCtxBackedge, Target), ""),
                  "pathprof.ctx.target");
  Increment(B, Target);
  B.CreateBr(Found);

  B.SetInsertPoint(Found);
  PHINode *FoundNode = B.CreatePHI(RT.Ptr, 2, "pathprof.ctx.node");
  FoundNode->addIncoming(Rec, Fast);
  FoundNode->addIncoming(Target, Recursive);
  storeContext(
      B,
      B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), FoundNode,
                                   PATHPROF_CTX_SLOT_OFFSET(Info.NumCallSites)),
      ConstantPointerNull::get(RT.Ptr));
  Value *FastTable = B.CreateConstInBoundsGEP1_64(
      B.getInt8Ty(), FoundNode, PATHPROF_CTX_SLOT_OFFSET(Info.NumCallSites + 1),
      "pathprof.ctx.table");
  B.CreateBr(Join);

  B.SetInsertPoint(Slow);
  auto [SlowNode, SlowTable] = callContextEnter(B, Data, Self);
  SlowNode->setName("pathprof.slow.node");
  SlowTable->setName("pathprof.slow.table");
  B.CreateBr(Join);

  B.SetInsertPoint(&*Join->begin());
  PHINode *Node = B.CreatePHI(RT.Ptr, 2, "pathprof.node");
  Node->addIncoming(FoundNode, Found);
  Node->addIncoming(SlowNode, Slow);
  PHINode *Table = B.CreatePHI(RT.Ptr, 2, "pathprof.table");
  Table->addIncoming(FastTable, Found);
  Table->addIncoming(SlowTable, Slow);
  return {Node, Table};
}

/// A call of the runtime's entry, __pathprof_ctx_enter, for record \p Data
/// and the function itself \p Self (null when its address is never taken):
/// the node and the table. The runtime preserves the caller's registers
/// (preserve_most where the target has it: RuntimeInterface.h), so that a
/// function whose common case is in line needs no frame for the uncommon.
std::pair<Value *, Value *>
FunctionLowering::callContextEnter(IRBuilder<> &B, Value *Data, Value *Self) {
  CallInst *Entry = RT.call(B, RT.ctxEnter(), {Data, Self}, "pathprof.ctx");
  return {B.CreateExtractValue(Entry, 0, "pathprof.node"),
          B.CreateExtractValue(Entry, 1, "pathprof.table")};
}

/// Stores the two context words: the slot \p Site the next call is at, and
/// the callee \p Callee it means to call.
void FunctionLowering::storeContext(IRBuilder<> &B, Value *Site,
                                    Value *Callee) {
  B.CreateAlignedStore(Site, B.CreateThreadLocalAddress(RT.ctxSite()),
                       Align(8));
  B.CreateAlignedStore(Callee, B.CreateThreadLocalAddress(RT.ctxCallee()),
                       Align(8));
}

/// Before \p At: the function runs its own code again (after a landing pad
/// or a second return from setjmp): anything entering now attaches to its
/// node's own slot, as right after entry.
void FunctionLowering::resetContext(Instruction *At, const ContextState &CS) {
  IRBuilder<> B(At);
  Value *Own =
      B.CreateGEP(B.getInt8Ty(), CS.Node,
                  B.getInt64(PATHPROF_CTX_SLOT_OFFSET(CS.NumCallSites)),
                  "pathprof.own.slot");
  storeContext(B, Own, ConstantPointerNull::get(RT.Ptr));
}

/// A call-site marker: the callee will find the slot of this call site in
/// this function's node, and which callee the call means.
void FunctionLowering::lowerCallSite(CallInst &Site) {
  auto It = Contexts.find(Site.getArgOperand(0));
  if (It == Contexts.end())
    report_fatal_error("PathProf: a call-site marker in '" + F.getName() +
                       "' has no entry path start");
  auto *Index = cast<ConstantInt>(Site.getArgOperand(1));
  IRBuilder<> B(&Site);
  Value *Slot =
      B.CreateGEP(B.getInt8Ty(), It->second.Node,
                  B.getInt64(PATHPROF_CTX_SLOT_OFFSET(Index->getZExtValue())),
                  "pathprof.slot.site");
  storeContext(B, Slot, Site.getArgOperand(2));
  Site.eraseFromParent();
}

/// A value-site marker (an indirect call's callee) or a size-site marker
/// (a memory operation's length): \p Runtime counts the marker's value in
/// the site's value block of the thread's slice (or the process's
/// counters), the bias loaded at the site.
void FunctionLowering::lowerValueSite(CallInst &Site, FunctionCallee Runtime) {
  Value *Bias = loadBiasBefore(&Site, "pathprof.bias.vp");
  IRBuilder<> B(&Site);
  Value *Block = B.CreateGEP(B.getInt8Ty(), Site.getArgOperand(0), Bias,
                             "pathprof.vblock");
  B.CreateCall(Runtime, {Block, Site.getArgOperand(1), Site.getArgOperand(2)});
  Site.eraseFromParent();
}

/// A select marker: its condition, as 0 or 1, is added to the select's
/// counter in the thread's slice (or the process's counters), as IR PGO's
/// select counting adds it (InstrProfIncrementInstStep).
void FunctionLowering::lowerSelect(CallInst &Select) {
  ++NumSelects;
  IRBuilder<> B(&Select);
  Value *Addr = B.CreateGEP(B.getInt8Ty(), Select.getArgOperand(0), bias(),
                            "pathprof.select");
  Value *Step = B.CreateZExt(Select.getArgOperand(1), RT.I64);
  if (Mode == CounterMode::Atomic) {
    B.CreateAtomicRMW(AtomicRMWInst::Add, Addr, Step, MaybeAlign(8),
                      AtomicOrdering::Monotonic);
  } else {
    auto *Old = B.CreateAlignedLoad(RT.I64, Addr, Align(8), "pathprof.count");
    auto *Store = B.CreateAlignedStore(B.CreateAdd(Old, Step), Addr, Align(8));
    markCounterAccess(*Old);
    markCounterAccess(*Store);
  }
  Select.eraseFromParent();
}

/// A leave marker of a function that counts no paths: with metrics, its
/// costs in this activation go to the costs its entry found.
void FunctionLowering::lowerLeave(CallInst &Leave) {
  Value *Data = Leave.getArgOperand(0);
  RecordInfo Info = recordInfo(Data);
  auto It = Contexts.find(Data);
  if (!Info.Calls || It == Contexts.end())
    report_fatal_error("PathProf: a leave marker in '" + F.getName() +
                       "' without the entry of a function that counts no "
                       "paths");
  if (Info.NumMetrics) {
    const unsigned KArg =
        Info.NumMetrics |
        (Mode == CounterMode::Atomic ? PATHPROF_METRICS_SHARED_RECORD : 0);
    IRBuilder<> B(&Leave);
    Value *CallerOn = B.CreateAlignedLoad(
        RT.I64,
        B.CreateConstInBoundsGEP1_64(RT.I64, It->second.CallsFrame,
                                     PATHPROF_CALLS_FRAME_ON),
        Align(8), "pathprof.caller.on");
    Value *Cond = B.CreateIsNotNull(B.CreateOr(loadMeasured(B), CallerOn));
    IRBuilder<> TB(ifMeasured(&Leave, Cond));
    callMeasured(TB, RT.callsLeave(),
                 {It->second.Table, TB.getInt32(KArg), It->second.CallsFrame});
  }
  Leave.eraseFromParent();
}

/// The function leaves (a return or a resume, or a musttail call that takes
/// its place): the caller's context words come back as the entry read them,
/// so that an uninstrumented caller calling it again (a callback) finds them as
/// it left them. After landing pads and setjmp returns, the function's own
/// slot.
void FunctionLowering::finishContext() {
  if (Contexts.empty())
    return;
  // Before lowering, every return belongs to the function's own record.
  const ContextState &CS = Contexts.begin()->second;
  SmallVector<Instruction *, 8> Leaves, Resets;
  for (Instruction &I : instructions(F)) {
    if (isa<ReturnInst>(I) || isa<ResumeInst>(I)) {
      Instruction *At = &I;
      if (auto *Call = I.getParent()->getTerminatingMustTailCall())
        At = Call;
      Leaves.push_back(At);
    } else if (isa<LandingPadInst>(I)) {
      Resets.push_back(&*I.getParent()->getFirstInsertionPt());
    } else if (auto *CB = dyn_cast<CallBase>(&I);
               CB && CB->hasFnAttr(Attribute::ReturnsTwice) &&
               !CB->isTerminator()) {
      Resets.push_back(CB->getNextNode());
    }
  }
  for (Instruction *At : Leaves) {
    IRBuilder<> B(At);
    storeContext(B, CS.CallerSite, CS.CallerCallee);
  }
  for (Instruction *At : Resets)
    resetContext(At, CS);
}

/// The table key of record \p Data, 1 + its index in the data section, and
/// the key's share of the hash; computed once on entry.
std::pair<Value *, Value *> FunctionLowering::hashKey(Value *Data) {
  auto [It, New] = HashKeys.try_emplace(Data);
  if (!New)
    return It->second;
  IRBuilder<> B(&F.getEntryBlock(), entryPoint());
  Value *Offset = B.CreateSub(B.CreatePtrToInt(Data, RT.I64),
                              B.CreatePtrToInt(RT.dataStart(), RT.I64));
  Value *Key = B.CreateAdd(
      B.CreateUDiv(Offset, B.getInt64(sizeof(PathProfFunctionData))),
      B.getInt64(1), "pathprof.key");
  Value *KeyHash = B.CreateMul(Key, B.getInt64(0x9e3779b97f4a7c15ULL));
  It->second = {Key, KeyHash};
  return It->second;
}

/// A call of __pathprof_hash_inc behind an inline fast path: the first slot
/// the runtime would probe (PathProfHash.c: splitmix64 of the key, linear
/// probing in the table after its PathProfHashHeader) is read, and when it
/// already holds this (function, path) its count is incremented atomically in
/// place; the runtime is called only on a miss (a new path, a collision, no
/// table yet). A hashed path end then costs about 25 instructions where the
/// call costs about 70, and the counts are the same.
void FunctionLowering::lowerHashed(CallInst &End, Value *Data, Value *PathId) {
  ++NumHashedEnds;
  LLVMContext &Ctx = F.getContext();
  auto [Key, KeyHash] = hashKey(Data);
  MDNode *Likely = MDBuilder(Ctx).createLikelyBranchWeights();

  BasicBlock *BB = End.getParent();
  BasicBlock *Slow = BB->splitBasicBlock(&End, "pathprof.hash.miss");
  BasicBlock *Cont =
      Slow->splitBasicBlock(End.getNextNode(), "pathprof.hash.done");
  BasicBlock *Probe = BasicBlock::Create(Ctx, "pathprof.hash.probe", &F, Slow);
  BasicBlock *Hit = BasicBlock::Create(Ctx, "pathprof.hash.hit", &F, Slow);
  IRBuilder<> S(&End);
  S.CreateCall(RT.hashInc(), {Data, PathId});

  BB->getTerminator()->eraseFromParent();
  IRBuilder<> B(BB);
  LoadInst *Table =
      B.CreateAlignedLoad(RT.Ptr, RT.hashTable(), Align(8), "pathprof.table");
  Table->setAtomic(AtomicOrdering::Acquire);
  B.CreateCondBr(B.CreateIsNotNull(Table), Probe, Slow, Likely);

  B.SetInsertPoint(Probe);
  Value *Capacity = B.CreateAlignedLoad(RT.I64, Table, Align(8));
  Value *Z = B.CreateXor(PathId, KeyHash);
  Z = B.CreateMul(B.CreateXor(Z, B.CreateLShr(Z, 30)),
                  B.getInt64(0xbf58476d1ce4e5b9ULL));
  Z = B.CreateMul(B.CreateXor(Z, B.CreateLShr(Z, 27)),
                  B.getInt64(0x94d049bb133111ebULL));
  Z = B.CreateXor(Z, B.CreateLShr(Z, 31));
  Value *Slot = B.CreateAnd(Z, B.CreateSub(Capacity, B.getInt64(1)));
  Value *SlotAddr = B.CreateGEP(
      B.getInt8Ty(), Table,
      B.CreateAdd(B.getInt64(sizeof(PathProfHashHeader)),
                  B.CreateMul(Slot, B.getInt64(sizeof(PathProfHashEntry)))),
      "pathprof.slot");
  auto Field = [&](size_t Offset) {
    return B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), SlotAddr, Offset);
  };
  LoadInst *SlotKey = B.CreateAlignedLoad(
      RT.I64, Field(offsetof(PathProfHashEntry, FunctionIndexPlusOne)),
      Align(8));
  SlotKey->setAtomic(AtomicOrdering::Acquire);
  LoadInst *SlotPath = B.CreateAlignedLoad(
      RT.I64, Field(offsetof(PathProfHashEntry, PathId)), Align(8));
  SlotPath->setAtomic(AtomicOrdering::Monotonic);
  Value *IsHit = B.CreateAnd(B.CreateICmpEQ(SlotKey, Key),
                             B.CreateICmpEQ(SlotPath, PathId));
  B.CreateCondBr(IsHit, Hit, Slow, Likely);

  B.SetInsertPoint(Hit);
  B.CreateAtomicRMW(AtomicRMWInst::Add,
                    Field(offsetof(PathProfHashEntry, Count)), B.getInt64(1),
                    MaybeAlign(8), AtomicOrdering::Monotonic);
  B.CreateBr(Cont);
}

void FunctionLowering::lowerPathEnd(CallInst &End) {
  Value *Data = End.getArgOperand(0);
  Value *PathId = End.getArgOperand(1);
  RecordInfo Info = recordInfo(Data);
  if (Info.Hashed && Info.NumMetrics) {
    // The runtime counts the path and gives back its record.
    ++NumHashedEnds;
    IRBuilder<> B(&End);
    Value *Record =
        B.CreateCall(RT.hashRecord(), {Data, PathId}, "pathprof.record");
    // The entry's record is {count, metric group}.
    lowerMetrics(
        End, B.CreateConstInBoundsGEP1_64(RT.I64, Record, 1, "pathprof.group"),
        Info.NumMetrics, /*Shared=*/true);
  } else if (Info.Hashed) {
    lowerHashed(End, Data, PathId);
  } else {
    Value *Group;
    if (Info.Context) {
      // The table the runtime gave the function on entry: its node's, or
      // its flat counters in the thread's slice.
      auto It = Contexts.find(Data);
      if (It == Contexts.end())
        report_fatal_error("PathProf: a path end in '" + F.getName() +
                           "' has no entry path start");
      Group = lowerDense(End, Info, It->second.Table, PathId, nullptr);
    } else {
      // First, as it may split the block End is in.
      Value *B = Info.NumMetrics ? bias() : biasAt(End);
      Group = lowerDense(End, Info, Info.Counters, PathId, B);
    }
    if (Group)
      lowerMetrics(End, Group, Info.NumMetrics,
                   /*Shared=*/Mode == CounterMode::Atomic);
  }
  End.eraseFromParent();
}

PreservedAnalyses PathProfLoweringPass::run(Module &M,
                                            ModuleAnalysisManager &) {
  Function *Start = M.getFunction(PathStartMarker);
  Function *End = M.getFunction(PathEndMarker);
  Function *Site = M.getFunction(CallSiteMarker);
  Function *Leave = M.getFunction(LeaveMarker);
  Function *VSite = M.getFunction(ValueSiteMarker);
  Function *SSite = M.getFunction(SizeSiteMarker);
  Function *Sel = M.getFunction(SelectMarker);
  if (!Start && !End)
    return PreservedAnalyses::all();
  RuntimeInterface RT(M);

  // Function by function, each in instruction order, so that the lowered
  // code of a module is always the same. Every instrumented function has
  // its entry's path start (one that counts no paths has nothing else).
  SetVector<Function *> Users;
  for (Function *Marker : {Start, End})
    if (Marker)
      for (User *U : Marker->users())
        Users.insert(cast<CallInst>(U)->getFunction());
  for (Function &F : M) {
    if (!Users.contains(&F))
      continue;
    SmallVector<CallInst *, 16> Ends, Leaves;
    SmallVector<CallInst *, 4> Starts, Sites, Values, Sizes, Selects;
    for (Instruction &I : instructions(F)) {
      if (isMarker(&I, PathEndMarker))
        Ends.push_back(cast<CallInst>(&I));
      else if (isMarker(&I, PathStartMarker))
        Starts.push_back(cast<CallInst>(&I));
      else if (isMarker(&I, CallSiteMarker))
        Sites.push_back(cast<CallInst>(&I));
      else if (isMarker(&I, LeaveMarker))
        Leaves.push_back(cast<CallInst>(&I));
      else if (isMarker(&I, ValueSiteMarker))
        Values.push_back(cast<CallInst>(&I));
      else if (isMarker(&I, SizeSiteMarker))
        Sizes.push_back(cast<CallInst>(&I));
      else if (isMarker(&I, SelectMarker))
        Selects.push_back(cast<CallInst>(&I));
    }
    // Lowering splits blocks: markers are collected first.
    hoistEntryAllocas(F);
    FunctionLowering FL(F, RT);
    for (CallInst *CI : Starts)
      FL.lowerEntryStart(*CI);
    for (CallInst *CI : Sites)
      FL.lowerCallSite(*CI);
    for (CallInst *CI : Ends)
      FL.lowerPathEnd(*CI);
    for (CallInst *CI : Leaves)
      FL.lowerLeave(*CI);
    const bool Atomic = Mode == CounterMode::Atomic;
    NumValueSites += Values.size();
    for (CallInst *CI : Values)
      FL.lowerValueSite(*CI, RT.valueTarget(Atomic));
    NumSizeSites += Sizes.size();
    for (CallInst *CI : Sizes)
      FL.lowerValueSite(*CI, RT.valueSize(Atomic));
    for (CallInst *CI : Selects)
      FL.lowerSelect(*CI);
    FL.finishContext();
  }
  for (Function *Marker : {End, Site, Leave, VSite, SSite, Sel}) {
    if (!Marker)
      continue;
    if (!Marker->use_empty())
      report_fatal_error("PathProf: a '" + Marker->getName() +
                         "' marker outside an instrumented function");
    Marker->eraseFromParent();
  }
  // Path starts cost nothing but the metrics' entry calls made above.
  if (Start) {
    for (User *U : make_early_inc_range(Start->users()))
      cast<CallInst>(U)->eraseFromParent();
    Start->eraseFromParent();
  }
  return PreservedAnalyses::none();
}
