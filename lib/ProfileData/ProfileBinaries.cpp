//===- ProfileBinaries.cpp - Descriptions from binaries -------------------===//
//
// Part of PathProf. See PathProf/ProfileBinaries.h; the section's layout is
// in docs/FileFormat.md, "Binary correlation".
//
//===----------------------------------------------------------------------===//

#include "PathProf/ProfileBinaries.h"
#include "PathProf/ProfileError.h"
#include "PathProf/ProfileFormat.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/BuildID.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace pathprof;

Error ProfileBinaries::parseSection(StringRef Bytes, BinaryDescriptions &Into) {
  constexpr uint64_t EntryBytes = sizeof(PathProfDescEntry);
  auto Corrupt = [&](uint64_t At, const Twine &Msg) {
    return makeProfileError(profile_error::corrupt,
                            "section " PATHPROF_DESC_SECTION
                            " is corrupt at offset " +
                                Twine(At) + ": " + Msg);
  };
  for (uint64_t At = 0; At < Bytes.size();) {
    if (Bytes.size() - At < 8)
      return Corrupt(At, "a partial word");
    uint64_t Magic = support::endian::read64le(Bytes.data() + At);
    // Zeros between the entries of two object files.
    if (Magic == 0) {
      At += 8;
      continue;
    }
    if (Magic != PATHPROF_DESC_MAGIC)
      return Corrupt(At, "bad magic 0x" + utohexstr(Magic));
    if (Bytes.size() - At < EntryBytes)
      return Corrupt(At, "the entry's header is cut short");
    PathProfDescEntry E;
#define PATHPROF_DESC_ENTRY_FIELD(Name)                                        \
  E.Name = support::endian::read64le(Bytes.data() + At +                       \
                                     offsetof(PathProfDescEntry, Name));
#include "PathProf/ProfileLayout.inc"
    // In this order no difference wraps: each size is compared with what is
    // left before its rounded-up value is used.
    const uint64_t Left = Bytes.size() - At - EntryBytes;
    const uint64_t NameBytes = alignTo(E.NameSize, 8);
    if (E.NameSize == 0 || E.NameSize > Left || NameBytes > Left ||
        E.CFGSize > Left - NameBytes ||
        alignTo(E.CFGSize, 8) > Left - NameBytes)
      return Corrupt(At, "name of " + Twine(E.NameSize) +
                             " bytes and CFG description of " +
                             Twine(E.CFGSize) + " do not fit the section");
    StringRef Name = Bytes.substr(At + EntryBytes, E.NameSize);
    StringRef CFG = Bytes.substr(At + EntryBytes + NameBytes, E.CFGSize);
    // The same function from several object files (an inline function built
    // without its own group, or the copies of ThinLTO backends): the same
    // key and checksum mean the same CFG description.
    Into.Entries.try_emplace({E.NameRef, E.Checksum},
                             BinaryDescriptions::Entry{Name, CFG});
    At += EntryBytes + NameBytes + alignTo(E.CFGSize, 8);
  }
  return Error::success();
}

/// Reads the descriptions of the ELF file in \p Buffer, or nothing when it
/// is not an ELF file or has no description section.
static Expected<std::optional<BinaryDescriptions>>
readBinary(MemoryBufferRef Buffer) {
  Expected<std::unique_ptr<object::ObjectFile>> Obj =
      object::ObjectFile::createObjectFile(Buffer);
  if (!Obj) {
    consumeError(Obj.takeError());
    return std::nullopt;
  }
  if (!(*Obj)->isELF())
    return std::nullopt;
  for (const object::SectionRef &Sec : (*Obj)->sections()) {
    Expected<StringRef> Name = Sec.getName();
    if (!Name || *Name != PATHPROF_DESC_SECTION) {
      if (!Name)
        consumeError(Name.takeError());
      continue;
    }
    Expected<StringRef> Contents = Sec.getContents();
    if (!Contents)
      return Contents.takeError();
    BinaryDescriptions B;
    B.Path = Buffer.getBufferIdentifier().str();
    B.BuildId = toHex(object::getBuildID(Obj->get()), /*LowerCase=*/true);
    if (Error E = ProfileBinaries::parseSection(*Contents, B))
      return std::move(E);
    return std::move(B);
  }
  return std::nullopt;
}

/// The files a directory stands for: its own and those of its .build-id/xx/
/// subdirectories (the layout of a debug file directory).
static std::vector<std::string> filesOfDirectory(StringRef Dir) {
  std::vector<std::string> Files;
  std::error_code EC;
  auto AddFiles = [&](StringRef D, bool Subdirectories) {
    for (sys::fs::directory_iterator I(D, EC), End; I != End && !EC;
         I.increment(EC)) {
      sys::fs::file_type T = I->type();
      if (T == sys::fs::file_type::regular_file ||
          T == sys::fs::file_type::symlink_file)
        Files.push_back(I->path());
      else if (Subdirectories && T == sys::fs::file_type::directory_file)
        for (sys::fs::directory_iterator J(I->path(), EC), E2; J != E2 && !EC;
             J.increment(EC))
          Files.push_back(J->path());
    }
    EC.clear();
  };
  AddFiles(Dir, false);
  SmallString<256> BuildIds(Dir);
  sys::path::append(BuildIds, ".build-id");
  if (sys::fs::is_directory(BuildIds))
    AddFiles(BuildIds, true);
  llvm::sort(Files);
  return Files;
}

Expected<ProfileBinaries> ProfileBinaries::load(ArrayRef<std::string> Paths) {
  ProfileBinaries Result;
  auto Add = [&](StringRef Path, bool Required) -> Error {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(
        Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!Buf)
      return Required ? createFileError(Path, errorCodeToError(Buf.getError()))
                      : Error::success();
    Expected<std::optional<BinaryDescriptions>> B =
        readBinary((*Buf)->getMemBufferRef());
    if (!B)
      return createFileError(Path, B.takeError());
    if (!*B) {
      if (!Required)
        return Error::success();
      return createFileError(
          Path, makeProfileError(
                    profile_error::missing_binary,
                    "not an ELF file with PathProf descriptions (section " +
                        Twine(PATHPROF_DESC_SECTION) +
                        "): build it with -fprofile-path-correlate=binary, "
                        "and keep the section when stripping it"));
    }
    // The first of two binaries with the same build id wins: they are the
    // same build (a binary and its debug file).
    if (!Result.ByBuildId.try_emplace((*B)->BuildId, Result.Binaries.size())
             .second)
      return Error::success();
    Result.Buffers.push_back(std::move(*Buf));
    Result.Binaries.push_back(std::move(**B));
    return Error::success();
  };
  for (const std::string &Path : Paths) {
    if (sys::fs::is_directory(Path)) {
      for (const std::string &File : filesOfDirectory(Path))
        if (Error E = Add(File, /*Required=*/false))
          return std::move(E);
      continue;
    }
    if (Error E = Add(Path, /*Required=*/true))
      return std::move(E);
  }
  return std::move(Result);
}

const BinaryDescriptions *ProfileBinaries::find(StringRef BuildId) const {
  auto It = ByBuildId.find(BuildId);
  return It == ByBuildId.end() ? nullptr : &Binaries[It->second];
}
