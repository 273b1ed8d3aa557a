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
  Error readFunction();
  Error finishFunction();

  StringRef Rest;
  size_t LineNo = 0;
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
  CFGDescription CFG;
  /// The function's path records and the lines they are on.
  std::vector<std::pair<PathRecord, size_t>> Records;
  size_t FunctionLine = 0;
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
    } else {
      return error("unknown metric attribute '" + W +
                   "' (expected source=..., scaled or inclusive)");
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
  CFG = CFGDescription();
  Records.clear();
  while (next()) {
    SmallVector<StringRef, 8> Words;
    Args.split(Words, ' ', -1, /*KeepEmpty=*/false);
    if (Keyword == "function") {
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
    } else if (Keyword == "path") {
      PathRecord R;
      if (Words.size() != 2 + P.Metrics.size())
        return error("expected 'path ID COUNT' and " + Twine(P.Metrics.size()) +
                     " metric values");
      if (Error E = number(Words[0], R.Id, "a path id"))
        return E;
      if (Error E = number(Words[1], R.Count, "a count"))
        return E;
      for (StringRef W : ArrayRef(Words).drop_front(2)) {
        uint64_t V;
        if (Error E = number(W, V, "a metric value"))
          return E;
        R.Metrics.push_back(V);
      }
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
  uint64_t Version;
  if (!next() || Keyword != TextProfileMagic || Args.getAsInteger(10, Version))
    return error("expected '" + TextProfileHeader + "'");
  if (Version != TextProfileVersion)
    return makeProfileError(
        profile_error::unsupported_version,
        "unsupported text profile version " + Twine(Version) +
            " (this tool reads " + Twine(TextProfileVersion) + ")" +
            (Version > TextProfileVersion ? ": written by a newer llvm-pathprof"
                                          : ""));
  while (next()) {
    if (Keyword == ":metric") {
      if (!P.Functions.empty())
        return error("metrics come before the functions");
      if (Error E = readMetric())
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

Expected<Profile> pathprof::readTextProfile(StringRef Buffer) {
  return TextReader(Buffer).read();
}

void pathprof::writeTextProfile(const Profile &P, raw_ostream &OS) {
  OS << TextProfileHeader << "\n";
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
    for (const PathRecord &R : F->Paths) {
      OS << "path " << R.Id << " " << R.Count;
      for (size_t I = 0; I != P.Metrics.size(); ++I)
        OS << " " << (R.Metrics.empty() ? 0 : R.Metrics[I]);
      OS << "\n";
    }
  }
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
