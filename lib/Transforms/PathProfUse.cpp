//===- PathProfUse.cpp - Path profile guided optimization -----------------===//
//
// The use pass (pathprof-use, -fprofile-path-use=FILE). It runs at the
// pipeline point of the instrumentation, so every function has the CFG it
// was instrumented with, and for each function:
//
//  1. finds the profile recorded under its profile name
//     (PathProf/FunctionNames.h) or, for a static function whose source tree
//     moved since the profile was made, under the name whose source path
//     shares the most trailing components with its own, and builds the
//     Ball-Larus DAG with the instrumentation's own code; a profile whose
//     CFG checksum differs is stale and the function is left alone (one
//     warning per module, and one when most functions have no profile);
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
//  4. gives each indirect call the value profile IR PGO's use pass gives
//     it, from the callees its call site entered: in all the function's
//     contexts with a calling context profile (-fprofile-path-context), or
//     as the flow-only profile's value profiles recorded them (the
//     call-site indices are the instrumentation's,
//     PathProf/ContextCallSites.h): !prof !{!"VP", i32 0, i64 TOTAL,
//     i64 HASH, i64 COUNT, ...} through llvm::annotateValueSite, hottest
//     first, at most -icp-max-annotations callees, each callee hashed by
//     its IR PGO name, so that LLVM's indirect-call promotion
//     (PGOIndirectCallPromotion, which the plugin runs next) promotes the
//     hot ones. A function whose call sites disagree with the profile's (a
//     recorded site that does not exist, or a direct call of another
//     function than the one recorded there) is stale, like a changed CFG.
//
// It only annotates: superblock formation along the hot paths is the next
// pass, pathprof-superblock (PathProf/Superblock.h). Both take the profile
// from PathProfileAnalysis (PathProf/ProfileForUse.h), which reads it once.
//
// What a path profile cannot provide, and IR PGO's does: select weights,
// memop size profiles; value profiles of indirect calls need a context
// profile. A profile that counts calls only (-fprofile-path-context=calls)
// has no paths to decode: it annotates nothing, with one warning per
// module.
//
//===----------------------------------------------------------------------===//

#include "PathProf/PathProfUse.h"
#include "PathProf/BallLarus.h"
#include "PathProf/ContextCallSites.h"
#include "PathProf/FunctionNames.h"
#include "PathProf/PathDecode.h"
#include "PathProf/ProfileError.h"
#include "PathProf/ProfileForUse.h"
#include "PathProf/ProfileNames.h"
#include "PathProf/ProfileReader.h"
#include "PathProf/ProfileSummary.h"
#include "PathProf/ProfiledMemOps.h"
#include "PathProf/ProfiledSelects.h"
#include "RemarkText.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
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
STATISTIC(NumValueProfiles, "Indirect calls given value profiles");
STATISTIC(NumSelectWeights, "Selects given branch weights");
STATISTIC(NumMemOpProfiles, "Memory operations given length profiles");
STATISTIC(NumLoopsConserved,
          "Loops whose exits were given the flow of paths that never ended");

static cl::opt<bool> WarnMismatch(
    "pathprof-warn-mismatch", cl::init(true), cl::Hidden,
    cl::desc("Warn about functions whose path profile is stale (their CFG "
             "checksum differs from the profile's)"));

static cl::opt<unsigned> StaleNamesShown(
    "pathprof-warn-mismatch-names", cl::init(3), cl::Hidden,
    cl::desc("How many stale functions the mismatch warning names"));

static cl::opt<unsigned> WarnMissingPercent(
    "pathprof-warn-missing-percent", cl::init(50), cl::Hidden,
    cl::value_desc("percent"),
    cl::desc("Warn once per module when more than this percentage of its "
             "functions have no path profile (100: never)"));

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
      EdgeCounts.push_back(Seen.insert(Succ).second ? D.weight(&BB, Succ) : 0);
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

/// Sets the branch weights of the selects of \p F that the profile counted
/// (\p Selects, by the index PathProf/ProfiledSelects.h gives them) as
/// PGOUseFunc::annotateOneSelectInst does: the true count, and the count of
/// the select's block less it. Returns how many selects got weights.
static unsigned setSelectWeights(ArrayRef<SelectInst *> Selects,
                                 ArrayRef<uint64_t> Counts,
                                 const DecodedPathProfile &D) {
  unsigned NumWeights = 0;
  for (auto [SI, TrueCount] : zip_equal(Selects, Counts)) {
    uint64_t BlockCount = D.blockCount(SI->getParent());
    uint64_t FalseCount = BlockCount > TrueCount ? BlockCount - TrueCount : 0;
    uint64_t MaxCount = std::max(TrueCount, FalseCount);
    if (MaxCount == 0)
      continue;
    setProfMetadata(SI->getModule(), SI, {TrueCount, FalseCount}, MaxCount);
    ++NumWeights;
  }
  return NumWeights;
}

/// LLVM's limit on the callees of an indirect call's value profile, as IR
/// PGO's use pass applies it (-icp-max-annotations).
static unsigned maxValueProfileTargets(StringRef Option) {
  StringMap<cl::Option *> &Options = cl::getRegisteredOptions();
  auto It = Options.find(Option);
  if (It == Options.end())
    report_fatal_error("LLVM has no -" + Option + " option");
  return static_cast<cl::opt<unsigned> *>(It->second)->getValue();
}

namespace {

/// The hashes value profiles name callees by: the MD5 of the callee's IR PGO
/// name (llvm::getIRPGOFuncName), the name PGOIndirectCallPromotion looks
/// functions up by. A callee defined or declared in the module has the
/// name LLVM gives it; another (a static function of another file) has its
/// profile name, which is the same "<source path>;<symbol>" unless
/// -pathprof-prefix-map rewrote the path.
class CalleeHashes {
public:
  CalleeHashes(Module &M, const ProfileForUse &Loaded) : Loaded(Loaded) {
    static_assert(LocalNameSeparator == ';',
                  "profile names of local functions are IR PGO names");
    for (Function &F : M)
      ByProfileName.try_emplace(profileName(F), &F);
  }

  uint64_t hash(StringRef ProfileName) const {
    if (Function *F = ByProfileName.lookup(ProfileName))
      return IndexedInstrProf::ComputeHash(getIRPGOFuncName(*F));
    return IndexedInstrProf::ComputeHash(ProfileName);
  }

  /// The name the profile has \p F under: its profile name, or the name of
  /// its source's old path (ProfileForUse::match).
  std::string profileName(const Function &F) const {
    std::string Name = getPathProfFuncName(F);
    StringRef Found = Loaded.match(Name).Name;
    return Found.empty() ? Name : Found.str();
  }

private:
  const ProfileForUse &Loaded;
  StringMap<Function *> ByProfileName;
};

} // namespace

/// Why the call sites of a function, \p Sites, are not the ones its context
/// profile recorded \p Targets at, or "" when they agree as far as the
/// profile tells: the profile's call-site table (\p Table, when its CFG
/// description has one) has as many sites, every recorded site exists, and a
/// direct call entered only the function it calls. The CFG checksum does not
/// cover calls: a call added or removed in a block leaves it unchanged but
/// moves the indices of the sites after it.
static std::string
callSiteMismatch(ArrayRef<CallBase *> Sites,
                 const std::optional<std::vector<CFGCallSite>> &Table,
                 const CallSiteTargets &Targets, const CalleeHashes &Hashes) {
  std::string Has = ("it has " + Twine(Sites.size()) +
                     plural(Sites.size(), " call site", " call sites"))
                        .str();
  if (Table && Table->size() != Sites.size())
    return Has + ", the profile's call-site table has " +
           std::to_string(Table->size());
  for (const auto &[Site, Callees] : Targets) {
    if (Site >= Sites.size())
      return Has + ", the profile has callees at call site " +
             std::to_string(Site);
    const Function *Direct = Sites[Site]->getCalledFunction();
    if (!Direct)
      continue;
    std::string Name = Hashes.profileName(*Direct);
    for (const CallTarget &T : Callees)
      if (T.Name != Name)
        return ("its call site " + Twine(Site) + " calls " + displayName(Name) +
                ", the profile has it " +
                (T.Name.empty() ? "call unknown targets"
                                : "enter " + displayName(T.Name)))
            .str();
  }
  return "";
}

/// Gives each indirect call among \p Sites the value profile of its callees
/// in \p Targets, as PGOUseFunc::annotateValueSites does from an edge
/// profile. Returns how many calls got one.
static unsigned annotateIndirectCalls(Module &M, ArrayRef<CallBase *> Sites,
                                      const CallSiteTargets &Targets,
                                      const CalleeHashes &Hashes) {
  unsigned Annotated = 0;
  const unsigned MaxTargets = maxValueProfileTargets("icp-max-annotations");
  for (const auto &[Site, Callees] : Targets) {
    CallBase *CB = Sites[Site];
    if (!CB->isIndirectCall())
      continue;
    SmallVector<InstrProfValueData, 4> Values;
    uint64_t Total = 0;
    // Calls of targets the profile cannot name count in the total, so that
    // promotion weighs the named ones against every call, as it does with
    // the values an edge profile leaves out.
    for (const CallTarget &T : Callees) {
      if (!T.Name.empty())
        Values.push_back({Hashes.hash(T.Name), T.Count});
      Total = SaturatingAdd(Total, T.Count);
    }
    if (Values.empty())
      continue;
    // Hottest first, as llvm-profdata sorts a site's values; equal counts
    // by hash, so that the order does not depend on the tree's.
    llvm::sort(Values,
               [](const InstrProfValueData &A, const InstrProfValueData &B) {
                 return std::tie(B.Count, A.Value) < std::tie(A.Count, B.Value);
               });
    annotateValueSite(M, *CB, Values, Total, IPVK_IndirectCallTarget,
                      MaxTargets);
    ++Annotated;
  }
  return Annotated;
}

/// Gives each memory operation among \p Ops that ran the value profile of
/// its lengths in \p Sizes, as PGOUseFunc::annotateValueSites does for
/// IPVK_MemOPSize, for PGOMemOPSizeOpt. Returns how many got one.
static unsigned annotateMemOps(Module &M, ArrayRef<MemIntrinsic *> Ops,
                               const MemOpSizes &Sizes) {
  unsigned Annotated = 0;
  const unsigned MaxSizes = maxValueProfileTargets("memop-max-annotations");
  for (const MemOpSite &S : Sizes) {
    SmallVector<InstrProfValueData, 4> Values;
    for (const SizeCount &C : S.Sizes)
      Values.push_back({C.Size, C.Count});
    if (Values.empty())
      continue;
    // Most frequent first, as llvm-profdata sorts a site's values; equal
    // counts by length. Lengths that found the block full count in the
    // total only, as the values an edge profile leaves out.
    llvm::sort(Values,
               [](const InstrProfValueData &A, const InstrProfValueData &B) {
                 return std::tie(B.Count, A.Value) < std::tie(A.Count, B.Value);
               });
    annotateValueSite(M, *Ops[S.Site], Values, S.total(), IPVK_MemOPSize,
                      MaxSizes);
    ++Annotated;
  }
  return Annotated;
}

/// "N functions of FILE have stale path profiles ...: f, g (+K more)".
static std::string staleMessage(StringRef SourceFile,
                                ArrayRef<std::string> Names) {
  std::string Msg;
  raw_string_ostream OS(Msg);
  OS << Names.size() << plural(Names.size(), " function", " functions")
     << " of " << SourceFile
     << (Names.size() == 1
             ? " has a stale path profile and was not optimized with it: "
             : " have stale path profiles and were not optimized with them: ");
  size_t Shown = std::min<size_t>(Names.size(), std::max(1u, +StaleNamesShown));
  for (size_t I = 0; I != Shown; ++I)
    OS << (I ? ", " : "") << Names[I];
  if (Shown != Names.size())
    OS << " (+" << Names.size() - Shown << " more)";
  return Msg;
}

PreservedAnalyses PathProfUsePass::run(Module &M, ModuleAnalysisManager &MAM) {
  StringRef Path = ProfileFile;
  LLVMContext &Ctx = M.getContext();
  std::shared_ptr<const ProfileForUse> Loaded =
      MAM.getResult<PathProfileAnalysis>(M).Profile;
  if (!Loaded)
    return PreservedAnalyses::all();
  // Its functions' entry counts alone would make every branch look
  // unprofiled (and so cold) to the rest of PGO: nothing is better.
  if (Loaded->CallsOnly) {
    Ctx.diagnose(DiagnosticInfoPathProfile(
        Path,
        "the profile counts calls only (-fprofile-path-context=calls) and has "
        "no paths: " +
            M.getSourceFileName() +
            " gets no branch weights, entry counts or hot and cold "
            "attributes from it; use the profile of a build with "
            "-fprofile-path-generate alone or with -fprofile-path-context",
        DS_Warning));
    return PreservedAnalyses::all();
  }

  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // As IR PGO: the summary first, so that hot and cold counts are known.
  M.setProfileSummary(Loaded->Summary->getMD(Ctx), ProfileSummary::PSK_Instr);
  ProfileSummaryInfo &PSI = MAM.getResult<ProfileSummaryAnalysis>(M);
  PSI.refresh();

  std::vector<Function *> Worklist;
  for (Function &F : M)
    if (!shouldSkipFunction(F))
      Worklist.push_back(&F);

  std::vector<Function *> HotFunctions, ColdFunctions;
  std::vector<std::string> StaleNames;
  uint64_t Missing = 0;
  std::optional<CalleeHashes> Hashes;
  if (!Loaded->CallTargets.empty())
    Hashes.emplace(M, *Loaded);
  for (Function *F : Worklist) {
    std::string Name = getPathProfFuncName(*F);
    std::string Shown = displayName(Name);
    ProfileForUse::Match Found = Loaded->match(Name);
    if (Found.Name.empty()) {
      ++NumMissing;
      ++Missing;
      FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F).emit([&] {
        OptimizationRemarkMissed R(DEBUG_TYPE, "NoProfile", F);
        R << "no path profile for " << ore::NV("Function", Shown);
        if (splitProfileName(Name).isLocal())
          R << " (profile name '" << ore::NV("ProfileName", Name) << "')";
        if (!Found.Ambiguous.empty()) {
          R << ": " << ore::NV("Candidates", uint64_t(Found.Ambiguous.size()))
            << " profiles of static functions of that name from other "
               "source paths match equally well (";
          ListSeparator LS;
          for (StringRef Candidate : Found.Ambiguous)
            R << LS << splitProfileName(Candidate).Path;
          R << "); choose one with -pathprof-prefix-map=OLD=NEW";
        }
        return R;
      });
      continue;
    }
    // Number the paths exactly as the instrumentation did.
    if (splitAtReturnsTwiceCalls(*F))
      FAM.invalidate(*F, PreservedAnalyses::none());
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F);
    if (Found.FromOtherPath)
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "MovedSource", F)
               << "path profile of " << ore::NV("Function", Shown)
               << " taken from '" << ore::NV("ProfileName", Found.Name)
               << "': the source moved from '"
               << splitProfileName(Found.Name).Path << "' to '"
               << splitProfileName(Name).Path << "'";
      });
    const BallLarusDAG &DAG = FAM.getResult<BallLarusAnalysis>(*F);
    const FunctionProfile *FP =
        DAG.isValid() ? Loaded->find(Found.Name, DAG.checksum()) : nullptr;
    if (!FP) {
      ++NumStale;
      StaleNames.push_back(Shown);
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "StaleProfile", F)
               << "path profile not used for " << ore::NV("Function", Shown)
               << ": its CFG checksum 0x"
               << utohexstr(DAG.checksum(), /*LowerCase=*/true)
               << " matches none of its profiles (stale profile)";
      });
      continue;
    }
    // With callees (contexts or value profiles): the call sites the
    // profile's indices mean.
    auto Targets = Loaded->CallTargets.find(FP);
    std::vector<CallBase *> Sites;
    if (Targets != Loaded->CallTargets.end()) {
      Sites = contextCallSites(*F);
      std::string Why =
          callSiteMismatch(Sites, FP->CFG.CallSites, Targets->second, *Hashes);
      if (!Why.empty()) {
        ++NumStale;
        StaleNames.push_back(Shown);
        ORE.emit([&] {
          return OptimizationRemarkMissed(DEBUG_TYPE, "StaleCallSites", F)
                 << "path profile not used for " << ore::NV("Function", Shown)
                 << ": " << ore::NV("Reason", Why) << " (stale profile)";
        });
        continue;
      }
    }
    const DecodedProfileAnalysis::Result &Decoded =
        FAM.getResult<DecodedProfileAnalysis>(*F);
    assert(Decoded.Profile == FP && "matched another record than the use pass");
    if (!Decoded.Decoded) {
      Ctx.diagnose(DiagnosticInfoPathProfile(
          Path, "function " + Shown + ": " + Decoded.Error, DS_Warning));
      continue;
    }
    const DecodedPathProfile *D = &*Decoded.Decoded;
    // The selects the profile's indices mean; a profile of another number
    // of selects leaves them without weights (the paths still match).
    std::vector<SelectInst *> Selects;
    if (!FP->Selects.empty()) {
      Selects = profiledSelects(*F);
      if (Selects.size() != FP->Selects.size()) {
        ORE.emit([&] {
          return OptimizationRemarkMissed(DEBUG_TYPE, "StaleSelects", F)
                 << "select counts not used for " << ore::NV("Function", Shown)
                 << ": the profile counted "
                 << ore::NV("ProfileSelects", uint64_t(FP->Selects.size()))
                 << " selects, the function has "
                 << ore::NV("Selects", uint64_t(Selects.size()))
                 << " (stale profile)";
        });
        Selects.clear();
      }
    }

    // The memory operations the profile's indices mean; a profile that
    // names one the function does not have leaves them all without
    // lengths.
    std::vector<MemIntrinsic *> MemOps;
    if (!FP->MemOps.empty()) {
      MemOps = profiledMemOps(*F);
      const uint64_t Last = std::prev(FP->MemOps.end())->Site;
      if (Last >= MemOps.size()) {
        ORE.emit([&] {
          return OptimizationRemarkMissed(DEBUG_TYPE, "StaleMemOps", F)
                 << "memory operation lengths not used for "
                 << ore::NV("Function", Shown)
                 << ": the profile has lengths of operation "
                 << ore::NV("ProfileMemOp", Last) << ", the function has "
                 << ore::NV("MemOps", uint64_t(MemOps.size()))
                 << " (stale profile)";
        });
        MemOps.clear();
      }
    }

    // As IR PGO: a function that never ran is cold, and has no weights.
    if (D->TotalCount == 0) {
      ++NumNeverRun;
      F->setEntryCount(Function::ProfileCount(0, Function::PCT_Real));
      if (Loaded->MaxFunctionCount != 0)
        ColdFunctions.push_back(F);
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "NeverRun", F)
               << "path profile: " << ore::NV("Function", Shown)
               << " never ran";
      });
      continue;
    }
    uint64_t MaxCount = std::max(D->EntryCount, D->MaxBlockCount);
    // An entry count of 0 with paths that ran comes from paths that started
    // at a setjmp or were interrupted; IR PGO fixes it up the same way.
    uint64_t EntryCount = D->EntryCount ? D->EntryCount : 1;
    F->setEntryCount(Function::ProfileCount(EntryCount, Function::PCT_Real));
    NumLoopsConserved += Decoded.LoopsConserved;
    unsigned NumWeights =
        setBranchWeights(*F, *D, FAM.getResult<BlockFrequencyAnalysis>(*F));
    NumBranchWeights += NumWeights;
    if (!Selects.empty())
      NumSelectWeights += setSelectWeights(Selects, FP->Selects, *D);
    if (!MemOps.empty())
      NumMemOpProfiles += annotateMemOps(M, MemOps, FP->MemOps);
    ++NumAnnotated;
    if (!Sites.empty()) {
      unsigned NumValues =
          annotateIndirectCalls(M, Sites, Targets->second, *Hashes);
      NumValueProfiles += NumValues;
      if (NumValues)
        ORE.emit([&] {
          return OptimizationRemark(DEBUG_TYPE, "ValueProfiles", F)
                 << "gave " << ore::NV("IndirectCalls", NumValues)
                 << plural(NumValues, " indirect call", " indirect calls")
                 << " of " << ore::NV("Function", Shown)
                 << (Loaded->HasContext
                         ? " the value profile of the callees its contexts "
                           "entered"
                         : " the value profile of the callees its value "
                           "profiles recorded");
        });
    }
    if (PSI.isHotCount(EntryCount))
      HotFunctions.push_back(F);
    else if (PSI.isColdCount(MaxCount))
      ColdFunctions.push_back(F);
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "Annotated", F)
             << "annotated " << ore::NV("Function", Shown)
             << " from the path profile: entry count "
             << ore::NV("EntryCount", EntryCount) << ", "
             << ore::NV("PathsRun", uint64_t(D->Paths.size())) << " of "
             << ore::NV("NumPaths", DAG.numPaths())
             << plural(DAG.numPaths(), " path", " paths") << " ran, "
             << ore::NV("BranchWeights", NumWeights)
             << plural(NumWeights, " branch weight", " branch weights");
    });
    // Weights changed; the CFG and so the DAG and the decoded profile,
    // which pathprof-superblock takes next, did not.
    PreservedAnalyses PA;
    PA.preserveSet<CFGAnalyses>();
    PA.preserve<BallLarusAnalysis>();
    PA.preserve<DecodedProfileAnalysis>();
    FAM.invalidate(*F, PA);
  }

  // As in IR PGO, attributes go on last, so that no function's annotation
  // depends on the order of functions in the module.
  for (Function *F : HotFunctions)
    F->addFnAttr(Attribute::InlineHint);
  for (Function *F : ColdFunctions)
    if (!F->hasFnAttribute(Attribute::Hot))
      F->addFnAttr(Attribute::Cold);

  StringRef SourceFile = M.getSourceFileName();
  if (!StaleNames.empty() && WarnMismatch)
    Ctx.diagnose(DiagnosticInfoPathProfile(
        Path, staleMessage(SourceFile, StaleNames), DS_Warning));
  // A profile of another program, of a build from a tree the names cannot
  // be matched across, or of another -O level finds few of the functions:
  // say so once rather than leave it to -Rpass-missed.
  if (Missing != 0 && Missing * 100 > WarnMissingPercent * Worklist.size())
    Ctx.diagnose(DiagnosticInfoPathProfile(
        Path,
        Twine(Missing) + " of " + Twine(Worklist.size()) +
            plural(Worklist.size(), " function", " functions") + " of " +
            SourceFile + plural(Missing, " has", " have") +
            " no path profile: was the profile made from this build?",
        DS_Warning));
  // Each function's analyses were invalidated above as far as its
  // annotation changed it (as ModuleToFunctionPassAdaptor does), so that
  // pathprof-superblock finds the DAGs and decoded profiles still valid.
  PreservedAnalyses PA;
  PA.preserveSet<AllAnalysesOn<Function>>();
  PA.preserve<FunctionAnalysisManagerModuleProxy>();
  return PA;
}

PreservedAnalyses PathProfUsePrinterPass::run(Module &M,
                                              ModuleAnalysisManager &MAM) {
  std::shared_ptr<const ProfileForUse> Loaded =
      MAM.getResult<PathProfileAnalysis>(M).Profile;
  if (!Loaded)
    return PreservedAnalyses::all();
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  OS << "PathProf profile: " << Loaded->NumFunctions
     << " functions, program flow " << Loaded->ProgramFlow << "\n";
  bool Changed = false;
  for (Function &F : M) {
    if (shouldSkipFunction(F))
      continue;
    std::string Name = getPathProfFuncName(F);
    OS << "PathProf profile for '" << Name << "': ";
    ProfileForUse::Match Found = Loaded->match(Name);
    if (Found.Name.empty()) {
      OS << "none";
      if (!Found.Ambiguous.empty())
        OS << " (" << Found.Ambiguous.size()
           << " names from other source paths match equally well)";
      OS << "\n";
      continue;
    }
    if (Found.FromOtherPath)
      OS << "recorded as '" << Found.Name << "', ";
    if (splitAtReturnsTwiceCalls(F)) {
      FAM.invalidate(F, PreservedAnalyses::none());
      Changed = true;
    }
    const BallLarusDAG &DAG = FAM.getResult<BallLarusAnalysis>(F);
    const FunctionProfile *FP =
        DAG.isValid() ? Loaded->find(Found.Name, DAG.checksum()) : nullptr;
    if (!FP) {
      OS << "stale (checksum 0x"
         << utohexstr(DAG.checksum(), /*LowerCase=*/true)
         << " matches none of its " << Loaded->ByName.lookup(Found.Name).size()
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
