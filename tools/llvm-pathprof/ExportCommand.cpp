//===- ExportCommand.cpp - llvm-pathprof export ---------------------------===//
//
// `llvm-pathprof export --format=pprof|folded` writes a profile in the forms
// other tools view: pprof's profile.proto (gzip'd, as `pprof` and the
// viewers that read it expect) and the folded stacks of flame-graph tools
// (FlameGraph's flamegraph.pl, speedscope, inferno).
//
// Both are made from one list of samples, one per (calling context, path)
// of a context profile: the stack is the context's chain of functions, leaf
// first, the leaf at the first line of the path's first block and every
// caller at the source line of the call site its callee hangs from (the
// profile's call-site table, docs/ContextTree.md); the values are the path's
// count and metrics. What the functions counted outside every context (the
// flat counters: paths of functions whose contexts hold no path table,
// entries before the runtime started, contexts that found the tree full) is
// a sample per path with a one-frame stack, as is every path of a profile
// without a tree, so the samples of a function always add up to its
// profile. docs/CommandGuide.md documents both outputs.
//
//===----------------------------------------------------------------------===//

#include "Protobuf.h"
#include "llvm-pathprof.h"

#include "PathProf/Profile.h"
#include "PathProf/ProfileNames.h"
#include "PathProf/ProfileReader.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <tuple>

using namespace llvm;
using namespace pathprof;
using namespace pathprof::tool;

cl::SubCommand pathprof::tool::ExportSubcommand(
    "export", "Write a profile for other viewers: pprof's profile.proto or "
              "flame-graph folded stacks");

static cl::opt<std::string>
    ExportInput(cl::Positional, cl::Required, cl::sub(ExportSubcommand),
                cl::desc("<raw, indexed or text profile>"),
                cl::cat(PathProfCategory));
// A string, so that every bad value gets the same message.
static cl::opt<std::string>
    ExportFormat("format", cl::Required, cl::sub(ExportSubcommand),
                 cl::value_desc("pprof|folded"),
                 cl::desc("pprof: a gzip'd profile.proto with a sample per "
                          "context and path; folded: one line per calling "
                          "context, \"main;parse;lex 1234\""),
                 cl::cat(PathProfCategory));
static cl::opt<std::string> ExportMetric(
    "metric", cl::sub(ExportSubcommand), cl::value_desc("name"),
    cl::desc("folded: the value of each stack, a metric summed over "
             "executions (default: the path count)"),
    cl::cat(PathProfCategory));
static cl::opt<bool>
    ExportNoDemangle("no-demangle", cl::sub(ExportSubcommand),
                     cl::desc("Name functions as stored, not demangled"),
                     cl::cat(PathProfCategory));
static cl::opt<std::string>
    ExportOutput("output", cl::sub(ExportSubcommand), cl::init("-"),
                 cl::value_desc("file"),
                 cl::desc("Where to write (default: standard output)"),
                 cl::cat(PathProfCategory));
static cl::alias ExportOutputShort("o", cl::desc("Alias for --output"),
                                   cl::aliasopt(ExportOutput), cl::NotHidden,
                                   cl::cat(PathProfCategory));

namespace {

/// A frame of a sample's stack: a function at a source line and column (0:
/// unknown).
struct Frame {
  const FunctionProfile *F;
  uint32_t Line;
  uint32_t Column;
};

/// One (context, path): its stack, leaf first, and its record.
struct Sample {
  std::vector<Frame> Stack;
  const FunctionProfile *F;
  PathRecord R;
};

class SampleCollector {
public:
  explicit SampleCollector(const Profile &P) : P(P) {
    for (const FunctionProfile &F : P.Functions)
      Functions[{F.Name, F.Checksum}] = &F;
  }

  Expected<std::vector<Sample>> collect() {
    if (P.Context)
      for (const ContextNode &Root : P.Context->Roots)
        if (Error E = addContext(Root))
          return std::move(E);
    for (const FunctionProfile &F : P.Functions)
      if (Error E = addFlat(F))
        return std::move(E);
    return std::move(Samples);
  }

private:
  Expected<const FunctionProfile *> functionOf(const ContextNode &N) {
    auto It = Functions.find({N.Function, N.Checksum});
    if (It == Functions.end())
      return createStringError(inconvertibleErrorCode(),
                               "a context of '" + N.Function +
                                   "', which the profile has no function of");
    return It->second;
  }

  /// The line a path starts at: its first block's first line.
  static Expected<uint32_t> firstLine(const FunctionProfile &F, uint64_t Id) {
    Expected<DecodedPath> D = F.CFG.decode(Id);
    if (!D)
      return D.takeError();
    return F.CFG.Blocks[D->Blocks.front()].LineBegin;
  }

  Error addContext(const ContextNode &N) {
    Expected<const FunctionProfile *> F = functionOf(N);
    if (!F)
      return F.takeError();
    // The callers' frames: each at the call site its callee on the chain
    // hangs from.
    if (!Chain.empty()) {
      const CFGCallSite *Site = Chain.back().F->CFG.callSite(N.CallSite);
      Chain.back().Line = Site ? Site->Line : 0;
      Chain.back().Column = Site ? Site->Column : 0;
    }
    for (const PathRecord &R : N.Paths) {
      Expected<uint32_t> Line = firstLine(**F, R.Id);
      if (!Line)
        return Line.takeError();
      Sample S{{{*F, *Line, 0}}, *F, R};
      S.Stack.insert(S.Stack.end(), Chain.rbegin(), Chain.rend());
      Samples.push_back(std::move(S));
      Attributed[*F].push_back(&R);
    }
    Chain.push_back({*F, 0, 0});
    for (const ContextNode &C : N.Children)
      if (Error E = addContext(C))
        return E;
    Chain.pop_back();
    return Error::success();
  }

  /// The paths of \p F counted outside every context: its records less
  /// those of its contexts.
  Error addFlat(const FunctionProfile &F) {
    std::map<uint64_t, PathRecord> InContexts;
    auto It = Attributed.find(&F);
    if (It != Attributed.end())
      for (const PathRecord *R : It->second) {
        PathRecord &Sum = InContexts[R->Id];
        Sum.Count = SaturatingAdd(Sum.Count, R->Count);
        if (Sum.Metrics.size() < R->Metrics.size())
          Sum.Metrics.resize(R->Metrics.size());
        for (size_t I = 0; I != R->Metrics.size(); ++I)
          Sum.Metrics[I] = SaturatingAdd(Sum.Metrics[I], R->Metrics[I]);
        // Sampled records: their samples and squares too, word by word,
        // as the flattening added them.
        Sum.Samples = SaturatingAdd(Sum.Samples, R->Samples);
        if (Sum.Squares.size() < R->Squares.size())
          Sum.Squares.resize(R->Squares.size());
        for (size_t I = 0; I != R->Squares.size(); ++I)
          Sum.Squares[I].add(R->Squares[I]);
      }
    for (const PathRecord &R : F.Paths) {
      PathRecord Rest = R;
      auto It = InContexts.find(R.Id);
      if (It != InContexts.end()) {
        const PathRecord &In = It->second;
        Rest.Count -= std::min(Rest.Count, In.Count);
        // A summed metric's rest is the difference; a largest or smallest
        // value cannot be taken apart, so the rest keeps the function's.
        for (size_t I = 0; I != Rest.Metrics.size(); ++I)
          if (P.Metrics[I].Merge == MetricMerge::Sum)
            Rest.Metrics[I] -=
                std::min(Rest.Metrics[I],
                         I < In.Metrics.size() ? In.Metrics[I] : uint64_t(0));
        Rest.Samples -= std::min(Rest.Samples, In.Samples);
        for (size_t I = 0; I != Rest.Squares.size() && I != In.Squares.size();
             ++I) {
          Rest.Squares[I].Hi -= std::min(Rest.Squares[I].Hi, In.Squares[I].Hi);
          Rest.Squares[I].Lo -= std::min(Rest.Squares[I].Lo, In.Squares[I].Lo);
        }
      }
      if (Rest.Count == 0)
        continue;
      Expected<uint32_t> Line = firstLine(F, R.Id);
      if (!Line)
        return Line.takeError();
      Samples.push_back({{{&F, *Line, 0}}, &F, std::move(Rest)});
    }
    return Error::success();
  }

  const Profile &P;
  std::map<std::pair<StringRef, uint64_t>, const FunctionProfile *> Functions;
  /// The chain of the context being visited, root first.
  std::vector<Frame> Chain;
  DenseMap<const FunctionProfile *, std::vector<const PathRecord *>> Attributed;
  std::vector<Sample> Samples;
};

/// The file a function is in: its first block's with a file, or the path
/// part of a local function's name.
StringRef functionFile(const FunctionProfile &F) {
  for (const CFGBlock &B : F.CFG.Blocks)
    if (!B.File.empty())
      return B.File;
  return splitProfileName(F.Name).Path;
}

/// pprof's values are int64: larger (saturated) counts are clamped.
uint64_t pprofValue(uint64_t V) {
  return std::min<uint64_t>(V, uint64_t(INT64_MAX));
}

/// The profile.proto of \p Samples. Field numbers are those of
/// https://github.com/google/pprof/blob/main/proto/profile.proto.
std::string writePprof(const Profile &P, ArrayRef<Sample> Samples,
                       bool Demangle) {
  enum : uint32_t {
    ProfileSampleType = 1,
    ProfileSample = 2,
    ProfileLocation = 4,
    ProfileFunction = 5,
    ProfileStringTable = 6,
    ValueTypeType = 1,
    ValueTypeUnit = 2,
    SampleLocationId = 1,
    SampleValue = 2,
    SampleLabel = 3,
    LabelKey = 1,
    LabelStr = 2,
    LabelNum = 3,
    LocationId = 1,
    LocationLine = 4,
    LineFunctionId = 1,
    LineLine = 2,
    LineColumn = 3,
    FunctionId = 1,
    FunctionName = 2,
    FunctionSystemName = 3,
    FunctionFilename = 4,
    FunctionStartLine = 5,
    ProfileComment = 13,
  };
  std::vector<std::string> Strings = {""};
  std::map<std::string, uint64_t> StringIds = {{"", 0}};
  auto Str = [&](StringRef S) {
    auto [It, New] = StringIds.try_emplace(S.str(), Strings.size());
    if (New)
      Strings.push_back(S.str());
    return It->second;
  };

  ProtoMessage Out;
  auto ValueType = [&](StringRef Type, StringRef Unit) {
    ProtoMessage VT;
    VT.varint(ValueTypeType, Str(Type));
    VT.varint(ValueTypeUnit, Str(Unit));
    Out.message(ProfileSampleType, VT);
  };
  ValueType("count", "count");
  for (const MetricDescriptor &M : P.Metrics)
    ValueType(M.Name, M.Unit);

  std::map<const FunctionProfile *, uint64_t> FunctionIds;
  std::vector<ProtoMessage> Functions;
  std::map<std::tuple<uint64_t, uint32_t, uint32_t>, uint64_t> LocationIds;
  std::vector<ProtoMessage> Locations;
  auto FunctionIdOf = [&](const FunctionProfile *F) {
    auto [It, New] = FunctionIds.try_emplace(F, FunctionIds.size() + 1);
    if (New) {
      ProtoMessage Fn;
      Fn.varint(FunctionId, It->second);
      Fn.varint(FunctionName, Str(displayName(F->Name, Demangle)));
      Fn.varint(FunctionSystemName, Str(F->Name));
      Fn.varint(FunctionFilename, Str(functionFile(*F)));
      Fn.varint(FunctionStartLine, F->CFG.Blocks.front().LineBegin);
      Functions.push_back(std::move(Fn));
    }
    return It->second;
  };
  auto LocationIdOf = [&](const Frame &Fr) {
    uint64_t Fn = FunctionIdOf(Fr.F);
    auto [It, New] = LocationIds.try_emplace({Fn, Fr.Line, Fr.Column},
                                             LocationIds.size() + 1);
    if (New) {
      ProtoMessage Line, Loc;
      Line.varint(LineFunctionId, Fn);
      Line.varint(LineLine, Fr.Line);
      Line.varint(LineColumn, Fr.Column);
      Loc.varint(LocationId, It->second);
      Loc.message(LocationLine, Line);
      Locations.push_back(std::move(Loc));
    }
    return It->second;
  };

  const uint64_t PathIdKey = Str("path_id"), FunctionKey = Str("function");
  for (const Sample &S : Samples) {
    ProtoMessage M;
    std::vector<uint64_t> Ids, Values = {pprofValue(S.R.Count)};
    for (const Frame &Fr : S.Stack)
      Ids.push_back(LocationIdOf(Fr));
    for (size_t I = 0; I != P.Metrics.size(); ++I)
      Values.push_back(pprofValue(S.R.metric(I)));
    M.packed(SampleLocationId, Ids);
    M.packed(SampleValue, Values);
    ProtoMessage Id, Fn;
    Id.varint(LabelKey, PathIdKey);
    Id.varint(LabelNum, S.R.Id);
    Fn.varint(LabelKey, FunctionKey);
    Fn.varint(LabelStr, Str(S.F->Name));
    M.message(SampleLabel, Id);
    M.message(SampleLabel, Fn);
    Out.message(ProfileSample, M);
  }
  for (const ProtoMessage &L : Locations)
    Out.message(ProfileLocation, L);
  for (const ProtoMessage &F : Functions)
    Out.message(ProfileFunction, F);
  // pprof shows a profile's comments with its header.
  if (P.Estimated)
    Out.varint(ProfileComment, Str(describeEstimated(*P.Estimated)));
  for (const std::string &S : Strings)
    Out.bytes(ProfileStringTable, S);
  return Out.str();
}

/// A function as a frame of a folded stack, where ';' separates frames.
std::string foldedFrame(const FunctionProfile &F, bool Demangle) {
  std::string Name = displayName(F.Name, Demangle);
  for (char &C : Name)
    if (C == ';' || C == '\n')
      C = ':';
  return Name;
}

/// Folded stacks, root first, one line per distinct stack, sorted, with the
/// sum of its samples' values (\p Metric, or the count); stacks of value 0
/// are left out.
std::string writeFolded(ArrayRef<Sample> Samples, std::optional<size_t> Metric,
                        bool Demangle) {
  std::map<std::string, uint64_t> Stacks;
  // Demangled once per function, not once per frame.
  DenseMap<const FunctionProfile *, std::string> Names;
  for (const Sample &S : Samples) {
    std::string Stack;
    for (const Frame &Fr : llvm::reverse(S.Stack)) {
      auto [It, New] = Names.try_emplace(Fr.F);
      if (New)
        It->second = foldedFrame(*Fr.F, Demangle);
      if (!Stack.empty())
        Stack += ';';
      Stack += It->second;
    }
    uint64_t &V = Stacks[Stack];
    V = SaturatingAdd(V, Metric ? S.R.metric(*Metric) : S.R.Count);
  }
  std::string Out;
  for (const auto &[Stack, V] : Stacks)
    if (V != 0)
      Out += Stack + " " + std::to_string(V) + "\n";
  return Out;
}

} // namespace

int pathprof::tool::exportMain() {
  // A bad option is the command line's fault; say so before reading.
  const bool Pprof = ExportFormat == "pprof";
  if (!Pprof && ExportFormat != "folded")
    return fail("--format=" + ExportFormat +
                ": unknown format; use pprof or folded");
  if (Pprof && ExportMetric.getNumOccurrences())
    return fail("--metric applies to --format=folded; a pprof profile has "
                "every metric");
  Expected<Profile> P = readInput(ExportInput, warn);
  if (!P)
    return fail(P.takeError());

  std::optional<size_t> Metric;
  if (!ExportMetric.empty()) {
    Expected<size_t> I = findMetric(*P, ExportMetric);
    if (!I)
      return fail(createFileError(ExportInput, I.takeError()));
    const MetricDescriptor &M = P->Metrics[*I];
    // Flame graphs add the values of a stack's frames and of equal stacks.
    if (M.Merge != MetricMerge::Sum)
      return fail(createFileError(
          ExportInput,
          createStringError(inconvertibleErrorCode(),
                            "--metric=" + M.Name +
                                ": the metric is combined by " +
                                metricMergeName(M.Merge) +
                                ", not summed over executions; folded "
                                "stacks add their values")));
    Metric = *I;
  }

  Expected<std::vector<Sample>> Samples = SampleCollector(*P).collect();
  if (!Samples)
    return fail(createFileError(ExportInput, Samples.takeError()));
  std::string Bytes;
  if (Pprof) {
    Expected<std::string> Gz =
        gzip(writePprof(*P, *Samples, !ExportNoDemangle));
    if (!Gz)
      return fail(Gz.takeError());
    Bytes = std::move(*Gz);
  } else {
    Bytes = writeFolded(*Samples, Metric, !ExportNoDemangle);
  }

  std::error_code EC;
  raw_fd_ostream OS(ExportOutput, EC, sys::fs::OF_None);
  if (EC)
    return fail(ExportOutput + ": " + EC.message());
  OS << Bytes;
  OS.close();
  if (OS.has_error())
    return fail(ExportOutput + ": " + OS.error().message());
  return 0;
}
