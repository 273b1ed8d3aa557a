//===- fuzz/IndexedProfileFuzzer.cpp - libFuzzer target for indexed profiles
//-===//
//
// Feeds each input to readIndexedProfile twice: as it is, and with the
// header's FileSize and body checksum recomputed. The checksum would otherwise
// stop nearly every mutation at the first check, so the second reading is
// what reaches the function records, CFG descriptions, path records and
// sections. An accepted profile must pass checkAccepted (ProfileFuzzer.h), and
// since the encoding is unique, rewriting one without sections must give back
// the input byte for byte. Seeds are in fuzz/corpus/indexed
// (fuzz/make-corpus.sh).
//
//===----------------------------------------------------------------------===//

#include "ProfileFuzzer.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

#include <string>

using namespace llvm;
using namespace pathprof;

namespace {

// Header layout (docs/FileFormat.md): u64 fields, in this order.
constexpr size_t HeaderBytes = 64;
constexpr size_t VersionOffset = 1 * 8;
constexpr size_t FileSizeOffset = 3 * 8;
constexpr size_t NumSectionsOffset = 6 * 8;
constexpr size_t ChecksumOffset = 7 * 8;

void readOne(StringRef Buffer) {
  Expected<Profile> P = readIndexedProfile(Buffer);
  if (!P) {
    fuzz::checkRefused(P.takeError(), "readIndexedProfile");
    return;
  }
  if (identifyProfile(Buffer) != ProfileKind::Indexed)
    fuzz::violated("the indexed reader accepts a file identifyProfile "
                   "rejects");
  std::string Rewritten = fuzz::checkAccepted(*P);
  bool HasSections =
      support::endian::read64le(Buffer.data() + NumSectionsOffset) != 0;
  uint64_t Version = support::endian::read64le(Buffer.data() + VersionOffset);
  // The writer uses the oldest version since 2 that holds the profile.
  if (Version == support::endian::read64le(Rewritten.data() + VersionOffset)) {
    // Only sections of unknown kinds, which the writer drops, may change.
    if (!HasSections && Rewritten != Buffer)
      fuzz::violated("rewriting an accepted indexed profile changes it");
    return;
  }
  // Another version is rewritten in the writer's, holding the same profile.
  Expected<Profile> Upgraded = readIndexedProfile(Rewritten);
  if (!Upgraded)
    fuzz::violated("an upgraded indexed profile does not read back: " +
                   toString(Upgraded.takeError()));
  fuzz::checkSameProfile(*P, *Upgraded, "upgrade");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Buffer(reinterpret_cast<const char *>(Data), Size);
  readOne(Buffer);
  if (Size < HeaderBytes)
    return 0;
  std::string Fixed(Buffer);
  support::endian::write64le(&Fixed[FileSizeOffset], Size);
  support::endian::write64le(
      &Fixed[ChecksumOffset],
      xxh3_64bits(StringRef(Fixed).drop_front(HeaderBytes)));
  if (Fixed != Buffer)
    readOne(Fixed);
  return 0;
}
