//===- PathEstimator.cpp - Path profiles from branch samples --------------===//
//
// Under construction: see PathProf/PathEstimator.h.
//
//===----------------------------------------------------------------------===//

#include "PathProf/PathEstimator.h"
#include "PathProf/ProfileError.h"

using namespace llvm;
using namespace pathprof;

Expected<Profile> pathprof::estimatePathProfile(const PerfScript &,
                                                const PathEstimatorOptions &,
                                                PathEstimatorStats &,
                                                WarningHandler) {
  return createStringError(inconvertibleErrorCode(),
                           "path estimation is not built yet");
}
