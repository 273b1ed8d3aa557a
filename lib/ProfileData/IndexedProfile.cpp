//===- IndexedProfile.cpp - Read and write indexed path profiles ----------===//
//
// The indexed profile is what llvm-pathprof merge writes and what the
// profile-use pass and llvm-pathprof show read: a header with a checksum of
// the body, then one record per function, sorted by (name, checksum), with its
// CFG description and its non-zero path counts sorted by path id, the
// sections, and (from version 5) an index: where each function's record and
// callee tables are, by the hash of its symbol, with a checksum of each, so
// that a compilation reads and checks only its own functions
// (readIndexedProfileSubset), as IndexedInstrProfReader does for IR PGO.
// Every field is a little-endian u64 and every record is 8-byte aligned with
// zero padding, so the encoding of a profile is unique. docs/FileFormat.md
// has the layout.
//
//===----------------------------------------------------------------------===//

#include "PathProf/CallTargets.h"
#include "PathProf/ProfileError.h"
#include "PathProf/ProfileFormat.h"
#include "PathProf/ProfileNames.h"
#include "PathProf/ProfileReader.h"
#include "PathProf/ProfileWriter.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <tuple>

using namespace llvm;
using namespace pathprof;

namespace {

// Header fields, in order. The body checksum covers [HeaderSize, FileSize).
// Versions before IndexedProfileIndexVersion end the header at
// HF_IndexOffset.
enum HeaderField : unsigned {
  HF_Magic,
  HF_Version,
  HF_HeaderSize,
  HF_FileSize,
  HF_NumFunctions,
  HF_NumMetrics,
  HF_NumSections,
  HF_Checksum,
  HF_IndexOffset,
  HF_IndexChecksum,
  HF_Count
};
constexpr uint64_t HeaderBytesBeforeIndex = HF_IndexOffset * 8;
constexpr uint64_t HeaderBytesWithIndex = HF_Count * 8;
constexpr uint64_t headerBytes(uint64_t Version) {
  return Version >= IndexedProfileIndexVersion ? HeaderBytesWithIndex
                                               : HeaderBytesBeforeIndex;
}

// Function record fields before the name. FR_Flags: 0, or in version 3
// FF_CallsOnly: the function counts no paths (-fprofile-path-context=calls),
// has no path records, and after its CFG description {Entries, NumMetrics x
// Exclusive, NumMetrics x Inclusive}.
enum FunctionField : unsigned {
  FR_NameSize,
  FR_Checksum,
  FR_NumPaths,
  FR_CFGSize,
  FR_NumRecords,
  FR_Flags,
  FR_Count
};
constexpr uint64_t FunctionHeaderBytes = FR_Count * 8;
constexpr uint64_t FF_CallsOnly = 1;
/// Version 5: the function's metrics are sampled. Each path record has,
/// after its K values, {Samples, K x {SquaresHi, SquaresLo}}; the costs of
/// a function that counts no paths, after theirs, {Samples, K exclusive
/// and K inclusive {SquaresHi, SquaresLo}} (PathProf/Profile.h).
constexpr uint64_t FF_Sampled = 2;
/// The first version with CFG descriptions that have call-site locations,
/// and the first with FF_CallsOnly and ContextCosts; the writer uses the
/// oldest version that holds the profile.
constexpr uint64_t CallSitesVersion = 3;
constexpr uint64_t CallsOnlyVersion = 4;

// Kinds of the sections after the function records; readers skip kinds they
// do not know.
enum SectionKind : uint64_t {
  // NumMetrics x {NameSize, UnitSize, Kind}, then each name and unit,
  // padded; Kind is the MetricMerge in bits 0-7, the sources the runtime
  // read the event from (PATHPROF_METRIC_SOURCE_*) in bits 8-15, "scaled"
  // in bit 16 and "inclusive" in bit 17. Required (once) when NumMetrics is
  // not 0.
  SK_MetricDescriptors = 1,
  // The whole-program summary (PathProf/ProfileSummary.h): ProgramFlow,
  // TotalCount, MaxCount, MaxInternalCount, MaxFunctionCount, NumCounts,
  // NumFunctions, NumEntries, then NumEntries x {Cutoff, MinCount,
  // NumCounts}. Optional.
  SK_Summary = 2,
  // The calling context tree (docs/ContextTree.md): NumRoots, then each root
  // in preorder as a node {Function (index in this file's functions),
  // CallSite (0 for a root, UINT64_MAX for own code), Flags (bit 0 via
  // unknown code, bit 1 has a path table, bit 2 (version 3) the context of
  // a function that counts no paths: NumMetrics x Exclusive and NumMetrics
  // x Inclusive costs follow the node), EntryCount, NumRecords,
  // NumBackedges, NumChildren}, its costs, its path records as a
  // function's, its backedges {CallSite, Flags (bit 0), Function, Levels,
  // Count}, then its children; siblings, and backedges, sorted by key.
  // Optional: the functions are the tree's flattening already, so a reader
  // that skips it reads the same per-function profile.
  SK_ContextTree = 3,
  // The value profiles of indirect call sites (a flow-only profile):
  // NumFunctions, then per function {Function (index in this file's
  // functions, increasing), NumSites}, per site {Site (increasing),
  // Unknown, NumCallees}, per callee {NameSize, Count} and the name, padded
  // (names strictly increasing, counts non-zero). Optional: a reader that
  // skips it reads the same paths, so no version needed to change.
  SK_IndirectCalls = 4,
  // The counts of selects: NumFunctions, then per function {Function (index
  // in this file's functions, increasing), NumSelects, NumSelects x count
  // of the true value}. Optional, as SK_IndirectCalls.
  SK_Selects = 5,
  // The callee tables of the use side (PathProf/CallTargets.h), computed
  // by the writer from the context tree or the value profiles; only in a
  // profile with an index, whose entries point at each function's block:
  // per function that has callees {Function (increasing), NumSites}, per
  // site {Site (increasing), NumTargets}, per target {NameSize, Count} and
  // the name, padded (empty: unknown targets). Derived data: the full
  // reader checks it against what it derives itself.
  SK_CallTargets = 6,
  // Version 7: the counts are estimates from branch samples
  // (Profile::Estimated): {Period, Samples, RecordsPerSample}. Once, and
  // only in an estimated profile; its version keeps older readers from
  // taking the estimates for exact counts.
  SK_Estimate = 7,
  // The lengths of memory operations (PathProf/ProfiledMemOps.h):
  // NumFunctions, then per function {Function (index in this file's
  // functions, increasing), NumOperations}, per operation {Operation
  // (increasing), Other, NumSizes}, per length {Size (increasing), Count
  // (non-zero)}. Optional, as SK_IndirectCalls.
  SK_MemOpSizes = 8,
};
constexpr uint64_t EstimateWords = 3;
constexpr uint64_t SummaryHeaderWords = 8;
constexpr uint64_t ContextNodeWords = 7;
constexpr uint64_t ContextBackedgeWords = 5;
constexpr uint64_t ContextViaUnknown = 1, ContextHasPaths = 2, ContextCosts = 4;
/// Version 5: the context's path records and costs are sampled, as a
/// function's with FF_Sampled.
constexpr uint64_t ContextSampled = 8;
/// Version 5: a metric descriptor's Kind holds its sampling period from
/// this bit on.
constexpr unsigned PeriodShift = 24;

void writeU64(std::string &Out, uint64_t V) {
  char Buf[8];
  support::endian::write64le(Buf, V);
  Out.append(Buf, 8);
}

void writePadded(std::string &Out, StringRef Bytes) {
  Out.append(Bytes.data(), Bytes.size());
  Out.append(alignTo(Bytes.size(), 8) - Bytes.size(), '\0');
}

Error corrupt(const Twine &Msg) {
  return makeProfileError(profile_error::corrupt,
                          "corrupt indexed profile: " + Msg);
}

/// Bounds-checked cursor over the body of an indexed profile.
class Cursor {
public:
  Cursor(StringRef Data, uint64_t Pos) : Data(Data), Pos(Pos) {}

  uint64_t remaining() const { return Data.size() - Pos; }
  uint64_t position() const { return Pos; }

  Error readU64(uint64_t &V, const Twine &What) {
    if (remaining() < 8)
      return corrupt("truncated while reading " + What);
    V = support::endian::read64le(Data.data() + Pos);
    Pos += 8;
    return Error::success();
  }

  /// Reads \p Size bytes followed by zero padding to an 8-byte boundary.
  Error readPadded(StringRef &Bytes, uint64_t Size, const Twine &What) {
    uint64_t Padded = alignTo(Size, 8);
    if (Size > remaining() || Padded > remaining())
      return corrupt(What + " (" + Twine(Size) + " bytes) is outside the file");
    Bytes = Data.substr(Pos, Size);
    if (Data.substr(Pos + Size, Padded - Size).find_first_not_of('\0') !=
        StringRef::npos)
      return corrupt("non-zero padding after " + What);
    Pos += Padded;
    return Error::success();
  }

  void skip(uint64_t Size) { Pos += Size; }

private:
  StringRef Data;
  uint64_t Pos;
};

/// Reads {Samples, NumMetrics x {Hi, Lo}} per list of \p Lists.
Error readSampled(Cursor &C, uint64_t NumMetrics, uint64_t &Samples,
                  ArrayRef<std::vector<SquareSum> *> Lists, const Twine &Of) {
  if (Error E = C.readU64(Samples, Of))
    return E;
  if (NumMetrics > C.remaining() / (16 * Lists.size()))
    return corrupt(Of + " is outside the file");
  for (std::vector<SquareSum> *List : Lists) {
    List->resize(NumMetrics);
    for (SquareSum &S : *List) {
      if (Error E = C.readU64(S.Hi, Of))
        return E;
      if (Error E = C.readU64(S.Lo, Of))
        return E;
    }
  }
  return Error::success();
}

void writeSampled(std::string &Out, uint64_t Samples,
                  ArrayRef<const std::vector<SquareSum> *> Lists,
                  size_t NumMetrics) {
  writeU64(Out, Samples);
  for (const std::vector<SquareSum> *List : Lists)
    for (size_t I = 0; I != NumMetrics; ++I) {
      writeU64(Out, I < List->size() ? (*List)[I].Hi : 0);
      writeU64(Out, I < List->size() ? (*List)[I].Lo : 0);
    }
}

/// Reads \p NumMetrics exclusive, then as many inclusive, costs, and when
/// \p Sampled what sampling adds.
Error readCosts(Cursor &C, uint64_t NumMetrics, CallCosts &Costs,
                const Twine &Of, bool Sampled) {
  if (NumMetrics > C.remaining() / 16)
    return corrupt("the costs of " + Of + " are outside the file");
  for (std::vector<uint64_t> *Values : {&Costs.Exclusive, &Costs.Inclusive}) {
    Values->resize(NumMetrics);
    for (uint64_t &V : *Values)
      if (Error E = C.readU64(V, "the costs of " + Of))
        return E;
  }
  if (!Sampled)
    return Error::success();
  return readSampled(C, NumMetrics, Costs.Samples,
                     {&Costs.ExclusiveSquares, &Costs.InclusiveSquares},
                     "the sampled costs of " + Of);
}

/// Writes \p Costs, and when \p Sampled what sampling adds (exact costs of
/// \p Entries activations: all measured).
void writeCosts(std::string &Out, const CallCosts &Costs, size_t NumMetrics,
                bool Sampled, uint64_t Entries) {
  for (const std::vector<uint64_t> *Values :
       {&Costs.Exclusive, &Costs.Inclusive})
    for (size_t I = 0; I != NumMetrics; ++I)
      writeU64(Out, Values->empty() ? 0 : (*Values)[I]);
  if (!Sampled)
    return;
  CallCosts S = Costs;
  S.makeSampled(Entries);
  writeSampled(Out, S.Samples, {&S.ExclusiveSquares, &S.InclusiveSquares},
               NumMetrics);
}

/// Reads a path record of \p NumMetrics values (and samples and squares
/// when \p Sampled).
Error readPathRecord(Cursor &C, uint64_t NumMetrics, bool Sampled,
                     PathRecord &R, const Twine &What) {
  if (Error E = C.readU64(R.Id, What))
    return E;
  if (Error E = C.readU64(R.Count, What))
    return E;
  R.Metrics.resize(NumMetrics);
  for (uint64_t &V : R.Metrics)
    if (Error E = C.readU64(V, What))
      return E;
  if (!Sampled || !NumMetrics)
    return Error::success();
  return readSampled(C, NumMetrics, R.Samples, {&R.Squares}, What);
}

void writePathRecord(std::string &Out, const PathRecord &R, size_t NumMetrics,
                     bool Sampled) {
  writeU64(Out, R.Id);
  writeU64(Out, R.Count);
  for (size_t I = 0; I != NumMetrics; ++I)
    writeU64(Out, R.Metrics.empty() ? 0 : R.Metrics[I]);
  if (!Sampled || !NumMetrics)
    return;
  PathRecord S = R;
  if (S.Metrics.empty())
    S.Metrics.assign(NumMetrics, 0);
  S.makeSampled();
  writeSampled(Out, S.Samples, {&S.Squares}, NumMetrics);
}

/// The words of a path record of \p NumMetrics values.
uint64_t pathRecordBytes(uint64_t NumMetrics, bool Sampled) {
  return (2 + NumMetrics + (Sampled && NumMetrics ? 1 + 2 * NumMetrics : 0)) *
         8;
}

Expected<FunctionProfile> readFunction(Cursor &C, uint64_t Version,
                                       uint64_t NumMetrics, uint64_t Index) {
  std::string Which = "function " + std::to_string(Index);
  uint64_t Fields[FR_Count];
  for (uint64_t &Field : Fields)
    if (Error E = C.readU64(Field, "the record of " + Which))
      return std::move(E);
  FunctionProfile F;
  F.Checksum = Fields[FR_Checksum];
  F.NumPaths = Fields[FR_NumPaths];
  const uint64_t Known =
      (Version >= CallsOnlyVersion ? FF_CallsOnly : 0) |
      (Version >= IndexedSampledVersion && NumMetrics ? FF_Sampled : 0);
  if (Fields[FR_Flags] & ~Known)
    return corrupt(Which + " has unknown flags 0x" +
                   utohexstr(Fields[FR_Flags]));
  F.CallsOnly = Fields[FR_Flags] & FF_CallsOnly;
  const bool Sampled = Fields[FR_Flags] & FF_Sampled;
  if (Fields[FR_NameSize] == 0)
    return corrupt(Which + " has an empty name");
  StringRef Name, CFGData;
  if (Error E = C.readPadded(Name, Fields[FR_NameSize], "the name of " + Which))
    return std::move(E);
  F.Name = Name.str();
  std::string Named = "function '" + F.Name + "'";
  if (Error E =
          C.readPadded(CFGData, Fields[FR_CFGSize], "the CFG of " + Named))
    return std::move(E);
  if (Error E = F.setCFG(CFGData))
    return corrupt(Named + ": " + toString(std::move(E)));
  if (F.CFG.CallSites && Version < CallSitesVersion)
    return corrupt(Named +
                   ": a table of call sites (a version 2 CFG "
                   "description) in a version " +
                   Twine(Version) + " indexed profile");

  uint64_t NumRecords = Fields[FR_NumRecords];
  if (F.CallsOnly) {
    if (NumRecords != 0)
      return corrupt(Named + " counts no paths but has " + Twine(NumRecords) +
                     " path records");
    if (Error E = C.readU64(F.Entries, "the entries of " + Named))
      return std::move(E);
    if (NumMetrics)
      if (Error E = readCosts(C, NumMetrics, F.Costs, Named, Sampled))
        return std::move(E);
    return std::move(F);
  }
  uint64_t RecordBytes = pathRecordBytes(NumMetrics, Sampled);
  if (NumRecords > C.remaining() / RecordBytes)
    return corrupt(Named + " has " + Twine(NumRecords) +
                   " path records, more than the file can hold");
  uint64_t PrevId = 0;
  for (uint64_t R = 0; R != NumRecords; ++R) {
    PathRecord Record;
    uint64_t &Id = Record.Id, &Count = Record.Count;
    if (Error E =
            readPathRecord(C, NumMetrics, Sampled, Record, "a path record"))
      return std::move(E);
    if (Id >= F.NumPaths)
      return corrupt(Named + " has a count for path " + Twine(Id) + " of " +
                     Twine(F.NumPaths));
    if (R != 0 && Id <= PrevId)
      return corrupt(Named + ": path records are not sorted by id");
    if (Count == 0)
      return corrupt(Named + " has a zero count for path " + Twine(Id));
    PrevId = Id;
    F.Paths.add(std::move(Record));
  }
  return std::move(F);
}

Expected<std::vector<MetricDescriptor>>
readMetricDescriptors(StringRef Payload, uint64_t NumMetrics,
                      uint64_t Version) {
  if (NumMetrics > Payload.size() / 24)
    return corrupt("the metric descriptor section is too small for " +
                   Twine(NumMetrics) + " metrics");
  Cursor C(Payload, 0);
  std::vector<MetricDescriptor> Result(NumMetrics);
  std::vector<std::pair<uint64_t, uint64_t>> Sizes(NumMetrics);
  for (uint64_t I = 0; I != NumMetrics; ++I) {
    uint64_t Merge;
    if (Error E = C.readU64(Sizes[I].first, "a metric descriptor"))
      return std::move(E);
    if (Error E = C.readU64(Sizes[I].second, "a metric descriptor"))
      return std::move(E);
    if (Error E = C.readU64(Merge, "a metric descriptor"))
      return std::move(E);
    const uint64_t KnownSources = PATHPROF_METRIC_SOURCE_TSC |
                                  PATHPROF_METRIC_SOURCE_RDPMC |
                                  PATHPROF_METRIC_SOURCE_READ;
    const uint64_t Period =
        Version >= IndexedSampledVersion ? Merge >> PeriodShift : 0;
    if ((Merge & 0xff) > uint64_t(MetricMerge::Min) ||
        ((Merge >> 8) & 0xff & ~KnownSources) ||
        (Merge >> 18) != Period << (PeriodShift - 18))
      return corrupt("metric " + Twine(I) + " has unknown merge kind " +
                     Twine(Merge));
    Result[I].Period = Period;
    Result[I].Merge = MetricMerge(Merge & 0xff);
    Result[I].Sources = (Merge >> 8) & 0xff;
    Result[I].Scaled = Merge >> 16 & 1;
    Result[I].Inclusive = Merge >> 17 & 1;
  }
  StringSet<> Names;
  for (uint64_t I = 0; I != NumMetrics; ++I) {
    StringRef Name, Unit;
    if (Error E = C.readPadded(Name, Sizes[I].first,
                               "the name of metric " + Twine(I)))
      return std::move(E);
    if (Error E = C.readPadded(Unit, Sizes[I].second,
                               "the unit of metric " + Twine(I)))
      return std::move(E);
    if (Name.empty())
      return corrupt("metric " + Twine(I) + " has an empty name");
    if (!Names.insert(Name).second)
      return corrupt("metric " + Twine(I) + " repeats the name '" + Name + "'");
    Result[I].Name = Name.str();
    Result[I].Unit = Unit.str();
  }
  if (C.remaining() != 0)
    return corrupt("trailing bytes in the metric descriptor section");
  return std::move(Result);
}

Expected<PathProfileSummary> readSummary(StringRef Payload) {
  Cursor C(Payload, 0);
  uint64_t F[SummaryHeaderWords];
  for (uint64_t &V : F)
    if (Error E = C.readU64(V, "the summary"))
      return std::move(E);
  PathProfileSummary S;
  S.ProgramFlow = F[0];
  S.TotalCount = F[1];
  S.MaxCount = F[2];
  S.MaxInternalCount = F[3];
  S.MaxFunctionCount = F[4];
  if (F[5] > UINT32_MAX || F[6] > UINT32_MAX)
    return corrupt("the summary counts more than 2^32 counts or functions");
  S.NumCounts = uint32_t(F[5]);
  S.NumFunctions = uint32_t(F[6]);
  if (F[7] != C.remaining() / 24 || C.remaining() % 24 != 0)
    return corrupt("the summary section has " + Twine(C.remaining()) +
                   " bytes for " + Twine(F[7]) + " entries");
  uint64_t PrevCutoff = 0;
  for (uint64_t I = 0; I != F[7]; ++I) {
    uint64_t Cutoff;
    SummaryEntry E;
    if (Error Err = C.readU64(Cutoff, "a summary entry"))
      return std::move(Err);
    if (Error Err = C.readU64(E.MinCount, "a summary entry"))
      return std::move(Err);
    if (Error Err = C.readU64(E.NumCounts, "a summary entry"))
      return std::move(Err);
    if (Cutoff > 1000000 || (I != 0 && Cutoff <= PrevCutoff))
      return corrupt("summary cutoff " + Twine(Cutoff) +
                     " is not increasing within 1000000");
    PrevCutoff = Cutoff;
    E.Cutoff = uint32_t(Cutoff);
    S.Detailed.push_back(E);
  }
  return std::move(S);
}

/// Reads the estimate section \p Payload of a profile of version \p Version.
Expected<EstimateInfo> readEstimate(StringRef Payload, uint64_t Version) {
  if (Version < IndexedEstimatedVersion)
    return corrupt("an estimate section in a version " + Twine(Version) +
                   " profile (estimates need version " +
                   Twine(IndexedEstimatedVersion) + ")");
  if (Payload.size() != EstimateWords * 8)
    return corrupt("the estimate section has " + Twine(Payload.size()) +
                   " bytes, expected " + Twine(EstimateWords * 8));
  Cursor C(Payload, 0);
  EstimateInfo E;
  for (uint64_t *V : {&E.Period, &E.Samples, &E.RecordsPerSample})
    cantFail(C.readU64(*V, "the estimate section"));
  return E;
}

/// Reads the calling context tree section of a profile whose functions
/// (sorted, as the file has them) are \p Functions.
class ContextReader {
public:
  ContextReader(StringRef Payload, ArrayRef<FunctionProfile> Functions,
                uint64_t NumMetrics, uint64_t Version)
      : C(Payload, 0), Functions(Functions), NumMetrics(NumMetrics),
        Version(Version) {}

  Expected<ContextTree> read() {
    uint64_t NumRoots;
    if (Error E = C.readU64(NumRoots, "the context tree"))
      return std::move(E);
    if (NumRoots > C.remaining() / (ContextNodeWords * 8))
      return corrupt("the context tree has " + Twine(NumRoots) +
                     " roots, more than its section can hold");
    ContextTree T;
    T.Roots.resize(NumRoots);
    for (uint64_t I = 0; I != NumRoots; ++I) {
      if (Error E = readNode(T.Roots[I], /*IsRoot=*/true))
        return std::move(E);
      if (I != 0 && Keys[0] <= PrevRootKey)
        return corrupt("context roots are not sorted by key");
      PrevRootKey = Keys[0];
    }
    if (C.remaining() != 0)
      return corrupt("trailing bytes in the context tree section");
    return std::move(T);
  }

private:
  using Key = std::tuple<uint64_t, bool, uint64_t>;

  Error readNode(ContextNode &N, bool IsRoot) {
    if (Chain.size() == MaxContextDepth)
      return corrupt("the context tree is deeper than " +
                     Twine(MaxContextDepth));
    uint64_t F[ContextNodeWords];
    for (uint64_t &V : F)
      if (Error E = C.readU64(V, "a context"))
        return E;
    const uint64_t Fn = F[0], CallSite = F[1], Flags = F[2], NumRecords = F[4],
                   NumBackedges = F[5], NumChildren = F[6];
    if (Fn >= Functions.size())
      return corrupt("a context refers to function " + Twine(Fn) + " of " +
                     Twine(Functions.size()));
    const FunctionProfile &Of = Functions[Fn];
    const std::string Named = "a context of function '" + Of.Name + "'";
    const uint64_t Known =
        ContextViaUnknown | ContextHasPaths |
        (Version >= CallsOnlyVersion ? ContextCosts : 0) |
        (Version >= IndexedSampledVersion && NumMetrics ? ContextSampled : 0);
    const bool Sampled = Flags & ContextSampled;
    if (Flags & ~Known)
      return corrupt(Named + " has unknown flags 0x" + utohexstr(Flags));
    if (bool(Flags & ContextCosts) != Of.CallsOnly ||
        (Of.CallsOnly && (Flags & ContextHasPaths)))
      return corrupt(Named + (Of.CallsOnly
                                  ? ", which counts no paths, lacks its costs "
                                    "flag or has a path table"
                                  : " has the costs flag of a function that "
                                    "counts no paths"));
    if (IsRoot && (CallSite != 0 || (Flags & ContextViaUnknown)))
      return corrupt(Named + " is a root with a call site");
    N.Function = Of.Name;
    N.Checksum = Of.Checksum;
    N.CallSite = CallSite;
    N.ViaUnknown = Flags & ContextViaUnknown;
    N.HasPaths = Flags & ContextHasPaths;
    N.EntryCount = F[3];
    Keys.resize(Chain.size() + 1);
    Keys[Chain.size()] = {CallSite, N.ViaUnknown, Fn};
    if (NumRecords != 0 && !N.HasPaths)
      return corrupt(Named + " has path records but no path table");
    if ((Flags & ContextCosts) && NumMetrics)
      if (Error E = readCosts(C, NumMetrics, N.Costs, Named, Sampled))
        return E;
    const uint64_t RecordBytes = pathRecordBytes(NumMetrics, Sampled);
    if (NumRecords > C.remaining() / RecordBytes ||
        NumBackedges > C.remaining() / (ContextBackedgeWords * 8) ||
        NumChildren > C.remaining() / (ContextNodeWords * 8))
      return corrupt(Named + " has more records, recursive calls or "
                             "callees than the section can hold");
    std::vector<PathRecord> Records;
    for (uint64_t R = 0; R != NumRecords; ++R) {
      PathRecord Rec;
      if (Error E = readPathRecord(C, NumMetrics, Sampled, Rec,
                                   "a context's path record"))
        return E;
      if (Rec.Id >= Of.NumPaths)
        return corrupt(Named + " has a count for path " + Twine(Rec.Id) +
                       " of " + Twine(Of.NumPaths));
      if (R != 0 && Rec.Id <= Records.back().Id)
        return corrupt(Named + ": path records are not sorted by id");
      if (Rec.Count == 0)
        return corrupt(Named + " has a zero count for path " + Twine(Rec.Id));
      Records.push_back(std::move(Rec));
    }
    N.Paths.addAll(std::move(Records));
    Chain.push_back(Fn);
    for (uint64_t B = 0; B != NumBackedges; ++B) {
      uint64_t W[ContextBackedgeWords];
      for (uint64_t &V : W)
        if (Error E = C.readU64(V, "a recursive call"))
          return E;
      if (W[1] & ~ContextViaUnknown)
        return corrupt(Named + " has a recursive call with unknown flags 0x" +
                       utohexstr(W[1]));
      if (W[3] >= Chain.size() || W[2] != Chain[Chain.size() - 1 - W[3]])
        return corrupt(Named + " has a recursive call " + Twine(W[3]) +
                       " levels up that does not reach a context of "
                       "its function");
      ContextBackedge BE;
      BE.CallSite = W[0];
      BE.ViaUnknown = W[1] & ContextViaUnknown;
      BE.Function = Functions[W[2]].Name;
      BE.Checksum = Functions[W[2]].Checksum;
      BE.Levels = W[3];
      BE.Count = W[4];
      if (!N.Backedges.empty() && !(N.Backedges.back().key() < BE.key()))
        return corrupt(Named + ": recursive calls are not sorted by key");
      N.Backedges.push_back(std::move(BE));
    }
    N.Children.resize(NumChildren);
    Key Prev;
    for (uint64_t I = 0; I != NumChildren; ++I) {
      if (Error E = readNode(N.Children[I], /*IsRoot=*/false))
        return E;
      Key Mine = Keys[Chain.size()];
      if (I != 0 && Mine <= Prev)
        return corrupt(Named + ": its callees are not sorted by key");
      Prev = Mine;
    }
    Chain.pop_back();
    return Error::success();
  }

  Cursor C;
  ArrayRef<FunctionProfile> Functions;
  uint64_t NumMetrics;
  uint64_t Version;
  /// The functions of the nodes from the root to the one being read.
  std::vector<uint64_t> Chain;
  /// The key of the last node read at each depth.
  std::vector<Key> Keys;
  Key PrevRootKey;
};

/// Writes \p N and its subtree; \p Index maps the profile's functions to
/// their indices in the file.
Error writeContext(
    std::string &Out, const ContextNode &N,
    const std::map<std::pair<StringRef, uint64_t>, uint64_t> &Index,
    ArrayRef<const FunctionProfile *> Sorted, size_t NumMetrics) {
  auto IndexOf = [&](StringRef Name, uint64_t Checksum) -> Expected<uint64_t> {
    auto It = Index.find({Name, Checksum});
    if (It == Index.end())
      return makeProfileError(profile_error::corrupt,
                              "a context of function '" + Name +
                                  "' with checksum 0x" + utohexstr(Checksum) +
                                  ", which the profile does not have");
    return It->second;
  };
  Expected<uint64_t> Fn = IndexOf(N.Function, N.Checksum);
  if (!Fn)
    return Fn.takeError();
  const bool CallsOnly = Sorted[*Fn]->CallsOnly;
  if (CallsOnly && N.HasPaths)
    return makeProfileError(profile_error::corrupt,
                            "a context of function '" + N.Function +
                                "', which counts no paths, has a path table");
  const bool Sampled =
      NumMetrics &&
      (N.Costs.isEstimated(N.EntryCount) ||
       any_of(N.Paths, [](const PathRecord &R) { return R.isEstimated(); }));
  writeU64(Out, *Fn);
  writeU64(Out, N.CallSite);
  writeU64(Out, (N.ViaUnknown ? ContextViaUnknown : 0) |
                    (N.HasPaths ? ContextHasPaths : 0) |
                    (CallsOnly ? ContextCosts : 0) |
                    (Sampled ? ContextSampled : 0));
  writeU64(Out, N.EntryCount);
  uint64_t NumRecords = 0;
  for (const PathRecord &R : N.Paths)
    NumRecords += R.Count != 0;
  writeU64(Out, N.HasPaths ? NumRecords : 0);
  writeU64(Out, N.Backedges.size());
  writeU64(Out, N.Children.size());
  if (CallsOnly)
    writeCosts(Out, N.Costs, NumMetrics, Sampled, N.EntryCount);
  for (const PathRecord &R : N.Paths) {
    if (R.Count == 0 || !N.HasPaths)
      continue;
    writePathRecord(Out, R, NumMetrics, Sampled);
  }
  for (const ContextBackedge &B : N.Backedges) {
    Expected<uint64_t> To = IndexOf(B.Function, B.Checksum);
    if (!To)
      return To.takeError();
    writeU64(Out, B.CallSite);
    writeU64(Out, B.ViaUnknown ? ContextViaUnknown : 0);
    writeU64(Out, *To);
    writeU64(Out, B.Levels);
    writeU64(Out, B.Count);
  }
  for (const ContextNode &Child : N.Children)
    if (Error E = writeContext(Out, Child, Index, Sorted, NumMetrics))
      return E;
  return Error::success();
}

/// A byte range of the file and the xxh3_64bits of its bytes.
struct Extent {
  uint64_t Offset = 0;
  uint64_t Size = 0;
  uint64_t Checksum = 0;
};

/// One function's entry in the index: the hash of its symbol (the key of
/// lookups), its position among the functions, where its record and its
/// block of callee tables are.
struct IndexEntry {
  uint64_t KeyHash = 0;
  uint64_t Function = 0;
  Extent Record;
  Extent Callees;
};
constexpr uint64_t IndexEntryWords = 8;

/// A section's kind and where its payload is.
struct SectionEntry {
  uint64_t Kind = 0;
  Extent Payload;
};
constexpr uint64_t IndexSectionWords = 4;

// Bits of the index's Flags word.
constexpr uint64_t IX_CallsOnly = 1; ///< a function counts no paths

/// What a lookup of \p Name hashes: the symbol, so that the profiles of a
/// local function under other source paths (ProfileForUse::match) are
/// found with it.
uint64_t indexKey(StringRef Name) {
  return xxh3_64bits(splitProfileName(Name).Symbol);
}

Extent extentOf(StringRef File, uint64_t Offset, uint64_t Size) {
  return {Offset, Size, xxh3_64bits(File.substr(Offset, Size))};
}

uint64_t indexSize(uint64_t NumSections, uint64_t NumFunctions) {
  return 8 +
         (NumSections * IndexSectionWords + NumFunctions * IndexEntryWords) * 8;
}

/// The index of a profile whose sections and functions (in file order) are
/// \p Sections and \p Entries: the one layout the writer writes and the
/// readers check (docs/FileFormat.md, "Index").
std::string buildIndex(uint64_t Flags, ArrayRef<SectionEntry> Sections,
                       std::vector<IndexEntry> Entries) {
  llvm::sort(Entries, [](const IndexEntry &A, const IndexEntry &B) {
    return std::tie(A.KeyHash, A.Function) < std::tie(B.KeyHash, B.Function);
  });
  std::string Out;
  writeU64(Out, Flags);
  auto WriteExtent = [&](const Extent &E) {
    writeU64(Out, E.Offset);
    writeU64(Out, E.Size);
    writeU64(Out, E.Checksum);
  };
  for (const SectionEntry &S : Sections) {
    writeU64(Out, S.Kind);
    WriteExtent(S.Payload);
  }
  for (const IndexEntry &E : Entries) {
    writeU64(Out, E.KeyHash);
    writeU64(Out, E.Function);
    WriteExtent(E.Record);
    WriteExtent(E.Callees);
  }
  return Out;
}

/// The callee tables of \p Targets for the functions \p Sorted (in file
/// order), the payload of a SK_CallTargets section; \p Blocks gets each
/// function's block, relative to the payload (size 0: none).
std::string serializeCallTargets(const CallTargetMap &Targets,
                                 ArrayRef<const FunctionProfile *> Sorted,
                                 std::vector<Extent> &Blocks) {
  std::string Out;
  Blocks.assign(Sorted.size(), Extent());
  for (size_t I = 0; I != Sorted.size(); ++I) {
    auto It = Targets.find(Sorted[I]);
    if (It == Targets.end() || It->second.empty())
      continue;
    uint64_t Start = Out.size();
    writeU64(Out, I);
    writeU64(Out, It->second.size());
    for (const auto &[Site, Callees] : It->second) {
      writeU64(Out, Site);
      writeU64(Out, Callees.size());
      for (const CallTarget &T : Callees) {
        writeU64(Out, T.Name.size());
        writeU64(Out, T.Count);
        writePadded(Out, T.Name);
      }
    }
    Blocks[I] = {Start, Out.size() - Start, 0};
  }
  return Out;
}

/// Reads a callee of an indirect call section or a callee table:
/// {NameSize, Count} and the name, padded.
Error readCallee(Cursor &C, StringRef &Name, uint64_t &Count) {
  uint64_t NameSize;
  if (Error E = C.readU64(NameSize, "a callee"))
    return E;
  if (Error E = C.readU64(Count, "a callee"))
    return E;
  return C.readPadded(Name, NameSize, "a callee's name");
}

/// Reads the callee tables block of function \p Function at the cursor
/// into \p Targets, with names kept in \p Names.
Error readCallTargets(Cursor &C, uint64_t Function, CallSiteTargets &Targets,
                      StringSet<> &Names) {
  uint64_t Fn, NumSites;
  if (Error E = C.readU64(Fn, "callee tables"))
    return E;
  if (Error E = C.readU64(NumSites, "callee tables"))
    return E;
  if (Fn != Function || NumSites == 0 || NumSites > C.remaining() / 16)
    return corrupt("the callee tables of function " + Twine(Function) +
                   " are not where the index says");
  for (uint64_t I = 0; I != NumSites; ++I) {
    uint64_t Site, NumTargets;
    if (Error E = C.readU64(Site, "callee tables"))
      return E;
    if (Error E = C.readU64(NumTargets, "callee tables"))
      return E;
    if (NumTargets == 0 || NumTargets > C.remaining() / 16 ||
        (!Targets.empty() && Site <= Targets.rbegin()->first))
      return corrupt("the callee tables of function " + Twine(Function) +
                     " have a site out of order or without callees");
    auto &Callees = Targets[Site];
    for (uint64_t T = 0; T != NumTargets; ++T) {
      uint64_t Count;
      StringRef Name;
      if (Error E = readCallee(C, Name, Count))
        return E;
      Callees.push_back({Names.insert(Name).first->getKey(), Count});
    }
  }
  return Error::success();
}

/// Reads and checks the header of an indexed profile into \p H: everything
/// but the checksums. A header of a version without an index has
/// HF_IndexOffset and HF_IndexChecksum 0.
Error readHeader(StringRef Buffer, uint64_t (&H)[HF_Count]) {
  auto TooSmall = [&] {
    return makeProfileError(profile_error::truncated,
                            "truncated indexed profile: file is too small for "
                            "the header (" +
                                Twine(Buffer.size()) + " bytes)");
  };
  if (Buffer.size() < HeaderBytesBeforeIndex)
    return TooSmall();
  std::fill(std::begin(H), std::end(H), 0);
  for (unsigned I = 0; I != HF_IndexOffset; ++I)
    H[I] = support::endian::read64le(Buffer.data() + I * 8);
  if (H[HF_Magic] == byteswap(IndexedProfileMagic))
    return makeProfileError(profile_error::wrong_endianness,
                            "indexed profile has the wrong endianness");
  if (H[HF_Magic] != IndexedProfileMagic)
    return corrupt("bad magic 0x" + utohexstr(H[HF_Magic]));
  if (H[HF_Version] < 1 || H[HF_Version] > IndexedProfileVersion)
    return makeProfileError(
        profile_error::unsupported_version,
        "unsupported indexed profile version " + Twine(H[HF_Version]) +
            " (this tool reads 1 to " + Twine(IndexedProfileVersion) + ")" +
            (H[HF_Version] > IndexedProfileVersion
                 ? ": written by a newer llvm-pathprof"
                 : ""));
  const uint64_t HeaderBytes = headerBytes(H[HF_Version]);
  if (Buffer.size() < HeaderBytes)
    return TooSmall();
  for (unsigned I = HF_IndexOffset; I != HeaderBytes / 8; ++I)
    H[I] = support::endian::read64le(Buffer.data() + I * 8);
  if (H[HF_HeaderSize] != HeaderBytes)
    return corrupt("header size " + Twine(H[HF_HeaderSize]) + ", expected " +
                   Twine(HeaderBytes));
  if (H[HF_FileSize] > Buffer.size())
    return makeProfileError(profile_error::truncated,
                            "truncated indexed profile: header says the file "
                            "has " +
                                Twine(H[HF_FileSize]) + " bytes, but it has " +
                                Twine(Buffer.size()));
  if (H[HF_FileSize] != Buffer.size())
    return corrupt("header says the file has " + Twine(H[HF_FileSize]) +
                   " bytes, but it has " + Twine(Buffer.size()) +
                   " (appended to?)");
  if (H[HF_Version] == 1 && H[HF_NumMetrics] != 0)
    return corrupt("version 1 has no metrics, but the header says " +
                   Twine(H[HF_NumMetrics]));
  uint64_t Body = Buffer.size() - HeaderBytes;
  if (H[HF_NumFunctions] > Body / FunctionHeaderBytes)
    return corrupt("function count " + Twine(H[HF_NumFunctions]) +
                   " exceeds what the file can hold");
  if (H[HF_NumMetrics] > Body / 32)
    return corrupt("metric count " + Twine(H[HF_NumMetrics]) +
                   " exceeds what the file can hold");
  if (H[HF_NumSections] > Body / 16)
    return corrupt("section count " + Twine(H[HF_NumSections]) +
                   " exceeds what the file can hold");
  if (H[HF_Version] >= IndexedProfileIndexVersion &&
      (H[HF_IndexOffset] < HeaderBytes || H[HF_IndexOffset] > Buffer.size() ||
       Buffer.size() - H[HF_IndexOffset] !=
           indexSize(H[HF_NumSections], H[HF_NumFunctions])))
    return corrupt("the index at offset " + Twine(H[HF_IndexOffset]) +
                   " does not end the file with an entry per section and "
                   "function");
  return Error::success();
}

} // namespace

/// Reads a section of per-function entries (SK_IndirectCalls, SK_Selects)
/// of a profile of \p NumFunctions functions into those \p Of gives (null:
/// a function not read, which \p ReadEntry skips): NumEntries, then per
/// function {Function (index, increasing), N} and what \p ReadEntry reads
/// for it, N being at least 1
/// and at most what the rest of the section holds in \p ItemBytes-byte
/// items. \p Entries ("indirect calls"), \p Section ("indirect call
/// section") and \p Items ("indirect call sites") name them in messages.
static Error readFunctionEntries(
    StringRef Payload, uint64_t NumFunctions,
    function_ref<FunctionProfile *(uint64_t Index)> Of, StringRef Entries,
    StringRef Section, StringRef Items, uint64_t ItemBytes,
    function_ref<Error(Cursor &, FunctionProfile *, uint64_t)> ReadEntry) {
  Cursor C(Payload, 0);
  uint64_t NumEntries;
  if (Error E = C.readU64(NumEntries, "the " + Section))
    return E;
  if (NumEntries > NumFunctions)
    return corrupt(Entries + " of " + Twine(NumEntries) +
                   " functions, but the profile has " + Twine(NumFunctions));
  std::optional<uint64_t> PrevFunction;
  for (uint64_t I = 0; I != NumEntries; ++I) {
    uint64_t Index, N;
    if (Error E = C.readU64(Index, Entries))
      return E;
    if (Error E = C.readU64(N, Entries))
      return E;
    if (Index >= NumFunctions || (PrevFunction && Index <= *PrevFunction))
      return corrupt(Entries + " of function " + Twine(Index) + " (of " +
                     Twine(NumFunctions) +
                     ") are out of range or out of order");
    PrevFunction = Index;
    FunctionProfile *F = Of(Index);
    if (N == 0 || N > C.remaining() / ItemBytes)
      return corrupt((F ? "function '" + F->Name + "'"
                        : "function " + std::to_string(Index)) +
                     " has " + Twine(N) + " " + Items);
    if (Error E = ReadEntry(C, F, N))
      return E;
  }
  if (C.remaining() != 0)
    return corrupt(Twine(C.remaining()) + " trailing bytes in the " + Section);
  return Error::success();
}

/// Reads the indirect call section \p Payload into \p Functions.
static Error readIndirectCalls(StringRef Payload,
                               std::vector<FunctionProfile> &Functions) {
  auto ReadSites = [](Cursor &C, FunctionProfile *FP,
                      uint64_t NumSites) -> Error {
    FunctionProfile &F = *FP;
    std::optional<uint64_t> PrevSite;
    for (uint64_t J = 0; J != NumSites; ++J) {
      uint64_t Site, Unknown, NumCallees;
      for (uint64_t *V : {&Site, &Unknown, &NumCallees})
        if (Error E = C.readU64(*V, "an indirect call site"))
          return E;
      if (PrevSite && Site <= *PrevSite)
        return corrupt("function '" + F.Name + "': indirect call site " +
                       Twine(Site) + " is out of order");
      PrevSite = Site;
      if (NumCallees > C.remaining() / 16)
        return corrupt("function '" + F.Name + "': indirect call site " +
                       Twine(Site) + " has " + Twine(NumCallees) + " callees");
      if (Unknown == 0 && NumCallees == 0)
        return corrupt("function '" + F.Name + "': indirect call site " +
                       Twine(Site) + " has no calls");
      F.ICalls.add(Site, "", Unknown);
      StringRef Prev;
      for (uint64_t K = 0; K != NumCallees; ++K) {
        uint64_t Count;
        StringRef Name;
        if (Error E = readCallee(C, Name, Count))
          return E;
        if (Name.empty() || Count == 0 || (K != 0 && Name <= Prev))
          return corrupt("function '" + F.Name + "': indirect call site " +
                         Twine(Site) +
                         ": callees must have names, in increasing order, "
                         "and non-zero counts");
        Prev = Name;
        F.ICalls.add(Site, Name, Count);
      }
    }
    return Error::success();
  };
  return readFunctionEntries(
      Payload, Functions.size(), [&](uint64_t I) { return &Functions[I]; },
      "indirect calls", "indirect call section", "indirect call sites", 24,
      ReadSites);
}

/// Reads the memory operation section \p Payload of a profile of \p
/// NumFunctions functions into those \p Of gives (null: a function not read,
/// whose lengths are skipped).
static Error
readMemOpSizes(StringRef Payload, uint64_t NumFunctions,
               function_ref<FunctionProfile *(uint64_t Index)> Of) {
  auto ReadOps = [](Cursor &C, FunctionProfile *F, uint64_t NumOps) -> Error {
    MemOpSizes Ignored;
    MemOpSizes &Into = F ? F->MemOps : Ignored;
    const std::string Name = F ? "function '" + F->Name + "'" : "a function";
    std::optional<uint64_t> PrevOp;
    for (uint64_t J = 0; J != NumOps; ++J) {
      uint64_t Op, Other, NumSizes;
      for (uint64_t *V : {&Op, &Other, &NumSizes})
        if (Error E = C.readU64(*V, "a memory operation"))
          return E;
      if (PrevOp && Op <= *PrevOp)
        return corrupt(Name + ": memory operation " + Twine(Op) +
                       " is out of order");
      PrevOp = Op;
      if (NumSizes > C.remaining() / 16)
        return corrupt(Name + ": memory operation " + Twine(Op) + " has " +
                       Twine(NumSizes) + " lengths");
      if (Other == 0 && NumSizes == 0)
        return corrupt(Name + ": memory operation " + Twine(Op) +
                       " has no executions");
      Into.add(Op, std::nullopt, Other);
      std::optional<uint64_t> PrevSize;
      for (uint64_t K = 0; K != NumSizes; ++K) {
        uint64_t Size, Count;
        if (Error E = C.readU64(Size, "a memory operation length"))
          return E;
        if (Error E = C.readU64(Count, "a memory operation length"))
          return E;
        if (Count == 0 || (PrevSize && Size <= *PrevSize))
          return corrupt(Name + ": memory operation " + Twine(Op) +
                         ": lengths must be in increasing order, with "
                         "non-zero counts");
        PrevSize = Size;
        Into.add(Op, Size, Count);
      }
    }
    return Error::success();
  };
  return readFunctionEntries(Payload, NumFunctions, Of, "memory operations",
                             "memory operation section", "memory operations",
                             24, ReadOps);
}

/// Reads the select section \p Payload of a profile of \p NumFunctions
/// functions into those \p Of gives (null: a function not read, whose
/// counts are skipped).
static Error readSelects(StringRef Payload, uint64_t NumFunctions,
                         function_ref<FunctionProfile *(uint64_t Index)> Of) {
  auto ReadCounts = [](Cursor &C, FunctionProfile *F,
                       uint64_t NumSelects) -> Error {
    if (!F) {
      C.skip(NumSelects * 8);
      return Error::success();
    }
    F->Selects.resize(NumSelects);
    for (uint64_t &Count : F->Selects)
      if (Error E = C.readU64(Count, "a select count"))
        return E;
    return Error::success();
  };
  return readFunctionEntries(Payload, NumFunctions, Of, "selects",
                             "select section", "select counts", 8, ReadCounts);
}

Expected<Profile> pathprof::readIndexedProfile(StringRef Buffer) {
  uint64_t H[HF_Count];
  if (Error E = readHeader(Buffer, H))
    return std::move(E);
  const uint64_t Version = H[HF_Version];
  const uint64_t HeaderBytes = headerBytes(Version);
  if (xxh3_64bits(Buffer.drop_front(HeaderBytes)) != H[HF_Checksum])
    return makeProfileError(profile_error::checksum_mismatch,
                            "corrupt indexed profile: checksum mismatch");
  const bool HasIndex = Version >= IndexedProfileIndexVersion;
  // With an index, the functions and sections end where it starts.
  Cursor C(HasIndex ? Buffer.take_front(H[HF_IndexOffset]) : Buffer,
           HeaderBytes);

  Profile P;
  P.Functions.reserve(H[HF_NumFunctions]);
  std::vector<IndexEntry> Entries;
  for (uint64_t I = 0; I != H[HF_NumFunctions]; ++I) {
    uint64_t Start = C.position();
    Expected<FunctionProfile> F = readFunction(C, Version, H[HF_NumMetrics], I);
    if (!F)
      return F.takeError();
    if (!P.Functions.empty()) {
      const FunctionProfile &Prev = P.Functions.back();
      if (std::tie(Prev.Name, Prev.Checksum) == std::tie(F->Name, F->Checksum))
        return corrupt("function '" + F->Name + "' with checksum 0x" +
                       utohexstr(F->Checksum) + " appears twice");
      if (std::tie(Prev.Name, Prev.Checksum) > std::tie(F->Name, F->Checksum))
        return corrupt("functions are not sorted by (name, checksum) at '" +
                       F->Name + "'");
    }
    if (HasIndex)
      Entries.push_back({indexKey(F->Name), I,
                         extentOf(Buffer, Start, C.position() - Start),
                         Extent()});
    P.Functions.push_back(std::move(*F));
  }
  // Sections of kinds this version does not know are skipped; see
  // docs/FileFormat.md.
  bool HaveMetrics = false, HaveIndirectCalls = false, HaveSelects = false,
       HaveMemOps = false;
  std::optional<SectionEntry> CallTargetSection;
  std::vector<SectionEntry> Sections;
  // Read once the metrics are known, wherever their section is.
  SmallVector<StringRef, 1> ContextTrees;
  for (uint64_t S = 0; S != H[HF_NumSections]; ++S) {
    uint64_t Kind, Size;
    StringRef Payload;
    if (Error E = C.readU64(Kind, "a section header"))
      return std::move(E);
    if (Error E = C.readU64(Size, "a section header"))
      return std::move(E);
    uint64_t Start = C.position();
    if (Error E = C.readPadded(Payload, Size, "section " + Twine(S)))
      return std::move(E);
    Sections.push_back({Kind, extentOf(Buffer, Start, Size)});
    if (Kind == SK_Summary) {
      if (P.Summary)
        return corrupt("two summary sections");
      Expected<PathProfileSummary> Summary = readSummary(Payload);
      if (!Summary)
        return Summary.takeError();
      P.Summary = std::move(*Summary);
      continue;
    }
    if (Kind == SK_ContextTree) {
      if (P.Context)
        return corrupt("two context tree sections");
      ContextTrees.push_back(Payload);
      P.Context.emplace();
      continue;
    }
    if (Kind == SK_IndirectCalls) {
      if (HaveIndirectCalls)
        return corrupt("two indirect call sections");
      HaveIndirectCalls = true;
      if (Error E = readIndirectCalls(Payload, P.Functions))
        return std::move(E);
      continue;
    }
    if (Kind == SK_Selects) {
      if (HaveSelects)
        return corrupt("two select sections");
      HaveSelects = true;
      if (Error E = readSelects(Payload, P.Functions.size(),
                                [&](uint64_t I) { return &P.Functions[I]; }))
        return std::move(E);
      continue;
    }
    if (Kind == SK_MemOpSizes) {
      if (HaveMemOps)
        return corrupt("two memory operation sections");
      HaveMemOps = true;
      if (Error E = readMemOpSizes(Payload, P.Functions.size(),
                                   [&](uint64_t I) { return &P.Functions[I]; }))
        return std::move(E);
      continue;
    }
    if (Kind == SK_Estimate) {
      if (P.Estimated)
        return corrupt("two estimate sections");
      Expected<EstimateInfo> Estimate = readEstimate(Payload, Version);
      if (!Estimate)
        return Estimate.takeError();
      P.Estimated = *Estimate;
      continue;
    }
    if (Kind == SK_CallTargets && HasIndex) {
      if (CallTargetSection)
        return corrupt("two callee table sections");
      CallTargetSection = Sections.back();
      continue;
    }
    if (Kind != SK_MetricDescriptors)
      continue;
    if (HaveMetrics)
      return corrupt("two metric descriptor sections");
    HaveMetrics = true;
    Expected<std::vector<MetricDescriptor>> M =
        readMetricDescriptors(Payload, H[HF_NumMetrics], H[HF_Version]);
    if (!M)
      return M.takeError();
    P.Metrics = std::move(*M);
  }
  if (H[HF_NumMetrics] != 0 && !HaveMetrics)
    return corrupt("the records have " + Twine(H[HF_NumMetrics]) +
                   " metrics but there is no metric descriptor section");
  if (C.remaining() != 0)
    return corrupt(Twine(C.remaining()) + " trailing bytes");
  for (StringRef Payload : ContextTrees) {
    Expected<ContextTree> T =
        ContextReader(Payload, P.Functions, H[HF_NumMetrics], Version).read();
    if (!T)
      return T.takeError();
    P.Context = std::move(*T);
  }
  if (!HasIndex)
    return std::move(P);

  // The index and the callee tables are derived from the rest: they must be
  // exactly what the writer derives from it.
  std::vector<const FunctionProfile *> Sorted;
  for (const FunctionProfile &F : P.Functions)
    Sorted.push_back(&F);
  std::vector<Extent> Blocks;
  std::string Expected =
      serializeCallTargets(computeCallTargets(P), Sorted, Blocks);
  StringRef Actual;
  if (CallTargetSection)
    Actual = Buffer.substr(CallTargetSection->Payload.Offset,
                           CallTargetSection->Payload.Size);
  if (Actual != Expected || (CallTargetSection && Expected.empty()))
    return corrupt("the callee tables do not match the profile's calling "
                   "contexts and value profiles");
  for (size_t I = 0; I != Blocks.size(); ++I)
    if (Blocks[I].Size)
      Entries[I].Callees =
          extentOf(Buffer, CallTargetSection->Payload.Offset + Blocks[I].Offset,
                   Blocks[I].Size);
  StringRef Index = Buffer.drop_front(H[HF_IndexOffset]);
  if (xxh3_64bits(Index) != H[HF_IndexChecksum])
    return makeProfileError(profile_error::checksum_mismatch,
                            "corrupt indexed profile: index checksum mismatch");
  const bool CallsOnly =
      any_of(P.Functions, [](const FunctionProfile &F) { return F.CallsOnly; });
  if (Index !=
      buildIndex(CallsOnly ? IX_CallsOnly : 0, Sections, std::move(Entries)))
    return corrupt("the index does not match the function records and "
                   "sections (a stale index)");
  return std::move(P);
}

Expected<std::optional<ProfileSubset>>
pathprof::readIndexedProfileSubset(StringRef Buffer,
                                   ArrayRef<StringRef> Names) {
  uint64_t H[HF_Count];
  if (Error E = readHeader(Buffer, H))
    return std::move(E);
  if (H[HF_Version] < IndexedProfileIndexVersion)
    return std::nullopt;
  const uint64_t IndexOffset = H[HF_IndexOffset];
  StringRef Index = Buffer.drop_front(IndexOffset);
  if (xxh3_64bits(Index) != H[HF_IndexChecksum])
    return makeProfileError(profile_error::checksum_mismatch,
                            "corrupt indexed profile: index checksum mismatch");
  auto Word = [&](uint64_t I) {
    return support::endian::read64le(Index.data() + I * 8);
  };
  // Everything an extent may point at lies between the header and the index.
  StringRef Contents = Buffer.take_front(IndexOffset);
  auto Checked = [&](uint64_t FirstWord,
                     const Twine &What) -> Expected<Extent> {
    Extent E{Word(FirstWord), Word(FirstWord + 1), Word(FirstWord + 2)};
    if (E.Offset < H[HF_HeaderSize] || E.Offset > IndexOffset ||
        E.Size > IndexOffset - E.Offset)
      return corrupt("the index puts " + What + " outside the file");
    if (xxh3_64bits(Contents.substr(E.Offset, E.Size)) != E.Checksum)
      return makeProfileError(profile_error::checksum_mismatch,
                              "corrupt indexed profile: checksum mismatch in " +
                                  What);
    return E;
  };

  ProfileSubset Result;
  std::optional<StringRef> Selects, MemOps;
  Result.NumFunctions = H[HF_NumFunctions];
  Result.CallsOnly = Word(0) & IX_CallsOnly;
  const uint64_t NumMetrics = H[HF_NumMetrics];
  bool HaveMetrics = false;
  for (uint64_t S = 0; S != H[HF_NumSections]; ++S) {
    const uint64_t First = 1 + S * IndexSectionWords, Kind = Word(First);
    Result.HasContext |= Kind == SK_ContextTree;
    if (Kind != SK_MetricDescriptors && Kind != SK_Summary &&
        Kind != SK_Selects && Kind != SK_MemOpSizes && Kind != SK_Estimate)
      continue;
    Expected<Extent> E = Checked(First + 1, "section " + Twine(S));
    if (!E)
      return E.takeError();
    StringRef Payload = Contents.substr(E->Offset, E->Size);
    if (Kind == SK_Estimate) {
      if (Result.Prof.Estimated)
        return corrupt("two estimate sections");
      Expected<EstimateInfo> Estimate = readEstimate(Payload, H[HF_Version]);
      if (!Estimate)
        return Estimate.takeError();
      Result.Prof.Estimated = *Estimate;
      continue;
    }
    if (Kind == SK_Selects || Kind == SK_MemOpSizes) {
      if ((Kind == SK_Selects ? Selects : MemOps).has_value())
        return corrupt(Kind == SK_Selects ? "two select sections"
                                          : "two memory operation sections");
      (Kind == SK_Selects ? Selects : MemOps) = Payload;
      continue;
    }
    if (Kind == SK_Summary) {
      Expected<PathProfileSummary> Summary = readSummary(Payload);
      if (!Summary)
        return Summary.takeError();
      Result.Prof.Summary = std::move(*Summary);
      continue;
    }
    Expected<std::vector<MetricDescriptor>> M =
        readMetricDescriptors(Payload, NumMetrics, H[HF_Version]);
    if (!M)
      return M.takeError();
    Result.Prof.Metrics = std::move(*M);
    HaveMetrics = true;
  }
  // The use side needs the whole program's summary; without one, it reads
  // every function to compute it.
  if (!Result.Prof.Summary)
    return std::nullopt;
  if (NumMetrics != 0 && !HaveMetrics)
    return corrupt("the records have " + Twine(NumMetrics) +
                   " metrics but there is no metric descriptor section");

  // The entries of the names' symbols, by binary search on the sorted keys.
  const uint64_t EntriesStart = 1 + H[HF_NumSections] * IndexSectionWords;
  auto EntryWord = [&](uint64_t I, uint64_t Field) {
    return Word(EntriesStart + I * IndexEntryWords + Field);
  };
  // The search needs sorted keys: an index that is not would silently miss
  // functions the file has.
  for (uint64_t I = 1; I < H[HF_NumFunctions]; ++I)
    if (EntryWord(I, 0) < EntryWord(I - 1, 0))
      return corrupt("the index is not sorted by symbol hash at entry " +
                     Twine(I) + " (a stale index)");
  std::vector<uint64_t> Found;
  DenseSet<uint64_t> Keys;
  for (StringRef Name : Names) {
    uint64_t Key = indexKey(Name);
    if (!Keys.insert(Key).second)
      continue;
    uint64_t Lo = 0, Hi = H[HF_NumFunctions];
    while (Lo != Hi) {
      uint64_t Mid = Lo + (Hi - Lo) / 2;
      if (EntryWord(Mid, 0) < Key)
        Lo = Mid + 1;
      else
        Hi = Mid;
    }
    for (; Lo != H[HF_NumFunctions] && EntryWord(Lo, 0) == Key; ++Lo)
      Found.push_back(Lo);
  }
  // In file order, so that the result is sorted as a full read's.
  llvm::sort(Found, [&](uint64_t A, uint64_t B) {
    return EntryWord(A, 1) < EntryWord(B, 1);
  });
  Result.Prof.Functions.reserve(Found.size());
  std::vector<std::optional<Extent>> Callees;
  for (uint64_t I : Found) {
    const uint64_t Fn = EntryWord(I, 1);
    const std::string Which = "the record of function " + std::to_string(Fn);
    const uint64_t First = EntriesStart + I * IndexEntryWords;
    Expected<Extent> Record = Checked(First + 2, Which);
    if (!Record)
      return Record.takeError();
    Cursor C(Contents.take_front(Record->Offset + Record->Size),
             Record->Offset);
    Expected<FunctionProfile> F =
        readFunction(C, H[HF_Version], NumMetrics, Fn);
    if (!F)
      return F.takeError();
    if (Fn >= H[HF_NumFunctions] || C.remaining() != 0 ||
        indexKey(F->Name) != EntryWord(I, 0) ||
        (!Result.Prof.Functions.empty() &&
         std::tie(Result.Prof.Functions.back().Name,
                  Result.Prof.Functions.back().Checksum) >=
             std::tie(F->Name, F->Checksum)))
      return corrupt("the index entry of function " + Twine(Fn) +
                     " does not match its record (a stale index)");
    Callees.emplace_back();
    if (EntryWord(I, 6) != 0) {
      Expected<Extent> E =
          Checked(First + 5, "the callee tables of function " + Twine(Fn));
      if (!E)
        return E.takeError();
      Callees.back() = *E;
    }
    Result.Prof.Functions.push_back(std::move(*F));
  }
  for (size_t I = 0; I != Callees.size(); ++I) {
    if (!Callees[I])
      continue;
    Cursor C(Contents.take_front(Callees[I]->Offset + Callees[I]->Size),
             Callees[I]->Offset);
    const uint64_t Fn = EntryWord(Found[I], 1);
    if (Error E = readCallTargets(C, Fn,
                                  Result.CallTargets[&Result.Prof.Functions[I]],
                                  Result.CalleeNames))
      return std::move(E);
    if (C.remaining() != 0)
      return corrupt("the callee tables of function " + Twine(Fn) +
                     " are not where the index says");
  }
  // The select counts and memory operation lengths of the functions read
  // (sections of a few words per function, read whole).
  if (Selects || MemOps) {
    DenseMap<uint64_t, FunctionProfile *> ByIndex;
    for (size_t I = 0; I != Found.size(); ++I)
      ByIndex[EntryWord(Found[I], 1)] = &Result.Prof.Functions[I];
    auto Of = [&](uint64_t I) { return ByIndex.lookup(I); };
    if (Selects)
      if (Error E = readSelects(*Selects, H[HF_NumFunctions], Of))
        return std::move(E);
    if (MemOps)
      if (Error E = readMemOpSizes(*MemOps, H[HF_NumFunctions], Of))
        return std::move(E);
  }
  return std::move(Result);
}
Error pathprof::serializeIndexedProfile(const Profile &P, std::string &Out,
                                        bool WithIndex) {
  std::vector<const FunctionProfile *> Sorted;
  Sorted.reserve(P.Functions.size());
  for (const FunctionProfile &F : P.Functions)
    Sorted.push_back(&F);
  llvm::sort(Sorted, [](const FunctionProfile *A, const FunctionProfile *B) {
    return std::tie(A->Name, A->Checksum) < std::tie(B->Name, B->Checksum);
  });

  // Sampled metrics need version IndexedSampledVersion, which has the
  // index: a metric sampled at a period above 1, or a record (or costs)
  // whose metrics are estimates.
  auto Estimated = [](const FunctionProfile &F) {
    return F.Costs.isEstimated(F.Entries) ||
           any_of(F.Paths, [](const PathRecord &R) { return R.isEstimated(); });
  };
  const bool AnySampled =
      !P.Metrics.empty() &&
      (any_of(P.Metrics,
              [](const MetricDescriptor &M) { return M.Period > 1; }) ||
       any_of(P.Functions, Estimated));
  WithIndex |= AnySampled || P.Estimated;
  // Offsets in the file are offsets in Body plus the header's size.
  std::string Body;
  const uint64_t HeaderBytes =
      WithIndex ? HeaderBytesWithIndex : HeaderBytesBeforeIndex;
  std::vector<IndexEntry> Entries;
  for (size_t I = 0; I != Sorted.size(); ++I) {
    const FunctionProfile &F = *Sorted[I];
    const uint64_t Start = Body.size();
    if (I != 0 && Sorted[I - 1]->Name == F.Name &&
        Sorted[I - 1]->Checksum == F.Checksum)
      return makeProfileError(profile_error::corrupt,
                              "function '" + F.Name + "' with checksum 0x" +
                                  utohexstr(F.Checksum) + " appears twice");
    if (F.Name.empty())
      return makeProfileError(profile_error::corrupt,
                              "a function has an empty name");
    uint64_t NumRecords = 0;
    if (F.CallsOnly && !F.Paths.empty())
      return makeProfileError(profile_error::corrupt,
                              "function '" + F.Name +
                                  "' counts no paths but has path records");
    if (!F.Costs.empty() && (F.Costs.Exclusive.size() != P.Metrics.size() ||
                             F.Costs.Inclusive.size() != P.Metrics.size()))
      return makeProfileError(profile_error::corrupt,
                              "function '" + F.Name + "' has costs of " +
                                  Twine(F.Costs.Exclusive.size()) +
                                  " metrics for " + Twine(P.Metrics.size()) +
                                  " metrics");
    for (const PathRecord &R : F.Paths) {
      if (R.Id >= F.NumPaths)
        return makeProfileError(profile_error::corrupt,
                                "function '" + F.Name +
                                    "' has a count for path " + Twine(R.Id) +
                                    " of " + Twine(F.NumPaths));
      if (!R.Metrics.empty() && R.Metrics.size() != P.Metrics.size())
        return makeProfileError(
            profile_error::corrupt,
            "function '" + F.Name + "': path " + Twine(R.Id) + " has " +
                Twine(R.Metrics.size()) + " metric values for " +
                Twine(P.Metrics.size()) + " metrics");
      NumRecords += R.Count != 0;
    }
    // Sampled when an estimate would otherwise pass for an exact total.
    const bool Sampled =
        !P.Metrics.empty() &&
        (F.Costs.isEstimated(F.Entries) ||
         any_of(F.Paths, [](const PathRecord &R) { return R.isEstimated(); }));
    writeU64(Body, F.Name.size());
    writeU64(Body, F.Checksum);
    writeU64(Body, F.NumPaths);
    writeU64(Body, F.CFGData.size());
    writeU64(Body, NumRecords);
    writeU64(Body,
             (F.CallsOnly ? FF_CallsOnly : 0) | (Sampled ? FF_Sampled : 0));
    writePadded(Body, F.Name);
    writePadded(Body, F.CFGData);
    if (F.CallsOnly) {
      writeU64(Body, F.Entries);
      writeCosts(Body, F.Costs, P.Metrics.size(), Sampled, F.Entries);
    }
    for (const PathRecord &R : F.Paths) {
      if (R.Count == 0)
        continue;
      writePathRecord(Body, R, P.Metrics.size(), Sampled);
    }
    Entries.push_back({indexKey(F.Name),
                       I,
                       {HeaderBytes + Start, Body.size() - Start, 0},
                       Extent()});
  }
  std::vector<SectionEntry> Sections;
  auto AddSection = [&](SectionKind Kind, const std::string &Payload) {
    writeU64(Body, Kind);
    writeU64(Body, Payload.size());
    Sections.push_back({Kind, {HeaderBytes + Body.size(), Payload.size(), 0}});
    writePadded(Body, Payload);
  };
  if (!P.Metrics.empty()) {
    std::string Section;
    for (const MetricDescriptor &M : P.Metrics) {
      writeU64(Section, M.Name.size());
      writeU64(Section, M.Unit.size());
      // Exact profiles (period 0 or 1) write what version 4 wrote.
      const uint64_t Period = M.Period > 1 ? M.Period : 0;
      writeU64(Section, uint64_t(M.Merge) | (M.Sources & 0xff) << 8 |
                            uint64_t(M.Scaled) << 16 |
                            uint64_t(M.Inclusive) << 17 |
                            Period << PeriodShift);
    }
    for (const MetricDescriptor &M : P.Metrics) {
      writePadded(Section, M.Name);
      writePadded(Section, M.Unit);
    }
    AddSection(SK_MetricDescriptors, Section);
  }
  if (P.Context) {
    std::map<std::pair<StringRef, uint64_t>, uint64_t> Index;
    for (size_t I = 0; I != Sorted.size(); ++I)
      Index[{Sorted[I]->Name, Sorted[I]->Checksum}] = I;
    std::string Section;
    writeU64(Section, P.Context->Roots.size());
    for (const ContextNode &R : P.Context->Roots)
      if (Error E = writeContext(Section, R, Index, Sorted, P.Metrics.size()))
        return E;
    AddSection(SK_ContextTree, Section);
  }
  if (any_of(Sorted,
             [](const FunctionProfile *F) { return !F->ICalls.empty(); })) {
    std::string Section;
    writeU64(Section, count_if(Sorted, [](const FunctionProfile *F) {
               return !F->ICalls.empty();
             }));
    for (size_t I = 0; I != Sorted.size(); ++I) {
      const IndirectCalls &Calls = Sorted[I]->ICalls;
      if (Calls.empty())
        continue;
      writeU64(Section, I);
      writeU64(Section, Calls.size());
      for (const IndirectCallSite &Site : Calls) {
        writeU64(Section, Site.Site);
        writeU64(Section, Site.Unknown);
        writeU64(Section, Site.Callees.size());
        for (const CalleeCount &Callee : Site.Callees) {
          writeU64(Section, Callee.Name.size());
          writeU64(Section, Callee.Count);
          writePadded(Section, Callee.Name);
        }
      }
    }
    AddSection(SK_IndirectCalls, Section);
  }
  auto HasSelects = [](const FunctionProfile *F) {
    return !F->Selects.empty();
  };
  if (any_of(Sorted, HasSelects)) {
    std::string Section;
    writeU64(Section, count_if(Sorted, HasSelects));
    for (size_t I = 0; I != Sorted.size(); ++I) {
      if (!HasSelects(Sorted[I]))
        continue;
      writeU64(Section, I);
      writeU64(Section, Sorted[I]->Selects.size());
      for (uint64_t Count : Sorted[I]->Selects)
        writeU64(Section, Count);
    }
    AddSection(SK_Selects, Section);
  }
  auto HasMemOps = [](const FunctionProfile *F) { return !F->MemOps.empty(); };
  if (any_of(Sorted, HasMemOps)) {
    std::string Section;
    writeU64(Section, count_if(Sorted, HasMemOps));
    for (size_t I = 0; I != Sorted.size(); ++I) {
      if (!HasMemOps(Sorted[I]))
        continue;
      writeU64(Section, I);
      writeU64(Section, Sorted[I]->MemOps.size());
      for (const MemOpSite &Op : Sorted[I]->MemOps) {
        writeU64(Section, Op.Site);
        writeU64(Section, Op.Other);
        writeU64(Section, Op.Sizes.size());
        for (const SizeCount &C : Op.Sizes) {
          writeU64(Section, C.Size);
          writeU64(Section, C.Count);
        }
      }
    }
    AddSection(SK_MemOpSizes, Section);
  }
  if (P.Summary) {
    const PathProfileSummary &S = *P.Summary;
    std::string Section;
    for (uint64_t V :
         {S.ProgramFlow, S.TotalCount, S.MaxCount, S.MaxInternalCount,
          S.MaxFunctionCount, uint64_t(S.NumCounts), uint64_t(S.NumFunctions),
          uint64_t(S.Detailed.size())})
      writeU64(Section, V);
    for (const SummaryEntry &E : S.Detailed) {
      writeU64(Section, E.Cutoff);
      writeU64(Section, E.MinCount);
      writeU64(Section, E.NumCounts);
    }
    AddSection(SK_Summary, Section);
  }
  if (P.Estimated) {
    const EstimateInfo &E = *P.Estimated;
    std::string Section;
    for (uint64_t V : {E.Period, E.Samples, E.RecordsPerSample})
      writeU64(Section, V);
    AddSection(SK_Estimate, Section);
  }
  const bool AnyCallsOnly =
      any_of(Sorted, [](const FunctionProfile *F) { return F->CallsOnly; });
  std::string Index;
  if (WithIndex) {
    std::vector<Extent> Blocks;
    std::string CallTargets =
        serializeCallTargets(computeCallTargets(P), Sorted, Blocks);
    if (!CallTargets.empty()) {
      AddSection(SK_CallTargets, CallTargets);
      for (size_t I = 0; I != Blocks.size(); ++I)
        if (Blocks[I].Size)
          Entries[I].Callees = {Sections.back().Payload.Offset +
                                    Blocks[I].Offset,
                                Blocks[I].Size, 0};
    }
    auto Sum = [&](Extent &E) {
      E.Checksum =
          xxh3_64bits(StringRef(Body).substr(E.Offset - HeaderBytes, E.Size));
    };
    for (SectionEntry &S : Sections)
      Sum(S.Payload);
    for (IndexEntry &E : Entries) {
      Sum(E.Record);
      if (E.Callees.Size)
        Sum(E.Callees);
    }
    Index = buildIndex(AnyCallsOnly ? IX_CallsOnly : 0, Sections,
                       std::move(Entries));
  }
  const uint64_t IndexOffset = HeaderBytes + Body.size();
  Body += Index;

  // With an index, the oldest version that has one and holds the profile;
  // without, the oldest version that holds the profile: one without
  // call-site locations stays readable by earlier tools, and byte for byte
  // what they wrote.
  const bool HasCallSites = any_of(Sorted, [](const FunctionProfile *F) {
    return F->CFG.CallSites.has_value();
  });
  writeU64(Out, IndexedProfileMagic);
  writeU64(Out, P.Estimated    ? IndexedEstimatedVersion
                : AnySampled   ? IndexedSampledVersion
                : WithIndex    ? IndexedProfileIndexVersion
                : AnyCallsOnly ? CallsOnlyVersion
                : HasCallSites ? CallSitesVersion
                               : 2);
  writeU64(Out, HeaderBytes);
  writeU64(Out, HeaderBytes + Body.size());
  writeU64(Out, Sorted.size());
  writeU64(Out, P.Metrics.size());
  writeU64(Out, Sections.size());
  writeU64(Out, xxh3_64bits(Body));
  if (WithIndex) {
    writeU64(Out, IndexOffset);
    writeU64(Out, xxh3_64bits(Index));
  }
  Out += Body;
  return Error::success();
}

Error pathprof::writeIndexedProfile(const Profile &P, StringRef Path,
                                    bool WithIndex) {
  std::string Data;
  if (Error E = serializeIndexedProfile(P, Data, WithIndex))
    return createFileError(Path, std::move(E));
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC)
    return createFileError(Path,
                           makeProfileError(profile_error::io, EC.message()));
  OS << Data;
  OS.close();
  if (OS.has_error())
    return createFileError(
        Path, makeProfileError(profile_error::io, OS.error().message()));
  return Error::success();
}
