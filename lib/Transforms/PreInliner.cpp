//===- PreInliner.cpp - Inline small callees before numbering paths -------===//
//
// The pass pipeline of PassBuilder::addPreInlinerPasses, which IR PGO runs
// before PGOInstrumentationGen and PGOInstrumentationUse: a CGSCC inliner
// with -preinline-threshold (75) as its default threshold and 325 for
// inline-hinted callees (the -Os/-Oz threshold for both when optimizing for
// size), each caller simplified after inlining, then GlobalDCE so that
// functions inlined everywhere are not instrumented. The one difference:
// the simplification speculates no block into a select (see below).
//
//===----------------------------------------------------------------------===//

#include "PathProf/PreInliner.h"
#include "PathProf/ProfileForUse.h"

#include "llvm/Analysis/InlineAdvisor.h"
#include "llvm/Analysis/InlineCost.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/IPO/Inliner.h"
#include "llvm/Transforms/IPO/ModuleInliner.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;
using namespace pathprof;

static cl::opt<int>
    PreInlineThreshold("pathprof-preinline-threshold", cl::init(75), cl::Hidden,
                       cl::desc("Inline threshold of the pre-inliner (IR PGO's "
                                "-preinline-threshold)"));

/// Named metadata that marks a module the pre-inliner has run on.
static constexpr StringLiteral DoneMarker = "pathprof.preinlined";

PreservedAnalyses PreInlinerPass::run(Module &M, ModuleAnalysisManager &MAM) {
  // Once per module; never on a module that is instrumented already (a
  // ThinLTO backend of objects built with -pathprof-preinline=false).
  if (M.getNamedMetadata(DoneMarker) ||
      M.getNamedGlobal("__pathprof_data_version"))
    return PreservedAnalyses::all();
  // An estimated profile numbers the CFGs of the sampling build, which has
  // no pre-inliner.
  if (UnlessEstimated) {
    const auto &Use = MAM.getResult<PathProfileAnalysis>(M).Profile;
    if (Use && Use->Prof.Estimated)
      return PreservedAnalyses::all();
  }
  M.getOrInsertNamedMetadata(DoneMarker);

  InlineParams IP;
  IP.DefaultThreshold = PreInlineThreshold;
  IP.HintThreshold =
      Level.isOptimizingForSize() ? int(PreInlineThreshold) : 325;
  ModuleInlinerWrapperPass MIWP(
      IP, /*MandatoryFirst=*/true,
      InlineContext{ThinOrFullLTOPhase::None, InlinePass::EarlyInliner});
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass());
  // Unlike IR PGO's, speculating nothing: a rare 'if (c) v += k;' kept a
  // branch is part of the paths and gets its weights, and SimplifyCFG later
  // makes it a select only if they say it is unpredictable, the select
  // inheriting them. (The selects that form anyway, and those clang emits,
  // are counted as IR PGO counts selects: PathProf/ProfiledSelects.h.)
  FPM.addPass(SimplifyCFGPass(
      SimplifyCFGOptions().convertSwitchRangeToICmp(true).speculateBlocks(
          false)));
  FPM.addPass(InstCombinePass());
  MIWP.getPM().addPass(createCGSCCToFunctionPassAdaptor(std::move(FPM)));

  ModulePassManager MPM;
  MPM.addPass(std::move(MIWP));
  MPM.addPass(GlobalDCEPass());
  MPM.run(M, MAM);
  return PreservedAnalyses::none();
}
