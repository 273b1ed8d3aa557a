//===- PathDecode.cpp - Path profile onto the current IR ------------------===//
//
// Decodes path ids on the Ball-Larus DAG of the current IR and derives edge,
// block and entry counts from the decoded paths. See PathProf/PathDecode.h
// for how path breaks, whose pseudo-edges are shared, get their counts.
//
//===----------------------------------------------------------------------===//

#include "PathProf/PathDecode.h"
#include "PathProf/BallLarus.h"
#include "PathProf/CFGDescription.h"
#include "PathProf/Profile.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/CFG.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace pathprof;

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

namespace {

/// Decodes path ids with the one decoder, CFGDescription::decode, on the
/// description of the DAG (whose node N is DAG node N), in blocks of the IR.
class PathDecoder {
public:
  explicit PathDecoder(const BallLarusDAG &DAG)
      : DAG(DAG), Desc(DAG.describe()) {}

  Expected<BlockPath> decode(uint64_t Id) const {
    Expected<DecodedPath> D = Desc.decode(Id);
    if (!D)
      return D.takeError();
    BlockPath P;
    P.Id = Id;
    P.EntersThroughBackedge = !D->StartsAtEntry;
    P.LeavesThroughBackedge = !D->EndsAtReturn;
    for (uint32_t Node : D->Blocks)
      P.Blocks.push_back(DAG.blocks()[Node]);
    return std::move(P);
  }

private:
  const BallLarusDAG &DAG;
  CFGDescription Desc;
};

} // namespace

/// \p Total * \p Part / \p Whole without overflow; \p Part <= \p Whole.
static uint64_t scaleCount(uint64_t Total, uint64_t Part, uint64_t Whole) {
  return static_cast<uint64_t>(static_cast<unsigned __int128>(Total) * Part /
                               Whole);
}

/// Gives every path break its count from the paths that end (ExitBreak) and
/// begin (EntryBreak) with the pseudo-edges standing for it.
static void
countPathBreaks(const BallLarusDAG &DAG,
                const DenseMap<const BasicBlock *, uint64_t> &ExitBreak,
                const DenseMap<const BasicBlock *, uint64_t> &EntryBreak,
                DecodedPathProfile &D) {
  DenseMap<const BasicBlock *, SmallVector<const PathBreak *, 2>> BySrc;
  for (const PathBreak &B : DAG.pathBreaks())
    BySrc[B.Src].push_back(&B);

  // Breaks alone out of their block take that block's whole count; what they
  // account for at their target is not available to the others.
  DenseMap<const BasicBlock *, uint64_t> Residual(EntryBreak);
  for (const PathBreak &B : DAG.pathBreaks()) {
    if (BySrc[B.Src].size() != 1)
      continue;
    uint64_t Count = ExitBreak.lookup(B.Src);
    if (Count == 0)
      continue;
    D.EdgeCounts[{B.Src, B.Dst}] = Count;
    uint64_t &R = Residual[B.Dst];
    R = R > Count ? R - Count : 0;
  }

  for (const auto &[Src, Breaks] : BySrc) {
    uint64_t Count = ExitBreak.lookup(Src);
    if (Breaks.size() == 1 || Count == 0)
      continue;
    D.ApportionedBreaks = true;
    uint64_t Whole = 0;
    for (const PathBreak *B : Breaks)
      Whole = SaturatingAdd(Whole, Residual.lookup(B->Dst));
    // Nothing to go by: split evenly.
    SmallVector<uint64_t, 2> Parts;
    for (const PathBreak *B : Breaks)
      Parts.push_back(Whole ? Residual.lookup(B->Dst) : 1);
    if (!Whole)
      Whole = Breaks.size();
    uint64_t Given = 0;
    unsigned Largest = 0;
    SmallVector<uint64_t, 2> Shares;
    for (unsigned I = 0; I != Breaks.size(); ++I) {
      Shares.push_back(scaleCount(Count, std::min(Parts[I], Whole), Whole));
      Given += Shares.back();
      if (Parts[I] > Parts[Largest])
        Largest = I;
    }
    Shares[Largest] += Count - Given;
    for (unsigned I = 0; I != Breaks.size(); ++I)
      if (Shares[I])
        D.EdgeCounts[{Breaks[I]->Src, Breaks[I]->Dst}] = Shares[I];
  }
}

Expected<DecodedPathProfile>
pathprof::decodePathProfile(const BallLarusDAG &DAG,
                            const FunctionProfile &Profile) {
  if (!DAG.isValid())
    return makeError("the function has no path numbering: " + DAG.getError());
  if (DAG.checksum() != Profile.Checksum)
    return makeError(
        "the profile's CFG checksum 0x" + Twine::utohexstr(Profile.Checksum) +
        " differs from the function's 0x" + Twine::utohexstr(DAG.checksum()));
  if (DAG.numPaths() != Profile.NumPaths)
    return makeError("the profile has " + Twine(Profile.NumPaths) +
                     " paths but the function has " + Twine(DAG.numPaths()));

  PathDecoder Decoder(DAG);
  DecodedPathProfile D;
  DenseMap<const BasicBlock *, uint64_t> ExitBreak, EntryBreak;
  auto Add = [](uint64_t &Slot, uint64_t Count) {
    Slot = SaturatingAdd(Slot, Count);
  };
  for (const PathRecord &R : Profile.Paths) {
    const uint64_t Id = R.Id, Count = R.Count;
    if (Count == 0)
      continue;
    Expected<BlockPath> P = Decoder.decode(Id);
    if (!P)
      return P.takeError();
    P->Count = Count;
    Add(D.TotalCount, Count);
    if (P->EntersThroughBackedge)
      Add(EntryBreak[P->Blocks.front()], Count);
    else
      Add(D.EntryCount, Count);
    if (P->LeavesThroughBackedge)
      Add(ExitBreak[P->Blocks.back()], Count);
    for (unsigned I = 0; I != P->Blocks.size(); ++I) {
      Add(D.BlockCounts[P->Blocks[I]], Count);
      if (I + 1 != P->Blocks.size())
        Add(D.EdgeCounts[{P->Blocks[I], P->Blocks[I + 1]}], Count);
    }
    D.Paths.push_back(std::move(*P));
  }
  countPathBreaks(DAG, ExitBreak, EntryBreak, D);
  for (const auto &[BB, Count] : D.BlockCounts)
    D.MaxBlockCount = std::max(D.MaxBlockCount, Count);
  llvm::sort(D.Paths, [](const BlockPath &A, const BlockPath &B) {
    return A.Count != B.Count ? A.Count > B.Count : A.Id < B.Id;
  });
  return std::move(D);
}

unsigned pathprof::conserveLoopFlow(const LoopInfo &LI, DecodedPathProfile &D) {
  unsigned Changed = 0;
  SmallVector<Loop *, 4> Loops = LI.getLoopsInPreorder();
  for (const Loop *L : reverse(Loops)) {
    const BasicBlock *Header = L->getHeader();
    uint64_t In = Header->isEntryBlock() ? D.EntryCount : 0, Out = 0;
    SmallPtrSet<const BasicBlock *, 4> Preds;
    for (const BasicBlock *Pred : predecessors(Header))
      if (!L->contains(Pred) && Preds.insert(Pred).second)
        In = SaturatingAdd(In, D.weight(Pred, Header));
    SmallVector<Loop::Edge, 4> Exits;
    L->getExitEdges(Exits);
    // Parallel edges (switch cases) count once.
    SmallDenseSet<Loop::Edge, 4> Unique;
    erase_if(Exits,
             [&](const Loop::Edge &E) { return !Unique.insert(E).second; });
    if (Exits.empty())
      continue;
    const Loop::Edge *Widest = &Exits.front();
    for (const Loop::Edge &E : Exits) {
      uint64_t Count = D.weight(E.first, E.second);
      Out = SaturatingAdd(Out, Count);
      if (Count > D.weight(Widest->first, Widest->second))
        Widest = &E;
    }
    if (In <= Out)
      continue;
    uint64_t &Lost = D.LostLoopFlow[{Widest->first, Widest->second}];
    Lost = SaturatingAdd(Lost, In - Out);
    ++Changed;
  }
  return Changed;
}

void pathprof::printDecodedProfile(raw_ostream &OS, const BallLarusDAG &DAG,
                                   const DecodedPathProfile &D) {
  auto Name = [&](const BasicBlock *BB) {
    return DAG.nodeName(DAG.nodeOf(BB));
  };
  OS << "  entry count: " << D.EntryCount << ", flow: " << D.TotalCount
     << ", paths run: " << D.Paths.size() << "\n";
  for (const BlockPath &P : D.Paths) {
    OS << "  path " << P.Id << " count " << P.Count << ":";
    OS << (P.EntersThroughBackedge ? " ENTRY =>" : "");
    for (unsigned I = 0; I != P.Blocks.size(); ++I)
      OS << (I ? " -> " : " ") << Name(P.Blocks[I]);
    OS << (P.LeavesThroughBackedge ? " => EXIT" : " -> EXIT") << "\n";
  }
  for (const BasicBlock *BB : DAG.blocks()) {
    SmallPtrSet<const BasicBlock *, 4> Seen;
    for (const BasicBlock *S : successors(BB)) {
      if (!Seen.insert(S).second)
        continue;
      uint64_t Count = D.edgeCount(BB, S);
      if (!Count)
        continue;
      OS << "  edge " << Name(BB) << " -> " << Name(S) << ": " << Count;
      if (DAG.cfgEdge(BB, S) < 0)
        OS << " (path break)";
      OS << "\n";
    }
  }
  for (const BasicBlock *BB : DAG.blocks())
    if (uint64_t Count = D.blockCount(BB))
      OS << "  block " << Name(BB) << ": " << Count << "\n";
  if (D.ApportionedBreaks)
    OS << "  path breaks apportioned by their targets' counts\n";
}
