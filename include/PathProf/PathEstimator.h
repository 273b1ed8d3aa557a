//===- PathProf/PathEstimator.h - Paths from branch samples -----*- C++ -*-===//
//
// Estimates a path profile from samples of hardware branch records
// (PathProf/PerfScript.h) of a program built with -fprofile-path-sample,
// whose binaries carry PathProf's CFG descriptions (PATHPROF_DESC_SECTION)
// and LLVM pseudo-probes (.pseudo_probe) that map code addresses back to
// the blocks of those descriptions, inlined copies included. Between two
// consecutive records of a sample the code ran straight from one record's
// target to the next one's source, so each sample holds a window of the
// exact control flow; the estimator rebuilds each function activation's
// block sequence in it, cuts it at Ball-Larus path boundaries, and counts
// the complete paths, each weighted by the sampling period over the number
// of window positions that hold the whole path (a Horvitz-Thompson
// estimate, unbiased for paths shorter than the window). docs/Sampling.md
// has the details.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PATHESTIMATOR_H
#define PATHPROF_PATHESTIMATOR_H

#include "PathProf/PerfScript.h"
#include "PathProf/Profile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace pathprof {

struct PathEstimatorOptions {
  /// The binaries of the program (the executable first, then shared
  /// libraries), each built with -fprofile-path-sample.
  std::vector<std::string> Binaries;
  /// Mean taken branches between samples; 0: the script's own (the
  /// generator's header line), else 1.
  uint64_t Period = 0;
};

/// What the estimator saw, for the tool to report.
struct PathEstimatorStats {
  uint64_t Samples = 0;
  /// Records whose addresses fall in no given binary (other libraries, the
  /// kernel), and straight-line runs that could not be mapped.
  uint64_t RecordsOutside = 0;
  /// Straight-line runs in the binaries given.
  uint64_t RunsInside = 0;
  /// Complete paths counted, and the block sequences that did not follow
  /// the CFG (missing probes), repaired or dropped.
  uint64_t PathsCounted = 0;
  uint64_t Repaired = 0, Dropped = 0;
};

/// Estimates the path profile of \p Script's samples: paths, the value
/// profiles of indirect calls, and where the records count cycles a
/// sampled metric, "branch-cycles". The result has Estimated set. Fails
/// when a binary cannot be read or has no pseudo-probes or descriptions,
/// when a mapping names a binary with another build id, or when no sample
/// ran code of the binaries.
llvm::Expected<Profile> estimatePathProfile(const PerfScript &Script,
                                            const PathEstimatorOptions &Opts,
                                            PathEstimatorStats &Stats,
                                            WarningHandler Warn);

} // namespace pathprof

#endif // PATHPROF_PATHESTIMATOR_H
