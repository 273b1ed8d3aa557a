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

/// Appends the indexed form of \p P to \p Out. Fails if two functions share
/// (name, checksum) or a count refers to a path the CFG does not have.
llvm::Error serializeIndexedProfile(const Profile &P, std::string &Out);

/// Writes the indexed form of \p P to the file \p Path. Errors come wrapped
/// in a FileError naming \p Path.
llvm::Error writeIndexedProfile(const Profile &P, llvm::StringRef Path);

} // namespace pathprof

#endif // PATHPROF_PROFILEWRITER_H
