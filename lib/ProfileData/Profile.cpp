//===- Profile.cpp - In-memory path profile and merging -------------------===//
//
// Counting helpers of FunctionProfile and the ProfileMerger, which sums the
// functions of several weighted profiles by (name, checksum). Every product
// and sum saturates rather than wraps, every function that cannot be summed
// is reported, and nothing in the result depends on the order in which the
// inputs arrive: the merge is a sum of multisets keyed by (name, checksum),
// with content-based tie breaks where two inputs carry different bytes for
// the same key.
//
//===----------------------------------------------------------------------===//

#include "PathProf/Profile.h"
#include "PathProf/ProfileError.h"
#include "PathProf/ProfileFormat.h"
#include "PathProf/ProfileNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <tuple>

using namespace llvm;
using namespace pathprof;

StringRef pathprof::metricMergeName(MetricMerge M) {
  switch (M) {
  case MetricMerge::Sum:
    return "sum";
  case MetricMerge::Max:
    return "max";
  case MetricMerge::Min:
    return "min";
  }
  llvm_unreachable("unknown MetricMerge");
}

std::optional<MetricMerge> pathprof::parseMetricMerge(StringRef Name) {
  for (MetricMerge M : {MetricMerge::Sum, MetricMerge::Max, MetricMerge::Min})
    if (Name == metricMergeName(M))
      return M;
  return std::nullopt;
}

bool pathprof::combineMetric(MetricMerge M, uint64_t &Dst, uint64_t Src) {
  switch (M) {
  case MetricMerge::Sum: {
    bool Overflow = false;
    Dst = SaturatingAdd(Dst, Src, &Overflow);
    return !Overflow;
  }
  case MetricMerge::Max:
    Dst = std::max(Dst, Src);
    return true;
  case MetricMerge::Min:
    Dst = std::min(Dst, Src);
    return true;
  }
  llvm_unreachable("unknown MetricMerge");
}

SquareSum SquareSum::of(uint64_t Delta) {
  unsigned __int128 Square = static_cast<unsigned __int128>(Delta) * Delta;
  SquareSum S;
  S.Hi = Square >> 96 ? UINT64_MAX : static_cast<uint64_t>(Square >> 32);
  S.Lo = static_cast<uint64_t>(Square) & 0xffffffffULL;
  return S;
}

bool SquareSum::add(const SquareSum &O) {
  bool Overflow = false, Any = false;
  Hi = SaturatingAdd(Hi, O.Hi, &Overflow);
  Any |= Overflow;
  Lo = SaturatingAdd(Lo, O.Lo, &Overflow);
  return !(Any | Overflow);
}

bool SquareSum::scale(uint64_t Weight) {
  bool Overflow = false, Any = false;
  Hi = SaturatingMultiply(Hi, Weight, &Overflow);
  Any |= Overflow;
  Lo = SaturatingMultiply(Lo, Weight, &Overflow);
  return !(Any | Overflow);
}

/// The squares of exact totals \p Sum over \p Count executions, as if each
/// execution had cost the mean: what an exact record brings to a merge with
/// sampled ones, which then counts its executions as measured.
static SquareSum squaresOfExact(uint64_t Sum, uint64_t Count) {
  SquareSum S;
  if (!Count)
    return S;
  long double V = static_cast<long double>(Sum) * Sum / Count;
  long double Hi = std::floor(V / 4294967296.0L);
  if (Hi >= 18446744073709551615.0L)
    return {UINT64_MAX, 0};
  S.Hi = static_cast<uint64_t>(Hi);
  S.Lo = static_cast<uint64_t>(V - Hi * 4294967296.0L);
  return S;
}

MetricEstimate pathprof::estimateMetric(uint64_t Count, uint64_t Samples,
                                        uint64_t Sum,
                                        const SquareSum &Squares) {
  MetricEstimate E;
  E.Samples = Samples;
  if (!Samples)
    return E;
  E.Measured = true;
  const long double K = Samples, N = Count, Mean = Sum / K;
  if (Samples >= Count) {
    E.Exact = Samples == Count;
    E.Estimate = E.Exact ? static_cast<long double>(Sum) : N * Mean;
    E.Low = E.High = E.Estimate;
    return E;
  }
  E.Estimate = N * Mean;
  if (Samples < 2) {
    E.NoInterval = true;
    E.High = std::numeric_limits<long double>::infinity();
    return E;
  }
  long double Var = (Squares.value() - K * Mean * Mean) / (K - 1);
  long double Half =
      1.96L * N * std::sqrt(std::max(Var, 0.0L) / K * (1 - K / N));
  E.Low = std::max(0.0L, E.Estimate - Half);
  E.High = E.Estimate + Half;
  return E;
}

/// \p V rounded, as a count of events.
static uint64_t toCount(long double V) {
  if (!(V > 0))
    return 0;
  if (V >= 18446744073709551615.0L)
    return UINT64_MAX;
  return static_cast<uint64_t>(V + 0.5L);
}

MetricEstimate PathRecord::estimate(size_t Index) const {
  if (Metrics.empty())
    return MetricEstimate();
  if (!isSampled()) {
    MetricEstimate E;
    E.Measured = E.Exact = true;
    E.Estimate = E.Low = E.High = Metrics[Index];
    E.Samples = Count;
    return E;
  }
  return estimateMetric(Count, Samples, Metrics[Index], Squares[Index]);
}

uint64_t PathRecord::metric(size_t Index) const {
  if (Metrics.empty())
    return 0;
  if (!isSampled())
    return Metrics[Index];
  MetricEstimate E = estimate(Index);
  return E.Measured ? toCount(E.Estimate) : 0;
}

bool PathRecord::scale(uint64_t Weight, ArrayRef<MetricDescriptor> Descs) {
  bool Overflow = false, Any = false;
  Count = SaturatingMultiply(Count, Weight, &Overflow);
  Any |= Overflow;
  // Accumulated events scale with the weight like the counts, and so do
  // their samples; extremes do not.
  for (size_t I = 0; I != Metrics.size() && I != Descs.size(); ++I)
    if (Descs[I].Merge == MetricMerge::Sum) {
      Metrics[I] = SaturatingMultiply(Metrics[I], Weight, &Overflow);
      Any |= Overflow;
      if (I < Squares.size())
        Any |= !Squares[I].scale(Weight);
    }
  if (isSampled()) {
    Samples = SaturatingMultiply(Samples, Weight, &Overflow);
    Any |= Overflow;
  }
  return !Any;
}

void PathRecord::makeSampled() {
  if (isSampled() || Metrics.empty())
    return;
  Samples = Count;
  for (uint64_t Sum : Metrics)
    Squares.push_back(squaresOfExact(Sum, Count));
}

CallCosts CallCosts::estimated(uint64_t Entries) const {
  if (!isSampled())
    return *this;
  CallCosts C;
  for (size_t I = 0; I != Exclusive.size(); ++I) {
    C.Exclusive.push_back(toCount(
        estimateMetric(Entries, Samples, Exclusive[I], ExclusiveSquares[I])
            .Estimate));
    C.Inclusive.push_back(toCount(
        estimateMetric(Entries, Samples, Inclusive[I], InclusiveSquares[I])
            .Estimate));
  }
  return C;
}

void CallCosts::makeSampled(uint64_t Entries) {
  if (isSampled() || empty())
    return;
  Samples = Entries;
  ExclusiveSquares.assign(Exclusive.size(), SquareSum());
  InclusiveSquares.assign(Inclusive.size(), SquareSum());
}

bool CallCosts::isZero() const {
  return llvm::all_of(Exclusive, [](uint64_t V) { return V == 0; }) &&
         llvm::all_of(Inclusive, [](uint64_t V) { return V == 0; });
}

bool CallCosts::add(const CallCosts &O, ArrayRef<MetricDescriptor> Metrics,
                    uint64_t Entries, uint64_t OtherEntries) {
  if (O.empty())
    return true;
  if (empty()) {
    *this = O;
    return true;
  }
  assert(Exclusive.size() == Metrics.size() &&
         O.Exclusive.size() == Metrics.size() && "one value per metric");
  bool Ok = true;
  for (size_t I = 0; I != Metrics.size(); ++I) {
    Ok &= combineMetric(Metrics[I].Merge, Exclusive[I], O.Exclusive[I]);
    Ok &= combineMetric(Metrics[I].Merge, Inclusive[I], O.Inclusive[I]);
  }
  if (isSampled() || O.isSampled()) {
    CallCosts Other = O;
    makeSampled(Entries);
    Other.makeSampled(OtherEntries);
    bool Overflow = false;
    Samples = SaturatingAdd(Samples, Other.Samples, &Overflow);
    Ok &= !Overflow;
    for (size_t I = 0; I != ExclusiveSquares.size(); ++I) {
      Ok &= ExclusiveSquares[I].add(Other.ExclusiveSquares[I]);
      Ok &= InclusiveSquares[I].add(Other.InclusiveSquares[I]);
    }
  }
  return Ok;
}

bool CallCosts::scale(uint64_t Weight, ArrayRef<MetricDescriptor> Metrics) {
  bool Any = false;
  for (size_t I = 0; I != Exclusive.size() && I != Metrics.size(); ++I) {
    if (Metrics[I].Merge != MetricMerge::Sum)
      continue;
    bool Overflow = false;
    Exclusive[I] = SaturatingMultiply(Exclusive[I], Weight, &Overflow);
    Any |= Overflow;
    Inclusive[I] = SaturatingMultiply(Inclusive[I], Weight, &Overflow);
    Any |= Overflow;
    if (I < ExclusiveSquares.size()) {
      Any |= !ExclusiveSquares[I].scale(Weight);
      Any |= !InclusiveSquares[I].scale(Weight);
    }
  }
  if (isSampled()) {
    bool Overflow = false;
    Samples = SaturatingMultiply(Samples, Weight, &Overflow);
    Any |= Overflow;
  }
  return !Any;
}

const PathRecord *PathTable::find(uint64_t Id) const {
  auto It = llvm::partition_point(
      Records, [&](const PathRecord &R) { return R.Id < Id; });
  return It != Records.end() && It->Id == Id ? &*It : nullptr;
}

bool PathTable::add(PathRecord R, ArrayRef<MetricDescriptor> Metrics) {
  assert((R.Metrics.empty() || R.Metrics.size() == Metrics.size()) &&
         "one value per metric");
  // Records mostly arrive by increasing id.
  auto It = !Records.empty() && Records.back().Id < R.Id
                ? Records.end()
                : llvm::partition_point(Records, [&](const PathRecord &Have) {
                    return Have.Id < R.Id;
                  });
  if (It == Records.end() || It->Id != R.Id) {
    Records.insert(It, std::move(R));
    return true;
  }
  return combine(*It, std::move(R), Metrics);
}

bool PathTable::combine(PathRecord &Into, PathRecord &&R,
                        ArrayRef<MetricDescriptor> Metrics) {
  // Sampled and exact records: the exact one measured every execution
  // (its own, before the counts add).
  if (!Into.Metrics.empty() && !R.Metrics.empty() &&
      (Into.isSampled() || R.isSampled())) {
    Into.makeSampled();
    R.makeSampled();
  }
  bool Overflow = false;
  Into.Count = SaturatingAdd(Into.Count, R.Count, &Overflow);
  bool Ok = !Overflow;
  if (Into.Metrics.empty()) {
    Into.Metrics = std::move(R.Metrics);
    Into.Samples = R.Samples;
    Into.Squares = std::move(R.Squares);
  } else if (!R.Metrics.empty()) {
    for (size_t I = 0; I != Metrics.size(); ++I)
      Ok &= combineMetric(Metrics[I].Merge, Into.Metrics[I], R.Metrics[I]);
    if (Into.isSampled()) {
      Into.Samples = SaturatingAdd(Into.Samples, R.Samples, &Overflow);
      Ok &= !Overflow;
      for (size_t I = 0; I != Into.Squares.size(); ++I)
        Ok &= Into.Squares[I].add(R.Squares[I]);
    }
  }
  return Ok;
}

bool PathTable::addAll(std::vector<PathRecord> Rs,
                       ArrayRef<MetricDescriptor> Metrics) {
  // Records of one id combine in any order.
  llvm::sort(
      Rs, [](const PathRecord &A, const PathRecord &B) { return A.Id < B.Id; });
  std::vector<PathRecord> Merged;
  Merged.reserve(Records.size() + Rs.size());
  bool Ok = true;
  auto Have = Records.begin(), New = Rs.begin();
  while (Have != Records.end() || New != Rs.end()) {
    PathRecord Next;
    if (New == Rs.end() || (Have != Records.end() && Have->Id < New->Id))
      Next = std::move(*Have++);
    else
      Next = std::move(*New++);
    if (!Merged.empty() && Merged.back().Id == Next.Id)
      Ok &= combine(Merged.back(), std::move(Next), Metrics);
    else
      Merged.push_back(std::move(Next));
  }
  Records = std::move(Merged);
  return Ok;
}

/// Combines \p Value into \p Total as \p Merge says; the first value
/// starts a max or a min.
static void combineInto(MetricMerge Merge, std::optional<uint64_t> &Total,
                        uint64_t Value) {
  if (!Total)
    Total = Value;
  else
    combineMetric(Merge, *Total, Value);
}

uint64_t FunctionProfile::metricTotal(const MetricDescriptor &M,
                                      size_t Index) const {
  if (CallsOnly)
    return Costs.empty() ? 0 : Costs.estimated(Entries).Exclusive[Index];
  std::optional<uint64_t> Total;
  for (const PathRecord &R : Paths)
    if (!R.Metrics.empty())
      combineInto(M.Merge, Total, R.metric(Index));
  return Total.value_or(0);
}

uint64_t Profile::metricTotal(size_t Index) const {
  std::optional<uint64_t> Total;
  for (const FunctionProfile &F : Functions)
    if (F.ran())
      combineInto(Metrics[Index].Merge, Total,
                  F.metricTotal(Metrics[Index], Index));
  return Total.value_or(0);
}

std::optional<size_t> Profile::findMetric(StringRef Name) const {
  for (size_t I = 0; I != Metrics.size(); ++I)
    if (Metrics[I].Name == Name)
      return I;
  return std::nullopt;
}

void Profile::dropContext() {
  Context.reset();
  for (FunctionProfile &F : Functions) {
    if (!F.CFG.CallSites)
      continue;
    F.CFG.CallSites.reset();
    F.CFGData.clear();
    F.CFG.serialize(F.CFGData);
  }
}

uint64_t IndirectCallSite::total() const {
  uint64_t Sum = Unknown;
  for (const CalleeCount &C : Callees)
    Sum = SaturatingAdd(Sum, C.Count);
  return Sum;
}

/// The element of \p Sorted (sorted by \p KeyOf, each key once) whose key is
/// \p Key, inserted with \p Make if there is none.
template <typename T, typename K, typename KeyOfT, typename MakeT>
static T &findOrInsert(std::vector<T> &Sorted, const K &Key, KeyOfT KeyOf,
                       MakeT Make) {
  auto It = llvm::lower_bound(
      Sorted, Key, [&](const T &E, const K &Key) { return KeyOf(E) < Key; });
  if (It == Sorted.end() || KeyOf(*It) != Key)
    It = Sorted.insert(It, Make());
  return *It;
}

/// Adds \p Count times \p Weight to \p Sum. Returns false if either
/// saturated.
static bool addWeighted(uint64_t &Sum, uint64_t Count, uint64_t Weight) {
  bool Overflow = false, Over = false;
  Count = SaturatingMultiply(Count, Weight, &Overflow);
  Sum = SaturatingAdd(Sum, Count, &Over);
  return !Overflow && !Over;
}

bool IndirectCalls::add(uint64_t Site, StringRef Callee, uint64_t Count,
                        uint64_t Weight) {
  if (Count == 0 || Weight == 0)
    return true;
  IndirectCallSite &S = findOrInsert(
      Sites, Site, [](const IndirectCallSite &S) { return S.Site; },
      [&] {
        IndirectCallSite New;
        New.Site = Site;
        return New;
      });
  if (Callee.empty())
    return addWeighted(S.Unknown, Count, Weight);
  CalleeCount &C = findOrInsert(
      S.Callees, Callee, [](const CalleeCount &C) { return StringRef(C.Name); },
      [&] {
        return CalleeCount{Callee.str(), 0};
      });
  return addWeighted(C.Count, Count, Weight);
}

bool IndirectCalls::add(const IndirectCalls &O, uint64_t Weight) {
  bool Ok = true;
  for (const IndirectCallSite &S : O) {
    Ok &= add(S.Site, "", S.Unknown, Weight);
    for (const CalleeCount &C : S.Callees)
      Ok &= add(S.Site, C.Name, C.Count, Weight);
  }
  return Ok;
}

uint64_t MemOpSite::total() const {
  uint64_t Sum = Other;
  for (const SizeCount &C : Sizes)
    Sum = SaturatingAdd(Sum, C.Count);
  return Sum;
}

bool MemOpSizes::add(uint64_t Site, std::optional<uint64_t> Size,
                     uint64_t Count, uint64_t Weight) {
  if (Count == 0 || Weight == 0)
    return true;
  MemOpSite &S = findOrInsert(
      Sites, Site, [](const MemOpSite &S) { return S.Site; },
      [&] {
        MemOpSite New;
        New.Site = Site;
        return New;
      });
  if (!Size)
    return addWeighted(S.Other, Count, Weight);
  SizeCount &C = findOrInsert(
      S.Sizes, *Size, [](const SizeCount &C) { return C.Size; },
      [&] {
        return SizeCount{*Size, 0};
      });
  return addWeighted(C.Count, Count, Weight);
}

bool MemOpSizes::add(const MemOpSizes &O, uint64_t Weight) {
  bool Ok = true;
  for (const MemOpSite &S : O) {
    Ok &= add(S.Site, std::nullopt, S.Other, Weight);
    for (const SizeCount &C : S.Sizes)
      Ok &= add(S.Site, C.Size, C.Count, Weight);
  }
  return Ok;
}

uint64_t FunctionProfile::totalCount() const {
  uint64_t Sum = 0;
  for (const PathRecord &R : Paths)
    Sum = SaturatingAdd(Sum, R.Count);
  return Sum;
}

Expected<uint64_t> FunctionProfile::entryCount() const {
  if (CallsOnly)
    return Entries;
  uint64_t Sum = 0;
  for (const PathRecord &R : Paths) {
    Expected<DecodedPath> P = CFG.decode(R.Id);
    if (!P)
      return P.takeError();
    if (P->StartsAtEntry)
      Sum = SaturatingAdd(Sum, R.Count);
  }
  return Sum;
}

bool FunctionProfile::addCount(uint64_t PathId, uint64_t Count) {
  if (Count == 0)
    return true;
  PathRecord R;
  R.Id = PathId;
  R.Count = Count;
  return Paths.add(std::move(R));
}

Error FunctionProfile::setCFG(StringRef Data) {
  CFGData = Data.str();
  Expected<CFGDescription> D = CFGDescription::deserialize(CFGData);
  if (!D)
    return D.takeError();
  CFG = std::move(*D);
  if (CFG.numPaths() != NumPaths)
    return makeProfileError(profile_error::corrupt,
                            "the record has " + Twine(NumPaths) +
                                " paths but its CFG has " +
                                Twine(CFG.numPaths()));
  return Error::success();
}

bool ContextNode::operator==(const ContextNode &O) const {
  return key() == O.key() && EntryCount == O.EntryCount &&
         HasPaths == O.HasPaths && Paths == O.Paths && Costs == O.Costs &&
         Children == O.Children && Backedges == O.Backedges;
}

uint64_t ContextNode::exclusiveCount() const {
  uint64_t Sum = 0;
  for (const PathRecord &R : Paths)
    Sum = SaturatingAdd(Sum, R.Count);
  return Sum;
}

uint64_t ContextNode::inclusiveCount() const {
  uint64_t Sum = exclusiveCount();
  for (const ContextNode &C : Children)
    Sum = SaturatingAdd(Sum, C.inclusiveCount());
  return Sum;
}

/// Multiplies every count of \p N's subtree, and every summed metric, by
/// \p Weight. Returns false if a product saturated.
static bool scaleContext(ContextNode &N, uint64_t Weight,
                         ArrayRef<MetricDescriptor> Metrics) {
  bool Overflow = false, Any = false;
  N.EntryCount = SaturatingMultiply(N.EntryCount, Weight, &Overflow);
  Any |= Overflow;
  std::vector<PathRecord> Scaled;
  for (const PathRecord &Have : N.Paths) {
    PathRecord R = Have;
    Any |= !R.scale(Weight, Metrics);
    Scaled.push_back(std::move(R));
  }
  N.Paths = PathTable();
  N.Paths.addAll(std::move(Scaled), Metrics);
  Any |= !N.Costs.scale(Weight, Metrics);
  for (ContextBackedge &B : N.Backedges) {
    B.Count = SaturatingMultiply(B.Count, Weight, &Overflow);
    Any |= Overflow;
  }
  for (ContextNode &C : N.Children)
    Any |= !scaleContext(C, Weight, Metrics);
  return !Any;
}

static bool mergeContexts(std::vector<ContextNode> &Dst,
                          std::vector<ContextNode> &&Src,
                          ArrayRef<MetricDescriptor> Metrics);

/// Adds the backedges \p Src into the sorted \p Dst.
static bool mergeBackedges(std::vector<ContextBackedge> &Dst,
                           std::vector<ContextBackedge> &&Src) {
  bool Ok = true;
  for (ContextBackedge &B : Src) {
    auto It = llvm::lower_bound(
        Dst, B, [](const ContextBackedge &A, const ContextBackedge &B) {
          return A.key() < B.key();
        });
    if (It != Dst.end() && It->key() == B.key()) {
      bool Overflow = false;
      It->Count = SaturatingAdd(It->Count, B.Count, &Overflow);
      Ok &= !Overflow;
    } else {
      Dst.insert(It, std::move(B));
    }
  }
  return Ok;
}

/// Adds \p Src into \p Dst, a node of the same key.
static bool mergeContext(ContextNode &Dst, ContextNode &&Src,
                         ArrayRef<MetricDescriptor> Metrics) {
  bool Overflow = false;
  bool Ok = Dst.Costs.add(Src.Costs, Metrics, Dst.EntryCount, Src.EntryCount);
  Dst.EntryCount = SaturatingAdd(Dst.EntryCount, Src.EntryCount, &Overflow);
  Ok &= !Overflow;
  Dst.HasPaths |= Src.HasPaths;
  Ok &= Dst.Paths.addAll(
      std::vector<PathRecord>(Src.Paths.begin(), Src.Paths.end()), Metrics);
  Ok &= mergeContexts(Dst.Children, std::move(Src.Children), Metrics);
  Ok &= mergeBackedges(Dst.Backedges, std::move(Src.Backedges));
  return Ok;
}

/// Adds the nodes \p Src (in any order, keys possibly repeated) into the
/// sorted \p Dst, whose keys are distinct.
static bool mergeContexts(std::vector<ContextNode> &Dst,
                          std::vector<ContextNode> &&Src,
                          ArrayRef<MetricDescriptor> Metrics) {
  bool Ok = true;
  for (ContextNode &N : Src) {
    auto It = llvm::lower_bound(Dst, N,
                                [](const ContextNode &A, const ContextNode &B) {
                                  return A.key() < B.key();
                                });
    if (It != Dst.end() && It->key() == N.key()) {
      Ok &= mergeContext(*It, std::move(N), Metrics);
      continue;
    }
    // Its own children may repeat keys too (a reader's raw tree).
    ContextNode New;
    New.Function = std::move(N.Function);
    New.Checksum = N.Checksum;
    New.CallSite = N.CallSite;
    New.ViaUnknown = N.ViaUnknown;
    It = Dst.insert(It, std::move(New));
    Ok &= mergeContext(*It, std::move(N), Metrics);
  }
  return Ok;
}

bool ContextTree::merge(ContextTree &&Other, uint64_t Weight,
                        ArrayRef<MetricDescriptor> Metrics) {
  bool Ok = true;
  if (Weight != 1)
    for (ContextNode &N : Other.Roots)
      Ok &= scaleContext(N, Weight, Metrics);
  Ok &= mergeContexts(Roots, std::move(Other.Roots), Metrics);
  return Ok;
}

bool ContextTree::addRoot(ContextNode &&Root,
                          ArrayRef<MetricDescriptor> Metrics) {
  std::vector<ContextNode> One;
  One.push_back(std::move(Root));
  return mergeContexts(Roots, std::move(One), Metrics);
}

static void removeContextsOf(std::vector<ContextNode> &Nodes, StringRef Name,
                             uint64_t Checksum) {
  llvm::erase_if(Nodes, [&](const ContextNode &N) {
    return N.Function == Name && N.Checksum == Checksum;
  });
  for (ContextNode &N : Nodes) {
    llvm::erase_if(N.Backedges, [&](const ContextBackedge &B) {
      return B.Function == Name && B.Checksum == Checksum;
    });
    removeContextsOf(N.Children, Name, Checksum);
  }
}

void ContextTree::removeFunction(StringRef Name, uint64_t Checksum) {
  removeContextsOf(Roots, Name, Checksum);
}

static size_t countNodes(const std::vector<ContextNode> &Nodes) {
  size_t N = Nodes.size();
  for (const ContextNode &C : Nodes)
    N += countNodes(C.Children);
  return N;
}

static size_t countBackedges(const std::vector<ContextNode> &Nodes) {
  size_t N = 0;
  for (const ContextNode &C : Nodes)
    N += C.Backedges.size() + countBackedges(C.Children);
  return N;
}

static size_t treeDepth(const std::vector<ContextNode> &Nodes) {
  size_t D = 0;
  for (const ContextNode &C : Nodes)
    D = std::max(D, 1 + treeDepth(C.Children));
  return D;
}

size_t ContextTree::numNodes() const { return countNodes(Roots); }
size_t ContextTree::numBackedges() const { return countBackedges(Roots); }
size_t ContextTree::depth() const { return treeDepth(Roots); }

void Profile::sortFunctions() {
  llvm::sort(Functions, [](const FunctionProfile &A, const FunctionProfile &B) {
    return std::tie(A.Name, A.Checksum) < std::tie(B.Name, B.Checksum);
  });
}

uint64_t Profile::totalCount() const {
  uint64_t Sum = 0;
  for (const FunctionProfile &F : Functions)
    Sum = SaturatingAdd(Sum, F.totalCount());
  return Sum;
}

/// Whether \p A and \p B, of the same name and checksum, cannot be one
/// function: another number of paths, or one counts no paths.
static bool incompatible(const FunctionProfile &A, const FunctionProfile &B) {
  return A.NumPaths != B.NumPaths || A.CallsOnly != B.CallsOnly;
}

bool Profile::countsCallsOnly() const {
  return !Functions.empty() &&
         llvm::all_of(Functions,
                      [](const FunctionProfile &F) { return F.CallsOnly; });
}

Error ProfileMerger::conflict(const FunctionProfile &Have,
                              const FunctionProfile &New, StringRef Where) {
  auto Paths = [](uint64_t N) {
    return std::to_string(N) + (N == 1 ? " path" : " paths");
  };
  auto Counts = [](const FunctionProfile &F) {
    return F.CallsOnly ? "counts calls only (-fprofile-path-context=calls)"
                       : "counts paths";
  };
  std::string What =
      "function '" + New.Name + "' with checksum 0x" + utohexstr(New.Checksum);
  if (New.NumPaths != Have.NumPaths)
    return makeProfileError(profile_error::incompatible,
                            What + " has " + Paths(New.NumPaths) + " in " +
                                Where + " but " + Paths(Have.NumPaths) +
                                " elsewhere");
  return makeProfileError(profile_error::incompatible,
                          What + " " + Counts(New) + " in " + Where + " but " +
                              Counts(Have) + " elsewhere");
}

std::optional<std::pair<size_t, const FunctionProfile *>>
ProfileMerger::findConflict(const Profile &Input) const {
  std::map<std::pair<StringRef, uint64_t>, const FunctionProfile *> Own;
  for (size_t I = 0; I != Input.Functions.size(); ++I) {
    const FunctionProfile &F = Input.Functions[I];
    auto [It, Inserted] = Own.try_emplace({F.Name, F.Checksum}, &F);
    if (!Inserted && incompatible(*It->second, F))
      return std::make_pair(I, It->second);
    auto Named = ByName.find(F.Name);
    if (Named == ByName.end())
      continue;
    for (const Entry &E : Named->second.Entries)
      if (E.F.Checksum == F.Checksum && incompatible(E.F, F))
        return std::make_pair(I, &E.F);
  }
  return std::nullopt;
}

/// Whether the merged function \p Dst is to take the CFG description of
/// \p Src, a function of the same name and checksum. Builds that differ only
/// in names or source lines share a checksum, and so do a context build,
/// whose description locates its call sites, and a flow-only one. Keep a
/// description with call sites over one without, then the bytewise
/// smallest: a choice that does not depend on the order of the inputs.
static bool takesCFG(const FunctionProfile &Dst, const FunctionProfile &Src) {
  auto Rank = [](const FunctionProfile &F) {
    return std::make_pair(!F.CFG.CallSites, StringRef(F.CFGData));
  };
  return !Src.CFGData.empty() && Rank(Src) < Rank(Dst);
}

bool ProfileMerger::accumulate(FunctionProfile &Dst, FunctionProfile &&Src,
                               uint64_t Weight) const {
  bool Saturated = false;
  std::vector<PathRecord> Weighted;
  Weighted.reserve(Src.Paths.size());
  for (const PathRecord &Have : Src.Paths) {
    PathRecord R = Have;
    Saturated |= !R.scale(Weight, Metrics);
    Weighted.push_back(std::move(R));
  }
  Saturated |= !Dst.Paths.addAll(std::move(Weighted), Metrics);
  bool Overflow = false;
  uint64_t Entries = SaturatingMultiply(Src.Entries, Weight, &Overflow);
  Saturated |= Overflow;
  Saturated |= !Src.Costs.scale(Weight, Metrics);
  Saturated |= !Dst.Costs.add(Src.Costs, Metrics, Dst.Entries, Entries);
  Dst.Entries = SaturatingAdd(Dst.Entries, Entries, &Overflow);
  Saturated |= Overflow;
  Saturated |= !Dst.ICalls.add(Src.ICalls, Weight);
  Saturated |= !Dst.MemOps.add(Src.MemOps, Weight);
  if (Dst.Selects.size() < Src.Selects.size())
    Dst.Selects.resize(Src.Selects.size());
  for (size_t I = 0; I != Src.Selects.size(); ++I) {
    uint64_t Count = SaturatingMultiply(Src.Selects[I], Weight, &Overflow);
    Saturated |= Overflow;
    Dst.Selects[I] = SaturatingAdd(Dst.Selects[I], Count, &Overflow);
    Saturated |= Overflow;
  }
  if (takesCFG(Dst, Src)) {
    Dst.CFGData = std::move(Src.CFGData);
    Dst.CFG = std::move(Src.CFG);
  }
  return !Saturated;
}

std::string pathprof::describeMetrics(ArrayRef<MetricDescriptor> Metrics) {
  if (Metrics.empty())
    return "no metrics";
  std::string S;
  ListSeparator LS;
  for (const MetricDescriptor &M : Metrics)
    S += (Twine(StringRef(LS)) + M.Name + " (" + M.Unit + ", " +
          metricMergeName(M.Merge) + (M.Inclusive ? ", inclusive" : "") + ")")
             .str();
  return S;
}

static constexpr std::pair<uint64_t, StringLiteral> SourceNames[] = {
    {PATHPROF_METRIC_SOURCE_TSC, "tsc"},
    {PATHPROF_METRIC_SOURCE_RDPMC, "rdpmc"},
    {PATHPROF_METRIC_SOURCE_READ, "read"}};

std::string pathprof::metricSourcesName(uint64_t Sources) {
  std::string S;
  ListSeparator LS("+");
  for (auto [Bit, Name] : SourceNames)
    if (Sources & Bit)
      S += (Twine(StringRef(LS)) + Name).str();
  return S;
}

std::optional<uint64_t> pathprof::parseMetricSources(StringRef Name) {
  uint64_t Sources = 0;
  SmallVector<StringRef, 3> Parts;
  Name.split(Parts, '+');
  for (StringRef Part : Parts) {
    auto It = llvm::find_if(SourceNames,
                            [&](const auto &SN) { return SN.second == Part; });
    if (It == std::end(SourceNames))
      return std::nullopt;
    Sources |= It->first;
  }
  return Sources;
}

bool EstimateInfo::absorb(const EstimateInfo &O) {
  Samples = SaturatingAdd(Samples, O.Samples);
  RecordsPerSample = std::max(RecordsPerSample, O.RecordsPerSample);
  if (Period == O.Period)
    return true;
  Period = 0;
  return false;
}

Error ProfileMerger::checkEstimated(bool Estimated,
                                    const InputRef &Where) const {
  const std::optional<InputRef> &Other =
      Estimated ? FirstExact : FirstEstimated;
  if (AllowMixed || !Other)
    return Error::success();
  const InputRef &Est = Estimated ? Where : *Other;
  const InputRef &Exact = Estimated ? *Other : Where;
  return makeProfileError(
      profile_error::incompatible,
      "cannot merge " + Est.Name +
          ", whose counts are estimated from branch samples, with " +
          Exact.Name +
          ", whose counts are exact (merge --allow-estimated-with-exact "
          "merges them into an estimated profile)");
}

void ProfileMerger::adoptEstimate(const std::optional<EstimateInfo> &E,
                                  const InputRef &Where) {
  std::optional<InputRef> &First = E ? FirstEstimated : FirstExact;
  if (!First || Where.Ordinal < First->Ordinal)
    First = Where;
  if (!E)
    return;
  if (!Estimate)
    Estimate = *E;
  else if (!Estimate->absorb(*E))
    PeriodsDiffer = true;
}

Error ProfileMerger::checkMetrics(ArrayRef<MetricDescriptor> Theirs,
                                  StringRef Where) const {
  if (!HaveMetrics || Theirs == ArrayRef<MetricDescriptor>(Metrics))
    return Error::success();
  return makeProfileError(profile_error::incompatible,
                          Where + " measures " + describeMetrics(Theirs) +
                              " but " + MetricsInput + " measures " +
                              describeMetrics(Metrics) +
                              "; profiles of different metrics cannot be "
                              "merged");
}

void ProfileMerger::adoptMetrics(std::vector<MetricDescriptor> Theirs,
                                 StringRef Where) {
  if (!Theirs.empty()) {
    const bool Sampled =
        any_of(Theirs, [](const MetricDescriptor &M) { return M.Period > 1; });
    SawSampled |= Sampled;
    SawExact |= !Sampled;
  }
  if (HaveMetrics) {
    for (size_t I = 0; I != Metrics.size(); ++I)
      Metrics[I].absorb(Theirs[I]);
    return;
  }
  HaveMetrics = true;
  Metrics = std::move(Theirs);
  MetricsInput = Where.str();
}

Error ProfileMerger::add(Profile &&Input, StringRef InputName, uint64_t Weight,
                         size_t Ordinal, WarningHandler Warn) {
  assert(Weight != 0 && "a weight must be positive");
  NextOrdinal = std::max(NextOrdinal, Ordinal + 1);
  // Check first, so that a rejected input leaves no trace.
  const InputRef Where{Ordinal, InputName.str()};
  if (Error E = checkEstimated(Input.Estimated.has_value(), Where))
    return E;
  if (Error E = checkMetrics(Input.Metrics, InputName))
    return E;
  if (std::optional<std::pair<size_t, const FunctionProfile *>> C =
          findConflict(Input))
    return conflict(*C->second, Input.Functions[C->first], InputName);
  adoptMetrics(std::move(Input.Metrics), InputName);
  // An input of weight W is W copies of it: W times its samples.
  if (Input.Estimated)
    Input.Estimated->Samples =
        SaturatingMultiply(Input.Estimated->Samples, Weight);
  adoptEstimate(Input.Estimated, Where);

  for (FunctionProfile &F : Input.Functions) {
    NameInfo &Info = ByName[F.Name];
    auto [Index, Added] = findOrAddEntry(Info, F, Ordinal, InputName);
    Entry &E = Info.Entries[Index];
    if (Added) {
      E.F.CFGData = std::move(F.CFGData);
      E.F.CFG = std::move(F.CFG);
    }
    countInput(Info, E, Ordinal, InputName);
    if (!accumulate(E.F, std::move(F), Weight))
      Warn("function '" + E.F.Name + "': path counts overflow in " + InputName +
           "; saturated");
  }
  if (Input.Context) {
    if (!Context)
      Context.emplace();
    if (!Context->merge(std::move(*Input.Context), Weight, Metrics))
      Warn("calling context counts overflow in " + InputName + "; saturated");
  }
  return Error::success();
}

std::pair<size_t, bool> ProfileMerger::findOrAddEntry(NameInfo &Info,
                                                      const FunctionProfile &F,
                                                      size_t Ordinal,
                                                      StringRef InputName) {
  auto Same = llvm::find_if(
      Info.Entries, [&](const Entry &E) { return E.F.Checksum == F.Checksum; });
  if (Same != Info.Entries.end())
    return {Same - Info.Entries.begin(), false};
  Entry &E = Info.Entries.emplace_back();
  E.F.Name = F.Name;
  E.F.Checksum = F.Checksum;
  E.F.NumPaths = F.NumPaths;
  E.F.CallsOnly = F.CallsOnly;
  E.FirstOrdinal = Ordinal;
  E.FirstInput = InputName.str();
  return {Info.Entries.size() - 1, true};
}

void ProfileMerger::countInput(NameInfo &Info, Entry &E, size_t Ordinal,
                               StringRef InputName) {
  if (Info.NumInputs == 0 || Info.LastOrdinal != Ordinal) {
    ++Info.NumInputs;
    Info.LastOrdinal = Ordinal;
  }
  if (E.NumInputs == 0 || E.LastOrdinal != Ordinal) {
    ++E.NumInputs;
    E.LastOrdinal = Ordinal;
  }
  if (Ordinal < E.FirstOrdinal) {
    E.FirstOrdinal = Ordinal;
    E.FirstInput = InputName.str();
  }
}

Error ProfileMerger::mapTable(const ModuleCounts &Input, StringRef InputName,
                              size_t Ordinal) {
  const std::vector<FunctionProfile> &Functions = *Input.Functions;
  // The conflict add() would report: that of the first function in
  // (name, checksum) order, the order of a Profile the reader returns.
  const FunctionProfile *New = nullptr, *Have = nullptr;
  for (const FunctionProfile &F : Functions) {
    auto Named = ByName.find(F.Name);
    if (Named == ByName.end())
      continue;
    for (const Entry &E : Named->second.Entries)
      if (E.F.Checksum == F.Checksum && incompatible(E.F, F) &&
          (!New ||
           std::tie(F.Name, F.Checksum) < std::tie(New->Name, New->Checksum))) {
        New = &F;
        Have = &E.F;
      }
  }
  if (New)
    return conflict(*Have, *New, InputName);

  TableEntries.clear();
  TableEntries.reserve(Functions.size());
  for (const FunctionProfile &F : Functions) {
    NameInfo &Info = ByName[F.Name];
    auto [Index, Added] = findOrAddEntry(Info, F, Ordinal, InputName);
    Entry &E = Info.Entries[Index];
    // The table's description is the same for every input of it: taken
    // here, once.
    if (Added || takesCFG(E.F, F)) {
      E.F.CFGData = F.CFGData;
      E.F.CFG = F.CFG;
    }
    TableEntries.emplace_back(&Info, Index);
  }
  Table = Input.Functions;
  return Error::success();
}

Error ProfileMerger::add(ModuleCounts &&Input, StringRef InputName,
                         uint64_t Weight, size_t Ordinal, WarningHandler Warn) {
  assert(Weight != 0 && "a weight must be positive");
  NextOrdinal = std::max(NextOrdinal, Ordinal + 1);
  // What add() checks of the Profile of these counts, which measures no
  // metrics and counts exactly.
  const InputRef Where{Ordinal, InputName.str()};
  if (Error E = checkEstimated(/*Estimated=*/false, Where))
    return E;
  if (Error E = checkMetrics({}, InputName))
    return E;
  if (Table != Input.Functions)
    if (Error E = mapTable(Input, InputName, Ordinal))
      return E;
  adoptMetrics({}, InputName);
  adoptEstimate(std::nullopt, Where);

  // Every function of the table is one of the input's, counted or not.
  for (auto [Info, Index] : TableEntries)
    countInput(*Info, Info->Entries[Index], Ordinal, InputName);
  for (auto &[Index, F] : Input.Counted) {
    auto [Info, At] = TableEntries[Index];
    Entry &E = Info->Entries[At];
    if (!accumulate(E.F, std::move(F), Weight))
      Warn("function '" + E.F.Name + "': path counts overflow in " + InputName +
           "; saturated");
  }
  return Error::success();
}

void ProfileMerger::add(Profile &&Input, StringRef InputName,
                        WarningHandler Warn) {
  if (Error E = joinErrors(checkEstimated(Input.Estimated.has_value(),
                                          {NextOrdinal, InputName.str()}),
                           checkMetrics(Input.Metrics, InputName))) {
    Warn(toString(std::move(E)) + "; skipped");
    return;
  }
  // Drop the functions that conflict, then merge the rest.
  while (std::optional<std::pair<size_t, const FunctionProfile *>> C =
             findConflict(Input)) {
    Warn(toString(conflict(*C->second, Input.Functions[C->first], InputName)) +
         "; skipped");
    // Its contexts go with it: a tree names only functions of its profile.
    if (Input.Context)
      Input.Context->removeFunction(Input.Functions[C->first].Name,
                                    Input.Functions[C->first].Checksum);
    Input.Functions.erase(Input.Functions.begin() + C->first);
  }
  cantFail(add(std::move(Input), InputName, 1, NextOrdinal, Warn));
}

Error ProfileMerger::merge(ProfileMerger &&Other, WarningHandler Warn) {
  if (Other.FirstEstimated)
    if (Error E = checkEstimated(/*Estimated=*/true, *Other.FirstEstimated))
      return E;
  if (Other.FirstExact)
    if (Error E = checkEstimated(/*Estimated=*/false, *Other.FirstExact))
      return E;
  if (Other.HaveMetrics) {
    if (Error E = checkMetrics(Other.Metrics, Other.MetricsInput))
      return E;
    adoptMetrics(std::move(Other.Metrics), Other.MetricsInput);
  }
  if (Other.FirstExact)
    adoptEstimate(std::nullopt, *Other.FirstExact);
  if (Other.FirstEstimated)
    adoptEstimate(Other.Estimate, *Other.FirstEstimated);
  PeriodsDiffer |= Other.PeriodsDiffer;
  SawExact |= Other.SawExact;
  SawSampled |= Other.SawSampled;
  // Structured bindings of a StringMapEntry copy its value: name it.
  for (const auto &KV : Other.ByName) {
    auto It = ByName.find(KV.getKey());
    if (It == ByName.end())
      continue;
    for (const Entry &O : KV.second.Entries)
      for (const Entry &E : It->second.Entries)
        if (E.F.Checksum == O.F.Checksum && incompatible(E.F, O.F))
          return conflict(E.F, O.F, O.FirstInput);
  }

  for (auto &KV : Other.ByName) {
    StringRef Name = KV.getKey();
    NameInfo &OtherInfo = KV.second;
    NameInfo &Info = ByName[Name];
    // The two mergers saw disjoint sets of inputs.
    Info.NumInputs += OtherInfo.NumInputs;
    for (Entry &O : OtherInfo.Entries) {
      auto Same = llvm::find_if(Info.Entries, [&](const Entry &E) {
        return E.F.Checksum == O.F.Checksum;
      });
      if (Same == Info.Entries.end()) {
        Info.Entries.push_back(std::move(O));
        continue;
      }
      Same->NumInputs += O.NumInputs;
      if (O.FirstOrdinal < Same->FirstOrdinal) {
        Same->FirstOrdinal = O.FirstOrdinal;
        Same->FirstInput = std::move(O.FirstInput);
      }
      if (!accumulate(Same->F, std::move(O.F), 1))
        Warn("function '" + Name + "': path counts overflow; saturated");
    }
  }
  if (Other.Context) {
    if (!Context)
      Context.emplace();
    if (!Context->merge(std::move(*Other.Context), 1, Metrics))
      Warn("calling context counts overflow; saturated");
    Other.Context.reset();
  }
  NextOrdinal = std::max(NextOrdinal, Other.NextOrdinal);
  Other.ByName.clear();
  Other.Table.reset();
  Other.TableEntries.clear();
  Other.NextOrdinal = 0;
  Other.HaveMetrics = false;
  Other.Metrics.clear();
  Other.SawExact = Other.SawSampled = false;
  Other.Estimate.reset();
  Other.PeriodsDiffer = false;
  Other.FirstExact.reset();
  Other.FirstEstimated.reset();
  return Error::success();
}

void ProfileMerger::reportMismatches(WarningHandler Warn) const {
  if (SawExact && SawSampled) {
    std::string Names;
    ListSeparator LS(", ");
    for (const MetricDescriptor &M : Metrics)
      Names += (Twine(StringRef(LS)) + M.Name).str();
    Warn("merging exact and sampled metrics (" + Names +
         "): the exact profiles count as measuring every execution");
  }
  if (FirstExact && FirstEstimated)
    Warn("merged exact counts (first: " + FirstExact->Name +
         ") with counts estimated from branch samples (first: " +
         FirstEstimated->Name + "): the result is marked estimated");
  if (PeriodsDiffer)
    Warn("the estimated inputs were sampled at different periods: the "
         "result's period is 0 (not known)");
  std::vector<StringRef> Names;
  for (const auto &KV : ByName)
    if (llvm::any_of(KV.second.Entries, [&](const Entry &E) {
          return E.NumInputs != KV.second.NumInputs;
        }))
      Names.push_back(KV.getKey());
  llvm::sort(Names);
  for (StringRef Name : Names) {
    const NameInfo &Info = ByName.find(Name)->second;
    std::vector<const Entry *> Entries;
    for (const Entry &E : Info.Entries)
      Entries.push_back(&E);
    llvm::sort(Entries, [](const Entry *A, const Entry *B) {
      return A->F.Checksum < B->F.Checksum;
    });
    std::string Msg;
    raw_string_ostream OS(Msg);
    // Named as show prints it, with the stored name where that differs.
    std::string Shown = displayName(Name);
    OS << "function '" << Shown << "'";
    if (Shown != Name)
      OS << " (profile name '" << Name << "')";
    OS << " has mismatched checksums in different inputs; kept apart:";
    ListSeparator LS(",");
    for (const Entry *E : Entries) {
      OS << LS << " " << format_hex(E->F.Checksum, 18) << " in " << E->NumInputs
         << (E->NumInputs == 1 ? " input (" : " inputs (first ")
         << E->FirstInput << ")";
    }
    Warn(Msg);
  }
}

Profile ProfileMerger::takeResult() {
  Profile P;
  for (auto &KV : ByName)
    for (Entry &E : KV.second.Entries)
      P.Functions.push_back(std::move(E.F));
  P.sortFunctions();
  P.Metrics = std::move(Metrics);
  P.Context = std::move(Context);
  P.Estimated = Estimate;
  Context.reset();
  Estimate.reset();
  PeriodsDiffer = false;
  FirstExact.reset();
  FirstEstimated.reset();
  ByName.clear();
  Table.reset();
  TableEntries.clear();
  NextOrdinal = 0;
  HaveMetrics = false;
  Metrics.clear();
  SawExact = SawSampled = false;
  return P;
}
