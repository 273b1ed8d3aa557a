//===- PathProf/ProfileSummary.h - Whole-program profile summary -*- C++
//-*-===//
//
// What profile use needs to know about the whole training run: the program's
// flow (the sum of all path counts) and LLVM's instrumentation profile
// summary of the block counts (entry block first) that the paths imply,
// which ProfileSummaryInfo asks whether a count is hot or cold. Computing it
// decodes every path of every function, so llvm-pathprof merge computes it
// once and stores it in the indexed profile; the use pass computes it only
// for profiles that do not carry it (raw, text, indexed version 1).
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PROFILESUMMARY_H
#define PATHPROF_PROFILESUMMARY_H

#include "PathProf/Profile.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace llvm {
class ProfileSummary;
} // namespace llvm

namespace pathprof {

/// Computes the summary of \p P. Fails if a path does not decode.
llvm::Expected<PathProfileSummary> computeSummary(const Profile &P);

/// \p S as LLVM's summary (kind PSK_Instr), for the module.
std::unique_ptr<llvm::ProfileSummary>
toLLVMSummary(const PathProfileSummary &S);

} // namespace pathprof

#endif // PATHPROF_PROFILESUMMARY_H
