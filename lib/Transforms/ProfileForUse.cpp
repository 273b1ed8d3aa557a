//===- ProfileForUse.cpp - A path profile loaded for use ------------------===//
//
// Reads and indexes the profile of -fprofile-path-use once per compilation
// (PathProfileAnalysis), and decodes each function's record once per CFG
// (DecodedProfileAnalysis), for the passes that use them
// (PathProf/ProfileForUse.h).
//
//===----------------------------------------------------------------------===//

#include "PathProf/ProfileForUse.h"
#include "PathProf/BallLarus.h"
#include "PathProf/FunctionNames.h"
#include "PathProf/PathProfUse.h"
#include "PathProf/ProfileError.h"
#include "PathProf/ProfileNames.h"
#include "PathProf/ProfileReader.h"
#include "PathProf/ProfileSummary.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace pathprof;

AnalysisKey PathProfileAnalysis::Key;

void DiagnosticInfoPathProfile::print(DiagnosticPrinter &DP) const {
  if (!File.empty())
    DP << "path profile '" << File << "': ";
  DP << Msg;
}

int DiagnosticInfoPathProfile::kind() {
  static const int Kind = getNextAvailablePluginDiagnosticKind();
  return Kind;
}

const FunctionProfile *ProfileForUse::find(StringRef Name,
                                           uint64_t Checksum) const {
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return nullptr;
  for (const FunctionProfile *FP : It->second)
    if (FP->Checksum == Checksum)
      return FP;
  return nullptr;
}

ProfileForUse::Match ProfileForUse::match(StringRef Name) const {
  Match Result;
  if (auto It = ByName.find(Name); It != ByName.end()) {
    Result.Name = It->first();
    return Result;
  }
  ProfileName Parts = splitProfileName(Name);
  auto Candidates = LocalsBySymbol.find(Parts.Symbol);
  if (!Parts.isLocal() || Candidates == LocalsBySymbol.end())
    return Result;
  unsigned Best = 0;
  SmallVector<StringRef, 2> BestNames;
  for (StringRef Candidate : Candidates->second) {
    unsigned Common =
        commonTrailingComponents(Parts.Path, splitProfileName(Candidate).Path);
    if (Common == 0 || Common < Best)
      continue;
    if (Common > Best)
      BestNames.clear();
    Best = Common;
    BestNames.push_back(Candidate);
  }
  if (BestNames.size() == 1) {
    Result.Name = BestNames.front();
    Result.FromOtherPath = true;
  } else {
    Result.Ambiguous = std::move(BestNames);
  }
  return Result;
}

const FunctionProfile *ProfileForUse::profileOf(const Function &F,
                                                const BallLarusDAG &DAG) const {
  Match Found = match(getPathProfFuncName(F));
  if (Found.Name.empty() || !DAG.isValid())
    return nullptr;
  return find(Found.Name, DAG.checksum());
}

/// Reads of \p File the profiles of \p Names (all of it for a profile
/// without an index) and indexes them. The profile summary describes the
/// whole program, not only the module being compiled: merge stores it in
/// indexed profiles; for other profiles it is computed here, which decodes
/// every path of every function.
static Expected<std::unique_ptr<ProfileForUse>>
loadProfile(StringRef File, ArrayRef<StringRef> Names,
            function_ref<void(const Twine &)> Warn) {
  Expected<ProfileSubset> Read = readProfileSubset(File, Names, Warn);
  if (!Read)
    return Read.takeError();
  auto Result = std::make_unique<ProfileForUse>();
  Result->Prof = std::move(Read->Prof);
  Result->CallTargets = std::move(Read->CallTargets);
  Result->CalleeNames = std::move(Read->CalleeNames);
  Result->NumFunctions = Read->NumFunctions;
  Result->CallsOnly = Read->CallsOnly;
  Result->HasContext = Read->HasContext;
  for (const FunctionProfile &FP : Result->Prof.Functions) {
    auto &Records = Result->ByName[FP.Name];
    Records.push_back(&FP);
    // Each name once: with its first record.
    if (ProfileName Parts = splitProfileName(FP.Name);
        Parts.isLocal() && Records.size() == 1)
      Result->LocalsBySymbol[Parts.Symbol].push_back(
          Result->ByName.find(FP.Name)->first());
  }
  std::optional<PathProfileSummary> Summary = Result->Prof.Summary;
  if (!Summary) {
    Expected<PathProfileSummary> Computed = computeSummary(Result->Prof);
    if (!Computed)
      return createFileError(File, Computed.takeError());
    Summary = std::move(*Computed);
  }
  Result->ProgramFlow = Summary->ProgramFlow;
  Result->MaxFunctionCount = Summary->MaxFunctionCount;
  Result->Summary = toLLVMSummary(*Summary);
  return std::move(Result);
}

static std::unique_ptr<ProfileForUse> loadOrDiagnose(StringRef File,
                                                     const Module &M) {
  LLVMContext &Ctx = M.getContext();
  if (File.empty()) {
    Ctx.diagnose(DiagnosticInfoPathProfile(
        "", "pathprof-use needs a profile: -pathprof-profile-use=FILE",
        DS_Error));
    return nullptr;
  }
  auto Warn = [&](const Twine &Msg) {
    Ctx.diagnose(DiagnosticInfoPathProfile(File, Msg, DS_Warning));
  };
  // The profiles the module may use: those of the functions it defines.
  std::vector<std::string> Names;
  for (const Function &F : M)
    if (!F.isDeclaration())
      Names.push_back(getPathProfFuncName(F));
  std::vector<StringRef> NameRefs(Names.begin(), Names.end());
  Expected<std::unique_ptr<ProfileForUse>> Loaded =
      loadProfile(File, NameRefs, Warn);
  if (!Loaded) {
    Ctx.diagnose(DiagnosticInfoPathProfile(
        File, messageWithoutFile(Loaded.takeError()), DS_Error));
    return nullptr;
  }
  return std::move(*Loaded);
}

PathProfileAnalysis::Result PathProfileAnalysis::run(Module &M,
                                                     ModuleAnalysisManager &) {
  return {loadOrDiagnose(File, M)};
}

AnalysisKey DecodedProfileAnalysis::Key;

DecodedProfileAnalysis::Result
DecodedProfileAnalysis::run(Function &F, FunctionAnalysisManager &FAM) {
  Result R;
  auto &MAMProxy = FAM.getResult<ModuleAnalysisManagerFunctionProxy>(F);
  MAMProxy.registerOuterAnalysisInvalidation<PathProfileAnalysis,
                                             DecodedProfileAnalysis>();
  const PathProfileAnalysis::Result *Loaded =
      MAMProxy.getCachedResult<PathProfileAnalysis>(*F.getParent());
  if (!Loaded || !Loaded->Profile)
    return R;
  const BallLarusDAG &DAG = FAM.getResult<BallLarusAnalysis>(F);
  R.Profile = Loaded->Profile->profileOf(F, DAG);
  if (!R.Profile)
    return R;
  Expected<DecodedPathProfile> D = decodePathProfile(DAG, *R.Profile);
  if (!D) {
    R.Error = toString(D.takeError());
    return R;
  }
  R.LoopsConserved = conserveLoopFlow(FAM.getResult<LoopAnalysis>(F), *D);
  R.Decoded = std::move(*D);
  return R;
}

bool DecodedProfileAnalysis::Result::invalidate(
    Function &F, const PreservedAnalyses &PA,
    FunctionAnalysisManager::Invalidator &Inv) {
  // Block pointers of the CFG it was decoded on, the DAG's numbering and
  // the loops: kept with them.
  auto PAC = PA.getChecker<DecodedProfileAnalysis>();
  return !(PAC.preserved() || PAC.preservedSet<CFGAnalyses>()) ||
         Inv.invalidate<BallLarusAnalysis>(F, PA) ||
         Inv.invalidate<LoopAnalysis>(F, PA);
}
