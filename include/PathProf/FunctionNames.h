//===- PathProf/FunctionNames.h - Profile names of IR functions -*- C++ -*-===//
//
// The one place that decides which functions PathProf's passes touch and
// under which name a function's profile is stored and looked up. The
// instrumentation, the use pass and superblock formation all ask here, so
// that a function instrumented under one name is found under the same name.
//
// The name is the symbol name; for a function with local linkage it is
// "<source path>;<symbol>" so that static functions of different files stay
// apart. The source path goes through -pathprof-prefix-map, so that builds in
// different directories can agree on it. A name once given is kept: the
// instrumentation records it on local functions as !pathprof.name metadata,
// and a later pass over the same IR reads it first, so that a function that
// ThinLTO promoted and renamed (foo.llvm.123) keeps its original name. IR
// PGO's !PGOFuncName, and a ".llvm.<n>" suffix when there is no metadata at
// all, lead back to the original name the same way.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_FUNCTIONNAMES_H
#define PATHPROF_FUNCTIONNAMES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace pathprof {

/// The function metadata that records a local function's profile name.
constexpr llvm::StringLiteral PathProfNameMetadata = "pathprof.name";

/// The name \p F has in profiles (see the file comment).
std::string getPathProfFuncName(const llvm::Function &F);

/// Records the profile name of \p F as !pathprof.name when it is not simply
/// the symbol name, so that renaming \p F later does not lose its profile.
void recordPathProfFuncName(llvm::Function &F);

/// \p Path with the last matching -pathprof-prefix-map=OLD=NEW applied.
std::string remapSourcePath(llvm::StringRef Path);

/// What remarks and warnings call \p F: its demangled original name.
std::string getDisplayName(const llvm::Function &F);

/// True when no PathProf pass should touch \p F at all: declarations,
/// functions marked noprofile or skipprofile (no_profile_instrument_function)
/// and naked ones, funclet-based exception handling, the runtime's own
/// functions.
bool shouldSkipFunction(const llvm::Function &F);

} // namespace pathprof

#endif // PATHPROF_FUNCTIONNAMES_H
