//===- PathProf/PathProfOptions.h - Options of the passes ------*- C++ -*-===//
//
// The options of a PathProf pipeline: read from the command line once by the
// plugin (-mllvm -pathprof-..., or opt's flags) and handed to the passes it
// adds, as LLVM hands PGOOptions and InstrProfOptions to its own PGO passes,
// so that no pass reads another's option and both sides of a rebuild (the
// instrumented build and the use build) are configured in one place.
// Options that tune one pass alone (its thresholds, test hooks) stay with
// that pass.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PATHPROFOPTIONS_H
#define PATHPROF_PATHPROFOPTIONS_H

#include <cstdint>
#include <string>

namespace pathprof {

struct PathProfOptions {
  /// -pathprof-profile-use=FILE: rebuild with this profile; empty: no
  /// profile is used, and the pipeline instruments (when Instrument).
  std::string ProfileUse;
  /// -pathprof-instrument: instrument when the plugin is loaded into the
  /// default pipeline and no profile is used.
  bool Instrument = true;
  /// -pathprof-sample: instead of instrumenting, build a binary whose
  /// branch samples llvm-pathprof sample can map to paths (pseudo-probes
  /// and CFG descriptions in sections that are not loaded).
  bool Sample = false;
  /// -pathprof-preinline: inline small callees first (IR PGO's pre-inliner),
  /// on both sides, in optimized builds.
  bool PreInline = true;
  /// -pathprof-inline-sole-calls: with a profile and without the
  /// pre-inliner, inline the only call of each local function.
  bool InlineSoleCalls = true;
  /// -pathprof-speculate-after-use: with a profile and the pre-inliner,
  /// speculate short conditional blocks into selects after the use pass,
  /// where their weights say they are unpredictable.
  bool SpeculateAfterUse = true;
  /// -pathprof-superblocks: with a profile, form superblocks.
  bool Superblocks = true;
  /// -pathprof-promote-counters: keep path counters of call-free inner
  /// loops in registers (optimized instrumented builds).
  bool PromoteCounters = true;
  /// -pathprof-max-paths: the largest number of paths of a function before
  /// its DAG is cut, on both sides.
  uint64_t MaxPaths = 65536;

  /// The options as the command line sets them.
  static PathProfOptions fromCommandLine();
};

} // namespace pathprof

#endif // PATHPROF_PATHPROFOPTIONS_H
