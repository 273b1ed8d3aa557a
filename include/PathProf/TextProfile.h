//===- PathProf/TextProfile.h - Path profiles as text -----------*- C++ -*-===//
//
// A readable, line-oriented form of a whole profile, like llvm-profdata's
// .proftext: tests write profiles by hand in it, and `llvm-pathprof show
// --text` prints any profile in it. Reading what writeTextProfile() wrote
// gives the same profile back. docs/FileFormat.md ("Text profiles") has the
// syntax; in short:
//
//   :pathprof-text 1
//   :estimated period=P samples=N records-per-sample=R
//                                      counts estimated from branch samples
//                                      (v7), before functions
//   :metric cycles events sum          one line per metric, before functions
//   function main                      the profile name, to the end of line
//   checksum 0x77a6efb506bf3c9c
//   block entry 3 4 t.c                name, first and last line, file
//   block loop 0 0                     (lines 0 and no file: unknown; a
//                                      block without a name is "-")
//   edge 0 1 cfg                       source, target (node = block index,
//   edge 0 1 entry                     EXIT = number of blocks), kind:
//   edge 1 2 exit                      cfg, entry, exit or ret; the order of
//   edge 1 2 ret                       a node's out-edges numbers the paths
//   path 0 1 1500                      id, count, one value per metric
//   selects 12 0 7                     true counts of the selects (v5)
//
// Names that the line syntax cannot hold as they are ('%', control bytes,
// spaces in a word or at either end of a line) are written with %XX escapes,
// so every profile a binary reader accepts comes back byte for byte.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_TEXTPROFILE_H
#define PATHPROF_TEXTPROFILE_H

#include "PathProf/Profile.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace pathprof {

/// The first word of every text profile; its version follows.
inline constexpr llvm::StringLiteral TextProfileMagic = ":pathprof-text";
/// The newest version of text profiles this library reads and writes.
/// Version 2 added the call-site locations of functions built with calling
/// contexts ('callsites' and 'callsite' lines), version 3 functions that
/// count no paths (-fprofile-path-context=calls): their 'calls' lines, and
/// contexts with their costs, version 4 the value profiles of indirect call
/// sites ('icall' lines), version 5 the counts of selects ('selects'
/// lines), version 6 sampled metrics (':metric ... sampled=PERIOD', and
/// '/ SAMPLES HI:LO...' after the values of a sampled record or costs),
/// version 7 estimated counts (':estimated ...', Profile::Estimated),
/// version 8 the lengths of memory operations ('memop' lines). The
/// writer writes the oldest version that holds the profile; every version
/// is read.
/// The text versions that added call-site locations and calls-only functions.
inline constexpr uint64_t TextCallSitesVersion = 2;
inline constexpr uint64_t TextCallsOnlyVersion = 3;
/// The first version with value profiles of indirect calls ('icall').
inline constexpr uint64_t TextIndirectCallsVersion = 4;
/// The first version with counts of selects ('selects').
inline constexpr uint64_t TextSelectsVersion = 5;
/// The first version with sampled metrics.
inline constexpr uint64_t TextSampledVersion = 6;
/// The first version with estimated counts (':estimated').
inline constexpr uint64_t TextEstimatedVersion = 7;
/// The first version with the lengths of memory operations ('memop').
inline constexpr uint64_t TextMemOpSizesVersion = 8;
inline constexpr uint64_t TextProfileVersion = TextMemOpSizesVersion;
/// The first line of a text profile of version 1.
inline constexpr llvm::StringLiteral TextProfileHeader = ":pathprof-text 1";

/// Whether \p Buffer starts like a text profile of any version: its first
/// line that is not blank or a comment begins with TextProfileMagic.
bool isTextProfile(llvm::StringRef Buffer);

/// Parses a text profile. Errors are ProfileErrors of kind malformed_text
/// that carry the line at fault (readProfile() adds the file name).
llvm::Expected<Profile> readTextProfile(llvm::StringRef Buffer);

/// Prints \p P as a text profile: functions sorted by (name, checksum), paths
/// by id.
void writeTextProfile(const Profile &P, llvm::raw_ostream &OS);

/// Writes the text form of \p P to the file \p Path. Errors come wrapped in
/// a FileError naming \p Path.
llvm::Error writeTextProfile(const Profile &P, llvm::StringRef Path);

} // namespace pathprof

#endif // PATHPROF_TEXTPROFILE_H
