//===- PerfScript.cpp - Branch samples as perf prints them ----------------===//
//
// Under construction: see PathProf/PerfScript.h.
//
//===----------------------------------------------------------------------===//

#include "PathProf/PerfScript.h"

using namespace llvm;
using namespace pathprof;

Expected<PerfScript> pathprof::parsePerfScript(StringRef, StringRef,
                                               WarningHandler) {
  return createStringError(inconvertibleErrorCode(),
                           "perf script parsing is not built yet");
}

Expected<PerfScript> pathprof::readPerfScript(StringRef, WarningHandler) {
  return createStringError(inconvertibleErrorCode(),
                           "perf script parsing is not built yet");
}
