//===- PathProfInstrumentation.cpp - Ball-Larus path instrumentation ------===//
//
// Instruments functions for path profiling (Ball & Larus 1996). For each
// function:
//
//  1. BallLarusDAG numbers its paths; placeIncrements() puts the increments
//     on the chords of a maximum spanning tree weighted by BlockFrequencyInfo.
//  2. The path register r is an SSA value: a phi in every block whose incoming
//     value along edge P->B is r(P) + Inc(P->B), computed in P. No edge needs
//     splitting for increments, and tree edges carry no code at all.
//  3. A path ends at a return or on a backedge v->w (then r restarts at
//     Inc(ENTRY->w)). Backedges whose source has several successors and whose
//     target has several predecessors are split to hold the path end.
//  4. Path events are markers (RuntimeInterface.h): __pathprof_path_start at
//     the entry and after every path break, __pathprof_path_end with the id
//     at every path end. pathprof-lower (PathProfLowering.cpp) turns them
//     into counter updates; this pass only decides the counter kind (a
//     dense array in the __pathprof_cnts section when NumPaths is at most
//     -pathprof-dense-limit, the runtime hash table otherwise), which the
//     data record says.
//  5. With -pathprof-context, every call site (a call that is not an
//     intrinsic, inline assembly or musttail) gets an index and a marker
//     naming the callee it means to call, so that pathprof-lower can tell the
//     callee which slot of the caller's calling context tree node it is
//     entered from (docs/ContextTree.md). Markers go in once every function
//     of the module has its data record: a direct call names its callee's.
//     With -pathprof-context=calls (the paper's context-only mode) steps 1
//     to 4 are left out: the DAG only gives the function its identity
//     (checksum, number of paths, CFG description), and the markers are the
//     entry's path start and a leave marker wherever the function leaves.
//  6. Without -pathprof-context (value profiles, -pathprof-value-profiles),
//     each indirect call site gets a value block in the counter section and
//     a marker naming the block, its call-site index (the numbering of
//     step 5) and the called operand, which pathprof-lower turns into a
//     call of the runtime, as IR PGO's value profiling does, so that the
//     use side can promote the hot callees (docs/Design.md). The data
//     record then carries the function's address when it may be called
//     indirectly, for the runtime to know its callees. Every memcpy, memmove
//     and memset whose length is not a constant (PathProf/ProfiledMemOps.h)
//     gets a value block after those of the indirect calls, and a marker
//     naming the block, its index and the length, which pathprof-lower
//     turns into a call of the runtime that records the length, as IR PGO's
//     memop size profiling does (-pathprof-memop-sizes).
//  7. Every select of a scalar condition (PathProf/ProfiledSelects.h) gets a
//     counter after the value blocks and a marker naming it and the
//     condition, which pathprof-lower turns into adding the condition to the
//     counter, as IR PGO counts selects, so that the use side can weigh the
//     selects the pre-inliner formed (docs/Design.md).
//  8. A PathProfFunctionData record in __pathprof_data carries the name, CFG
//     checksum, NumPaths, counters and the CFG description (blocks, source
//     lines and DAG edges) so that profiles decode without the binary. The
//     globals of a function the linker may discard or replace (a comdat
//     member, available_externally) go into a comdat group of their own, so
//     that its inlined copies keep their counters (docs/Design.md).
//
// Paths interrupted by an exception unwinding through a call (not an invoke),
// by longjmp or by a function that does not return are not counted; calls
// known not to return end their path before the call.
//
//===----------------------------------------------------------------------===//

#include "PathProf/PathProfInstrumentation.h"
#include "DescriptionSection.h"
#include "PathProf/BallLarus.h"
#include "PathProf/ContextCallSites.h"
#include "PathProf/CounterPromotion.h"
#include "PathProf/FunctionNames.h"
#include "PathProf/IncrementPlacement.h"
#include "PathProf/ProfileFormat.h"
#include "PathProf/ProfiledMemOps.h"
#include "PathProf/ProfiledSelects.h"
#include "RemarkText.h"
#include "RuntimeInterface.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <cstddef>

using namespace llvm;
using namespace pathprof;

#define DEBUG_TYPE "pathprof-instrument"

STATISTIC(NumInstrumented, "Functions instrumented for path profiling");
STATISTIC(NumHashed, "Functions whose paths are counted in the hash table");
STATISTIC(NumNotInstrumented, "Functions that could not be instrumented");
STATISTIC(NumChordIncrements, "Path register increments inserted");
STATISTIC(NumSplitBackedges, "Backedges split to hold a counter update");

static cl::opt<PlacementKind> Placement(
    "pathprof-placement", cl::init(PlacementKind::SpanningTree), cl::Hidden,
    cl::desc("Where path register increments go"),
    cl::values(clEnumValN(PlacementKind::SpanningTree, "spanning-tree",
                          "On the chords of a maximum spanning tree"),
               clEnumValN(PlacementKind::PerEdge, "per-edge",
                          "On every edge with a non-zero Val")));

static cl::opt<uint64_t> DenseLimit(
    "pathprof-dense-limit", cl::init(65536), cl::Hidden,
    cl::desc("Functions with at most this many paths get a dense counter "
             "array; larger ones use the runtime hash table"));

static cl::opt<bool> VerifyPaths(
    "pathprof-verify", cl::init(false), cl::Hidden,
    cl::desc("Also record the executed blocks and have the runtime check "
             "that every counted path id decodes to exactly those blocks"));

static cl::opt<unsigned> Metrics(
    "pathprof-metrics", cl::init(0), cl::Hidden,
    cl::desc("Metric accumulators per path record (0-8; "
             "-fprofile-path-metrics=K): the runtime adds the deltas of the "
             "events PATHPROF_EVENTS names over each path to them"));

namespace {
/// What a calling context tree records (-pathprof-context).
enum class ContextKind { None, Paths, Calls };
} // namespace

static cl::opt<ContextKind> Context(
    "pathprof-context", cl::init(ContextKind::None), cl::Hidden,
    cl::ValueOptional,
    cl::desc("Record calling contexts, in a calling context tree "
             "(-fprofile-path-context[=paths|calls])"),
    cl::values(clEnumValN(ContextKind::Paths, "",
                          "Path counts per context (as =paths)"),
               clEnumValN(ContextKind::Paths, "paths",
                          "Path counts per context"),
               clEnumValN(ContextKind::Calls, "calls",
                          "Entries and calls per context (and with metrics "
                          "inclusive and exclusive costs), no path counts")));

static cl::opt<bool> ValueProfiles(
    "pathprof-value-profiles", cl::init(true), cl::Hidden,
    cl::desc("Without -pathprof-context, record the callees of indirect "
             "calls (value profiles) for indirect-call promotion"));

static cl::opt<bool> MemOpSizes(
    "pathprof-memop-sizes", cl::init(true), cl::Hidden,
    cl::desc("Record the lengths of memcpy, memmove and memset calls whose "
             "length is not a constant, as IR PGO's -pgo-instr-memop does, "
             "so that the use side can specialise them for their common "
             "lengths"));

static cl::opt<bool> SelectProfiles(
    "pathprof-select-profiles", cl::init(true), cl::Hidden,
    cl::desc("Count how often each select chooses its true value, as IR "
             "PGO's -pgo-instr-select does, so that the use side can weigh "
             "it"));

namespace {
/// Where the names and CFG descriptions go (-pathprof-correlate).
enum class CorrelateKind { None, Binary };
} // namespace

static cl::opt<CorrelateKind> Correlate(
    "pathprof-correlate", cl::init(CorrelateKind::None), cl::Hidden,
    cl::desc("Where the names and CFG descriptions of the functions go "
             "(-fprofile-path-correlate=binary)"),
    cl::values(clEnumValN(CorrelateKind::None, "none",
                          "Into the raw profile (the default)"),
               clEnumValN(CorrelateKind::Binary, "binary",
                          "Into a section of the binary the loader does not "
                          "map; the raw profile keeps the counts and the "
                          "build id, and llvm-pathprof reads the rest from "
                          "the binary (--binary)")));

static cl::opt<std::string> ProfileDir(
    "pathprof-profile-dir", cl::init(""), cl::Hidden,
    cl::desc("Default directory of the raw profile (as with "
             "-fprofile-path-generate=DIR); PATHPROF_FILE overrides it"));

/// A global of the profile's own: laid out as the runtime expects, with no
/// redzones around it when the program is built with AddressSanitizer
/// (which pads every global it instruments, and instruments those in a
/// section named by "bss-section", not by a section of their own).
static GlobalVariable *profileGlobal(GlobalVariable *GV) {
  GlobalValue::SanitizerMetadata MD;
  MD.NoAddress = true;
  MD.NoHWAddress = true;
  GV->setSanitizerMetadata(MD);
  return GV;
}

namespace {

class FunctionInstrumenter {
public:
  FunctionInstrumenter(Function &F, const BallLarusDAG &DAG,
                       const IncrementPlacement &Incs, RuntimeInterface &RT)
      : F(F), DAG(DAG), Incs(Incs), RT(RT) {}

  /// Emits the data record and instruments the body.
  void run();
  /// The same for a function that counts no paths (-pathprof-context=calls).
  void runCalls();
  bool isHashed() const {
    return Context != ContextKind::Calls && DAG.numPaths() > DenseLimit;
  }
  /// Metric accumulators per path record (a hashed function's are in the
  /// runtime's metric hash table).
  unsigned numMetrics() const {
    return std::min<unsigned>(Metrics, PATHPROF_MAX_METRICS);
  }
  GlobalVariable *data() const { return Data; }
  /// The call sites, by index, with -pathprof-context.
  ArrayRef<CallBase *> callSites() const { return CallSites; }
  /// The value blocks: one per indirect call site, then one per memory
  /// operation.
  size_t numValueBlocks() const { return ValueSites.size() + MemOps.size(); }

private:
  void emitGlobals();
  Value *pathRegister(unsigned Node) const;
  Value *edgeValue(BasicBlock *Pred, unsigned Edge);
  void emitPathEnd(IRBuilder<> &B, Value *PathId);
  BasicBlock::iterator blockStart(unsigned Node);

  Function &F;
  const BallLarusDAG &DAG;
  const IncrementPlacement &Incs;
  RuntimeInterface &RT;

  GlobalVariable *Data = nullptr;
  GlobalVariable *Counters = nullptr;
  Value *Frame = nullptr;
  std::vector<Value *> R;
  std::vector<Instruction *> VerifyBlockCalls;
  DenseMap<std::pair<BasicBlock *, unsigned>, Value *> EdgeValues;
  std::vector<CallBase *> CallSites;
  /// Without contexts: the indirect call sites and their indices.
  std::vector<std::pair<uint64_t, CallBase *>> ValueSites;
  /// The memory operations whose lengths are recorded
  /// (PathProf/ProfiledMemOps.h).
  std::vector<MemIntrinsic *> MemOps;
  /// The selects whose outcomes are counted (PathProf/ProfiledSelects.h).
  std::vector<SelectInst *> Selects;
  /// The value blocks of ValueSites and MemOps, then one counter per
  /// select.
  GlobalVariable *Values = nullptr;
};

} // namespace

/// Where \p CB is in the source: the outermost location of its inlined-at
/// chain, the line of this function's own code that it came from.
static CFGCallSite callSiteLocation(const CallBase &CB) {
  CFGCallSite S;
  const DILocation *Loc = CB.getDebugLoc().get();
  if (!Loc)
    return S;
  while (const DILocation *At = Loc->getInlinedAt())
    Loc = At;
  if (Loc->getLine() == 0)
    return S;
  S.File = Loc->getFilename().str();
  S.Line = Loc->getLine();
  S.Column = Loc->getColumn();
  return S;
}

/// The suffix that names the globals of a function with a group of its own:
/// the same for every compile of the same CFG, numbering and counter kind,
/// and different otherwise, so that only layout-compatible copies merge.
static std::string layoutSuffix(const BallLarusDAG &DAG, uint64_t Flags) {
  uint8_t Bytes[24];
  support::endian::write64le(Bytes, DAG.checksum());
  support::endian::write64le(Bytes + 8, DAG.numPaths());
  support::endian::write64le(Bytes + 16, Flags);
  return "." + utohexstr(xxh3_64bits(Bytes), /*LowerCase=*/true, 16);
}

void FunctionInstrumenter::emitGlobals() {
  Module &M = *F.getParent();
  LLVMContext &Ctx = M.getContext();
  std::string Name = getPathProfFuncName(F);
  std::string Blob;
  CFGDescription Desc = DAG.describe();
  if (Context != ContextKind::None) {
    Desc.CallSites.emplace();
    for (const CallBase *CB : CallSites)
      Desc.CallSites->push_back(callSiteLocation(*CB));
  }
  Desc.serialize(Blob);

  // A function whose body the linker (or LTO) may discard or replace by
  // another object's copy (a comdat member, or available_externally) is
  // inlined into code that outlives that body. Its counters and data record
  // then go into a comdat group of their own, keyed by the data record's
  // name, as linkonce_odr hidden symbols: every object that instruments the
  // same layout emits the same group, the linker keeps one, and code outside
  // the group (the body, inlined copies) only names global symbols, which
  // the kept group defines. The name carries a layout hash, so copies
  // compiled from different CFGs never share (and overrun) one counter array.
  // Every member is global, not only the counters and the record that code
  // names (__pathprof_hash_inc, __pathprof_verify_enter): ThinLTO turns the
  // global members of a group that does not prevail into declarations but
  // keeps its local ones, which would leave a second record of the function
  // pointing at the kept counters. Hidden: each executable and shared library
  // keeps its own copy, found by its own runtime through its own section
  // bounds. Everything else keeps private globals, in the function's comdat
  // if it has one.
  const bool OwnGroup = !F.hasLocalLinkage() &&
                        (F.hasComdat() || F.hasAvailableExternallyLinkage());
  // Everything the code relies on: counter kind, record words, and with
  // contexts the number of call sites, the slots of the function's nodes.
  uint64_t Flags = (isHashed() ? PATHPROF_FUNC_HASHED : 0) |
                   uint64_t(numMetrics()) << PATHPROF_FUNC_METRICS_SHIFT;
  // Metrics are sampled, into metric blocks (PathProfMetrics.c).
  if (numMetrics())
    Flags |= PATHPROF_FUNC_SAMPLED;
  if (Context != ContextKind::None)
    Flags |= PATHPROF_FUNC_CONTEXT | uint64_t(CallSites.size())
                                         << PATHPROF_FUNC_CALL_SITES_SHIFT;
  if (Context == ContextKind::Calls)
    Flags |= PATHPROF_FUNC_CALLS;
  // A path table of counts, then metric groups (PATHPROF_FUNC_SPLIT): the
  // groups' pages are touched only by measured paths.
  if (numMetrics() && !isHashed() && Context != ContextKind::Calls)
    Flags |= PATHPROF_FUNC_SPLIT;
  std::string Suffix = OwnGroup ? layoutSuffix(DAG, Flags) : "";
  Comdat *Group = OwnGroup
                      ? M.getOrInsertComdat(
                            ("__pathprof_data_" + F.getName() + Suffix).str())
                      : F.getComdat();
  auto MakeGlobal = [&](Type *Ty, Constant *Init, StringRef Prefix,
                        bool IsConstant) {
    auto *GV = profileGlobal(
        new GlobalVariable(M, Ty, IsConstant,
                           OwnGroup ? GlobalValue::LinkOnceODRLinkage
                                    : GlobalValue::PrivateLinkage,
                           Init, Prefix + F.getName() + Suffix));
    if (OwnGroup)
      GV->setVisibility(GlobalValue::HiddenVisibility);
    GV->setComdat(Group);
    return GV;
  };
  // The name and CFG description: constants the runtime copies into the
  // raw profile, or, correlated, an entry of the section it never maps.
  const uint64_t NameRef = MD5Hash(Name);
  Constant *NameGV = ConstantPointerNull::get(RT.Ptr);
  Constant *BlobGV = ConstantPointerNull::get(RT.Ptr);
  if (Correlate == CorrelateKind::Binary) {
    M.appendModuleInlineAsm(descriptionEntryAsm(
        Group ? Group->getName() : "", NameRef, DAG.checksum(), Name, Blob));
  } else {
    Constant *NameInit = ConstantDataArray::getString(Ctx, Name, false);
    NameGV =
        MakeGlobal(NameInit->getType(), NameInit, "__pathprof_name_", true);
    Constant *BlobInit = ConstantDataArray::get(
        Ctx, ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Blob.data()),
                               Blob.size()));
    BlobGV = MakeGlobal(BlobInit->getType(), BlobInit, "__pathprof_cfg_", true);
  }

  if (numValueBlocks() != 0 || !Selects.empty()) {
    auto *Ty = ArrayType::get(
        RT.I64, numValueBlocks() * PATHPROF_VALUE_BLOCK_WORDS + Selects.size());
    Values =
        MakeGlobal(Ty, Constant::getNullValue(Ty), "__pathprof_vals_", false);
    Values->addAttribute("bss-section", PATHPROF_CNTS_SECTION);
    Values->setAlignment(Align(8));
  }
  Constant *CountersPtr = ConstantPointerNull::get(RT.Ptr);
  if (!isHashed()) {
    // One record per path: {count, metric block}; or, for a function that
    // counts no paths, one calls record.
    auto *Ty = ArrayType::get(
        RT.I64, pathprofFunctionCounterWords(Flags, DAG.numPaths()));
    Counters =
        MakeGlobal(Ty, Constant::getNullValue(Ty), "__pathprof_cnts_", false);
    // A section of zeros that takes no room in the file (SHT_NOBITS): the
    // "bss-section" attribute names the section of a zero-initialized global
    // the way #pragma clang section bss does, where an explicit section would
    // make it SHT_PROGBITS, megabytes of zeros in the binary that the runtime
    // would then read.
    Counters->addAttribute("bss-section", PATHPROF_CNTS_SECTION);
    Counters->setAlignment(Align(8));
    CountersPtr = Counters;
  }
  auto C64 = [&](uint64_t V) { return ConstantInt::get(RT.I64, V); };
  Constant *Fields[DataField::NumFields];
  Fields[DataField::Name] = NameGV;
  Fields[DataField::NameSize] = C64(Name.size());
  Fields[DataField::CFG] = BlobGV;
  Fields[DataField::CFGSize] = C64(Blob.size());
  Fields[DataField::Checksum] = C64(DAG.checksum());
  Fields[DataField::NumPaths] = C64(DAG.numPaths());
  Fields[DataField::Counters] = CountersPtr;
  Fields[DataField::Flags] = C64(Flags);
  // Only a function that can be called indirectly is a callee of a value
  // profile; naming any other discardable function would keep its body
  // alive.
  const bool MayBeCalledIndirectly =
      !F.isDiscardableIfUnused() || F.hasAddressTaken();
  Fields[DataField::Function] =
      MayBeCalledIndirectly && ValueProfiles && Context == ContextKind::None
          ? static_cast<Constant *>(&F)
          : ConstantPointerNull::get(RT.Ptr);
  Fields[DataField::Values] = Values ? static_cast<Constant *>(Values)
                                     : ConstantPointerNull::get(RT.Ptr);
  Fields[DataField::NumValueSites] = C64(numValueBlocks());
  Fields[DataField::NumSelects] = C64(Selects.size());
  Fields[DataField::NameRef] = C64(NameRef);
  Constant *Init = ConstantStruct::get(RT.DataTy, Fields);
  Data = MakeGlobal(RT.DataTy, Init, "__pathprof_data_", false);
  Data->setSection(PATHPROF_DATA_SECTION);
  Data->setAlignment(Align(8));
  appendToUsed(M, {Data});
  // An already instrumented body (imported by ThinLTO into a module that is
  // instrumented in its backend) must not be instrumented again.
  F.addFnAttr(InstrumentedAttr);
}

Value *FunctionInstrumenter::pathRegister(unsigned Node) const {
  if (Node == 0)
    return ConstantInt::get(RT.I64, 0);
  return R[Node];
}

/// \p Reg + \p Inc, without an instruction when \p Inc is zero.
static Value *addConstant(IRBuilder<> &B, Value *Reg, uint64_t Inc,
                          const Twine &Name = "pathprof.id") {
  if (Inc == 0)
    return Reg;
  return B.CreateAdd(Reg, B.getInt64(Inc), Name);
}

/// r along DAG edge \p Edge out of \p Pred, computed at the end of Pred.
Value *FunctionInstrumenter::edgeValue(BasicBlock *Pred, unsigned Edge) {
  auto Key = std::make_pair(Pred, Edge);
  if (Value *V = EdgeValues.lookup(Key))
    return V;
  IRBuilder<> B(Pred->getTerminator());
  Value *V = addConstant(B, pathRegister(DAG.edges()[Edge].Src), Incs.Inc[Edge],
                         "pathprof.r.next");
  NumChordIncrements +=
      !isa<Constant>(V) && V != pathRegister(DAG.edges()[Edge].Src);
  EdgeValues[Key] = V;
  return V;
}

/// Ends path \p PathId: the verification hook, then the path end marker.
void FunctionInstrumenter::emitPathEnd(IRBuilder<> &B, Value *PathId) {
  if (Frame)
    B.CreateCall(RT.verifyPath(), {Frame, PathId});
  B.CreateCall(RT.pathEnd(), {Data, PathId});
}

/// Where code at the top of block \p Node goes: before its verification
/// hook, so that a path ending there is counted before the next one starts.
BasicBlock::iterator FunctionInstrumenter::blockStart(unsigned Node) {
  if (Frame && VerifyBlockCalls[Node])
    return VerifyBlockCalls[Node]->getIterator();
  return DAG.blocks()[Node]->getFirstInsertionPt();
}

/// Where the function leaves: before every return and resume, and before a
/// call that does not return at the end of a block that ends in
/// unreachable, as a path ends there in run().
static SmallVector<Instruction *, 8> leavePoints(Function &F) {
  SmallVector<Instruction *, 8> Points;
  for (BasicBlock &BB : F) {
    Instruction *Exit = BB.getTerminator();
    if (isa<ReturnInst>(Exit) || isa<ResumeInst>(Exit)) {
      if (CallInst *MustTail = BB.getTerminatingMustTailCall())
        Exit = MustTail;
      Points.push_back(Exit);
      continue;
    }
    if (!isa<UnreachableInst>(Exit))
      continue;
    for (Instruction *I = Exit->getPrevNode(); I; I = I->getPrevNode())
      if (auto *CB = dyn_cast<CallBase>(I); CB && CB->doesNotReturn()) {
        Points.push_back(CB);
        break;
      }
  }
  return Points;
}

void FunctionInstrumenter::runCalls() {
  CallSites = contextCallSites(F);
  emitGlobals();
  IRBuilder<> Entry(&*DAG.blocks()[0]->getFirstInsertionPt());
  Entry.CreateCall(RT.pathStart(), {Data});
  for (Instruction *At : leavePoints(F)) {
    IRBuilder<> B(At);
    B.CreateCall(RT.leave(), {Data});
  }
}

void FunctionInstrumenter::run() {
  ArrayRef<BasicBlock *> Blocks = DAG.blocks();
  const unsigned NumBlocks = Blocks.size();
  // Before the pass adds calls of its own.
  if (Context != ContextKind::None) {
    CallSites = contextCallSites(F);
  } else if (ValueProfiles) {
    std::vector<CallBase *> Calls = contextCallSites(F);
    for (size_t I = 0; I != Calls.size(); ++I)
      if (Calls[I]->isIndirectCall())
        ValueSites.emplace_back(I, Calls[I]);
  }
  if (MemOpSizes)
    MemOps = profiledMemOps(F);
  if (SelectProfiles)
    Selects = profiledSelects(F);
  emitGlobals();
  for (size_t I = 0; I != ValueSites.size(); ++I) {
    auto [Index, CB] = ValueSites[I];
    IRBuilder<> B(CB);
    Value *Block = B.CreateConstInBoundsGEP1_64(
        RT.I64, Values, I * PATHPROF_VALUE_BLOCK_WORDS, "pathprof.vblock");
    B.CreateCall(RT.valueSite(),
                 {Block, B.getInt64(Index), CB->getCalledOperand()});
  }
  for (size_t I = 0; I != MemOps.size(); ++I) {
    IRBuilder<> B(MemOps[I]);
    Value *Block = B.CreateConstInBoundsGEP1_64(
        RT.I64, Values, (ValueSites.size() + I) * PATHPROF_VALUE_BLOCK_WORDS,
        "pathprof.vblock");
    Value *Length =
        B.CreateZExtOrTrunc(MemOps[I]->getLength(), RT.I64, "pathprof.len");
    B.CreateCall(RT.sizeSite(), {Block, B.getInt64(I), Length});
  }
  for (size_t I = 0; I != Selects.size(); ++I) {
    IRBuilder<> B(Selects[I]);
    Value *Counter = B.CreateConstInBoundsGEP1_64(
        RT.I64, Values, numValueBlocks() * PATHPROF_VALUE_BLOCK_WORDS + I,
        "pathprof.select");
    B.CreateCall(RT.select(), {Counter, Selects[I]->getCondition()});
  }

  IRBuilder<> Entry(&*Blocks[0]->getFirstInsertionPt());
  CallInst *EntryStart = Entry.CreateCall(RT.pathStart(), {Data});
  if (VerifyPaths) {
    Frame = Entry.CreateCall(RT.verifyEnter(), {Data}, "pathprof.frame");
    VerifyBlockCalls.assign(NumBlocks, nullptr);
    for (unsigned N = 0; N != NumBlocks; ++N) {
      Instruction *Setjmp = beginsWithReturnsTwiceCall(*Blocks[N])
                                ? Blocks[N]->getFirstNonPHIOrDbg()
                                : nullptr;
      IRBuilder<> B(N == 0 ? &*Entry.GetInsertPoint()
                           : &*Blocks[N]->getFirstInsertionPt());
      VerifyBlockCalls[N] =
          B.CreateCall(RT.verifyBlock(), {Frame, B.getInt32(N)});
      // A second return from setjmp resumes here with a fresh path.
      if (Setjmp) {
        B.SetInsertPoint(Setjmp->getNextNode());
        B.CreateCall(RT.verifyResume(), {Frame, B.getInt32(N)});
      }
    }
  }

  // Decide where each path break counts its path, splitting edges where
  // neither end can hold the code. Phi predecessors along a break restart
  // the register.
  struct BreakSite {
    Instruction *InsertBefore;
    unsigned SrcNode;
    unsigned ExitEdge;
  };
  std::vector<BreakSite> Sites;
  DenseMap<std::pair<BasicBlock *, BasicBlock *>, uint64_t> Restarts;
  for (const PathBreak &Br : DAG.pathBreaks()) {
    unsigned SrcNode = DAG.nodeOf(Br.Src), DstNode = DAG.nodeOf(Br.Dst);
    BasicBlock *PhiPred = Br.Src;
    Instruction *Site;
    if (Br.Src->getTerminator()->getNumSuccessors() == 1 ||
        Br.Src->getUniqueSuccessor() == Br.Dst) {
      Site = Br.Src->getTerminator();
    } else if (Br.Dst->getUniquePredecessor() == Br.Src) {
      Site = &*blockStart(DstNode);
    } else {
      unsigned SuccNum = 0;
      while (Br.Src->getTerminator()->getSuccessor(SuccNum) != Br.Dst)
        ++SuccNum;
      BasicBlock *Split = SplitCriticalEdge(
          Br.Src->getTerminator(), SuccNum,
          CriticalEdgeSplittingOptions().setMergeIdenticalEdges());
      if (!Split)
        report_fatal_error("PathProf: cannot split a checked backedge");
      ++NumSplitBackedges;
      Site = Split->getTerminator();
      PhiPred = Split;
    }
    Sites.push_back({Site, SrcNode, Br.ExitEdge});
    Restarts[{PhiPred, Br.Dst}] = Incs.Inc[Br.EntryEdge];
  }

  // One phi per block for the path register, filled once all exist.
  R.assign(NumBlocks, nullptr);
  std::vector<PHINode *> Phis(NumBlocks, nullptr);
  for (unsigned N = 1; N != NumBlocks; ++N)
    R[N] = Phis[N] = PHINode::Create(RT.I64, pred_size(Blocks[N]), "pathprof.r",
                                     Blocks[N]->begin());
  for (unsigned N = 1; N != NumBlocks; ++N) {
    for (BasicBlock *Pred : predecessors(Blocks[N])) {
      Value *In;
      auto Restart = Restarts.find({Pred, Blocks[N]});
      int Edge = DAG.cfgEdge(Pred, Blocks[N]);
      if (Restart != Restarts.end())
        In = ConstantInt::get(RT.I64, Restart->second);
      else if (Edge >= 0)
        In = edgeValue(Pred, Edge);
      else // An unreachable predecessor never supplies a value.
        In = PoisonValue::get(RT.I64);
      Phis[N]->addIncoming(In, Pred);
    }
  }
  // A register that is the same constant on every incoming edge (after a
  // backedge or a setjmp) is that constant: nothing has to survive a
  // longjmp, and -O0 code carries no useless phis.
  for (unsigned N = 1; N != NumBlocks; ++N)
    if (auto *C = dyn_cast_or_null<Constant>(Phis[N]->hasConstantValue())) {
      Phis[N]->replaceAllUsesWith(C);
      Phis[N]->eraseFromParent();
      R[N] = C;
    }

  for (const BreakSite &S : Sites) {
    IRBuilder<> B(S.InsertBefore);
    emitPathEnd(B,
                addConstant(B, pathRegister(S.SrcNode), Incs.Inc[S.ExitEdge]));
    B.CreateCall(RT.pathStart(), {Data});
  }

  // Returns, resumes and unreachables end the path; a call that does not
  // return ends it before the call. A return block has no branch left, so
  // its path is known on entry and is counted there: the path register and
  // the counters' bias need not survive the block's calls, and a call just
  // before the return stays a tail call.
  for (unsigned N = 0; N != NumBlocks; ++N) {
    int Edge = DAG.returnEdge(N);
    if (Edge < 0)
      continue;
    Instruction *Exit = Blocks[N]->getTerminator();
    Instruction *Site = Exit;
    if (isa<UnreachableInst>(Site))
      for (Instruction *I = Site->getPrevNode(); I; I = I->getPrevNode())
        if (auto *CB = dyn_cast<CallBase>(I); CB && CB->doesNotReturn()) {
          Site = CB;
          break;
        }
    if (isa<ReturnInst>(Exit) && !beginsWithReturnsTwiceCall(*Blocks[N]))
      Site = Frame    ? VerifyBlockCalls[N]->getNextNode()
             : N == 0 ? EntryStart->getNextNode() // after the path starts
                      : &*Blocks[N]->getFirstInsertionPt();
    IRBuilder<> B(Site);
    emitPathEnd(B, addConstant(B, pathRegister(N), Incs.Inc[Edge]));
    if (Frame) {
      B.SetInsertPoint(Exit);
      B.CreateCall(RT.verifyLeave(), {Frame});
    }
  }
}

/// Why \p DAG cannot be instrumented, or an empty string.
static std::string whyNotInstrumentable(const BallLarusDAG &DAG) {
  if (!DAG.isValid())
    return DAG.getError();
  for (const BasicBlock *BB : DAG.blocks())
    if (const auto *II = dyn_cast<InvokeInst>(BB->getTerminator());
        II && II->hasFnAttr(Attribute::ReturnsTwice))
      return "it invokes a function that returns twice";
  for (const PathBreak &Br : DAG.pathBreaks()) {
    if (Br.Dst->isEHPad())
      return "a backedge enters the exception handler block '" +
             DAG.nodeName(DAG.nodeOf(Br.Dst)) + "'";
    const Instruction *T = Br.Src->getTerminator();
    if ((isa<IndirectBrInst>(T) || isa<CallBrInst>(T)) &&
        Br.Src->getUniqueSuccessor() != Br.Dst)
      return "a backedge leaves the indirectbr/callbr block '" +
             DAG.nodeName(DAG.nodeOf(Br.Src)) + "'";
  }
  return "";
}

PreservedAnalyses PathProfInstrumentPass::run(Module &M,
                                              ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // The pass emits __pathprof_data_version into every module it changes: a
  // module that has it was instrumented already (opt run twice on its own
  // output, or a ThinLTO backend with the plugin loaded), and instrumenting
  // it again would count every path twice.
  if (M.getNamedGlobal("__pathprof_data_version"))
    return PreservedAnalyses::all();
  RuntimeInterface RT(M);
  bool Changed = false;
  if (Correlate == CorrelateKind::Binary &&
      !Triple(M.getTargetTriple()).isOSBinFormatELF()) {
    M.getContext().emitError(
        "-pathprof-correlate=binary needs an ELF target; " +
        M.getTargetTriple() + " is not one");
    return PreservedAnalyses::all();
  }
  if (Correlate == CorrelateKind::Binary && VerifyPaths) {
    // The verifier decodes path ids with the CFG descriptions in memory.
    M.getContext().emitError("-pathprof-verify needs the CFG descriptions in "
                             "the program; it cannot be used with "
                             "-pathprof-correlate=binary");
    return PreservedAnalyses::all();
  }
  if (Metrics > PATHPROF_MAX_METRICS)
    M.getContext().emitError("-pathprof-metrics=" + Twine(Metrics) +
                             ": a path record holds at most " +
                             Twine(PATHPROF_MAX_METRICS) + " metrics");

  std::vector<Function *> Worklist;
  for (Function &F : M)
    if (!shouldSkipFunction(F) && !F.hasFnAttribute(InstrumentedAttr))
      Worklist.push_back(&F);
  // With contexts: each function's data record, and its call sites.
  DenseMap<const Function *, GlobalVariable *> DataOf;
  std::vector<std::pair<GlobalVariable *, std::vector<CallBase *>>> Sites;

  for (Function *F : Worklist) {
    if (splitAtReturnsTwiceCalls(*F))
      FAM.invalidate(*F, PreservedAnalyses::none());
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F);
    BallLarusDAG DAG(*F, MaxPaths);
    if (std::string Why = whyNotInstrumentable(DAG); !Why.empty()) {
      ++NumNotInstrumented;
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "NotInstrumented", F)
               << ore::NV("Function", getDisplayName(*F))
               << " not instrumented for path profiling: " << Why;
      });
      continue;
    }
    // A function that counts no paths places no increments.
    IncrementPlacement Incs;
    if (Context != ContextKind::Calls)
      Incs = placeIncrements(DAG, Placement,
                             &FAM.getResult<BlockFrequencyAnalysis>(*F),
                             &FAM.getResult<BranchProbabilityAnalysis>(*F));
    // The name goes into the data record; keep it with the function too.
    recordPathProfFuncName(*F);
    FunctionInstrumenter FI(*F, DAG, Incs, RT);
    if (Context == ContextKind::Calls)
      FI.runCalls();
    else
      FI.run();
    if (Context != ContextKind::None) {
      DataOf[F] = FI.data();
      Sites.emplace_back(FI.data(), FI.callSites().vec());
      // The body now reads and writes the context words: whatever its
      // declaration said about memory no longer holds.
      F->removeFnAttr(Attribute::Memory);
    }
    FAM.invalidate(*F, PreservedAnalyses::none());
    Changed = true;
    ++NumInstrumented;
    NumHashed += FI.isHashed();
    if (Context == ContextKind::Calls) {
      ORE.emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "Instrumented", F)
               << "instrumented " << ore::NV("Function", getDisplayName(*F))
               << " for calling contexts: "
               << ore::NV("CallSites", uint64_t(FI.callSites().size()))
               << plural(FI.callSites().size(), " call site", " call sites")
               << ", no path counters";
      });
      continue;
    }
    ORE.emit([&] {
      OptimizationRemark R(DEBUG_TYPE, "Instrumented", F);
      R << "instrumented " << ore::NV("Function", getDisplayName(*F))
        << " for path profiling: " << ore::NV("NumPaths", DAG.numPaths())
        << plural(DAG.numPaths(), " path", " paths") << ", "
        << ore::NV("Chords", Incs.NumChords)
        << plural(Incs.NumChords, " chord increment", " chord increments")
        << ", " << ore::NV("Backedges", DAG.numBackedges())
        << plural(DAG.numBackedges(), " backedge", " backedges") << ", "
        << (FI.isHashed() ? "hashed" : "dense") << " counters";
      if (DAG.numCutEdges())
        R << "; " << ore::NV("CutEdges", DAG.numCutEdges())
          << plural(DAG.numCutEdges(), " edge", " edges")
          << " cut to keep the number of paths within "
          << ore::NV("MaxPaths", MaxPaths);
      return R;
    });
  }
  if (!Changed)
    return PreservedAnalyses::all();

  // A call site says which callee it means: the callee's data record when
  // it is instrumented here (so local functions need not have their address
  // taken), the called operand otherwise.
  for (auto &[Data, Calls] : Sites) {
    for (size_t I = 0; I != Calls.size(); ++I) {
      CallBase *CB = Calls[I];
      Value *Callee = CB->getCalledOperand();
      if (GlobalVariable *D = DataOf.lookup(CB->getCalledFunction())) {
        Callee = D;
        // The callee reads the words stored before the call: a memory
        // attribute of the call must not let them be dropped.
        CB->removeFnAttr(Attribute::Memory);
      }
      IRBuilder<> B(CB);
      B.CreateCall(RT.callSite(), {Data, B.getInt64(I), Callee});
    }
  }

  // The constructor maps the profile before main; it also pulls the runtime
  // out of libpathprof_rt.a, so linking the archive is all a user does.
  LLVMContext &Ctx = M.getContext();
  Function *Ctor =
      Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                       GlobalValue::InternalLinkage, "pathprof.module_ctor", M);
  // Other profilers (-fprofile-generate in the same build) leave it alone.
  Ctor->addFnAttr(Attribute::NoProfile);
  Ctor->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(Ctx, "", Ctor));
  B.CreateCall(RT.fn("__pathprof_init", Type::getVoidTy(Ctx), {}));
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, 0);

  // What built this module, for the raw profile's Producer field, and the
  // layout of its function records, which the runtime checks before use.
  // linkonce_odr: every object file of a module emits the same pair.
  auto EmitConstant = [&](StringRef Name, Constant *Init) {
    if (M.getNamedGlobal(Name))
      return;
    auto *GV = profileGlobal(new GlobalVariable(
        M, Init->getType(), true, GlobalValue::LinkOnceODRLinkage, Init, Name));
    GV->setVisibility(GlobalValue::HiddenVisibility);
    appendToCompilerUsed(M, {GV});
  };
  EmitConstant("__pathprof_producer",
               ConstantDataArray::getString(Ctx,
                                            "PathProf " PATHPROF_VERSION_STRING
                                            " (LLVM " LLVM_VERSION_STRING ")"));
  EmitConstant("__pathprof_data_version",
               ConstantInt::get(Type::getInt64Ty(Ctx), PATHPROF_DATA_VERSION));

  if (!ProfileDir.empty() && !M.getNamedGlobal("__pathprof_profile_filename")) {
    Constant *Name = ConstantDataArray::getString(
        Ctx, ProfileDir + "/default_%m.pathraw", true);
    auto *GV = profileGlobal(new GlobalVariable(
        M, Name->getType(), true, GlobalValue::LinkOnceODRLinkage, Name,
        "__pathprof_profile_filename"));
    GV->setVisibility(GlobalValue::HiddenVisibility);
    // Only the runtime reads it, so keep later passes from dropping it.
    appendToCompilerUsed(M, {GV});
  }
  return PreservedAnalyses::none();
}
