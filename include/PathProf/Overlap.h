//===- PathProf/Overlap.h - Similarity of two path profiles -----*- C++ -*-===//
//
// Compares a test profile with a base profile, as llvm-profdata overlap does
// for edge profiles, plus the hot-path accuracy of A. Shye et al., "Analysis
// of Path Profiling Information Generated with Performance Monitoring
// Hardware", INTERACT workshop 2005, section 4.5, which scores an estimated
// (e.g. sampled) profile against an exact one.
//
// Terms. A path is (function name, checksum, path id); functions match only
// when name and checksum both match. The flow of a path is its count divided
// by the total count of its whole profile. Then:
//  - overlap: sum over paths of min(base flow, test flow); 1 when the two
//    profiles are proportional, 0 when they share no executed path;
//  - function overlap: the same with counts divided by the function's total
//    in each profile (1 when neither profile ran the function);
//  - hot paths: the base paths whose flow is above the hot threshold (the
//    paper uses 0.125%); the test's hot set is its N hottest paths, N the
//    number of base hot paths (ties broken by name, checksum, id);
//    hot-path accuracy is the base flow of the hot paths in both sets
//    divided by the base flow of all base hot paths.
// docs/CommandGuide.md states the same for users.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_OVERLAP_H
#define PATHPROF_OVERLAP_H

#include "PathProf/Profile.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pathprof {

struct OverlapOptions {
  /// A base path is hot when its flow is strictly above this fraction of the
  /// base profile's total count (0.00125 = 0.125%, the paper's threshold).
  double HotThreshold = 0.00125;
};

/// How a function present, with the same checksum, in both profiles compares.
struct FunctionOverlap {
  std::string Name;
  uint64_t Checksum = 0;
  uint64_t BaseCount = 0; ///< Sum of the function's path counts in base.
  uint64_t TestCount = 0;
  uint64_t BasePaths = 0; ///< Executed (non-zero) paths in base.
  uint64_t TestPaths = 0;
  uint64_t CommonPaths = 0; ///< Paths executed in both.
  /// Sum over its paths of min(base count / BaseCount, test count /
  /// TestCount); 1 if both counts are 0, 0 if only one is.
  double Overlap = 0;
  /// The function's part of the program overlap: sum over its paths of
  /// min(base flow, test flow).
  double ProgramOverlap = 0;
  /// Base hot paths of this function, and how many of them the test ranks
  /// hot.
  uint64_t HotPaths = 0;
  uint64_t HotPathsFound = 0;
};

/// A function that only one profile has.
struct UnmatchedFunction {
  std::string Name;
  uint64_t Checksum = 0;
  uint64_t Count = 0;
};

/// A name both profiles have, with checksums that do not all match.
struct ChecksumMismatch {
  std::string Name;
  std::vector<uint64_t> BaseChecksums; ///< Unmatched ones, sorted.
  std::vector<uint64_t> TestChecksums;
};

struct ProfileOverlap {
  uint64_t BaseTotal = 0;
  uint64_t TestTotal = 0;
  /// Sum over all paths of min(base flow, test flow), in [0, 1].
  double Overlap = 0;
  /// Number of base hot paths, how many of them are among the test's
  /// HotPaths hottest paths, and their base flows.
  uint64_t HotPaths = 0;
  uint64_t HotPathsFound = 0;
  double HotFlow = 0;
  double HotFlowFound = 0;
  /// HotFlowFound / HotFlow; none when the base has no hot path.
  std::optional<double> HotPathAccuracy;

  /// Functions in both profiles: by base count, descending, then test count,
  /// descending, then name and checksum.
  std::vector<FunctionOverlap> Functions;
  /// Functions whose name the other profile does not have, by name and
  /// checksum.
  std::vector<UnmatchedFunction> OnlyInBase;
  std::vector<UnmatchedFunction> OnlyInTest;
  /// Names in both profiles with unmatched checksums, by name. Their
  /// unmatched functions count in BaseTotal/TestTotal but match nothing.
  std::vector<ChecksumMismatch> Mismatches;
};

/// Compares \p Test with \p Base. Each profile must have at most one function
/// per (name, checksum), as the readers guarantee.
ProfileOverlap computeOverlap(const Profile &Base, const Profile &Test,
                              const OverlapOptions &Options = {});

} // namespace pathprof

#endif // PATHPROF_OVERLAP_H
