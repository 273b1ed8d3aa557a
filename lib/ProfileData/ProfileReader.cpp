//===- ProfileReader.cpp - Read a profile of either kind ------------------===//
//
// Identifies a profile by its magic and hands it to the raw or the indexed
// reader, naming the file in every error and warning.
//
//===----------------------------------------------------------------------===//

#include "PathProf/ProfileReader.h"
#include "PathProf/ProfileFormat.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;
using namespace pathprof;

ProfileKind pathprof::identifyProfile(StringRef Buffer) {
  if (Buffer.size() < 8)
    return ProfileKind::Unknown;
  uint64_t Magic = support::endian::read64le(Buffer.data());
  if (Magic == PATHPROF_RAW_MAGIC || Magic == byteswap(PATHPROF_RAW_MAGIC))
    return ProfileKind::Raw;
  if (Magic == IndexedProfileMagic || Magic == byteswap(IndexedProfileMagic))
    return ProfileKind::Indexed;
  return ProfileKind::Unknown;
}

Expected<Profile> pathprof::readProfile(StringRef Path, WarningHandler Warn) {
  auto WithFile = [&](Error E) {
    return createStringError(inconvertibleErrorCode(),
                             Path + ": " + toString(std::move(E)));
  };
  ErrorOr<std::unique_ptr<MemoryBuffer>> BufOrErr =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!BufOrErr)
    return WithFile(errorCodeToError(BufOrErr.getError()));
  StringRef Buffer = (*BufOrErr)->getBuffer();
  auto FileWarn = [&](const Twine &Msg) { Warn(Path + ": " + Msg); };

  auto Read = [&]() -> Expected<Profile> {
    switch (identifyProfile(Buffer)) {
    case ProfileKind::Raw:
      return readRawProfile(Buffer, FileWarn);
    case ProfileKind::Indexed:
      return readIndexedProfile(Buffer);
    case ProfileKind::Unknown:
      break;
    }
    if (Buffer.size() < 8)
      return createStringError(inconvertibleErrorCode(),
                               "not a path profile (only " +
                                   Twine(Buffer.size()) + " bytes)");
    return createStringError(
        inconvertibleErrorCode(),
        "not a path profile (bad magic 0x" +
            utohexstr(support::endian::read64le(Buffer.data())) + ")");
  };
  Expected<Profile> P = Read();
  if (!P)
    return WithFile(P.takeError());
  return P;
}
