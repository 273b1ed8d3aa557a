//===- ProfileSummary.cpp - Whole-program profile summary -----------------===//
//
// Builds the summary of PathProf/ProfileSummary.h with LLVM's own
// InstrProfSummaryBuilder, from every function's block counts (entry block
// first) as its paths imply them, the counts IR PGO's summary is built from.
//
//===----------------------------------------------------------------------===//

#include "PathProf/ProfileSummary.h"
#include "PathProf/ProfileError.h"

#include "llvm/IR/ProfileSummary.h"
#include "llvm/ProfileData/InstrProf.h"
#include "llvm/ProfileData/ProfileCommon.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;
using namespace pathprof;

/// \p Count, kept below the two values InstrProfSummaryBuilder takes for
/// pseudo counts (UINT64_MAX and UINT64_MAX - 1), which only saturated
/// counts could reach.
static uint64_t summaryCount(uint64_t Count) {
  return std::min<uint64_t>(Count, UINT64_MAX - 2);
}

Expected<PathProfileSummary> pathprof::computeSummary(const Profile &P) {
  PathProfileSummary S;
  InstrProfSummaryBuilder Builder(ProfileSummaryBuilder::DefaultCutoffs);
  for (const FunctionProfile &FP : P.Functions) {
    S.ProgramFlow = SaturatingAdd(S.ProgramFlow, FP.totalCount());
    std::vector<uint64_t> BlockCounts(std::max<size_t>(FP.CFG.Blocks.size(), 1),
                                      0);
    for (const PathRecord &R : FP.Paths) {
      Expected<DecodedPath> Path = FP.CFG.decode(R.Id);
      if (!Path)
        return makeProfileError(profile_error::corrupt,
                                "function " + FP.Name + ": " +
                                    toString(Path.takeError()));
      for (uint32_t B : Path->Blocks)
        BlockCounts[B] = SaturatingAdd(BlockCounts[B], R.Count);
    }
    for (uint64_t &C : BlockCounts)
      C = summaryCount(C);
    Builder.addRecord(InstrProfRecord(std::move(BlockCounts)));
  }
  std::unique_ptr<ProfileSummary> L = Builder.getSummary();
  S.TotalCount = L->getTotalCount();
  S.MaxCount = L->getMaxCount();
  S.MaxInternalCount = L->getMaxInternalCount();
  S.MaxFunctionCount = L->getMaxFunctionCount();
  S.NumCounts = L->getNumCounts();
  S.NumFunctions = L->getNumFunctions();
  for (const ProfileSummaryEntry &E : L->getDetailedSummary())
    S.Detailed.push_back({E.Cutoff, E.MinCount, E.NumCounts});
  return std::move(S);
}

std::unique_ptr<ProfileSummary>
pathprof::toLLVMSummary(const PathProfileSummary &S) {
  SummaryEntryVector Detailed;
  for (const SummaryEntry &E : S.Detailed)
    Detailed.push_back({E.Cutoff, E.MinCount, E.NumCounts});
  return std::make_unique<ProfileSummary>(
      ProfileSummary::PSK_Instr, std::move(Detailed), S.TotalCount, S.MaxCount,
      S.MaxInternalCount, S.MaxFunctionCount, S.NumCounts, S.NumFunctions);
}
