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
// when they call nothing but intrinsics: a call could run this function's
// instrumented code (recursion would then lose the callee's updates), throw,
// longjmp or never return, skipping the exit stores. Counts made inside a
// loop reach the mapped profile when the loop exits, so a kill -9 in the
// middle of such a loop loses that loop's counts since its last exit. Atomic
// counter updates (exact mode, -pathprof-atomic-counters) are never marked,
// so they are never promoted.
//
//===----------------------------------------------------------------------===//

#include "PathProf/CounterPromotion.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

using namespace llvm;
using namespace pathprof;

#define DEBUG_TYPE "pathprof-promote-counters"

STATISTIC(NumPromoted, "Path counters kept in registers across a loop");

void pathprof::markCounterAccess(Instruction &I) {
  I.setMetadata(CounterMDName, MDNode::get(I.getContext(), {}));
}

namespace {

/// Rewrites one counter's loads and stores in the loop to SSA values and
/// stores the final value at each exit.
class CounterPromoter : public LoadAndStorePromoter {
public:
  CounterPromoter(ArrayRef<const Instruction *> Insts, SSAUpdater &SSA,
                  Value *Ptr, ArrayRef<BasicBlock *> Exits)
      : LoadAndStorePromoter(Insts, SSA, "pathprof.count"), Ptr(Ptr),
        Exits(Exits) {}

  void doExtraRewritesBeforeFinalDeletion() override {
    for (BasicBlock *Exit : Exits) {
      Value *LiveOut = SSA.GetValueInMiddleOfBlock(Exit);
      auto *Store = new StoreInst(LiveOut, Ptr, Exit->getFirstInsertionPt());
      Store->setAlignment(Align(8));
      markCounterAccess(*Store);
    }
  }

private:
  Value *Ptr;
  ArrayRef<BasicBlock *> Exits;
};

/// Intrinsics run no program code; anything else might.
bool mayRunCode(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  if (!Call)
    return false;
  return !isa<IntrinsicInst>(Call) || Call->mayThrow();
}

bool promoteInLoop(Loop &L, unsigned MDKind) {
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
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (mayRunCode(I))
        return false;
      if (!I.getMetadata(MDKind))
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
    CounterPromoter Promoter(ConstInsts, SSA, Ptr, Exits);
    auto *Initial = new LoadInst(Type::getInt64Ty(Ptr->getContext()), Ptr,
                                 "pathprof.count.pre", false, Align(8),
                                 Preheader->getTerminator()->getIterator());
    markCounterAccess(*Initial);
    SSA.AddAvailableValue(Preheader, Initial);
    Promoter.run(Insts);
    ++NumPromoted;
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses CounterPromotionPass::run(Function &F,
                                            FunctionAnalysisManager &FAM) {
  unsigned MDKind = F.getContext().getMDKindID(CounterMDName);
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder())
    if (L->isInnermost())
      Changed |= promoteInLoop(*L, MDKind);
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}
