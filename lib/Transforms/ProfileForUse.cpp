//===- ProfileForUse.cpp - A path profile loaded for use ------------------===//
//
// Reads and indexes the profile of -fprofile-path-use once per compilation
// (PathProfileAnalysis) for the passes that use it (PathProf/ProfileForUse.h).
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

#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

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

namespace {

/// Sums the callees of every call site of every function over the calling
/// context tree (ProfileForUse::CallTargets).
class CallTargetCollector {
public:
  explicit CallTargetCollector(ProfileForUse &P) : P(P) {}

  void run(const ContextTree &Tree) {
    for (const ContextNode &Root : Tree.Roots)
      countRecursiveEntries(Root);
    for (const ContextNode &Root : Tree.Roots)
      collect(Root);
  }

private:
  /// A node's entry count includes the recursive entries its backedges
  /// counted in it; what its parent's call site entered is the rest.
  void countRecursiveEntries(const ContextNode &N) {
    Chain.push_back(&N);
    for (const ContextBackedge &B : N.Backedges)
      if (B.Levels < Chain.size()) {
        uint64_t &R = Recursive[Chain[Chain.size() - 1 - B.Levels]];
        R = SaturatingAdd(R, B.Count);
      }
    for (const ContextNode &C : N.Children)
      countRecursiveEntries(C);
    Chain.pop_back();
  }

  void collect(const ContextNode &N) {
    const FunctionProfile *Caller = P.find(N.Function, N.Checksum);
    for (const ContextNode &C : N.Children) {
      uint64_t Recursed = Recursive.lookup(&C);
      if (Caller && C.EntryCount > Recursed)
        add(*Caller, C.CallSite, C.ViaUnknown, C.Function, C.Checksum,
            C.EntryCount - Recursed);
      collect(C);
    }
    for (const ContextBackedge &B : N.Backedges)
      if (Caller && B.Count != 0)
        add(*Caller, B.CallSite, B.ViaUnknown, B.Function, B.Checksum, B.Count);
  }

  void add(const FunctionProfile &Caller, uint64_t Site, bool ViaUnknown,
           StringRef Callee, uint64_t Checksum, uint64_t Count) {
    // An entry through unknown code (a callback, a signal handler) is no
    // call the site made.
    const FunctionProfile *CalleeFP = P.find(Callee, Checksum);
    if (ViaUnknown || Site == ContextNode::OwnCode || !CalleeFP)
      return;
    auto &Targets = P.CallTargets[&Caller][Site];
    auto It = llvm::find_if(
        Targets, [&](const CallTarget &T) { return T.Name == CalleeFP->Name; });
    if (It == Targets.end())
      Targets.push_back({CalleeFP->Name, Count});
    else
      It->Count = SaturatingAdd(It->Count, Count);
  }

  ProfileForUse &P;
  std::vector<const ContextNode *> Chain;
  DenseMap<const ContextNode *, uint64_t> Recursive;
};

} // namespace

/// Reads \p File and indexes it. The profile summary describes the whole
/// program, not only the module being compiled: merge stores it in indexed
/// profiles; for other profiles it is computed here, which decodes every path
/// of every function.
static Expected<std::unique_ptr<ProfileForUse>>
loadProfile(StringRef File, function_ref<void(const Twine &)> Warn) {
  Expected<Profile> P = readProfile(File, Warn, ProfileKind::Unknown,
                                    /*NameFileInWarnings=*/false);
  if (!P)
    return P.takeError();
  auto Result = std::make_unique<ProfileForUse>();
  Result->Prof = std::move(*P);
  for (const FunctionProfile &FP : Result->Prof.Functions) {
    auto &Records = Result->ByName[FP.Name];
    Records.push_back(&FP);
    // Each name once: with its first record.
    if (ProfileName Parts = splitProfileName(FP.Name);
        Parts.isLocal() && Records.size() == 1)
      Result->LocalsBySymbol[Parts.Symbol].push_back(
          Result->ByName.find(FP.Name)->first());
  }
  // The callees of indirect calls: from the calling context tree, or from
  // the value profiles of a flow-only profile (one or the other: a build
  // with contexts records no value profiles).
  if (Result->Prof.Context)
    CallTargetCollector(*Result).run(*Result->Prof.Context);
  else
    for (const FunctionProfile &FP : Result->Prof.Functions)
      for (const IndirectCallSite &S : FP.ICalls) {
        auto &Targets = Result->CallTargets[&FP][S.Site];
        for (const CalleeCount &C : S.Callees)
          Targets.push_back({C.Name, C.Count});
        if (S.Unknown)
          Targets.push_back({StringRef(), S.Unknown});
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
                                                     LLVMContext &Ctx) {
  if (File.empty()) {
    Ctx.diagnose(DiagnosticInfoPathProfile(
        "", "pathprof-use needs a profile: -pathprof-profile-use=FILE",
        DS_Error));
    return nullptr;
  }
  auto Warn = [&](const Twine &Msg) {
    Ctx.diagnose(DiagnosticInfoPathProfile(File, Msg, DS_Warning));
  };
  Expected<std::unique_ptr<ProfileForUse>> Loaded = loadProfile(File, Warn);
  if (!Loaded) {
    Ctx.diagnose(DiagnosticInfoPathProfile(
        File, messageWithoutFile(Loaded.takeError()), DS_Error));
    return nullptr;
  }
  return std::move(*Loaded);
}

PathProfileAnalysis::Result PathProfileAnalysis::run(Module &M,
                                                     ModuleAnalysisManager &) {
  return {loadOrDiagnose(File, M.getContext())};
}
