//===- pathprof-branch-sampler.cpp - Branch records without a PMU ---------===//
//
// Runs PROG ARGS... under qemu-x86_64 with BranchSamplerPlugin.c loaded, so
// that a machine without last branch records (or without any PMU, as a VM)
// still produces what `perf record -b` and
// `perf script -F ip,brstack --show-mmap-events` give on one with them: a
// text file of samples, each the last DEPTH taken branches of a thread. It
// is the test source for the sampling side of PathProf (issue 25), which
// rebuilds Ball-Larus paths from these windows.
//
// This front end checks what it can before the program starts (the program
// is an x86-64 ELF file, the output is writable, QEMU and the plugin are
// there) and then replaces itself by QEMU, so that the program's standard
// streams, exit status and death by a signal are the tool's.
// docs/Sampling.md documents the options and the output.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

using namespace llvm;

static constexpr StringLiteral ToolName = "pathprof-branch-sampler";
static constexpr StringLiteral PluginName = "pathprof-branch-sampler-qemu.so";

static cl::OptionCategory Category("pathprof-branch-sampler options");

static cl::opt<unsigned>
    Depth("depth", cl::init(32), cl::cat(Category),
          cl::desc("Branch records per sample, newest first (1-64; Intel "
                   "LBR has 16 or 32)"));
static cl::opt<uint64_t>
    Period("period", cl::init(10000), cl::cat(Category),
           cl::desc("Mean number of taken branches between samples; each "
                    "interval is uniform within +-25% of it (exact below 4)"));
static cl::opt<uint64_t>
    Seed("seed", cl::cat(Category),
         cl::desc("Seed of the interval jitter (default: from the clock; "
                  "the output's first line says which)"));
static cl::opt<bool>
    PidTid("pid-tid", cl::cat(Category),
           cl::desc("Start each sample with PID/TID, as "
                    "`perf script -F pid,tid,ip,brstack` does"));
static cl::opt<std::string> Output("o", cl::init("perf.script"),
                                   cl::cat(Category), cl::value_desc("file"),
                                   cl::desc("Output file (default "
                                            "perf.script)"));
static cl::opt<std::string>
    Qemu("qemu", cl::cat(Category), cl::value_desc("path"),
         cl::desc("qemu-x86_64 to run (default: PATHPROF_QEMU, then "
                  "qemu-x86_64 on PATH)"));
static cl::opt<std::string> Program(cl::Positional, cl::Required,
                                    cl::value_desc("program"),
                                    cl::desc("<program>"), cl::cat(Category));
static cl::list<std::string> ProgramArgs(cl::ConsumeAfter,
                                         cl::desc("<program arguments>..."),
                                         cl::cat(Category));

[[noreturn]] static void fail(const Twine &Message) {
  WithColor::error(errs(), ToolName) << Message << "\n";
  exit(1);
}

// The program as execve would find it, checked to be one qemu-x86_64 runs.
static std::string resolveProgram() {
  std::string Path = Program;
  if (!StringRef(Path).contains('/')) {
    ErrorOr<std::string> Found = sys::findProgramByName(Path);
    if (!Found)
      fail("'" + Path + "': no such program on PATH");
    Path = *Found;
  }
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    fail("cannot run '" + Path + "': " + std::strerror(errno));
  unsigned char Header[20] = {};
  ssize_t N = ::read(Fd, Header, sizeof(Header));
  ::close(Fd);
  if (!sys::fs::can_execute(Path))
    fail("cannot run '" + Path + "': not executable");
  if (N != (ssize_t)sizeof(Header) || std::memcmp(Header,
                                                  "\x7f"
                                                  "ELF",
                                                  4) != 0)
    fail("cannot run '" + Path +
         "': not an ELF program (run a script's interpreter instead)");
  // EI_CLASS 2 is ELFCLASS64; e_machine 62 is EM_X86_64 (little-endian).
  if (Header[4] != 2 || Header[18] != 62 || Header[19] != 0)
    fail("cannot run '" + Path + "': not an x86-64 program");
  return Path;
}

static std::string findQemu() {
  std::string Name = Qemu;
  if (Name.empty())
    if (const char *Env = getenv("PATHPROF_QEMU"))
      Name = Env;
  if (Name.empty())
    Name = "qemu-x86_64";
  if (StringRef(Name).contains('/')) {
    if (!sys::fs::can_execute(Name))
      fail("cannot run QEMU '" + Name + "'");
    return Name;
  }
  ErrorOr<std::string> Found = sys::findProgramByName(Name);
  if (!Found)
    fail("'" + Name +
         "' not found on PATH; install it (Debian: apt-get install qemu-user)");
  return *Found;
}

// The plugin is installed next to the libraries: BINDIR/../lib.
static std::string findPlugin(const char *Argv0) {
  static int Anchor;
  std::string Exe = sys::fs::getMainExecutable(Argv0, &Anchor);
  SmallString<256> Path(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Path, "lib", PluginName);
  if (!sys::fs::exists(Path))
    fail("plugin '" + Path + "' not found");
  return std::string(Path);
}

// QEMU splits -plugin's argument at commas; a doubled comma is a literal one.
static std::string escapeCommas(StringRef Text) {
  std::string Escaped;
  for (char C : Text) {
    Escaped += C;
    if (C == ',')
      Escaped += ',';
  }
  return Escaped;
}

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(
      Argc, Argv,
      "PathProf branch-record generator\n\n"
      "  Runs PROGRAM under qemu-x86_64 and writes what `perf record -b` and\n"
      "  `perf script -F ip,brstack --show-mmap-events` would: every PERIOD\n"
      "  taken branches, the thread's last DEPTH taken branches.\n\n"
      "  pathprof-branch-sampler [options] [--] PROGRAM [ARGS...]\n");

  if (Depth < 1 || Depth > 64)
    fail("--depth must be between 1 and 64");
  if (Period < 1 || Period > UINT64_MAX / 2)
    fail("--period must be at least 1");
  uint64_t SeedValue = Seed.getNumOccurrences()
                           ? Seed.getValue()
                           : (uint64_t)std::chrono::steady_clock::now()
                                     .time_since_epoch()
                                     .count() ^
                                 ((uint64_t)getpid() << 32);

  std::string Path = resolveProgram();
  std::string QemuPath = findQemu();
  std::string Plugin = findPlugin(Argv[0]);

  int Fd =
      ::open(Output.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (Fd < 0)
    fail("cannot write '" + Output + "': " + std::strerror(errno));
  ::close(Fd);

  std::string PluginArg =
      escapeCommas(Plugin) + ",out=" + escapeCommas(Output) +
      ",depth=" + utostr(Depth) + ",period=" + utostr(Period) +
      ",seed=" + utostr(SeedValue) + (PidTid ? ",pidtid=1" : "");
  // -0 keeps the program's argv[0] as it was typed, as execvp would.
  std::vector<const char *> Args = {
      QemuPath.c_str(), "-plugin", PluginArg.c_str(), "-0",
      Program.c_str(),  "--",      Path.c_str()};
  for (const std::string &Arg : ProgramArgs)
    Args.push_back(Arg.c_str());
  Args.push_back(nullptr);
  errs().flush();
  outs().flush();
  ::execv(QemuPath.c_str(), const_cast<char **>(Args.data()));
  fail("cannot run '" + QemuPath + "': " + std::strerror(errno));
}
