//===- PathProf/ProfileReader.h - Read raw and indexed profiles -*- C++ -*-===//
//
// Readers for the on-disk forms of a path profile: the raw profile the
// runtime writes (ProfileFormat.h), the indexed profile llvm-pathprof merge
// writes (ProfileWriter.h) and the text profile (TextProfile.h). They
// validate every size, offset and index before use and return a ProfileError
// naming the problem; readProfile() sniffs the kind and wraps errors in a
// FileError naming the file. docs/FileFormat.md describes the formats and
// the checks.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PROFILEREADER_H
#define PATHPROF_PROFILEREADER_H

#include "PathProf/CallTargets.h"
#include "PathProf/Profile.h"
#include "PathProf/ProfileFormat.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <variant>

namespace pathprof {

class ProfileBinaries;

/// "PPROFIDX" read as a little-endian 64-bit integer.
constexpr uint64_t IndexedProfileMagic = PATHPROF_INDEXED_MAGIC;
/// The first version with an index (docs/FileFormat.md, "Index"): what the
/// writer writes unless asked for a profile without one.
constexpr uint64_t IndexedProfileIndexVersion = PATHPROF_INDEXED_INDEX_VERSION;
/// Version 2 added per-path metric values and their descriptors, version 3
/// CFG descriptions with call-site locations (CFG description version 2),
/// version 4 functions that count no paths (-fprofile-path-context=calls),
/// with their entries and costs, and their contexts' costs, version 5 the
/// index, version 6 sampled metrics: the samples and sums of squares of
/// sampled records and costs, and the sampling period of each metric (a
/// sampled profile is written with the index). Without an index, the
/// writer writes the oldest version that holds the profile. Version 1 files
/// (counts only) are still read.
constexpr uint64_t IndexedSampledVersion = 6;
/// Version 7 adds the estimate section: the counts are estimates from branch
/// samples (Profile::Estimated). A reader of version 6 would skip the
/// section and take the estimates for exact counts, so only an estimated
/// profile is written as version 7 (with the index).
constexpr uint64_t IndexedEstimatedVersion = 7;
constexpr uint64_t IndexedProfileVersion = IndexedEstimatedVersion;

enum class ProfileKind { Unknown, Raw, Indexed, Text };

/// Identifies a buffer by its magic (or a text profile by its first line);
/// does not validate anything else.
ProfileKind identifyProfile(llvm::StringRef Buffer);

/// The calling context tree of one thread, as a raw profile holds it: the
/// tree of one counter segment (docs/ContextTree.md, "Reading").
struct ThreadContextTree {
  /// The segment's number among its module's counter segments, in file
  /// order, the order the runtime made them in: 0 for the thread that
  /// started the module, then each thread slice. A slice that a thread left
  /// to a later one holds the trees of both.
  uint64_t Thread = 0;
  uint64_t SegmentOffset = 0;
  ContextTree Tree;
};

/// The description segment (function records, names and CFG descriptions)
/// that the last raw read with this cache decoded, kept so that reading many
/// raw profiles of one build, as a merge does, decodes and checks it once: a
/// later file whose first description segment has the same bytes (compared
/// in full) takes the decoded functions from here. Not thread-safe: one per
/// thread.
class RawDescriptionCache {
public:
  RawDescriptionCache();
  ~RawDescriptionCache();
  RawDescriptionCache(RawDescriptionCache &&);
  RawDescriptionCache &operator=(RawDescriptionCache &&);

  struct Entry;

private:
  std::unique_ptr<Entry> Kept;
  friend llvm::Expected<Profile>
  readRawProfile(llvm::StringRef Buffer, WarningHandler Warn,
                 std::vector<ThreadContextTree> *Threads,
                 const ProfileBinaries *Binaries, RawDescriptionCache *Cache);
  friend llvm::Expected<std::optional<ModuleCounts>>
  readRawModuleCounts(llvm::StringRef Buffer, WarningHandler Warn,
                      RawDescriptionCache &Cache);
};

/// Parses a raw profile, with one function per (name, checksum): records of
/// the same function emitted by several files are summed. Non-fatal problems
/// (increments the runtime dropped, saturated sums) go to \p Warn. The
/// profile's calling context tree is the trees of all threads merged; with
/// \p Threads, each thread's is also appended there, in file order (those
/// that counted something). A module built with
/// -fprofile-path-correlate=binary has its names and CFG descriptions in its
/// binary, which must be one of \p Binaries. \p Cache, if given, saves
/// decoding a description it holds, and keeps this file's if the file reads;
/// the profile is the same (a cache is used with one set of binaries).
llvm::Expected<Profile>
readRawProfile(llvm::StringRef Buffer, WarningHandler Warn,
               std::vector<ThreadContextTree> *Threads = nullptr,
               const ProfileBinaries *Binaries = nullptr,
               RawDescriptionCache *Cache = nullptr);

/// Reads the raw profile \p Buffer as counts against the description
/// \p Cache holds (ModuleCounts), when the file has that description and
/// no other, and counter segments of it without metrics or calling context
/// trees: what readRawProfile() would read, without building its Profile.
/// None, with nothing said, for any other file (an invalid one included),
/// which readRawProfile() is to read instead. Errors and warnings as
/// readRawProfile()'s.
llvm::Expected<std::optional<ModuleCounts>>
readRawModuleCounts(llvm::StringRef Buffer, WarningHandler Warn,
                    RawDescriptionCache &Cache);

/// What the header of one segment of a raw profile says (version 1 files
/// have one segment, the file, without owner and version strings).
struct RawSegmentInfo {
  /// What the segment holds: from version 3 a module's description (its
  /// functions) or one instance's counts, from version 6 also the folded
  /// counts of dead instances (compact); before version 3, both.
  enum SegmentKind { Both, Description, Counts, Compact };
  uint64_t Offset = 0;
  uint64_t Version = 0;
  uint64_t Size = 0; ///< Bytes in the file.
  /// Version 10, a packed segment: the bytes of the segment it holds.
  std::optional<uint64_t> UnpackedSize;
  SegmentKind Kind = Both;
  uint64_t NumFunctions = 0;
  uint64_t ModuleSignature = 0;
  uint64_t OwnerPid = 0;
  bool Free = false;    ///< Its counts were folded into another segment.
  std::string Producer; ///< The compiler that built the module.
  std::string Runtime;  ///< The runtime that wrote the segment.
};

/// The segments of a raw profile, in file order, with their headers checked
/// (not their contents: readRawProfile does that).
llvm::Expected<std::vector<RawSegmentInfo>>
readRawSegments(llvm::StringRef Buffer, WarningHandler Warn);

/// Parses an indexed profile. The result's functions are sorted by
/// (name, checksum).
llvm::Expected<Profile> readIndexedProfile(llvm::StringRef Buffer);

/// What one compilation reads of a profile: the profiles of the functions it
/// asked for, and what it needs to know of the whole profile.
struct ProfileSubset {
  /// Every profile of the symbols asked for (of every checksum, and, for a
  /// local function, under every source path), sorted by (name, checksum);
  /// the metrics and the summary; no calling context tree.
  Profile Prof;
  /// The callee tables of those functions (PathProf/CallTargets.h), with
  /// their names in CalleeNames.
  CallTargetMap CallTargets;
  llvm::StringSet<> CalleeNames;
  /// About the whole profile: how many functions it has, whether a function
  /// counts no paths, whether it has a calling context tree.
  uint64_t NumFunctions = 0;
  bool CallsOnly = false;
  bool HasContext = false;
};

/// Reads of the indexed profile \p Buffer only the functions whose symbol
/// is that of one of \p Names (the header, the index and the sections the
/// use side needs, checking the checksums of what it reads), or nothing
/// when the profile has no index or no summary.
llvm::Expected<std::optional<ProfileSubset>>
readIndexedProfileSubset(llvm::StringRef Buffer,
                         llvm::ArrayRef<llvm::StringRef> Names);

/// Reads of the profile at \p Path what a compilation of functions named
/// \p Names needs: through the index of an indexed profile that has one,
/// all of it otherwise (then Prof holds every function). Errors and
/// warnings as readProfile's with \p NameFileInWarnings false.
llvm::Expected<ProfileSubset>
readProfileSubset(llvm::StringRef Path, llvm::ArrayRef<llvm::StringRef> Names,
                  WarningHandler Warn);

/// Reads the raw, indexed or text profile at \p Path. Errors come wrapped in
/// a FileError naming \p Path (describeProfileError() prints "<Path>: ...");
/// warnings are prefixed with "<Path>: " unless \p NameFileInWarnings is
/// false (for a caller whose diagnostics name the file themselves). With
/// \p Required other than Unknown, a profile of another kind is an error.
/// \p Threads, for a raw profile, gets each thread's context tree, and
/// \p Binaries has the binaries of its correlated modules and \p Cache is the
/// raw reader's (readRawProfile).
llvm::Expected<Profile>
readProfile(llvm::StringRef Path, WarningHandler Warn,
            ProfileKind Required = ProfileKind::Unknown,
            bool NameFileInWarnings = true,
            std::vector<ThreadContextTree> *Threads = nullptr,
            const ProfileBinaries *Binaries = nullptr,
            RawDescriptionCache *Cache = nullptr);

/// Reads the profile at \p Path as readProfile() does (\p Required,
/// \p Binaries, \p Cache), except that a raw profile that
/// readRawModuleCounts() reads against \p Cache comes as those counts.
llvm::Expected<std::variant<Profile, ModuleCounts>>
readProfileOrCounts(llvm::StringRef Path, WarningHandler Warn,
                    ProfileKind Required, const ProfileBinaries *Binaries,
                    RawDescriptionCache &Cache);

/// The segments of the raw profile at \p Path (readRawSegments); an indexed
/// profile, which has none, is an error. Errors come wrapped in a FileError
/// naming \p Path; warnings are prefixed with "<Path>: ".
llvm::Expected<std::vector<RawSegmentInfo>>
readProfileSegments(llvm::StringRef Path, WarningHandler Warn);

} // namespace pathprof

#endif // PATHPROF_PROFILEREADER_H
