//===- IndexedProfile.cpp - Read and write indexed path profiles ----------===//
//
// The indexed profile is what llvm-pathprof merge writes and what the
// profile-use pass and llvm-pathprof show read: a header with a checksum of
// the body, then one record per function, sorted by (name, checksum), with its
// CFG description and its non-zero path counts sorted by path id. Every field
// is a little-endian u64 and every record is 8-byte aligned with zero padding,
// so the encoding of a profile is unique. docs/FileFormat.md has the layout.
//
//===----------------------------------------------------------------------===//

#include "PathProf/ProfileError.h"
#include "PathProf/ProfileFormat.h"
#include "PathProf/ProfileReader.h"
#include "PathProf/ProfileWriter.h"

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
enum HeaderField : unsigned {
  HF_Magic,
  HF_Version,
  HF_HeaderSize,
  HF_FileSize,
  HF_NumFunctions,
  HF_NumMetrics,
  HF_NumSections,
  HF_Checksum,
  HF_Count
};
constexpr uint64_t HeaderBytes = HF_Count * 8;

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
};
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

} // namespace

/// Reads the indirect call section \p Payload into \p Functions.
static Error readIndirectCalls(StringRef Payload,
                               std::vector<FunctionProfile> &Functions) {
  Cursor C(Payload, 0);
  uint64_t NumFunctions;
  if (Error E = C.readU64(NumFunctions, "the indirect call section"))
    return E;
  if (NumFunctions > Functions.size())
    return corrupt("indirect calls of " + Twine(NumFunctions) +
                   " functions, but the profile has " +
                   Twine(Functions.size()));
  std::optional<uint64_t> PrevFunction;
  for (uint64_t I = 0; I != NumFunctions; ++I) {
    uint64_t Index, NumSites;
    if (Error E = C.readU64(Index, "indirect calls"))
      return E;
    if (Error E = C.readU64(NumSites, "indirect calls"))
      return E;
    if (Index >= Functions.size() || (PrevFunction && Index <= *PrevFunction))
      return corrupt("indirect calls of function " + Twine(Index) + " (of " +
                     Twine(Functions.size()) +
                     ") are out of range or out of order");
    PrevFunction = Index;
    FunctionProfile &F = Functions[Index];
    if (NumSites == 0 || NumSites > C.remaining() / 24)
      return corrupt("function '" + F.Name + "' has " + Twine(NumSites) +
                     " indirect call sites");
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
        uint64_t NameSize, Count;
        StringRef Name;
        if (Error E = C.readU64(NameSize, "a callee"))
          return E;
        if (Error E = C.readU64(Count, "a callee"))
          return E;
        if (Error E = C.readPadded(Name, NameSize, "a callee's name"))
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
  }
  if (C.remaining() != 0)
    return corrupt(Twine(C.remaining()) +
                   " trailing bytes in the indirect call section");
  return Error::success();
}

static Error readSelects(StringRef Payload,
                         std::vector<FunctionProfile> &Functions) {
  Cursor C(Payload, 0);
  uint64_t NumFunctions;
  if (Error E = C.readU64(NumFunctions, "the select section"))
    return E;
  if (NumFunctions > Functions.size())
    return corrupt("selects of " + Twine(NumFunctions) +
                   " functions, but the profile has " +
                   Twine(Functions.size()));
  std::optional<uint64_t> PrevFunction;
  for (uint64_t I = 0; I != NumFunctions; ++I) {
    uint64_t Index, NumSelects;
    if (Error E = C.readU64(Index, "selects"))
      return E;
    if (Error E = C.readU64(NumSelects, "selects"))
      return E;
    if (Index >= Functions.size() || (PrevFunction && Index <= *PrevFunction))
      return corrupt("selects of function " + Twine(Index) + " (of " +
                     Twine(Functions.size()) +
                     ") are out of range or out of order");
    PrevFunction = Index;
    FunctionProfile &F = Functions[Index];
    if (NumSelects == 0 || NumSelects > C.remaining() / 8)
      return corrupt("function '" + F.Name + "' has " + Twine(NumSelects) +
                     " select counts");
    F.Selects.resize(NumSelects);
    for (uint64_t &Count : F.Selects)
      if (Error E = C.readU64(Count, "a select count"))
        return E;
  }
  if (C.remaining() != 0)
    return corrupt(Twine(C.remaining()) + " trailing bytes in the select section");
  return Error::success();
}

Expected<Profile> pathprof::readIndexedProfile(StringRef Buffer) {
  if (Buffer.size() < HeaderBytes)
    return makeProfileError(profile_error::truncated,
                            "truncated indexed profile: file is too small for "
                            "the header (" +
                                Twine(Buffer.size()) + " bytes)");
  uint64_t H[HF_Count];
  for (unsigned I = 0; I != HF_Count; ++I)
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
  if (xxh3_64bits(Buffer.drop_front(HeaderBytes)) != H[HF_Checksum])
    return makeProfileError(profile_error::checksum_mismatch,
                            "corrupt indexed profile: checksum mismatch");
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

  Profile P;
  P.Functions.reserve(H[HF_NumFunctions]);
  Cursor C(Buffer, HeaderBytes);
  for (uint64_t I = 0; I != H[HF_NumFunctions]; ++I) {
    Expected<FunctionProfile> F =
        readFunction(C, H[HF_Version], H[HF_NumMetrics], I);
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
    P.Functions.push_back(std::move(*F));
  }
  // Sections of kinds this version does not know are skipped; see
  // docs/FileFormat.md.
  bool HaveMetrics = false, HaveIndirectCalls = false, HaveSelects = false;
  // Read once the metrics are known, wherever their section is.
  SmallVector<StringRef, 1> ContextTrees;
  for (uint64_t S = 0; S != H[HF_NumSections]; ++S) {
    uint64_t Kind, Size;
    StringRef Payload;
    if (Error E = C.readU64(Kind, "a section header"))
      return std::move(E);
    if (Error E = C.readU64(Size, "a section header"))
      return std::move(E);
    if (Error E = C.readPadded(Payload, Size, "section " + Twine(S)))
      return std::move(E);
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
      if (Error E = readSelects(Payload, P.Functions))
        return std::move(E);
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
        ContextReader(Payload, P.Functions, H[HF_NumMetrics], H[HF_Version])
            .read();
    if (!T)
      return T.takeError();
    P.Context = std::move(*T);
  }
  return std::move(P);
}

Error pathprof::serializeIndexedProfile(const Profile &P, std::string &Out) {
  std::vector<const FunctionProfile *> Sorted;
  Sorted.reserve(P.Functions.size());
  for (const FunctionProfile &F : P.Functions)
    Sorted.push_back(&F);
  llvm::sort(Sorted, [](const FunctionProfile *A, const FunctionProfile *B) {
    return std::tie(A->Name, A->Checksum) < std::tie(B->Name, B->Checksum);
  });

  std::string Body;
  bool AnySampled = false;
  for (size_t I = 0; I != Sorted.size(); ++I) {
    const FunctionProfile &F = *Sorted[I];
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
    AnySampled |= Sampled;
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
  }
  uint64_t NumSections = 0;
  auto AddSection = [&](SectionKind Kind, const std::string &Payload) {
    writeU64(Body, Kind);
    writeU64(Body, Payload.size());
    writePadded(Body, Payload);
    ++NumSections;
  };
  if (!P.Metrics.empty()) {
    std::string Section;
    for (const MetricDescriptor &M : P.Metrics) {
      writeU64(Section, M.Name.size());
      writeU64(Section, M.Unit.size());
      // Exact profiles (period 0 or 1) write what version 4 wrote.
      const uint64_t Period = M.Period > 1 ? M.Period : 0;
      AnySampled |= Period != 0;
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

  // The oldest version that holds the profile: one without call-site
  // locations stays readable by earlier tools, and byte for byte what they
  // wrote.
  const bool HasCallSites = any_of(Sorted, [](const FunctionProfile *F) {
    return F->CFG.CallSites.has_value();
  });
  writeU64(Out, IndexedProfileMagic);
  const bool AnyCallsOnly =
      any_of(Sorted, [](const FunctionProfile *F) { return F->CallsOnly; });
  writeU64(Out, AnySampled     ? IndexedSampledVersion
                : AnyCallsOnly ? CallsOnlyVersion
                : HasCallSites ? CallSitesVersion
                               : 2);
  writeU64(Out, HeaderBytes);
  writeU64(Out, HeaderBytes + Body.size());
  writeU64(Out, Sorted.size());
  writeU64(Out, P.Metrics.size());
  writeU64(Out, NumSections);
  writeU64(Out, xxh3_64bits(Body));
  Out += Body;
  return Error::success();
}

Error pathprof::writeIndexedProfile(const Profile &P, StringRef Path) {
  std::string Data;
  if (Error E = serializeIndexedProfile(P, Data))
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
