//===- PathProf/PathProfInstrumentation.h - Path profiling pass -*- C++ -*-===//
//
// The module pass that instruments every function for Ball-Larus path
// profiling and references the runtime (libpathprof_rt).
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PATHPROFINSTRUMENTATION_H
#define PATHPROF_PATHPROFINSTRUMENTATION_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class Module;
} // namespace llvm

namespace pathprof {

/// pathprof-instrument: the path register is an SSA value (a phi per block),
/// increments sit on the chords of a maximum spanning tree, and each path end
/// (a return or a backedge) bumps a counter in the __pathprof_cnts section,
/// or calls the runtime hash table for functions with too many paths.
/// Functions with more than \p MaxPaths paths (PathProfOptions::MaxPaths)
/// have their DAG cut.
class PathProfInstrumentPass
    : public llvm::PassInfoMixin<PathProfInstrumentPass> {
public:
  explicit PathProfInstrumentPass(uint64_t MaxPaths) : MaxPaths(MaxPaths) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  uint64_t MaxPaths;
};

} // namespace pathprof

#endif // PATHPROF_PATHPROFINSTRUMENTATION_H
