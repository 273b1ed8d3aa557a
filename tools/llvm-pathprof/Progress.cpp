//===- Progress.cpp - A progress line for long llvm-pathprof runs ---------===//

#include "Progress.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;
using namespace pathprof::tool;

/// Whether someone is watching stderr.
static bool isInteractive() {
  if (!errs().is_displayed())
    return false;
  if (std::optional<std::string> CI = sys::Process::GetEnv("CI");
      CI && !CI->empty() && *CI != "0" && *CI != "false")
    return false;
  std::optional<std::string> Term = sys::Process::GetEnv("TERM");
  return !Term || *Term != "dumb";
}

ProgressLine::ProgressLine(ProgressMode Mode, StringRef Verb, size_t Total,
                           StringRef Noun, StringRef What)
    : Total(Total) {
  Enabled = Mode == ProgressMode::Always ||
            (Mode == ProgressMode::Auto && Total > 1 && isInteractive());
  Prefix = ("llvm-pathprof " + Verb + ": ").str();
  Suffix = (" " + Noun + " " + What).str();
}

void ProgressLine::draw(size_t N) {
  errs() << '\r' << Prefix << N << '/' << Total << Suffix << "\x1b[K";
  errs().flush();
  Drawn = true;
}

void ProgressLine::advance() {
  size_t N = ++Done;
  if (!Enabled)
    return;
  std::unique_lock<std::mutex> Guard(Lock, std::try_to_lock);
  if (!Guard.owns_lock())
    return; // another thread is drawing; the next update shows this one
  auto Now = std::chrono::steady_clock::now();
  if (Drawn && N != Total && Now - LastDraw < std::chrono::milliseconds(100))
    return;
  LastDraw = Now;
  draw(N);
}

void ProgressLine::finish() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (!Drawn)
    return;
  errs() << "\r\x1b[K";
  errs().flush();
  Drawn = false;
}
