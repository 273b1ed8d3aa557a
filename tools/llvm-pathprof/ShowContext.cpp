//===- ShowContext.cpp - llvm-pathprof show --context ---------------------===//
//
// Prints the calling context tree of a profile made with
// -fprofile-path-context (docs/ContextTree.md): one line per context with its
// entry count, the path count of the context and everything it calls
// (inclusive) and of the context alone (exclusive), and the same for every
// summed metric, indented under its caller and labelled with the caller's
// call site; a recursive call is a line of its own saying which context it
// is counted in. Children are ordered by inclusive count, hottest first.
// With --function, the hot paths of the named functions per calling
// context instead; with --per-thread, the tree of each thread of a raw
// profile by itself. The JSON form carries the whole tree with every
// context's path records (and, with --per-thread, each thread's). A profile
// that counts calls only (-fprofile-path-context=calls) has no path counts:
// its contexts show their entries (the calls of the call site they hang
// from) and, with metrics, the costs the runtime measured, with their
// callees and in their own code.
//
//===----------------------------------------------------------------------===//

#include "llvm-pathprof.h"

#include "PathProf/Profile.h"
#include "PathProf/ProfileNames.h"
#include "PathProf/ProfileReader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;
using namespace pathprof;
using namespace pathprof::tool;

namespace {

/// Whether \p N measured its costs, having no paths.
bool hasCosts(const ContextNode &N) { return !N.Costs.empty(); }

/// A metric of a context's paths, summed over them; or its exclusive cost.
uint64_t exclusiveMetric(const ContextNode &N, size_t Index,
                         const MetricDescriptor &M) {
  if (hasCosts(N))
    return N.Costs.estimated(N.EntryCount).Exclusive[Index];
  uint64_t V = 0;
  bool First = true;
  for (const PathRecord &R : N.Paths) {
    if (First)
      V = R.metric(Index);
    else
      combineMetric(M.Merge, V, R.metric(Index));
    First = false;
  }
  return V;
}

/// The same for the context and everything below it; a context's inclusive
/// cost as measured.
uint64_t inclusiveMetric(const ContextNode &N, size_t Index,
                         const MetricDescriptor &M) {
  if (hasCosts(N))
    return N.Costs.estimated(N.EntryCount).Inclusive[Index];
  uint64_t V = exclusiveMetric(N, Index, M);
  for (const ContextNode &C : N.Children)
    combineMetric(M.Merge, V, inclusiveMetric(C, Index, M));
  return V;
}

/// The children of \p N as show prints them: hottest (inclusive path count,
/// or without paths the entries) first, then by key.
std::vector<const ContextNode *> ordered(ArrayRef<ContextNode> Nodes,
                                         bool CallsOnly) {
  std::vector<std::pair<uint64_t, const ContextNode *>> Ranked;
  for (const ContextNode &C : Nodes)
    Ranked.emplace_back(CallsOnly ? C.EntryCount : C.inclusiveCount(), &C);
  // Nodes come sorted by key: the index breaks ties in key order.
  llvm::sort(Ranked, [](const auto &A, const auto &B) {
    if (A.first != B.first)
      return A.first > B.first;
    return A.second < B.second;
  });
  std::vector<const ContextNode *> Result;
  for (const auto &[Count, C] : Ranked)
    Result.push_back(C);
  return Result;
}

/// The functions of a profile by (name, checksum), to find the call-site
/// table of a context's function.
class FunctionIndex {
public:
  explicit FunctionIndex(const Profile &P) {
    for (const FunctionProfile &F : P.Functions)
      Functions[{F.Name, F.Checksum}] = &F;
  }
  const FunctionProfile *find(StringRef Name, uint64_t Checksum) const {
    auto It = Functions.find({Name, Checksum});
    return It == Functions.end() ? nullptr : It->second;
  }
  const FunctionProfile *of(const ContextNode &N) const {
    return find(N.Function, N.Checksum);
  }

private:
  std::map<std::pair<StringRef, uint64_t>, const FunctionProfile *> Functions;
};

/// Call site \p CallSite of \p Caller as people read it: "file:line" where
/// the profile locates it (with ":column" when another call site of the
/// function is on the same line), its index otherwise.
std::string callSiteName(const FunctionProfile *Caller, uint64_t CallSite) {
  const CFGCallSite *Site = Caller ? Caller->CFG.callSite(CallSite) : nullptr;
  if (!Site)
    return std::to_string(CallSite);
  std::string S = Site->File + ":" + std::to_string(Site->Line);
  bool Shared = any_of(*Caller->CFG.CallSites, [&](const CFGCallSite &O) {
    return &O != Site && O.Line == Site->Line && O.File == Site->File;
  });
  if (Shared)
    S += ":" + std::to_string(Site->Column);
  return S;
}

/// "[t.c:4] ", "[2] ", "[own code] ", "[t.c:4, via unknown code] " or
/// nothing for a root; \p Caller is the function whose call site it is.
std::string siteLabel(const FunctionProfile *Caller, uint64_t CallSite,
                      bool ViaUnknown, bool IsRoot) {
  if (IsRoot)
    return "";
  std::string S = "[";
  S += CallSite == ContextNode::OwnCode ? "own code"
                                        : callSiteName(Caller, CallSite);
  if (ViaUnknown)
    S += ", via unknown code";
  return S + "] ";
}

/// The "call_site" (index) and "call_site_location" attributes of a context
/// or recursive call at \p CallSite of \p Caller.
void writeCallSiteJSON(const FunctionProfile *Caller, uint64_t CallSite,
                       json::OStream &J) {
  if (CallSite == ContextNode::OwnCode) {
    J.attribute("call_site", nullptr);
    J.attribute("call_site_location", nullptr);
    return;
  }
  J.attribute("call_site", CallSite);
  const CFGCallSite *Site = Caller ? Caller->CFG.callSite(CallSite) : nullptr;
  if (!Site) {
    J.attribute("call_site_location", nullptr);
    return;
  }
  J.attributeObject("call_site_location", [&] {
    J.attribute("file", Site->File);
    J.attribute("line", int64_t(Site->Line));
    J.attribute("column", int64_t(Site->Column));
  });
}

/// One printed line: its numeric columns ("" for none) and its label.
struct Row {
  std::vector<std::string> Columns;
  std::string Label;
};

class TreePrinter {
public:
  TreePrinter(const Profile &P, const ContextTree &T, bool Demangle)
      : P(P), T(T), Functions(P), Demangle(Demangle),
        CallsOnly(P.countsCallsOnly()) {
    Header = {"entries"};
    if (!CallsOnly) {
      Header.push_back("inclusive");
      Header.push_back("exclusive");
    }
    for (const MetricDescriptor &M : P.Metrics) {
      Header.push_back("incl " + M.Name);
      Header.push_back("excl " + M.Name);
    }
  }

  void print(raw_ostream &OS) {
    for (const ContextNode *R : ordered(T.Roots, CallsOnly))
      addNode(*R, nullptr, 0);
    size_t Roots = T.Roots.size(), Nodes = T.numNodes(),
           Backedges = T.numBackedges();
    OS << "Calling context tree: " << Nodes
       << (Nodes == 1 ? " context, " : " contexts, ") << Roots
       << (Roots == 1 ? " root, " : " roots, ") << Backedges
       << (Backedges == 1 ? " recursive call site" : " recursive call sites")
       << ", depth " << T.depth() << "\n";
    if (CallsOnly)
      OS << "Per context: entries (the calls of the call site it hangs "
            "from, recursive calls included)"
         << (P.Metrics.empty()
                 ? ""
                 : "; per metric what the context cost with everything it "
                   "calls (incl) and in its own code (excl)")
         << "; no path counts (-fprofile-path-context=calls)\n\n";
    else
      OS << "Per context: entries; path counts of the context and "
            "everything it calls (inclusive) and of the context alone "
            "(exclusive), \"-\" where its function counts its paths in the "
            "flat profile only\n\n";
    std::vector<size_t> Width(Header.size());
    for (size_t I = 0; I != Header.size(); ++I)
      Width[I] = Header[I].size();
    for (const Row &R : Rows)
      for (size_t I = 0; I != R.Columns.size(); ++I)
        Width[I] = std::max(Width[I], R.Columns[I].size());
    auto Line = [&](ArrayRef<std::string> Columns, StringRef Label) {
      for (size_t I = 0; I != Width.size(); ++I)
        OS << right_justify(I < Columns.size() ? Columns[I] : "", Width[I])
           << "  ";
      OS << Label << "\n";
    };
    Line(Header, "context");
    for (const Row &R : Rows)
      Line(R.Columns, R.Label);
  }

private:
  /// Adds the rows of \p N, a context called by one of \p Caller (null for
  /// a root), and of its subtree.
  void addNode(const ContextNode &N, const FunctionProfile *Caller,
               unsigned Depth) {
    const bool IsRoot = Depth == 0;
    const FunctionProfile *F = Functions.of(N);
    Row R;
    R.Columns.push_back(std::to_string(N.EntryCount));
    if (!CallsOnly) {
      R.Columns.push_back(std::to_string(N.inclusiveCount()));
      R.Columns.push_back(N.HasPaths ? std::to_string(N.exclusiveCount())
                                     : "-");
    }
    for (size_t I = 0; I != P.Metrics.size(); ++I) {
      R.Columns.push_back(std::to_string(inclusiveMetric(N, I, P.Metrics[I])));
      R.Columns.push_back(
          N.HasPaths || hasCosts(N)
              ? std::to_string(exclusiveMetric(N, I, P.Metrics[I]))
              : "-");
    }
    R.Label = std::string(2 * Depth, ' ') +
              siteLabel(Caller, N.CallSite, N.ViaUnknown, IsRoot) +
              displayName(N.Function, Demangle);
    Rows.push_back(std::move(R));
    for (const ContextNode *C : ordered(N.Children, CallsOnly))
      addNode(*C, F, Depth + 1);
    for (const ContextBackedge &B : N.Backedges) {
      Row BR;
      BR.Columns.push_back(std::to_string(B.Count));
      uint64_t Up = B.Levels + 1;
      BR.Label = std::string(2 * (Depth + 1), ' ') +
                 siteLabel(F, B.CallSite, B.ViaUnknown, /*IsRoot=*/false) +
                 displayName(B.Function, Demangle) +
                 " (recursive: counted in the context " + std::to_string(Up) +
                 (Up == 1 ? " level up)" : " levels up)");
      Rows.push_back(std::move(BR));
    }
  }

  const Profile &P;
  const ContextTree &T;
  FunctionIndex Functions;
  bool Demangle;
  /// No path counts to show: entries and costs only.
  bool CallsOnly;
  std::vector<std::string> Header;
  std::vector<Row> Rows;
};

void writeNode(const Profile &P, const FunctionIndex &Functions,
               const ContextNode &N, const FunctionProfile *Caller,
               bool Demangle, json::OStream &J) {
  const FunctionProfile *F = Functions.of(N);
  J.object([&] {
    J.attribute("function", displayName(N.Function, Demangle));
    J.attribute("name", N.Function);
    J.attribute("checksum", hex(N.Checksum));
    if (Caller)
      writeCallSiteJSON(Caller, N.CallSite, J);
    J.attribute("via_unknown", N.ViaUnknown);
    J.attribute("entry_count", N.EntryCount);
    J.attribute("inclusive_count", N.inclusiveCount());
    if (N.HasPaths)
      J.attribute("exclusive_count", N.exclusiveCount());
    else
      J.attribute("exclusive_count", nullptr);
    if (!N.HasPaths && F && F->CallsOnly)
      J.attribute("calls_only", true);
    if (!P.Metrics.empty())
      J.attributeObject("metrics", [&] {
        for (size_t I = 0; I != P.Metrics.size(); ++I)
          J.attributeObject(P.Metrics[I].Name, [&] {
            J.attribute("inclusive", inclusiveMetric(N, I, P.Metrics[I]));
            if (N.HasPaths || hasCosts(N))
              J.attribute("exclusive", exclusiveMetric(N, I, P.Metrics[I]));
          });
      });
    J.attributeArray("paths", [&] {
      for (const PathRecord &R : N.Paths)
        J.object([&] {
          J.attribute("id", R.Id);
          J.attribute("count", R.Count);
          if (!R.Metrics.empty())
            J.attributeObject("metrics", [&] {
              for (size_t I = 0; I != P.Metrics.size(); ++I)
                J.attribute(P.Metrics[I].Name, R.Metrics[I]);
            });
        });
    });
    J.attributeArray("children", [&] {
      for (const ContextNode &C : N.Children)
        writeNode(P, Functions, C, F, Demangle, J);
    });
    J.attributeArray("recursion", [&] {
      for (const ContextBackedge &B : N.Backedges)
        J.object([&] {
          writeCallSiteJSON(F, B.CallSite, J);
          J.attribute("via_unknown", B.ViaUnknown);
          J.attribute("function", displayName(B.Function, Demangle));
          J.attribute("name", B.Function);
          J.attribute("levels_up", B.Levels + 1);
          J.attribute("entry_count", B.Count);
        });
    });
  });
}

} // namespace

void pathprof::tool::printContextTree(const Profile &P, const ContextTree &T,
                                      bool Demangle, raw_ostream &OS) {
  TreePrinter(P, T, Demangle).print(OS);
}

void pathprof::tool::printThreadContextTrees(
    const Profile &P, ArrayRef<ThreadContextTree> Threads, bool Demangle,
    raw_ostream &OS) {
  OS << "Calling context trees of " << Threads.size()
     << (Threads.size() == 1 ? " thread" : " threads")
     << " (one per counter segment, in the order the runtime made them)\n";
  for (const ThreadContextTree &T : Threads) {
    OS << "\nThread " << T.Thread << " (segment at offset " << T.SegmentOffset
       << "):\n";
    printContextTree(P, T.Tree, Demangle, OS);
  }
}

namespace {
/// A context of a function --function names: the chain from its root, as
/// printed, and the node.
struct FoundContext {
  std::string Chain;
  const ContextNode *N;
  size_t Order; ///< In tree order.
};

void findContexts(const FunctionIndex &Functions, const ContextNode &N,
                  const FunctionProfile *Caller, StringRef Query, bool Demangle,
                  std::string Chain, std::vector<FoundContext> &Out) {
  const bool IsRoot = !Caller && Chain.empty();
  if (!IsRoot)
    Chain += " -> ";
  Chain += siteLabel(Caller, N.CallSite, N.ViaUnknown, IsRoot) +
           displayName(N.Function, Demangle);
  if (matchesFunctionName(N.Function, Query))
    Out.push_back({Chain, &N, Out.size()});
  for (const ContextNode &C : N.Children)
    findContexts(Functions, C, Functions.of(N), Query, Demangle, Chain, Out);
}
} // namespace

Error pathprof::tool::printFunctionContexts(const Profile &P, StringRef Query,
                                            bool Demangle, unsigned TopN,
                                            raw_ostream &OS) {
  std::vector<FoundContext> Found;
  FunctionIndex Functions(P);
  for (const ContextNode &R : P.Context->Roots)
    findContexts(Functions, R, nullptr, Query, Demangle, "", Found);
  if (Found.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no context of a function named '" + Query + "'");
  // Hottest first (their own paths, then entries), then in tree order.
  llvm::sort(Found, [](const FoundContext &A, const FoundContext &B) {
    auto Rank = [](const FoundContext &C) {
      return std::make_pair(C.N->exclusiveCount(), C.N->EntryCount);
    };
    if (Rank(A) != Rank(B))
      return Rank(A) > Rank(B);
    return A.Order < B.Order;
  });
  OS << "Contexts of " << Query << ": " << Found.size() << "\n";
  for (const FoundContext &C : Found) {
    const ContextNode &N = *C.N;
    const FunctionProfile *F = Functions.of(N);
    uint64_t Own = N.exclusiveCount();
    OS << "\nContext: " << C.Chain << "\n";
    OS << "  Entries: " << N.EntryCount << "\n";
    if (F && F->CallsOnly) {
      OS << "  Paths: not counted (-fprofile-path-context=calls)\n";
      const CallCosts Costs = N.Costs.estimated(N.EntryCount);
      if (hasCosts(N))
        for (auto [Label, Values] :
             {std::pair("Exclusive", &Costs.Exclusive),
              std::pair("Inclusive", &Costs.Inclusive)}) {
          OS << "  " << Label << ":";
          for (size_t I = 0; I != P.Metrics.size(); ++I)
            OS << " " << P.Metrics[I].Name << "=" << (*Values)[I];
          OS << "\n";
        }
      continue;
    }
    if (!N.HasPaths) {
      OS << "  Paths: counted in the flat profile only\n";
      continue;
    }
    OS << "  Total path count: " << Own;
    if (F)
      OS << " (" << percent(Own, F->totalCount()) << " of the function's)";
    OS << "\n";
    std::vector<const PathRecord *> Paths;
    for (const PathRecord &R : N.Paths)
      Paths.push_back(&R);
    llvm::sort(Paths, [](const PathRecord *A, const PathRecord *B) {
      return A->Count != B->Count ? A->Count > B->Count : A->Id < B->Id;
    });
    if (Paths.empty())
      continue;
    size_t Shown = TopN ? std::min<size_t>(TopN, Paths.size()) : Paths.size();
    OS << "  Top " << Shown << " of " << Paths.size() << " paths:\n";
    for (const PathRecord *R : ArrayRef(Paths).take_front(Shown)) {
      OS << "    Path " << R->Id << ": count " << R->Count << " ("
         << percent(R->Count, Own) << " of context)\n";
      printPathMetrics(P, *R, OS);
      if (!F)
        continue;
      Expected<DecodedPath> Path = F->CFG.decode(R->Id);
      if (!Path)
        return Path.takeError();
      printPathSteps(F->CFG, *Path, OS);
    }
  }
  return Error::success();
}

/// The attributes of the JSON object of tree \p T.
static void writeTreeJSON(const Profile &P, const FunctionIndex &Functions,
                          const ContextTree &T, bool Demangle,
                          json::OStream &J) {
  J.attribute("num_contexts", uint64_t(T.numNodes()));
  J.attribute("num_recursive_call_sites", uint64_t(T.numBackedges()));
  J.attribute("depth", uint64_t(T.depth()));
  J.attributeArray("roots", [&] {
    for (const ContextNode &R : T.Roots)
      writeNode(P, Functions, R, nullptr, Demangle, J);
  });
}

void pathprof::tool::writeContextJSON(
    const Profile &P, bool Demangle, json::OStream &J,
    std::optional<ArrayRef<ThreadContextTree>> Threads) {
  FunctionIndex Functions(P);
  J.attributeObject("context", [&] {
    writeTreeJSON(P, Functions, *P.Context, Demangle, J);
    if (Threads)
      J.attributeArray("threads", [&] {
        for (const ThreadContextTree &T : *Threads)
          J.object([&] {
            J.attribute("thread", T.Thread);
            J.attribute("segment_offset", T.SegmentOffset);
            writeTreeJSON(P, Functions, T.Tree, Demangle, J);
          });
      });
  });
}
