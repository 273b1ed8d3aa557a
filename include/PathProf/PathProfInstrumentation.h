//===- PathProf/PathProfInstrumentation.h - Path profiling pass -*- C++ -*-===//
//
// The module pass that instruments every function for Ball-Larus path
// profiling and references the runtime (libpathprof_rt).
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PATHPROFINSTRUMENTATION_H
#define PATHPROF_PATHPROFINSTRUMENTATION_H

#include "llvm/IR/PassManager.h"

#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace pathprof {

/// pathprof-instrument: the path register is an SSA value (a phi per block),
/// increments sit on the chords of a maximum spanning tree, and each path end
/// (a return or a backedge) bumps a counter in the __pathprof_cnts section,
/// or calls the runtime hash table for functions with too many paths.
class PathProfInstrumentPass
    : public llvm::PassInfoMixin<PathProfInstrumentPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// The name a function has in profiles: its symbol name, prefixed with the
/// module's source file name for functions with local linkage (as IR PGO
/// does), so that static functions of different files stay apart.
std::string getPathProfFuncName(const llvm::Function &F);

/// True when the pass should not touch \p F at all (declarations,
/// funclet-based exception handling).
bool shouldSkipFunction(const llvm::Function &F);

} // namespace pathprof

#endif // PATHPROF_PATHPROFINSTRUMENTATION_H
