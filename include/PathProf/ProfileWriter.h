//===- PathProf/ProfileWriter.h - Write indexed profiles --------*- C++ -*-===//
//
// Serializes a Profile as an indexed profile (docs/FileFormat.md). The output
// is a function of the profile's contents only: functions sorted by
// (name, checksum), paths by id, CFG descriptions copied byte for byte, so
// that reading and rewriting an indexed profile reproduces it exactly.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PROFILEWRITER_H
#define PATHPROF_PROFILEWRITER_H

#include "PathProf/Profile.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace pathprof {

/// Appends the indexed form of \p P to \p Out: with an index (version
/// IndexedProfileIndexVersion), or without one, in the oldest version that
/// holds the profile, which earlier tools read. Fails if two functions share
/// (name, checksum) or a count refers to a path the CFG does not have.
llvm::Error serializeIndexedProfile(const Profile &P, std::string &Out,
                                    bool WithIndex = true);

/// Writes the indexed form of \p P to the file \p Path. Errors come wrapped
/// in a FileError naming \p Path.
llvm::Error writeIndexedProfile(const Profile &P, llvm::StringRef Path,
                                bool WithIndex = true);

} // namespace pathprof

#endif // PATHPROF_PROFILEWRITER_H
