//===- fuzz/ProfileFuzzer.h - Checks shared by the fuzzers ------*- C++ -*-===//
//
// What a fuzz target asserts beyond "no crash, no out-of-bounds access": a
// profile that a reader accepts must be usable by everything downstream. Every
// counted path decodes into blocks of its function, the entry count can be
// computed, and the profile round-trips through the indexed writer and reader
// unchanged, byte for byte on the second trip, and through the text writer
// and reader unchanged, its text the same on the second trip. A profile a
// reader refuses is
// refused with a ProfileError, whose kind callers act on. A violation aborts
// with a message, which libFuzzer reports as a crash and saves as an
// artifact.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_FUZZ_PROFILEFUZZER_H
#define PATHPROF_FUZZ_PROFILEFUZZER_H

#include "PathProf/ProfileError.h"
#include "PathProf/ProfileReader.h"
#include "PathProf/ProfileWriter.h"
#include "PathProf/TextProfile.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace pathprof {
namespace fuzz {

[[noreturn]] inline void violated(const llvm::Twine &What) {
  llvm::errs() << "PathProf fuzz invariant violated: " << What << "\n";
  abort();
}

/// \p E, a reader's refusal, is a ProfileError of a real kind: callers tell
/// a corrupt file from a truncated one or a newer version by it
/// (PathProf/ProfileError.h), never by a bare string or error code.
inline void checkRefused(llvm::Error E, const char *Reader) {
  llvm::handleAllErrors(
      std::move(E),
      [&](const ProfileError &PE) {
        if (PE.kind() == profile_error::success)
          violated(llvm::Twine(Reader) +
                   " refuses with the kind 'success': " + PE.message());
      },
      [&](const llvm::ErrorInfoBase &EI) {
        violated(llvm::Twine(Reader) +
                 " refuses with an error that is not a ProfileError: " +
                 EI.message());
      });
}

inline void checkSameProfile(const Profile &A, const Profile &B,
                             const char *Stage) {
  if (A.Functions.size() != B.Functions.size())
    violated(llvm::Twine(Stage) + ": function count changed");
  if (A.Metrics != B.Metrics)
    violated(llvm::Twine(Stage) + ": metric descriptors changed");
  if (A.Context != B.Context)
    violated(llvm::Twine(Stage) + ": the calling context tree changed");
  for (size_t I = 0; I != A.Functions.size(); ++I) {
    const FunctionProfile &F = A.Functions[I], &G = B.Functions[I];
    if (F.Name != G.Name || F.Checksum != G.Checksum ||
        F.NumPaths != G.NumPaths || F.CFGData != G.CFGData ||
        F.Paths != G.Paths || F.CallsOnly != G.CallsOnly ||
        F.Entries != G.Entries || F.Costs != G.Costs || F.ICalls != G.ICalls ||
        F.Selects != G.Selects)
      violated(llvm::Twine(Stage) + ": function '" + F.Name + "' changed");
  }
}

/// Checks everything downstream consumers rely on in an accepted profile and
/// returns its indexed encoding.
inline std::string checkAccepted(const Profile &P) {
  for (const FunctionProfile &F : P.Functions) {
    if (F.Name.empty())
      violated("a function has an empty name");
    if (F.CFG.numPaths() != F.NumPaths)
      violated("'" + F.Name + "': NumPaths differs from its CFG");
    for (const PathRecord &R : F.Paths) {
      const uint64_t Id = R.Id, Count = R.Count;
      if (Count == 0)
        violated("'" + F.Name + "' keeps a zero count");
      llvm::Expected<DecodedPath> D = F.CFG.decode(Id);
      if (!D)
        violated("'" + F.Name + "': a counted path does not decode: " +
                 llvm::toString(D.takeError()));
      for (uint32_t Block : D->Blocks)
        if (Block >= F.CFG.exitNode())
          violated("'" + F.Name + "': a decoded block is out of range");
    }
    llvm::Expected<uint64_t> Entry = F.entryCount();
    if (!Entry)
      violated("'" + F.Name +
               "': no entry count: " + llvm::toString(Entry.takeError()));
  }

  std::string Indexed;
  if (llvm::Error E = serializeIndexedProfile(P, Indexed))
    violated("the indexed writer refuses an accepted profile: " +
             llvm::toString(std::move(E)));
  llvm::Expected<Profile> Back = readIndexedProfile(Indexed);
  if (!Back)
    violated("the indexed reader refuses what the writer wrote: " +
             llvm::toString(Back.takeError()));
  Profile Sorted = P;
  Sorted.sortFunctions();
  checkSameProfile(Sorted, *Back, "indexed round trip");
  std::string Again;
  if (llvm::Error E = serializeIndexedProfile(*Back, Again))
    violated("the indexed writer refuses its own output: " +
             llvm::toString(std::move(E)));
  if (Again != Indexed)
    violated("the indexed encoding is not unique");

  std::string Text;
  llvm::raw_string_ostream TextOS(Text);
  writeTextProfile(P, TextOS);
  llvm::Expected<Profile> FromText = readTextProfile(Text);
  if (!FromText)
    violated("the text reader refuses what the text writer wrote: " +
             llvm::toString(FromText.takeError()));
  checkSameProfile(Sorted, *FromText, "text round trip");
  std::string TextAgain;
  llvm::raw_string_ostream TextAgainOS(TextAgain);
  writeTextProfile(*FromText, TextAgainOS);
  if (TextAgain != Text)
    violated("the text of a profile is not unique");
  return Indexed;
}

} // namespace fuzz
} // namespace pathprof

#endif // PATHPROF_FUZZ_PROFILEFUZZER_H
