//===- PathProf/ProfileBinaries.h - Descriptions from binaries --*- C++ -*-===//
//
// A module built with -fprofile-path-correlate=binary keeps the names and
// CFG descriptions of its functions in a section of its binary that the
// loader does not map (PATHPROF_DESC_SECTION), and its raw profile names
// each function by the MD5 of its name and its checksum, and the binary by
// its build id. ProfileBinaries holds what the raw reader needs of such
// binaries (given with --binary): for each build id, the name and CFG
// description of each {name MD5, checksum}.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PROFILEBINARIES_H
#define PATHPROF_PROFILEBINARIES_H

#include "PathProf/Profile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace pathprof {

/// The descriptions of one binary.
struct BinaryDescriptions {
  struct Entry {
    llvm::StringRef Name, CFG;
  };
  std::string Path;
  /// The NT_GNU_BUILD_ID note's descriptor, as lowercase hex.
  std::string BuildId;
  /// By {name MD5, checksum}; the bytes are in the binary's buffer.
  llvm::DenseMap<std::pair<uint64_t, uint64_t>, Entry> Entries;
};

class ProfileBinaries {
public:
  /// Reads the binaries at \p Paths: ELF executables, shared libraries or
  /// their debug files, each of which must have descriptions; a directory
  /// stands for the ELF files in it (not in its subdirectories) and in its
  /// .build-id/xx/ subdirectories, of which those without descriptions are
  /// skipped. Errors name the file.
  static llvm::Expected<ProfileBinaries>
  load(llvm::ArrayRef<std::string> Paths);

  /// The binary with build id \p BuildId (lowercase hex), or null.
  const BinaryDescriptions *find(llvm::StringRef BuildId) const;
  /// The binaries read, in the order given.
  llvm::ArrayRef<BinaryDescriptions> binaries() const { return Binaries; }
  bool empty() const { return Binaries.empty(); }

  /// Parses the contents of a PATHPROF_DESC_SECTION into \p Into.
  static llvm::Error parseSection(llvm::StringRef Bytes,
                                  BinaryDescriptions &Into);

private:
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> Buffers;
  std::vector<BinaryDescriptions> Binaries;
  llvm::StringMap<size_t> ByBuildId;
};

} // namespace pathprof

#endif // PATHPROF_PROFILEBINARIES_H
