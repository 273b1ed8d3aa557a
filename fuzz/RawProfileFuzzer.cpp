//===- fuzz/RawProfileFuzzer.cpp - libFuzzer target for raw profiles ------===//
//
// Feeds each input to readRawProfile, the reader for what the runtime writes
// (possibly from a crashed program or a different build), and to
// readRawSegments, which lists its segments for show. Both must reject
// anything malformed with an Error and never read out of bounds; a profile
// readRawProfile accepts must pass checkAccepted (ProfileFuzzer.h), and its
// segments must be listed. An input the
// reader rejects is read a second time with the header's size field set to
// the input's size, since most mutations that insert or erase bytes would
// otherwise stop at that one check. Seeds are in fuzz/corpus/raw
// (fuzz/make-corpus.sh).
//
//===----------------------------------------------------------------------===//

#include "ProfileFuzzer.h"

#include "llvm/Support/Endian.h"

#include <string>

using namespace llvm;
using namespace pathprof;

namespace {

// The header's fourth u64 is the size of the file (of the first segment
// in multi-segment files).
constexpr size_t SizeOffset = 3 * 8;

bool readOne(StringRef Buffer) {
  // identifyProfile is what sends a file to this reader; it must agree.
  bool Identified = identifyProfile(Buffer) == ProfileKind::Raw;
  Expected<std::vector<RawSegmentInfo>> Segments =
      readRawSegments(Buffer, [](const Twine &) {});
  bool Listed = static_cast<bool>(Segments);
  if (!Segments)
    fuzz::checkRefused(Segments.takeError(), "readRawSegments");
  Expected<Profile> P = readRawProfile(Buffer, [](const Twine &) {});
  if (!P) {
    fuzz::checkRefused(P.takeError(), "readRawProfile");
    return false;
  }
  if (!Identified)
    fuzz::violated("the raw reader accepts a file identifyProfile rejects");
  if (!Listed)
    fuzz::violated("readRawSegments rejects a profile readRawProfile reads");
  fuzz::checkAccepted(*P);
  return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Buffer(reinterpret_cast<const char *>(Data), Size);
  if (readOne(Buffer) || Size < SizeOffset + 8)
    return 0;
  std::string Fixed(Buffer);
  support::endian::write64le(&Fixed[SizeOffset], Size);
  if (Fixed != Buffer)
    readOne(Fixed);
  return 0;
}
