//===- PathProf/Profile.h - In-memory path profile --------------*- C++ -*-===//
//
// The in-memory model of a path profile, common to raw, indexed and text
// profiles: a list of functions, each identified by (name, CFG checksum) and
// carrying its Ball-Larus DAG and a table of path records, one per path that
// ran: its id, its count and the values of the profile's metrics (hardware
// events accumulated over the path's executions, Ammons, Ball and Larus,
// "Exploiting Hardware Performance Counters with Flow and Context Sensitive
// Profiling", PLDI 1997), and, for profiles made with -fprofile-path-context,
// the paper's calling context tree: a path table per calling context, whose
// flattening the functions are (docs/ContextTree.md). Also the merge of
// several weighted profiles into
// one, which combines the records of identical functions, independently of
// the order and grouping of the inputs, and warns about everything it cannot
// combine.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PROFILE_H
#define PATHPROF_PROFILE_H

#include "PathProf/CFGDescription.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace pathprof {

/// Receives non-fatal problems (dropped increments, saturated counters,
/// skipped functions). Libraries never print; the tool decides what to do.
using WarningHandler = llvm::function_ref<void(const llvm::Twine &)>;

/// How the values of a metric from several runs (or several records of one
/// path) combine.
enum class MetricMerge : uint8_t {
  Sum, ///< Accumulated over executions (events, cycles): added, and
       ///< multiplied by a merge weight like the counts.
  Max, ///< The largest value seen; weights do not change it.
  Min, ///< The smallest value seen; weights do not change it.
};

/// The name of \p M in text profiles and tool output: "sum", "max", "min".
llvm::StringRef metricMergeName(MetricMerge M);
/// The MetricMerge named \p Name, if any.
std::optional<MetricMerge> parseMetricMerge(llvm::StringRef Name);

/// What one metric of a profile measures.
struct MetricDescriptor {
  std::string Name; ///< e.g. "cycles", "perf::PERF_COUNT_SW_TASK_CLOCK"
  std::string Unit; ///< e.g. "events", "ns"
  MetricMerge Merge = MetricMerge::Sum;
  /// How the runtime read the event: PATHPROF_METRIC_SOURCE_* bits (tsc,
  /// rdpmc, read), 0 when unknown (a hand-written profile).
  uint64_t Sources = 0;
  /// Some values were scaled for multiplexing (the event shared the PMU).
  bool Scaled = false;
  /// Paths include what their callees cost (PATHPROF_INCLUSIVE=1).
  bool Inclusive = false;
  /// Sampled metrics: the mean number of path starts between two measured
  /// ones (PATHPROF_METRIC_PERIOD; 1 measured every path), the largest of
  /// the runs merged. 0: a profile whose metrics are exact totals (made
  /// before sampling, or by hand).
  uint64_t Period = 0;

  /// Whether values of the two can be added: how they were read and whether
  /// they were scaled does not matter.
  bool operator==(const MetricDescriptor &O) const {
    return Name == O.Name && Unit == O.Unit && Merge == O.Merge &&
           Inclusive == O.Inclusive;
  }
  bool operator!=(const MetricDescriptor &O) const { return !(*this == O); }
  /// Takes in how \p O, an equal descriptor, was read.
  void absorb(const MetricDescriptor &O) {
    Sources |= O.Sources;
    Scaled |= O.Scaled;
    Period = std::max(Period, O.Period);
  }
};

/// The sum of the squares of a metric's measured deltas, as two words that
/// add without a carry (the runtime's metric block, ProfileFormat.h): Hi
/// sums (d * d) >> 32 and Lo sums (d * d) & 0xffffffff.
struct SquareSum {
  uint64_t Hi = 0;
  uint64_t Lo = 0;

  static SquareSum of(uint64_t Delta);
  long double value() const {
    return static_cast<long double>(Hi) * 4294967296.0L + Lo;
  }
  /// Adds \p O, saturating; returns false if a word saturated.
  bool add(const SquareSum &O);
  /// Multiplies both words by \p Weight; returns false if one saturated.
  bool scale(uint64_t Weight);
  bool operator==(const SquareSum &O) const { return Hi == O.Hi && Lo == O.Lo; }
  bool operator!=(const SquareSum &O) const { return !(*this == O); }
};

/// What a sampled metric says about the total over \p Count executions of
/// which \p Samples were measured, with sum \p Sum and sum of squares \p
/// Squares: Count x mean, with a 95% confidence interval (normal
/// approximation, finite population corrected, so that measuring every
/// execution gives the exact total and an interval of width 0).
struct MetricEstimate {
  bool Measured = false; ///< Samples > 0; otherwise nothing is known.
  bool Exact = false;    ///< Every execution was measured.
  /// Fewer than 2 samples: no variance, so no interval (Low 0, High
  /// infinite).
  bool NoInterval = false;
  long double Estimate = 0, Low = 0, High = 0;
  uint64_t Samples = 0;
};
MetricEstimate estimateMetric(uint64_t Count, uint64_t Samples, uint64_t Sum,
                              const SquareSum &Squares);
/// Below this many samples a path's estimate is too rough to rank it.
constexpr uint64_t MinRankSamples = 10;

/// "tsc, page-faults (events, sum)"-style: each metric with its unit and
/// merge, or "no metrics".
std::string describeMetrics(llvm::ArrayRef<MetricDescriptor> Metrics);
/// "rdpmc+read", "tsc", or "" for no source bits.
std::string metricSourcesName(uint64_t Sources);
/// The source bits named by \p Name ("rdpmc+read"), if every part is known.
std::optional<uint64_t> parseMetricSources(llvm::StringRef Name);

/// One path that ran: its id, how often it ran and, when the profile has
/// metrics, one value per metric descriptor of the profile.
struct PathRecord {
  uint64_t Id = 0;
  uint64_t Count = 0;
  /// Exact metrics: the totals over every execution. Sampled metrics
  /// (Squares not empty): the sums over the measured executions.
  std::vector<uint64_t> Metrics;
  /// Sampled metrics: the executions measured (k), the same for every
  /// metric, and per metric the sum of the squared deltas.
  uint64_t Samples = 0;
  std::vector<SquareSum> Squares;

  bool operator==(const PathRecord &O) const {
    return Id == O.Id && Count == O.Count && Metrics == O.Metrics &&
           Samples == O.Samples && Squares == O.Squares;
  }
  bool isSampled() const { return !Squares.empty(); }
  /// Sampled, and some executions were not measured: its metrics are
  /// estimates.
  bool isEstimated() const { return isSampled() && Samples != Count; }
  /// Makes an exact record a sampled one whose every execution was
  /// measured, each as if it had cost the mean (what an exact record brings
  /// to a merge with sampled ones).
  void makeSampled();
  /// Metric value \p Index: the total, or for sampled metrics its estimate
  /// (0 when no execution was measured); 0 for a record without metric
  /// values (a path whose metrics were never read, in a profile that has
  /// some).
  uint64_t metric(size_t Index) const;
  /// The estimate of metric \p Index with its interval; exact metrics give
  /// their total.
  MetricEstimate estimate(size_t Index) const;
  /// Multiplies the count, and the summed metrics with their samples and
  /// squares, by \p Weight. Returns false if something saturated.
  bool scale(uint64_t Weight, llvm::ArrayRef<MetricDescriptor> Metrics);
  bool operator!=(const PathRecord &O) const { return !(*this == O); }
};

/// The path records of a function, sorted by id, at most one per id.
class PathTable {
public:
  using const_iterator = std::vector<PathRecord>::const_iterator;
  const_iterator begin() const { return Records.begin(); }
  const_iterator end() const { return Records.end(); }
  size_t size() const { return Records.size(); }
  bool empty() const { return Records.empty(); }
  const PathRecord &operator[](size_t I) const { return Records[I]; }
  bool operator==(const PathTable &O) const { return Records == O.Records; }
  bool operator!=(const PathTable &O) const { return !(*this == O); }

  /// The record of path \p Id, or null.
  const PathRecord *find(uint64_t Id) const;
  /// The count of path \p Id (0 when it has no record).
  uint64_t count(uint64_t Id) const {
    const PathRecord *R = find(Id);
    return R ? R->Count : 0;
  }

  /// Combines \p R into the record of its id (creating it): counts add and
  /// metrics combine as \p Metrics says, each saturating at UINT64_MAX.
  /// \p R has no metric values or one per descriptor. Returns false if
  /// something saturated.
  bool add(PathRecord R, llvm::ArrayRef<MetricDescriptor> Metrics = {});
  /// add() for each of \p Rs, in any order, in one pass over the table.
  bool addAll(std::vector<PathRecord> Rs,
              llvm::ArrayRef<MetricDescriptor> Metrics = {});

private:
  /// Combines \p R into \p Into, which has \p R's id.
  static bool combine(PathRecord &Into, PathRecord &&R,
                      llvm::ArrayRef<MetricDescriptor> Metrics);

  std::vector<PathRecord> Records;
};

/// Combines \p Src into \p Dst as \p M says; returns false if a sum
/// saturated.
bool combineMetric(MetricMerge M, uint64_t &Dst, uint64_t Src);

/// What the activations of a function that counts no paths
/// (-fprofile-path-context=calls), or of one of its contexts, cost, per
/// metric of the profile: in their own code, their callees' costs taken out
/// (exclusive), and with their callees (inclusive), as Ammons, Ball and
/// Larus's context-only mode measures a procedure from entry to exit. Both
/// empty without metrics, one value per metric descriptor otherwise.
struct CallCosts {
  std::vector<uint64_t> Exclusive;
  std::vector<uint64_t> Inclusive;
  /// Sampled metrics (squares not empty): the activations measured, and
  /// the sums of squares of both kinds of costs; the costs are then sums
  /// over the measured activations.
  uint64_t Samples = 0;
  std::vector<SquareSum> ExclusiveSquares;
  std::vector<SquareSum> InclusiveSquares;

  bool isSampled() const { return !ExclusiveSquares.empty(); }
  /// Sampled, and not every one of \p Entries activations measured.
  bool isEstimated(uint64_t Entries) const {
    return isSampled() && Samples != Entries;
  }
  /// Makes exact costs of \p Entries activations sampled ones whose
  /// activations were all measured; the squares stay 0 (an interval too
  /// narrow, never a wrong estimate).
  void makeSampled(uint64_t Entries);
  /// The costs of \p Entries activations: these, or for sampled costs their
  /// estimates (as exact costs).
  CallCosts estimated(uint64_t Entries) const;

  bool empty() const { return Exclusive.empty(); }
  /// Whether every value is 0 (or there are none).
  bool isZero() const;
  bool operator==(const CallCosts &O) const {
    return Exclusive == O.Exclusive && Inclusive == O.Inclusive &&
           Samples == O.Samples && ExclusiveSquares == O.ExclusiveSquares &&
           InclusiveSquares == O.InclusiveSquares;
  }
  bool operator!=(const CallCosts &O) const { return !(*this == O); }
  /// Combines \p O into these as \p Metrics says; an empty side takes the
  /// other's values. Exact costs combined with sampled ones count their
  /// activations (\p Entries of these, \p OtherEntries of \p O) as
  /// measured. Returns false if a sum saturated.
  bool add(const CallCosts &O, llvm::ArrayRef<MetricDescriptor> Metrics,
           uint64_t Entries = 0, uint64_t OtherEntries = 0);
  /// Multiplies the summed metrics by \p Weight. Returns false if a product
  /// saturated.
  bool scale(uint64_t Weight, llvm::ArrayRef<MetricDescriptor> Metrics);
};

/// A callee of an indirect call site and how often the site called it.
struct CalleeCount {
  std::string Name; ///< the callee's profile name
  uint64_t Count = 0;
  bool operator==(const CalleeCount &O) const {
    return Name == O.Name && Count == O.Count;
  }
};

/// The value profile of one indirect call site of a function, as a
/// flow-only build records it (-pathprof-value-profiles; a build with
/// calling contexts has its callees in the tree instead).
struct IndirectCallSite {
  /// The call-site index (PathProf/ContextCallSites.h).
  uint64_t Site = 0;
  /// Calls of targets that are no instrumented function of the module that
  /// made them, or that found the site's value block full.
  uint64_t Unknown = 0;
  /// By name, each once, counts non-zero.
  std::vector<CalleeCount> Callees;
  bool operator==(const IndirectCallSite &O) const {
    return Site == O.Site && Unknown == O.Unknown && Callees == O.Callees;
  }
  bool operator!=(const IndirectCallSite &O) const { return !(*this == O); }
  /// All calls of the site, saturating.
  uint64_t total() const;
};

/// The value-profiled sites of a function (SiteT: IndirectCallSite or
/// MemOpSite), by increasing index, each once.
template <typename SiteT> class ValueSites {
public:
  using const_iterator = typename std::vector<SiteT>::const_iterator;
  const_iterator begin() const { return Sites.begin(); }
  const_iterator end() const { return Sites.end(); }
  size_t size() const { return Sites.size(); }
  bool empty() const { return Sites.empty(); }
  bool operator==(const ValueSites &O) const { return Sites == O.Sites; }
  bool operator!=(const ValueSites &O) const { return !(*this == O); }

protected:
  std::vector<SiteT> Sites;
};

/// The indirect call sites of a function that made calls, by increasing
/// call-site index, each once. Merging adds the counts of the same site and
/// callee.
class IndirectCalls : public ValueSites<IndirectCallSite> {
public:
  /// Adds \p Count calls of \p Callee (empty: an unknown target) at call
  /// site \p Site, times \p Weight. Returns false if something saturated.
  bool add(uint64_t Site, llvm::StringRef Callee, uint64_t Count,
           uint64_t Weight = 1);
  /// Adds every count of \p O times \p Weight.
  bool add(const IndirectCalls &O, uint64_t Weight = 1);
};

/// A length of a memory operation and how often the operation had it.
struct SizeCount {
  /// The length: one that IR PGO records as a single value (up to 8, and
  /// powers of two up to 512), the lengths LLVM's memop optimisation can
  /// specialise.
  uint64_t Size = 0;
  uint64_t Count = 0;
  bool operator==(const SizeCount &O) const {
    return Size == O.Size && Count == O.Count;
  }
};

/// The value profile of one memory operation (memcpy, memmove, memset)
/// whose length is not a constant (-pathprof-memop-sizes).
struct MemOpSite {
  /// The operation's index (PathProf/ProfiledMemOps.h).
  uint64_t Site = 0;
  /// Executions of other lengths, or whose length found the site's value
  /// block full.
  uint64_t Other = 0;
  /// By increasing length, each once, counts non-zero.
  std::vector<SizeCount> Sizes;
  bool operator==(const MemOpSite &O) const {
    return Site == O.Site && Other == O.Other && Sizes == O.Sizes;
  }
  bool operator!=(const MemOpSite &O) const { return !(*this == O); }
  /// All executions of the operation, saturating.
  uint64_t total() const;
};

/// The memory operations of a function that ran, by increasing index, each
/// once. Merging adds the counts of the same operation and length.
class MemOpSizes : public ValueSites<MemOpSite> {
public:
  /// Adds \p Count executions of length \p Size (none: Other) at operation
  /// \p Site, times \p Weight. Returns false if something saturated.
  bool add(uint64_t Site, std::optional<uint64_t> Size, uint64_t Count,
           uint64_t Weight = 1);
  /// Adds every count of \p O times \p Weight.
  bool add(const MemOpSizes &O, uint64_t Weight = 1);
};

/// The profile of one function.
struct FunctionProfile {
  std::string Name;
  uint64_t Checksum = 0;
  uint64_t NumPaths = 0;
  /// The serialized CFG description, kept so that writers reproduce it
  /// byte for byte.
  std::string CFGData;
  CFGDescription CFG;
  /// The paths that ran (a non-zero count), by id. Metric values follow the
  /// descriptors of the Profile the function belongs to.
  PathTable Paths;
  /// The function counts no paths (-fprofile-path-context=calls): Paths is
  /// empty, and Entries and Costs are what it counted, the sum over its
  /// contexts and the entries no context took.
  bool CallsOnly = false;
  uint64_t Entries = 0;
  CallCosts Costs;
  /// The callees of its indirect call sites (value profiles), in a
  /// flow-only profile.
  IndirectCalls ICalls;
  /// The lengths of its memory operations (value profiles).
  MemOpSizes MemOps;
  /// How often each of its selects chose its true value, by select index
  /// (PathProf/ProfiledSelects.h): one count per select the build counted,
  /// or empty when it counted none or the function never ran. Merging adds
  /// them index by index.
  std::vector<uint64_t> Selects;

  /// Whether the function ran: a path ran, or, counting no paths, it was
  /// entered (or an activation entered before a fork or a reset left).
  bool ran() const {
    return CallsOnly ? Entries != 0 || !Costs.isZero() : !Paths.empty();
  }

  /// Sum of all path counts, saturating at UINT64_MAX.
  uint64_t totalCount() const;

  /// Metric \p Index (described by \p M) over all paths, combined as \p M
  /// says: summed (saturating), or the largest or smallest value; 0 for a
  /// function that never ran. For a function that counts no paths, its
  /// exclusive cost.
  uint64_t metricTotal(const MetricDescriptor &M, size_t Index) const;

  /// Sum of the counts of the paths that start at the function's entry (not
  /// after a backedge): the number of calls. Saturating. Entries for a
  /// function that counts no paths.
  llvm::Expected<uint64_t> entryCount() const;

  /// Adds \p Count to path \p PathId (no metric values). Returns false if
  /// the sum saturated.
  bool addCount(uint64_t PathId, uint64_t Count);

  /// Sets CFGData and CFG from a serialized description; fails if it is
  /// malformed or does not have NumPaths paths.
  llvm::Error setCFG(llvm::StringRef Data);
};

/// A recursive call in a calling context tree: instead of a child, the call
/// site counts its entries in an ancestor of the same function (Ammons, Ball
/// and Larus fold recursion this way, so deep recursion does not grow the
/// tree).
struct ContextBackedge {
  /// The call site, in the function of the node that holds the backedge
  /// (ContextNode::OwnCode: not at a call site).
  uint64_t CallSite = 0;
  /// Entered through code that is not instrumented in the module.
  bool ViaUnknown = false;
  /// The function called: the ancestor's.
  std::string Function;
  uint64_t Checksum = 0;
  /// Which ancestor: 0 is the node that holds the backedge (direct
  /// recursion), 1 its parent, and so on.
  uint64_t Levels = 0;
  /// Entries counted through the backedge (the ancestor's entry count
  /// includes them).
  uint64_t Count = 0;

  /// What identifies a backedge among its node's.
  auto key() const {
    return std::tie(CallSite, ViaUnknown, Function, Checksum, Levels);
  }
  bool operator==(const ContextBackedge &O) const {
    return key() == O.key() && Count == O.Count;
  }
};

/// One calling context: a function activated through one chain of call
/// sites from a root.
struct ContextNode {
  /// CallSite of a node entered while its parent ran its own code, not at
  /// one of its call sites (a signal handler).
  static constexpr uint64_t OwnCode = UINT64_MAX;

  /// The function (a FunctionProfile of the same profile).
  std::string Function;
  uint64_t Checksum = 0;
  /// The call site of the parent's function the node hangs from (0, 1, ...
  /// in instruction order, as the instrumentation numbered them), or
  /// OwnCode; 0 for a root.
  uint64_t CallSite = 0;
  /// Entered through code that is not instrumented in the module (a
  /// callback from a library, a signal handler): the parent is the nearest
  /// context known.
  bool ViaUnknown = false;
  /// Entries into the function in this context, recursive ones included.
  uint64_t EntryCount = 0;
  /// Whether the node counted its function's paths (Paths); functions with
  /// too many paths, and hashed ones, count theirs in the flat profile only,
  /// and functions that count no paths have Costs instead.
  bool HasPaths = false;
  /// The paths of the function in this context.
  PathTable Paths;
  /// For a function that counts no paths, with metrics: what its
  /// activations in this context cost. Inclusive costs count a recursive
  /// activation in its node again (the paper's entry-to-exit interval per
  /// activation), so Inclusive >= Exclusive + the children's Inclusive,
  /// with equality for a node without recursive calls below it.
  CallCosts Costs;
  /// The contexts it calls, and its recursive calls, each sorted by key().
  std::vector<ContextNode> Children;
  std::vector<ContextBackedge> Backedges;

  auto key() const {
    return std::tie(CallSite, ViaUnknown, Function, Checksum);
  }
  bool operator==(const ContextNode &O) const;
  bool operator!=(const ContextNode &O) const { return !(*this == O); }

  /// The path counts of the node itself, saturating.
  uint64_t exclusiveCount() const;
  /// Those of the node and everything below it, saturating.
  uint64_t inclusiveCount() const;
};

/// The calling context tree of a profile: the trees of every thread and
/// every module, merged. Its roots, and every node's children and
/// backedges, are sorted by key, and no two have the same key.
struct ContextTree {
  std::vector<ContextNode> Roots;

  bool operator==(const ContextTree &O) const { return Roots == O.Roots; }
  bool operator!=(const ContextTree &O) const { return !(*this == O); }

  /// Adds \p Other, every count and summed metric times \p Weight: nodes of
  /// equal keys combine (\p Metrics says how their paths' metrics do), the
  /// others are inserted. Associative and commutative. Returns false if a
  /// sum saturated.
  bool merge(ContextTree &&Other, uint64_t Weight,
             llvm::ArrayRef<MetricDescriptor> Metrics);
  /// Adds the root \p Root (its children in any order, keys possibly
  /// repeated, as a reader builds them) with weight 1.
  bool addRoot(ContextNode &&Root, llvm::ArrayRef<MetricDescriptor> Metrics);

  /// Removes the contexts of function \p Name with \p Checksum (with
  /// their subtrees) and the recursive calls of it.
  void removeFunction(llvm::StringRef Name, uint64_t Checksum);

  size_t numNodes() const;
  size_t numBackedges() const;
  /// The deepest chain of nodes (a root alone is 1).
  size_t depth() const;
};

/// Longest chain of nodes a reader accepts in a calling context tree: the
/// runtime folds recursion, so a chain never repeats a function, and real
/// chains are far shorter; the bound keeps recursive tree walks within the
/// stack.
constexpr size_t MaxContextDepth = 4096;

/// One row of a detailed profile summary: the smallest count among the
/// hottest counts that make up Cutoff / 1,000,000 of the total, and how many
/// counts that is (llvm::ProfileSummaryEntry).
struct SummaryEntry {
  uint32_t Cutoff = 0;
  uint64_t MinCount = 0;
  uint64_t NumCounts = 0;

  bool operator==(const SummaryEntry &O) const {
    return Cutoff == O.Cutoff && MinCount == O.MinCount &&
           NumCounts == O.NumCounts;
  }
};

/// The whole-program summary profile use needs (PathProf/ProfileSummary.h):
/// the program's flow and LLVM's instrumentation summary of the block counts.
struct PathProfileSummary {
  uint64_t ProgramFlow = 0;
  uint64_t TotalCount = 0;
  uint64_t MaxCount = 0;
  uint64_t MaxInternalCount = 0;
  uint64_t MaxFunctionCount = 0;
  uint32_t NumCounts = 0;
  uint32_t NumFunctions = 0;
  std::vector<SummaryEntry> Detailed;

  bool operator==(const PathProfileSummary &O) const {
    return ProgramFlow == O.ProgramFlow && TotalCount == O.TotalCount &&
           MaxCount == O.MaxCount && MaxInternalCount == O.MaxInternalCount &&
           MaxFunctionCount == O.MaxFunctionCount && NumCounts == O.NumCounts &&
           NumFunctions == O.NumFunctions && Detailed == O.Detailed;
  }
};

/// How an estimated profile was made (llvm-pathprof sample): its counts
/// were not counted but estimated from samples of hardware branch records,
/// each complete Ball-Larus path seen in a sample's window weighted by the
/// sampling period over the number of windows that could have held it.
struct EstimateInfo {
  /// The mean number of taken branches from one sample to the next; 0 when
  /// not known (then a sample weighs 1).
  uint64_t Period = 0;
  /// The samples the estimate was made from.
  uint64_t Samples = 0;
  /// Branch records per sample (the window depth): the largest seen.
  uint64_t RecordsPerSample = 0;

  bool operator==(const EstimateInfo &O) const {
    return Period == O.Period && Samples == O.Samples &&
           RecordsPerSample == O.RecordsPerSample;
  }
  bool operator!=(const EstimateInfo &O) const { return !(*this == O); }
  /// Takes in the estimate \p O of other runs merged with this one: the
  /// samples add (saturating), the window depth is the largest, and the
  /// period stays if both have the same, else becomes 0 (not known).
  /// Associative and commutative. Returns false if the periods differed.
  bool absorb(const EstimateInfo &O);
};

/// A whole profile: the functions of a program, in no particular order
/// unless sortFunctions() was called.
struct Profile {
  std::vector<FunctionProfile> Functions;
  /// What the metric values of every path record measure, in record order;
  /// empty for a profile of counts only.
  std::vector<MetricDescriptor> Metrics;
  /// The summary stored with the profile (indexed profiles that merge
  /// wrote), or none; it describes Functions as they were read.
  std::optional<PathProfileSummary> Summary;
  /// The calling context tree, for a profile made with
  /// -fprofile-path-context. Functions are then its flattening: each
  /// function's paths are the sum of its nodes' and of its flat counters.
  std::optional<ContextTree> Context;
  /// Set when the counts are estimates from branch samples
  /// (llvm-pathprof sample), not exact counts.
  std::optional<EstimateInfo> Estimated;

  /// Sorts functions by (name, checksum), the order of indexed profiles.
  void sortFunctions();

  /// Leaves out the calling context tree and what only it uses, the
  /// functions' call-site locations: what is left is the flow-only profile
  /// of the same runs, CFG descriptions byte for byte.
  void dropContext();

  /// Sum of totalCount() over all functions, saturating.
  uint64_t totalCount() const;

  /// Whether every function counts no paths (a profile made with
  /// -fprofile-path-context=calls), and there is one.
  bool countsCallsOnly() const;

  /// Metric \p Index over the whole profile, combined as its descriptor
  /// says (FunctionProfile::metricTotal).
  uint64_t metricTotal(size_t Index) const;

  /// The index of the metric named \p Name, if the profile has one.
  std::optional<size_t> findMetric(llvm::StringRef Name) const;
};

/// The counts of one input whose functions are those of a table that many
/// inputs share: the decoded description of a raw profile's module, which
/// RawDescriptionCache keeps for the raw profiles of one build. A merger adds
/// it without a Profile of the input being built (ProfileMerger::add); the
/// result is that of adding the Profile the input reads to, which has every
/// function of the table, the table's duplicates (name and checksum) summed.
/// Counts only: no metrics, no calling context tree.
struct ModuleCounts {
  /// The functions, without counts. The same table (pointer) for every
  /// input of one build; no two of its functions have the same name and
  /// checksum but another number of paths or way of counting.
  std::shared_ptr<const std::vector<FunctionProfile>> Functions;
  /// The functions that counted something: their index in Functions and
  /// their counts (paths, entries, indirect calls, selects), without name,
  /// checksum or CFG.
  std::vector<std::pair<size_t, FunctionProfile>> Counted;
};

/// Accumulates several profiles into one. A function is identified by
/// (name, checksum); counts of identical functions are summed, each input's
/// counts multiplied by its weight, saturating at UINT64_MAX with a warning.
/// Functions with the same name but different checksums are kept apart, as
/// the distinct functions they are (a static function of another file, or
/// the same function from another build), so the merge is a sum of
/// multisets: associative and commutative, and the result does not depend on
/// the order of the inputs or on how they are grouped. Inputs that disagree on
/// the checksums of a name are reported once by reportMismatches().
///
/// Several mergers may accumulate disjoint shares of the inputs (one per
/// thread) and then be combined with merge().
///
/// Estimated profiles (Profile::Estimated) merge with each other into an
/// estimated profile, their estimates absorbed (EstimateInfo::absorb, an
/// input of weight W counting its samples W times, as W copies of it
/// would). An estimated and an exact profile do not merge, since the
/// estimates would pass for exact counts, unless allowEstimatedWithExact():
/// then the result is estimated.
class ProfileMerger {
public:
  /// Lets estimated and exact profiles merge into an estimated profile;
  /// reportMismatches() then says that they did.
  void allowEstimatedWithExact(bool Allow = true) { AllowMixed = Allow; }

  /// Merges \p Input, the profile of the input named \p InputName, with
  /// every count multiplied by \p Weight (>= 1). \p Ordinal is the input's
  /// position among all inputs of the merge (unique per input); it only
  /// decides which input warnings name first. Fails, merging nothing of
  /// \p Input, if one of its functions has the name and checksum of a merged
  /// function but a different number of paths, or counts paths where the
  /// other counts calls only (or the reverse), or if it measures other
  /// metrics than the inputs merged before.
  llvm::Error add(Profile &&Input, llvm::StringRef InputName, uint64_t Weight,
                  size_t Ordinal, WarningHandler Warn);

  /// Merges \p Input as add() merges the Profile it stands for. The first
  /// input of a table creates the merged functions of all of its functions
  /// and remembers where they are, so that later inputs of the same table
  /// only add what they counted.
  llvm::Error add(ModuleCounts &&Input, llvm::StringRef InputName,
                  uint64_t Weight, size_t Ordinal, WarningHandler Warn);

  /// Merges \p Input with weight 1 as the next input; a function that
  /// conflicts as described above is skipped with a warning.
  void add(Profile &&Input, llvm::StringRef InputName, WarningHandler Warn);

  /// Adds everything \p Other accumulated from other inputs (e.g. on another
  /// thread) to this merger and leaves \p Other empty.
  llvm::Error merge(ProfileMerger &&Other, WarningHandler Warn);

  /// Warns once per function name whose checksums differ between the inputs
  /// that have the name: "function 'F' has mismatched checksums ...; kept
  /// apart: 0x... in N inputs (first: FILE), ...". Names in sorted order.
  /// Also says when exact and sampled metrics were merged, and how, when
  /// estimated and exact counts were, and when estimated inputs had
  /// different sampling periods.
  void reportMismatches(WarningHandler Warn) const;

  /// The merged profile, functions sorted by (name, checksum). Leaves the
  /// merger empty.
  Profile takeResult();

private:
  struct Entry {
    FunctionProfile F;
    /// How many inputs had this (name, checksum), and the first of them by
    /// ordinal.
    uint64_t NumInputs = 0;
    size_t FirstOrdinal = 0;
    std::string FirstInput;
    /// The last input that counted towards NumInputs.
    size_t LastOrdinal = 0;
  };
  struct NameInfo {
    /// How many inputs had a function of this name.
    uint64_t NumInputs = 0;
    size_t LastOrdinal = 0;
    std::vector<Entry> Entries;
  };

  /// The first function of \p Input (by index) that has the name and
  /// checksum of a merged function, or of an earlier function of \p Input,
  /// but another number of paths or counts paths where that one counts
  /// calls only (or the reverse); and that other function.
  std::optional<std::pair<size_t, const FunctionProfile *>>
  findConflict(const Profile &Input) const;
  static llvm::Error conflict(const FunctionProfile &Have,
                              const FunctionProfile &New,
                              llvm::StringRef Where);
  /// Adds the records of \p Src (counts and summed metrics times \p Weight)
  /// and keeps the canonical CFG description of the two. Returns false if a
  /// sum saturated.
  bool accumulate(FunctionProfile &Dst, FunctionProfile &&Src,
                  uint64_t Weight) const;
  /// Fails when \p Theirs (of the input \p Where) are not the metrics of
  /// what was merged so far.
  llvm::Error checkMetrics(llvm::ArrayRef<MetricDescriptor> Theirs,
                           llvm::StringRef Where) const;
  /// Takes \p Theirs as the merge's metrics if it has none yet.
  void adoptMetrics(std::vector<MetricDescriptor> Theirs,
                    llvm::StringRef Where);

  /// An input: its ordinal and its name.
  struct InputRef {
    size_t Ordinal = 0;
    std::string Name;
  };
  /// Fails when an input with estimated (\p Estimated) or exact counts,
  /// the first being \p Where, may not join the inputs merged so far.
  llvm::Error checkEstimated(bool Estimated, const InputRef &Where) const;
  /// Takes in what inputs, the first being \p Where, bring: \p Estimate
  /// (none for exact counts).
  void adoptEstimate(const std::optional<EstimateInfo> &Estimate,
                     const InputRef &Where);

  /// Finds the merged function of each function of the table of \p Input
  /// (TableEntries), creating those not merged yet; fails as add() does
  /// when one conflicts with a merged function, creating nothing.
  llvm::Error mapTable(const ModuleCounts &Input, llvm::StringRef InputName,
                       size_t Ordinal);
  /// The merged function of \p F's name (\p Info) and checksum, added
  /// (without \p F's CFG, which the caller gives it) when there is none:
  /// its index in Info.Entries and whether it was added.
  static std::pair<size_t, bool> findOrAddEntry(NameInfo &Info,
                                                const FunctionProfile &F,
                                                size_t Ordinal,
                                                llvm::StringRef InputName);
  /// Counts \p Ordinal, named \p InputName, as an input that has \p E,
  /// of the name \p Info.
  static void countInput(NameInfo &Info, Entry &E, size_t Ordinal,
                         llvm::StringRef InputName);

  llvm::StringMap<NameInfo> ByName;
  size_t NextOrdinal = 0;
  /// The table of the last ModuleCounts added (kept alive, so that its
  /// address names no other table) and, for each of its functions, the
  /// merged function: its name's NameInfo (StringMap values do not move)
  /// and its index in the name's entries (entries are only appended).
  std::shared_ptr<const std::vector<FunctionProfile>> Table;
  std::vector<std::pair<NameInfo *, size_t>> TableEntries;
  /// The metrics of every input merged so far, once there was one, and the
  /// first input that had them.
  bool HaveMetrics = false;
  std::vector<MetricDescriptor> Metrics;
  std::string MetricsInput;
  /// Inputs whose metrics are exact (every path measured), and inputs whose
  /// metrics are sampled, were merged.
  bool SawExact = false, SawSampled = false;
  /// The merged calling context trees, once an input had one.
  std::optional<ContextTree> Context;
  /// The estimates of the estimated inputs merged, absorbed; whether their
  /// periods differed; the first input with exact counts and the first with
  /// estimated ones, by ordinal.
  std::optional<EstimateInfo> Estimate;
  bool PeriodsDiffer = false;
  std::optional<InputRef> FirstExact, FirstEstimated;
  bool AllowMixed = false;
};

} // namespace pathprof

#endif // PATHPROF_PROFILE_H
