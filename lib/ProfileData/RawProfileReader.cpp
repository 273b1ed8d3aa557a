//===- RawProfileReader.cpp - Read raw path profiles ----------------------===//
//
// Parses the raw profile the runtime writes (ProfileFormat.h). Version 1 is
// one segment that fills the file; version 2 is a sequence of segments, one
// per module instance that counted into the file, each laid out like a
// version 1 file. The functions of all segments not flagged FREE are summed
// (ProfileMerger: one function per name and checksum). A raw profile may come
// from a crashed or killed program, or from a different build, so nothing in
// it is trusted: every header, region, function record, hash-table entry and
// CFG description is checked before use, with overflow-safe arithmetic, and a
// problem is an Error naming it (and, in version 2, the segment's offset).
//
//===----------------------------------------------------------------------===//

#include "PathProf/ProfileError.h"
#include "PathProf/ProfileFormat.h"
#include "PathProf/ProfileReader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

#include <cstddef>
#include <map>

using namespace llvm;
using namespace pathprof;

namespace {

Error corrupt(const Twine &Msg) {
  return makeProfileError(profile_error::corrupt,
                          "corrupt raw profile: " + Msg);
}

Error truncated(const Twine &Msg) {
  return makeProfileError(profile_error::truncated,
                          "truncated raw profile: " + Msg);
}

uint64_t readU64(StringRef Buffer, uint64_t Offset) {
  return support::endian::read64le(Buffer.data() + Offset);
}

/// Checks that [Offset, Offset + Size) lies inside a buffer of \p Limit bytes
/// without overflowing.
bool inBounds(uint64_t Offset, uint64_t Size, uint64_t Limit) {
  return Offset <= Limit && Size <= Limit - Offset;
}

/// The fields of a segment header that the reader uses.
struct RawHeader {
  uint64_t Magic, Version, HeaderSize, SegmentSize, NumFunctions,
      FunctionsOffset, BlobsOffset, BlobsSize, CountersOffset, CountersSize,
      HashOffset, HashSize, NumMetrics, ModuleSignature, SegmentFlags = 0;
};

constexpr uint64_t V1HeaderBytes = PATHPROF_RAW_V1_HEADER_SIZE;
constexpr uint64_t V2HeaderBytes = sizeof(PathProfRawHeader);
constexpr uint64_t FunctionBytes = sizeof(PathProfRawFunction);
constexpr uint64_t HashHeaderBytes = sizeof(PathProfHashHeader);
constexpr uint64_t HashEntryBytes = sizeof(PathProfHashEntry);
static_assert(V2HeaderBytes == 18 * 8 + 2 * PATHPROF_RAW_STRING_SIZE &&
                  offsetof(PathProfRawHeader, SegmentFlags) == V1HeaderBytes &&
                  FunctionBytes == 8 * 8 && HashHeaderBytes == 4 * 8 &&
                  HashEntryBytes == 3 * 8,
              "raw profile structures must be packed 64-bit fields");

/// Where a problem is: nothing for a version 1 file, the segment otherwise.
struct Location {
  bool InFile;     ///< Version 1: the segment is the file.
  uint64_t Offset; ///< Of the segment in the file.

  std::string prefix() const {
    return InFile ? "" : "segment at offset " + std::to_string(Offset) + ": ";
  }
  const char *container() const { return InFile ? "file" : "segment"; }
};

/// Reads the header fields of the segment \p Seg, which has at least
/// HeaderSize bytes for its version (checked by the caller).
RawHeader decodeHeader(StringRef Seg) {
  RawHeader H;
  auto Field = [&](size_t Member) { return readU64(Seg, Member); };
  H.Magic = Field(offsetof(PathProfRawHeader, Magic));
  H.Version = Field(offsetof(PathProfRawHeader, Version));
  H.HeaderSize = Field(offsetof(PathProfRawHeader, HeaderSize));
  H.SegmentSize = Field(offsetof(PathProfRawHeader, SegmentSize));
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
  if (H.Version >= 2)
    H.SegmentFlags = Field(offsetof(PathProfRawHeader, SegmentFlags));
  return H;
}

/// Checks the regions of a segment of \p H.SegmentSize bytes.
Error checkRegions(const RawHeader &H, const Location &At) {
  const uint64_t Limit = H.SegmentSize;
  if (H.NumMetrics != 0)
    return corrupt(At.prefix() + "version " + Twine(H.Version) +
                   " has no metrics, but the header says " +
                   Twine(H.NumMetrics));
  auto CheckRegion = [&](const char *Name, uint64_t Offset,
                         uint64_t Size) -> Error {
    if (Offset % 8 != 0)
      return corrupt(At.prefix() + Name + " offset " + Twine(Offset) +
                     " is not 8-byte aligned");
    if (Offset < H.HeaderSize || !inBounds(Offset, Size, Limit))
      return corrupt(At.prefix() + Name + " region [" + Twine(Offset) + ", +" +
                     Twine(Size) + ") is outside the " + At.container() + " (" +
                     Twine(Limit) + " bytes)");
    return Error::success();
  };
  if (H.NumFunctions > Limit / FunctionBytes)
    return corrupt(At.prefix() + "function count " + Twine(H.NumFunctions) +
                   " exceeds what the " + At.container() + " can hold");
  if (Error E = CheckRegion("function", H.FunctionsOffset,
                            H.NumFunctions * FunctionBytes))
    return E;
  if (Error E = CheckRegion("blob", H.BlobsOffset, H.BlobsSize))
    return E;
  if (H.CountersSize % 8 != 0)
    return corrupt(At.prefix() + "counter region size " +
                   Twine(H.CountersSize) + " is not a multiple of 8");
  if (Error E = CheckRegion("counter", H.CountersOffset, H.CountersSize))
    return E;
  if (H.HashOffset == 0) {
    if (H.HashSize != 0)
      return corrupt(At.prefix() + "hash region has size " + Twine(H.HashSize) +
                     " but no offset");
  } else if (Error E = CheckRegion("hash", H.HashOffset, H.HashSize)) {
    return E;
  }

  // The regions must not share bytes: counters read from the function
  // records, say, would be made-up counts.
  struct Region {
    const char *Name;
    uint64_t Offset, Size;
  };
  SmallVector<Region, 4> Regions;
  for (Region R :
       {Region{"function", H.FunctionsOffset, H.NumFunctions * FunctionBytes},
        Region{"blob", H.BlobsOffset, H.BlobsSize},
        Region{"counter", H.CountersOffset, H.CountersSize},
        Region{"hash", H.HashOffset, H.HashSize}})
    if (R.Size)
      Regions.push_back(R);
  llvm::sort(Regions, [](const Region &A, const Region &B) {
    return A.Offset < B.Offset;
  });
  for (size_t I = 1; I < Regions.size(); ++I)
    if (Regions[I].Offset < Regions[I - 1].Offset + Regions[I - 1].Size)
      return corrupt(At.prefix() + Regions[I].Name + " region [" +
                     Twine(Regions[I].Offset) + ", +" + Twine(Regions[I].Size) +
                     ") overlaps the " + Regions[I - 1].Name + " region [" +
                     Twine(Regions[I - 1].Offset) + ", +" +
                     Twine(Regions[I - 1].Size) + ")");
  return Error::success();
}

/// One function record of a segment, its fields checked against the
/// segment's regions.
struct RawRecord {
  StringRef Name, CFG;
  uint64_t NameOffset, CFGOffset, Checksum, NumPaths, CounterOffset, Flags;
  bool isHashed() const { return Flags & PATHPROF_FUNC_HASHED; }
};

Expected<RawRecord> readRecord(StringRef Seg, const RawHeader &H,
                               const Location &At, uint64_t Index) {
  uint64_t Base = H.FunctionsOffset + Index * FunctionBytes;
  auto Field = [&](size_t Member) { return readU64(Seg, Base + Member); };
  RawRecord R;
  R.NameOffset = Field(offsetof(PathProfRawFunction, NameOffset));
  uint64_t NameSize = Field(offsetof(PathProfRawFunction, NameSize));
  R.CFGOffset = Field(offsetof(PathProfRawFunction, CFGOffset));
  uint64_t CFGSize = Field(offsetof(PathProfRawFunction, CFGSize));
  R.Checksum = Field(offsetof(PathProfRawFunction, Checksum));
  R.NumPaths = Field(offsetof(PathProfRawFunction, NumPaths));
  R.CounterOffset = Field(offsetof(PathProfRawFunction, CounterOffset));
  R.Flags = Field(offsetof(PathProfRawFunction, Flags));

  std::string Which = "function " + std::to_string(Index);
  if (NameSize == 0 || !inBounds(R.NameOffset, NameSize, H.BlobsSize))
    return corrupt(At.prefix() + Which + ": name [" + Twine(R.NameOffset) +
                   ", +" + Twine(NameSize) + ") is outside the blob region");
  R.Name = Seg.substr(H.BlobsOffset + R.NameOffset, NameSize);
  Which = "function '" + R.Name.str() + "'";
  if (!inBounds(R.CFGOffset, CFGSize, H.BlobsSize))
    return corrupt(At.prefix() + Which + ": CFG description [" +
                   Twine(R.CFGOffset) + ", +" + Twine(CFGSize) +
                   ") is outside the blob region");
  R.CFG = Seg.substr(H.BlobsOffset + R.CFGOffset, CFGSize);
  if (R.Flags & ~PATHPROF_FUNC_HASHED)
    return corrupt(At.prefix() + Which + ": unknown flags 0x" +
                   utohexstr(R.Flags));
  if (!R.isHashed()) {
    if (R.CounterOffset % 8 != 0)
      return corrupt(At.prefix() + Which + ": counter offset " +
                     Twine(R.CounterOffset) + " is not 8-byte aligned");
    if (R.NumPaths > H.CountersSize / 8 ||
        !inBounds(R.CounterOffset, R.NumPaths * 8, H.CountersSize))
      return corrupt(At.prefix() + Which + ": " + Twine(R.NumPaths) +
                     " counters at offset " + Twine(R.CounterOffset) +
                     " exceed the counter region (" + Twine(H.CountersSize) +
                     " bytes)");
  }
  return R;
}

/// The runtime gives every record its own name, CFG description and dense
/// counters. Records that share bytes would make the reader's work grow
/// with the number of records times what they share, not with the file
/// size, and can only come from a damaged or forged file.
Error checkDisjoint(ArrayRef<RawRecord> Records, const Location &At) {
  struct Span {
    uint64_t Begin, End;
    size_t Record;
    const char *What, *Verb;
  };
  auto Check = [&](std::vector<Span> &Spans) -> Error {
    llvm::sort(Spans,
               [](const Span &A, const Span &B) { return A.Begin < B.Begin; });
    for (size_t I = 1; I < Spans.size(); ++I) {
      const Span &Prev = Spans[I - 1], &Cur = Spans[I];
      if (Cur.Begin < Prev.End)
        return corrupt(At.prefix() + "function '" + Records[Cur.Record].Name +
                       "': its " + Cur.What + " [" + Twine(Cur.Begin) + ", +" +
                       Twine(Cur.End - Cur.Begin) + ") " + Cur.Verb + " the " +
                       Prev.What + " of function '" +
                       Records[Prev.Record].Name + "'");
    }
    return Error::success();
  };
  std::vector<Span> Blobs, Counters;
  for (size_t I = 0; I != Records.size(); ++I) {
    const RawRecord &R = Records[I];
    Blobs.push_back(
        {R.NameOffset, R.NameOffset + R.Name.size(), I, "name", "overlaps"});
    if (!R.CFG.empty())
      Blobs.push_back({R.CFGOffset, R.CFGOffset + R.CFG.size(), I,
                       "CFG description", "overlaps"});
    if (!R.isHashed() && R.NumPaths)
      Counters.push_back({R.CounterOffset, R.CounterOffset + R.NumPaths * 8, I,
                          "counters", "overlap"});
  }
  if (Error E = Check(Blobs))
    return E;
  return Check(Counters);
}

/// Collects the functions of all segments. Records of the same function
/// (same name, checksum and CFG description) from different segments share
/// one FunctionProfile, so that a file of many segments of one module is
/// parsed into one set of functions.
class RawProfileBuilder {
public:
  explicit RawProfileBuilder(WarningHandler Warn) : Warn(Warn) {}

  /// Reads the segment \p Seg (its header already checked).
  Error addSegment(StringRef Seg, const RawHeader &H, const Location &At);

  /// The functions read, and the warnings that apply to the whole file.
  Profile finish();

private:
  /// The index in P.Functions of the function of record \p R, parsing its
  /// CFG description unless an earlier segment had the same function.
  Expected<size_t> functionOf(const RawRecord &R, const Location &At);

  WarningHandler Warn;
  Profile P;
  std::map<std::pair<std::string, uint64_t>, std::vector<size_t>> Known;
  std::vector<bool> Saturated;
  uint64_t Dropped = 0;
};

Expected<size_t> RawProfileBuilder::functionOf(const RawRecord &R,
                                               const Location &At) {
  std::vector<size_t> &Same = Known[{R.Name.str(), R.Checksum}];
  for (size_t I : Same) {
    const FunctionProfile &F = P.Functions[I];
    if (F.NumPaths == R.NumPaths && F.CFGData == R.CFG)
      return I;
  }
  FunctionProfile F;
  F.Name = R.Name.str();
  F.Checksum = R.Checksum;
  F.NumPaths = R.NumPaths;
  if (Error E = F.setCFG(R.CFG))
    return corrupt(At.prefix() + "function '" + R.Name +
                   "': " + toString(std::move(E)));
  Same.push_back(P.Functions.size());
  P.Functions.push_back(std::move(F));
  Saturated.push_back(false);
  return P.Functions.size() - 1;
}

Error RawProfileBuilder::addSegment(StringRef Seg, const RawHeader &H,
                                    const Location &At) {
  if (Error E = checkRegions(H, At))
    return E;

  std::vector<RawRecord> Records;
  Records.reserve(H.NumFunctions);
  for (uint64_t I = 0; I != H.NumFunctions; ++I) {
    Expected<RawRecord> R = readRecord(Seg, H, At, I);
    if (!R)
      return R.takeError();
    Records.push_back(*R);
  }
  if (Error E = checkDisjoint(Records, At))
    return E;

  // Segment function index -> P.Functions index.
  std::vector<size_t> Index;
  Index.reserve(Records.size());
  for (const RawRecord &R : Records) {
    Expected<size_t> F = functionOf(R, At);
    if (!F)
      return F.takeError();
    if (!R.isHashed()) {
      FunctionProfile &Fn = P.Functions[*F];
      uint64_t Base = H.CountersOffset + R.CounterOffset;
      std::vector<PathRecord> Counted;
      for (uint64_t Id = 0; Id != Fn.NumPaths; ++Id)
        if (uint64_t Count = readU64(Seg, Base + Id * 8))
          Counted.push_back({Id, Count, {}});
      if (!Fn.Paths.addAll(std::move(Counted)))
        Saturated[*F] = true;
    }
    Index.push_back(*F);
  }

  if (H.HashOffset == 0)
    return Error::success();

  if (H.HashSize < HashHeaderBytes)
    return corrupt(At.prefix() + "hash region (" + Twine(H.HashSize) +
                   " bytes) is smaller than its header");
  uint64_t Capacity =
      readU64(Seg, H.HashOffset + offsetof(PathProfHashHeader, Capacity));
  uint64_t Used =
      readU64(Seg, H.HashOffset + offsetof(PathProfHashHeader, Used));
  uint64_t SegDropped =
      readU64(Seg, H.HashOffset + offsetof(PathProfHashHeader, Dropped));
  if (!isPowerOf2_64(Capacity))
    return corrupt(At.prefix() + "hash capacity " + Twine(Capacity) +
                   " is not a power of two");
  if (Capacity > (H.HashSize - HashHeaderBytes) / HashEntryBytes ||
      HashHeaderBytes + Capacity * HashEntryBytes != H.HashSize)
    return corrupt(At.prefix() + "hash capacity " + Twine(Capacity) +
                   " does not match the hash region size " + Twine(H.HashSize));
  if (Used > Capacity)
    return corrupt(At.prefix() + "hash table uses " + Twine(Used) + " of " +
                   Twine(Capacity) + " entries");

  // Per function, the entries in slot order: added at once, in one pass.
  std::map<size_t, std::vector<PathRecord>> Hashed;
  for (uint64_t Slot = 0; Slot != Capacity; ++Slot) {
    uint64_t Base = H.HashOffset + HashHeaderBytes + Slot * HashEntryBytes;
    uint64_t FnPlusOne =
        readU64(Seg, Base + offsetof(PathProfHashEntry, FunctionIndexPlusOne));
    // 0 is an empty slot; all ones marks a slot whose writer never finished
    // (docs/Runtime.md), which holds no count.
    if (FnPlusOne == 0 || FnPlusOne == ~uint64_t(0))
      continue;
    uint64_t PathId = readU64(Seg, Base + offsetof(PathProfHashEntry, PathId));
    uint64_t Count = readU64(Seg, Base + offsetof(PathProfHashEntry, Count));
    if (FnPlusOne > Index.size())
      return corrupt(At.prefix() + "hash entry " + Twine(Slot) +
                     " refers to function " + Twine(FnPlusOne - 1) + " of " +
                     Twine(Index.size()));
    size_t FnIndex = Index[FnPlusOne - 1];
    FunctionProfile &F = P.Functions[FnIndex];
    if (!Records[FnPlusOne - 1].isHashed())
      return corrupt(At.prefix() + "hash entry " + Twine(Slot) +
                     " refers to function '" + F.Name +
                     "', which has dense counters");
    if (PathId >= F.NumPaths)
      return corrupt(At.prefix() + "hash entry " + Twine(Slot) +
                     " has path id " + Twine(PathId) + " but function '" +
                     F.Name + "' has " + Twine(F.NumPaths) + " paths");
    if (Count != 0)
      Hashed[FnIndex].push_back({PathId, Count, {}});
  }
  for (auto &[FnIndex, Counted] : Hashed)
    if (!P.Functions[FnIndex].Paths.addAll(std::move(Counted)))
      Saturated[FnIndex] = true;
  Dropped = SaturatingAdd(Dropped, SegDropped);
  return Error::success();
}

Profile RawProfileBuilder::finish() {
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

Error versionError(uint64_t Version) {
  if (Version > PATHPROF_RAW_VERSION)
    return makeProfileError(profile_error::unsupported_version,
                            "raw profile has format version " + Twine(Version) +
                                "; this build reads versions 1 to " +
                                Twine(PATHPROF_RAW_VERSION) +
                                ": use a newer llvm-pathprof");
  return corrupt("unknown format version " + Twine(Version));
}

/// Called for each segment whose header was checked: version 1's one
/// segment (the file) and every segment of a version 2 file, FREE ones
/// included.
using SegmentVisitor =
    function_ref<Error(StringRef Seg, const RawHeader &H, const Location &At)>;

/// Version 1: one segment, the whole file.
Error walkVersion1(StringRef Buffer, SegmentVisitor Visit) {
  if (Buffer.size() < V1HeaderBytes)
    return truncated("file is too small for the header (" +
                     Twine(Buffer.size()) + " bytes)");
  RawHeader H = decodeHeader(Buffer);
  if (H.HeaderSize != V1HeaderBytes)
    return corrupt("header size " + Twine(H.HeaderSize) + ", expected " +
                   Twine(V1HeaderBytes));
  if (H.SegmentSize > Buffer.size())
    return truncated("header says the file has " + Twine(H.SegmentSize) +
                     " bytes, but it has " + Twine(Buffer.size()));
  if (H.SegmentSize != Buffer.size())
    return corrupt("header says the file has " + Twine(H.SegmentSize) +
                   " bytes, but it has " + Twine(Buffer.size()) +
                   " (appended to?)");
  return Visit(Buffer, H, Location{true, 0});
}

/// Version 2: segments from offset 0 to the end of the file.
Error walkVersion2(StringRef Buffer, SegmentVisitor Visit,
                   WarningHandler Warn) {
  uint64_t Offset = 0;
  while (Offset < Buffer.size()) {
    Location At{false, Offset};
    StringRef Rest = Buffer.substr(Offset);
    // A writer that died while appending its segment left its magic 0.
    if (Rest.size() < 8 ? Rest.find_first_not_of('\0') == StringRef::npos
                        : readU64(Rest, 0) == 0) {
      Warn(Twine(Rest.size()) + " bytes at offset " + Twine(Offset) +
           " hold an incomplete segment (its writer was killed while "
           "creating it); ignored");
      return Error::success();
    }
    if (Rest.size() < 32)
      return truncated(At.prefix() + "only " + Twine(Rest.size()) +
                       " bytes left, too few for a segment header");
    uint64_t Magic = readU64(Rest, 0);
    uint64_t Version = readU64(Rest, offsetof(PathProfRawHeader, Version));
    uint64_t HeaderSize =
        readU64(Rest, offsetof(PathProfRawHeader, HeaderSize));
    uint64_t SegmentSize =
        readU64(Rest, offsetof(PathProfRawHeader, SegmentSize));
    if (Magic == byteswap(uint64_t(PATHPROF_RAW_MAGIC)))
      return makeProfileError(profile_error::wrong_endianness,
                              At.prefix() +
                                  "raw profile has the wrong endianness");
    if (Magic != PATHPROF_RAW_MAGIC)
      return corrupt(At.prefix() + "bad magic 0x" + utohexstr(Magic));
    if (Version > PATHPROF_RAW_VERSION)
      return versionError(Version);
    if (Version != PATHPROF_RAW_VERSION)
      return corrupt(At.prefix() + "format version " + Twine(Version) +
                     " in a version " + Twine(PATHPROF_RAW_VERSION) + " file");
    if (HeaderSize != V2HeaderBytes)
      return corrupt(At.prefix() + "header size " + Twine(HeaderSize) +
                     ", expected " + Twine(V2HeaderBytes));
    if (Rest.size() < V2HeaderBytes)
      return truncated(At.prefix() + "only " + Twine(Rest.size()) +
                       " bytes left, too few for a segment header");
    if (SegmentSize < V2HeaderBytes || SegmentSize % 8 != 0)
      return corrupt(At.prefix() + "segment size " + Twine(SegmentSize) +
                     " is smaller than the header or not a multiple of 8");
    if (SegmentSize > Rest.size())
      return truncated(At.prefix() + "header says the segment has " +
                       Twine(SegmentSize) + " bytes, but only " +
                       Twine(Rest.size()) + " are left in the file");
    StringRef Seg = Rest.substr(0, SegmentSize);
    RawHeader H = decodeHeader(Seg);
    if (H.SegmentFlags & ~PATHPROF_SEGMENT_FREE)
      return corrupt(At.prefix() + "unknown segment flags 0x" +
                     utohexstr(H.SegmentFlags));
    if (Error E = Visit(Seg, H, At))
      return E;
    Offset += SegmentSize;
  }
  return Error::success();
}

/// Checks the file's magic and walks its segments.
Error walkSegments(StringRef Buffer, SegmentVisitor Visit,
                   WarningHandler Warn) {
  if (Buffer.size() < 16)
    return truncated("file is too small for the header (" +
                     Twine(Buffer.size()) + " bytes)");
  uint64_t Magic = readU64(Buffer, 0);
  if (Magic == byteswap(uint64_t(PATHPROF_RAW_MAGIC)))
    return makeProfileError(profile_error::wrong_endianness,
                            "raw profile has the wrong endianness");
  if (Magic != PATHPROF_RAW_MAGIC)
    return corrupt("bad magic 0x" + utohexstr(Magic));
  uint64_t Version = readU64(Buffer, offsetof(PathProfRawHeader, Version));
  if (Version == 1)
    return walkVersion1(Buffer, Visit);
  if (Version == 2)
    return walkVersion2(Buffer, Visit, Warn);
  return versionError(Version);
}

/// A NUL-padded string field of a version 2 header.
std::string headerString(StringRef Seg, size_t Offset) {
  StringRef S = Seg.substr(Offset, PATHPROF_RAW_STRING_SIZE);
  return S.take_until([](char C) { return C == '\0'; }).str();
}

} // namespace

Expected<Profile> pathprof::readRawProfile(StringRef Buffer,
                                           WarningHandler Warn) {
  RawProfileBuilder B(Warn);
  auto Add = [&](StringRef Seg, const RawHeader &H,
                 const Location &At) -> Error {
    // A FREE segment's counts were folded into another segment.
    if (H.SegmentFlags & PATHPROF_SEGMENT_FREE)
      return Error::success();
    return B.addSegment(Seg, H, At);
  };
  if (Error E = walkSegments(Buffer, Add, Warn))
    return std::move(E);

  // Records of the same function from several files of one binary (an
  // inline or available_externally body) or from several segments are one
  // function.
  ProfileMerger Combine;
  Combine.add(B.finish(), "the profile", Warn);
  return Combine.takeResult();
}

Expected<std::vector<RawSegmentInfo>>
pathprof::readRawSegments(StringRef Buffer, WarningHandler Warn) {
  std::vector<RawSegmentInfo> Segments;
  auto Describe = [&](StringRef Seg, const RawHeader &H,
                      const Location &At) -> Error {
    RawSegmentInfo I;
    I.Offset = At.Offset;
    I.Version = H.Version;
    I.Size = H.SegmentSize;
    I.NumFunctions = H.NumFunctions;
    I.ModuleSignature = H.ModuleSignature;
    I.Free = H.SegmentFlags & PATHPROF_SEGMENT_FREE;
    if (H.Version >= 2) {
      I.OwnerPid = readU64(Seg, offsetof(PathProfRawHeader, OwnerPid));
      I.Producer = headerString(Seg, offsetof(PathProfRawHeader, Producer));
      I.Runtime = headerString(Seg, offsetof(PathProfRawHeader, Runtime));
    }
    Segments.push_back(std::move(I));
    return Error::success();
  };
  if (Error E = walkSegments(Buffer, Describe, Warn))
    return std::move(E);
  return std::move(Segments);
}
