//===- PathProf/Superblock.h - Superblocks along hot paths ------*- C++ -*-===//
//
// Superblock formation (Hwu et al., "The Superblock: An Effective Technique
// for VLIW and Superscalar Compilation", 1993) driven by a Ball-Larus path
// profile: the hottest paths of a function become traces, and the blocks
// after a trace's first side entrance are tail-duplicated so that the trace
// is entered only at its top. Later passes can then specialise the trace
// (constants, values and branch conditions known along it) without worrying
// about the code that joined it from elsewhere.
//
// The pass pathprof-superblock runs after the use pass (pathprof-use) has
// attached the branch weights, and calls formSuperblocks() on every function
// with a matching profile, taken from PathProfileAnalysis
// (PathProf/ProfileForUse.h) like the use pass's. For tests, the testing
// option -pathprof-superblock-paths names the paths instead of a profile.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_SUPERBLOCK_H
#define PATHPROF_SUPERBLOCK_H

#include "llvm/IR/PassManager.h"

#include <cstdint>

namespace llvm {
class Function;
class Module;
class ProfileSummaryInfo;
} // namespace llvm

namespace pathprof {

class BallLarusDAG;
struct DecodedPathProfile;

/// The instructions a module may still gain from superblock formation
/// (-pathprof-superblock-max-module-growth percent of its size when the
/// budget is made). Phis and debug intrinsics are not counted.
class SuperblockBudget {
public:
  explicit SuperblockBudget(const llvm::Module &M);
  uint64_t remaining() const { return Remaining; }
  void spend(uint64_t N) { Remaining -= N < Remaining ? N : Remaining; }

private:
  uint64_t Remaining = 0;
};

/// Forms superblocks in \p F along its hot paths.
///
/// \p DAG is the Ball-Larus DAG the profile was decoded on and \p Profile the
/// decoded profile of \p F: every executed path, with the edge counts. Both
/// describe \p F as it is on entry; the function's CFG changes, so neither
/// may be used afterwards. \p ProgramFlow is the sum of the counts of every
/// path of every function in the profile. \p FAM gives the remark emitter
/// and, before anything changes, the loops' trip counts. \p PSI may be null.
///
/// Branch weights of the duplicated blocks and of the originals they were
/// copied from are set from the path counts. Every superblock formed or
/// refused is an optimization remark (pathprof-superblock). Returns whether
/// \p F changed.
bool formSuperblocks(llvm::Function &F, const BallLarusDAG &DAG,
                     const DecodedPathProfile &Profile, uint64_t ProgramFlow,
                     SuperblockBudget &ModuleBudget,
                     llvm::FunctionAnalysisManager &FAM,
                     llvm::ProfileSummaryInfo *PSI);

/// pathprof-superblock: forms superblocks in every function that has a
/// profile in -pathprof-profile-use (when -pathprof-superblocks is on), or,
/// with the testing option -pathprof-superblock-paths ('f:entry,b1,b3:100;...':
/// a function, its blocks by name and a count), along the listed paths, which
/// stand for the function's whole profile.
class SuperblockPass : public llvm::PassInfoMixin<SuperblockPass> {
public:
  /// \p Enabled: PathProfOptions::Superblocks (off: the pass changes
  /// nothing, but for the named paths of -pathprof-superblock-paths);
  /// \p MaxPaths: PathProfOptions::MaxPaths, for those named paths.
  SuperblockPass(bool Enabled, uint64_t MaxPaths)
      : Enabled(Enabled), MaxPaths(MaxPaths) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  llvm::PreservedAnalyses formFromNamedPaths(llvm::Module &M,
                                             llvm::ModuleAnalysisManager &MAM);
  bool Enabled;
  uint64_t MaxPaths;
};

} // namespace pathprof

#endif // PATHPROF_SUPERBLOCK_H
