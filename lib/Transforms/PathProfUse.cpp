//===- PathProfUse.cpp - Path profile guided optimization -----------------===//
//
// The use pass (pathprof-use, -fprofile-path-use=FILE). It runs at the
// pipeline point of the instrumentation, so every function has the CFG it
// was instrumented with, and for each function:
//
//  1. finds the profile recorded under its profile name
//     (getPathProfFuncName) and builds the Ball-Larus DAG with the
//     instrumentation's own code; a profile whose CFG checksum differs is
//     stale and the function is left alone (one warning per module);
//  2. decodes the executed paths on that DAG (PathProf/PathDecode.h) into
//     edge, block and entry counts;
//  3. attaches them the way IR PGO's use pass (PGOInstrumentationUse) does,
//     so that the inliner, block placement, hot/cold splitting and every
//     other ProfileSummaryInfo/BlockFrequencyInfo consumer treat the module
//     as profiled: !prof branch weights through llvm::setProfMetadata (the
//     same 32-bit scaling), irr_loop header weights, function entry counts,
//     a PSK_Instr profile summary of the whole profile, and inlinehint / cold
//     attributes from the hot and cold count thresholds; a function whose
//     paths never ran gets entry count 0 and is cold;
//  4. forms superblocks along its hot paths (PathProf/Superblock.h).
//
// What a path profile cannot provide, and IR PGO's does: select weights,
// value profiles (indirect-call promotion, memop sizes).
//
//===----------------------------------------------------------------------===//

#include "PathProf/PathProfUse.h"
#include "PathProf/BallLarus.h"
#include "PathProf/PathDecode.h"
#include "PathProf/PathProfInstrumentation.h"
#include "PathProf/ProfileReader.h"
#include "PathProf/Superblock.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ProfileSummary.h"
#include "llvm/ProfileData/InstrProf.h"
#include "llvm/ProfileData/ProfileCommon.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Instrumentation/PGOInstrumentation.h"

using namespace llvm;
using namespace pathprof;

#define DEBUG_TYPE "pathprof-use"

STATISTIC(NumAnnotated, "Functions annotated from their path profile");
STATISTIC(NumNeverRun, "Functions whose path profile has no counts (cold)");
STATISTIC(NumStale, "Functions whose path profile is stale (checksum differs)");
STATISTIC(NumMissing, "Functions without a path profile");
STATISTIC(NumBranchWeights, "Terminators given branch weights");

static cl::opt<std::string> ProfileUse(
    "pathprof-profile-use", cl::init(""), cl::Hidden,
    cl::value_desc("filename"),
    cl::desc("Optimize with this path profile (indexed or raw) instead of "
             "instrumenting for path profiling"));

static cl::opt<bool> WarnMismatch(
    "pathprof-warn-mismatch", cl::init(true), cl::Hidden,
    cl::desc("Warn about functions whose path profile is stale (their CFG "
             "checksum differs from the profile's)"));

static cl::opt<unsigned> StaleNamesShown(
    "pathprof-warn-mismatch-names", cl::init(3), cl::Hidden,
    cl::desc("How many stale functions the mismatch warning names"));

const std::string &pathprof::getProfileUseOption() { return ProfileUse; }

namespace {

/// A problem with the path profile, reported through the LLVMContext so
/// that clang prints it as "error:"/"warning:" (-Wbackend-plugin) and fails
/// the compilation on errors.
class DiagnosticInfoPathProfile : public DiagnosticInfo {
public:
  DiagnosticInfoPathProfile(StringRef File, const Twine &Msg,
                            DiagnosticSeverity Severity)
      : DiagnosticInfo(kind(), Severity), File(File.str()), Msg(Msg.str()) {}

  void print(DiagnosticPrinter &DP) const override {
    if (!File.empty())
      DP << "path profile '" << File << "': ";
    DP << Msg;
  }

  static bool classof(const DiagnosticInfo *DI) {
    return DI->getKind() == kind();
  }

private:
  static int kind() {
    static const int Kind = getNextAvailablePluginDiagnosticKind();
    return Kind;
  }

  std::string File;
  std::string Msg;
};

/// A profile loaded for use: its functions by profile name, and what the
/// whole program's profile says (flow, maximum counts, summary).
struct ProfileForUse {
  Profile Prof;
  StringMap<SmallVector<const FunctionProfile *, 1>> ByName;
  /// Sum of all path counts of all functions.
  uint64_t ProgramFlow = 0;
  /// Largest entry count of any function.
  uint64_t MaxFunctionCount = 0;
  std::unique_ptr<ProfileSummary> Summary;

  /// The profile of the function named \p Name with \p Checksum, or null.
  const FunctionProfile *find(StringRef Name, uint64_t Checksum) const {
    auto It = ByName.find(Name);
    if (It == ByName.end())
      return nullptr;
    for (const FunctionProfile *FP : It->second)
      if (FP->Checksum == Checksum)
        return FP;
    return nullptr;
  }
};

} // namespace

/// \p Count, kept below the two values InstrProfSummaryBuilder takes for
/// pseudo counts (UINT64_MAX and UINT64_MAX - 1), which only saturated
/// counts could reach.
static uint64_t summaryCount(uint64_t Count) {
  return std::min<uint64_t>(Count, UINT64_MAX - 2);
}

/// Reads \p File and indexes it. The profile summary is built from every
/// function's block counts (entry block first), decoded from the CFG each
/// function's record carries, so it describes the whole program and not
/// only the module being compiled.
static Expected<std::unique_ptr<ProfileForUse>>
loadProfile(StringRef File, function_ref<void(const Twine &)> Warn) {
  Expected<Profile> P = readProfile(File, Warn);
  if (!P)
    return P.takeError();
  auto Result = std::make_unique<ProfileForUse>();
  Result->Prof = std::move(*P);
  InstrProfSummaryBuilder Builder(ProfileSummaryBuilder::DefaultCutoffs);
  for (const FunctionProfile &FP : Result->Prof.Functions) {
    Result->ByName[FP.Name].push_back(&FP);
    Result->ProgramFlow = SaturatingAdd(Result->ProgramFlow, FP.totalCount());
    std::vector<uint64_t> BlockCounts(std::max<size_t>(FP.CFG.Blocks.size(), 1),
                                      0);
    for (const auto &[Id, Count] : FP.Counts) {
      Expected<DecodedPath> Path = FP.CFG.decode(Id);
      if (!Path)
        return createStringError(inconvertibleErrorCode(),
                                 File + ": function " + FP.Name + ": " +
                                     toString(Path.takeError()));
      for (uint32_t B : Path->Blocks)
        BlockCounts[B] = SaturatingAdd(BlockCounts[B], Count);
    }
    Result->MaxFunctionCount =
        std::max(Result->MaxFunctionCount, BlockCounts[0]);
    for (uint64_t &C : BlockCounts)
      C = summaryCount(C);
    Builder.addRecord(InstrProfRecord(std::move(BlockCounts)));
  }
  Result->Summary = Builder.getSummary();
  return std::move(Result);
}

/// The profile's name-prefixed error text without the "<File>: " prefix
/// readProfile() adds, since the diagnostic names the file itself.
static std::string withoutFilePrefix(StringRef File, std::string Msg) {
  std::string Prefix = (File + ": ").str();
  if (StringRef(Msg).starts_with(Prefix))
    Msg.erase(0, Prefix.size());
  return Msg;
}

static std::unique_ptr<ProfileForUse> loadOrDiagnose(StringRef File,
                                                     LLVMContext &Ctx) {
  if (File.empty()) {
    Ctx.diagnose(DiagnosticInfoPathProfile(
        "", "pathprof-use needs a profile: -pathprof-profile-use=FILE",
        DS_Error));
    return nullptr;
  }
  auto Warn = [&](const Twine &Msg) {
    Ctx.diagnose(DiagnosticInfoPathProfile(
        File, withoutFilePrefix(File, Msg.str()), DS_Warning));
  };
  Expected<std::unique_ptr<ProfileForUse>> Loaded = loadProfile(File, Warn);
  if (!Loaded) {
    Ctx.diagnose(DiagnosticInfoPathProfile(
        File, withoutFilePrefix(File, toString(Loaded.takeError())), DS_Error));
    return nullptr;
  }
  return std::move(*Loaded);
}

static bool isIndirectBrTarget(const BasicBlock &BB) {
  return any_of(predecessors(&BB), [](const BasicBlock *Pred) {
    return isa<IndirectBrInst>(Pred->getTerminator());
  });
}

/// Sets the branch weights and irr_loop header weights of \p F from \p D as
/// PGOUseFunc::setBranchWeights and annotateIrrLoopHeaderWeights do: every
/// multi-way terminator of a block that ran gets the counts of its
/// successor edges, parallel edges counting once, on the first successor
/// index with that destination. Returns how many terminators got weights.
static unsigned setBranchWeights(Function &F, const DecodedPathProfile &D,
                                 BlockFrequencyInfo &BFI) {
  Module *M = F.getParent();
  unsigned NumWeights = 0;
  for (BasicBlock &BB : F) {
    Instruction *TI = BB.getTerminator();
    uint64_t BlockCount = D.blockCount(&BB);
    if (BlockCount && (BFI.isIrrLoopHeader(&BB) || isIndirectBrTarget(BB)))
      setIrrLoopHeaderMetadata(M, TI, BlockCount);
    if (TI->getNumSuccessors() < 2 || BlockCount == 0)
      continue;
    if (!isa<BranchInst, SwitchInst, IndirectBrInst, InvokeInst, CallBrInst>(
            TI))
      continue;
    SmallVector<uint64_t, 4> EdgeCounts;
    SmallPtrSet<const BasicBlock *, 4> Seen;
    uint64_t MaxCount = 0;
    for (const BasicBlock *Succ : successors(&BB)) {
      EdgeCounts.push_back(Seen.insert(Succ).second ? D.edgeCount(&BB, Succ)
                                                    : 0);
      MaxCount = std::max(MaxCount, EdgeCounts.back());
    }
    // A block that ran and whose successors never did ended its paths
    // before the terminator (a call that did not return).
    if (MaxCount == 0)
      continue;
    setProfMetadata(M, TI, EdgeCounts, MaxCount);
    ++NumWeights;
  }
  return NumWeights;
}

/// "N functions have stale path profiles ...: f, g (+K more)".
static std::string staleMessage(ArrayRef<std::string> Names) {
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (Names.size() == 1)
    OS << "1 function has a stale path profile and was not optimized with "
          "it: ";
  else
    OS << Names.size()
       << " functions have stale path profiles and were not optimized with "
          "them: ";
  size_t Shown = std::min<size_t>(Names.size(), std::max(1u, +StaleNamesShown));
  for (size_t I = 0; I != Shown; ++I)
    OS << (I ? ", " : "") << Names[I];
  if (Shown != Names.size())
    OS << " (+" << Names.size() - Shown << " more)";
  return Msg;
}

PreservedAnalyses PathProfUsePass::run(Module &M, ModuleAnalysisManager &MAM) {
  StringRef Path = File.empty() ? StringRef(ProfileUse) : StringRef(File);
  LLVMContext &Ctx = M.getContext();
  std::unique_ptr<ProfileForUse> Loaded = loadOrDiagnose(Path, Ctx);
  if (!Loaded)
    return PreservedAnalyses::all();

  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // As IR PGO: the summary first, so that hot and cold counts are known.
  M.setProfileSummary(Loaded->Summary->getMD(Ctx), ProfileSummary::PSK_Instr);
  ProfileSummaryInfo &PSI = MAM.getResult<ProfileSummaryAnalysis>(M);
  PSI.refresh();

  SuperblockBudget Budget(M);
  std::vector<Function *> Worklist;
  for (Function &F : M)
    if (!shouldSkipFunction(F))
      Worklist.push_back(&F);

  std::vector<Function *> HotFunctions, ColdFunctions;
  std::vector<std::string> StaleNames;
  for (Function *F : Worklist) {
    std::string Name = getPathProfFuncName(*F);
    if (!Loaded->ByName.count(Name)) {
      ++NumMissing;
      FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F).emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "NoProfile", F)
               << "no path profile for " << ore::NV("Function", Name);
      });
      continue;
    }
    // Number the paths exactly as the instrumentation did.
    if (splitAtReturnsTwiceCalls(*F))
      FAM.invalidate(*F, PreservedAnalyses::none());
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F);
    const BallLarusDAG &DAG = FAM.getResult<BallLarusAnalysis>(*F);
    const FunctionProfile *FP =
        DAG.isValid() ? Loaded->find(Name, DAG.checksum()) : nullptr;
    if (!FP) {
      ++NumStale;
      StaleNames.push_back(F->getName().str());
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "StaleProfile", F)
               << "path profile not used: the function's CFG checksum 0x"
               << utohexstr(DAG.checksum(), /*LowerCase=*/true)
               << " matches none of its profiles (stale profile)";
      });
      continue;
    }
    Expected<DecodedPathProfile> D = decodePathProfile(DAG, *FP);
    if (!D) {
      Ctx.diagnose(DiagnosticInfoPathProfile(
          Path, "function " + Name + ": " + toString(D.takeError()),
          DS_Warning));
      continue;
    }

    // As IR PGO: a function that never ran is cold, and has no weights.
    if (D->TotalCount == 0) {
      ++NumNeverRun;
      F->setEntryCount(Function::ProfileCount(0, Function::PCT_Real));
      if (Loaded->MaxFunctionCount != 0)
        ColdFunctions.push_back(F);
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "NeverRun", F)
               << "path profile: the function never ran";
      });
      continue;
    }
    uint64_t MaxCount = std::max(D->EntryCount, D->MaxBlockCount);
    // An entry count of 0 with paths that ran comes from paths that started
    // at a setjmp or were interrupted; IR PGO fixes it up the same way.
    uint64_t EntryCount = D->EntryCount ? D->EntryCount : 1;
    F->setEntryCount(Function::ProfileCount(EntryCount, Function::PCT_Real));
    unsigned NumWeights =
        setBranchWeights(*F, *D, FAM.getResult<BlockFrequencyAnalysis>(*F));
    NumBranchWeights += NumWeights;
    ++NumAnnotated;
    if (PSI.isHotCount(EntryCount))
      HotFunctions.push_back(F);
    else if (PSI.isColdCount(MaxCount))
      ColdFunctions.push_back(F);
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "Annotated", F)
             << "annotated from the path profile: entry count "
             << ore::NV("EntryCount", EntryCount) << ", "
             << ore::NV("PathsRun", uint64_t(D->Paths.size())) << " of "
             << ore::NV("NumPaths", DAG.numPaths()) << " paths ran, "
             << ore::NV("BranchWeights", NumWeights) << " branch weights";
    });
    // Weights changed; the CFG and so the DAG did not.
    PreservedAnalyses PA;
    PA.preserveSet<CFGAnalyses>();
    PA.preserve<BallLarusAnalysis>();
    FAM.invalidate(*F, PA);

    if (superblocksEnabled() &&
        formSuperblocks(*F, DAG, *D, Loaded->ProgramFlow, Budget,
                        FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F),
                        &PSI))
      FAM.invalidate(*F, PreservedAnalyses::none());
  }

  // As in IR PGO, attributes go on last, so that no function's annotation
  // or superblocks depend on the order of functions in the module.
  for (Function *F : HotFunctions)
    F->addFnAttr(Attribute::InlineHint);
  for (Function *F : ColdFunctions)
    if (!F->hasFnAttribute(Attribute::Hot))
      F->addFnAttr(Attribute::Cold);

  if (!StaleNames.empty() && WarnMismatch)
    Ctx.diagnose(
        DiagnosticInfoPathProfile(Path, staleMessage(StaleNames), DS_Warning));
  return PreservedAnalyses::none();
}

PreservedAnalyses PathProfUsePrinterPass::run(Module &M,
                                              ModuleAnalysisManager &MAM) {
  std::unique_ptr<ProfileForUse> Loaded =
      loadOrDiagnose(getProfileUseOption(), M.getContext());
  if (!Loaded)
    return PreservedAnalyses::all();
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  OS << "PathProf profile: " << Loaded->Prof.Functions.size()
     << " functions, program flow " << Loaded->ProgramFlow << "\n";
  bool Changed = false;
  for (Function &F : M) {
    if (shouldSkipFunction(F))
      continue;
    std::string Name = getPathProfFuncName(F);
    OS << "PathProf profile for '" << Name << "': ";
    if (!Loaded->ByName.count(Name)) {
      OS << "none\n";
      continue;
    }
    if (splitAtReturnsTwiceCalls(F)) {
      FAM.invalidate(F, PreservedAnalyses::none());
      Changed = true;
    }
    const BallLarusDAG &DAG = FAM.getResult<BallLarusAnalysis>(F);
    const FunctionProfile *FP =
        DAG.isValid() ? Loaded->find(Name, DAG.checksum()) : nullptr;
    if (!FP) {
      OS << "stale (checksum 0x"
         << utohexstr(DAG.checksum(), /*LowerCase=*/true)
         << " matches none of its " << Loaded->ByName.lookup(Name).size()
         << " profiles)\n";
      continue;
    }
    Expected<DecodedPathProfile> D = decodePathProfile(DAG, *FP);
    if (!D) {
      OS << "error: " << toString(D.takeError()) << "\n";
      continue;
    }
    OS << "checksum 0x" << utohexstr(DAG.checksum(), /*LowerCase=*/true) << ", "
       << DAG.numPaths() << " paths\n";
    printDecodedProfile(OS, DAG, *D);
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
