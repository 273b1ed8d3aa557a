//===- PathProf/ProfileForUse.h - A path profile loaded for use -*- C++ -*-===//
//
// The profile the use side works from (-fprofile-path-use): read once per
// compilation by the module analysis PathProfileAnalysis, indexed by profile
// name, with the whole program's summary. The annotating pass (pathprof-use)
// and superblock formation (pathprof-superblock) both take it from there, as
// does print<pathprof-use>. Its result survives every transformation: it
// describes the profile file, not the IR.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PROFILEFORUSE_H
#define PATHPROF_PROFILEFORUSE_H

#include "PathProf/CallTargets.h"
#include "PathProf/PathDecode.h"
#include "PathProf/Profile.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/ProfileSummary.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace llvm {
class DiagnosticPrinter;
class Function;
} // namespace llvm

namespace pathprof {

class BallLarusDAG;

/// A problem with the path profile, reported through the LLVMContext so
/// that clang prints it as "error:"/"warning:" (-Wbackend-plugin) and fails
/// the compilation on errors.
class DiagnosticInfoPathProfile : public llvm::DiagnosticInfo {
public:
  DiagnosticInfoPathProfile(llvm::StringRef File, const llvm::Twine &Msg,
                            llvm::DiagnosticSeverity Severity)
      : DiagnosticInfo(kind(), Severity), File(File.str()), Msg(Msg.str()) {}

  void print(llvm::DiagnosticPrinter &DP) const override;

  static bool classof(const DiagnosticInfo *DI) {
    return DI->getKind() == kind();
  }

private:
  static int kind();

  std::string File;
  std::string Msg;
};

/// A profile loaded for use: its functions by profile name, and what the
/// whole program's profile says (flow, maximum counts, summary). From a
/// profile with an index, only the functions that the module may use: those
/// of the symbols it defines (PathProf/ProfileReader.h, ProfileSubset).
struct ProfileForUse {
  Profile Prof;
  /// How many functions the whole profile has.
  uint64_t NumFunctions = 0;
  /// A function of the whole profile counts no paths.
  bool CallsOnly = false;
  /// The profile has a calling context tree.
  bool HasContext = false;
  llvm::StringMap<llvm::SmallVector<const FunctionProfile *, 1>> ByName;
  /// The profile names of local functions by their symbol, each name once.
  llvm::StringMap<llvm::SmallVector<llvm::StringRef, 1>> LocalsBySymbol;
  /// Sum of all path counts of all functions.
  uint64_t ProgramFlow = 0;
  /// Largest entry count of any function.
  uint64_t MaxFunctionCount = 0;
  std::unique_ptr<llvm::ProfileSummary> Summary;
  /// With a calling context tree: the callees of each function's call sites,
  /// summed over its contexts (direct calls, and calls through backedges;
  /// entries through unknown code are no call of the site). Without one:
  /// the value profiles of its indirect call sites.
  CallTargetMap CallTargets;
  /// The names CallTargets refers to, when they are not Prof's.
  llvm::StringSet<> CalleeNames;

  /// The profile of the function named \p Name with \p Checksum, or null.
  const FunctionProfile *find(llvm::StringRef Name, uint64_t Checksum) const;

  struct Match;
  /// The profile of the function named \p Name: under that name, or, for a
  /// local function, under the name of the same symbol whose source path
  /// shares the most trailing components with \p Name's, when exactly one
  /// does. Paths must share at least the file name.
  Match match(llvm::StringRef Name) const;

  /// The profile that applies to \p F, numbered as \p DAG: matched by name
  /// and CFG checksum; null when there is none or it is stale.
  const FunctionProfile *profileOf(const llvm::Function &F,
                                   const BallLarusDAG &DAG) const;
};

/// Where the profile of a function is, if anywhere.
struct ProfileForUse::Match {
  /// The profile name whose records apply; empty when none does.
  llvm::StringRef Name;
  /// Name is another source path's name for the same static function: the
  /// tree moved since the profile was made.
  bool FromOtherPath = false;
  /// Names of other source paths that are equally good matches, so none
  /// was taken.
  llvm::SmallVector<llvm::StringRef, 2> Ambiguous;
};

/// Reads the profile \p File (PathProfOptions::ProfileUse), once per
/// module, through its index when it has one (only the records of the
/// module's functions and their callee tables; docs/FileFormat.md, "Index"):
/// errors and warnings are diagnostics (an error fails the compilation); the
/// result is null when there is no profile to use. Never invalidated.
class PathProfileAnalysis
    : public llvm::AnalysisInfoMixin<PathProfileAnalysis> {
public:
  explicit PathProfileAnalysis(std::string File) : File(std::move(File)) {}
  struct Result {
    std::shared_ptr<const ProfileForUse> Profile;
    bool invalidate(llvm::Module &, const llvm::PreservedAnalyses &,
                    llvm::ModuleAnalysisManager::Invalidator &) {
      return false;
    }
  };
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &);

private:
  friend llvm::AnalysisInfoMixin<PathProfileAnalysis>;
  static llvm::AnalysisKey Key;
  std::string File;
};

/// The path profile of one function decoded on its numbering, once per CFG:
/// pathprof-use and pathprof-superblock both take it from here. The flow of
/// loops left only by calls that do not return is conserved
/// (conserveLoopFlow). Kept while the function's CFG and numbering are
/// (pathprof-use attaches weights only); needs the module's
/// PathProfileAnalysis computed already.
class DecodedProfileAnalysis
    : public llvm::AnalysisInfoMixin<DecodedProfileAnalysis> {
public:
  struct Result {
    /// The record that applies (ProfileForUse::profileOf); null when there
    /// is none or it is stale.
    const FunctionProfile *Profile = nullptr;
    /// Profile decoded; empty when there is no Profile or it does not
    /// decode (Error says why).
    std::optional<DecodedPathProfile> Decoded;
    std::string Error;
    /// Loops that conserveLoopFlow() gave lost flow.
    unsigned LoopsConserved = 0;

    bool invalidate(llvm::Function &F, const llvm::PreservedAnalyses &PA,
                    llvm::FunctionAnalysisManager::Invalidator &Inv);
  };
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

private:
  friend llvm::AnalysisInfoMixin<DecodedProfileAnalysis>;
  static llvm::AnalysisKey Key;
};

} // namespace pathprof

#endif // PATHPROF_PROFILEFORUSE_H
