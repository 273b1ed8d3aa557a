//===- Superblock.cpp - Superblock formation along hot paths --------------===//
//
// Forms superblocks (Hwu et al., "The Superblock: An Effective Technique for
// VLIW and Superscalar Compilation", 1993) along the hot Ball-Larus paths of
// a path profile. Terms:
//
//  - A trace is a hot path's blocks, in order. A Ball-Larus path never
//    crosses a backedge, so a trace never runs around a loop.
//  - A side entrance is a reachable predecessor of a trace block other than
//    the block before it in the trace.
//  - Tail duplication copies the trace's blocks from the first side entrance
//    on and sends the trace's edge into that block to the copy, so that the
//    trace (its first blocks, then the copies) is entered only at its top: a
//    superblock. The copies keep every exit of the originals.
//
// Path profiles make two things exact that edge profiles can only estimate.
// Which paths are hot is known, not guessed from a chain of likely branches
// (Shye et al., path profiling from Itanium-2 branch-trace samples, 2005,
// show how the two can differ). And the flow through a
// copy is known: it is the flow of the paths that enter the duplicated tail
// along the trace, so the branch weights of the copies and of the originals
// they came from are set from path counts, not by scaling.
//
// A path is hot when it carries at least -pathprof-superblock-min-path-share
// percent of its function's flow (the sum of its path counts) and either at
// least -pathprof-superblock-min-program-share percent of the program's flow,
// or its function is hot by the profile summary. Hot paths are taken by
// decreasing count; each one is followed through the copies made for hotter
// paths, so superblocks that share a prefix form a tree, as in Hwu's paper.
//
// A trace stops before a loop header (the target of a backedge, so
// irreducible loops count too): copying it from within the trace would peel
// the loop. It also stops where it leaves the innermost loop it starts in:
// copying the outer loop's blocks from there gives that loop a latch entered
// only from the inner loop, and LoopSimplify then splits the outer loop in
// two. No block is duplicated that has an indirectbr or callbr predecessor
// (the edge into the copy could not be redirected), that is an EH pad, whose
// address is taken, that defines a token, or that contains a convergent,
// noduplicate or returns_twice call; the trace ends before it. Code growth
// is bounded per function and per module; a trace that would exceed either
// bound is refused. Every decision is an optimization remark.
//
//===----------------------------------------------------------------------===//

#include "PathProf/Superblock.h"
#include "PathProf/BallLarus.h"
#include "PathProf/CFGDescription.h"
#include "PathProf/FunctionNames.h"
#include "PathProf/PathDecode.h"
#include "PathProf/Profile.h"
#include "PathProf/ProfileForUse.h"
#include "RemarkText.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Instrumentation/PGOInstrumentation.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <limits>
#include <optional>

using namespace llvm;
using namespace pathprof;

#define DEBUG_TYPE "pathprof-superblock"

STATISTIC(NumSuperblocks, "Superblocks formed");
STATISTIC(NumDuplicatedBlocks, "Blocks duplicated to remove side entrances");
STATISTIC(NumDuplicatedInsts, "Instructions duplicated in superblocks");
STATISTIC(NumTruncated, "Superblocks that end before their path does");
STATISTIC(NumRefusedBlock, "Hot paths refused: a block cannot be copied");
STATISTIC(NumRefusedBudget, "Hot paths refused: code growth budget");
STATISTIC(NumRefusedModel, "Hot paths refused: the copy would specialise "
                           "nothing");
STATISTIC(NumSingleEntry, "Hot paths that were single-entry already");

static cl::opt<double> MinPathShare(
    "pathprof-superblock-min-path-share", cl::init(10.0), cl::Hidden,
    cl::desc("Smallest share of its function's flow, in percent, that a "
             "path needs to become a superblock"));

static cl::opt<double> MinProgramShare(
    "pathprof-superblock-min-program-share", cl::init(0.1), cl::Hidden,
    cl::desc("Smallest share of the program's flow, in percent, that a path "
             "needs to become a superblock, unless the profile summary "
             "counts its function as hot"));

static cl::opt<unsigned> MaxGrowth(
    "pathprof-superblock-max-growth", cl::init(25), cl::Hidden,
    cl::desc("Largest number of instructions superblock formation may add "
             "to a function, in percent of its size"));

static cl::opt<unsigned> MaxModuleGrowth(
    "pathprof-superblock-max-module-growth", cl::init(10), cl::Hidden,
    cl::desc("Largest number of instructions superblock formation may add "
             "to a module, in percent of its size"));

static cl::opt<bool> RequireSpecialisation(
    "pathprof-superblock-model", cl::init(true), cl::Hidden,
    cl::desc("Form a superblock only where the copy is specialised by its "
             "path: a branch decided, a value folded or an instruction made "
             "loop-invariant (false: wherever a hot path has a side "
             "entrance)"));

static cl::opt<unsigned> ThreadingSize(
    "pathprof-superblock-threading-size", cl::init(6), cl::Hidden,
    cl::desc("A branch that the edge into its block decides does not count "
             "for the model when the block has at most this many "
             "instructions: JumpThreading threads it anyway (its "
             "-jump-threading-threshold)"));

static cl::opt<unsigned> LatchMinGain(
    "pathprof-superblock-latch-min-gain", cl::init(2), cl::Hidden,
    cl::desc("Instructions that copying a loop latch must make hoistable, "
             "foldable or decided to pay for the latch block LoopSimplify "
             "then adds to every iteration of the hot loop"));

static cl::opt<bool> CopyLatches(
    "pathprof-superblock-copy-latches", cl::init(true), cl::Hidden,
    cl::desc("Let superblocks copy the blocks that end in a backedge"));

static cl::opt<bool> LeaveLoops(
    "pathprof-superblock-leave-loops", cl::init(false), cl::Hidden,
    cl::desc("Let a superblock continue past an exit of the loop its path "
             "starts in"));

static cl::opt<std::string> TestPaths(
    "pathprof-superblock-paths", cl::Hidden,
    cl::desc("For testing pathprof-superblock: the profile as paths named "
             "by their blocks, 'f:entry,b1,b3:100;f:entry,b2,b3:10'"));

static cl::opt<bool> PrintTestProfile(
    "pathprof-superblock-print-profile", cl::Hidden,
    cl::desc("For testing pathprof-superblock: print the decoded profile of "
             "each function, as print<pathprof-use> does, before forming "
             "superblocks"));

/// Instructions that become machine code: not phis, not debug intrinsics.
static uint64_t countInstructions(const BasicBlock &BB) {
  uint64_t N = 0;
  for (const Instruction &I : BB)
    if (!isa<PHINode>(I) && !I.isDebugOrPseudoInst())
      ++N;
  return N;
}

SuperblockBudget::SuperblockBudget(const Module &M) {
  uint64_t Size = 0;
  for (const Function &F : M)
    for (const BasicBlock &BB : F)
      Size += countInstructions(BB);
  Remaining = Size * MaxModuleGrowth / 100;
}

/// The first instruction of \p BB with a source line, or null.
static const Instruction *firstWithLine(const BasicBlock &BB) {
  for (const Instruction &I : BB)
    if (I.getDebugLoc() && I.getDebugLoc().getLine())
      return &I;
  return nullptr;
}

/// A block as remarks name it: its name, else its first source line.
static std::string describeBlock(const BasicBlock &BB) {
  if (BB.hasName())
    return BB.getName().str();
  if (const Instruction *I = firstWithLine(BB)) {
    // Code inlined earlier is named by the line of its call.
    const DILocation *Loc = I->getDebugLoc().get();
    while (Loc->getInlinedAt())
      Loc = Loc->getInlinedAt();
    return "line " + utostr(Loc->getLine());
  }
  std::string S;
  raw_string_ostream OS(S);
  BB.printAsOperand(OS, false);
  return S;
}

/// "entry -> b1 -> b3", for remarks.
static std::string describePath(const BlockPath &P) {
  return join(
      map_range(P.Blocks, [](BasicBlock *BB) { return describeBlock(*BB); }),
      " -> ");
}

/// A percentage with three significant digits: "62.5", "100", "0.0123".
static std::string formatShare(uint64_t Part, uint64_t Whole) {
  std::string S;
  raw_string_ostream(S) << format("%.3g", Whole ? 100.0 * Part / Whole : 0.0);
  return S;
}

namespace {

/// What a copy of a trace's tail, entered only along the trace, lets the
/// optimizer simplify that the original, entered from its side entrances
/// too, does not: the profitability model of superblock formation.
struct Specialisation {
  /// Conditional branches and switches in the copy whose direction the
  /// trace decides (a condition implied by a branch taken earlier on the
  /// trace, or a constant).
  unsigned Branches = 0;
  /// Instructions in the copy that fold to a constant or to another value
  /// once its phis take the values they have along the trace.
  unsigned Values = 0;
  /// Loop values that the copied latch carries around unchanged (the
  /// header phi receives itself): the loop splits into one that does not
  /// update them.
  unsigned Invariants = 0;
  /// Instructions on the trace inside that loop that compute from those
  /// values and loop invariants alone: the split-off loop can hoist them.
  /// Loop values kept unchanged are worth only what they make hoistable.
  unsigned Hoistable = 0;

  unsigned total() const { return Branches + Values + Hoistable; }
};

/// A profiled path, in the blocks that run it now: after a superblock is
/// formed, the paths that follow its trace into the duplicated tail run the
/// copies.
struct TracePath {
  SmallVector<BasicBlock *, 8> Blocks;
  uint64_t Count = 0;
  bool LeavesThroughBreak = false;
  /// The path as profiled, for messages.
  const BlockPath *Profiled = nullptr;
};

class SuperblockFormer {
public:
  SuperblockFormer(Function &F, const BallLarusDAG &DAG,
                   const DecodedPathProfile &Profile, uint64_t ProgramFlow,
                   SuperblockBudget &ModuleBudget, FunctionAnalysisManager &FAM,
                   ProfileSummaryInfo *PSI)
      : F(F), DAG(DAG), Profile(Profile), ProgramFlow(ProgramFlow),
        ModuleBudget(ModuleBudget), FAM(FAM),
        ORE(FAM.getResult<OptimizationRemarkEmitterAnalysis>(F)), PSI(PSI) {}

  bool run();

private:
  BasicBlock *origin(BasicBlock *BB) const {
    return Origin.lookup(BB) ? Origin.lookup(BB) : BB;
  }
  bool isReachable(BasicBlock *BB) const {
    return Origin.count(BB) || DAG.nodeOf(BB) >= 0;
  }
  bool hasSideEntrance(BasicBlock *BB, BasicBlock *TracePred) const;
  const char *whyNotDuplicable(BasicBlock *BB) const;
  Specialisation specialisation(ArrayRef<BasicBlock *> Trace,
                                unsigned First) const;
  /// The instructions of \p Trace's blocks in \p L that compute from the
  /// values in \p Unchanged (header phis of \p L the trace keeps unchanged,
  /// extended by the instructions counted) and from values defined outside
  /// \p L alone.
  unsigned countHoistable(ArrayRef<BasicBlock *> Trace, const Loop &L,
                          SmallPtrSetImpl<const Value *> &Unchanged) const;
  const char *whyNotCopyLatch(ArrayRef<BasicBlock *> Trace,
                              const Specialisation &Whole,
                              const Specialisation &WithoutLatch) const;
  void formAlong(TracePath &P);
  void duplicateTail(ArrayRef<BasicBlock *> Tail, BasicBlock *Pred);
  void setWeights();
  void setWeights(BasicBlock *BB, const DenseMap<BlockEdge, uint64_t> &Edges,
                  const DenseMap<BasicBlock *, uint64_t> &BreakOut);
  const Instruction *remarkAnchor(BasicBlock *BB) const;

  Function &F;
  const BallLarusDAG &DAG;
  const DecodedPathProfile &Profile;
  uint64_t ProgramFlow;
  SuperblockBudget &ModuleBudget;
  FunctionAnalysisManager &FAM;
  OptimizationRemarkEmitter &ORE;
  ProfileSummaryInfo *PSI;

  std::vector<TracePath> Paths;
  /// Copy -> the original block it was (transitively) copied from.
  DenseMap<BasicBlock *, BasicBlock *> Origin;
  /// Targets of backedges (irreducible loops included): copying one from
  /// within a trace would peel its loop.
  SmallPtrSet<const BasicBlock *, 8> LoopHeaders;
  SmallPtrSet<const BasicBlock *, 8> LoopLatches;
  /// Headers of loops whose trip count ScalarEvolution knows as a constant:
  /// their latches are never copied.
  SmallPtrSet<const BasicBlock *, 4> ConstantTripHeaders;
  /// Blocks whose outgoing flow changed: duplicated originals and copies.
  SmallPtrSet<BasicBlock *, 16> Touched;
  uint64_t FunctionBudget = 0;
  /// Of the function as it was on entry; copies are looked up by origin.
  DominatorTree DT;
  LoopInfo LI;
};

} // namespace

bool SuperblockFormer::hasSideEntrance(BasicBlock *BB,
                                       BasicBlock *TracePred) const {
  // Predecessors that never run cost nothing to keep.
  return any_of(predecessors(BB), [&](BasicBlock *P) {
    return P != TracePred && isReachable(P);
  });
}

const char *SuperblockFormer::whyNotDuplicable(BasicBlock *BB) const {
  if (!CopyLatches && LoopLatches.count(origin(BB)))
    return "it is a loop latch";
  if (BB->hasAddressTaken())
    return "its address is taken (blockaddress)";
  if (BB->isEHPad())
    return "it is an exception handling pad";
  for (BasicBlock *P : predecessors(BB)) {
    if (isa<IndirectBrInst>(P->getTerminator()))
      return "it has an indirectbr predecessor";
    if (isa<CallBrInst>(P->getTerminator()))
      return "it has a callbr predecessor";
  }
  if (isa<CallBrInst>(BB->getTerminator()))
    return "it ends in a callbr";
  for (Instruction &I : *BB) {
    if (I.getType()->isTokenTy())
      return "it defines a token value";
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call)
      continue;
    if (Call->isConvergent())
      return "it contains a convergent call";
    if (Call->cannotDuplicate())
      return "it contains a noduplicate call";
    if (Call->hasFnAttr(Attribute::ReturnsTwice))
      return "it contains a returns_twice call";
  }
  return nullptr;
}

namespace {
/// A branch direction taken on a trace, and the edge that took it.
struct Fact {
  Value *Cond;
  bool Taken;
  BasicBlockEdge Edge;
};
} // namespace

/// The direction the conditional branch ending \p From takes to \p To.
static std::optional<Fact> branchFact(BasicBlock *From, BasicBlock *To,
                                      BasicBlockEdge Edge) {
  auto *Br = dyn_cast<BranchInst>(From->getTerminator());
  if (!Br || !Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
    return std::nullopt;
  return Fact{Br->getCondition(), Br->getSuccessor(0) == To, Edge};
}

/// \p V as the copy sees it: its value in \p Known, or itself.
static Value *resolve(const DenseMap<Value *, Value *> &Known, Value *V) {
  Value *K = Known.lookup(V);
  return K ? K : V;
}

/// Evaluates \p BB with the values in \p Known (extended by what folds,
/// counted in \p Folded): whether its branch is decided by them or by one
/// of \p Facts.
static bool evaluateBlock(BasicBlock &BB, DenseMap<Value *, Value *> &Known,
                          ArrayRef<Fact> Facts, const SimplifyQuery &SQ,
                          unsigned &Folded) {
  auto Resolve = [&](Value *V) { return resolve(Known, V); };
  for (Instruction &I :
       make_range(BB.getFirstNonPHIIt(), BB.getTerminator()->getIterator())) {
    if (none_of(I.operands(), [&](Value *Op) { return Known.count(Op); }))
      continue;
    SmallVector<Value *, 4> Ops;
    for (Value *Op : I.operands())
      Ops.push_back(Resolve(Op));
    if (Value *V = simplifyInstructionWithOperands(&I, Ops, SQ)) {
      Known[&I] = V;
      ++Folded;
    }
  }
  Instruction *Term = BB.getTerminator();
  if (auto *Br = dyn_cast<BranchInst>(Term); Br && Br->isConditional()) {
    Value *Cond = Resolve(Br->getCondition());
    return isa<Constant>(Cond) || any_of(Facts, [&](const Fact &F) {
             return isImpliedCondition(F.Cond, Cond, SQ.DL, F.Taken);
           });
  }
  if (auto *Sw = dyn_cast<SwitchInst>(Term))
    return isa<Constant>(Resolve(Sw->getCondition()));
  return false;
}

Specialisation SuperblockFormer::specialisation(ArrayRef<BasicBlock *> Trace,
                                                unsigned First) const {
  const SimplifyQuery SQ(F.getDataLayout());
  Specialisation S;
  auto EdgeOf = [&](unsigned From) {
    return BasicBlockEdge(origin(Trace[From]), origin(Trace[From + 1]));
  };
  SmallVector<Fact, 8> Facts;
  // The values the copy sees, where they differ from the original's.
  DenseMap<Value *, Value *> Known;
  auto Resolve = [&](Value *V) { return resolve(Known, V); };
  auto AddFacts = [&](unsigned From) {
    BasicBlock *BB = Trace[From], *To = Trace[From + 1];
    if (std::optional<Fact> Fct = branchFact(BB, To, EdgeOf(From)))
      Facts.push_back(*Fct);
    // The switch value is the case's along a case edge of its own.
    else if (auto *Sw = dyn_cast<SwitchInst>(BB->getTerminator()))
      if (ConstantInt *C = Sw->findCaseDest(To);
          C && !DT.dominates(EdgeOf(From), origin(Trace[First])))
        Known[Sw->getCondition()] = C;
  };
  for (unsigned I = 0; I != First; ++I)
    AddFacts(I);

  for (unsigned K = First; K != Trace.size(); ++K) {
    BasicBlock *BB = Trace[K];
    // The copy has one predecessor, so its phis are the trace's values.
    for (PHINode &Phi : BB->phis())
      Known[&Phi] = Resolve(Phi.getIncomingValueForBlock(Trace[K - 1]));
    // A fact is news in the copy unless the original edge that took it
    // dominates BB's original, where the optimizer knows it already.
    SmallVector<Fact, 8> News;
    for (const Fact &Fct : Facts)
      if (!DT.dominates(Fct.Edge, origin(BB)))
        News.push_back(Fct);
    if (evaluateBlock(*BB, Known, News, SQ, S.Values)) {
      // JumpThreading threads a small block whose branch the edge into it
      // decides without us: a constant phi, the predecessor's condition, or
      // a condition known all through the original predecessor (a branch
      // whose edge dominates it), which LazyValueInfo sees on the edge.
      DenseMap<Value *, Value *> Local;
      for (PHINode &Phi : BB->phis())
        if (auto *C =
                dyn_cast<Constant>(Phi.getIncomingValueForBlock(Trace[K - 1])))
          Local[&Phi] = C;
      SmallVector<Fact, 4> Edge;
      if (std::optional<Fact> Fct = branchFact(Trace[K - 1], BB, EdgeOf(K - 1)))
        Edge.push_back(*Fct);
      for (const Fact &Fct : Facts)
        if (DT.dominates(Fct.Edge, origin(Trace[K - 1])))
          Edge.push_back(Fct);
      unsigned Ignored = 0;
      if (countInstructions(*BB) > ThreadingSize ||
          !evaluateBlock(*BB, Local, Edge, SQ, Ignored))
        ++S.Branches;
    }
    // A latch: which loop values does the copy carry around unchanged?
    for (BasicBlock *Succ : successors(BB)) {
      if (!LoopHeaders.count(origin(Succ)))
        continue;
      SmallPtrSet<const Value *, 8> Unchanged;
      for (PHINode &Phi : Succ->phis()) {
        Value *In = Phi.getIncomingValueForBlock(BB);
        if (In != &Phi && Resolve(In) == &Phi)
          Unchanged.insert(&Phi);
      }
      S.Invariants += Unchanged.size();
      if (const Loop *L = LI.getLoopFor(origin(Succ)); L && !Unchanged.empty())
        S.Hoistable += countHoistable(Trace, *L, Unchanged);
    }
    if (K + 1 != Trace.size())
      AddFacts(K);
  }
  return S;
}

unsigned SuperblockFormer::countHoistable(
    ArrayRef<BasicBlock *> Trace, const Loop &L,
    SmallPtrSetImpl<const Value *> &Unchanged) const {
  unsigned Hoistable = 0;
  for (BasicBlock *BB : Trace) {
    if (!L.contains(origin(BB)))
      continue;
    for (Instruction &I : make_range(BB->getFirstNonPHIIt(),
                                     BB->getTerminator()->getIterator())) {
      if (!isSafeToSpeculativelyExecute(&I) || isa<DbgInfoIntrinsic>(I))
        continue;
      bool UsesUnchanged = false, AllInvariant = true;
      for (Value *Op : I.operands()) {
        if (Unchanged.count(Op)) {
          UsesUnchanged = true;
          continue;
        }
        // Hoisting what depends on no loop value is LICM's work anyway.
        if (auto *OpI = dyn_cast<Instruction>(Op);
            OpI && L.contains(origin(OpI->getParent()))) {
          AllInvariant = false;
          break;
        }
      }
      if (AllInvariant && UsesUnchanged) {
        Unchanged.insert(&I);
        ++Hoistable;
      }
    }
  }
  return Hoistable;
}

const char *
SuperblockFormer::whyNotCopyLatch(ArrayRef<BasicBlock *> Trace,
                                  const Specialisation &Whole,
                                  const Specialisation &WithoutLatch) const {
  for (BasicBlock *Succ : successors(Trace.back()))
    if (ConstantTripHeaders.count(origin(Succ)))
      return "copying the loop latch would split a loop with a constant trip "
             "count (and stop its unrolling)";
  unsigned Gain = Whole.total() - WithoutLatch.total();
  if (Gain < LatchMinGain)
    return Whole.Invariants
               ? "copying the loop latch would keep loop values unchanged "
                 "but make too little loop-invariant, foldable or decided"
               : "copying the loop latch would keep no loop value unchanged";
  return nullptr;
}

const Instruction *SuperblockFormer::remarkAnchor(BasicBlock *BB) const {
  const Instruction *I = firstWithLine(*BB);
  return I ? I : BB->getTerminator();
}

void SuperblockFormer::formAlong(TracePath &P) {
  using namespace ore;
  // The trace: the path's blocks up to the first one that starts paths.
  SmallVector<BasicBlock *, 8> Trace(P.Blocks.begin(), P.Blocks.end());
  BasicBlock *StopAt = nullptr;
  const char *StopReason = nullptr;
  const Loop *Home = LI.getLoopFor(origin(Trace[0]));
  for (unsigned I = 1; I != Trace.size(); ++I) {
    if (LoopHeaders.count(origin(Trace[I]))) {
      StopAt = Trace[I];
      StopReason = "it is a loop header";
      Trace.truncate(I);
      break;
    }
    if (!LeaveLoops && Home && !Home->contains(origin(Trace[I]))) {
      StopAt = Trace[I];
      StopReason = "it is outside the loop the path starts in";
      Trace.truncate(I);
      break;
    }
  }

  unsigned First = 0;
  for (unsigned I = 1; I != Trace.size() && !First; ++I)
    if (hasSideEntrance(Trace[I], Trace[I - 1]))
      First = I;
  if (!First) {
    ++NumSingleEntry;
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "SingleEntry",
                                        remarkAnchor(Trace[0]))
             << "path " << NV("Path", describePath(*P.Profiled))
             << " has no side entrance"
             << (StopAt ? " before " + describeBlock(*origin(StopAt)) : "");
    });
    return;
  }

  for (unsigned I = First; I != Trace.size(); ++I)
    if (const char *Why = whyNotDuplicable(Trace[I])) {
      StopAt = Trace[I];
      StopReason = Why;
      Trace.truncate(I);
      break;
    }
  if (Trace.size() == First) {
    ++NumRefusedBlock;
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "NotDuplicable",
                                      remarkAnchor(Trace[0]))
             << "no superblock along path "
             << NV("Path", describePath(*P.Profiled)) << ": block "
             << NV("Block", describeBlock(*origin(StopAt)))
             << " cannot be duplicated: " << NV("Reason", StopReason);
    });
    return;
  }

  Specialisation Spec = specialisation(Trace, First);
  // A copied latch gives the loop a second backedge, which LoopSimplify
  // merges into a new latch block, splitting the loop in two: unless the
  // copy pays for that, the superblock rejoins the original latch, if what
  // it specialises before it is worth it alone.
  if (RequireSpecialisation &&
      any_of(successors(Trace.back()), [&](BasicBlock *Succ) {
        return LoopHeaders.count(origin(Succ));
      })) {
    Specialisation Shorter;
    if (Trace.size() - 1 > First)
      Shorter = specialisation(ArrayRef(Trace).drop_back(), First);
    if (const char *Why = whyNotCopyLatch(Trace, Spec, Shorter)) {
      StopAt = Trace.back();
      StopReason = Why;
      Trace.pop_back();
      Spec = Shorter;
    }
  }
  if (Trace.size() == First) {
    ++NumRefusedModel;
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "NotProfitable",
                                      remarkAnchor(Trace[0]))
             << "no superblock along path "
             << NV("Path", describePath(*P.Profiled)) << ": its only block "
             << "to copy is the loop latch "
             << NV("Block", describeBlock(*origin(StopAt))) << ", and "
             << NV("Reason", StopReason);
    });
    return;
  }
  ArrayRef<BasicBlock *> Tail = ArrayRef(Trace).drop_front(First);
  uint64_t Cost = 0;
  for (BasicBlock *BB : Tail)
    Cost += countInstructions(*BB);
  if (RequireSpecialisation && !Spec.total()) {
    ++NumRefusedModel;
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "NotProfitable",
                                      remarkAnchor(Trace[0]))
             << "no superblock along path "
             << NV("Path", describePath(*P.Profiled)) << ": copying "
             << NV("Instructions", Cost) << " instructions from block "
             << NV("Block", describeBlock(*origin(Trace[First])))
             << " on would specialise nothing (no branch decided, no value "
                "folded, no instruction made loop-invariant)";
    });
    return;
  }
  if (Cost > FunctionBudget || Cost > ModuleBudget.remaining()) {
    ++NumRefusedBudget;
    bool Module = Cost <= FunctionBudget;
    std::string Whose = Module ? "the module's" : getDisplayName(F) + "'s";
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "CodeGrowth",
                                      remarkAnchor(Trace[0]))
             << "no superblock along path "
             << NV("Path", describePath(*P.Profiled)) << ": duplicating "
             << NV("Instructions", Cost) << " instructions would exceed "
             << Whose << " code growth budget ("
             << NV("Remaining",
                   Module ? ModuleBudget.remaining() : FunctionBudget)
             << " more allowed, "
             << (Module ? "-pathprof-superblock-max-module-growth="
                        : "-pathprof-superblock-max-growth=")
             << NV("MaxGrowth",
                   Module ? MaxModuleGrowth.getValue() : MaxGrowth.getValue())
             << ")";
    });
    return;
  }

  duplicateTail(Tail, Trace[First - 1]);
  FunctionBudget -= Cost;
  ModuleBudget.spend(Cost);
  ++NumSuperblocks;
  NumDuplicatedBlocks += Tail.size();
  NumDuplicatedInsts += Cost;
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "SuperblockFormed",
                              remarkAnchor(Trace[0]))
           << "formed superblock of " << NV("Blocks", Trace.size())
           << " blocks along path " << NV("Path", describePath(*P.Profiled))
           << " (" << NV("Share", formatShare(P.Count, Profile.TotalCount))
           << "% of " << NV("Function", getDisplayName(F))
           << "'s flow), duplicated " << NV("Instructions", Cost)
           << " instructions; the copy decides "
           << NV("DecidedBranches", Spec.Branches)
           << plural(Spec.Branches, " branch", " branches") << ", folds "
           << NV("FoldedValues", Spec.Values)
           << plural(Spec.Values, " value", " values") << ", keeps "
           << NV("LoopInvariants", Spec.Invariants)
           << plural(Spec.Invariants, " loop value", " loop values")
           << " unchanged, makes " << NV("Hoistable", Spec.Hoistable)
           << plural(Spec.Hoistable, " instruction", " instructions")
           << " loop-invariant";
  });
  if (StopAt) {
    ++NumTruncated;
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "SuperblockEnds",
                                      remarkAnchor(Trace[0]))
             << "superblock along path "
             << NV("Path", describePath(*P.Profiled)) << " ends before block "
             << NV("Block", describeBlock(*origin(StopAt))) << ": "
             << NV("Reason", StopReason);
    });
  }
}

/// Copies \p Tail (a chain of blocks entered from \p Pred) and sends Pred's
/// edge to the copies. The copies branch to each other along the chain and to
/// the originals' other successors everywhere else.
void SuperblockFormer::duplicateTail(ArrayRef<BasicBlock *> Tail,
                                     BasicBlock *Pred) {
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 8> Copies;
  BasicBlock *InsertBefore = Pred->getNextNode();
  for (BasicBlock *BB : Tail) {
    BasicBlock *Copy = CloneBasicBlock(BB, VMap, ".sb");
    Copy->insertInto(&F, InsertBefore);
    Copies.push_back(Copy);
    Origin[Copy] = origin(BB);
  }
  SmallVector<MDNode *, 2> Scopes;
  identifyNoAliasScopesToClone(Tail, Scopes);
  if (!Scopes.empty())
    cloneAndAdaptNoAliasScopes(Scopes, Copies, F.getContext(), "sb");

  // Operands defined in the tail refer to their copies. Block operands are
  // not in VMap, so branches and phis still name the originals for now.
  const RemapFlags Flags = RF_IgnoreMissingLocals | RF_NoModuleLevelChanges;
  for (BasicBlock *Copy : Copies)
    for (Instruction &I : *Copy) {
      RemapInstruction(&I, VMap, Flags);
      RemapDbgRecordRange(F.getParent(), I.getDbgRecordRange(), VMap, Flags);
    }

  auto Mapped = [&](Value *V) {
    Value *M = VMap.lookup(V);
    return M ? M : V;
  };
  for (unsigned I = 0; I != Tail.size(); ++I) {
    BasicBlock *Copy = Copies[I];
    // A copy has one predecessor: its phis become the value along that edge.
    // The first copy is entered from Pred, outside the tail, where the
    // originals' values are live; the others from the copy before them.
    BasicBlock *From = I == 0 ? Pred : Tail[I - 1];
    auto OrigPhi = Tail[I]->phis().begin();
    for (PHINode &Phi : make_early_inc_range(Copy->phis())) {
      Value *In = OrigPhi->getIncomingValueForBlock(From);
      ++OrigPhi;
      Phi.replaceAllUsesWith(I == 0 ? In : Mapped(In));
      Phi.eraseFromParent();
    }
    // The chain edge goes to the next copy.
    if (I + 1 != Tail.size()) {
      Instruction *Term = Copy->getTerminator();
      for (unsigned S = 0; S != Term->getNumSuccessors(); ++S)
        if (Term->getSuccessor(S) == Tail[I + 1])
          Term->setSuccessor(S, Copies[I + 1]);
    }
    // Exits of the copy: the phis there take the copy's values.
    SmallPtrSet<BasicBlock *, 4> Seen;
    for (BasicBlock *Succ : successors(Copy)) {
      if (!Seen.insert(Succ).second ||
          (I + 1 != Tail.size() && Succ == Copies[I + 1]))
        continue;
      for (PHINode &Phi : Succ->phis())
        for (unsigned In = 0, E = Phi.getNumIncomingValues(); In != E; ++In)
          if (Phi.getIncomingBlock(In) == Tail[I])
            Phi.addIncoming(Mapped(Phi.getIncomingValue(In)), Copy);
    }
  }

  // The trace now enters the copies; the original loses that predecessor.
  Instruction *PredTerm = Pred->getTerminator();
  for (unsigned S = 0; S != PredTerm->getNumSuccessors(); ++S)
    if (PredTerm->getSuccessor(S) == Tail.front())
      PredTerm->setSuccessor(S, Copies.front());
  for (PHINode &Phi : Tail.front()->phis())
    Phi.removeIncomingValueIf(
        [&](unsigned In) { return Phi.getIncomingBlock(In) == Pred; },
        /*DeletePHIIfEmpty=*/false);

  // Values defined in the tail and used beyond their block are now defined
  // twice: join them with phis where the copies' exits meet the originals.
  for (unsigned I = 0; I != Tail.size(); ++I)
    for (Instruction &Inst : *Tail[I]) {
      if (Inst.getType()->isVoidTy())
        continue;
      SmallVector<Use *, 8> Uses;
      for (Use &U : Inst.uses()) {
        auto *User = cast<Instruction>(U.getUser());
        BasicBlock *UseBB = User->getParent();
        if (auto *Phi = dyn_cast<PHINode>(User))
          UseBB = Phi->getIncomingBlock(U);
        if (UseBB != Tail[I] && isReachable(UseBB))
          Uses.push_back(&U);
      }
      Value *Copy = VMap.lookup(&Inst);
      SSAUpdater SSA;
      SSA.Initialize(Inst.getType(), Inst.getName());
      SSA.AddAvailableValue(Tail[I], &Inst);
      SSA.AddAvailableValue(Copies[I], Copy);
      for (Use *U : Uses)
        SSA.RewriteUse(*U);
      SSA.UpdateDebugValues(&Inst);
    }

  // Paths that followed the trace into the tail now run the copies.
  for (TracePath &Q : Paths)
    for (unsigned At = 0; At + 1 < Q.Blocks.size(); ++At) {
      if (Q.Blocks[At] != Pred || Q.Blocks[At + 1] != Tail.front())
        continue;
      for (unsigned I = 0; I != Tail.size() && At + 1 + I < Q.Blocks.size() &&
                           Q.Blocks[At + 1 + I] == Tail[I];
           ++I)
        Q.Blocks[At + 1 + I] = Copies[I];
      break;
    }
  Touched.insert(Tail.begin(), Tail.end());
  Touched.insert(Copies.begin(), Copies.end());
}

/// Splits \p Total over \p Slots in proportion to \p Weights (all to the
/// first slot when they are all zero); the remainder goes to the heaviest.
static void apportion(uint64_t Total, ArrayRef<unsigned> Slots,
                      ArrayRef<uint64_t> Weights,
                      MutableArrayRef<uint64_t> Counts) {
  unsigned __int128 Sum = 0;
  for (unsigned S : Slots)
    Sum += Weights[S];
  if (Sum == 0) {
    Counts[Slots.front()] += Total;
    return;
  }
  uint64_t Given = 0;
  unsigned Heaviest = Slots.front();
  for (unsigned S : Slots) {
    auto Share =
        static_cast<uint64_t>(Total * (unsigned __int128)Weights[S] / Sum);
    Counts[S] += Share;
    Given += Share;
    if (Weights[S] > Weights[Heaviest])
      Heaviest = S;
  }
  Counts[Heaviest] += Total - Given;
}

void SuperblockFormer::setWeights(
    BasicBlock *BB, const DenseMap<BlockEdge, uint64_t> &Edges,
    const DenseMap<BasicBlock *, uint64_t> &BreakOut) {
  Instruction *Term = BB->getTerminator();
  const unsigned NumSuccs = Term->getNumSuccessors();
  if (NumSuccs < 2)
    return;
  BasicBlock *Orig = origin(BB);
  // As the use pass and IR PGO do, parallel edges (switch cases with one
  // destination) carry the whole count on the first of them.
  SmallVector<uint64_t, 4> Counts(NumSuccs, 0);
  SmallVector<unsigned, 4> BreakSlots;
  SmallPtrSet<BasicBlock *, 4> Seen;
  for (unsigned S = 0; S != NumSuccs; ++S) {
    BasicBlock *Succ = Term->getSuccessor(S);
    if (!Seen.insert(Succ).second)
      continue;
    // Lost loop flow (conserveLoopFlow) stays on the original's exit.
    if (DAG.cfgEdge(Orig, origin(Succ)) >= 0)
      Counts[S] = Edges.lookup({BB, Succ}) +
                  (BB == Orig ? Profile.LostLoopFlow.lookup({BB, Succ}) : 0);
    else
      BreakSlots.push_back(S);
  }
  // All breaks out of a block end their paths with one pseudo-edge; when
  // there are several, they are told apart as the decoded profile did.
  if (!BreakSlots.empty()) {
    SmallVector<uint64_t, 4> BreakWeights(NumSuccs, 0);
    for (unsigned S : BreakSlots)
      BreakWeights[S] = Profile.edgeCount(Orig, Term->getSuccessor(S));
    apportion(BreakOut.lookup(BB), BreakSlots, BreakWeights, Counts);
  }

  // As IR PGO: counts scaled to 32 bits together. A branch that no longer
  // runs loses the weights it had before the paths through it moved to the
  // copies.
  uint64_t Max = *max_element(Counts);
  if (Max == 0)
    Term->setMetadata(LLVMContext::MD_prof, nullptr);
  else
    setProfMetadata(F.getParent(), Term, Counts, Max);
}

void SuperblockFormer::setWeights() {
  DenseMap<BlockEdge, uint64_t> Edges;
  DenseMap<BasicBlock *, uint64_t> BreakOut;
  auto Add = [](uint64_t &C, uint64_t N) {
    C = N > std::numeric_limits<uint64_t>::max() - C
            ? std::numeric_limits<uint64_t>::max()
            : C + N;
  };
  for (const TracePath &P : Paths) {
    for (unsigned I = 0; I + 1 < P.Blocks.size(); ++I)
      if (Touched.count(P.Blocks[I]))
        Add(Edges[{P.Blocks[I], P.Blocks[I + 1]}], P.Count);
    if (P.LeavesThroughBreak && Touched.count(P.Blocks.back()))
      Add(BreakOut[P.Blocks.back()], P.Count);
  }
  for (BasicBlock &BB : F)
    if (Touched.count(&BB))
      setWeights(&BB, Edges, BreakOut);
}

bool SuperblockFormer::run() {
  using namespace ore;
  // As the instrumentation: funclet-based EH is never touched.
  if (shouldSkipFunction(F) || F.hasOptNone() || !DAG.isValid() ||
      Profile.TotalCount == 0)
    return false;

  // Hot paths, by decreasing count.
  bool FunctionIsHot =
      PSI && PSI->hasProfileSummary() && PSI->isHotCount(Profile.MaxBlockCount);
  SmallVector<unsigned, 8> Hot;
  for (const BlockPath &P : Profile.Paths) {
    TracePath T;
    T.Blocks = P.Blocks;
    T.Count = P.Count;
    T.LeavesThroughBreak = P.LeavesThroughBackedge;
    T.Profiled = &P;
    bool IsHot =
        P.Blocks.size() > 1 &&
        100.0 * P.Count >= MinPathShare * Profile.TotalCount &&
        (FunctionIsHot || 100.0 * P.Count >= MinProgramShare * ProgramFlow);
    if (IsHot)
      Hot.push_back(Paths.size());
    Paths.push_back(std::move(T));
  }
  if (Hot.empty())
    return false;
  sort(Hot, [&](unsigned A, unsigned B) {
    return Paths[A].Count != Paths[B].Count ? Paths[A].Count > Paths[B].Count
                                            : A < B;
  });

  auto RefuseFunction = [&](const char *Why) {
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "FunctionRefused", &F)
             << "no superblocks in " << NV("Function", getDisplayName(F))
             << ": " << Why;
    });
    return false;
  };
  if (F.hasOptSize())
    return RefuseFunction("it is optimized for size");
  if (F.isPresplitCoroutine())
    return RefuseFunction("it is a coroutine");

  // Paths never enter a setjmp block from another block, and the target of
  // a cut edge is entered along a path only through its other, ordinary
  // edges, which a copy may take; only backedge targets stop a trace.
  for (const PathBreak &B : DAG.pathBreaks())
    if (!B.IsCut && !B.IsSetjmp) {
      LoopHeaders.insert(B.Dst);
      LoopLatches.insert(B.Src);
    }
  uint64_t Size = 0;
  for (BasicBlock &BB : F)
    Size += countInstructions(BB);
  FunctionBudget = Size * MaxGrowth / 100;
  DT.recalculate(F);
  LI.analyze(DT);
  // Before anything changes, while the analyses describe the function.
  if (RequireSpecialisation) {
    ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
    for (const Loop *L : FAM.getResult<LoopAnalysis>(F).getLoopsInPreorder())
      if (SE.getSmallConstantTripCount(L))
        ConstantTripHeaders.insert(L->getHeader());
  }

  for (unsigned I : Hot)
    formAlong(Paths[I]);
  if (Touched.empty())
    return false;
  setWeights();
  return true;
}

bool pathprof::formSuperblocks(Function &F, const BallLarusDAG &DAG,
                               const DecodedPathProfile &Profile,
                               uint64_t ProgramFlow,
                               SuperblockBudget &ModuleBudget,
                               FunctionAnalysisManager &FAM,
                               ProfileSummaryInfo *PSI) {
  return SuperblockFormer(F, DAG, Profile, ProgramFlow, ModuleBudget, FAM, PSI)
      .run();
}

//===----------------------------------------------------------------------===//
// pathprof-superblock: the transformation alone, for opt tests.
//===----------------------------------------------------------------------===//

namespace {
struct NamedPath {
  std::string Function;
  SmallVector<std::string, 8> Blocks;
  uint64_t Count = 0;
};
} // namespace

static Expected<std::vector<NamedPath>> parseTestPaths(StringRef Spec) {
  std::vector<NamedPath> Result;
  SmallVector<StringRef, 8> Items;
  Spec.split(Items, ';', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty())
      continue;
    auto [Func, Rest] = Item.split(':');
    auto [Blocks, CountStr] = Rest.rsplit(':');
    NamedPath P;
    P.Function = Func.trim().str();
    if (P.Function.empty() || Blocks.trim().empty() ||
        CountStr.trim().getAsInteger(10, P.Count))
      return createStringError(inconvertibleErrorCode(),
                               "-pathprof-superblock-paths: '" + Item +
                                   "' is not 'function:block,block,...:count'");
    SmallVector<StringRef, 8> Names;
    Blocks.split(Names, ',');
    for (StringRef N : Names)
      P.Blocks.push_back(N.trim().str());
    Result.push_back(std::move(P));
  }
  return Result;
}

/// The decoded profile that the named paths of \p F stand for, or an error
/// naming what does not fit \p DAG. The paths are encoded into their ids and
/// decoded as the use pass decodes a profile, so the test sees exactly the
/// counts a profile of those paths would give.
static Expected<DecodedPathProfile>
profileFromNames(Function &F, const BallLarusDAG &DAG,
                 ArrayRef<const NamedPath *> Named) {
  DenseMap<StringRef, BasicBlock *> ByName;
  for (BasicBlock &BB : F)
    if (BB.hasName())
      ByName[BB.getName()] = &BB;
  auto Fail = [&](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(),
                             "-pathprof-superblock-paths: " + F.getName() +
                                 ": " + Msg);
  };
  if (!DAG.isValid())
    return Fail("no path numbering: " + DAG.getError());
  CFGDescription Desc = DAG.describe();
  FunctionProfile Profile;
  Profile.Checksum = DAG.checksum();
  Profile.NumPaths = DAG.numPaths();
  for (const NamedPath *N : Named) {
    DecodedPath P;
    for (const std::string &Name : N->Blocks) {
      BasicBlock *BB = ByName.lookup(Name);
      if (!BB || DAG.nodeOf(BB) < 0)
        return Fail("no reachable block '" + Name + "'");
      P.Blocks.push_back(DAG.nodeOf(BB));
    }
    P.StartsAtEntry = P.Blocks.front() == 0;
    P.EndsAtReturn =
        DAG.blocks()[P.Blocks.back()]->getTerminator()->getNumSuccessors() == 0;
    Expected<uint64_t> Id = Desc.encode(P);
    if (!Id)
      return Fail("'" + join(N->Blocks, ",") +
                  "' is not a path: " + toString(Id.takeError()));
    if (!Profile.addCount(*Id, N->Count))
      return Fail("the count of '" + join(N->Blocks, ",") + "' overflows");
  }
  return decodePathProfile(DAG, Profile);
}

/// Test mode: the paths -pathprof-superblock-paths names stand for the
/// profile.
PreservedAnalyses
SuperblockPass::formFromNamedPaths(Module &M, ModuleAnalysisManager &MAM) {
  Expected<std::vector<NamedPath>> Named = parseTestPaths(TestPaths);
  if (!Named) {
    M.getContext().emitError(toString(Named.takeError()));
    return PreservedAnalyses::all();
  }
  uint64_t ProgramFlow = 0;
  for (const NamedPath &P : *Named) {
    const Function *F = M.getFunction(P.Function);
    if (!F || F->isDeclaration()) {
      M.getContext().emitError("-pathprof-superblock-paths: no function '" +
                               P.Function + "' defined in the module");
      return PreservedAnalyses::all();
    }
    ProgramFlow += P.Count;
  }

  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  ProfileSummaryInfo &PSI = MAM.getResult<ProfileSummaryAnalysis>(M);
  SuperblockBudget Budget(M);
  bool Changed = false;
  for (Function &F : M) {
    SmallVector<const NamedPath *, 8> Mine;
    for (const NamedPath &P : *Named)
      if (P.Function == F.getName())
        Mine.push_back(&P);
    if (Mine.empty())
      continue;
    BallLarusDAG DAG(F, MaxPaths);
    Expected<DecodedPathProfile> Profile = profileFromNames(F, DAG, Mine);
    if (!Profile) {
      M.getContext().emitError(toString(Profile.takeError()));
      continue;
    }
    conserveLoopFlow(FAM.getResult<LoopAnalysis>(F), *Profile);
    if (PrintTestProfile) {
      outs() << "PathProf profile for '" << F.getName() << "': checksum 0x"
             << utohexstr(DAG.checksum(), /*LowerCase=*/true) << ", "
             << DAG.numPaths() << " paths\n";
      printDecodedProfile(outs(), DAG, *Profile);
    }
    if (formSuperblocks(F, DAG, *Profile, ProgramFlow, Budget, FAM, &PSI)) {
      Changed = true;
      FAM.invalidate(F, PreservedAnalyses::none());
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

PreservedAnalyses SuperblockPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (!TestPaths.empty())
    return formFromNamedPaths(M, MAM);
  std::shared_ptr<const ProfileForUse> Loaded =
      MAM.getResult<PathProfileAnalysis>(M).Profile;
  if (!Loaded || !Enabled)
    return PreservedAnalyses::all();

  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  ProfileSummaryInfo &PSI = MAM.getResult<ProfileSummaryAnalysis>(M);
  SuperblockBudget Budget(M);
  bool Changed = false;
  std::vector<Function *> Worklist;
  for (Function &F : M)
    if (!shouldSkipFunction(F))
      Worklist.push_back(&F);
  for (Function *F : Worklist) {
    // The CFG the use pass annotated: numbered as the instrumentation did
    // (the use pass split the blocks at setjmp calls already).
    if (splitAtReturnsTwiceCalls(*F))
      FAM.invalidate(*F, PreservedAnalyses::none());
    const BallLarusDAG &DAG = FAM.getResult<BallLarusAnalysis>(*F);
    // Decoded by the use pass already, unless another pass ran between.
    const std::optional<DecodedPathProfile> &D =
        FAM.getResult<DecodedProfileAnalysis>(*F).Decoded;
    if (!D || D->TotalCount == 0)
      continue; // the use pass said why
    if (formSuperblocks(*F, DAG, *D, Loaded->ProgramFlow, Budget, FAM, &PSI)) {
      Changed = true;
      FAM.invalidate(*F, PreservedAnalyses::none());
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
