//===- SampleProbes.cpp - Pseudo-probes on the Ball-Larus DAG's blocks ----===//
//
// See PathProf/SampleProbes.h. Pseudo-probes are LLVM's own (J. He et al.,
// "Pseudo-probes: a new way of profiling for AutoFDO" in LLVM's
// SampleProfileProbe.cpp): the optimizers keep them with the code of their
// block, duplicate them with it and drop them with it, and the AsmPrinter
// emits them only when the module has llvm.pseudo_probe_desc metadata.
//
//===----------------------------------------------------------------------===//

#include "PathProf/SampleProbes.h"
#include "DescriptionSection.h"
#include "PathProf/BallLarus.h"
#include "PathProf/ContextCallSites.h"
#include "PathProf/FunctionNames.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PseudoProbe.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MD5.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace pathprof;

#define DEBUG_TYPE "pathprof-sample-probes"

STATISTIC(NumProbed, "Functions given pseudo-probes for path sampling");
STATISTIC(NumProbes, "Block pseudo-probes inserted");
STATISTIC(NumCallProbes, "Indirect-call pseudo-probes inserted");
STATISTIC(NumFoldable, "Blocks left without a probe for SimplifyCFG to fold");
STATISTIC(NumUnreachable, "Blocks ending in unreachable left without a probe");
STATISTIC(NumEmptyEntry, "Entry blocks that only branch left without a probe");
STATISTIC(NumFoldedAfterInlining,
          "Probes dropped from blocks foldable once their calls are inlined");
STATISTIC(NumThreadable, "Blocks branching on constants of their predecessors "
                         "left without a probe");

static cl::opt<bool> ProbeFoldable(
    "pathprof-sample-probe-foldable", cl::init(false), cl::Hidden,
    cl::desc("Give a pseudo-probe also to the blocks SimplifyCFG folds into "
             "their predecessor (a probe keeps the block apart)"));

/// At most this many instructions (besides the terminator) in a block left
/// without a probe: SimplifyCFG's thresholds for folding a branch into its
/// predecessor and for speculating a block into a select are of this size.
static constexpr unsigned MaxFoldableSize = 3;

/// True when \p BB is a block SimplifyCFG would fold into its only
/// predecessor, but for a probe (the block's own, or once inlined code is
/// in it, its callees'; probes are not counted). A pseudo-probe is a call,
/// which SimplifyCFG's FoldBranchToCommonDest and LoopRotate do not
/// speculate, so a probe would keep the second half of an `a && b` test its
/// own block; a short `if (c) x += y;` SimplifyCFG does make a select, and
/// drops the arm's probe as it does, so such a block has no probe in the
/// binary either way. Such a block runs only right after its predecessor's
/// conditional branch, and the estimator bridges blocks without a probe
/// (PathProf/PathEstimator.h).
static bool isFoldable(const BasicBlock &BB) {
  const BasicBlock *Pred = BB.getSinglePredecessor();
  if (!Pred || Pred == &BB || BB.isEntryBlock())
    return false;
  const auto *PredBr = dyn_cast<BranchInst>(Pred->getTerminator());
  const auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
  if (!PredBr || !PredBr->isConditional() || !Br)
    return false;
  // A branch to a block the predecessor also branches to (the second half
  // of `a && b`, folded into one test), the arm of a triangle or a
  // diamond (speculated into a select), or the latch of a loop whose header
  // is its predecessor (`while (A[I] < P) ++I;`: LoopRotate speculates the
  // latch into the header, which becomes the latch).
  auto SharesSuccessor = [&](const BasicBlock *Succ) {
    if (Succ == Pred || is_contained(successors(Pred), Succ))
      return true;
    for (const BasicBlock *Other : successors(Pred))
      if (Other != &BB && Other->getSingleSuccessor() == Succ)
        return true;
    return false;
  };
  if (none_of(successors(&BB), SharesSuccessor))
    return false;
  unsigned Size = 0;
  for (const Instruction &I : BB.instructionsWithoutDebug()) {
    if (I.isTerminator())
      continue;
    if (++Size > MaxFoldableSize || isa<CallBase>(I) ||
        !isSafeToSpeculativelyExecute(&I))
      return false;
  }
  return true;
}

/// True when \p BB is the entry block and holds nothing but an unconditional
/// branch (a function that starts with a loop). It runs no code, and once
/// the function is inlined its probe would sit at the end of the caller's
/// block, between the instructions before the call and the callee's first
/// block, where SimplifyCFG looks for the common instructions of the
/// predecessors of that block to sink into it (the swap before a heap's
/// sift-down loop and the swap at the end of its body) and does not look
/// past a probe. The estimator starts a path at the entry where the window
/// saw the function entered (PathProf/PathEstimator.h).
static bool isEmptyEntry(const BasicBlock &BB) {
  const auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
  return BB.isEntryBlock() && Br && Br->isUnconditional() &&
         &*BB.instructionsWithoutDebug().begin() == Br;
}

/// True when \p BB holds only phis and a branch or switch on one of them
/// whose incoming values are all constants: each predecessor decides the
/// successor (the switch on the cleanup destination of a `return` inside a
/// loop, a flag set on each side of a test), so SimplifyCFG threads the
/// block into its predecessors and its probe would end each of them, after
/// the code that their successor's other predecessors share with them and
/// that SimplifyCFG sinks into it where no probe is in the way. Which
/// successor ran says which predecessor did; the estimator bridges the
/// block between the two.
static bool isThreadable(const BasicBlock &BB) {
  const Value *Cond = nullptr;
  if (const auto *Br = dyn_cast<BranchInst>(BB.getTerminator()))
    Cond = Br->isConditional() ? Br->getCondition() : nullptr;
  else if (const auto *Switch = dyn_cast<SwitchInst>(BB.getTerminator()))
    Cond = Switch->getCondition();
  const auto *Phi = dyn_cast_or_null<PHINode>(Cond);
  if (!Phi || Phi->getParent() != &BB ||
      !all_of(Phi->incoming_values(),
              [](const Value *V) { return isa<ConstantInt>(V); }))
    return false;
  return all_of(BB.instructionsWithoutDebug(), [](const Instruction &I) {
    return isa<PHINode>(I) || I.isTerminator();
  });
}

/// The debug location of \p F's probes: line 0 of its own subprogram,
/// whatever was inlined into the block before, so that a probe's inline
/// stack holds only the inlining done after this pass, which copies the
/// function. None when the function has no debug info.
static DebugLoc probeLocation(const Function &F) {
  if (DISubprogram *SP = F.getSubprogram())
    return DILocation::get(SP->getContext(), 0, 0, SP);
  return DebugLoc();
}

/// Gives a local function a symbol no other translation unit has, and
/// returns it: its own, made unique by its profile name \p ProfileName
/// (which has the source path), "sym.__uniq.<MD5 of the profile name>", as
/// clang's -funique-internal-linkage-names does. A static inline helper of
/// a header is a local function of every file that includes it, and the
/// MD5 of a function's symbol is its probes' GUID: LLVM's code generator
/// takes it for granted (a function whose probes have another GUID gets a
/// sentinel probe that hides them), takes inlined callers' GUIDs from their
/// subprograms' linkage names, and so does the decoder, which places each
/// function by its symbol. The profile name, recorded first, stays the
/// function's own.
static StringRef uniqueSymbol(Function &F, StringRef ProfileName) {
  if (!F.hasLocalLinkage())
    return F.getName();
  recordPathProfFuncName(F);
  F.setName(F.getName() + ".__uniq." + Twine(MD5Hash(ProfileName)));
  if (DISubprogram *SP = F.getSubprogram())
    SP->replaceLinkageName(MDString::get(F.getContext(), F.getName()));
  return F.getName();
}

PreservedAnalyses SampleProbesPass::run(Module &M, ModuleAnalysisManager &) {
  LLVMContext &Ctx = M.getContext();
  if (!Triple(M.getTargetTriple()).isOSBinFormatELF()) {
    Ctx.emitError("-fprofile-path-sample needs an ELF target; " +
                  M.getTargetTriple() + " is not one");
    return PreservedAnalyses::all();
  }
  // Run once: opt on its own output, or a ThinLTO backend with the plugin.
  if (M.getNamedMetadata(PseudoProbeDescMetadataName))
    return PreservedAnalyses::all();
  NamedMDNode *Descs = M.getOrInsertNamedMetadata(PseudoProbeDescMetadataName);
  Function *Probe = Intrinsic::getDeclaration(&M, Intrinsic::pseudoprobe);
  Type *I64 = Type::getInt64Ty(Ctx);
  MDBuilder MDB(Ctx);

  for (Function &F : M) {
    if (shouldSkipFunction(F))
      continue;
    splitAtReturnsTwiceCalls(F);
    BallLarusDAG DAG(F, MaxPaths);
    if (!DAG.isValid())
      continue;
    const std::string Name = getPathProfFuncName(F);
    const uint64_t NameRef = MD5Hash(Name);
    std::string CFG;
    DAG.describe().serialize(CFG);
    // In the function's comdat, so that the linker keeps one entry with the
    // body it keeps. An available_externally body has none and is dropped,
    // but its inlined copies keep their probes: its entry stays, and the
    // reader takes one of equal copies.
    const Comdat *Group = F.getComdat();
    M.appendModuleInlineAsm(descriptionEntryAsm(
        Group ? Group->getName() : "", NameRef, DAG.checksum(), Name, CFG));
    // The probes' GUID is the MD5 of the symbol, as LLVM's own: the code
    // generator keys inlined copies by their callers' linkage names, which
    // are the symbols, and a decoder finds each function's code by the GUID
    // of its symbol. The descriptor maps it to the profile name and
    // checksum, the key of the description.
    const uint64_t GUID = MD5Hash(uniqueSymbol(F, Name));
    Descs->addOperand(MDNode::get(
        Ctx, {MDB.createConstant(ConstantInt::get(I64, GUID)),
              MDB.createConstant(ConstantInt::get(I64, DAG.checksum())),
              MDString::get(Ctx, Name)}));

    const DebugLoc Loc = probeLocation(F);
    // Numbered before any probe is added (probes are intrinsics, which are
    // no call sites anyway), as the instrumentation numbers them.
    std::vector<CallBase *> Calls = contextCallSites(F);
    ArrayRef<BasicBlock *> Blocks = DAG.blocks();
    for (unsigned Node = 0; Node != Blocks.size(); ++Node) {
      BasicBlock *BB = Blocks[Node];
      // A block that ends in unreachable (after exit(), abort(), a throw)
      // ends no path that returns, so its probe would count nothing; and
      // the code generator merges the identical tails of such blocks (the
      // error reports of a program) only where no probe tells them apart.
      if (isa<UnreachableInst>(BB->getTerminator())) {
        ++NumUnreachable;
        continue;
      }
      if (isEmptyEntry(*BB)) {
        ++NumEmptyEntry;
        continue;
      }
      if (isThreadable(*BB)) {
        ++NumThreadable;
        continue;
      }
      if (!ProbeFoldable && isFoldable(*BB)) {
        ++NumFoldable;
        continue;
      }
      IRBuilder<> B(BB, BB->getFirstInsertionPt());
      CallInst *Call = B.CreateCall(
          Probe, {B.getInt64(GUID), B.getInt64(Node + 1), B.getInt32(0),
                  B.getInt64(PseudoProbeFullDistributionFactor)});
      Call->setDebugLoc(Loc);
      ++NumProbes;
    }
    // Before each indirect call, a probe whose index is the number of
    // blocks plus 1 plus the call-site index (an IR probe is always of
    // block type; LLVM's own call probes live in the call's debug location):
    // a branch record from the call names the callee, and the probe the
    // call site, which gives the value profile the instrumentation records.
    for (size_t I = 0; I != Calls.size(); ++I) {
      if (!Calls[I]->isIndirectCall())
        continue;
      IRBuilder<> B(Calls[I]);
      CallInst *Call =
          B.CreateCall(Probe, {B.getInt64(GUID),
                               B.getInt64(Blocks.size() + 1 + I), B.getInt32(0),
                               B.getInt64(PseudoProbeFullDistributionFactor)});
      Call->setDebugLoc(Loc);
      ++NumCallProbes;
    }
    ++NumProbed;
  }
  return PreservedAnalyses::none();
}

PreservedAnalyses SampleProbeFoldPass::run(Function &F,
                                           FunctionAnalysisManager &) {
  // Only blocks where a call was: those that hold the entry probe of an
  // inlined copy (index 1, another function's GUID). The loop passes make
  // other blocks look foldable (the latches of an unrolled loop), which
  // SimplifyCFG leaves alone, and their probes are worth keeping.
  const uint64_t OwnGUID = MD5Hash(F.getName());
  auto WasCallSite = [&](const BasicBlock &BB) {
    return any_of(BB, [&](const Instruction &I) {
      const auto *Probe = dyn_cast<PseudoProbeInst>(&I);
      return Probe && Probe->getIndex()->getZExtValue() == 1 &&
             Probe->getFuncGuid()->getZExtValue() != OwnGUID;
    });
  };
  if (ProbeFoldable)
    return PreservedAnalyses::all();
  bool Changed = false;
  for (BasicBlock &BB : F) {
    if (!isFoldable(BB) || !WasCallSite(BB))
      continue;
    for (Instruction &I : make_early_inc_range(BB)) {
      if (!isa<PseudoProbeInst>(I))
        continue;
      I.eraseFromParent();
      Changed = true;
      ++NumFoldedAfterInlining;
    }
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}
