//===- Progress.h - A progress line for long llvm-pathprof runs -*- C++ -*-===//
//
// "llvm-pathprof merge: 120/4000 inputs read" on one line of a terminal,
// rewritten in place at most ten times a second and erased when the work is
// done. Shown by default only where someone watches a run of more than one
// item: stderr is a terminal, the environment is not CI (the CI variable is
// unset, empty, "0" or "false") and TERM is not "dumb"; pipes, files and CI
// logs get nothing. --progress=always and never
// override that decision.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_PATHPROF_PROGRESS_H
#define LLVM_PATHPROF_PROGRESS_H

#include "llvm/ADT/StringRef.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

namespace pathprof {
namespace tool {

enum class ProgressMode { Auto, Always, Never };

class ProgressLine {
public:
  /// Counts \p Total items called \p Noun ("inputs"); \p What is the verb
  /// that is done to each ("read").
  ProgressLine(ProgressMode Mode, llvm::StringRef Verb, size_t Total,
               llvm::StringRef Noun, llvm::StringRef What);
  ~ProgressLine() { finish(); }

  /// One more item is done. Thread-safe.
  void advance();
  /// Erases the line (before anything else is printed to stderr).
  void finish();

  /// Whether a line is shown at all.
  bool enabled() const { return Enabled; }

private:
  void draw(size_t Done);

  bool Enabled = false;
  std::string Prefix, Suffix;
  size_t Total;
  std::atomic<size_t> Done{0};
  std::mutex Lock;
  std::chrono::steady_clock::time_point LastDraw;
  bool Drawn = false;
};

} // namespace tool
} // namespace pathprof

#endif // LLVM_PATHPROF_PROGRESS_H
