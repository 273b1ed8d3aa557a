//===- CallTargets.cpp - Callees of call sites, per function
//---------------===//
//
// Sums the calling context tree (or copies the value profiles) into the
// callee tables of PathProf/CallTargets.h.
//
//===----------------------------------------------------------------------===//

#include "PathProf/CallTargets.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;
using namespace pathprof;

namespace {

/// Sums the callees of every call site of every function over the calling
/// context tree.
class CallTargetCollector {
public:
  explicit CallTargetCollector(const Profile &P) {
    for (const FunctionProfile &FP : P.Functions)
      ByKey[{FP.Name, FP.Checksum}] = &FP;
  }

  CallTargetMap run(const ContextTree &Tree) {
    for (const ContextNode &Root : Tree.Roots)
      countRecursiveEntries(Root);
    for (const ContextNode &Root : Tree.Roots)
      collect(Root);
    return std::move(Result);
  }

private:
  const FunctionProfile *find(StringRef Name, uint64_t Checksum) const {
    auto It = ByKey.find({Name, Checksum});
    return It == ByKey.end() ? nullptr : It->second;
  }

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
    const FunctionProfile *Caller = find(N.Function, N.Checksum);
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
    const FunctionProfile *CalleeFP = find(Callee, Checksum);
    if (ViaUnknown || Site == ContextNode::OwnCode || !CalleeFP)
      return;
    auto &Targets = Result[&Caller][Site];
    auto It = llvm::find_if(
        Targets, [&](const CallTarget &T) { return T.Name == CalleeFP->Name; });
    if (It == Targets.end())
      Targets.push_back({CalleeFP->Name, Count});
    else
      It->Count = SaturatingAdd(It->Count, Count);
  }

  std::map<std::pair<StringRef, uint64_t>, const FunctionProfile *> ByKey;
  std::vector<const ContextNode *> Chain;
  DenseMap<const ContextNode *, uint64_t> Recursive;
  CallTargetMap Result;
};

} // namespace

CallTargetMap pathprof::computeCallTargets(const Profile &P) {
  // A build with contexts records no value profiles: one or the other.
  if (P.Context)
    return CallTargetCollector(P).run(*P.Context);
  CallTargetMap Result;
  for (const FunctionProfile &FP : P.Functions)
    for (const IndirectCallSite &S : FP.ICalls) {
      auto &Targets = Result[&FP][S.Site];
      for (const CalleeCount &C : S.Callees)
        Targets.push_back({C.Name, C.Count});
      if (S.Unknown)
        Targets.push_back({StringRef(), S.Unknown});
    }
  return Result;
}
