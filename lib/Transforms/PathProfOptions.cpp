//===- PathProfOptions.cpp - The pipeline's command-line options ----------===//

#include "PathProf/PathProfOptions.h"

#include "llvm/Support/CommandLine.h"

using namespace llvm;
using namespace pathprof;

static cl::opt<std::string> ProfileUse(
    "pathprof-profile-use", cl::init(""), cl::Hidden,
    cl::value_desc("filename"),
    cl::desc("Optimize with this path profile (indexed or raw) instead of "
             "instrumenting for path profiling"));

static cl::opt<bool> Instrument(
    "pathprof-instrument", cl::init(true), cl::Hidden,
    cl::desc("Instrument for path profiling when the plugin is loaded into "
             "the default pipeline"));

static cl::opt<bool>
    Sample("pathprof-sample", cl::init(false), cl::Hidden,
           cl::desc("Instead of instrumenting, add pseudo-probes and CFG "
                    "descriptions (in sections that are not loaded) from which "
                    "llvm-pathprof sample estimates path profiles from branch "
                    "samples"));

static cl::opt<bool> PreInline(
    "pathprof-preinline", cl::init(true), cl::Hidden,
    cl::desc("Inline small callees before path instrumentation and before "
             "the use pass in optimized builds, as IR PGO does"));

static cl::opt<bool> InlineSoleCalls(
    "pathprof-inline-sole-calls", cl::init(true), cl::Hidden,
    cl::desc("With -pathprof-profile-use in optimized builds: inline the "
             "only call of each local function, as -fprofile-use's "
             "pre-inliner does"));

static cl::opt<bool> SpeculateAfterUse(
    "pathprof-speculate-after-use", cl::init(true), cl::Hidden,
    cl::desc("With -pathprof-profile-use and the pre-inliner: after the use "
             "pass, let the weights decide which short conditional blocks "
             "become selects, as IR PGO's pre-inliner would have"));

static cl::opt<bool> Superblocks(
    "pathprof-superblocks", cl::init(true), cl::Hidden,
    cl::desc("Form superblocks along the hot paths of the path profile given "
             "by -pathprof-profile-use"));

static cl::opt<bool> PromoteCounters(
    "pathprof-promote-counters", cl::init(true), cl::Hidden,
    cl::desc("Keep path counters of call-free inner loops in registers "
             "(optimized builds only)"));

static cl::opt<uint64_t> MaxPaths(
    "pathprof-max-paths", cl::init(65536), cl::Hidden,
    cl::desc("Largest number of paths a function may have; functions with "
             "more have their DAG cut so that paths end earlier (the "
             "default equals -pathprof-dense-limit, so every function gets "
             "dense counters; raise it to hash large functions instead)"));

PathProfOptions PathProfOptions::fromCommandLine() {
  PathProfOptions O;
  O.ProfileUse = ::ProfileUse;
  O.Instrument = ::Instrument;
  O.Sample = ::Sample;
  O.PreInline = ::PreInline;
  O.InlineSoleCalls = ::InlineSoleCalls;
  O.SpeculateAfterUse = ::SpeculateAfterUse;
  O.Superblocks = ::Superblocks;
  O.PromoteCounters = ::PromoteCounters;
  O.MaxPaths = ::MaxPaths;
  return O;
}
