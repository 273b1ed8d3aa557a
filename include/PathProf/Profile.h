//===- PathProf/Profile.h - In-memory path profile --------------*- C++ -*-===//
//
// The in-memory model of a path profile, common to raw and indexed profiles:
// a list of functions, each identified by (name, CFG checksum) and carrying
// its Ball-Larus DAG and the counts of the paths that ran. Also the merge of
// several profiles into one, which sums counts of identical functions and
// warns about everything it cannot sum.
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
/// (name, checksum); counts of identical functions are summed, saturating
/// with a warning. A function whose name was already seen from an earlier
/// input with a different checksum is skipped with a warning, so that a
/// stale profile never mixes with a current one; functions of the same input
/// are all kept.
class ProfileMerger {
public:
  /// Merges \p Input, read from \p InputName, into the result.
  void add(Profile &&Input, llvm::StringRef InputName, WarningHandler Warn);

  /// The merged profile, functions sorted by (name, checksum).
  Profile takeResult();

private:
  struct NameInfo {
    unsigned FirstInput = 0;
    std::vector<size_t> Indices; ///< Into Result.Functions.
  };
  Profile Result;
  llvm::StringMap<NameInfo> ByName;
  unsigned NumInputs = 0;
};

} // namespace pathprof

#endif // PATHPROF_PROFILE_H
