//===- SampleCommand.cpp - llvm-pathprof sample ---------------------------===//
//
// `llvm-pathprof sample` estimates a path profile from hardware branch
// samples (issue 25): it reads the text of `perf script -F ip,brstack
// --show-mmap-events`, or a perf.data file through perf, or the output of
// pathprof-branch-sampler (PathProf/PerfScript.h), estimates the paths of
// the binaries --binary names (PathProf/PathEstimator.h), and writes an
// indexed or text profile as merge does. --dump-samples prints the parsed
// samples instead, in a canonical text form (docs/CommandGuide.md, "sample"),
// which the parser's tests read.
//
//===----------------------------------------------------------------------===//

#include "llvm-pathprof.h"

#include "PathProf/PathEstimator.h"
#include "PathProf/PerfScript.h"
#include "PathProf/ProfileError.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace pathprof;
using namespace pathprof::tool;

cl::SubCommand pathprof::tool::SampleSubcommand(
    "sample", "Estimate a path profile from branch samples (perf script text "
              "or perf.data of perf record -b)");

static cl::opt<std::string>
    SampleInput(cl::Positional, cl::Required, cl::sub(SampleSubcommand),
                cl::desc("<perf script output or perf.data>"),
                cl::cat(PathProfCategory));
static cl::opt<uint64_t> SamplePeriod(
    "period", cl::sub(SampleSubcommand), cl::init(0), cl::value_desc("n"),
    cl::desc("Mean taken branches from one sample to the next (perf record "
             "-c); default: the period pathprof-branch-sampler's output "
             "gives, else 1"),
    cl::cat(PathProfCategory));
static cl::opt<std::string> SampleOutput(
    "output", cl::sub(SampleSubcommand), cl::value_desc("file"),
    cl::desc("Profile to write, indexed unless --text is given (default: "
             "default.pathprof; with --dump-samples, standard output)"),
    cl::cat(PathProfCategory));
static cl::alias SampleOutputShort("o", cl::desc("Alias for --output"),
                                   cl::aliasopt(SampleOutput), cl::NotHidden,
                                   cl::cat(PathProfCategory));
static cl::opt<bool>
    SampleText("text", cl::sub(SampleSubcommand),
               cl::desc("Write a text profile instead of an indexed one"),
               cl::cat(PathProfCategory));
static cl::opt<bool> DumpSamples(
    "dump-samples", cl::sub(SampleSubcommand),
    cl::desc("Print the parsed mappings and samples, one per line, and stop "
             "without estimating"),
    cl::cat(PathProfCategory));
static cl::opt<bool> SampleVerbose(
    "verbose", cl::sub(SampleSubcommand),
    cl::desc("Print what was read and estimated on stderr, in one line"),
    cl::cat(PathProfCategory));
static cl::alias SampleVerboseShort("v", cl::desc("Alias for --verbose"),
                                    cl::aliasopt(SampleVerbose), cl::NotHidden,
                                    cl::cat(PathProfCategory));

static void printMapping(const PerfMapping &M, raw_ostream &OS) {
  OS << "mmap ";
  if (M.Pid == KernelPid)
    OS << "-1";
  else
    OS << M.Pid;
  OS << " 0x";
  OS.write_hex(M.Start) << " 0x";
  OS.write_hex(M.Length) << " 0x";
  OS.write_hex(M.PageOffset) << " ";
  if (!M.BuildId.empty())
    OS << "<" << M.BuildId << "> ";
  OS << M.Path << "\n";
}

static void printSample(const BranchSample &S, bool PidTid, raw_ostream &OS) {
  OS << "sample ";
  if (PidTid)
    OS << S.Pid << "/" << S.Tid << " ";
  OS << "0x";
  OS.write_hex(S.Ip) << " " << S.Records.size() << ":";
  for (const BranchRecord &R : S.Records) {
    OS << " 0x";
    OS.write_hex(R.From) << "->0x";
    OS.write_hex(R.To) << "/" << R.Cycles;
  }
  OS << "\n";
}

/// --dump-samples: \p Script in the form docs/CommandGuide.md specifies, the
/// mappings among the samples where the file had them.
static void dumpScript(const PerfScript &Script, raw_ostream &OS) {
  uint64_t Records = 0;
  for (const BranchSample &S : Script.Samples)
    Records += S.Records.size();
  auto Optional = [](std::optional<uint64_t> V) {
    return V ? std::to_string(*V) : std::string("-");
  };
  OS << "summary samples=" << Script.Samples.size() << " records=" << Records
     << " mappings=" << Script.Mappings.size()
     << " skipped=" << Script.SkippedLines
     << " period=" << Optional(Script.Period)
     << " depth=" << Optional(Script.Depth)
     << " pid-tid=" << (Script.HasPidTid ? "yes" : "no") << "\n";
  size_t M = 0;
  for (size_t I = 0; I != Script.Samples.size(); ++I) {
    for (; M != Script.Mappings.size() && Script.Mappings[M].FirstSample <= I;
         ++M)
      printMapping(Script.Mappings[M], OS);
    printSample(Script.Samples[I], Script.HasPidTid, OS);
  }
  for (; M != Script.Mappings.size(); ++M)
    printMapping(Script.Mappings[M], OS);
}

int pathprof::tool::sampleMain() {
  if (!DumpSamples && binaryPaths().empty())
    return fail("sample: give the program's binaries with "
                "--binary=PROG[,DSO...] (or --dump-samples to print the "
                "samples alone)");
  Expected<PerfScript> Script = readPerfScript(SampleInput, warn);
  if (!Script)
    return fail(Script.takeError());

  if (DumpSamples) {
    std::string Path =
        SampleOutput.getNumOccurrences() ? SampleOutput.getValue() : "-";
    std::error_code EC;
    raw_fd_ostream OS(Path, EC, sys::fs::OF_TextWithCRLF);
    if (EC)
      return fail(Path + ": " + EC.message());
    dumpScript(*Script, OS);
    OS.close();
    if (OS.has_error())
      return fail(Path + ": " + OS.error().message());
    return 0;
  }

  PathEstimatorOptions Opts;
  Opts.Binaries.assign(binaryPaths().begin(), binaryPaths().end());
  Opts.Period = SamplePeriod;
  PathEstimatorStats Stats;
  Expected<Profile> P = estimatePathProfile(*Script, Opts, Stats, warn);
  if (!P)
    return fail(P.takeError());
  std::string Output = SampleOutput.getNumOccurrences()
                           ? SampleOutput.getValue()
                           : "default.pathprof";
  if (Error E = writeOutputProfile(*P, Output, SampleText))
    return fail(std::move(E));
  if (SampleVerbose)
    errs() << SampleInput << ": " << Script->Samples.size() << " samples, "
           << Script->Mappings.size() << " mappings, " << Script->SkippedLines
           << " lines skipped; " << Stats.RecordsOutside
           << " records outside the binaries; " << Stats.PathsCounted
           << " paths counted, " << Stats.Repaired << " repaired, "
           << Stats.Dropped << " dropped; wrote " << Output << "\n";
  return 0;
}
