//===- PerfScript.cpp - Branch samples as perf prints them ----------------===//
//
// Reads the text of `perf script -F ip,brstack --show-mmap-events` in every
// form docs/Sampling.md lists ("The forms a parser must accept"): records of
// 6 (perf 5.17 and older), 7 (5.18 to 6.2, TYPE `-`, a name or empty) and 8
// fields (6.3 and newer, with the speculation outcome), samples optionally
// led by `PID/TID`, PERF_RECORD_MMAP2 lines with a device and inode or a
// build id, PERF_RECORD_MMAP lines, and `#` comments, of which the first
// line of pathprof-branch-sampler's output gives the period and depth.
//
// A script of a long run is gigabytes, so the parser makes one pass over the
// lines with no regular expressions and no copies: words are StringRefs into
// the buffer, numbers are parsed by hand, and a sample's records go straight
// into its vector. A line that does not parse is skipped, never fatal: perf
// interleaves lines of its own (other events, messages), and one bad line in
// a billion should not lose the rest. Each record of a sample line is
// validated whole, so a line cut or garbled anywhere is skipped rather than
// read as fewer records.
//
//===----------------------------------------------------------------------===//

#include "PathProf/PerfScript.h"
#include "PathProf/ProfileError.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

using namespace llvm;
using namespace pathprof;

/// Skipped lines reported each with its reason; the rest are only counted,
/// in one last warning.
static constexpr uint64_t MaxLineWarnings = 5;

/// The first bytes of a perf.data file (struct perf_file_header, version 2).
static constexpr StringLiteral PerfDataMagic = "PERFILE2";

/// The hardware's cycle counts are 16-bit fields.
static constexpr uint64_t MaxCycles = 65535;

static bool isBlank(char C) { return C == ' ' || C == '\t'; }

/// Drops and returns the first blank-separated word of \p S.
static StringRef nextWord(StringRef &S) {
  size_t B = 0;
  while (B != S.size() && isBlank(S[B]))
    ++B;
  size_t E = B;
  while (E != S.size() && !isBlank(S[E]))
    ++E;
  StringRef Word = S.slice(B, E);
  S = S.drop_front(E);
  return Word;
}

/// Parses \p S, hex digits alone (at most 16), into \p V.
static bool parseHexDigits(StringRef S, uint64_t &V) {
  if (S.empty() || S.size() > 16)
    return false;
  V = 0;
  for (char C : S) {
    unsigned D = hexDigitValue(C);
    if (D == -1U)
      return false;
    V = V << 4 | D;
  }
  return true;
}

/// Parses \p S as perf prints an address with 0x%lx: "0x" and hex digits.
static bool parseHexAddress(StringRef S, uint64_t &V) {
  return S.consume_front("0x") && parseHexDigits(S, V);
}

/// Parses \p S as perf prints a number with %#lx: as 0x%lx, but zero as "0".
static bool parseAltHex(StringRef S, uint64_t &V) {
  if (S == "0") {
    V = 0;
    return true;
  }
  return parseHexAddress(S, V);
}

/// Parses \p S, decimal digits alone, into \p V, which must not exceed
/// \p Max.
static bool parseDecimal(StringRef S, uint64_t &V, uint64_t Max = UINT64_MAX) {
  if (S.empty() || S.size() > 20)
    return false;
  V = 0;
  for (char C : S) {
    if (C < '0' || C > '9')
      return false;
    uint64_t D = C - '0';
    if (V > (Max - D) / 10)
      return false;
    V = V * 10 + D;
  }
  return true;
}

/// Parses "PID/TID" (decimal, as perf prints both for samples and events;
/// the kernel's mappings have PID -1, kept as KernelPid).
static bool parsePidTid(StringRef S, uint32_t &Pid, uint32_t &Tid) {
  auto [P, T] = S.split('/');
  uint64_t PV, TV;
  if (P == "-1")
    PV = KernelPid;
  else if (!parseDecimal(P, PV, UINT32_MAX))
    return false;
  if (!parseDecimal(T, TV, UINT32_MAX))
    return false;
  Pid = PV;
  Tid = TV;
  return true;
}

/// The TYPE field: `-` (5.18, 5.19 without save_type), empty (6.0 and newer
/// without save_type, or a type this perf has no name for), or a name of
/// perf's branch types, Arm BRBE's extended ones included.
static bool isBranchType(StringRef S) {
  return S.empty() ||
         StringSwitch<bool>(S)
             .Cases("-", "COND", "UNCOND", "IND", "CALL", "IND_CALL", "RET",
                    "SYSCALL", "SYSRET", true)
             .Cases("COND_CALL", "COND_RET", "ERET", "IRQ", "SERROR", "NO_TX",
                    true)
             .Cases("FAULT_ALGN", "FAULT_DATA", "FAULT_INST", true)
             .Cases("ARCH_1", "ARCH_2", "ARCH_3", "ARCH_4", "ARCH_5", true)
             .Default(false);
}

/// The SPEC field of perf 6.3 and newer.
static bool isSpeculation(StringRef S) {
  return S == "-" || S == "SPEC_WRONG_PATH" || S == "NON_SPEC_CORRECT_PATH" ||
         S == "SPEC_CORRECT_PATH";
}

namespace {

/// One pass over a script's lines, building the PerfScript.
class Parser {
public:
  Parser(StringRef Name, WarningHandler Warn) : Name(Name), Warn(Warn) {}

  Expected<PerfScript> parse(StringRef Text);

private:
  /// Reads one line (without its newline); false with Why set if it does
  /// not parse.
  bool parseLine(StringRef Line);
  bool parseComment(StringRef Line);
  bool parseEvent(StringRef Rest);
  bool parseMapping(StringRef Event, StringRef Rest);
  bool parseSample(StringRef Rest, uint32_t Pid, uint32_t Tid, bool HasPidTid);
  bool parseRecord(StringRef Word, size_t Index, BranchRecord &R);

  bool reject(const Twine &Reason) {
    Why = Reason.str();
    return false;
  }
  void skip(size_t LineNo);

  StringRef Name;
  WarningHandler Warn;
  PerfScript Out;
  /// Why the last line was rejected.
  std::string Why;
  /// Lines with an ip and no branch records (recorded without -b).
  uint64_t SamplesWithoutRecords = 0;
  /// Records of the previous sample: the next one's likely size.
  size_t LastDepth = 32;
};

} // namespace

void Parser::skip(size_t LineNo) {
  if (++Out.SkippedLines <= MaxLineWarnings)
    Warn(Name + ":" + Twine(LineNo) + ": skipped: " + Why);
}

bool Parser::parseComment(StringRef Line) {
  // Only the generator's first line says how it sampled; its later comment
  // lines (a process's summary) and perf's --header lines say nothing the
  // estimator needs.
  if (!Line.consume_front("# pathprof-branch-sampler:") || Out.Period ||
      Out.Depth)
    return true;
  std::optional<uint64_t> Period, Depth;
  for (StringRef Word = nextWord(Line); !Word.empty(); Word = nextWord(Line)) {
    auto [Key, Value] = Word.split('=');
    std::optional<uint64_t> *Field = Key == "period"  ? &Period
                                     : Key == "depth" ? &Depth
                                                      : nullptr;
    if (!Field)
      continue;
    uint64_t V;
    if (!parseDecimal(Value, V) || V == 0)
      return reject("pathprof-branch-sampler's " + Key +
                    " is not a positive number: '" + Value + "'");
    *Field = V;
  }
  Out.Period = Period;
  Out.Depth = Depth;
  return true;
}

bool Parser::parseLine(StringRef Line) {
  StringRef Rest = Line.ltrim(" \t");
  if (Rest.empty())
    return true;
  if (Rest.front() == '#')
    return parseComment(Rest);
  // perf prints the pid and tid fields, when asked for, before events too.
  uint32_t Pid = 0, Tid = 0;
  bool HasPidTid = false;
  StringRef AfterFirst = Rest;
  StringRef First = nextWord(AfterFirst);
  if (First.contains('/') && !First.starts_with("0x")) {
    if (!parsePidTid(First, Pid, Tid))
      return reject("expected PID/TID or the sample's ip, found '" + First +
                    "'");
    HasPidTid = true;
    Rest = AfterFirst.ltrim(" \t");
  }
  if (Rest.starts_with("PERF_RECORD_"))
    return parseEvent(Rest);
  return parseSample(Rest, Pid, Tid, HasPidTid);
}

bool Parser::parseEvent(StringRef Rest) {
  StringRef Event = nextWord(Rest);
  if (Event == "PERF_RECORD_MMAP2" || Event == "PERF_RECORD_MMAP")
    return parseMapping(Event, Rest);
  // Other events (COMM, FORK, EXIT, LOST, ...) change nothing the estimator
  // reads.
  return true;
}

// PERF_RECORD_MMAP2 PID/TID: [START(LENGTH) @ PGOFF MAJ:MIN INODE GEN]: PERMS
// PATH PERF_RECORD_MMAP2 PID/TID: [START(LENGTH) @ PGOFF <BUILDID>]: PERMS PATH
// PERF_RECORD_MMAP PID/TID: [START(LENGTH) @ PGOFF]: r|x PATH
bool Parser::parseMapping(StringRef Event, StringRef Rest) {
  bool IsMmap2 = Event == "PERF_RECORD_MMAP2";
  auto Bad = [&](const Twine &What) {
    return reject(Event + " line: " + What);
  };
  PerfMapping M;
  uint32_t Tid;
  StringRef Ids = nextWord(Rest);
  if (!Ids.ends_with(":") || !parsePidTid(Ids.drop_back(), M.Pid, Tid))
    return Bad("expected 'PID/TID:', found '" + Ids + "'");
  Rest = Rest.ltrim(' ');
  size_t Open = Rest.find('('), Close = Rest.find(')');
  if (!Rest.consume_front("[") || Open == StringRef::npos ||
      Close == StringRef::npos || Close < Open)
    return Bad("expected '[START(LENGTH)'");
  StringRef Start = Rest.slice(0, Open - 1);
  StringRef Length = Rest.slice(Open, Close - 1);
  if (!parseAltHex(Start, M.Start))
    return Bad("bad start address '" + Start + "'");
  if (!parseAltHex(Length, M.Length))
    return Bad("bad length '" + Length + "'");
  Rest = Rest.drop_front(Close);
  size_t End = Rest.find("]: ");
  if (!Rest.consume_front(" @ ") || End == StringRef::npos)
    return Bad("expected ' @ PGOFF ...]: '");
  StringRef Inside = Rest.slice(0, End - 3);
  Rest = Rest.drop_front(End);
  StringRef PageOffset = nextWord(Inside);
  if (!parseAltHex(PageOffset, M.PageOffset))
    return Bad("bad page offset '" + PageOffset + "'");
  Inside = Inside.trim(' ');
  if (IsMmap2) {
    if (Inside.starts_with("<")) {
      StringRef BuildId = Inside.drop_front().drop_back();
      if (!Inside.ends_with(">") || BuildId.empty() ||
          !all_of(BuildId, isHexDigit))
        return Bad("bad build id '" + Inside + "'");
      M.BuildId = BuildId.lower();
    } else {
      StringRef Device = nextWord(Inside), Inode = nextWord(Inside),
                Generation = nextWord(Inside);
      auto [Major, Minor] = Device.split(':');
      uint64_t V;
      if (!parseHexDigits(Major, V) || !parseHexDigits(Minor, V) ||
          !parseDecimal(Inode, V) || !parseDecimal(Generation, V) ||
          !Inside.trim(' ').empty())
        return Bad("expected 'MAJ:MIN INODE GENERATION' or '<BUILDID>'");
    }
  } else if (!Inside.empty()) {
    return Bad("unexpected '" + Inside + "' after the page offset");
  }
  StringRef Perms = nextWord(Rest);
  if (Perms.empty() || !Rest.consume_front(" ") || Rest.empty())
    return Bad("expected 'PERMS PATH' after ']: '");
  // Data mappings cannot hold a branch.
  if (!Perms.contains('x'))
    return true;
  M.Path = Rest.str();
  M.FirstSample = Out.Samples.size();
  Out.Mappings.push_back(std::move(M));
  return true;
}

bool Parser::parseSample(StringRef Rest, uint32_t Pid, uint32_t Tid,
                         bool HasPidTid) {
  StringRef IpWord = nextWord(Rest);
  uint64_t Ip;
  if (!parseHexDigits(IpWord, Ip))
    return reject("expected the sample's ip (hex digits), found '" + IpWord +
                  "'");
  Out.Samples.emplace_back();
  BranchSample &S = Out.Samples.back();
  S.Pid = Pid;
  S.Tid = Tid;
  S.Ip = Ip;
  S.Records.reserve(LastDepth);
  size_t Index = 1;
  for (StringRef Word = nextWord(Rest); !Word.empty();
       Word = nextWord(Rest), ++Index) {
    BranchRecord R;
    if (!parseRecord(Word, Index, R)) {
      Out.Samples.pop_back();
      return false;
    }
    S.Records.push_back(R);
  }
  if (S.Records.empty()) {
    ++SamplesWithoutRecords;
    Out.Samples.pop_back();
    return true;
  }
  LastDepth = S.Records.size();
  Out.HasPidTid |= HasPidTid;
  return true;
}

// FROM/TO/PRED/IN_TX/ABORT/CYCLES[/TYPE[/SPEC]]
bool Parser::parseRecord(StringRef Word, size_t Index, BranchRecord &R) {
  StringRef Fields[9];
  size_t N = 0;
  for (StringRef Rest = Word; N != 9;) {
    auto [Field, Tail] = Rest.split('/');
    Fields[N++] = Field;
    if (Field.size() == Rest.size())
      break;
    Rest = Tail;
  }
  auto Bad = [&](const Twine &What) {
    return reject("record " + Twine(Index) + " '" + Word + "': " + What);
  };
  if (N < 6 || N > 8)
    return Bad("expected FROM/TO/PRED/IN_TX/ABORT/CYCLES[/TYPE[/SPEC]]");
  if (!parseHexAddress(Fields[0], R.From))
    return Bad("bad FROM address '" + Fields[0] + "'");
  if (!parseHexAddress(Fields[1], R.To))
    return Bad("bad TO address '" + Fields[1] + "'");
  if (Fields[2] != "P" && Fields[2] != "M" && Fields[2] != "-")
    return Bad("PRED is '" + Fields[2] + "', not P, M or -");
  if (Fields[3] != "X" && Fields[3] != "-")
    return Bad("IN_TX is '" + Fields[3] + "', not X or -");
  if (Fields[4] != "A" && Fields[4] != "-")
    return Bad("ABORT is '" + Fields[4] + "', not A or -");
  uint64_t Cycles;
  if (!parseDecimal(Fields[5], Cycles, MaxCycles))
    return Bad("CYCLES is '" + Fields[5] + "', not a number from 0 to " +
               Twine(MaxCycles));
  R.Cycles = Cycles;
  if (N > 6 && !isBranchType(Fields[6]))
    return Bad("unknown branch type '" + Fields[6] + "'");
  if (N > 7 && !isSpeculation(Fields[7]))
    return Bad("unknown speculation outcome '" + Fields[7] + "'");
  return true;
}

Expected<PerfScript> Parser::parse(StringRef Text) {
  size_t LineNo = 0;
  while (!Text.empty()) {
    ++LineNo;
    size_t EOL = Text.find('\n');
    bool Complete = EOL != StringRef::npos;
    StringRef Line = Text.take_front(EOL);
    Text = Text.drop_front(Complete ? EOL + 1 : Text.size());
    if (Line.ends_with("\r"))
      Line = Line.drop_back();
    // perf writes whole lines. Without its newline, a last line is cut off
    // somewhere, unless it is a comment or a sample line that ends with the
    // space perf prints after each record.
    if (!Complete) {
      StringRef Trimmed = Line.ltrim(" \t");
      if (!Trimmed.empty() && Trimmed.front() != '#' &&
          (Trimmed.contains("PERF_RECORD_") || !Line.ends_with(" ")))
        return createFileError(
            Name, makeProfileError(profile_error::truncated,
                                   "truncated: the file ends in the middle "
                                   "of this line (no newline)",
                                   LineNo));
    }
    if (!parseLine(Line))
      skip(LineNo);
  }
  if (Out.SkippedLines > MaxLineWarnings)
    Warn(Name + ": " + Twine(Out.SkippedLines - MaxLineWarnings) +
         " more unparsable lines skipped (" + Twine(Out.SkippedLines) +
         " in all)");
  if (Out.Samples.empty()) {
    std::string Msg = "no branch samples";
    if (SamplesWithoutRecords != 0)
      Msg += ": its " + std::to_string(SamplesWithoutRecords) +
             " samples have no branch records (record with perf record -b "
             "or -j any)";
    else
      Msg += " (expected the output of perf script -F ip,brstack of a "
             "recording made with -b or -j any)";
    return createFileError(Name,
                           createStringError(inconvertibleErrorCode(), Msg));
  }
  return std::move(Out);
}

Expected<PerfScript> pathprof::parsePerfScript(StringRef Text, StringRef Name,
                                               WarningHandler Warn) {
  return Parser(Name, Warn).parse(Text);
}

/// The perf to run: PERF, else perf on PATH; an error saying what to do
/// when there is none.
static Expected<std::string> findPerf(StringRef DataFile) {
  auto Missing = [&](const Twine &Why) {
    return createFileError(
        DataFile,
        makeProfileError(profile_error::io,
                         "is a perf.data file, which needs perf to read, "
                         "but " +
                             Why +
                             ": install it (Debian: apt-get install "
                             "linux-perf), set PERF to its path, or give "
                             "instead what 'perf script -F ip,brstack "
                             "--show-mmap-events -i " +
                             DataFile + "' prints where perf is installed"));
  };
  if (const char *Env = std::getenv("PERF"); Env && *Env) {
    if (!sys::fs::can_execute(Env))
      return Missing("PERF=" + Twine(Env) + " is not an executable");
    return std::string(Env);
  }
  ErrorOr<std::string> Found = sys::findProgramByName("perf");
  if (!Found)
    return Missing("perf is not on PATH");
  return *Found;
}

/// Runs perf script on the perf.data file \p Path and parses its output.
static Expected<PerfScript> readPerfData(StringRef Path, WarningHandler Warn) {
  Expected<std::string> Perf = findPerf(Path);
  if (!Perf)
    return Perf.takeError();
  auto IOError = [&](const Twine &Msg) {
    return createFileError(Path, makeProfileError(profile_error::io, Msg));
  };
  SmallString<128> TextFile, ErrorFile;
  if (std::error_code EC =
          sys::fs::createTemporaryFile("pathprof-perf", "script", TextFile))
    return IOError("cannot create a temporary file: " + EC.message());
  FileRemover RemoveText(TextFile);
  if (std::error_code EC =
          sys::fs::createTemporaryFile("pathprof-perf", "err", ErrorFile))
    return IOError("cannot create a temporary file: " + EC.message());
  FileRemover RemoveError(ErrorFile);

  StringRef Args[] = {*Perf, "script", "-F", "ip,brstack", "--show-mmap-events",
                      "-i",  Path};
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(TextFile),
                                          StringRef(ErrorFile)};
  std::string ExecError;
  int Status = sys::ExecuteAndWait(*Perf, Args, /*Env=*/std::nullopt, Redirects,
                                   /*SecondsToWait=*/0,
                                   /*MemoryLimit=*/0, &ExecError);
  if (Status != 0) {
    // perf's own first message says why (an old perf, a file from another
    // machine's kernel, ...).
    std::string Said;
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> Err =
            MemoryBuffer::getFile(ErrorFile))
      for (StringRef L : split((*Err)->getBuffer(), '\n'))
        if (!L.trim().empty()) {
          Said = (": " + L.trim()).str();
          break;
        }
    std::string How =
        Status < 0 ? ExecError : "exit status " + std::to_string(Status);
    return IOError("'" + *Perf + " script' failed (" + How + ")" + Said);
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text =
      MemoryBuffer::getFile(TextFile, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Text)
    return IOError("cannot read perf script's output: " +
                   Text.getError().message());
  return parsePerfScript((*Text)->getBuffer(), Path, Warn);
}

Expected<PerfScript> pathprof::readPerfScript(StringRef Path,
                                              WarningHandler Warn) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return createFileError(
        Path, makeProfileError(profile_error::io, Buffer.getError().message()));
  StringRef Text = (*Buffer)->getBuffer();
  if (Text.starts_with(PerfDataMagic))
    return readPerfData(Path, Warn);
  return parsePerfScript(Text, Path, Warn);
}
