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
// context instead. The JSON form carries the whole tree with every
// context's path records. A profile that counts calls only
// (-fprofile-path-context=calls) has no path counts: its contexts show their
// entries (the calls of the call site they hang from) and, with metrics,
// the costs the runtime measured, with their callees and in their own code.
//
//===----------------------------------------------------------------------===//

#include "llvm-pathprof.h"

#include "PathProf/Profile.h"
#include "PathProf/ProfileNames.h"

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
    return N.Costs.Exclusive[Index];
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
    return N.Costs.Inclusive[Index];
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

/// "[2] ", "[own code] ", "[2, via unknown code] " or nothing for a root.
std::string siteLabel(uint64_t CallSite, bool ViaUnknown, bool IsRoot) {
  if (IsRoot)
    return "";
  std::string S = "[";
  S += CallSite == ContextNode::OwnCode ? "own code" : std::to_string(CallSite);
  if (ViaUnknown)
    S += ", via unknown code";
  return S + "] ";
}

/// One printed line: its numeric columns ("" for none) and its label.
struct Row {
  std::vector<std::string> Columns;
  std::string Label;
};

class TreePrinter {
public:
  TreePrinter(const Profile &P, bool Demangle)
      : P(P), Demangle(Demangle), CallsOnly(P.countsCallsOnly()) {
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
    const ContextTree &T = *P.Context;
    for (const ContextNode *R : ordered(T.Roots, CallsOnly))
      addNode(*R, 0, /*IsRoot=*/true);
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
  void addNode(const ContextNode &N, unsigned Depth, bool IsRoot) {
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
              siteLabel(N.CallSite, N.ViaUnknown, IsRoot) +
              displayName(N.Function, Demangle);
    Rows.push_back(std::move(R));
    for (const ContextNode *C : ordered(N.Children, CallsOnly))
      addNode(*C, Depth + 1, /*IsRoot=*/false);
    for (const ContextBackedge &B : N.Backedges) {
      Row BR;
      BR.Columns.push_back(std::to_string(B.Count));
      uint64_t Up = B.Levels + 1;
      BR.Label = std::string(2 * (Depth + 1), ' ') +
                 siteLabel(B.CallSite, B.ViaUnknown, /*IsRoot=*/false) +
                 displayName(B.Function, Demangle) +
                 " (recursive: counted in the context " + std::to_string(Up) +
                 (Up == 1 ? " level up)" : " levels up)");
      Rows.push_back(std::move(BR));
    }
  }

  const Profile &P;
  bool Demangle;
  /// No path counts to show: entries and costs only.
  bool CallsOnly;
  std::vector<std::string> Header;
  std::vector<Row> Rows;
};

/// The functions of a profile that count no paths, by name and checksum.
using CallsOnlySet = std::set<std::pair<StringRef, uint64_t>>;

void writeNode(const Profile &P, const ContextNode &N, bool IsRoot,
               bool Demangle, const CallsOnlySet &CallsOnly, json::OStream &J) {
  J.object([&] {
    J.attribute("function", displayName(N.Function, Demangle));
    J.attribute("name", N.Function);
    J.attribute("checksum", hex(N.Checksum));
    if (!IsRoot) {
      if (N.CallSite == ContextNode::OwnCode)
        J.attribute("call_site", nullptr);
      else
        J.attribute("call_site", N.CallSite);
    }
    J.attribute("via_unknown", N.ViaUnknown);
    J.attribute("entry_count", N.EntryCount);
    J.attribute("inclusive_count", N.inclusiveCount());
    if (N.HasPaths)
      J.attribute("exclusive_count", N.exclusiveCount());
    else
      J.attribute("exclusive_count", nullptr);
    if (!N.HasPaths && CallsOnly.count({N.Function, N.Checksum}))
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
        writeNode(P, C, /*IsRoot=*/false, Demangle, CallsOnly, J);
    });
    J.attributeArray("recursion", [&] {
      for (const ContextBackedge &B : N.Backedges)
        J.object([&] {
          if (B.CallSite == ContextNode::OwnCode)
            J.attribute("call_site", nullptr);
          else
            J.attribute("call_site", B.CallSite);
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

void pathprof::tool::printContextTree(const Profile &P, bool Demangle,
                                      raw_ostream &OS) {
  TreePrinter(P, Demangle).print(OS);
}

namespace {
/// A context of a function --function names: the chain from its root, as
/// printed, and the node.
struct FoundContext {
  std::string Chain;
  const ContextNode *N;
  size_t Order; ///< In tree order.
};

void findContexts(const ContextNode &N, StringRef Query, bool Demangle,
                  std::string Chain, bool IsRoot,
                  std::vector<FoundContext> &Out) {
  if (!IsRoot)
    Chain += " -> ";
  Chain += siteLabel(N.CallSite, N.ViaUnknown, IsRoot) +
           displayName(N.Function, Demangle);
  if (matchesFunctionName(N.Function, Query))
    Out.push_back({Chain, &N, Out.size()});
  for (const ContextNode &C : N.Children)
    findContexts(C, Query, Demangle, Chain, /*IsRoot=*/false, Out);
}
} // namespace

Error pathprof::tool::printFunctionContexts(const Profile &P, StringRef Query,
                                            bool Demangle, unsigned TopN,
                                            raw_ostream &OS) {
  std::vector<FoundContext> Found;
  for (const ContextNode &R : P.Context->Roots)
    findContexts(R, Query, Demangle, "", /*IsRoot=*/true, Found);
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
  std::map<std::pair<std::string, uint64_t>, const FunctionProfile *> Fns;
  for (const FunctionProfile &F : P.Functions)
    Fns[{F.Name, F.Checksum}] = &F;
  OS << "Contexts of " << Query << ": " << Found.size() << "\n";
  for (const FoundContext &C : Found) {
    const ContextNode &N = *C.N;
    const FunctionProfile *F = Fns[{N.Function, N.Checksum}];
    uint64_t Own = N.exclusiveCount();
    OS << "\nContext: " << C.Chain << "\n";
    OS << "  Entries: " << N.EntryCount << "\n";
    if (F && F->CallsOnly) {
      OS << "  Paths: not counted (-fprofile-path-context=calls)\n";
      if (hasCosts(N))
        for (auto [Label, Values] :
             {std::pair("Exclusive", &N.Costs.Exclusive),
              std::pair("Inclusive", &N.Costs.Inclusive)}) {
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
      if (!R->Metrics.empty()) {
        OS << "      Metrics:";
        for (size_t I = 0; I != P.Metrics.size(); ++I)
          OS << " " << P.Metrics[I].Name << "=" << R->Metrics[I];
        OS << "\n";
      }
      if (!F)
        continue;
      Expected<DecodedPath> Path = F->CFG.decode(R->Id);
      if (!Path)
        return Path.takeError();
      if (!Path->StartsAtEntry)
        OS << "      (from backedge)\n";
      std::string Last;
      for (uint32_t Block : Path->Blocks) {
        std::string Loc = F->CFG.blockLocation(Block);
        if (Loc != Last)
          OS << "      " << Loc << "\n";
        Last = std::move(Loc);
      }
      if (!Path->EndsAtReturn)
        OS << "      (to backedge)\n";
    }
  }
  return Error::success();
}

void pathprof::tool::writeContextJSON(const Profile &P, bool Demangle,
                                      json::OStream &J) {
  const ContextTree &T = *P.Context;
  J.attributeObject("context", [&] {
    J.attribute("num_contexts", uint64_t(T.numNodes()));
    J.attribute("num_recursive_call_sites", uint64_t(T.numBackedges()));
    J.attribute("depth", uint64_t(T.depth()));
    CallsOnlySet CallsOnly;
    for (const FunctionProfile &F : P.Functions)
      if (F.CallsOnly)
        CallsOnly.insert({F.Name, F.Checksum});
    J.attributeArray("roots", [&] {
      for (const ContextNode &R : T.Roots)
        writeNode(P, R, /*IsRoot=*/true, Demangle, CallsOnly, J);
    });
  });
}
