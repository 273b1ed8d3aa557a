//===- SoleCallInliner.cpp - Inline the only call of local functions ------===//
//
// Runs after pathprof-use in optimized builds and inlines every call that is
// the only use of a function with local linkage (a `static` function called
// from one place).
//
// Why: LLVM's inliner inlines the last call to a static function almost
// always (a bonus of 15000 on its cost), since the function's body then goes
// away. But at a call site that the profile summary calls cold it disallows
// every bonus and caps the threshold at 45 (InlineCost.cpp, "Do not apply
// bonuses for a cold callsite including the LastCallToStatic bonus"). With a
// profile, every call in a function that runs once is cold, so main's calls
// of the static functions doing the program's work stay calls, and
// everything that would have specialised them in main (constant arguments,
// known globals, loop unswitching across the call) is lost. `clang
// -fprofile-use` never meets this: its pre-inliner inlines such calls before
// instrumenting and before annotating, so its profile is of the inlined
// code. PathProf profiles the functions as written and inlines here instead,
// after annotation, so that profiles and CFG checksums are those of the
// instrumented build and inlining moves exact counts: all of the callee's
// flow enters through this one call.
//
// A call is left alone when plain -O2 would not inline it either: the callee
// or the call is noinline, the call is recursive, the attributes of caller
// and callee are incompatible, the callee is not inline-viable (varargs,
// indirectbr, ...) or larger than -pathprof-sole-call-max-size instructions,
// either function is a coroutine that is not split yet, or the caller is
// optnone. Every call inlined or left is an optimization remark
// (-Rpass=pathprof-inline, -Rpass-missed=pathprof-inline).
//
//===----------------------------------------------------------------------===//

#include "PathProf/SoleCallInliner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/InlineCost.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;
using namespace pathprof;

#define DEBUG_TYPE "pathprof-inline"

STATISTIC(NumInlined, "Sole calls of local functions inlined");
STATISTIC(NumLeft, "Sole calls of local functions left alone");

static cl::opt<unsigned>
    MaxSize("pathprof-sole-call-max-size", cl::init(3000), cl::Hidden,
            cl::desc("Largest function (in instructions) whose only call "
                     "pathprof-inline-sole-calls inlines"));

/// The call that is the only use of \p F, if there is one and it calls F.
static CallBase *soleCall(Function &F) {
  if (!F.hasLocalLinkage() || F.isDeclaration() || !F.hasOneUse())
    return nullptr;
  auto *CB = dyn_cast<CallBase>(F.user_back());
  if (!CB || CB->getCalledOperand() != &F || CB->getFunction() == &F)
    return nullptr;
  return CB;
}

static unsigned countInstructions(const Function &F) {
  unsigned N = 0;
  for (const BasicBlock &BB : F)
    N += BB.sizeWithoutDebug();
  return N;
}

/// Why \p CB, the only call of \p Callee, must not be inlined; an empty
/// string if it may.
static std::string
whyNot(CallBase &CB, Function &Callee, TargetTransformInfo &TTI,
       function_ref<const TargetLibraryInfo &(Function &)> GetTLI) {
  Function &Caller = *CB.getFunction();
  if (Caller.hasOptNone())
    return "the caller is optnone";
  if (CB.isNoInline() || Callee.hasFnAttribute(Attribute::NoInline))
    return "it is noinline";
  if (Caller.isPresplitCoroutine() || Callee.isPresplitCoroutine())
    return "a coroutine is not split yet";
  if (isa<CallBrInst>(CB))
    return "it is a callbr";
  if (std::optional<InlineResult> Decision =
          getAttributeBasedInliningDecision(CB, &Callee, TTI, GetTLI))
    if (!Decision->isSuccess())
      return Decision->getFailureReason();
  InlineResult Viable = isInlineViable(Callee);
  if (!Viable.isSuccess())
    return Viable.getFailureReason();
  unsigned Size = countInstructions(Callee);
  if (Size > MaxSize)
    return (Twine("the callee has ") + Twine(Size) +
            " instructions (-pathprof-sole-call-max-size=" + Twine(MaxSize) +
            ")")
        .str();
  return "";
}

PreservedAnalyses SoleCallInlinerPass::run(Module &M,
                                           ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  ProfileSummaryInfo &PSI = MAM.getResult<ProfileSummaryAnalysis>(M);
  auto GetAC = [&](Function &F) -> AssumptionCache & {
    return FAM.getResult<AssumptionAnalysis>(F);
  };
  auto GetTLI = [&](Function &F) -> const TargetLibraryInfo & {
    return FAM.getResult<TargetLibraryAnalysis>(F);
  };

  // Callees are visited in module order; inlining one moves the calls in its
  // body into the caller, where they are still the only calls of their
  // callees, so the order changes nothing but the order of the remarks.
  SmallVector<Function *, 16> Candidates;
  for (Function &F : M)
    if (soleCall(F))
      Candidates.push_back(&F);

  bool Changed = false;
  for (Function *Callee : Candidates) {
    CallBase *CB = soleCall(*Callee);
    if (!CB)
      continue;
    Function &Caller = *CB->getFunction();
    OptimizationRemarkEmitter ORE(&Caller);
    std::string Reason =
        whyNot(*CB, *Callee, FAM.getResult<TargetIRAnalysis>(*Callee), GetTLI);
    // Where the call was, for the remark: inlining deletes it.
    DebugLoc Loc = CB->getDebugLoc();
    BasicBlock *Block = CB->getParent();
    if (Reason.empty()) {
      InlineFunctionInfo IFI(GetAC, &PSI);
      InlineResult Result = InlineFunction(*CB, IFI, /*MergeAttributes=*/true);
      if (!Result.isSuccess())
        Reason = Result.getFailureReason();
    }
    if (!Reason.empty()) {
      ++NumLeft;
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "SoleCallNotInlined", CB)
               << "'" << ore::NV("Callee", Callee) << "' not inlined into '"
               << ore::NV("Caller", &Caller)
               << "' although this is its only call: " << Reason;
      });
      continue;
    }
    ++NumInlined;
    Changed = true;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "SoleCallInlined", Loc, Block)
             << "'" << ore::NV("Callee", Callee) << "' inlined into '"
             << ore::NV("Caller", &Caller)
             << "': its only call (as -fprofile-use's pre-inliner does)";
    });
    FAM.invalidate(Caller, PreservedAnalyses::none());
    if (Callee->use_empty()) {
      FAM.clear(*Callee, Callee->getName());
      Callee->eraseFromParent();
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
