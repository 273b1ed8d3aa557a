//===- PathProf/Profile.h - In-memory path profile --------------*- C++ -*-===//
//
// The in-memory model of a path profile, common to raw and indexed profiles:
// a list of functions, each identified by (name, CFG checksum) and carrying
// its Ball-Larus DAG and the counts of the paths that ran. Also the merge of
// several weighted profiles into one, which sums counts of identical
// functions, independently of the order and grouping of the inputs, and warns
// about everything it cannot sum.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PROFILE_H
#define PATHPROF_PROFILE_H

#include "PathProf/CFGDescription.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pathprof {

/// Receives non-fatal problems (dropped increments, saturated counters,
/// skipped functions). Libraries never print; the tool decides what to do.
using WarningHandler = llvm::function_ref<void(const llvm::Twine &)>;

/// The profile of one function.
struct FunctionProfile {
  std::string Name;
  uint64_t Checksum = 0;
  uint64_t NumPaths = 0;
  /// The serialized CFG description, kept so that writers reproduce it
  /// byte for byte.
  std::string CFGData;
  CFGDescription CFG;
  /// Path id -> count, for paths with a non-zero count only.
  std::map<uint64_t, uint64_t> Counts;
  /// Per-path metric accumulators; reserved, always 0 for now.
  uint64_t NumMetrics = 0;

  /// Sum of all path counts, saturating at UINT64_MAX.
  uint64_t totalCount() const;

  /// Sum of the counts of the paths that start at the function's entry (not
  /// after a backedge): the number of calls. Saturating.
  llvm::Expected<uint64_t> entryCount() const;

  /// Adds \p Count to path \p PathId. Returns false if the sum saturated.
  bool addCount(uint64_t PathId, uint64_t Count);

  /// Sets CFGData and CFG from a serialized description; fails if it is
  /// malformed or does not have NumPaths paths.
  llvm::Error setCFG(llvm::StringRef Data);
};

/// A whole profile: the functions of a program, in no particular order
/// unless sortFunctions() was called.
struct Profile {
  std::vector<FunctionProfile> Functions;

  /// Sorts functions by (name, checksum), the order of indexed profiles.
  void sortFunctions();

  /// Sum of totalCount() over all functions, saturating.
  uint64_t totalCount() const;
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
class ProfileMerger {
public:
  /// Merges \p Input, the profile of the input named \p InputName, with
  /// every count multiplied by \p Weight (>= 1). \p Ordinal is the input's
  /// position among all inputs of the merge (unique per input); it only
  /// decides which input warnings name first. Fails, merging nothing of
  /// \p Input, if one of its functions has the name and checksum of a merged
  /// function but a different number of paths.
  llvm::Error add(Profile &&Input, llvm::StringRef InputName, uint64_t Weight,
                  size_t Ordinal, WarningHandler Warn);

  /// Merges \p Input with weight 1 as the next input; a function that
  /// conflicts as described above is skipped with a warning.
  void add(Profile &&Input, llvm::StringRef InputName, WarningHandler Warn);

  /// Adds everything \p Other accumulated from other inputs (e.g. on another
  /// thread) to this merger and leaves \p Other empty.
  llvm::Error merge(ProfileMerger &&Other, WarningHandler Warn);

  /// Warns once per function name whose checksums differ between the inputs
  /// that have the name: "function 'F' has mismatched checksums ...; kept
  /// apart: 0x... in N inputs (first: FILE), ...". Names in sorted order.
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
  /// but another number of paths; and that other function.
  std::optional<std::pair<size_t, const FunctionProfile *>>
  findConflict(const Profile &Input) const;
  static llvm::Error conflict(const FunctionProfile &Have,
                              const FunctionProfile &New,
                              llvm::StringRef Where);
  /// Adds the counts of \p Src (times \p Weight) and keeps the canonical
  /// CFG description of the two. Returns false if a sum saturated.
  static bool accumulate(FunctionProfile &Dst, FunctionProfile &&Src,
                         uint64_t Weight);

  llvm::StringMap<NameInfo> ByName;
  size_t NextOrdinal = 0;
};

} // namespace pathprof

#endif // PATHPROF_PROFILE_H
