//===- PathProf/PerfScript.h - Branch samples as perf prints ---*- C++ -*-===//
//
// The input of llvm-pathprof sample: samples of the last taken branches of
// a thread (Intel LBR, AMD BRS and LbrExtV2, Arm BRBE), as
// `perf script -F ip,brstack --show-mmap-events` prints them (with
// `pid,tid` fields optionally first), or as pathprof-branch-sampler writes
// them; docs/Sampling.md lists every form of perf 5.x and 6.x that is read.
// Parsing keeps only what path estimation needs: each sample's records,
// newest first, and the executable mappings, in the order of the file.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PERFSCRIPT_H
#define PATHPROF_PERFSCRIPT_H

#include "PathProf/Profile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pathprof {

/// One taken branch: FROM/TO/PRED/IN_TX/ABORT/CYCLES[/TYPE[/SPEC]].
struct BranchRecord {
  uint64_t From = 0;
  uint64_t To = 0;
  /// Core cycles since the previous record (0: the hardware gave none).
  uint32_t Cycles = 0;
};

/// One sample: the branch stack, newest record first, as perf prints it.
struct BranchSample {
  /// With the pid,tid fields; 0 otherwise.
  uint32_t Pid = 0, Tid = 0;
  uint64_t Ip = 0;
  std::vector<BranchRecord> Records;
};

/// The Pid of the kernel's own mappings (perf prints -1).
constexpr uint32_t KernelPid = UINT32_MAX;

/// An executable mapping (PERF_RECORD_MMAP2 with an x permission, or
/// PERF_RECORD_MMAP): where a file's pages were mapped in process Pid.
struct PerfMapping {
  /// KernelPid for the kernel's.
  uint32_t Pid = 0;
  uint64_t Start = 0, Length = 0, PageOffset = 0;
  std::string Path;
  /// Lowercase hex, when perf recorded build ids (--buildid-mmap); empty
  /// otherwise.
  std::string BuildId;
  /// The number of samples before this event in the file: the mapping
  /// holds for those after it.
  size_t FirstSample = 0;
};

struct PerfScript {
  std::vector<PerfMapping> Mappings;
  std::vector<BranchSample> Samples;
  /// From the first comment line of pathprof-branch-sampler's output
  /// ("# pathprof-branch-sampler: depth=N period=N ..."), if present: the
  /// mean number of taken branches between two samples, and the depth.
  std::optional<uint64_t> Period;
  std::optional<uint64_t> Depth;
  /// The samples start with `PID/TID` (perf script -F pid,tid,...); in a
  /// file that mixes forms, the samples without have Pid and Tid 0.
  bool HasPidTid = false;
  /// Lines that were neither a sample, a mapping, a comment nor another
  /// perf event line, and were skipped (each also reported once through
  /// the warning handler, up to a limit).
  uint64_t SkippedLines = 0;
};

/// Parses \p Text, read from \p Name (for messages). Unparsable lines are
/// counted and skipped with a warning naming the first few by line number
/// ("NAME:LINE: skipped: REASON"), then one warning for the rest; samples
/// without branch records (an ip alone) are dropped. A file with no branch
/// sample at all, or whose last line has no newline and is not complete (a
/// sample line ends with the space perf prints after each record), is an
/// error, wrapped in a FileError naming \p Name.
llvm::Expected<PerfScript> parsePerfScript(llvm::StringRef Text,
                                           llvm::StringRef Name,
                                           WarningHandler Warn);

/// Reads \p Path ("-": standard input): perf script text, or a perf.data
/// file (by its magic, PERFILE2), which is turned into text by running
/// `perf script -F ip,brstack --show-mmap-events -i PATH` (perf from the
/// environment variable PERF, else found on PATH) into a temporary file.
llvm::Expected<PerfScript> readPerfScript(llvm::StringRef Path,
                                          WarningHandler Warn);

} // namespace pathprof

#endif // PATHPROF_PERFSCRIPT_H
