//===- TextProfile.cpp - Path profiles as text ----------------------------===//
//
// The reader and the writer of text profiles (PathProf/TextProfile.h). The
// reader numbers each function's DAG from the order of the out-edges it is
// given (CFGDescription::numberEdges; Ball & Larus 1996: an edge's Val is the
// sum of the path counts of the targets of the node's earlier out-edges),
// serializes the description and validates it as the binary readers validate
// theirs, so a text profile can describe nothing a binary profile could not.
// Every error is a ProfileError of kind malformed_text carrying its line.
//
//===----------------------------------------------------------------------===//

#include "PathProf/TextProfile.h"
#include "PathProf/CFGDescription.h"
#include "PathProf/ProfileError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <tuple>

using namespace llvm;
using namespace pathprof;

static const char *const EdgeKindNames[] = {"cfg", "entry", "exit", "ret"};

static std::optional<PathProfEdgeKind> parseEdgeKind(StringRef Name) {
  for (unsigned K = 0; K != std::size(EdgeKindNames); ++K)
    if (Name == EdgeKindNames[K])
      return PathProfEdgeKind(K);
  return std::nullopt;
}

/// Writes the name \p S so that the reader gets it back byte for byte: '%',
/// control bytes, the spaces of a word (\p InWord) and the spaces at either
/// end of the rest of a line (which the reader trims) as %XX.
static void writeName(raw_ostream &OS, StringRef S, bool InWord) {
  size_t First = S.find_first_not_of(' '), Last = S.find_last_not_of(' ');
  for (size_t I = 0; I != S.size(); ++I) {
    unsigned char C = S[I];
    bool AtEnd = First == StringRef::npos || I < First || I > Last;
    if (C == '%' || C < 0x20 || C == 0x7f || (C == ' ' && (InWord || AtEnd)))
      OS << '%' << hexdigit(C >> 4) << hexdigit(C & 15);
    else
      OS << C;
  }
}

/// Writes " / SAMPLES HI:LO...", what sampled metrics add to a record's
/// values: nothing when every execution (\p Count) was measured, which
/// makes the values exact totals.
static void writeSampled(raw_ostream &OS, uint64_t Samples, uint64_t Count,
                         ArrayRef<const std::vector<SquareSum> *> Squares) {
  if (Squares.front()->empty() || Samples == Count)
    return;
  OS << " / " << Samples;
  for (const std::vector<SquareSum> *List : Squares)
    for (const SquareSum &S : *List)
      OS << " " << S.Hi << ":" << S.Lo;
}

/// Writes " EXCL..." and " INCL...": \p Costs of \p NumMetrics metrics, or
/// zeros, and what sampling adds, for \p Entries activations.
static void writeCosts(raw_ostream &OS, const CallCosts &Costs,
                       size_t NumMetrics, uint64_t Entries) {
  for (const std::vector<uint64_t> *Values :
       {&Costs.Exclusive, &Costs.Inclusive})
    for (size_t I = 0; I != NumMetrics; ++I)
      OS << " " << (Values->empty() ? 0 : (*Values)[I]);
  writeSampled(OS, Costs.Samples, Entries,
               {&Costs.ExclusiveSquares, &Costs.InclusiveSquares});
}

/// Whether \p P has a record or costs that text profiles before version 5
/// cannot hold: sampled, with executions not measured.
static bool hasSampledRecords(const Profile &P) {
  auto Paths = [](const PathTable &T) {
    return any_of(T, [](const PathRecord &R) {
      return R.isSampled() && R.Samples != R.Count;
    });
  };
  for (const FunctionProfile &F : P.Functions)
    if (Paths(F.Paths) || (F.Costs.isSampled() && F.Costs.Samples != F.Entries))
      return true;
  if (!P.Context)
    return false;
  std::function<bool(const ContextNode &)> Any = [&](const ContextNode &N) {
    return Paths(N.Paths) ||
           (N.Costs.isSampled() && N.Costs.Samples != N.EntryCount) ||
           any_of(N.Children, Any);
  };
  return any_of(P.Context->Roots, Any);
}

/// Writes the word \p S (a block name, a metric's name or unit): "-" if it
/// is empty, "%2D" if it is "-".
static void writeWord(raw_ostream &OS, StringRef S) {
  if (S.empty())
    OS << '-';
  else if (S == "-")
    OS << "%2D";
  else
    writeName(OS, S, /*InWord=*/true);
}

bool pathprof::isTextProfile(StringRef Buffer) {
  while (!Buffer.empty()) {
    auto [Line, Rest] = Buffer.split('\n');
    Line = Line.trim();
    if (!Line.empty() && !Line.starts_with("#"))
      return Line.split(' ').first == TextProfileMagic;
    Buffer = Rest;
  }
  return false;
}

namespace {

/// Parses one text profile, line by line.
class TextReader {
public:
  explicit TextReader(StringRef Buffer) : Rest(Buffer) {}
  Expected<Profile> read();

private:
  /// An error about the current line.
  Error error(const Twine &Msg) const { return errorAt(LineNo, Msg); }
  static Error errorAt(size_t Line, const Twine &Msg) {
    return makeProfileError(profile_error::malformed_text, Msg, Line);
  }
  /// The next line that is not blank or a comment, split into its keyword
  /// and the rest; false at the end.
  bool next();
  Error number(StringRef Word, uint64_t &V, const Twine &What) const;
  /// Decodes the words of a \p Keyword line ('path', 'cpath'): an id, a
  /// count and one value per metric of the profile.
  Error pathRecord(ArrayRef<StringRef> Words, StringRef Keyword,
                   PathRecord &R) const;
  /// Decodes the name \p Field (writeName's %XX escapes).
  Error name(StringRef Field, std::string &Out) const;
  /// Decodes the word \p Field (writeWord's "-" and escapes).
  Error word(StringRef Field, std::string &Out) const {
    if (Field == "-") {
      Out.clear();
      return Error::success();
    }
    return name(Field, Out);
  }
  Error readMetric();
  Error readEstimate();
  Error readFunction();
  Error finishFunction();
  Error readContexts();
  Error readContextLine(ArrayRef<StringRef> Words, StringRef NameField);
  /// The function named \p Name with \p Checksum, or an error.
  Expected<const FunctionProfile *> contextFunction(StringRef NameField,
                                                    uint64_t Checksum) const;

  /// Decodes 2 x (number of metrics) costs, exclusive then inclusive, from
  /// \p Words, and what a sampled one adds.
  Error costs(ArrayRef<StringRef> Words, CallCosts &C) const;
  /// Decodes "/ SAMPLES HI:LO..." (\p Groups lists of one square per metric)
  /// after the values of a record or costs: \p Words, which may be empty.
  Error sampled(ArrayRef<StringRef> Words, uint64_t &Samples,
                ArrayRef<std::vector<SquareSum> *> Groups) const;

  StringRef Rest;
  size_t LineNo = 0;
  /// The version the header says.
  uint64_t Version = 0;
  StringRef Keyword, Args;
  /// The line was read but not consumed.
  bool Pending = false;

  Profile P;
  /// The checksums of each function name read so far.
  /// The checksums of each name seen so far. Not a DenseSet: every 64-bit
  /// value is a valid checksum, and DenseSet reserves two as markers.
  StringMap<std::set<uint64_t>> Seen;
  // The function being read.
  FunctionProfile F;
  bool HaveChecksum = false;
  std::optional<uint64_t> DeclaredPaths;
  size_t DeclaredPathsLine = 0;
  /// What its 'callsites N' line said, and where.
  uint64_t DeclaredSites = 0;
  size_t DeclaredSitesLine = 0;
  CFGDescription CFG;
  /// The function's path records and the lines they are on.
  std::vector<std::pair<PathRecord, size_t>> Records;
  size_t FunctionLine = 0;
  /// The line of its 'calls' line (a function that counts no paths), or 0.
  size_t CallsLine = 0;
  /// The last 'icall' line of the function: (call site, callee).
  std::optional<std::pair<uint64_t, std::string>> LastICall;
  /// The last 'memop' line's operation and length (none: Other).
  std::optional<std::pair<uint64_t, std::optional<uint64_t>>> LastMemOp;
  /// The calling context tree being read: the contexts from a root to the
  /// last one read (the one a 'cpath' or 'recursion' line belongs to), and
  /// their functions' numbers of paths; the functions by name and checksum.
  std::vector<ContextNode *> Stack;
  std::vector<uint64_t> StackPaths;
  /// The last context read counts no paths and the profile has metrics:
  /// its 'costs' line comes next.
  bool CostsDue = false;
  std::map<std::pair<std::string, uint64_t>, const FunctionProfile *> ByKey;
};

} // namespace

bool TextReader::next() {
  if (Pending) {
    Pending = false;
    return true;
  }
  while (!Rest.empty()) {
    StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    ++LineNo;
    Line = Line.trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    std::tie(Keyword, Args) = Line.split(' ');
    Args = Args.trim();
    return true;
  }
  return false;
}

Error TextReader::sampled(ArrayRef<StringRef> Words, uint64_t &Samples,
                          ArrayRef<std::vector<SquareSum> *> Groups) const {
  if (Words.empty())
    return Error::success();
  const size_t K = P.Metrics.size();
  if (Version < TextSampledVersion)
    return error("sampled metrics ('/ SAMPLES ...') need ':pathprof-text " +
                 Twine(TextSampledVersion) + "'");
  if (Words.front() != "/" || Words.size() != 2 + Groups.size() * K || !K)
    return error("expected '/ SAMPLES' and " + Twine(Groups.size() * K) +
                 " sums of squares HI:LO after the metric values");
  if (Error E = number(Words[1], Samples, "a number of samples"))
    return E;
  size_t At = 2;
  for (std::vector<SquareSum> *Group : Groups) {
    Group->assign(K, SquareSum());
    for (SquareSum &S : *Group) {
      auto [Hi, Lo] = Words[At++].split(':');
      if (Error E = number(Hi, S.Hi, "a sum of squares HI:LO"))
        return E;
      if (Error E = number(Lo, S.Lo, "a sum of squares HI:LO"))
        return E;
    }
  }
  return Error::success();
}

Error TextReader::pathRecord(ArrayRef<StringRef> Words, StringRef Keyword,
                             PathRecord &R) const {
  if (Words.size() < 2 + P.Metrics.size())
    return error("expected '" + Keyword + " ID COUNT' and " +
                 Twine(P.Metrics.size()) + " metric values");
  if (Error E = number(Words[0], R.Id, "a path id"))
    return E;
  if (Error E = number(Words[1], R.Count, "a count"))
    return E;
  for (StringRef W : Words.slice(2, P.Metrics.size())) {
    uint64_t V;
    if (Error E = number(W, V, "a metric value"))
      return E;
    R.Metrics.push_back(V);
  }
  if (Words.size() != 2 + P.Metrics.size() &&
      Words[2 + P.Metrics.size()] != "/")
    return error("expected '" + Keyword + " ID COUNT' and " +
                 Twine(P.Metrics.size()) + " metric values");
  return sampled(Words.drop_front(2 + P.Metrics.size()), R.Samples,
                 {&R.Squares});
}

Error TextReader::costs(ArrayRef<StringRef> Words, CallCosts &C) const {
  const size_t K = P.Metrics.size();
  if (Words.size() < 2 * K || (Words.size() != 2 * K && Words[2 * K] != "/"))
    return error("expected " + Twine(K) + " exclusive and " + Twine(K) +
                 " inclusive costs");
  C.Exclusive.resize(K);
  C.Inclusive.resize(K);
  for (size_t I = 0; I != 2 * K; ++I)
    if (Error E = number(Words[I], I < K ? C.Exclusive[I] : C.Inclusive[I - K],
                         "a cost"))
      return E;
  return sampled(Words.drop_front(2 * K), C.Samples,
                 {&C.ExclusiveSquares, &C.InclusiveSquares});
}

Error TextReader::number(StringRef Word, uint64_t &V, const Twine &What) const {
  // getAsInteger takes 0x (and 0, 0b) prefixes with radix 0.
  if (Word.empty() || Word.getAsInteger(0, V))
    return error("expected " + What + ", found '" + Word + "'");
  return Error::success();
}

Error TextReader::name(StringRef Field, std::string &Out) const {
  Out.clear();
  for (size_t I = 0; I != Field.size(); ++I) {
    if (Field[I] != '%') {
      Out += Field[I];
      continue;
    }
    unsigned Hi = Field.size() - I > 2 ? hexDigitValue(Field[I + 1]) : -1U;
    unsigned Lo = Field.size() - I > 2 ? hexDigitValue(Field[I + 2]) : -1U;
    if (Hi == -1U || Lo == -1U)
      return error("bad escape '" + Field.substr(I, 3) +
                   "' (a '%' in a name is written %25)");
    Out += char(Hi << 4 | Lo);
    I += 2;
  }
  return Error::success();
}

Error TextReader::readMetric() {
  SmallVector<StringRef, 6> Words;
  Args.split(Words, ' ', -1, /*KeepEmpty=*/false);
  if (Words.size() < 3)
    return error("expected ':metric NAME UNIT sum|max|min' and optionally "
                 "'source=tsc|rdpmc|read[+...]', 'scaled', 'inclusive'");
  std::optional<MetricMerge> Merge = parseMetricMerge(Words[2]);
  if (!Merge)
    return error("unknown metric merge '" + Words[2] +
                 "' (expected sum, max or min)");
  MetricDescriptor M;
  M.Merge = *Merge;
  for (StringRef W : ArrayRef(Words).drop_front(3)) {
    if (W.consume_front("source=")) {
      std::optional<uint64_t> Sources = parseMetricSources(W);
      if (!Sources)
        return error("unknown metric source '" + W +
                     "' (expected tsc, rdpmc or read, joined by '+')");
      M.Sources = *Sources;
    } else if (W == "scaled") {
      M.Scaled = true;
    } else if (W == "inclusive") {
      M.Inclusive = true;
    } else if (W.consume_front("sampled=") && Version >= TextSampledVersion) {
      if (Error E = number(W, M.Period, "a sampling period"))
        return E;
    } else {
      return error("unknown metric attribute '" + W +
                   (Version >= TextSampledVersion
                        ? "' (expected source=..., scaled, inclusive or "
                          "sampled=PERIOD)"
                        : "' (expected source=..., scaled or inclusive)"));
    }
  }
  if (Error E = word(Words[0], M.Name))
    return E;
  if (Error E = word(Words[1], M.Unit))
    return E;
  if (M.Name.empty())
    return error("a metric needs a name");
  if (any_of(P.Metrics,
             [&](const MetricDescriptor &O) { return O.Name == M.Name; }))
    return error("metric '" + M.Name + "' appears twice");
  P.Metrics.push_back(std::move(M));
  return Error::success();
}

/// The usage of an ':estimated' line, whose fields come in this order.
static constexpr StringLiteral EstimateFields[] = {
    "period=", "samples=", "records-per-sample="};

Error TextReader::readEstimate() {
  if (Version < TextEstimatedVersion)
    return error("':estimated' needs ':pathprof-text " +
                 Twine(TextEstimatedVersion) + "'");
  if (P.Estimated)
    return error("a second ':estimated'");
  SmallVector<StringRef, 3> Words;
  Args.split(Words, ' ', -1, /*KeepEmpty=*/false);
  EstimateInfo E;
  uint64_t *Values[] = {&E.Period, &E.Samples, &E.RecordsPerSample};
  if (Words.size() != std::size(EstimateFields))
    return error("expected ':estimated period=P samples=N "
                 "records-per-sample=R'");
  for (size_t I = 0; I != Words.size(); ++I) {
    StringRef W = Words[I];
    if (!W.consume_front(EstimateFields[I]))
      return error("expected '" + EstimateFields[I] +
                   "...' in ':estimated', found '" + Words[I] + "'");
    if (Error Err =
            number(W, *Values[I], "a number after '" + EstimateFields[I] + "'"))
      return Err;
  }
  P.Estimated = E;
  return Error::success();
}

Error TextReader::readFunction() {
  F = FunctionProfile();
  if (Error E = name(Args, F.Name))
    return E;
  if (F.Name.empty())
    return error("a function needs a name");
  FunctionLine = LineNo;
  HaveChecksum = false;
  DeclaredPaths.reset();
  DeclaredPathsLine = 0;
  DeclaredSites = 0;
  DeclaredSitesLine = 0;
  CFG = CFGDescription();
  Records.clear();
  CallsLine = 0;
  LastICall.reset();
  LastMemOp.reset();
  while (next()) {
    SmallVector<StringRef, 8> Words;
    Args.split(Words, ' ', -1, /*KeepEmpty=*/false);
    // An ':estimated' here is misplaced: the profile's reader says so.
    if (Keyword == "function" || Keyword == ":context" ||
        Keyword == ":estimated") {
      Pending = true;
      break;
    }
    if (Keyword == "checksum") {
      if (Words.size() != 1)
        return error("expected 'checksum VALUE'");
      if (Error E = number(Words[0], F.Checksum, "a checksum"))
        return E;
      HaveChecksum = true;
    } else if (Keyword == "paths") {
      uint64_t N;
      if (Words.size() != 1)
        return error("expected 'paths N'");
      if (Error E = number(Words[0], N, "a number of paths"))
        return E;
      DeclaredPaths = N;
      DeclaredPathsLine = LineNo;
    } else if (Keyword == "block") {
      // block NAME FIRST LAST [FILE...]: the file is the rest of the line.
      auto [Name, AfterName] = Args.split(' ');
      auto [First, AfterFirst] = AfterName.trim().split(' ');
      auto [Last, File] = AfterFirst.trim().split(' ');
      uint64_t Begin, End;
      if (Name.empty())
        return error("expected 'block NAME FIRST LAST [FILE]'");
      if (Error E = number(First, Begin, "a first line"))
        return E;
      if (Error E = number(Last, End, "a last line"))
        return E;
      if (Begin > UINT32_MAX || End > UINT32_MAX)
        return error("line numbers must fit in 32 bits");
      if (!CFG.Edges.empty())
        return error("blocks come before edges");
      CFGBlock B{"", "", uint32_t(Begin), uint32_t(End)};
      if (Error E = word(Name, B.Name))
        return E;
      if (Error E = name(File.trim(), B.File))
        return E;
      CFG.Blocks.push_back(std::move(B));
    } else if (Keyword == "edge") {
      uint64_t Src, Dst;
      if (Words.size() != 3)
        return error("expected 'edge SOURCE TARGET cfg|entry|exit|ret'");
      if (Error E = number(Words[0], Src, "a source node"))
        return E;
      if (Error E = number(Words[1], Dst, "a target node"))
        return E;
      std::optional<PathProfEdgeKind> Kind = parseEdgeKind(Words[2]);
      if (!Kind)
        return error("unknown edge kind '" + Words[2] +
                     "' (expected cfg, entry, exit or ret)");
      // Node N (N = number of blocks) is EXIT, which has no out-edges.
      if (Src >= CFG.Blocks.size() || Dst > CFG.Blocks.size())
        return error("edge " + Twine(Src) + " -> " + Twine(Dst) +
                     " names a node the function does not have (" +
                     Twine(CFG.Blocks.size()) + " blocks, EXIT is " +
                     Twine(CFG.Blocks.size()) + ")");
      CFGEdge E{uint32_t(Src), uint32_t(Dst), *Kind, 0};
      if (const char *Problem = CFGDescription::edgeProblem(E, CFG.exitNode()))
        return error("edge " + Twine(Src) + " -> " + Twine(Dst) + " " +
                     Words[2] + " " + Problem);
      CFG.Edges.push_back(E);
    } else if (Keyword == "callsites") {
      // callsites N: the function has a table of N call-site locations.
      uint64_t N;
      if (Version < TextCallSitesVersion)
        return error("'callsites' needs ':pathprof-text 2'");
      if (Words.size() != 1)
        return error("expected 'callsites N'");
      if (Error E = number(Words[0], N, "a number of call sites"))
        return E;
      if (CFG.CallSites)
        return error("a second 'callsites' line");
      if (N > UINT32_MAX)
        return error("more call sites than fit in 32 bits");
      CFG.CallSites.emplace();
      DeclaredSites = N;
      DeclaredSitesLine = LineNo;
    } else if (Keyword == "callsite") {
      // callsite LINE COLUMN [FILE...]: the file is the rest of the line.
      auto [Line, AfterLine] = Args.split(' ');
      auto [Column, File] = AfterLine.trim().split(' ');
      uint64_t L, C;
      if (!CFG.CallSites)
        return error("'callsite' before 'callsites N'");
      if (CFG.CallSites->size() == DeclaredSites)
        return error("more 'callsite' lines than 'callsites " +
                     Twine(DeclaredSites) + "'");
      if (Error E = number(Line, L, "a line"))
        return E;
      if (Error E = number(Column, C, "a column"))
        return E;
      if (L > UINT32_MAX || C > UINT32_MAX)
        return error("line and column numbers must fit in 32 bits");
      CFGCallSite S{"", uint32_t(L), uint32_t(C)};
      if (Error E = name(File.trim(), S.File))
        return E;
      if (S.Line == 0 && (!S.File.empty() || S.Column != 0))
        return error("a call site without a line (0) has no file or column");
      CFG.CallSites->push_back(std::move(S));
    } else if (Keyword == "calls") {
      if (Version < TextCallsOnlyVersion)
        return error("'calls' needs ':pathprof-text 3'");
      if (CallsLine)
        return error("a second 'calls' line");
      if (!Records.empty())
        return error("a function with paths cannot count calls only");
      if (Words.empty())
        return error("expected 'calls ENTRIES' and " +
                     Twine(2 * P.Metrics.size()) + " costs");
      if (Error E = number(Words[0], F.Entries, "an entry count"))
        return E;
      if (Error E = costs(ArrayRef(Words).drop_front(), F.Costs))
        return E;
      if (P.Metrics.empty())
        F.Costs = CallCosts();
      F.CallsOnly = true;
      CallsLine = LineNo;
    } else if (Keyword == "icall") {
      // icall SITE COUNT [CALLEE...]: the callee is the rest of the line;
      // none: calls of unknown targets.
      if (Version < TextIndirectCallsVersion)
        return error("'icall' needs ':pathprof-text 4'");
      auto [SiteWord, AfterSite] = Args.split(' ');
      auto [CountWord, CalleeText] = AfterSite.trim().split(' ');
      uint64_t Site, Count;
      if (Error E = number(SiteWord, Site, "a call site"))
        return E;
      if (Error E = number(CountWord, Count, "a count"))
        return E;
      std::string Callee;
      if (Error E = name(CalleeText.trim(), Callee))
        return E;
      if (Count == 0)
        return error("an indirect call count must not be zero");
      auto Key = std::make_pair(Site, Callee);
      if (LastICall && Key <= *LastICall)
        return error("'icall' lines must be sorted by call site, unknown "
                     "targets first, then callees by name, each once");
      LastICall = Key;
      F.ICalls.add(Site, Callee, Count);
    } else if (Keyword == "memop") {
      // memop OPERATION COUNT [LENGTH]: no length: executions whose length
      // found the operation's value block full.
      if (Version < TextMemOpSizesVersion)
        return error("'memop' needs ':pathprof-text " +
                     Twine(TextMemOpSizesVersion) + "'");
      if (Words.size() != 2 && Words.size() != 3)
        return error("expected 'memop OPERATION COUNT [LENGTH]'");
      uint64_t Site, Count;
      if (Error E = number(Words[0], Site, "a memory operation"))
        return E;
      if (Error E = number(Words[1], Count, "a count"))
        return E;
      std::optional<uint64_t> Size;
      if (Words.size() == 3) {
        Size.emplace();
        if (Error E = number(Words[2], *Size, "a length"))
          return E;
      }
      if (Count == 0)
        return error("a memory operation count must not be zero");
      auto Key = std::make_pair(Site, Size);
      if (LastMemOp && Key <= *LastMemOp)
        return error("'memop' lines must be sorted by operation, other "
                     "lengths first, then by length, each once");
      LastMemOp = Key;
      F.MemOps.add(Site, Size, Count);
    } else if (Keyword == "selects") {
      // selects COUNT...: how often each select chose its true value.
      if (Version < TextSelectsVersion)
        return error("'selects' needs ':pathprof-text " +
                     Twine(TextSelectsVersion) + "'");
      if (!F.Selects.empty())
        return error("a function has one 'selects' line");
      if (Words.empty())
        return error("expected 'selects' and a count per select");
      F.Selects.resize(Words.size());
      for (size_t I = 0; I != Words.size(); ++I)
        if (Error E = number(Words[I], F.Selects[I], "a select count"))
          return E;
    } else if (Keyword == "path") {
      if (CallsLine)
        return error("a function that counts calls only has no paths");
      PathRecord R;
      if (Error E = pathRecord(Words, "path", R))
        return E;
      if (!Records.empty() && Records.back().first.Id >= R.Id)
        return error("paths must be listed by increasing id");
      if (R.Count == 0)
        return error("path " + Twine(R.Id) + " has a zero count");
      Records.push_back({std::move(R), LineNo});
    } else {
      return error("unknown keyword '" + Keyword + "'");
    }
  }
  return finishFunction();
}

/// Numbers the DAG from the order of the out-edges, then validates the
/// function as the binary readers do.
Error TextReader::finishFunction() {
  auto Fail = [&](size_t Line, const Twine &Msg) {
    return errorAt(Line, "function '" + F.Name + "': " + Msg);
  };
  if (!HaveChecksum)
    return Fail(FunctionLine, "no checksum");
  if (CFG.Blocks.empty())
    return Fail(FunctionLine, "no blocks");
  if (CFG.CallSites && CFG.CallSites->size() != DeclaredSites)
    return Fail(DeclaredSitesLine, "'callsites " + Twine(DeclaredSites) +
                                       "' but " + Twine(CFG.CallSites->size()) +
                                       " 'callsite' lines");
  if (Error E = CFG.numberEdges())
    return Fail(FunctionLine, toString(std::move(E)));
  std::string Data;
  CFG.serialize(Data);
  F.NumPaths = CFG.numPaths();
  if (Error E = F.setCFG(Data))
    return Fail(FunctionLine, toString(std::move(E)));
  if (DeclaredPaths && *DeclaredPaths != F.NumPaths)
    return Fail(DeclaredPathsLine, "'paths " + Twine(*DeclaredPaths) +
                                       "' but its edges give " +
                                       Twine(F.NumPaths));
  for (auto &[R, Line] : Records) {
    if (R.Id >= F.NumPaths)
      return Fail(Line, "path " + Twine(R.Id) + " is out of range (" +
                            Twine(F.NumPaths) + " paths)");
    F.Paths.add(std::move(R));
  }
  if (!Seen[F.Name].insert(F.Checksum).second)
    return Fail(FunctionLine,
                "appears twice with checksum 0x" + utohexstr(F.Checksum));
  P.Functions.push_back(std::move(F));
  return Error::success();
}

Expected<Profile> TextReader::read() {
  if (!next() || Keyword != TextProfileMagic || Args.getAsInteger(10, Version))
    return error("expected '" + TextProfileHeader + "'");
  if (Version < 1 || Version > TextProfileVersion)
    return makeProfileError(
        profile_error::unsupported_version,
        "unsupported text profile version " + Twine(Version) +
            " (this tool reads 1 to " + Twine(TextProfileVersion) + ")" +
            (Version > TextProfileVersion ? ": written by a newer llvm-pathprof"
                                          : ""));
  while (next()) {
    if (Keyword == ":metric") {
      if (!P.Functions.empty())
        return error("metrics come before the functions");
      if (Error E = readMetric())
        return std::move(E);
    } else if (Keyword == ":estimated") {
      if (!P.Functions.empty())
        return error("':estimated' comes before the functions");
      if (Error E = readEstimate())
        return std::move(E);
    } else if (Keyword == ":context") {
      if (Error E = readContexts())
        return std::move(E);
    } else if (Keyword == "function") {
      if (Error E = readFunction())
        return std::move(E);
    } else {
      return error("expected 'function NAME' or ':metric', found '" + Keyword +
                   "'");
    }
  }
  P.sortFunctions();
  return std::move(P);
}

Expected<const FunctionProfile *>
TextReader::contextFunction(StringRef NameField, uint64_t Checksum) const {
  std::string Name;
  if (Error E = name(NameField, Name))
    return std::move(E);
  auto It = ByKey.find({Name, Checksum});
  if (It != ByKey.end())
    return It->second;
  return error("no function '" + Name + "' with checksum 0x" +
               utohexstr(Checksum, /*LowerCase=*/true) + " for this context");
}

/// The calling context tree, after the functions:
///   :context
///   context DEPTH SITE direct|unknown ENTRIES paths|flat CHECKSUM NAME
///   cpath ID COUNT METRIC...
///   recursion SITE direct|unknown LEVELS COUNT CHECKSUM NAME
/// A context's path records and recursive calls follow its line, its
/// callees (DEPTH + 1) follow those; siblings in key order.
Error TextReader::readContexts() {
  P.Context.emplace();
  for (const FunctionProfile &Fn : P.Functions)
    ByKey[{Fn.Name, Fn.Checksum}] = &Fn;
  while (next()) {
    if (CostsDue && Keyword != "costs")
      return error("context of function '" + Stack.back()->Function +
                   "', which counts calls only, needs its 'costs' line");
    if (Keyword == "function" || Keyword == ":metric")
      return error("the calling context tree comes after the functions");
    if (Keyword == ":context")
      return error("a second ':context'");
    // The name is the rest of the line after a fixed number of words.
    size_t Fixed = Keyword == "context" ? 6 : Keyword == "recursion" ? 5 : 0;
    SmallVector<StringRef, 8> Words;
    StringRef Tail = Args;
    for (size_t I = 0; I != Fixed; ++I) {
      auto [W, Rest] = Tail.split(' ');
      Words.push_back(W);
      Tail = Rest.trim();
    }
    if (Keyword == "costs") {
      Args.split(Words, ' ', -1, /*KeepEmpty=*/false);
      if (!CostsDue)
        return error("'costs' of no context that counts calls only, or "
                     "twice");
      CostsDue = false;
      if (Error E = costs(Words, Stack.back()->Costs))
        return E;
      continue;
    }
    if (Keyword == "cpath") {
      Args.split(Words, ' ', -1, /*KeepEmpty=*/false);
      if (Stack.empty())
        return error("'cpath' before any 'context'");
      ContextNode &N = *Stack.back();
      if (!N.HasPaths)
        return error("'cpath' of a context whose paths are counted flat");
      if (!N.Backedges.empty())
        return error("a context's paths come before its recursive calls");
      PathRecord R;
      if (Error E = pathRecord(Words, "cpath", R))
        return E;
      if (R.Id >= StackPaths.back())
        return error("path " + Twine(R.Id) + " is out of range (" +
                     Twine(StackPaths.back()) + " paths)");
      if (!N.Paths.empty() && (N.Paths.end() - 1)->Id >= R.Id)
        return error("paths must be listed by increasing id");
      if (R.Count == 0)
        return error("path " + Twine(R.Id) + " has a zero count");
      N.Paths.add(std::move(R), P.Metrics);
      continue;
    }
    if (Keyword != "context" && Keyword != "recursion")
      return error("expected 'context', 'cpath' or 'recursion', found '" +
                   Keyword + "'");
    if (Tail.empty())
      return error("expected '" + Keyword +
                   (Keyword == "context"
                        ? " DEPTH SITE direct|unknown ENTRIES paths|flat "
                          "CHECKSUM NAME'"
                        : " SITE direct|unknown LEVELS COUNT CHECKSUM NAME'"));
    if (Error E = readContextLine(Words, Tail))
      return E;
  }
  if (CostsDue)
    return error("context of function '" + Stack.back()->Function +
                 "', which counts calls only, needs its 'costs' line");
  return Error::success();
}

Error TextReader::readContextLine(ArrayRef<StringRef> Words,
                                  StringRef NameField) {
  bool IsContext = Keyword == "context";
  ArrayRef<StringRef> W = IsContext ? Words.drop_front() : Words;
  // SITE HOW ... CHECKSUM.
  uint64_t Site = 0, Checksum;
  bool Root = W[0] == "-";
  if (W[0] == "own")
    Site = ContextNode::OwnCode;
  else if (!Root)
    if (Error E = number(W[0], Site, "a call site, 'own' or '-'"))
      return E;
  if (W[1] != "direct" && W[1] != "unknown")
    return error("expected 'direct' or 'unknown', found '" + W[1] + "'");
  bool ViaUnknown = W[1] == "unknown";
  if (Error E = number(W.back(), Checksum, "a checksum"))
    return E;
  Expected<const FunctionProfile *> Fn = contextFunction(NameField, Checksum);
  if (!Fn)
    return Fn.takeError();

  if (!IsContext) {
    uint64_t Levels, Count;
    if (Root)
      return error("a recursive call needs a call site");
    if (Error E = number(W[2], Levels, "a number of levels"))
      return E;
    if (Error E = number(W[3], Count, "a count"))
      return E;
    if (Stack.empty())
      return error("'recursion' before any 'context'");
    if (Levels >= Stack.size() ||
        Stack[Stack.size() - 1 - Levels]->Function != (*Fn)->Name ||
        Stack[Stack.size() - 1 - Levels]->Checksum != Checksum)
      return error("recursive call " + Twine(Levels) +
                   " levels up does not reach a context of function '" +
                   (*Fn)->Name + "'");
    ContextBackedge B{Site, ViaUnknown, (*Fn)->Name, Checksum, Levels, Count};
    std::vector<ContextBackedge> &Bs = Stack.back()->Backedges;
    if (!Bs.empty() && !(Bs.back().key() < B.key()))
      return error("recursive calls must be listed in key order");
    Bs.push_back(std::move(B));
    return Error::success();
  }

  uint64_t Depth, Entries;
  if (Error E = number(Words[0], Depth, "a depth"))
    return E;
  if (Error E = number(W[2], Entries, "an entry count"))
    return E;
  if (W[3] != "paths" && W[3] != "flat" && W[3] != "calls")
    return error("expected 'paths', 'flat' or 'calls', found '" + W[3] + "'");
  if ((W[3] == "calls") != (*Fn)->CallsOnly)
    return error((*Fn)->CallsOnly
                     ? "a context of function '" + (*Fn)->Name +
                           "', which counts calls only, is a 'calls' context"
                     : "a 'calls' context of function '" + (*Fn)->Name +
                           "', which counts paths");
  if (Depth > Stack.size())
    return error("context at depth " + Twine(Depth) + " under one at depth " +
                 Twine(Stack.size() - 1));
  if (Depth >= MaxContextDepth)
    return error("context at depth " + Twine(Depth) + "; at most " +
                 Twine(MaxContextDepth));
  if (Root != (Depth == 0) || (Root && ViaUnknown))
    return error(Depth == 0 ? "a root has call site '-' and is direct"
                            : "a context below a root needs a call site");
  ContextNode N;
  N.Function = (*Fn)->Name;
  N.Checksum = Checksum;
  N.CallSite = Site;
  N.ViaUnknown = ViaUnknown;
  N.EntryCount = Entries;
  N.HasPaths = W[3] == "paths";
  Stack.resize(Depth);
  StackPaths.resize(Depth);
  std::vector<ContextNode> &Siblings =
      Depth == 0 ? P.Context->Roots : Stack.back()->Children;
  if (!Siblings.empty() && !(Siblings.back().key() < N.key()))
    return error("contexts must be listed in key order (call site, how "
                 "reached, name, checksum)");
  Siblings.push_back(std::move(N));
  Stack.push_back(&Siblings.back());
  StackPaths.push_back((*Fn)->NumPaths);
  CostsDue = (*Fn)->CallsOnly && !P.Metrics.empty();
  return Error::success();
}

Expected<Profile> pathprof::readTextProfile(StringRef Buffer) {
  return TextReader(Buffer).read();
}

void pathprof::writeTextProfile(const Profile &P, raw_ostream &OS) {
  // The oldest version that holds the profile, as for indexed profiles.
  const bool HasCallSites = any_of(P.Functions, [](const FunctionProfile &F) {
    return F.CFG.CallSites.has_value();
  });
  const bool AnyCallsOnly =
      any_of(P.Functions, [](const FunctionProfile &F) { return F.CallsOnly; });
  const bool AnyICalls = any_of(
      P.Functions, [](const FunctionProfile &F) { return !F.ICalls.empty(); });
  const bool AnySampled =
      hasSampledRecords(P) ||
      any_of(P.Metrics, [](const MetricDescriptor &M) { return M.Period > 1; });
  const bool AnySelects = any_of(
      P.Functions, [](const FunctionProfile &F) { return !F.Selects.empty(); });
  const bool AnyMemOps = any_of(
      P.Functions, [](const FunctionProfile &F) { return !F.MemOps.empty(); });
  OS << TextProfileMagic << " "
     << (AnyMemOps      ? TextMemOpSizesVersion
         : P.Estimated  ? TextEstimatedVersion
         : AnySampled   ? TextSampledVersion
         : AnySelects   ? TextSelectsVersion
         : AnyICalls    ? TextIndirectCallsVersion
         : AnyCallsOnly ? TextCallsOnlyVersion
         : HasCallSites ? TextCallSitesVersion
                        : 1)
     << "\n";
  if (const std::optional<EstimateInfo> &E = P.Estimated)
    OS << ":estimated " << EstimateFields[0] << E->Period << " "
       << EstimateFields[1] << E->Samples << " " << EstimateFields[2]
       << E->RecordsPerSample << "\n";
  for (const MetricDescriptor &M : P.Metrics) {
    OS << ":metric ";
    writeWord(OS, M.Name);
    OS << " ";
    writeWord(OS, M.Unit);
    OS << " " << metricMergeName(M.Merge);
    if (M.Sources)
      OS << " source=" << metricSourcesName(M.Sources);
    if (M.Scaled)
      OS << " scaled";
    if (M.Inclusive)
      OS << " inclusive";
    if (M.Period > 1)
      OS << " sampled=" << M.Period;
    OS << "\n";
  }
  std::vector<const FunctionProfile *> Sorted;
  for (const FunctionProfile &F : P.Functions)
    Sorted.push_back(&F);
  llvm::sort(Sorted, [](const FunctionProfile *A, const FunctionProfile *B) {
    return std::tie(A->Name, A->Checksum) < std::tie(B->Name, B->Checksum);
  });
  for (const FunctionProfile *F : Sorted) {
    OS << "\nfunction ";
    writeName(OS, F->Name, /*InWord=*/false);
    OS << "\n";
    OS << "checksum 0x" << utohexstr(F->Checksum, /*LowerCase=*/true) << "\n";
    OS << "paths " << F->NumPaths << "\n";
    for (const CFGBlock &B : F->CFG.Blocks) {
      OS << "block ";
      writeWord(OS, B.Name);
      OS << " " << B.LineBegin << " " << B.LineEnd;
      if (!B.File.empty()) {
        OS << " ";
        writeName(OS, B.File, /*InWord=*/false);
      }
      OS << "\n";
    }
    for (const CFGEdge &E : F->CFG.Edges)
      OS << "edge " << E.Src << " " << E.Dst << " " << EdgeKindNames[E.Kind]
         << "\n";
    if (F->CFG.CallSites) {
      OS << "callsites " << F->CFG.CallSites->size() << "\n";
      for (const CFGCallSite &S : *F->CFG.CallSites) {
        OS << "callsite " << S.Line << " " << S.Column;
        if (!S.File.empty()) {
          OS << " ";
          writeName(OS, S.File, /*InWord=*/false);
        }
        OS << "\n";
      }
    }
    for (const PathRecord &R : F->Paths) {
      OS << "path " << R.Id << " " << R.Count;
      for (size_t I = 0; I != P.Metrics.size(); ++I)
        OS << " " << (R.Metrics.empty() ? 0 : R.Metrics[I]);
      writeSampled(OS, R.Samples, R.Count, {&R.Squares});
      OS << "\n";
    }
    for (const IndirectCallSite &S : F->ICalls) {
      if (S.Unknown)
        OS << "icall " << S.Site << " " << S.Unknown << "\n";
      for (const CalleeCount &C : S.Callees) {
        OS << "icall " << S.Site << " " << C.Count << " ";
        writeName(OS, C.Name, /*InWord=*/false);
        OS << "\n";
      }
    }
    for (const MemOpSite &S : F->MemOps) {
      if (S.Other)
        OS << "memop " << S.Site << " " << S.Other << "\n";
      for (const SizeCount &C : S.Sizes)
        OS << "memop " << S.Site << " " << C.Count << " " << C.Size << "\n";
    }
    if (!F->Selects.empty()) {
      OS << "selects";
      for (uint64_t C : F->Selects)
        OS << " " << C;
      OS << "\n";
    }
    if (F->CallsOnly) {
      OS << "calls " << F->Entries;
      writeCosts(OS, F->Costs, P.Metrics.size(), F->Entries);
      OS << "\n";
    }
  }
  if (!P.Context)
    return;
  std::set<std::pair<StringRef, uint64_t>> CallsOnly;
  for (const FunctionProfile &F : P.Functions)
    if (F.CallsOnly)
      CallsOnly.insert({F.Name, F.Checksum});
  OS << "\n:context\n";
  auto Site = [&](uint64_t CallSite) {
    if (CallSite == ContextNode::OwnCode)
      OS << "own";
    else
      OS << CallSite;
  };
  std::function<void(const ContextNode &, size_t)> Write =
      [&](const ContextNode &N, size_t Depth) {
        OS << "context " << Depth << " ";
        if (Depth == 0)
          OS << "-";
        else
          Site(N.CallSite);
        const bool Calls = CallsOnly.count({N.Function, N.Checksum});
        OS << (N.ViaUnknown ? " unknown " : " direct ") << N.EntryCount
           << (Calls        ? " calls 0x"
               : N.HasPaths ? " paths 0x"
                            : " flat 0x")
           << utohexstr(N.Checksum, /*LowerCase=*/true) << " ";
        writeName(OS, N.Function, /*InWord=*/false);
        OS << "\n";
        if (Calls && !P.Metrics.empty()) {
          OS << "costs";
          writeCosts(OS, N.Costs, P.Metrics.size(), N.EntryCount);
          OS << "\n";
        }
        for (const PathRecord &R : N.Paths) {
          if (!N.HasPaths || R.Count == 0)
            continue;
          OS << "cpath " << R.Id << " " << R.Count;
          for (size_t I = 0; I != P.Metrics.size(); ++I)
            OS << " " << (R.Metrics.empty() ? 0 : R.Metrics[I]);
          writeSampled(OS, R.Samples, R.Count, {&R.Squares});
          OS << "\n";
        }
        for (const ContextBackedge &B : N.Backedges) {
          OS << "recursion ";
          Site(B.CallSite);
          OS << (B.ViaUnknown ? " unknown " : " direct ") << B.Levels << " "
             << B.Count << " 0x" << utohexstr(B.Checksum, /*LowerCase=*/true)
             << " ";
          writeName(OS, B.Function, /*InWord=*/false);
          OS << "\n";
        }
        for (const ContextNode &C : N.Children)
          Write(C, Depth + 1);
      };
  for (const ContextNode &R : P.Context->Roots)
    Write(R, 0);
}

Error pathprof::writeTextProfile(const Profile &P, StringRef Path) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC)
    return createFileError(Path,
                           makeProfileError(profile_error::io, EC.message()));
  writeTextProfile(P, OS);
  OS.close();
  if (OS.has_error())
    return createFileError(
        Path, makeProfileError(profile_error::io, OS.error().message()));
  return Error::success();
}
