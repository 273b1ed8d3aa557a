//===- ProfileReader.cpp - Read a profile of either kind ------------------===//
//
// Identifies a profile by its magic and hands it to the raw or the indexed
// reader, naming the file in every error and warning. Regular files are
// mapped; a pipe or a device is read as a stream, but only after its first
// bytes turned out to be a profile's magic, so that pointing the tool at
// /dev/zero or a terminal is an error rather than an endless read.
//
//===----------------------------------------------------------------------===//

#include "PathProf/ProfileReader.h"
#include "PathProf/ProfileError.h"
#include "PathProf/ProfileFormat.h"
#include "PathProf/TextProfile.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;
using namespace pathprof;

ProfileKind pathprof::identifyProfile(StringRef Buffer) {
  // A stream is identified by its first 8 bytes alone.
  if (isTextProfile(Buffer) ||
      (Buffer.size() == 8 && TextProfileHeader.starts_with(Buffer)))
    return ProfileKind::Text;
  if (Buffer.size() < 8)
    return ProfileKind::Unknown;
  uint64_t Magic = support::endian::read64le(Buffer.data());
  if (Magic == PATHPROF_RAW_MAGIC || Magic == byteswap(PATHPROF_RAW_MAGIC))
    return ProfileKind::Raw;
  if (Magic == IndexedProfileMagic || Magic == byteswap(IndexedProfileMagic))
    return ProfileKind::Indexed;
  return ProfileKind::Unknown;
}

/// A failure of the operating system to read a file, as a ProfileError.
static Error ioError(Error E) {
  return makeProfileError(profile_error::io, toString(std::move(E)));
}
static Error ioError(std::error_code EC) {
  return makeProfileError(profile_error::io, EC.message());
}

/// Reads a pipe or device: the first 8 bytes, and the rest only if those are
/// the magic of a profile. A refused stream yields what was read, which the
/// caller then reports as not a profile.
static Expected<std::unique_ptr<MemoryBuffer>> readStream(StringRef Path) {
  Expected<sys::fs::file_t> FD = sys::fs::openNativeFileForRead(Path);
  if (!FD)
    return ioError(FD.takeError());
  auto Close = make_scope_exit([&] { sys::fs::closeFile(*FD); });
  SmallVector<char, 0> Bytes(8);
  size_t Have = 0;
  while (Have != Bytes.size()) {
    Expected<size_t> Read = sys::fs::readNativeFile(
        *FD, MutableArrayRef<char>(Bytes).drop_front(Have));
    if (!Read)
      return ioError(Read.takeError());
    if (*Read == 0)
      break;
    Have += *Read;
  }
  Bytes.resize(Have);
  if (identifyProfile(StringRef(Bytes.data(), Bytes.size())) !=
      ProfileKind::Unknown)
    if (Error E = sys::fs::readNativeFileToEOF(*FD, Bytes))
      return ioError(std::move(E));
  return MemoryBuffer::getMemBufferCopy(StringRef(Bytes.data(), Bytes.size()),
                                        Path);
}

static Expected<std::unique_ptr<MemoryBuffer>> readBytes(StringRef Path) {
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    return ioError(EC);
  if (Status.type() == sys::fs::file_type::directory_file)
    return makeProfileError(profile_error::io, "is a directory");
  if (Status.type() != sys::fs::file_type::regular_file)
    return readStream(Path);
  ErrorOr<std::unique_ptr<MemoryBuffer>> BufOrErr =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!BufOrErr)
    return ioError(BufOrErr.getError());
  return std::move(*BufOrErr);
}

static Error notAProfile(StringRef Buffer) {
  if (Buffer.size() < 8)
    return makeProfileError(profile_error::not_a_profile,
                            "not a path profile (only " + Twine(Buffer.size()) +
                                " bytes)");
  return makeProfileError(
      profile_error::not_a_profile,
      "not a path profile (bad magic 0x" +
          utohexstr(support::endian::read64le(Buffer.data())) + ")");
}

/// Reads the file at \p Path and hands its bytes to \p Read; errors come
/// wrapped in a FileError naming the file, warnings prefixed with its name.
template <typename T, typename ReadFn>
static Expected<T> readFile(StringRef Path, WarningHandler Warn, ReadFn Read,
                            bool NameFileInWarnings = true) {
  auto WithFile = [&](Error E) { return createFileError(Path, std::move(E)); };
  Expected<std::unique_ptr<MemoryBuffer>> BufOrErr = readBytes(Path);
  if (!BufOrErr)
    return WithFile(BufOrErr.takeError());
  auto FileWarn = [&](const Twine &Msg) {
    if (NameFileInWarnings)
      Warn(Path + ": " + Msg);
    else
      Warn(Msg);
  };
  Expected<T> Result = Read((*BufOrErr)->getBuffer(), FileWarn);
  if (!Result)
    return WithFile(Result.takeError());
  return Result;
}

/// Parses \p Buffer as a profile of the kind its first bytes say.
static Expected<Profile> readBuffer(StringRef Buffer, WarningHandler FileWarn,
                                    ProfileKind Required,
                                    std::vector<ThreadContextTree> *Threads,
                                    const ProfileBinaries *Binaries,
                                    RawDescriptionCache *Cache = nullptr) {
  ProfileKind Kind = identifyProfile(Buffer);
  if (Required == ProfileKind::Text && Kind != ProfileKind::Text)
    return makeProfileError(profile_error::not_a_profile,
                            "not a text profile (its first line is "
                            "not '" +
                                TextProfileHeader + "')");
  if (Threads && (Kind == ProfileKind::Indexed || Kind == ProfileKind::Text))
    return makeProfileError(
        profile_error::not_a_profile,
        Twine("a") + (Kind == ProfileKind::Text ? " text" : "n indexed") +
            " profile keeps the calling context trees of its threads "
            "merged; they are apart in raw profiles only");
  switch (Kind) {
  case ProfileKind::Raw:
    return readRawProfile(Buffer, FileWarn, Threads, Binaries, Cache);
  case ProfileKind::Indexed:
    return readIndexedProfile(Buffer);
  case ProfileKind::Text:
    return readTextProfile(Buffer);
  case ProfileKind::Unknown:
    break;
  }
  return notAProfile(Buffer);
}

Expected<Profile> pathprof::readProfile(StringRef Path, WarningHandler Warn,
                                        ProfileKind Required,
                                        bool NameFileInWarnings,
                                        std::vector<ThreadContextTree> *Threads,
                                        const ProfileBinaries *Binaries,
                                        RawDescriptionCache *Cache) {
  return readFile<Profile>(
      Path, Warn,
      [Required, Threads, Binaries, Cache](StringRef Buffer,
                                           WarningHandler FileWarn) {
        return readBuffer(Buffer, FileWarn, Required, Threads, Binaries, Cache);
      },
      NameFileInWarnings);
}

Expected<std::variant<Profile, ModuleCounts>> pathprof::readProfileOrCounts(
    StringRef Path, WarningHandler Warn, ProfileKind Required,
    const ProfileBinaries *Binaries, RawDescriptionCache &Cache) {
  using Result = std::variant<Profile, ModuleCounts>;
  return readFile<Result>(
      Path, Warn,
      [&](StringRef Buffer, WarningHandler FileWarn) -> Expected<Result> {
        if (Required != ProfileKind::Text &&
            identifyProfile(Buffer) == ProfileKind::Raw) {
          Expected<std::optional<ModuleCounts>> Counts =
              readRawModuleCounts(Buffer, FileWarn, Cache);
          if (!Counts)
            return Counts.takeError();
          if (*Counts)
            return Result(std::move(**Counts));
        }
        Expected<Profile> P = readBuffer(Buffer, FileWarn, Required,
                                         /*Threads=*/nullptr, Binaries, &Cache);
        if (!P)
          return P.takeError();
        return Result(std::move(*P));
      });
}

Expected<ProfileSubset> pathprof::readProfileSubset(StringRef Path,
                                                    ArrayRef<StringRef> Names,
                                                    WarningHandler Warn) {
  return readFile<ProfileSubset>(
      Path, Warn,
      [Names](StringRef Buffer,
              WarningHandler FileWarn) -> Expected<ProfileSubset> {
        if (identifyProfile(Buffer) == ProfileKind::Indexed) {
          Expected<std::optional<ProfileSubset>> Subset =
              readIndexedProfileSubset(Buffer, Names);
          if (!Subset)
            return Subset.takeError();
          if (*Subset)
            return std::move(**Subset);
        }
        Expected<Profile> P = readBuffer(Buffer, FileWarn, ProfileKind::Unknown,
                                         nullptr, nullptr);
        if (!P)
          return P.takeError();
        ProfileSubset Result;
        Result.Prof = std::move(*P);
        Result.CallTargets = computeCallTargets(Result.Prof);
        Result.NumFunctions = Result.Prof.Functions.size();
        Result.CallsOnly =
            any_of(Result.Prof.Functions,
                   [](const FunctionProfile &F) { return F.CallsOnly; });
        Result.HasContext = Result.Prof.Context.has_value();
        return std::move(Result);
      },
      /*NameFileInWarnings=*/false);
}

Expected<std::vector<RawSegmentInfo>>
pathprof::readProfileSegments(StringRef Path, WarningHandler Warn) {
  using Segments = std::vector<RawSegmentInfo>;
  return readFile<Segments>(
      Path, Warn,
      [](StringRef Buffer, WarningHandler FileWarn) -> Expected<Segments> {
        switch (identifyProfile(Buffer)) {
        case ProfileKind::Raw:
          return readRawSegments(Buffer, FileWarn);
        case ProfileKind::Indexed:
        case ProfileKind::Text:
          return makeProfileError(
              profile_error::not_a_profile,
              Twine("a") +
                  (identifyProfile(Buffer) == ProfileKind::Text ? " text"
                                                                : "n indexed") +
                  " profile has no segments; they are listed for raw "
                  "profiles only");
        case ProfileKind::Unknown:
          break;
        }
        return notAProfile(Buffer);
      });
}
