//===- fuzz/TextProfileFuzzer.cpp - libFuzzer target for text profiles ----===//
//
// Feeds each input to readTextProfile, the reader for profiles people and
// tests write by hand (docs/FileFormat.md, "Text profiles"). It must refuse
// anything malformed with a ProfileError, never recurse without bound or
// allocate for what the input does not hold; a profile it accepts must pass
// checkAccepted (ProfileFuzzer.h), which also writes it as text and reads it
// back, and the text writer must print the profile it read back exactly as
// it printed the first (the text of a profile is unique). Seeds are in
// fuzz/corpus/text (fuzz/make-corpus.sh).
//
//===----------------------------------------------------------------------===//

#include "ProfileFuzzer.h"

#include "PathProf/TextProfile.h"

#include <string>

using namespace llvm;
using namespace pathprof;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Buffer(reinterpret_cast<const char *>(Data), Size);
  Expected<Profile> P = readTextProfile(Buffer);
  if (!P) {
    fuzz::checkRefused(P.takeError(), "readTextProfile");
    return 0;
  }
  if (identifyProfile(Buffer) != ProfileKind::Text)
    fuzz::violated("the text reader accepts a file identifyProfile rejects");
  fuzz::checkAccepted(*P);
  return 0;
}
