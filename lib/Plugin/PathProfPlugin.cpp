//===- PathProfPlugin.cpp - Pass plugin registration ----------------------===//
//
// The entry point clang-19 (-fpass-plugin=PathProf.so) and opt-19
// (-load-pass-plugin) call. It only registers: pathprof-instrument and
// pathprof-lower run where IR PGO instruments (after early simplification,
// before inlining) at every optimization level, or pathprof-use in its place
// when -pathprof-profile-use=FILE is given (followed by pathprof-superblock
// and, in optimized builds, by a speculating SimplifyCFG,
// pathprof-inline-sole-calls and LLVM's indirect-call promotion);
// pathprof-promote-counters runs late in the function simplification
// pipeline and pathprof-inline-tsc at its very end. opt can run each pass by
// name.
//
//===----------------------------------------------------------------------===//

#include "PathProf/BallLarus.h"
#include "PathProf/CounterPromotion.h"
#include "PathProf/InlineTSC.h"
#include "PathProf/PathProfInstrumentation.h"
#include "PathProf/PathProfLowering.h"
#include "PathProf/PathProfOptions.h"
#include "PathProf/PathProfUse.h"
#include "PathProf/PreInliner.h"
#include "PathProf/ProfileForUse.h"
#include "PathProf/SampleProbes.h"
#include "PathProf/SoleCallInliner.h"
#include "PathProf/Superblock.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Instrumentation/PGOInstrumentation.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;
using namespace pathprof;

static void registerCallbacks(PassBuilder &PB) {
  // Read once: every pass the plugin adds, by name or into the default
  // pipeline, gets its part of these.
  const PathProfOptions Opts = PathProfOptions::fromCommandLine();
  // So that -print-after=pathprof-use and the like know the pass.
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks())
    PIC->addClassToPassName(PathProfUsePass::name(), "pathprof-use");
  PB.registerAnalysisRegistrationCallback([Opts](FunctionAnalysisManager &FAM) {
    FAM.registerPass([&] { return BallLarusAnalysis(Opts.MaxPaths); });
    FAM.registerPass([] { return DecodedProfileAnalysis(); });
  });
  PB.registerAnalysisRegistrationCallback([Opts](ModuleAnalysisManager &MAM) {
    MAM.registerPass([&] { return PathProfileAnalysis(Opts.ProfileUse); });
  });
  PB.registerPipelineParsingCallback(
      [Opts](StringRef Name, ModulePassManager &MPM,
             ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "pathprof-preinline") {
          MPM.addPass(PreInlinerPass(OptimizationLevel::O2));
          return true;
        }
        if (Name == "pathprof-sample-probes") {
          MPM.addPass(SampleProbesPass(Opts.MaxPaths));
          return true;
        }
        if (Name == "pathprof-lower") {
          MPM.addPass(PathProfLoweringPass());
          return true;
        }
        if (Name != "pathprof-instrument")
          return false;
        MPM.addPass(PathProfInstrumentPass(Opts.MaxPaths));
        return true;
      });
  PB.registerPipelineParsingCallback(
      [Opts](StringRef Name, ModulePassManager &MPM,
             ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "pathprof-use") {
          MPM.addPass(PathProfUsePass(Opts.ProfileUse));
          return true;
        }
        if (Name != "print<pathprof-use>")
          return false;
        MPM.addPass(PathProfUsePrinterPass(outs()));
        return true;
      });
  PB.registerPipelineParsingCallback(
      [Opts](StringRef Name, ModulePassManager &MPM,
             ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "pathprof-inline-sole-calls") {
          MPM.addPass(SoleCallInlinerPass());
          return true;
        }
        if (Name != "pathprof-superblock")
          return false;
        MPM.addPass(SuperblockPass(Opts.Superblocks, Opts.MaxPaths));
        return true;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "pathprof-promote-counters") {
          FPM.addPass(CounterPromotionPass());
          return true;
        }
        if (Name == "pathprof-sample-fold-probes") {
          FPM.addPass(SampleProbeFoldPass());
          return true;
        }
        if (Name == "pathprof-inline-tsc") {
          FPM.addPass(InlineTSCPass());
          return true;
        }
        if (Name != "print<pathprof-numbering>")
          return false;
        FPM.addPass(BallLarusPrinterPass(outs()));
        return true;
      });
  PB.registerPipelineEarlySimplificationEPCallback(
      [Opts](ModulePassManager &MPM, OptimizationLevel Level) {
        const bool Use = !Opts.ProfileUse.empty();
        // The instrumentation and the use pass see the same CFGs: both run
        // here, after the same pre-inliner. The sampling build's probes run
        // here too, but after no pre-inliner (its code must be -O2's), and
        // so does the use pass given an estimated profile.
        if ((Use || (Opts.Instrument && !Opts.Sample)) &&
            Level != OptimizationLevel::O0 && Opts.PreInline)
          MPM.addPass(PreInlinerPass(Level, /*UnlessEstimated=*/Use));
        if (Use) {
          MPM.addPass(PathProfUsePass(Opts.ProfileUse));
          MPM.addPass(SuperblockPass(Opts.Superblocks, Opts.MaxPaths));
          // The pre-inliner speculated nothing, so that the paths see every
          // short conditional block; now the weights decide, as IR PGO's
          // pre-inliner would have before the inliner copies the function:
          // an unpredictable diamond becomes a select, a predictable one
          // stays a branch (Design.md, "Where the pass runs").
          if (Level != OptimizationLevel::O0 && Opts.PreInline &&
              Opts.SpeculateAfterUse)
            MPM.addPass(createModuleToFunctionPassAdaptor(SimplifyCFGPass(
                SimplifyCFGOptions().convertSwitchRangeToICmp(true))));
          // The pre-inliner has inlined sole calls already.
          if (Level != OptimizationLevel::O0 && Opts.InlineSoleCalls &&
              !Opts.PreInline)
            MPM.addPass(SoleCallInlinerPass());
          // The value profiles pathprof-use gave indirect calls: LLVM adds
          // the promotion only for its own PGO (PGOOptions IRUse or
          // SampleUse), after its use pass and before the inliner, which
          // then inlines the promoted calls. After superblock formation,
          // which finds profiles by the CFG the promotion changes.
          if (Level != OptimizationLevel::O0)
            MPM.addPass(PGOIndirectCallPromotion());
          // The lengths pathprof-use gave memory operations: LLVM adds the
          // specialisation only for its own PGO (PGOOptions IRUse), in the
          // function simplification pipeline, where each function has it
          // before the inliner copies the function into its callers; here,
          // every function has it before the inliner runs. Before
          // MemCpyOpt, which turns copies of constants into memsets that
          // keep no value profile.
          if (Level != OptimizationLevel::O0 && !Level.isOptimizingForSize())
            MPM.addPass(createModuleToFunctionPassAdaptor(PGOMemOPSizeOpt()));
        } else if (Opts.Sample) {
          MPM.addPass(SampleProbesPass(Opts.MaxPaths));
        } else if (Opts.Instrument) {
          MPM.addPass(PathProfInstrumentPass(Opts.MaxPaths));
          MPM.addPass(PathProfLoweringPass());
        }
      });
  // After each InstCombine of the function simplification pipeline, which
  // runs on a function after its calls are inlined, and before the
  // SimplifyCFG that follows: the probes of blocks that inlining made
  // foldable (PathProf/SampleProbes.h).
  PB.registerPeepholeEPCallback(
      [Opts](FunctionPassManager &FPM, OptimizationLevel Level) {
        if (Opts.Sample && Level != OptimizationLevel::O0)
          FPM.addPass(SampleProbeFoldPass());
      });
  // After the loop optimizations of the function simplification pipeline,
  // when inner loops are in their final shape.
  PB.registerScalarOptimizerLateEPCallback(
      [Opts](FunctionPassManager &FPM, OptimizationLevel) {
        if (Opts.Instrument && !Opts.Sample && Opts.PromoteCounters &&
            Opts.ProfileUse.empty())
          FPM.addPass(CounterPromotionPass());
      });
  // At the end, after inlining: the inline tsc readings, which the inliner
  // should not weigh (PathProf/InlineTSC.h).
  PB.registerOptimizerLastEPCallback(
      [Opts](ModulePassManager &MPM, OptimizationLevel) {
        if (Opts.Instrument && !Opts.Sample && Opts.ProfileUse.empty())
          MPM.addPass(createModuleToFunctionPassAdaptor(InlineTSCPass()));
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "PathProf", LLVM_VERSION_STRING,
          registerCallbacks};
}
