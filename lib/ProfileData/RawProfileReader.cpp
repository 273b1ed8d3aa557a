//===- RawProfileReader.cpp - Read raw path profiles ----------------------===//
//
// Parses the raw profile the runtime writes (ProfileFormat.h). A raw profile
// may come from a crashed or killed program, or from a different build, so
// nothing in it is trusted: the header, every region, every function record,
// every hash-table entry and every CFG description is checked before use,
// with overflow-safe arithmetic, and a problem is an Error naming it.
//
//===----------------------------------------------------------------------===//

#include "PathProf/ProfileFormat.h"
#include "PathProf/ProfileReader.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

#include <cstddef>

using namespace llvm;
using namespace pathprof;

namespace {

Error corrupt(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(),
                           "corrupt raw profile: " + Msg);
}

uint64_t readU64(StringRef Buffer, uint64_t Offset) {
  return support::endian::read64le(Buffer.data() + Offset);
}

/// Checks that [Offset, Offset + Size) lies inside a buffer of \p Limit bytes
/// without overflowing.
bool inBounds(uint64_t Offset, uint64_t Size, uint64_t Limit) {
  return Offset <= Limit && Size <= Limit - Offset;
}

struct RawHeader {
  uint64_t Magic, Version, HeaderSize, FileSize, NumFunctions, FunctionsOffset,
      BlobsOffset, BlobsSize, CountersOffset, CountersSize, HashOffset,
      HashSize, NumMetrics, ModuleSignature;
};

constexpr uint64_t HeaderBytes = sizeof(PathProfRawHeader);
constexpr uint64_t FunctionBytes = sizeof(PathProfRawFunction);
constexpr uint64_t HashHeaderBytes = sizeof(PathProfHashHeader);
constexpr uint64_t HashEntryBytes = sizeof(PathProfHashEntry);
static_assert(HeaderBytes == 16 * 8 && FunctionBytes == 8 * 8 &&
                  HashHeaderBytes == 4 * 8 && HashEntryBytes == 3 * 8,
              "raw profile structures must be packed 64-bit fields");

Expected<RawHeader> readHeader(StringRef Buffer) {
  if (Buffer.size() < HeaderBytes)
    return corrupt("file is too small for the header (" + Twine(Buffer.size()) +
                   " bytes)");
  RawHeader H;
  auto Field = [&](size_t Member) { return readU64(Buffer, Member); };
  H.Magic = Field(offsetof(PathProfRawHeader, Magic));
  H.Version = Field(offsetof(PathProfRawHeader, Version));
  H.HeaderSize = Field(offsetof(PathProfRawHeader, HeaderSize));
  H.FileSize = Field(offsetof(PathProfRawHeader, FileSize));
  H.NumFunctions = Field(offsetof(PathProfRawHeader, NumFunctions));
  H.FunctionsOffset = Field(offsetof(PathProfRawHeader, FunctionsOffset));
  H.BlobsOffset = Field(offsetof(PathProfRawHeader, BlobsOffset));
  H.BlobsSize = Field(offsetof(PathProfRawHeader, BlobsSize));
  H.CountersOffset = Field(offsetof(PathProfRawHeader, CountersOffset));
  H.CountersSize = Field(offsetof(PathProfRawHeader, CountersSize));
  H.HashOffset = Field(offsetof(PathProfRawHeader, HashOffset));
  H.HashSize = Field(offsetof(PathProfRawHeader, HashSize));
  H.NumMetrics = Field(offsetof(PathProfRawHeader, NumMetrics));
  H.ModuleSignature = Field(offsetof(PathProfRawHeader, ModuleSignature));

  if (H.Magic == byteswap(uint64_t(PATHPROF_RAW_MAGIC)))
    return createStringError(inconvertibleErrorCode(),
                             "raw profile has the wrong endianness");
  if (H.Magic != PATHPROF_RAW_MAGIC)
    return corrupt("bad magic 0x" + utohexstr(H.Magic));
  if (H.Version != PATHPROF_RAW_VERSION)
    return createStringError(inconvertibleErrorCode(),
                             "unsupported raw profile version " +
                                 Twine(H.Version) + " (this tool reads " +
                                 Twine(PATHPROF_RAW_VERSION) + ")");
  if (H.HeaderSize != HeaderBytes)
    return corrupt("header size " + Twine(H.HeaderSize) + ", expected " +
                   Twine(HeaderBytes));
  if (H.FileSize != Buffer.size())
    return corrupt("header says the file has " + Twine(H.FileSize) +
                   " bytes, but it has " + Twine(Buffer.size()) +
                   " (truncated or appended to?)");
  if (H.NumMetrics != 0)
    return corrupt("version 1 has no metrics, but the header says " +
                   Twine(H.NumMetrics));

  auto CheckRegion = [&](const char *Name, uint64_t Offset,
                         uint64_t Size) -> Error {
    if (Offset % 8 != 0)
      return corrupt(Twine(Name) + " offset " + Twine(Offset) +
                     " is not 8-byte aligned");
    if (Offset < HeaderBytes || !inBounds(Offset, Size, H.FileSize))
      return corrupt(Twine(Name) + " region [" + Twine(Offset) + ", +" +
                     Twine(Size) + ") is outside the file (" +
                     Twine(H.FileSize) + " bytes)");
    return Error::success();
  };
  if (H.NumFunctions > H.FileSize / FunctionBytes)
    return corrupt("function count " + Twine(H.NumFunctions) +
                   " exceeds what the file can hold");
  if (Error E = CheckRegion("function", H.FunctionsOffset,
                            H.NumFunctions * FunctionBytes))
    return std::move(E);
  if (Error E = CheckRegion("blob", H.BlobsOffset, H.BlobsSize))
    return std::move(E);
  if (H.CountersSize % 8 != 0)
    return corrupt("counter region size " + Twine(H.CountersSize) +
                   " is not a multiple of 8");
  if (Error E = CheckRegion("counter", H.CountersOffset, H.CountersSize))
    return std::move(E);
  if (H.HashOffset == 0) {
    if (H.HashSize != 0)
      return corrupt("hash region has size " + Twine(H.HashSize) +
                     " but no offset");
  } else if (Error E = CheckRegion("hash", H.HashOffset, H.HashSize)) {
    return std::move(E);
  }
  return H;
}

/// One function record, validated against the header.
Expected<FunctionProfile> readFunction(StringRef Buffer, const RawHeader &H,
                                       uint64_t Index, uint64_t &Flags,
                                       uint64_t &CounterOffset) {
  uint64_t Base = H.FunctionsOffset + Index * FunctionBytes;
  auto Field = [&](size_t Member) { return readU64(Buffer, Base + Member); };
  uint64_t NameOffset = Field(offsetof(PathProfRawFunction, NameOffset));
  uint64_t NameSize = Field(offsetof(PathProfRawFunction, NameSize));
  uint64_t CFGOffset = Field(offsetof(PathProfRawFunction, CFGOffset));
  uint64_t CFGSize = Field(offsetof(PathProfRawFunction, CFGSize));
  FunctionProfile F;
  F.Checksum = Field(offsetof(PathProfRawFunction, Checksum));
  F.NumPaths = Field(offsetof(PathProfRawFunction, NumPaths));
  CounterOffset = Field(offsetof(PathProfRawFunction, CounterOffset));
  Flags = Field(offsetof(PathProfRawFunction, Flags));

  std::string Which = "function " + std::to_string(Index);
  if (NameSize == 0 || !inBounds(NameOffset, NameSize, H.BlobsSize))
    return corrupt(Which + ": name [" + Twine(NameOffset) + ", +" +
                   Twine(NameSize) + ") is outside the blob region");
  F.Name = Buffer.substr(H.BlobsOffset + NameOffset, NameSize).str();
  Which = "function '" + F.Name + "'";
  if (!inBounds(CFGOffset, CFGSize, H.BlobsSize))
    return corrupt(Which + ": CFG description [" + Twine(CFGOffset) + ", +" +
                   Twine(CFGSize) + ") is outside the blob region");
  if (Flags & ~PATHPROF_FUNC_HASHED)
    return corrupt(Which + ": unknown flags 0x" + utohexstr(Flags));
  if (!(Flags & PATHPROF_FUNC_HASHED)) {
    if (CounterOffset % 8 != 0)
      return corrupt(Which + ": counter offset " + Twine(CounterOffset) +
                     " is not 8-byte aligned");
    if (F.NumPaths > H.CountersSize / 8 ||
        !inBounds(CounterOffset, F.NumPaths * 8, H.CountersSize))
      return corrupt(Which + ": " + Twine(F.NumPaths) + " counters at offset " +
                     Twine(CounterOffset) + " exceed the counter region (" +
                     Twine(H.CountersSize) + " bytes)");
  }

  if (Error E = F.setCFG(Buffer.substr(H.BlobsOffset + CFGOffset, CFGSize)))
    return corrupt(Which + ": " + toString(std::move(E)));
  return std::move(F);
}

} // namespace

/// Every function record of a raw profile, in file order.
static Expected<Profile> parseRecords(StringRef Buffer, WarningHandler Warn) {
  Expected<RawHeader> HOrErr = readHeader(Buffer);
  if (!HOrErr)
    return HOrErr.takeError();
  const RawHeader &H = *HOrErr;

  Profile P;
  std::vector<bool> Hashed;
  P.Functions.reserve(H.NumFunctions);
  Hashed.reserve(H.NumFunctions);
  for (uint64_t I = 0; I != H.NumFunctions; ++I) {
    uint64_t Flags, CounterOffset;
    Expected<FunctionProfile> F =
        readFunction(Buffer, H, I, Flags, CounterOffset);
    if (!F)
      return F.takeError();
    bool IsHashed = Flags & PATHPROF_FUNC_HASHED;
    if (!IsHashed) {
      uint64_t Base = H.CountersOffset + CounterOffset;
      for (uint64_t Id = 0; Id != F->NumPaths; ++Id)
        F->addCount(Id, readU64(Buffer, Base + Id * 8));
    }
    Hashed.push_back(IsHashed);
    P.Functions.push_back(std::move(*F));
  }

  if (H.HashOffset == 0)
    return std::move(P);

  if (H.HashSize < HashHeaderBytes)
    return corrupt("hash region (" + Twine(H.HashSize) +
                   " bytes) is smaller than its header");
  uint64_t Capacity =
      readU64(Buffer, H.HashOffset + offsetof(PathProfHashHeader, Capacity));
  uint64_t Used =
      readU64(Buffer, H.HashOffset + offsetof(PathProfHashHeader, Used));
  uint64_t Dropped =
      readU64(Buffer, H.HashOffset + offsetof(PathProfHashHeader, Dropped));
  if (!isPowerOf2_64(Capacity))
    return corrupt("hash capacity " + Twine(Capacity) +
                   " is not a power of two");
  if (Capacity > (H.HashSize - HashHeaderBytes) / HashEntryBytes ||
      HashHeaderBytes + Capacity * HashEntryBytes != H.HashSize)
    return corrupt("hash capacity " + Twine(Capacity) +
                   " does not match the hash region size " + Twine(H.HashSize));
  if (Used > Capacity)
    return corrupt("hash table uses " + Twine(Used) + " of " + Twine(Capacity) +
                   " entries");

  std::vector<bool> Saturated(P.Functions.size(), false);
  for (uint64_t Slot = 0; Slot != Capacity; ++Slot) {
    uint64_t Base = H.HashOffset + HashHeaderBytes + Slot * HashEntryBytes;
    uint64_t FnPlusOne = readU64(
        Buffer, Base + offsetof(PathProfHashEntry, FunctionIndexPlusOne));
    // 0 is an empty slot; all ones marks a slot whose writer never finished
    // (docs/Runtime.md), which holds no count.
    if (FnPlusOne == 0 || FnPlusOne == ~uint64_t(0))
      continue;
    uint64_t PathId =
        readU64(Buffer, Base + offsetof(PathProfHashEntry, PathId));
    uint64_t Count = readU64(Buffer, Base + offsetof(PathProfHashEntry, Count));
    if (FnPlusOne > P.Functions.size())
      return corrupt("hash entry " + Twine(Slot) + " refers to function " +
                     Twine(FnPlusOne - 1) + " of " + Twine(P.Functions.size()));
    FunctionProfile &F = P.Functions[FnPlusOne - 1];
    if (!Hashed[FnPlusOne - 1])
      return corrupt("hash entry " + Twine(Slot) + " refers to function '" +
                     F.Name + "', which has dense counters");
    if (PathId >= F.NumPaths)
      return corrupt("hash entry " + Twine(Slot) + " has path id " +
                     Twine(PathId) + " but function '" + F.Name + "' has " +
                     Twine(F.NumPaths) + " paths");
    if (!F.addCount(PathId, Count))
      Saturated[FnPlusOne - 1] = true;
  }
  for (size_t I = 0; I != P.Functions.size(); ++I)
    if (Saturated[I])
      Warn("function '" + P.Functions[I].Name +
           "': path counts overflow; saturated");
  if (Dropped != 0)
    Warn(Twine(Dropped) + " path count increment" + (Dropped == 1 ? "" : "s") +
         " dropped by the runtime because its hash table was full; counts of "
         "hashed functions are too low");
  return std::move(P);
}

Expected<Profile> pathprof::readRawProfile(StringRef Buffer,
                                           WarningHandler Warn) {
  Expected<Profile> Records = parseRecords(Buffer, Warn);
  if (!Records)
    return Records.takeError();
  // Several files of one binary can each emit a record of the same function
  // (an inline or available_externally body): they are one function.
  ProfileMerger Combine;
  Combine.add(std::move(*Records), "the profile", Warn);
  return Combine.takeResult();
}
