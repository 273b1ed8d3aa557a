//===- PathProf/CallTargets.h - Callees of call sites, per function -*- C++
//-*-===//
//
// What the use side needs of a calling context tree or of value profiles:
// for each function, the callees each of its call sites entered and how
// often. merge computes these tables once and stores them in an indexed
// profile (docs/FileFormat.md, section 6), so that a compilation reads the
// tables of its own functions instead of walking the whole tree.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_CALLTARGETS_H
#define PATHPROF_CALLTARGETS_H

#include "PathProf/Profile.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <map>

namespace pathprof {

/// A callee a calling context tree (or a value profile) recorded at a call
/// site: its profile name and the calls of the site that entered it. An
/// empty name stands for the calls of targets a value profile could not
/// name (IndirectCallSite::Unknown).
struct CallTarget {
  llvm::StringRef Name;
  uint64_t Count = 0;
};

/// The callees recorded at the call sites of one function, by call-site
/// index (PathProf/ContextCallSites.h), in the order the tree or the value
/// profile first names them; sites that entered no function of the profile
/// are left out.
using CallSiteTargets = std::map<uint64_t, llvm::SmallVector<CallTarget, 2>>;

/// The call sites' callees of every function that has some.
using CallTargetMap = llvm::DenseMap<const FunctionProfile *, CallSiteTargets>;

/// The callee tables of \p P: with a calling context tree, each function's
/// call sites' callees summed over its contexts (direct calls, and calls
/// through backedges; entries through unknown code are no call of the site);
/// without one, the value profiles of its indirect call sites, unknown
/// targets last. Names refer to the functions of \p P.
CallTargetMap computeCallTargets(const Profile &P);

} // namespace pathprof

#endif // PATHPROF_CALLTARGETS_H
