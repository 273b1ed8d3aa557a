//===- CounterPromotion.cpp - Path counters of inner loops in registers ---===//
//
// In a tight loop every iteration ends a path, so every iteration updates a
// counter in memory. When the counter's address is loop-invariant, LLVM's
// own LICM cannot keep it in a register: the counter is a global that user
// memory accesses in the loop might alias, and the update is not guaranteed
// to run on every iteration. PathProf knows better, since no program code
// touches its counters, so this pass promotes them itself, the way
// InstrProfiling promotes edge counters: load before the loop, add in a
// register, store at every exit.
//
// Only innermost loops with a preheader and dedicated exits qualify, and only
// when they call nothing but intrinsics and the runtime's metric calls: any
// other call could run this function's instrumented code (recursion would
// then lose the callee's updates), throw, longjmp or never return, skipping
// the exit stores. Counts made inside a loop reach the mapped profile when
// the loop exits, so a kill -9 in the middle of such a loop loses that loop's
// counts since its last exit. Atomic counter updates (exact mode,
// -pathprof-atomic-counters) are never marked, so they are never promoted.
//
// With sampled metrics every path start also decrements one of the thread's
// countdowns, and a function's leave reads whether the current path is
// measured: thread-local words, each a global and an offset in it (Runtime.md,
// "Sampled metrics"). They are promoted the same way, so that an iteration
// whose path is not measured costs a decrement and a branch on a register; the
// runtime's calls, which read and write them, are taken only when the countdown
// runs out or a path is measured, and the words are stored before each such
// call and loaded again after it. The runtime touches no path counter word, so
// counters stay in registers across its calls.
//
//===----------------------------------------------------------------------===//

#include "PathProf/CounterPromotion.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

using namespace llvm;
using namespace pathprof;

#define DEBUG_TYPE "pathprof-promote-counters"

STATISTIC(NumPromoted, "Path counters kept in registers across a loop");
STATISTIC(NumWordsPromoted,
          "Metric sampling words kept in registers across a loop");

void pathprof::markCounterAccess(Instruction &I) {
  I.setMetadata(CounterMDName, MDNode::get(I.getContext(), {}));
}

void pathprof::markSamplingAccess(Instruction &I) {
  I.setMetadata(SamplingWordMDName, MDNode::get(I.getContext(), {}));
}

void pathprof::markRuntimeCall(Instruction &I) {
  I.setMetadata(RuntimeCallMDName, MDNode::get(I.getContext(), {}));
}

namespace {

/// Rewrites one counter's (or sampling word's) loads and stores in the loop
/// to SSA values and stores the final value at each exit, marked by
/// \p Mark.
class CounterPromoter : public LoadAndStorePromoter {
public:
  CounterPromoter(ArrayRef<const Instruction *> Insts, SSAUpdater &SSA,
                  Value *Ptr, Align Alignment, ArrayRef<BasicBlock *> Exits,
                  StringRef Name, void (*Mark)(Instruction &))
      : LoadAndStorePromoter(Insts, SSA, Name), Ptr(Ptr), Exits(Exits),
        Alignment(Alignment), Mark(Mark) {}

  void doExtraRewritesBeforeFinalDeletion() override {
    for (BasicBlock *Exit : Exits) {
      Value *LiveOut = SSA.GetValueInMiddleOfBlock(Exit);
      auto *Store = new StoreInst(LiveOut, Ptr, Exit->getFirstInsertionPt());
      Store->setAlignment(Alignment);
      Mark(*Store);
    }
  }

private:
  Value *Ptr;
  ArrayRef<BasicBlock *> Exits;
  Align Alignment;
  void (*Mark)(Instruction &);
};

/// The metadata kinds of the marks.
struct MDKinds {
  unsigned Counter, SamplingWord, RuntimeCall;
};

/// Intrinsics and the marked runtime calls run no program code; anything
/// else might.
bool mayRunCode(const Instruction &I, const MDKinds &Kinds) {
  const auto *Call = dyn_cast<CallBase>(&I);
  if (!Call || (isa<CallInst>(Call) && I.getMetadata(Kinds.RuntimeCall)))
    return false;
  return !isa<IntrinsicInst>(Call) || Call->mayThrow();
}

/// A thread-local word: a global accessed through llvm.threadlocal.address
/// and the word's constant offset in it, in bytes.
using ThreadLocalWord = std::pair<GlobalVariable *, int64_t>;

/// The thread-local word that load or store \p I accesses, or a null
/// global.
ThreadLocalWord threadLocalWord(const Instruction &I, const DataLayout &DL) {
  const Value *Ptr = getLoadStorePointerOperand(&I);
  if (!Ptr)
    return {};
  int64_t Offset = 0;
  const auto *Addr = dyn_cast<IntrinsicInst>(
      GetPointerBaseWithConstantOffset(Ptr, Offset, DL));
  if (!Addr || Addr->getIntrinsicID() != Intrinsic::threadlocal_address)
    return {};
  return {dyn_cast<GlobalVariable>(Addr->getArgOperand(0)), Offset};
}

/// Keeps the sampling word \p Word, which \p Insts load and store in \p L,
/// in a register across the loop: stored before each of the runtime's
/// \p Calls and loaded again after it, loaded in the preheader and stored
/// at every exit.
void promoteWord(Loop &L, ThreadLocalWord Word,
                 SmallVectorImpl<Instruction *> &Insts,
                 ArrayRef<CallInst *> Calls, ArrayRef<BasicBlock *> Exits) {
  BasicBlock *Preheader = L.getLoopPreheader();
  Type *Ty = getLoadStoreType(Insts.front());
  const Align A = getLoadStoreAlignment(Insts.front());
  IRBuilder<> PB(Preheader->getTerminator());
  // The preheader dominates the loop and its dedicated exits.
  Value *Addr = PB.CreateThreadLocalAddress(Word.first);
  if (Word.second)
    Addr = PB.CreateConstInBoundsGEP1_64(PB.getInt8Ty(), Addr, Word.second);
  for (CallInst *Call : Calls) {
    // The marked load before the call and the marked store after it take
    // part in the promotion: the first becomes the word's value there, the
    // second's value (the runtime's) the word's value after the call.
    IRBuilder<> B(Call);
    auto *Spill = B.CreateAlignedLoad(Ty, Addr, A);
    markSamplingAccess(*Spill);
    B.CreateAlignedStore(Spill, Addr, A);
    B.SetInsertPoint(Call->getNextNode());
    auto *Reload =
        B.CreateAlignedStore(B.CreateAlignedLoad(Ty, Addr, A), Addr, A);
    markSamplingAccess(*Reload);
    Insts.push_back(Spill);
    Insts.push_back(Reload);
  }
  SmallVector<PHINode *, 4> NewPHIs;
  SSAUpdater SSA(&NewPHIs);
  SmallVector<const Instruction *, 8> ConstInsts(Insts.begin(), Insts.end());
  CounterPromoter Promoter(ConstInsts, SSA, Addr, A, Exits, "pathprof.word",
                           markSamplingAccess);
  auto *Initial = PB.CreateAlignedLoad(Ty, Addr, A, "pathprof.word.pre");
  SSA.AddAvailableValue(Preheader, Initial);
  Promoter.run(Insts);
  ++NumWordsPromoted;
}

bool promoteInLoop(Loop &L, const MDKinds &Kinds) {
  BasicBlock *Preheader = L.getLoopPreheader();
  if (!Preheader || !L.hasDedicatedExits())
    return false;
  SmallVector<BasicBlock *, 4> Exits;
  L.getUniqueExitBlocks(Exits);
  if (Exits.empty() || any_of(Exits, [](BasicBlock *BB) {
        return BB->isEHPad() || BB->getFirstInsertionPt() == BB->end();
      }))
    return false;

  // Counter accesses by (base, constant offset). Accesses whose address is
  // not loop-invariant may hit any counter of their array: their arrays are
  // not promoted at all.
  const DataLayout &DL = Preheader->getModule()->getDataLayout();
  MapVector<std::pair<const Value *, int64_t>, SmallVector<Instruction *, 4>>
      Groups;
  DenseMap<const Value *, const Value *> BaseOfArray;
  SmallPtrSet<const Value *, 4> Unpromotable;
  // The sampling words the loop accesses, and those it accesses unmarked
  // (a merge of two accesses may have dropped the mark): those stay in
  // memory.
  MapVector<ThreadLocalWord, SmallVector<Instruction *, 4>> Words;
  SmallSet<ThreadLocalWord, 2> UnmarkedWords;
  SmallVector<CallInst *, 4> RuntimeCalls;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (mayRunCode(I, Kinds))
        return false;
      if (isa<CallInst>(I) && I.getMetadata(Kinds.RuntimeCall))
        RuntimeCalls.push_back(cast<CallInst>(&I));
      if (ThreadLocalWord Word = threadLocalWord(I, DL); Word.first) {
        if (I.getMetadata(Kinds.SamplingWord))
          Words[Word].push_back(&I);
        else
          UnmarkedWords.insert(Word);
        continue;
      }
      if (!I.getMetadata(Kinds.Counter))
        continue;
      Value *Ptr = getLoadStorePointerOperand(&I);
      if (!Ptr)
        return false;
      const Value *Array = getUnderlyingObject(Ptr);
      int64_t Offset = 0;
      const Value *Base = GetPointerBaseWithConstantOffset(Ptr, Offset, DL);
      auto [It, New] = BaseOfArray.try_emplace(Array, Base);
      if (!L.isLoopInvariant(Ptr) || It->second != Base)
        Unpromotable.insert(Array);
      Groups[{Base, Offset}].push_back(&I);
    }

  bool Changed = false;
  for (auto &[Key, Insts] : Groups) {
    Value *Ptr = getLoadStorePointerOperand(Insts.front());
    if (Unpromotable.count(getUnderlyingObject(Ptr)) ||
        any_of(Insts, [&](Instruction *I) {
          return getLoadStorePointerOperand(I) != Ptr;
        }))
      continue;
    SmallVector<PHINode *, 4> NewPHIs;
    SSAUpdater SSA(&NewPHIs);
    SmallVector<const Instruction *, 4> ConstInsts(Insts.begin(), Insts.end());
    CounterPromoter Promoter(ConstInsts, SSA, Ptr, Align(8), Exits,
                             "pathprof.count", markCounterAccess);
    auto *Initial = new LoadInst(Type::getInt64Ty(Ptr->getContext()), Ptr,
                                 "pathprof.count.pre", false, Align(8),
                                 Preheader->getTerminator()->getIterator());
    markCounterAccess(*Initial);
    SSA.AddAvailableValue(Preheader, Initial);
    Promoter.run(Insts);
    ++NumPromoted;
    Changed = true;
  }
  // A coroutine's frame may resume on another thread: its thread-local
  // addresses are not loop-invariant across a suspension.
  if (Preheader->getParent()->isPresplitCoroutine())
    return Changed;
  for (auto &[Word, Insts] : Words) {
    if (UnmarkedWords.count(Word))
      continue;
    promoteWord(L, Word, Insts, RuntimeCalls, Exits);
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses CounterPromotionPass::run(Function &F,
                                            FunctionAnalysisManager &FAM) {
  LLVMContext &Ctx = F.getContext();
  const MDKinds Kinds = {Ctx.getMDKindID(CounterMDName),
                         Ctx.getMDKindID(SamplingWordMDName),
                         Ctx.getMDKindID(RuntimeCallMDName)};
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder())
    if (L->isInnermost())
      Changed |= promoteInLoop(*L, Kinds);
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}
