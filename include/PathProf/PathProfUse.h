//===- PathProf/PathProfUse.h - Profile-guided use of paths -----*- C++ -*-===//
//
// The use side of PathProf (-fprofile-path-use=FILE, the pass pathprof-use):
// at the pipeline point where the instrumentation ran, it reads a path
// profile, matches each function by profile name and CFG checksum, and turns
// its path counts into ordinary PGO data (branch weights, entry counts, a
// profile summary, hot/cold attributes, and, from a calling context tree,
// value profiles of indirect calls) for LLVM's profile consumers.
// Superblock formation along the hot paths is a pass of its own that runs
// next (pathprof-superblock, PathProf/Superblock.h).
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PATHPROFUSE_H
#define PATHPROF_PATHPROFUSE_H

#include "llvm/IR/PassManager.h"

#include <string>

namespace llvm {
class Module;
class raw_ostream;
} // namespace llvm

namespace pathprof {

/// pathprof-use: annotates the module with the path profile \p ProfileFile
/// (PathProfOptions::ProfileUse, read by PathProfileAnalysis,
/// PathProf/ProfileForUse.h; diagnostics name it). A profile that cannot be
/// read is an error diagnostic; stale function profiles are one warning per
/// module (-pathprof-warn-mismatch).
class PathProfUsePass : public llvm::PassInfoMixin<PathProfUsePass> {
public:
  explicit PathProfUsePass(std::string ProfileFile)
      : ProfileFile(std::move(ProfileFile)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  std::string ProfileFile;
};

/// print<pathprof-use>: for every function, whether the profile
/// PathProfileAnalysis read matches it and, if so, its decoded paths, edge and
/// block counts (PathProf/PathDecode.h). Changes nothing but the
/// splitting at setjmp calls that numbering needs.
class PathProfUsePrinterPass
    : public llvm::PassInfoMixin<PathProfUsePrinterPass> {
public:
  explicit PathProfUsePrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace pathprof

#endif // PATHPROF_PATHPROFUSE_H
