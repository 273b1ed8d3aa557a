//===- fuzz/PerfScriptFuzzer.cpp - libFuzzer target for perf script text -===//
//
// Feeds each input to parsePerfScript, the reader of llvm-pathprof sample's
// input (the text of perf script -F ip,brstack, PathProf/PerfScript.h). It
// must skip or refuse anything malformed with a warning or an error, never
// crash or allocate for what the input does not hold; what it accepts must
// hold samples with records, and mappings in the order of the samples. Seeds
// are in fuzz/corpus/perf-script (the golden files of test/Sampling).
//
//===----------------------------------------------------------------------===//

#include "ProfileFuzzer.h"

#include "PathProf/PerfScript.h"

using namespace llvm;
using namespace pathprof;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Buffer(reinterpret_cast<const char *>(Data), Size);
  Expected<PerfScript> S =
      parsePerfScript(Buffer, "fuzz", [](const Twine &) {});
  if (!S) {
    consumeError(S.takeError());
    return 0;
  }
  if (S->Samples.empty())
    fuzz::violated("parsePerfScript accepts a file without samples");
  size_t Previous = 0;
  for (const PerfMapping &M : S->Mappings) {
    if (M.FirstSample < Previous || M.FirstSample > S->Samples.size())
      fuzz::violated("a mapping out of the order of the samples");
    Previous = M.FirstSample;
  }
  for (const BranchSample &Sample : S->Samples)
    if (Sample.Records.empty())
      fuzz::violated("a sample without records");
  return 0;
}
