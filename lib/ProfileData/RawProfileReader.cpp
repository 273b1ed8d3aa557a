//===- RawProfileReader.cpp - Read raw path profiles ----------------------===//
//
// Parses the raw profile the runtime writes (ProfileFormat.h). Version 1 is
// one segment that fills the file; version 2 is a sequence of segments, one
// per module instance that counted into the file, each laid out like a
// version 1 file; version 3 is a sequence of segments with a region
// directory, where a module's function records, names and CFG descriptions
// are in one description segment and each module instance's counts in a
// counter segment naming it by module signature; version 4 is version 3
// whose CFG descriptions may carry a function's call-site locations (CFG
// description version 2). Every version is read into
// the same two parts, a module's functions and one instance's counts, and the
// counts of all segments not flagged FREE are summed (ProfileMerger: one
// function per name and checksum). A counter segment may also hold a
// calling context tree (docs/ContextTree.md): its nodes' path tables are
// added to their functions (the flattening) and the tree goes into the
// profile's, merged by (function, call site). A module built without
// contexts may have a VALUES region in its description, which locates the
// value blocks of its indirect call sites in the counters and names the
// callees their slots record (by the address of each function). A raw
// profile may come from a
// crashed or killed program, or from a different build, so nothing in it is
// trusted: every header, region, function record, hash-table entry and CFG
// description is checked before use, with overflow-safe arithmetic, and a
// problem is an Error naming it (and, from version 2, the segment's offset).
// Version 6 adds compact segments, which a normal exit leaves: the non-zero
// words of a counter segment as runs, with the header of that segment; the
// reader rebuilds the counter segment in memory and reads it as any other.
//
//===----------------------------------------------------------------------===//

#include "PathProf/PackedImage.h"
#include "PathProf/ProfileBinaries.h"
#include "PathProf/ProfileError.h"
#include "PathProf/ProfileFormat.h"
#include "PathProf/ProfileReader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Memory.h"

#include <cstddef>
#include <cstring>
#include <functional>
#include <map>
#include <optional>

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

/// The layout of a version 1 and 2 segment header, frozen: the 14 fields of
/// version 1 (128 bytes with its two reserved fields), then version 2's.
struct LegacyHeader {
  uint64_t Magic, Version, HeaderSize, SegmentSize, NumFunctions,
      FunctionsOffset, BlobsOffset, BlobsSize, CountersOffset, CountersSize,
      HashOffset, HashSize, NumMetrics, ModuleSignature, OwnerPid,
      OwnerStartTime, SegmentFlags, Reserved;
  char Producer[PATHPROF_RAW_STRING_SIZE];
  char Runtime[PATHPROF_RAW_STRING_SIZE];
};

constexpr uint64_t V1HeaderBytes = PATHPROF_RAW_V1_HEADER_SIZE;
constexpr uint64_t V2HeaderBytes = sizeof(LegacyHeader);
constexpr uint64_t V3HeaderBytes = sizeof(PathProfRawHeader);
constexpr uint64_t PackedHeaderBytes = sizeof(PathProfPackedHeader);
constexpr uint64_t RegionBytes = sizeof(PathProfRawRegion);
constexpr uint64_t FunctionBytes = sizeof(PathProfRawFunction);
constexpr uint64_t HashHeaderBytes = sizeof(PathProfHashHeader);
constexpr uint64_t HashEntryBytes = sizeof(PathProfHashEntry);
constexpr uint64_t HashMetricEntryBytes = sizeof(PathProfHashMetricEntry);
constexpr uint64_t HashSampledEntryBytes = sizeof(PathProfHashSampledEntry);
constexpr uint64_t SamplingBytes = sizeof(PathProfRawSampling);
constexpr uint64_t MetricBytes = sizeof(PathProfRawMetric);
constexpr uint64_t ValueFunctionBytes = sizeof(PathProfRawValueFunction);
constexpr uint64_t ValueBlockBytes = sizeof(PathProfValueBlock);
constexpr uint64_t CtxHeaderBytes = sizeof(PathProfCtxHeader);
constexpr uint64_t CtxRecordBytes = offsetof(PathProfCtxNode, NumSites);
constexpr uint64_t CtxNodeBytes = sizeof(PathProfCtxNode);
constexpr uint64_t CtxBackedgeBytes = sizeof(PathProfCtxBackedge);
constexpr uint64_t CtxSlotBytes = sizeof(PathProfCtxSlot);
static_assert(CtxHeaderBytes == 8 * 8 && CtxRecordBytes == 7 * 8 &&
                  CtxNodeBytes == 9 * 8 && CtxBackedgeBytes == 8 * 8 &&
                  CtxSlotBytes == 2 * 8,
              "context records must be packed 64-bit fields");
static_assert(V2HeaderBytes == 18 * 8 + 2 * PATHPROF_RAW_STRING_SIZE &&
                  offsetof(LegacyHeader, SegmentFlags) == V1HeaderBytes &&
                  V3HeaderBytes == 12 * 8 + 2 * PATHPROF_RAW_STRING_SIZE +
                                       PATHPROF_RAW_MAX_REGIONS * RegionBytes &&
                  RegionBytes == 4 * 8 && FunctionBytes == 8 * 8 &&
                  HashHeaderBytes == 4 * 8 && HashEntryBytes == 3 * 8 &&
                  HashMetricEntryBytes == (3 + PATHPROF_MAX_METRICS) * 8 &&
                  HashSampledEntryBytes == (4 + 3 * PATHPROF_MAX_METRICS) * 8 &&
                  SamplingBytes == 4 * 8 && PackedHeaderBytes == 12 * 8,
              "raw profile structures must be packed 64-bit fields");
static_assert(offsetof(PathProfPackedHeader, OwnerStartTime) ==
                  offsetof(PathProfRawHeader, OwnerStartTime),
              "a packed header starts as a raw header does");

/// Where a problem is: nothing for a version 1 file, the segment otherwise.
struct Location {
  bool InFile;     ///< Version 1: the segment is the file.
  uint64_t Offset; ///< Of the segment in the file.

  std::string prefix() const {
    return InFile ? "" : "segment at offset " + std::to_string(Offset) + ": ";
  }
  const char *container() const { return InFile ? "file" : "segment"; }
};

/// One region of a segment: where it is, and what messages call it.
struct RawRegion {
  const char *Name = nullptr;
  uint64_t Offset = 0, Size = 0;
  bool present() const { return Name != nullptr; }
};

/// A segment of any version, its header decoded and its regions located
/// (checked against the segment by checkRegions). A version 1 or 2 segment
/// holds both a module's functions and its counts; a version 3 segment one
/// of the two.
struct RawSegment {
  StringRef Bytes;
  Location At;
  uint64_t Version = 0, HeaderSize = 0, Kind = 0, Flags = 0, Signature = 0,
           NumFunctions = 0, NumMetrics = 0, OwnerPid = 0;
  std::string Producer, Runtime;
  RawRegion Functions, Names, Counters, Hash, Metrics, HashMetrics, Context,
      Values, HashSampled, Sampling, DenseHeader, Runs, NameRefs, BuildId;
  /// Version 7, a description with NAME_REFS: the binary its names and CFG
  /// descriptions are in (set by readRawProfile before its records are
  /// read).
  const BinaryDescriptions *Binary = nullptr;
  /// A segment rebuilt from a compact one: its only bytes that may not be
  /// zero, as sorted disjoint [begin, end) ranges, so that reading its counts
  /// need not visit (nor fault in) the zero pages between them.
  std::optional<std::vector<std::pair<uint64_t, uint64_t>>> NonZero;
  /// Version 10, a segment unpacked from a packed one: that one's bytes in
  /// the file (0: not packed).
  uint64_t PackedSize = 0;

  bool hasFunctions() const {
    return Kind != PATHPROF_SEGMENT_COUNTERS &&
           Kind != PATHPROF_SEGMENT_COMPACT;
  }
  bool hasCounts() const {
    return Kind != PATHPROF_SEGMENT_DESCRIPTION &&
           Kind != PATHPROF_SEGMENT_COMPACT;
  }
  StringRef region(const RawRegion &R) const {
    return Bytes.substr(R.Offset, R.Size);
  }
};

/// A NUL-padded string field of a header.
std::string headerString(StringRef Seg, size_t Offset) {
  StringRef S = Seg.substr(Offset, PATHPROF_RAW_STRING_SIZE);
  return S.take_until([](char C) { return C == '\0'; }).str();
}

/// Decodes a version 1 or 2 header; \p Seg has at least its header's bytes
/// (checked by the caller).
RawSegment decodeLegacyHeader(StringRef Seg, const Location &At) {
  auto Field = [&](size_t Member) { return readU64(Seg, Member); };
  RawSegment S;
  S.Bytes = Seg;
  S.At = At;
  S.Version = Field(offsetof(LegacyHeader, Version));
  S.HeaderSize = Field(offsetof(LegacyHeader, HeaderSize));
  S.NumFunctions = Field(offsetof(LegacyHeader, NumFunctions));
  S.NumMetrics = Field(offsetof(LegacyHeader, NumMetrics));
  S.Signature = Field(offsetof(LegacyHeader, ModuleSignature));
  S.Functions = {"function", Field(offsetof(LegacyHeader, FunctionsOffset)), 0};
  S.Names = {"blob", Field(offsetof(LegacyHeader, BlobsOffset)),
             Field(offsetof(LegacyHeader, BlobsSize))};
  S.Counters = {"counter", Field(offsetof(LegacyHeader, CountersOffset)),
                Field(offsetof(LegacyHeader, CountersSize))};
  S.Hash = {"hash", Field(offsetof(LegacyHeader, HashOffset)),
            Field(offsetof(LegacyHeader, HashSize))};
  if (S.Version >= 2) {
    S.Flags = Field(offsetof(LegacyHeader, SegmentFlags));
    S.OwnerPid = Field(offsetof(LegacyHeader, OwnerPid));
    S.Producer = headerString(Seg, offsetof(LegacyHeader, Producer));
    S.Runtime = headerString(Seg, offsetof(LegacyHeader, Runtime));
  }
  return S;
}

/// What messages call a region kind of version 3, or null if this reader
/// does not know it.
const char *regionName(uint64_t Kind) {
  switch (Kind) {
  case PATHPROF_REGION_FUNCTIONS:
    return "function";
  case PATHPROF_REGION_NAMES:
    return "names";
  case PATHPROF_REGION_COUNTERS:
    return "counter";
  case PATHPROF_REGION_HASH:
    return "hash";
  case PATHPROF_REGION_METRICS:
    return "metric";
  case PATHPROF_REGION_HASH_METRICS:
    return "metric hash";
  case PATHPROF_REGION_CONTEXT:
    return "context";
  case PATHPROF_REGION_VALUES:
    return "value";
  case PATHPROF_REGION_HASH_SAMPLED:
    return "sampled metric hash";
  case PATHPROF_REGION_SAMPLING:
    return "sampling";
  case PATHPROF_REGION_DENSE_HEADER:
    return "dense header";
  case PATHPROF_REGION_RUNS:
    return "runs";
  case PATHPROF_REGION_NAME_REFS:
    return "name reference";
  case PATHPROF_REGION_BUILD_ID:
    return "build id";
  }
  return nullptr;
}

/// The entry size a known region kind must declare.
uint64_t regionEntrySize(uint64_t Kind) {
  switch (Kind) {
#define PATHPROF_RAW_REGION_KIND(Name, Value, EntrySize, Segment)              \
  case Value:                                                                  \
    return EntrySize;
#include "PathProf/ProfileLayout.inc"
  }
  return 0;
}

/// The segment kind a known region kind belongs to.
uint64_t regionSegmentKind(uint64_t Kind) {
  switch (Kind) {
#define PATHPROF_RAW_REGION_KIND(Name, Value, EntrySize, Segment)              \
  case Value:                                                                  \
    return PATHPROF_SEGMENT_##Segment;
#include "PathProf/ProfileLayout.inc"
  }
  return 0;
}

/// Decodes a version 3 header and its region directory; \p Seg has at
/// least V3HeaderBytes (checked by the caller).
Expected<RawSegment> decodeHeader(StringRef Seg, const Location &At) {
  PathProfRawHeader H;
  std::memset(&H, 0, sizeof(H));
#define PATHPROF_RAW_HEADER_FIELD(Name)                                        \
  H.Name = readU64(Seg, offsetof(PathProfRawHeader, Name));
#include "PathProf/ProfileLayout.inc"
  RawSegment S;
  S.Bytes = Seg;
  S.At = At;
  S.Version = H.Version;
  S.HeaderSize = H.HeaderSize;
  S.Kind = H.SegmentKind;
  S.Flags = H.SegmentFlags;
  S.Signature = H.ModuleSignature;
  S.NumFunctions = H.NumFunctions;
  S.NumMetrics = H.NumMetrics;
  S.OwnerPid = H.OwnerPid;
  S.Producer = headerString(Seg, offsetof(PathProfRawHeader, Producer));
  S.Runtime = headerString(Seg, offsetof(PathProfRawHeader, Runtime));

  if (S.Kind != PATHPROF_SEGMENT_DESCRIPTION &&
      S.Kind != PATHPROF_SEGMENT_COUNTERS &&
      !(S.Kind == PATHPROF_SEGMENT_COMPACT && S.Version >= 6))
    return corrupt(At.prefix() + "unknown segment kind " + Twine(S.Kind));
  if (H.NumRegions > PATHPROF_RAW_MAX_REGIONS)
    return corrupt(At.prefix() + "region directory has " + Twine(H.NumRegions) +
                   " entries; at most " + Twine(PATHPROF_RAW_MAX_REGIONS) +
                   " fit");
  for (uint64_t I = 0; I != H.NumRegions; ++I) {
    PathProfRawRegion R;
    uint64_t Base = offsetof(PathProfRawHeader, Regions) + I * RegionBytes;
#define PATHPROF_RAW_REGION_FIELD(Name)                                        \
  R.Name = readU64(Seg, Base + offsetof(PathProfRawRegion, Name));
#include "PathProf/ProfileLayout.inc"
    const char *Name = regionName(R.Kind);
    // A region this reader does not know (a later minor addition) is
    // skipped; the counts it does know are still right.
    if (!Name)
      continue;
    if (regionSegmentKind(R.Kind) != S.Kind)
      return corrupt(At.prefix() + Name + " region in a " +
                     (S.Kind == PATHPROF_SEGMENT_DESCRIPTION ? "description"
                      : S.Kind == PATHPROF_SEGMENT_COMPACT   ? "compact"
                                                             : "counter") +
                     " segment");
    if (R.EntrySize != regionEntrySize(R.Kind))
      return corrupt(At.prefix() + Name + " region has entry size " +
                     Twine(R.EntrySize) + ", expected " +
                     Twine(regionEntrySize(R.Kind)));
    RawRegion *Slot = R.Kind == PATHPROF_REGION_FUNCTIONS      ? &S.Functions
                      : R.Kind == PATHPROF_REGION_NAMES        ? &S.Names
                      : R.Kind == PATHPROF_REGION_COUNTERS     ? &S.Counters
                      : R.Kind == PATHPROF_REGION_METRICS      ? &S.Metrics
                      : R.Kind == PATHPROF_REGION_HASH_METRICS ? &S.HashMetrics
                      : R.Kind == PATHPROF_REGION_CONTEXT      ? &S.Context
                      : R.Kind == PATHPROF_REGION_VALUES       ? &S.Values
                      : R.Kind == PATHPROF_REGION_HASH_SAMPLED ? &S.HashSampled
                      : R.Kind == PATHPROF_REGION_SAMPLING     ? &S.Sampling
                      : R.Kind == PATHPROF_REGION_DENSE_HEADER ? &S.DenseHeader
                      : R.Kind == PATHPROF_REGION_RUNS         ? &S.Runs
                      : R.Kind == PATHPROF_REGION_NAME_REFS    ? &S.NameRefs
                      : R.Kind == PATHPROF_REGION_BUILD_ID     ? &S.BuildId
                                                               : &S.Hash;
    if (Slot->present())
      return corrupt(At.prefix() + "two " + Name + " regions");
    *Slot = {Name, R.Offset, R.Size};
  }
  if (S.Kind == PATHPROF_SEGMENT_DESCRIPTION) {
    if (!S.Functions.present() && S.NumFunctions != 0)
      return corrupt(At.prefix() + "description segment has no function "
                                   "region");
    if (!S.Names.present())
      S.Names.Name = "names";
    if (S.Functions.present() &&
        S.Functions.Size != S.NumFunctions * FunctionBytes)
      return corrupt(At.prefix() + "function region has " +
                     Twine(S.Functions.Size) + " bytes, but " +
                     Twine(S.NumFunctions) + " records need " +
                     Twine(S.NumFunctions * FunctionBytes));
    S.Functions.Name = "function";
    if (S.Values.present() &&
        S.Values.Size != S.NumFunctions * ValueFunctionBytes)
      return corrupt(At.prefix() + "value region has " + Twine(S.Values.Size) +
                     " bytes, but " + Twine(S.NumFunctions) + " records need " +
                     Twine(S.NumFunctions * ValueFunctionBytes));
    if (S.NameRefs.present() != S.BuildId.present())
      return corrupt(At.prefix() + "a " +
                     (S.NameRefs.present() ? "name reference" : "build id") +
                     " region without a " +
                     (S.NameRefs.present() ? "build id" : "name reference") +
                     " region");
    if (S.NameRefs.present() && S.NameRefs.Size != S.NumFunctions * 8)
      return corrupt(At.prefix() + "name reference region has " +
                     Twine(S.NameRefs.Size) + " bytes, but " +
                     Twine(S.NumFunctions) + " records need " +
                     Twine(S.NumFunctions * 8));
  } else if (S.Kind == PATHPROF_SEGMENT_COUNTERS && !S.Counters.present()) {
    S.Counters.Name = "counter";
  }
  return S;
}

/// The counter segments that compact segments stand for, rebuilt in memory,
/// kept while the profile is read. The memory is recycled: a merge reads
/// thousands of compact profiles of one build one after another, and fresh
/// memory for each would fault in every page its runs write (about 400 for
/// a zstd profile, most of what merging one cost). A block handed back has
/// the words written into it zeroed again and waits, one list per thread,
/// for the next profile.
class ExpandedSegments {
public:
  ExpandedSegments() = default;
  ExpandedSegments(const ExpandedSegments &) = delete;
  ExpandedSegments &operator=(const ExpandedSegments &) = delete;
  ~ExpandedSegments();

  /// \p Size bytes of zeros, kept until this is destroyed.
  Expected<char *> allocate(uint64_t Size, const Location &At);
  /// Copies \p Bytes to byte \p Offset of the last block allocate() gave.
  void write(uint64_t Offset, StringRef Bytes);
  /// Notes that bytes [\p Begin, \p End) of the last block allocate() gave
  /// were written by its caller.
  void wrote(uint64_t Begin, uint64_t End) {
    Blocks.back().Written.emplace_back(Begin, End);
  }

private:
  struct Block {
    sys::OwningMemoryBlock Memory;
    /// The byte ranges write() wrote, to zero before the block is reused.
    std::vector<std::pair<uint64_t, uint64_t>> Written;
  };
  std::vector<Block> Blocks;

  /// Zeroed blocks kept for the next profile this thread reads: as many as
  /// one profile of one module with threads or forks may need at once.
  static constexpr size_t MaxSpare = 4;
  static thread_local std::vector<sys::OwningMemoryBlock> Spare;
};

thread_local std::vector<sys::OwningMemoryBlock> ExpandedSegments::Spare;

/// The largest counter segment a compact segment may stand for: the
/// runtime's largest (dense counters of every function, hash tables of 2^26
/// entries, a context arena) is far below, and the memory is taken lazily.
constexpr uint64_t MaxExpandedBytes = uint64_t(1) << 40;

Expected<char *> ExpandedSegments::allocate(uint64_t Size, const Location &At) {
  // The smallest spare block that holds Size bytes.
  auto Best = Spare.end();
  for (auto It = Spare.begin(); It != Spare.end(); ++It)
    if (It->allocatedSize() >= Size &&
        (Best == Spare.end() || It->allocatedSize() < Best->allocatedSize()))
      Best = It;
  if (Best != Spare.end()) {
    Blocks.push_back({std::move(*Best), {}});
    Spare.erase(Best);
  } else {
    std::error_code EC;
    sys::MemoryBlock M = sys::Memory::allocateMappedMemory(
        Size, nullptr, sys::Memory::MF_READ | sys::Memory::MF_WRITE, EC);
    if (EC)
      return makeProfileError(profile_error::io,
                              At.prefix() + "cannot allocate " + Twine(Size) +
                                  " bytes for the counts of the compact "
                                  "segment: " +
                                  EC.message());
    Blocks.push_back({sys::OwningMemoryBlock(M), {}});
  }
  return static_cast<char *>(Blocks.back().Memory.base());
}

void ExpandedSegments::write(uint64_t Offset, StringRef Bytes) {
  std::memcpy(static_cast<char *>(Blocks.back().Memory.base()) + Offset,
              Bytes.data(), Bytes.size());
  wrote(Offset, Offset + Bytes.size());
}

ExpandedSegments::~ExpandedSegments() {
  for (Block &B : Blocks) {
    if (Spare.size() == MaxSpare)
      break;
    for (auto [Begin, End] : B.Written)
      std::memset(static_cast<char *>(B.Memory.base()) + Begin, 0, End - Begin);
    Spare.push_back(std::move(B.Memory));
  }
}

/// Checks that the region \p R of the compact segment \p S is there,
/// aligned and inside the segment.
Error checkCompactRegion(const RawSegment &S, const RawRegion &R,
                         const char *Name) {
  const Location &At = S.At;
  if (!R.present())
    return corrupt(At.prefix() + "compact segment has no " + Name + " region");
  if (R.Offset % 8 != 0 || R.Size % 8 != 0)
    return corrupt(At.prefix() + Name + " region [" + Twine(R.Offset) + ", +" +
                   Twine(R.Size) + ") is not 8-byte aligned");
  if (R.Offset < S.HeaderSize || !inBounds(R.Offset, R.Size, S.Bytes.size()))
    return corrupt(At.prefix() + Name + " region [" + Twine(R.Offset) + ", +" +
                   Twine(R.Size) + ") is outside the segment (" +
                   Twine(S.Bytes.size()) + " bytes)");
  return Error::success();
}

/// Version 6: the counter segment the compact segment \p S stands for, its
/// header the dense header region and its other words zero but for the
/// runs {start word, number of words, words} (docs/FileFormat.md). The
/// rebuilt segment goes to \p Store; its contents are checked by the
/// caller as those of any counter segment.
Expected<RawSegment> expandCompact(const RawSegment &S,
                                   ExpandedSegments &Store) {
  const Location &At = S.At;
  if (Error E = checkCompactRegion(S, S.DenseHeader, "dense header"))
    return std::move(E);
  if (Error E = checkCompactRegion(S, S.Runs, "runs"))
    return std::move(E);
  if (S.DenseHeader.Size != V3HeaderBytes)
    return corrupt(At.prefix() + "dense header region has " +
                   Twine(S.DenseHeader.Size) + " bytes, expected " +
                   Twine(V3HeaderBytes));
  if (S.Runs.Offset < S.DenseHeader.Offset + S.DenseHeader.Size &&
      S.DenseHeader.Offset < S.Runs.Offset + S.Runs.Size)
    return corrupt(At.prefix() + "runs region [" + Twine(S.Runs.Offset) +
                   ", +" + Twine(S.Runs.Size) + ") overlaps the dense header");
  StringRef Inner = S.region(S.DenseHeader);
  auto Field = [&](size_t Member) { return readU64(Inner, Member); };
  const uint64_t Magic = Field(offsetof(PathProfRawHeader, Magic));
  const uint64_t Size = Field(offsetof(PathProfRawHeader, SegmentSize));
  const uint64_t Kind = Field(offsetof(PathProfRawHeader, SegmentKind));
  const uint64_t Flags = Field(offsetof(PathProfRawHeader, SegmentFlags));
  const uint64_t Version = Field(offsetof(PathProfRawHeader, Version));
  const uint64_t HeaderSize = Field(offsetof(PathProfRawHeader, HeaderSize));
  if (Magic != PATHPROF_RAW_MAGIC)
    return corrupt(At.prefix() + "dense header has bad magic 0x" +
                   utohexstr(Magic));
  if (Version != S.Version || HeaderSize != V3HeaderBytes)
    return corrupt(At.prefix() + "dense header has format version " +
                   Twine(Version) + " and header size " + Twine(HeaderSize) +
                   ", expected " + Twine(S.Version) + " and " +
                   Twine(V3HeaderBytes));
  if (Kind != PATHPROF_SEGMENT_COUNTERS || Flags != 0)
    return corrupt(At.prefix() +
                   "dense header is not that of a counter segment (kind " +
                   Twine(Kind) + ", flags 0x" + utohexstr(Flags) + ")");
  if (Field(offsetof(PathProfRawHeader, ModuleSignature)) != S.Signature ||
      Field(offsetof(PathProfRawHeader, NumFunctions)) != S.NumFunctions ||
      Field(offsetof(PathProfRawHeader, NumMetrics)) != S.NumMetrics)
    return corrupt(At.prefix() + "dense header names another module, number "
                                 "of functions or of metrics than the "
                                 "compact segment");
  if (Size < V3HeaderBytes || Size % 8 != 0 || Size > MaxExpandedBytes)
    return corrupt(At.prefix() + "dense header says the segment has " +
                   Twine(Size) + " bytes; expected a multiple of 8 from " +
                   Twine(V3HeaderBytes) + " to " + Twine(MaxExpandedBytes));

  Expected<char *> Block = Store.allocate(Size, At);
  if (!Block)
    return Block.takeError();
  char *Dense = *Block;
  Store.write(0, Inner.take_front(V3HeaderBytes));

  StringRef Runs = S.region(S.Runs);
  const uint64_t Words = Runs.size() / 8, Limit = Size / 8;
  uint64_t Next = V3HeaderBytes / 8;
  std::vector<std::pair<uint64_t, uint64_t>> NonZero = {{0, V3HeaderBytes}};
  for (uint64_t I = 0; I != Words;) {
    std::string Where =
        At.prefix() + "run at byte " + std::to_string(S.Runs.Offset + I * 8);
    if (Words - I < 2)
      return corrupt(Where + " is cut off by the end of the runs region");
    uint64_t Start = readU64(Runs, I * 8), Len = readU64(Runs, I * 8 + 8);
    if (Len == 0)
      return corrupt(Where + " has no words");
    if (Start < Next)
      return corrupt(Where + " starts at word " + Twine(Start) +
                     ", inside the dense header or an earlier run (which end "
                     "at word " +
                     Twine(Next) + ")");
    if (Start > Limit || Len > Limit - Start)
      return corrupt(Where + " has words [" + Twine(Start) + ", +" +
                     Twine(Len) + "), past the " + Twine(Limit) +
                     " words of its dense segment");
    if (Len > Words - I - 2)
      return corrupt(Where + " has " + Twine(Len) +
                     " words, but the runs region ends after " +
                     Twine(Words - I - 2));
    Store.write(Start * 8, Runs.substr(I * 8 + 16, Len * 8));
    NonZero.emplace_back(Start * 8, (Start + Len) * 8);
    Next = Start + Len;
    I += 2 + Len;
  }
  Expected<RawSegment> D = decodeHeader(StringRef(Dense, Size), At);
  if (!D)
    return D.takeError();
  D->Producer = S.Producer;
  D->Runtime = S.Runtime;
  D->OwnerPid = S.OwnerPid;
  D->NonZero = std::move(NonZero);
  return D;
}

/// What a packed segment's run that did not decode says of itself.
const char *packedRunError(int Status) {
  switch (Status) {
  case PATHPROF_PACKED_CUT_OFF:
    return "is cut off by the end of the runs";
  case PATHPROF_PACKED_BAD_NUMBER:
    return "has a number longer than 64 bits";
  case PATHPROF_PACKED_NO_WORDS:
    return "has no words";
  }
  return "goes past the end of the packed segment's image";
}

/// Version 10: the description or counter segment the packed segment \p Seg
/// (its header checked by the caller) holds, unpacked into \p Store from its
/// runs (PathProf/PackedImage.h), its header checked against the packed one.
/// Its regions are checked by the caller as those of any segment of its
/// kind, their offsets in the unpacked segment.
Expected<RawSegment> unpackSegment(StringRef Seg, const Location &At,
                                   ExpandedSegments &Store) {
  PathProfPackedHeader P;
#define PATHPROF_PACKED_HEADER_FIELD(Name)                                     \
  P.Name = readU64(Seg, offsetof(PathProfPackedHeader, Name));
#include "PathProf/ProfileLayout.inc"
  if (P.InnerKind != PATHPROF_SEGMENT_DESCRIPTION &&
      P.InnerKind != PATHPROF_SEGMENT_COUNTERS)
    return corrupt(At.prefix() + "packed segment holds a segment of kind " +
                   Twine(P.InnerKind) + "; expected " +
                   Twine(PATHPROF_SEGMENT_DESCRIPTION) + " or " +
                   Twine(PATHPROF_SEGMENT_COUNTERS));
  if (P.EncodedSize > Seg.size() - PackedHeaderBytes)
    return corrupt(At.prefix() + "packed segment says its runs have " +
                   Twine(P.EncodedSize) + " bytes, but " +
                   Twine(Seg.size() - PackedHeaderBytes) +
                   " follow its header");
  if (P.InnerSize < V3HeaderBytes || P.InnerSize % 8 != 0 ||
      P.InnerSize > MaxExpandedBytes)
    return corrupt(At.prefix() + "packed segment says it holds " +
                   Twine(P.InnerSize) +
                   " bytes; expected a multiple of 8 from " +
                   Twine(V3HeaderBytes) + " to " + Twine(MaxExpandedBytes));

  Expected<char *> Block = Store.allocate(P.InnerSize, At);
  if (!Block)
    return Block.takeError();
  uint64_t *Image = reinterpret_cast<uint64_t *>(*Block);
  const uint8_t *In = Seg.bytes_begin() + PackedHeaderBytes;
  std::vector<std::pair<uint64_t, uint64_t>> NonZero;
  uint64_t Pos = 0, Next = 0;
  while (Pos < P.EncodedSize) {
    PathProfPackedRun Run;
    pathprofGetRun(In, P.EncodedSize, &Pos, &Next, Image, P.InnerSize / 8,
                   &Run);
    // Written or not, the words a failed run may have touched are zeroed
    // before the block is reused.
    Store.wrote(Run.Start * 8, (Run.Start + Run.NumWords) * 8);
    if (Run.Status != PATHPROF_PACKED_OK)
      return corrupt(At.prefix() + "run at byte " +
                     Twine(PackedHeaderBytes + Run.At) + " " +
                     packedRunError(Run.Status));
    NonZero.emplace_back(Run.Start * 8, (Run.Start + Run.NumWords) * 8);
  }

  StringRef Inner(*Block, P.InnerSize);
  auto Field = [&](size_t Member) { return readU64(Inner, Member); };
  if (Field(offsetof(PathProfRawHeader, Magic)) != PATHPROF_RAW_MAGIC ||
      Field(offsetof(PathProfRawHeader, Version)) != P.Version ||
      Field(offsetof(PathProfRawHeader, HeaderSize)) != V3HeaderBytes ||
      Field(offsetof(PathProfRawHeader, SegmentSize)) != P.InnerSize ||
      Field(offsetof(PathProfRawHeader, SegmentKind)) != P.InnerKind ||
      Field(offsetof(PathProfRawHeader, SegmentFlags)) != 0 ||
      Field(offsetof(PathProfRawHeader, ModuleSignature)) != P.ModuleSignature)
    return corrupt(At.prefix() +
                   "the header of the packed segment's image is not that of "
                   "a complete segment of the packed segment's version, "
                   "size, kind and module signature");
  Expected<RawSegment> D = decodeHeader(Inner, At);
  if (!D)
    return D.takeError();
  D->Flags = P.SegmentFlags;
  D->OwnerPid = P.OwnerPid;
  D->PackedSize = Seg.size();
  if (D->Kind == PATHPROF_SEGMENT_COUNTERS)
    D->NonZero = std::move(NonZero);
  return D;
}

/// The first index from \p I below \p Count whose element, the word at
/// \p Key + index * \p Stride of \p S, may not be zero, or \p Count: \p I
/// itself, unless the runs of a compact segment say which words are zero.
/// Callers skip elements that are zero, so they read the same either way.
uint64_t nextNonZero(const RawSegment &S, uint64_t Key, uint64_t Stride,
                     uint64_t Count, uint64_t I) {
  if (!S.NonZero)
    return I;
  auto It = S.NonZero->begin(), End = S.NonZero->end();
  while (I < Count) {
    const uint64_t At = Key + I * Stride;
    It = std::partition_point(It, End,
                              [&](const auto &R) { return R.second <= At; });
    if (It == End)
      break;
    if (It->first <= At)
      return I;
    I = (It->first - Key + Stride - 1) / Stride;
  }
  return Count;
}

/// Checks the regions of \p S: aligned, inside the segment, disjoint.
Error checkRegions(RawSegment &S) {
  const Location &At = S.At;
  const uint64_t Limit = S.Bytes.size();
  if (S.NumMetrics != 0 && S.Version < 3)
    return corrupt(At.prefix() + "version " + Twine(S.Version) +
                   " has no metrics, but the header says " +
                   Twine(S.NumMetrics));
  if (S.NumMetrics > PATHPROF_MAX_METRICS)
    return corrupt(At.prefix() + "header says " + Twine(S.NumMetrics) +
                   " metrics; at most " + Twine(PATHPROF_MAX_METRICS));
  if (S.Sampling.present() && S.Sampling.Size != SamplingBytes)
    return corrupt(At.prefix() + "sampling region has " +
                   Twine(S.Sampling.Size) + " bytes, expected " +
                   Twine(SamplingBytes));
  if (S.NumMetrics * MetricBytes != (S.Metrics.present() ? S.Metrics.Size : 0))
    return corrupt(At.prefix() + "header says " + Twine(S.NumMetrics) +
                   " metrics, but the metric region has " +
                   Twine(S.Metrics.present() ? S.Metrics.Size : 0) + " bytes");
  if (S.hasFunctions()) {
    if (S.NumFunctions > Limit / FunctionBytes)
      return corrupt(At.prefix() + "function count " + Twine(S.NumFunctions) +
                     " exceeds what the " + At.container() + " can hold");
    S.Functions.Size = S.NumFunctions * FunctionBytes;
  }
  SmallVector<RawRegion *, 4> Regions;
  if (S.hasFunctions()) {
    Regions.append({&S.Functions, &S.Names});
    if (S.Values.present())
      Regions.push_back(&S.Values);
    if (S.NameRefs.present())
      Regions.append({&S.NameRefs, &S.BuildId});
  }
  if (S.hasCounts()) {
    if (S.Counters.Size % 8 != 0)
      return corrupt(At.prefix() + "counter region size " +
                     Twine(S.Counters.Size) + " is not a multiple of 8");
    Regions.push_back(&S.Counters);
    if (S.Version < 3 && S.Hash.Offset == 0) {
      if (S.Hash.Size != 0)
        return corrupt(At.prefix() + "hash region has size " +
                       Twine(S.Hash.Size) + " but no offset");
    } else if (S.Hash.present()) {
      Regions.push_back(&S.Hash);
    }
    if (S.Metrics.present())
      Regions.push_back(&S.Metrics);
    if (S.HashMetrics.present())
      Regions.push_back(&S.HashMetrics);
    if (S.HashSampled.present())
      Regions.push_back(&S.HashSampled);
    if (S.Sampling.present())
      Regions.push_back(&S.Sampling);
    if (S.Context.present())
      Regions.push_back(&S.Context);
  }
  for (RawRegion *R : Regions) {
    // A version 3 region that is absent has no bytes to check.
    if (S.Version >= 3 && R->Size == 0 && R->Offset == 0)
      continue;
    if (R->Offset % 8 != 0)
      return corrupt(At.prefix() + R->Name + " offset " + Twine(R->Offset) +
                     " is not 8-byte aligned");
    if (R->Offset < S.HeaderSize || !inBounds(R->Offset, R->Size, Limit))
      return corrupt(At.prefix() + R->Name + " region [" + Twine(R->Offset) +
                     ", +" + Twine(R->Size) + ") is outside the " +
                     At.container() + " (" + Twine(Limit) + " bytes)");
  }

  // The regions must not share bytes: counters read from the function
  // records, say, would be made-up counts.
  SmallVector<RawRegion, 4> Sorted;
  for (RawRegion *R : Regions)
    if (R->Size)
      Sorted.push_back(*R);
  llvm::sort(Sorted, [](const RawRegion &A, const RawRegion &B) {
    return A.Offset < B.Offset;
  });
  for (size_t I = 1; I < Sorted.size(); ++I)
    if (Sorted[I].Offset < Sorted[I - 1].Offset + Sorted[I - 1].Size)
      return corrupt(At.prefix() + Sorted[I].Name + " region [" +
                     Twine(Sorted[I].Offset) + ", +" + Twine(Sorted[I].Size) +
                     ") overlaps the " + Sorted[I - 1].Name + " region [" +
                     Twine(Sorted[I - 1].Offset) + ", +" +
                     Twine(Sorted[I - 1].Size) + ")");
  return Error::success();
}

/// Appends the counts of the counter or compact segment \p S to \p Counts,
/// a compact one expanded into a dense one (its words kept in \p Expanded),
/// once its regions are checked.
Error addCounts(RawSegment &S, ExpandedSegments &Expanded,
                std::vector<RawSegment> &Counts) {
  if (S.Kind == PATHPROF_SEGMENT_COMPACT) {
    Expected<RawSegment> Dense = expandCompact(S, Expanded);
    if (!Dense)
      return Dense.takeError();
    if (Error E = checkRegions(*Dense))
      return E;
    Counts.push_back(std::move(*Dense));
    return Error::success();
  }
  if (Error E = checkRegions(S))
    return E;
  Counts.push_back(S);
  return Error::success();
}

/// One function record of a module, its names checked against the module's
/// names region.
struct RawRecord {
  StringRef Name, CFG;
  /// Name and CFG are the binary's (binary correlation), not the file's.
  bool FromBinary = false;
  uint64_t NameOffset, CFGOffset, Checksum, NumPaths, CounterOffset, Flags;
  bool isHashed() const { return Flags & PATHPROF_FUNC_HASHED; }
  /// Counts no paths (-fprofile-path-context=calls).
  bool isCalls() const { return Flags & PATHPROF_FUNC_CALLS; }
  unsigned numMetrics() const { return pathprofFunctionMetrics(Flags); }
  /// Its metrics are sampled: metric blocks (version 5).
  bool isSampled() const {
    return numMetrics() && (Flags & PATHPROF_FUNC_SAMPLED);
  }
  /// Words of a dense path record: its count, then its metric group.
  uint64_t recordWords() const { return pathprofRecordWords(Flags); }
  /// Where path \p Id's count and metric group are in a path table (bytes;
  /// interleaved, or counts first: PATHPROF_FUNC_SPLIT).
  uint64_t countAt(uint64_t Id) const {
    return 8 * pathprofCountWord(Flags, NumPaths, Id);
  }
  uint64_t groupAt(uint64_t Id) const {
    return 8 * pathprofGroupWord(Flags, NumPaths, Id);
  }
  /// Words of the costs of a function that counts no paths.
  uint64_t costWords() const { return pathprofCallsCostWords(Flags); }
  /// Dense records at the counter offset: one per path, or one calls
  /// record.
  uint64_t numCounterRecords() const { return isCalls() ? 1 : NumPaths; }
  /// Words of one of them: a calls record is {entries, costs}.
  uint64_t counterRecordWords() const {
    return isCalls() ? 1 + costWords() : recordWords();
  }
  /// Bytes of the dense counters, without overflowing (NumPaths is checked
  /// against the region first).
  uint64_t counterBytes() const {
    return numCounterRecords() * counterRecordWords() * 8;
  }
};

Expected<RawRecord> readRecord(const RawSegment &S, uint64_t Index) {
  const Location &At = S.At;
  PathProfRawFunction F;
  uint64_t Base = S.Functions.Offset + Index * FunctionBytes;
#define PATHPROF_RAW_FUNCTION_FIELD(Name)                                      \
  F.Name = readU64(S.Bytes, Base + offsetof(PathProfRawFunction, Name));
#include "PathProf/ProfileLayout.inc"
  RawRecord R;
  R.NameOffset = F.NameOffset;
  R.CFGOffset = F.CFGOffset;
  R.Checksum = F.Checksum;
  R.NumPaths = F.NumPaths;
  R.CounterOffset = F.CounterOffset;
  R.Flags = F.Flags;

  const uint64_t NamesSize = S.Names.Size;
  const std::string Region = std::string(S.Names.Name) + " region";
  std::string Which = "function " + std::to_string(Index);
  if (F.NameSize == 0 && S.Binary) {
    // Correlated (version 7): the name and CFG description are the binary's.
    uint64_t NameRef = readU64(S.Bytes, S.NameRefs.Offset + Index * 8);
    auto It = S.Binary->Entries.find({NameRef, R.Checksum});
    if (It == S.Binary->Entries.end())
      return makeProfileError(
          profile_error::missing_binary,
          At.prefix() + Which + " (name MD5 0x" + utohexstr(NameRef, true) +
              ", checksum 0x" + utohexstr(R.Checksum, true) + ") is not in " +
              S.Binary->Path + ", which has the build id the profile names");
    R.Name = It->second.Name;
    R.CFG = It->second.CFG;
    R.FromBinary = true;
  } else if (F.NameSize == 0 ||
             !inBounds(R.NameOffset, F.NameSize, NamesSize)) {
    return corrupt(At.prefix() + Which + ": name [" + Twine(R.NameOffset) +
                   ", +" + Twine(F.NameSize) + ") is outside the " + Region);
  } else {
    R.Name = S.Bytes.substr(S.Names.Offset + R.NameOffset, F.NameSize);
    if (!inBounds(R.CFGOffset, F.CFGSize, NamesSize))
      return corrupt(At.prefix() + "function '" + R.Name +
                     "': CFG description [" + Twine(R.CFGOffset) + ", +" +
                     Twine(F.CFGSize) + ") is outside the " + Region);
    R.CFG = S.Bytes.substr(S.Names.Offset + R.CFGOffset, F.CFGSize);
  }
  Which = "function '" + R.Name.str() + "'";
  if (R.Flags &
          ~(PATHPROF_FUNC_HASHED |
            PATHPROF_FUNC_METRICS_MASK << PATHPROF_FUNC_METRICS_SHIFT |
            PATHPROF_FUNC_CONTEXT | PATHPROF_FUNC_CALLS |
            (S.Version >= 5 ? PATHPROF_FUNC_SAMPLED : 0) |
            (S.Version >= 9 ? PATHPROF_FUNC_SPLIT : 0) |
            PATHPROF_FUNC_CALL_SITES_MASK << PATHPROF_FUNC_CALL_SITES_SHIFT) ||
      (!(R.Flags & PATHPROF_FUNC_CONTEXT) &&
       pathprofFunctionCallSites(R.Flags)) ||
      (R.isCalls() && (!(R.Flags & PATHPROF_FUNC_CONTEXT) || R.isHashed())) ||
      ((R.Flags & PATHPROF_FUNC_SPLIT) &&
       (!R.numMetrics() || R.isHashed() || R.isCalls())))
    return corrupt(At.prefix() + Which + ": unknown flags 0x" +
                   utohexstr(R.Flags));
  if (pathprofFunctionMetrics(R.Flags) > PATHPROF_MAX_METRICS)
    return corrupt(At.prefix() + Which + ": " +
                   Twine(pathprofFunctionMetrics(R.Flags)) +
                   " metrics per path; at most " + Twine(PATHPROF_MAX_METRICS));
  if (!R.isHashed() && R.CounterOffset % 8 != 0)
    return corrupt(At.prefix() + Which + ": counter offset " +
                   Twine(R.CounterOffset) + " is not 8-byte aligned");
  return R;
}

/// Checks that the dense counters of \p R fit the counter region of \p S.
Error checkCounters(const RawRecord &R, const RawSegment &S) {
  if (R.isHashed())
    return Error::success();
  uint64_t Size = S.Counters.Size;
  if (R.isCalls()) {
    if (!inBounds(R.CounterOffset, R.counterBytes(), Size))
      return corrupt(S.At.prefix() + "function '" + R.Name +
                     "': its calls record of " + Twine(R.counterBytes()) +
                     " bytes at offset " + Twine(R.CounterOffset) +
                     " exceeds the counter region (" + Twine(Size) + " bytes)");
    return Error::success();
  }
  if (R.NumPaths > Size / (8 * R.recordWords()) ||
      !inBounds(R.CounterOffset, R.counterBytes(), Size))
    return corrupt(
        S.At.prefix() + "function '" + R.Name + "': " + Twine(R.NumPaths) +
        (R.recordWords() == 1
             ? Twine(" counters")
             : " path records of " + Twine(R.recordWords() * 8) + " bytes") +
        " at offset " + Twine(R.CounterOffset) +
        " exceed the counter region (" + Twine(Size) + " bytes)");
  return Error::success();
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
    if (!R.FromBinary)
      Blobs.push_back(
          {R.NameOffset, R.NameOffset + R.Name.size(), I, "name", "overlaps"});
    if (!R.CFG.empty() && !R.FromBinary)
      Blobs.push_back({R.CFGOffset, R.CFGOffset + R.CFG.size(), I,
                       "CFG description", "overlaps"});
    if (!R.isHashed() && R.numCounterRecords())
      Counters.push_back({R.CounterOffset, R.CounterOffset + R.counterBytes(),
                          I, "counters", "overlap"});
  }
  if (Error E = Check(Blobs))
    return E;
  return Check(Counters);
}

/// A module's functions: its records and, for each, its index in the
/// profile being built.
struct RawModule {
  std::vector<RawRecord> Records;
  std::vector<size_t> Index;
  /// The VALUES entry of each record, when the module has them.
  std::vector<PathProfRawValueFunction> Values;
  /// The record of each function address (the first, if several share one).
  std::map<uint64_t, size_t> ByAddress;
};

/// Collects the functions of all modules and the counts of all module
/// instances. Records of the same function (same name, checksum and CFG
/// description) from different modules share one FunctionProfile, so that a
/// version 2 file of many segments of one module is parsed into one set of
/// functions.
class RawProfileBuilder {
public:
  RawProfileBuilder(WarningHandler Warn,
                    std::vector<ThreadContextTree> *Threads)
      : Warn(Warn), Threads(Threads) {}

  /// Reads the function records of the segment \p S (regions checked).
  Expected<RawModule> addModule(const RawSegment &S);

  /// Adds the counts of the segment \p S (regions checked) to the functions
  /// of \p M.
  Error addCounts(const RawModule &M, const RawSegment &S);

  /// Takes the metrics of the counter segments \p Counts (each one's region
  /// checked): all that count metrics must count the same events.
  Error setMetrics(ArrayRef<RawSegment> Counts);

  /// The functions read, and the warnings that apply to the whole file.
  Profile finish();

  /// The functions of the modules added so far, before any counts.
  const std::vector<FunctionProfile> &functions() const { return P.Functions; }

  /// Takes \p Functions as those of the first module added, as
  /// addModule() read them (RawDescriptionCache).
  void adoptFunctions(const std::vector<FunctionProfile> &Functions) {
    assert(P.Functions.empty() && "only as the first module");
    P.Functions = Functions;
    Saturated.assign(Functions.size(), false);
    KnownStale = true;
  }

  /// Takes the functions \p Functions of the first module, as addModule()
  /// read them, without their names and CFG descriptions: only what adding
  /// counts needs, so that counts are read apart from the description
  /// (readRawModuleCounts). Messages name the functions from \p Functions,
  /// which must outlive the builder.
  void adoptCounters(const std::vector<FunctionProfile> &Functions) {
    assert(P.Functions.empty() && "only as the first module");
    P.Functions.resize(Functions.size());
    for (size_t I = 0; I != Functions.size(); ++I) {
      P.Functions[I].NumPaths = Functions[I].NumPaths;
      P.Functions[I].CallsOnly = Functions[I].CallsOnly;
    }
    Saturated.assign(Functions.size(), false);
    Described = &Functions;
  }

private:
  /// The name of function \p I.
  StringRef nameOf(size_t I) const {
    return Described ? StringRef((*Described)[I].Name)
                     : StringRef(P.Functions[I].Name);
  }

  /// The index in P.Functions of the function of record \p R, parsing its
  /// CFG description unless an earlier segment had the same function.
  Expected<size_t> functionOf(const RawRecord &R, const RawSegment &S);

  /// Adds the hash table \p Table of \p S (entries of \p EntryBytes bytes:
  /// a PathProfHashEntry, then the accumulators when there are more) to the
  /// hashed functions of \p M.
  Error addHashTable(const RawModule &M, const RawSegment &S,
                     const RawRegion &Table, uint64_t EntryBytes);

  /// Adds the value blocks of \p S to the indirect calls of the functions
  /// of \p M.
  Error addValues(const RawModule &M, const RawSegment &S);

  /// Adds the calling context tree of \p S to the profile's, and its
  /// nodes' paths (or entries and costs) to their functions.
  Error addContext(const RawModule &M, const RawSegment &S);

  /// The costs {exclusive[K], inclusive[K]} at \p At of \p S, of a function
  /// built with \p K metrics, in the order of the profile's metrics (\p
  /// Slots: the record slot of each; none without metrics).
  CallCosts readCosts(const RawSegment &S, uint64_t At, const RawRecord &R,
                      const std::vector<uint64_t> *Slots) const;

  /// The path record \p Id with count \p Count whose metric group of \p M
  /// accumulators (the function's first \p K used) is at \p At of \p S,
  /// a metric block when \p Sampled; metric J of the profile is in
  /// accumulator Slots[J].
  PathRecord readPath(const RawSegment &S, uint64_t Id, uint64_t Count,
                      uint64_t At, uint64_t M, uint64_t K, bool Sampled,
                      const std::vector<uint64_t> *Slots) const;

  WarningHandler Warn;
  /// Where each thread's tree goes too, if anywhere.
  std::vector<ThreadContextTree> *Threads;
  /// Counter segments of each module (by signature) with a context region.
  std::map<uint64_t, uint64_t> ThreadsOfModule;
  Profile P;
  /// For each counter segment with metrics (by offset), the record slot of
  /// each metric of P.
  std::map<uint64_t, std::vector<uint64_t>> MetricSlots;
  std::map<std::pair<std::string, uint64_t>, std::vector<size_t>> Known;
  /// Known is to be rebuilt from P.Functions (adoptFunctions()).
  bool KnownStale = false;
  /// The functions P.Functions stand for, when they have no names
  /// (adoptCounters()).
  const std::vector<FunctionProfile> *Described = nullptr;
  std::vector<bool> Saturated;
  uint64_t Dropped = 0;
  /// Function entries the runtime could not give a node (a full tree).
  uint64_t ContextDropped = 0;
  bool ContextSaturated = false;
};

Expected<size_t> RawProfileBuilder::functionOf(const RawRecord &R,
                                               const RawSegment &S) {
  const Location &At = S.At;
  if (KnownStale) {
    Known.clear();
    for (size_t I = 0; I != P.Functions.size(); ++I)
      Known[{P.Functions[I].Name, P.Functions[I].Checksum}].push_back(I);
    KnownStale = false;
  }
  std::vector<size_t> &Same = Known[{R.Name.str(), R.Checksum}];
  for (size_t I : Same) {
    const FunctionProfile &F = P.Functions[I];
    if (F.CallsOnly != R.isCalls())
      return makeProfileError(
          profile_error::incompatible,
          At.prefix() + "function '" + R.Name +
              "' counts calls only (-fprofile-path-context=calls) in one "
              "module and paths in another");
    if (F.NumPaths == R.NumPaths && F.CFGData == R.CFG)
      return I;
  }
  FunctionProfile F;
  F.Name = R.Name.str();
  F.Checksum = R.Checksum;
  F.NumPaths = R.NumPaths;
  F.CallsOnly = R.isCalls();
  if (Error E = F.setCFG(R.CFG))
    return corrupt(At.prefix() + "function '" + R.Name +
                   "': " + toString(std::move(E)));
  // Version 4 added the call-site table (CFG description version 2): one
  // location per call site the record's flags count.
  if (F.CFG.CallSites) {
    if (S.Version < 4)
      return corrupt(At.prefix() + "function '" + R.Name +
                     "': a table of call sites (a version 2 CFG "
                     "description) in a version " +
                     Twine(S.Version) + " segment");
    uint64_t Sites = pathprofFunctionCallSites(R.Flags);
    if (!(R.Flags & PATHPROF_FUNC_CONTEXT) || F.CFG.CallSites->size() != Sites)
      return corrupt(At.prefix() + "function '" + R.Name +
                     "': its CFG "
                     "description locates " +
                     Twine(F.CFG.CallSites->size()) +
                     " call sites, but its record has " + Twine(Sites));
  }
  Same.push_back(P.Functions.size());
  P.Functions.push_back(std::move(F));
  Saturated.push_back(false);
  return P.Functions.size() - 1;
}

Expected<RawModule> RawProfileBuilder::addModule(const RawSegment &S) {
  RawModule M;
  M.Records.reserve(S.NumFunctions);
  for (uint64_t I = 0; I != S.NumFunctions; ++I) {
    Expected<RawRecord> R = readRecord(S, I);
    if (!R)
      return R.takeError();
    // Versions 1 and 2 keep counts with the records: refuse absurd counter
    // ranges before parsing any CFG description.
    if (S.hasCounts())
      if (Error E = checkCounters(*R, S))
        return std::move(E);
    M.Records.push_back(*R);
  }
  if (Error E = checkDisjoint(M.Records, S.At))
    return std::move(E);
  if (S.Values.present()) {
    M.Values.resize(S.NumFunctions);
    for (uint64_t I = 0; I != S.NumFunctions; ++I) {
      PathProfRawValueFunction &V = M.Values[I];
      uint64_t Base = S.Values.Offset + I * ValueFunctionBytes;
#define PATHPROF_RAW_VALUE_FIELD(Name)                                         \
  V.Name = readU64(S.Bytes, Base + offsetof(PathProfRawValueFunction, Name));
#include "PathProf/ProfileLayout.inc"
      if ((V.NumValueSites != 0 || V.NumSelects != 0) &&
          V.ValuesOffset % 8 != 0)
        return corrupt(S.At.prefix() + "function '" + M.Records[I].Name +
                       "': value blocks at offset " + Twine(V.ValuesOffset) +
                       " are not 8-byte aligned");
      if (V.Address != 0)
        M.ByAddress.emplace(V.Address, I);
    }
  }
  M.Index.reserve(M.Records.size());
  for (const RawRecord &R : M.Records) {
    Expected<size_t> F = functionOf(R, S);
    if (!F)
      return F.takeError();
    M.Index.push_back(*F);
  }
  return std::move(M);
}

Error RawProfileBuilder::addCounts(const RawModule &M, const RawSegment &S) {
  for (size_t I = 0; I != M.Records.size(); ++I) {
    const RawRecord &R = M.Records[I];
    if (Error E = checkCounters(R, S))
      return E;
    if (R.isHashed())
      continue;
    FunctionProfile &Fn = P.Functions[M.Index[I]];
    uint64_t Base = S.Counters.Offset + R.CounterOffset;
    // The record's accumulators hold the segment's metrics, in order; a
    // function built with fewer has zeros for the others.
    auto Slots = MetricSlots.find(S.At.Offset);
    const std::vector<uint64_t> *SlotList =
        Slots == MetricSlots.end() ? nullptr : &Slots->second;
    if (R.isCalls()) {
      bool Overflow = false;
      Fn.Entries = SaturatingAdd(Fn.Entries, readU64(S.Bytes, Base), &Overflow);
      if (Overflow ||
          !Fn.Costs.add(readCosts(S, Base + 8, R, SlotList), P.Metrics))
        Saturated[M.Index[I]] = true;
      continue;
    }
    std::vector<PathRecord> Counted;
    auto Next = [&](uint64_t Id) {
      return nextNonZero(S, Base + R.countAt(0), R.countAt(1) - R.countAt(0),
                         Fn.NumPaths, Id);
    };
    for (uint64_t Id = Next(0); Id != Fn.NumPaths; Id = Next(Id + 1)) {
      if (uint64_t Count = readU64(S.Bytes, Base + R.countAt(Id)))
        Counted.push_back(readPath(S, Id, Count, Base + R.groupAt(Id),
                                   R.numMetrics(), R.numMetrics(),
                                   R.isSampled(), SlotList));
    }
    if (!Fn.Paths.addAll(std::move(Counted), P.Metrics))
      Saturated[M.Index[I]] = true;
  }

  if (S.Hash.Size != 0 || (S.Version < 3 && S.Hash.Offset != 0))
    if (Error E = addHashTable(M, S, S.Hash, HashEntryBytes))
      return E;
  if (S.HashMetrics.Size != 0)
    if (Error E = addHashTable(M, S, S.HashMetrics, HashMetricEntryBytes))
      return E;
  if (S.HashSampled.Size != 0)
    if (Error E = addHashTable(M, S, S.HashSampled, HashSampledEntryBytes))
      return E;
  if (!M.Values.empty())
    if (Error E = addValues(M, S))
      return E;
  if (S.Context.Size != 0)
    return addContext(M, S);
  return Error::success();
}

Error RawProfileBuilder::addValues(const RawModule &M, const RawSegment &S) {
  for (size_t I = 0; I != M.Records.size(); ++I) {
    const PathProfRawValueFunction &V = M.Values[I];
    if (V.NumValueSites == 0 && V.NumSelects == 0)
      continue;
    const RawRecord &R = M.Records[I];
    // The value blocks, then one counter per select.
    const uint64_t Room =
        V.ValuesOffset > S.Counters.Size ? 0 : S.Counters.Size - V.ValuesOffset;
    if (V.ValuesOffset > S.Counters.Size ||
        V.NumValueSites > Room / ValueBlockBytes ||
        V.NumSelects > (Room - V.NumValueSites * ValueBlockBytes) / 8)
      return corrupt(S.At.prefix() + "function '" + R.Name +
                     "': " + Twine(V.NumValueSites) + " value blocks and " +
                     Twine(V.NumSelects) + " select counters at offset " +
                     Twine(V.ValuesOffset) +
                     " do not fit the counter region (" +
                     Twine(S.Counters.Size) + " bytes)");
    FunctionProfile &Fn = P.Functions[M.Index[I]];
    if (Fn.Selects.size() < V.NumSelects)
      Fn.Selects.resize(V.NumSelects);
    const uint64_t SelectsAt =
        S.Counters.Offset + V.ValuesOffset + V.NumValueSites * ValueBlockBytes;
    for (uint64_t J = 0; J != V.NumSelects; ++J) {
      bool Overflow = false;
      Fn.Selects[J] = SaturatingAdd(
          Fn.Selects[J], readU64(S.Bytes, SelectsAt + J * 8), &Overflow);
      if (Overflow)
        Saturated[M.Index[I]] = true;
    }
    std::vector<uint64_t> Seen;
    for (uint64_t J = 0; J != V.NumValueSites; ++J) {
      uint64_t At = S.Counters.Offset + V.ValuesOffset + J * ValueBlockBytes;
      auto Word = [&](size_t Offset) { return readU64(S.Bytes, At + Offset); };
      uint64_t Site = Word(offsetof(PathProfValueBlock, Site));
      auto Problem = [&](const Twine &Msg) {
        return corrupt(S.At.prefix() + "function '" + R.Name +
                       "': value block " + Twine(J) + " " + Msg);
      };
      if (Site == 0) {
        for (size_t W = 0; W != ValueBlockBytes; W += 8)
          if (Word(W) != 0)
            return Problem("has counts but no call site");
        continue;
      }
      // A memory operation's block (raw version 8) or an indirect call's.
      const bool Sizes =
          S.Version >= 8 && (Site & PATHPROF_VALUE_SITE_SIZES) != 0;
      const uint64_t Index =
          (Site & ~(Sizes ? PATHPROF_VALUE_SITE_SIZES : 0)) - 1;
      const char *What = Sizes ? "memory operation " : "call site ";
      if (Index > PATHPROF_FUNC_CALL_SITES_MASK)
        return Problem("names " + Twine(What) + Twine(Index));
      if (llvm::is_contained(Seen, Site))
        return Problem("names " + Twine(What) + Twine(Index) +
                       ", as an earlier block does");
      Seen.push_back(Site);
      const uint64_t Other = Word(offsetof(PathProfValueBlock, Other));
      bool Ok = Sizes ? Fn.MemOps.add(Index, std::nullopt, Other)
                      : Fn.ICalls.add(Index, "", Other);
      bool Free = false;
      for (unsigned K = 0; K != PATHPROF_VALUE_SLOTS; ++K) {
        size_t Slot = offsetof(PathProfValueBlock, Slots) + K * 16;
        uint64_t Target = Word(Slot), Count = Word(Slot + 8);
        if (Target == 0) {
          if (Count != 0)
            return Problem("counts " + Twine(Count) + " calls in a free slot");
          Free = true;
          continue;
        }
        if (Free)
          return Problem("has a target after a free slot");
        if (Sizes) {
          Ok &= Fn.MemOps.add(Index, Target - 1, Count);
          continue;
        }
        auto Callee = M.ByAddress.find(Target);
        StringRef Name = Callee == M.ByAddress.end()
                             ? StringRef()
                             : M.Records[Callee->second].Name;
        Ok &= Fn.ICalls.add(Index, Name, Count);
      }
      if (!Ok)
        Saturated[M.Index[I]] = true;
    }
  }
  return Error::success();
}

PathRecord
RawProfileBuilder::readPath(const RawSegment &S, uint64_t Id, uint64_t Count,
                            uint64_t At, uint64_t M, uint64_t K, bool Sampled,
                            const std::vector<uint64_t> *Slots) const {
  PathRecord Rec;
  Rec.Id = Id;
  Rec.Count = Count;
  Rec.Metrics.assign(P.Metrics.size(), 0);
  if (P.Metrics.empty())
    return Rec;
  if (Sampled) {
    Rec.Samples = readU64(S.Bytes, At + 8 * PATHPROF_BLOCK_SAMPLES(M));
    Rec.Squares.assign(P.Metrics.size(), SquareSum());
  }
  if (!Slots)
    return Rec;
  for (size_t J = 0; J != P.Metrics.size(); ++J) {
    uint64_t A = (*Slots)[J];
    if (A >= K)
      continue;
    Rec.Metrics[J] = readU64(S.Bytes, At + 8 * A);
    if (Sampled)
      Rec.Squares[J] = {
          readU64(S.Bytes, At + 8 * PATHPROF_BLOCK_SQUARE_HI(M, A)),
          readU64(S.Bytes, At + 8 * PATHPROF_BLOCK_SQUARE_LO(M, A))};
  }
  return Rec;
}

CallCosts
RawProfileBuilder::readCosts(const RawSegment &S, uint64_t At,
                             const RawRecord &R,
                             const std::vector<uint64_t> *Slots) const {
  CallCosts C;
  if (P.Metrics.empty())
    return C;
  const uint64_t K = R.numMetrics(), M = 2 * K;
  const bool Sampled = R.isSampled();
  C.Exclusive.assign(P.Metrics.size(), 0);
  C.Inclusive.assign(P.Metrics.size(), 0);
  if (Sampled) {
    C.Samples = readU64(S.Bytes, At + 8 * PATHPROF_BLOCK_SAMPLES(M));
    C.ExclusiveSquares.assign(P.Metrics.size(), SquareSum());
    C.InclusiveSquares.assign(P.Metrics.size(), SquareSum());
  }
  if (!Slots)
    return C;
  auto Square = [&](uint64_t A) -> SquareSum {
    return {readU64(S.Bytes, At + 8 * PATHPROF_BLOCK_SQUARE_HI(M, A)),
            readU64(S.Bytes, At + 8 * PATHPROF_BLOCK_SQUARE_LO(M, A))};
  };
  for (size_t J = 0; J != P.Metrics.size(); ++J) {
    uint64_t A = (*Slots)[J];
    if (A >= K)
      continue;
    C.Exclusive[J] = readU64(S.Bytes, At + 8 * A);
    C.Inclusive[J] = readU64(S.Bytes, At + 8 * (K + A));
    if (Sampled) {
      C.ExclusiveSquares[J] = Square(A);
      C.InclusiveSquares[J] = Square(K + A);
    }
  }
  return C;
}

Error RawProfileBuilder::addContext(const RawModule &M, const RawSegment &S) {
  const Location &At = S.At;
  const uint64_t Base = S.Context.Offset, Size = S.Context.Size;
  auto Word = [&](uint64_t Off) { return readU64(S.Bytes, Base + Off); };
  if (Size < CtxHeaderBytes)
    return corrupt(At.prefix() + "context region (" + Twine(Size) +
                   " bytes) is smaller than its header");
  PathProfCtxHeader H;
#define PATHPROF_CTX_HEADER_FIELD(Name)                                        \
  H.Name = Word(offsetof(PathProfCtxHeader, Name));
#include "PathProf/ProfileLayout.inc"
  if (H.Capacity != Size)
    return corrupt(At.prefix() + "context region has " + Twine(Size) +
                   " bytes, but its header says " + Twine(H.Capacity));
  if (H.Used < CtxHeaderBytes || H.Used > Size || H.Used % 8 != 0)
    return corrupt(At.prefix() + "context region says " + Twine(H.Used) +
                   " of its " + Twine(Size) + " bytes are in use");
  if (H.Dropped != 0)
    ContextDropped = SaturatingAdd(ContextDropped, H.Dropped);

  // The records in arena order, which puts every parent before its
  // children; each becomes a node (or a backedge) of a tree with the
  // profile's function names.
  struct Built {
    ContextNode N;
    size_t Parent = SIZE_MAX; ///< Index of the parent node.
    uint64_t NumSites = 0;
    size_t Depth = 1;
  };
  std::vector<Built> Nodes;
  std::map<uint64_t, size_t> NodeAt; // record offset -> index in Nodes
  std::vector<std::pair<size_t, ContextBackedge>> Backedges;
  auto Slots = MetricSlots.find(S.At.Offset);
  for (uint64_t Off = CtxHeaderBytes; Off != H.Used;) {
    const std::string Where =
        At.prefix() + "context record at offset " + std::to_string(Off);
    if (!inBounds(Off, CtxRecordBytes, H.Used))
      return corrupt(Where + " is cut off by the end of the records (" +
                     Twine(H.Used) + ")");
    PathProfCtxNode R;
    std::memset(&R, 0, sizeof(R));
#define PATHPROF_CTX_RECORD_FIELD(Name)                                        \
  R.Name = Word(Off + offsetof(PathProfCtxNode, Name));
#include "PathProf/ProfileLayout.inc"
    if (R.Kind != PATHPROF_CTX_NODE && R.Kind != PATHPROF_CTX_BACKEDGE)
      return corrupt(Where + " has unknown kind " + Twine(R.Kind));
    if (R.Function >= M.Records.size())
      return corrupt(Where + " refers to function " + Twine(R.Function) +
                     " of " + Twine(M.Records.size()));
    const RawRecord &Rec = M.Records[R.Function];
    const size_t FnIndex = M.Index[R.Function];
    if (!(Rec.Flags & PATHPROF_FUNC_CONTEXT))
      return corrupt(Where + " refers to function '" + Rec.Name +
                     "', which records no contexts");
    if (R.Flags & ~PATHPROF_CTX_VIA_UNKNOWN)
      return corrupt(Where + " has unknown flags 0x" + utohexstr(R.Flags));
    size_t Parent = SIZE_MAX;
    if (R.Parent != 0) {
      auto It = NodeAt.find(R.Parent);
      if (It == NodeAt.end() || R.Parent >= Off)
        return corrupt(Where + " has parent offset " + Twine(R.Parent) +
                       ", which is not an earlier node");
      Parent = It->second;
      if (R.CallSite > Nodes[Parent].NumSites)
        return corrupt(Where + " hangs from call site " + Twine(R.CallSite) +
                       " of a function with " + Twine(Nodes[Parent].NumSites));
    } else if (R.CallSite != 0 || R.Flags != 0) {
      return corrupt(Where + " is a root with a call site or flags");
    }
    const uint64_t CallSite =
        Parent != SIZE_MAX && R.CallSite == Nodes[Parent].NumSites
            ? ContextNode::OwnCode
            : R.CallSite;
    const FunctionProfile &F = P.Functions[FnIndex];

    if (R.Kind == PATHPROF_CTX_BACKEDGE) {
      if (!inBounds(Off, CtxBackedgeBytes, H.Used))
        return corrupt(Where + " is cut off by the end of the records (" +
                       Twine(H.Used) + ")");
      uint64_t Target = Word(Off + offsetof(PathProfCtxBackedge, Target));
      auto It = NodeAt.find(Target);
      if (Parent == SIZE_MAX || It == NodeAt.end())
        return corrupt(Where + " is a backedge to offset " + Twine(Target) +
                       ", which is not an ancestor");
      uint64_t Levels = 0;
      size_t A = Parent;
      while (A != SIZE_MAX && A != It->second) {
        A = Nodes[A].Parent;
        ++Levels;
      }
      if (A == SIZE_MAX)
        return corrupt(Where + " is a backedge to offset " + Twine(Target) +
                       ", which is not an ancestor");
      if (Nodes[A].N.Function != F.Name || Nodes[A].N.Checksum != F.Checksum)
        return corrupt(Where + " is a backedge of function '" + F.Name +
                       "' to a node of function '" + Nodes[A].N.Function + "'");
      ContextBackedge B;
      B.CallSite = CallSite;
      B.ViaUnknown = R.Flags & PATHPROF_CTX_VIA_UNKNOWN;
      B.Function = F.Name;
      B.Checksum = F.Checksum;
      B.Levels = Levels;
      B.Count = R.EntryCount;
      Backedges.emplace_back(Parent, std::move(B));
      Off += CtxBackedgeBytes;
      continue;
    }

    if (!inBounds(Off, CtxNodeBytes, H.Used))
      return corrupt(Where + " is cut off by the end of the records (" +
                     Twine(H.Used) + ")");
    R.NumSites = Word(Off + offsetof(PathProfCtxNode, NumSites));
    R.TableWords = Word(Off + offsetof(PathProfCtxNode, TableWords));
    if (R.NumSites != pathprofFunctionCallSites(Rec.Flags))
      return corrupt(Where + " has " + Twine(R.NumSites) +
                     " call sites, but function '" + Rec.Name + "' has " +
                     Twine(pathprofFunctionCallSites(Rec.Flags)));
    const uint64_t Words = Rec.recordWords();
    if (Rec.isCalls() && R.TableWords != Rec.costWords())
      return corrupt(Where + " has " + Twine(R.TableWords) +
                     " words of costs; function '" + Rec.Name +
                     "', which counts calls only, has " +
                     Twine(Rec.costWords()));
    if (!Rec.isCalls() && R.TableWords != 0 &&
        (Rec.isHashed() || Rec.NumPaths > UINT64_MAX / Words ||
         R.TableWords != Rec.NumPaths * Words))
      return corrupt(Where + " has a path table of " + Twine(R.TableWords) +
                     " words; function '" + Rec.Name + "' needs " +
                     (Rec.isHashed()
                          ? Twine("none (hashed)")
                          : Twine(Rec.NumPaths) + " x " + Twine(Words)));
    // Sizes are bounded by the region (a u64 count of call sites could
    // overflow the product).
    const uint64_t Left = H.Used - Off - CtxNodeBytes;
    if (R.NumSites >= Left / CtxSlotBytes ||
        R.TableWords > (Left - (R.NumSites + 1) * CtxSlotBytes) / 8)
      return corrupt(Where + " (" + Twine(R.NumSites) + " call sites, " +
                     Twine(R.TableWords) +
                     " table words) is cut off by the end of the records (" +
                     Twine(H.Used) + ")");
    Built B;
    B.N.Function = F.Name;
    B.N.Checksum = F.Checksum;
    B.N.CallSite = CallSite;
    B.N.ViaUnknown = R.Flags & PATHPROF_CTX_VIA_UNKNOWN;
    B.N.EntryCount = R.EntryCount;
    B.N.HasPaths = R.TableWords != 0 && !Rec.isCalls();
    B.Parent = Parent;
    B.NumSites = R.NumSites;
    if (Parent != SIZE_MAX) {
      B.Depth = Nodes[Parent].Depth + 1;
      if (B.Depth > MaxContextDepth)
        return corrupt(Where + " is at depth " + Twine(B.Depth) +
                       " of its tree; at most " + Twine(MaxContextDepth));
    }
    const uint64_t TableAt =
        Off + CtxNodeBytes + (R.NumSites + 1) * CtxSlotBytes;
    if (Rec.isCalls()) {
      // The flattening: a function's entries and costs are the sum of its
      // contexts' (and of its calls record).
      B.N.Costs =
          readCosts(S, Base + TableAt, Rec,
                    Slots == MetricSlots.end() ? nullptr : &Slots->second);
      FunctionProfile &Fn = P.Functions[FnIndex];
      bool Overflow = false;
      Fn.Entries = SaturatingAdd(Fn.Entries, R.EntryCount, &Overflow);
      if (Overflow || !Fn.Costs.add(B.N.Costs, P.Metrics))
        Saturated[FnIndex] = true;
    } else if (R.TableWords) {
      std::vector<PathRecord> Counted;
      for (uint64_t Id = 0; Id != Rec.NumPaths; ++Id) {
        if (uint64_t Count = Word(TableAt + Rec.countAt(Id)))
          Counted.push_back(
              readPath(S, Id, Count, Base + TableAt + Rec.groupAt(Id),
                       Rec.numMetrics(), Rec.numMetrics(), Rec.isSampled(),
                       Slots == MetricSlots.end() ? nullptr : &Slots->second));
      }
      // The flattening: a function's paths are the sum of its contexts'.
      if (!P.Functions[FnIndex].Paths.addAll(Counted, P.Metrics))
        Saturated[FnIndex] = true;
      B.N.Paths.addAll(std::move(Counted), P.Metrics);
    }
    NodeAt[Off] = Nodes.size();
    Nodes.push_back(std::move(B));
    Off = TableAt + R.TableWords * 8;
  }

  // Children into their parents, last first, so that each node is complete
  // when it moves. A subtree that counted nothing (a fork child's copy of
  // its parent's tree, a tree after __pathprof_reset) is left out.
  std::vector<bool> Counted(Nodes.size());
  for (auto &[Parent, B] : Backedges) {
    Counted[Parent] = Counted[Parent] || B.Count != 0;
    Nodes[Parent].N.Backedges.push_back(std::move(B));
  }
  if (!P.Context)
    P.Context.emplace();
  // The thread's tree by itself, when asked for, then into the merged one.
  const uint64_t Thread = ThreadsOfModule[S.Signature]++;
  ContextTree *Into = &*P.Context;
  ContextTree Own;
  if (Threads)
    Into = &Own;
  for (size_t I = Nodes.size(); I-- != 0;) {
    Built &B = Nodes[I];
    Counted[I] = Counted[I] || B.N.EntryCount != 0 || !B.N.Paths.empty() ||
                 !B.N.Costs.isZero();
    if (B.Parent == SIZE_MAX || !Counted[I])
      continue;
    Counted[B.Parent] = true;
    Nodes[B.Parent].N.Children.push_back(std::move(B.N));
  }
  bool Ok = true;
  for (size_t I = 0; I != Nodes.size(); ++I)
    if (Nodes[I].Parent == SIZE_MAX && Counted[I])
      Ok &= Into->addRoot(std::move(Nodes[I].N), P.Metrics);
  if (Threads && !Own.Roots.empty()) {
    Threads->push_back({Thread, At.Offset, Own});
    Ok &= P.Context->merge(std::move(Own), 1, P.Metrics);
  }
  if (!Ok)
    ContextSaturated = true;
  return Error::success();
}

Error RawProfileBuilder::addHashTable(const RawModule &M, const RawSegment &S,
                                      const RawRegion &Table,
                                      uint64_t EntryBytes) {
  const Location &At = S.At;
  const uint64_t HashOffset = Table.Offset, HashSize = Table.Size;
  const std::string Name = Table.Name;
  if (HashSize < HashHeaderBytes)
    return corrupt(At.prefix() + Name + " region (" + Twine(HashSize) +
                   " bytes) is smaller than its header");
  auto HeaderField = [&](size_t Member) {
    return readU64(S.Bytes, HashOffset + Member);
  };
  uint64_t Capacity = HeaderField(offsetof(PathProfHashHeader, Capacity));
  uint64_t Used = HeaderField(offsetof(PathProfHashHeader, Used));
  uint64_t SegDropped = HeaderField(offsetof(PathProfHashHeader, Dropped));
  if (!isPowerOf2_64(Capacity))
    return corrupt(At.prefix() + Name + " capacity " + Twine(Capacity) +
                   " is not a power of two");
  if (Capacity > (HashSize - HashHeaderBytes) / EntryBytes ||
      HashHeaderBytes + Capacity * EntryBytes != HashSize)
    return corrupt(At.prefix() + Name + " capacity " + Twine(Capacity) +
                   " does not match the " + Name + " region size " +
                   Twine(HashSize));
  if (Used > Capacity)
    return corrupt(At.prefix() + Name + " table uses " + Twine(Used) + " of " +
                   Twine(Capacity) + " entries");

  // The record slot of each metric of the profile (this segment's), read
  // from the accumulators after the count.
  const uint64_t Accumulators = (EntryBytes - HashEntryBytes) / 8;
  auto Slots = MetricSlots.find(At.Offset);
  // Per function, the entries in slot order: added at once, in one pass.
  std::map<size_t, std::vector<PathRecord>> Hashed;
  // Empty slots are zero.
  auto Next = [&](uint64_t Slot) {
    return nextNonZero(S,
                       HashOffset + HashHeaderBytes +
                           offsetof(PathProfHashEntry, FunctionIndexPlusOne),
                       EntryBytes, Capacity, Slot);
  };
  for (uint64_t Slot = Next(0); Slot != Capacity; Slot = Next(Slot + 1)) {
    uint64_t Base = HashOffset + HashHeaderBytes + Slot * EntryBytes;
    PathProfHashEntry E;
#define PATHPROF_HASH_ENTRY_FIELD(Name)                                        \
  E.Name = readU64(S.Bytes, Base + offsetof(PathProfHashEntry, Name));
#include "PathProf/ProfileLayout.inc"
    // 0 is an empty slot; all ones marks a slot whose writer never finished
    // (docs/Runtime.md), which holds no count.
    uint64_t FnPlusOne = E.FunctionIndexPlusOne;
    if (FnPlusOne == 0 || FnPlusOne == ~uint64_t(0))
      continue;
    if (FnPlusOne > M.Index.size())
      return corrupt(At.prefix() + Name + " entry " + Twine(Slot) +
                     " refers to function " + Twine(FnPlusOne - 1) + " of " +
                     Twine(M.Index.size()));
    size_t FnIndex = M.Index[FnPlusOne - 1];
    const FunctionProfile &F = P.Functions[FnIndex];
    const StringRef FnName = nameOf(FnIndex);
    const RawRecord &R = M.Records[FnPlusOne - 1];
    if (!R.isHashed())
      return corrupt(At.prefix() + Name + " entry " + Twine(Slot) +
                     " refers to function '" + FnName +
                     "', which has dense counters");
    if (E.PathId >= F.NumPaths)
      return corrupt(At.prefix() + Name + " entry " + Twine(Slot) +
                     " has path id " + Twine(E.PathId) + " but function '" +
                     FnName + "' has " + Twine(F.NumPaths) + " paths");
    if (E.Count == 0)
      continue;
    // The function's K accumulators; a metric of a later slot is 0. A
    // sampled entry holds the function's metric block of K accumulators,
    // in room for PATHPROF_MAX_METRICS.
    const bool Sampled = EntryBytes == HashSampledEntryBytes;
    if (Sampled != R.isSampled() && R.numMetrics())
      return corrupt(At.prefix() + Name + " entry " + Twine(Slot) +
                     " refers to function '" + FnName + "', whose metrics " +
                     (R.isSampled() ? "are" : "are not") + " sampled");
    const uint64_t Words =
        std::min<uint64_t>(pathprofFunctionMetrics(R.Flags), Accumulators);
    Hashed[FnIndex].push_back(
        readPath(S, E.PathId, E.Count, Base + HashEntryBytes,
                 Sampled ? Words : Accumulators, Words, Sampled,
                 Slots == MetricSlots.end() ? nullptr : &Slots->second));
  }
  for (auto &[FnIndex, Counted] : Hashed)
    if (!P.Functions[FnIndex].Paths.addAll(std::move(Counted), P.Metrics))
      Saturated[FnIndex] = true;
  Dropped = SaturatingAdd(Dropped, SegDropped);
  return Error::success();
}

/// The metrics of counter segment \p S, from its metric region.
Expected<std::vector<MetricDescriptor>> readMetrics(const RawSegment &S) {
  std::vector<MetricDescriptor> Result;
  for (uint64_t I = 0; I != S.NumMetrics; ++I) {
    uint64_t Base = S.Metrics.Offset + I * MetricBytes;
    PathProfRawMetric M;
#define PATHPROF_RAW_METRIC_FIELD(Name)                                        \
  M.Name = readU64(S.Bytes, Base + offsetof(PathProfRawMetric, Name));
#include "PathProf/ProfileLayout.inc"
    if (M.NameSize == 0 || M.NameSize >= PATHPROF_METRIC_NAME_SIZE)
      return corrupt(S.At.prefix() + "metric " + Twine(I) + " has a name of " +
                     Twine(M.NameSize) + " bytes");
    if (M.Unit > PATHPROF_METRIC_UNIT_TICKS)
      return corrupt(S.At.prefix() + "metric " + Twine(I) +
                     " has unknown unit " + Twine(M.Unit));
    MetricDescriptor D;
    D.Name =
        S.Bytes.substr(Base + offsetof(PathProfRawMetric, Name), M.NameSize)
            .str();
    D.Unit = M.Unit == PATHPROF_METRIC_UNIT_NS      ? "ns"
             : M.Unit == PATHPROF_METRIC_UNIT_TICKS ? "ticks"
                                                    : "events";
    D.Merge = MetricMerge::Sum;
    D.Sources =
        M.Sources & (PATHPROF_METRIC_SOURCE_TSC | PATHPROF_METRIC_SOURCE_RDPMC |
                     PATHPROF_METRIC_SOURCE_READ);
    D.Scaled = M.Flags & PATHPROF_METRIC_SCALED;
    D.Inclusive = M.Flags & PATHPROF_METRIC_INCLUSIVE;
    if (llvm::any_of(Result, [&](const MetricDescriptor &Earlier) {
          return Earlier.Name == D.Name;
        }))
      return corrupt(S.At.prefix() + "metric " + Twine(I) +
                     " repeats the name '" + D.Name + "'");
    Result.push_back(std::move(D));
  }
  if (S.Sampling.present()) {
    PathProfRawSampling Sm;
#define PATHPROF_RAW_SAMPLING_FIELD(Name)                                      \
  Sm.Name = readU64(S.Bytes,                                                   \
                    S.Sampling.Offset + offsetof(PathProfRawSampling, Name));
#include "PathProf/ProfileLayout.inc"
    if (Sm.Distribution != PATHPROF_SAMPLING_GEOMETRIC || Sm.Period == 0)
      return corrupt(S.At.prefix() + "sampling region has period " +
                     Twine(Sm.Period) + " and distribution " +
                     Twine(Sm.Distribution));
    for (MetricDescriptor &D : Result)
      D.Period = Sm.Period;
  }
  return Result;
}

Error RawProfileBuilder::setMetrics(ArrayRef<RawSegment> Counts) {
  std::vector<std::pair<const RawSegment *, std::vector<MetricDescriptor>>>
      Lists;
  for (const RawSegment &S : Counts) {
    if (S.NumMetrics == 0)
      continue;
    Expected<std::vector<MetricDescriptor>> Ms = readMetrics(S);
    if (!Ms)
      return Ms.takeError();
    if (Lists.empty())
      P.Metrics = *Ms;
    Lists.emplace_back(&S, std::move(*Ms));
  }
  // Runs that counted other events into one file (a %m pool): the counts
  // all stay, the metrics every such segment counts stay, and the others go,
  // with a warning.
  for (const auto &[S, Ms] : Lists) {
    if (Ms == P.Metrics)
      continue;
    std::vector<MetricDescriptor> Common;
    for (const MetricDescriptor &M : P.Metrics)
      if (llvm::is_contained(Ms, M))
        Common.push_back(M);
    Warn(S->At.prefix() + "counts " + describeMetrics(Ms) +
         " but the segment at offset " + Twine(Lists.front().first->At.Offset) +
         " counts " + describeMetrics(P.Metrics) + "; keeping " +
         describeMetrics(Common));
    P.Metrics = std::move(Common);
  }
  for (const auto &[S, Ms] : Lists) {
    std::vector<uint64_t> &Slots = MetricSlots[S->At.Offset];
    for (const MetricDescriptor &M : P.Metrics) {
      size_t Slot = llvm::find(Ms, M) - Ms.begin();
      Slots.push_back(Slot);
      P.Metrics[Slots.size() - 1].absorb(Ms[Slot]);
    }
  }
  return Error::success();
}

Profile RawProfileBuilder::finish() {
  // Select counts are read for every function the module counts selects
  // of; one that never ran keeps none.
  for (FunctionProfile &F : P.Functions)
    if (!F.ran() && llvm::all_of(F.Selects, [](uint64_t C) { return C == 0; }))
      F.Selects.clear();
  for (size_t I = 0; I != P.Functions.size(); ++I)
    if (Saturated[I])
      Warn("function '" + nameOf(I) + "': path counts overflow; saturated");
  if (Dropped != 0)
    Warn(Twine(Dropped) + " path count increment" + (Dropped == 1 ? "" : "s") +
         " dropped by the runtime because its hash table was full; counts of "
         "hashed functions are too low");
  if (ContextDropped != 0)
    Warn(Twine(ContextDropped) + " function entr" +
         (ContextDropped == 1 ? "y" : "ies") +
         " found the calling context tree full; their paths are in the "
         "flattened profile, not in the tree");
  if (ContextSaturated)
    Warn("calling context counts overflow; saturated");
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

/// Called for each segment whose header was decoded: version 1's one
/// segment (the file) and every segment of a later version, FREE ones
/// included. The regions are not checked yet.
using SegmentVisitor = function_ref<Error(RawSegment &S)>;

/// Version 1: one segment, the whole file.
Error walkVersion1(StringRef Buffer, SegmentVisitor Visit) {
  if (Buffer.size() < V1HeaderBytes)
    return truncated("file is too small for the header (" +
                     Twine(Buffer.size()) + " bytes)");
  uint64_t HeaderSize = readU64(Buffer, offsetof(LegacyHeader, HeaderSize));
  uint64_t FileSize = readU64(Buffer, offsetof(LegacyHeader, SegmentSize));
  if (HeaderSize != V1HeaderBytes)
    return corrupt("header size " + Twine(HeaderSize) + ", expected " +
                   Twine(V1HeaderBytes));
  if (FileSize > Buffer.size())
    return truncated("header says the file has " + Twine(FileSize) +
                     " bytes, but it has " + Twine(Buffer.size()));
  if (FileSize != Buffer.size())
    return corrupt("header says the file has " + Twine(FileSize) +
                   " bytes, but it has " + Twine(Buffer.size()) +
                   " (appended to?)");
  RawSegment S = decodeLegacyHeader(Buffer, Location{true, 0});
  return Visit(S);
}

/// Versions 2 and later: segments from offset 0 to the end of the file, all
/// of the file's version; a packed one (version 10) is visited as the
/// segment it holds, unpacked into \p Store.
Error walkSegmentList(StringRef Buffer, uint64_t FileVersion,
                      SegmentVisitor Visit, WarningHandler Warn,
                      ExpandedSegments &Store) {
  const uint64_t HeaderBytes = FileVersion == 2 ? V2HeaderBytes : V3HeaderBytes;
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
    if (Rest.size() < 40)
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
    if (Version != FileVersion)
      return corrupt(At.prefix() + "format version " + Twine(Version) +
                     " in a version " + Twine(FileVersion) + " file");
    // Version 10: a packed segment has a short header of its own.
    const bool Packed =
        Version >= 10 &&
        readU64(Rest, offsetof(PathProfRawHeader, SegmentKind)) ==
            PATHPROF_SEGMENT_PACKED;
    const uint64_t Want = Packed ? PackedHeaderBytes : HeaderBytes;
    if (HeaderSize != Want)
      return corrupt(At.prefix() + "header size " + Twine(HeaderSize) +
                     ", expected " + Twine(Want));
    if (Rest.size() < Want)
      return truncated(At.prefix() + "only " + Twine(Rest.size()) +
                       " bytes left, too few for a segment header");
    if (SegmentSize < Want || SegmentSize % 8 != 0)
      return corrupt(At.prefix() + "segment size " + Twine(SegmentSize) +
                     " is smaller than the header or not a multiple of 8");
    if (SegmentSize > Rest.size())
      return truncated(At.prefix() + "header says the segment has " +
                       Twine(SegmentSize) + " bytes, but only " +
                       Twine(Rest.size()) + " are left in the file");
    StringRef Seg = Rest.substr(0, SegmentSize);
    RawSegment S;
    if (FileVersion == 2) {
      S = decodeLegacyHeader(Seg, At);
    } else if (Packed) {
      Expected<RawSegment> Unpacked = unpackSegment(Seg, At, Store);
      if (!Unpacked)
        return Unpacked.takeError();
      S = std::move(*Unpacked);
    } else {
      Expected<RawSegment> Decoded = decodeHeader(Seg, At);
      if (!Decoded)
        return Decoded.takeError();
      S = std::move(*Decoded);
    }
    if (S.Flags & ~PATHPROF_SEGMENT_FREE)
      return corrupt(At.prefix() + "unknown segment flags 0x" +
                     utohexstr(S.Flags));
    if (Error E = Visit(S))
      return E;
    Offset += SegmentSize;
  }
  return Error::success();
}

/// Checks the file's magic and walks its segments; \p Store keeps the
/// segments unpacked from packed ones.
Error walkSegments(StringRef Buffer, SegmentVisitor Visit, WarningHandler Warn,
                   ExpandedSegments &Store) {
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
  if (Version >= 2 && Version <= PATHPROF_RAW_VERSION)
    return walkSegmentList(Buffer, Version, Visit, Warn, Store);
  return versionError(Version);
}

} // namespace

/// The binary of the correlated description \p S (one with NAME_REFS),
/// from \p Binaries.
static Expected<const BinaryDescriptions *>
binaryOf(const RawSegment &S, const ProfileBinaries *Binaries) {
  std::string BuildId = toHex(S.region(S.BuildId), /*LowerCase=*/true);
  const std::string Where =
      S.At.prefix() + "the names and CFG descriptions of this module are in "
                      "its binary";
  if (BuildId.empty()) {
    // Linked without a build id: the one binary given is taken at its word
    // (the checksums of the functions still have to match).
    if (Binaries && Binaries->binaries().size() == 1)
      return &Binaries->binaries().front();
    return makeProfileError(profile_error::missing_binary,
                            Where + ", which was linked without a build id: "
                                    "give that binary, and only it, with "
                                    "--binary=FILE");
  }
  if (!Binaries || Binaries->empty())
    return makeProfileError(profile_error::missing_binary,
                            Where + " (build id " + BuildId +
                                "): give it with --binary=FILE");
  if (const BinaryDescriptions *B = Binaries->find(BuildId))
    return B;
  std::string Given;
  for (const BinaryDescriptions &B : Binaries->binaries())
    Given += (Given.empty() ? "" : ", ") + B.Path +
             (B.BuildId.empty() ? " (no build id)" : " (" + B.BuildId + ")");
  return makeProfileError(
      profile_error::missing_binary,
      Where + " (build id " + BuildId +
          "), and no binary given has that build id: " + Given);
}

/// Whether the description segments \p A and \p B decode to the same
/// functions: the same bytes but for the process that wrote them, which
/// addModule() does not read.
static bool sameDescription(StringRef A, StringRef B) {
  constexpr size_t Pid = offsetof(PathProfRawHeader, OwnerPid);
  constexpr size_t Rest = offsetof(PathProfRawHeader, OwnerStartTime) + 8;
  static_assert(Rest == Pid + 16, "the owner's pid, then its start time");
  return A.size() == B.size() && A.size() >= Rest &&
         A.take_front(Pid) == B.take_front(Pid) &&
         A.drop_front(Rest) == B.drop_front(Rest);
}

struct RawDescriptionCache::Entry {
  /// The description segment, also holding the records' names and CFGs.
  std::string Bytes;
  RawModule Module;
  /// The functions it gave an empty RawProfileBuilder, shared with the
  /// counts readRawModuleCounts() reads against them.
  std::shared_ptr<const std::vector<FunctionProfile>> Functions;
  /// No two of Functions have the same name and checksum but other numbers
  /// of paths (which readRawProfile() keeps apart, warning): the counts of
  /// each may be added to the merged function of its name and checksum.
  bool Foldable = false;
};

RawDescriptionCache::RawDescriptionCache() = default;
RawDescriptionCache::~RawDescriptionCache() = default;
RawDescriptionCache::RawDescriptionCache(RawDescriptionCache &&) = default;
RawDescriptionCache &
RawDescriptionCache::operator=(RawDescriptionCache &&) = default;

Expected<Profile>
pathprof::readRawProfile(StringRef Buffer, WarningHandler Warn,
                         std::vector<ThreadContextTree> *Threads,
                         const ProfileBinaries *Binaries,
                         RawDescriptionCache *Cache) {
  RawProfileBuilder B(Warn, Threads);
  // The first description, what it decoded to, to keep in Cache if the
  // whole file reads (a file that fails may be skipped by a merge, and its
  // description must then not count as seen).
  std::optional<RawDescriptionCache::Entry> ToKeep;
  // Version 3: the description segments by module signature, and the
  // counter segments to add once every description is known (a file need
  // not put a module's description before its counts).
  std::map<uint64_t, RawModule> Modules;
  std::vector<RawSegment> Counts;
  ExpandedSegments Expanded;
  auto Add = [&](RawSegment &S) -> Error {
    // A FREE segment's counts were folded into another segment.
    if (S.Flags & PATHPROF_SEGMENT_FREE)
      return Error::success();
    if (S.Kind == PATHPROF_SEGMENT_COMPACT ||
        S.Kind == PATHPROF_SEGMENT_COUNTERS)
      return addCounts(S, Expanded, Counts);
    if (Error E = checkRegions(S))
      return E;
    if (S.NameRefs.present()) {
      Expected<const BinaryDescriptions *> Binary = binaryOf(S, Binaries);
      if (!Binary)
        return Binary.takeError();
      S.Binary = *Binary;
    }
    // Only the first module: the functions of a later one depend on those
    // before it.
    const bool First = Cache && S.Kind == PATHPROF_SEGMENT_DESCRIPTION &&
                       B.functions().empty();
    const RawDescriptionCache::Entry *Kept =
        First ? Cache->Kept.get() : nullptr;
    const bool Hit = Kept && sameDescription(Kept->Bytes, S.Bytes);
    if (Hit)
      B.adoptFunctions(*Kept->Functions);
    Expected<RawModule> M =
        Hit ? Expected<RawModule>(Kept->Module) : B.addModule(S);
    if (!M)
      return M.takeError();
    if (First && !Hit) {
      ToKeep.emplace();
      ToKeep->Bytes = S.Bytes.str();
      ToKeep->Module = *M;
      ToKeep->Functions =
          std::make_shared<const std::vector<FunctionProfile>>(B.functions());
      std::map<std::pair<StringRef, uint64_t>, uint64_t> Paths;
      ToKeep->Foldable = llvm::all_of(B.functions(), [&](const auto &F) {
        auto [It, New] = Paths.try_emplace({F.Name, F.Checksum}, F.NumPaths);
        return New || It->second == F.NumPaths;
      });
      // The records' strings in the segment point into the kept copy of it
      // (a string from elsewhere outlives the read already).
      auto Rebase = [&](StringRef &Ref) {
        const std::less_equal<const char *> LE;
        if (!Ref.empty() && LE(S.Bytes.begin(), Ref.begin()) &&
            LE(Ref.end(), S.Bytes.end()))
          Ref = StringRef(ToKeep->Bytes.data() + (Ref.data() - S.Bytes.data()),
                          Ref.size());
      };
      for (RawRecord &R : ToKeep->Module.Records) {
        Rebase(R.Name);
        Rebase(R.CFG);
      }
    }
    if (S.Kind == 0)
      return B.addCounts(*M, S);
    if (!Modules.emplace(S.Signature, std::move(*M)).second)
      return corrupt(S.At.prefix() + "a second description of module " +
                     "signature 0x" +
                     utohexstr(S.Signature, /*LowerCase=*/true));
    return Error::success();
  };
  if (Error E = walkSegments(Buffer, Add, Warn, Expanded))
    return std::move(E);
  if (Error E = B.setMetrics(Counts))
    return std::move(E);
  for (const RawSegment &S : Counts) {
    auto It = Modules.find(S.Signature);
    if (It == Modules.end())
      return corrupt(S.At.prefix() + "no description segment of module " +
                     "signature 0x" +
                     utohexstr(S.Signature, /*LowerCase=*/true));
    if (S.NumFunctions != It->second.Records.size())
      return corrupt(S.At.prefix() + "counts of " + Twine(S.NumFunctions) +
                     " functions, but the module's description has " +
                     Twine(It->second.Records.size()));
    if (Error E = B.addCounts(It->second, S))
      return E;
  }

  // Records of the same function from several files of one binary (an
  // inline or available_externally body) or from several segments are one
  // function.
  ProfileMerger Combine;
  Combine.add(B.finish(), "the profile", Warn);
  if (ToKeep)
    Cache->Kept =
        std::make_unique<RawDescriptionCache::Entry>(std::move(*ToKeep));
  return Combine.takeResult();
}

Expected<std::optional<ModuleCounts>>
pathprof::readRawModuleCounts(StringRef Buffer, WarningHandler Warn,
                              RawDescriptionCache &Cache) {
  const RawDescriptionCache::Entry *Kept = Cache.Kept.get();
  if (!Kept || !Kept->Foldable)
    return std::nullopt;
  // The segments as readRawProfile() takes them, and whether they are what
  // this reads: one description, the cached one, and counter segments of
  // it without metrics or calling context trees. Anything else, an error
  // included, is left to readRawProfile(), so the walk's warnings wait.
  std::vector<std::string> Held;
  auto Hold = [&](const Twine &Msg) { Held.push_back(Msg.str()); };
  std::optional<uint64_t> Signature;
  std::vector<RawSegment> Counts;
  ExpandedSegments Expanded;
  auto Add = [&](RawSegment &S) -> Error {
    if (S.Flags & PATHPROF_SEGMENT_FREE)
      return Error::success();
    if (S.Kind == PATHPROF_SEGMENT_DESCRIPTION && !Signature &&
        sameDescription(Kept->Bytes, S.Bytes)) {
      Signature = S.Signature;
      return Error::success();
    }
    if (S.Kind != PATHPROF_SEGMENT_COMPACT &&
        S.Kind != PATHPROF_SEGMENT_COUNTERS)
      return corrupt("not read against the cached description");
    if (Error E = addCounts(S, Expanded, Counts))
      return E;
    const RawSegment &C = Counts.back();
    if (C.NumMetrics != 0 || C.Context.Size != 0)
      return corrupt("not read against the cached description");
    return Error::success();
  };
  if (Error E = walkSegments(Buffer, Add, Hold, Expanded)) {
    consumeError(std::move(E));
    return std::nullopt;
  }
  if (!Signature || llvm::any_of(Counts, [&](const RawSegment &S) {
        return S.Signature != *Signature ||
               S.NumFunctions != Kept->Module.Records.size();
      }))
    return std::nullopt;

  for (const std::string &Msg : Held)
    Warn(Msg);
  RawProfileBuilder B(Warn, /*Threads=*/nullptr);
  B.adoptCounters(*Kept->Functions);
  for (const RawSegment &S : Counts)
    if (Error E = B.addCounts(Kept->Module, S))
      return std::move(E);
  Profile P = B.finish();
  ModuleCounts Result;
  Result.Functions = Kept->Functions;
  for (size_t I = 0; I != P.Functions.size(); ++I) {
    FunctionProfile &F = P.Functions[I];
    if (F.ran() || !F.Costs.empty() || !F.ICalls.empty() || !F.MemOps.empty() ||
        !F.Selects.empty())
      Result.Counted.emplace_back(I, std::move(F));
  }
  return std::move(Result);
}

Expected<std::vector<RawSegmentInfo>>
pathprof::readRawSegments(StringRef Buffer, WarningHandler Warn) {
  std::vector<RawSegmentInfo> Segments;
  ExpandedSegments Unpacked;
  auto Describe = [&](RawSegment &S) -> Error {
    RawSegmentInfo I;
    I.Offset = S.At.Offset;
    I.Version = S.Version;
    I.Size = S.PackedSize ? S.PackedSize : S.Bytes.size();
    if (S.PackedSize)
      I.UnpackedSize = S.Bytes.size();
    I.Kind = S.Kind == PATHPROF_SEGMENT_DESCRIPTION
                 ? RawSegmentInfo::Description
             : S.Kind == PATHPROF_SEGMENT_COUNTERS ? RawSegmentInfo::Counts
             : S.Kind == PATHPROF_SEGMENT_COMPACT  ? RawSegmentInfo::Compact
                                                   : RawSegmentInfo::Both;
    // A packed counter segment holds the counts of instances that ended.
    if (S.PackedSize && I.Kind == RawSegmentInfo::Counts)
      I.Kind = RawSegmentInfo::Compact;
    I.NumFunctions = S.NumFunctions;
    I.ModuleSignature = S.Signature;
    I.Free = S.Flags & PATHPROF_SEGMENT_FREE;
    I.OwnerPid = S.OwnerPid;
    I.Producer = S.Producer;
    I.Runtime = S.Runtime;
    Segments.push_back(std::move(I));
    return Error::success();
  };
  if (Error E = walkSegments(Buffer, Describe, Warn, Unpacked))
    return std::move(E);
  return std::move(Segments);
}
