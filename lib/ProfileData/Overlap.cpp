//===- Overlap.cpp - Similarity of two path profiles ----------------------===//
//
// Computes the overlap of two profiles and the hot-path accuracy of the test
// profile against the base (include/PathProf/Overlap.h defines every number).
// Paths are matched by (function name, checksum, path id); the test's hot set
// is chosen over all of its paths, including those of functions the base does
// not have, so that a test profile that ranks a path the base never ran as
// hot is charged for it, as in the paper.
//
//===----------------------------------------------------------------------===//

#include "PathProf/Overlap.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace llvm;
using namespace pathprof;

namespace {

using FunctionKey = std::pair<StringRef, uint64_t>;
using PathKey = std::tuple<StringRef, uint64_t, uint64_t>;

FunctionKey keyOf(const FunctionProfile &F) { return {F.Name, F.Checksum}; }

struct RankedPath {
  const FunctionProfile *F;
  uint64_t Id;
  uint64_t Count;
};

/// Hottest first; ties by name, checksum and id, so the cut is deterministic.
bool hotter(const RankedPath &A, const RankedPath &B) {
  if (A.Count != B.Count)
    return A.Count > B.Count;
  return std::make_tuple(StringRef(A.F->Name), A.F->Checksum, A.Id) <
         std::make_tuple(StringRef(B.F->Name), B.F->Checksum, B.Id);
}

double ratio(uint64_t Part, uint64_t Whole) {
  return Whole == 0 ? 0.0 : double(Part) / double(Whole);
}

} // namespace

ProfileOverlap pathprof::computeOverlap(const Profile &Base,
                                        const Profile &Test,
                                        const OverlapOptions &Options) {
  ProfileOverlap R;
  R.BaseTotal = Base.totalCount();
  R.TestTotal = Test.totalCount();

  std::map<FunctionKey, const FunctionProfile *> TestByKey;
  std::set<FunctionKey> BaseKeys;
  StringSet<> BaseNames, TestNames;
  for (const FunctionProfile &F : Test.Functions) {
    TestByKey.emplace(keyOf(F), &F);
    TestNames.insert(F.Name);
  }
  for (const FunctionProfile &F : Base.Functions) {
    BaseKeys.insert(keyOf(F));
    BaseNames.insert(F.Name);
  }

  // The base's hot paths.
  double HotCut = Options.HotThreshold * double(R.BaseTotal);
  auto IsHot = [&](uint64_t Count) {
    return R.BaseTotal != 0 && double(Count) > HotCut;
  };
  for (const FunctionProfile &F : Base.Functions)
    for (const PathRecord &P : F.Paths)
      if (IsHot(P.Count)) {
        ++R.HotPaths;
        R.HotFlow += ratio(P.Count, R.BaseTotal);
      }

  // The test's as many hottest paths.
  std::vector<RankedPath> Ranked;
  for (const FunctionProfile &F : Test.Functions)
    for (const PathRecord &P : F.Paths)
      Ranked.push_back({&F, P.Id, P.Count});
  size_t NumTestHot = std::min<size_t>(R.HotPaths, Ranked.size());
  std::partial_sort(Ranked.begin(), Ranked.begin() + NumTestHot, Ranked.end(),
                    hotter);
  std::set<PathKey> TestHot;
  for (const RankedPath &P : ArrayRef(Ranked).take_front(NumTestHot))
    TestHot.emplace(P.F->Name, P.F->Checksum, P.Id);

  std::map<StringRef, ChecksumMismatch> Mismatches;
  for (const FunctionProfile &B : Base.Functions) {
    auto It = TestByKey.find(keyOf(B));
    if (It == TestByKey.end()) {
      if (TestNames.contains(B.Name)) {
        ChecksumMismatch &M = Mismatches[B.Name];
        M.Name = B.Name;
        M.BaseChecksums.push_back(B.Checksum);
      } else {
        R.OnlyInBase.push_back({B.Name, B.Checksum, B.totalCount()});
      }
      continue;
    }
    const FunctionProfile &T = *It->second;
    FunctionOverlap O;
    O.Name = B.Name;
    O.Checksum = B.Checksum;
    O.BaseCount = B.totalCount();
    O.TestCount = T.totalCount();
    O.BasePaths = B.Paths.size();
    O.TestPaths = T.Paths.size();
    for (const PathRecord &BaseRecord : B.Paths) {
      uint64_t Id = BaseRecord.Id, BaseCount = BaseRecord.Count;
      if (IsHot(BaseCount)) {
        ++O.HotPaths;
        if (TestHot.count({B.Name, B.Checksum, Id})) {
          ++O.HotPathsFound;
          R.HotFlowFound += ratio(BaseCount, R.BaseTotal);
        }
      }
      const PathRecord *TestRecord = T.Paths.find(Id);
      if (!TestRecord)
        continue;
      uint64_t TestCount = TestRecord->Count;
      ++O.CommonPaths;
      O.Overlap += std::min(ratio(BaseCount, O.BaseCount),
                            ratio(TestCount, O.TestCount));
      O.ProgramOverlap += std::min(ratio(BaseCount, R.BaseTotal),
                                   ratio(TestCount, R.TestTotal));
    }
    if (O.BaseCount == 0 && O.TestCount == 0)
      O.Overlap = 1;
    R.Overlap += O.ProgramOverlap;
    R.HotPathsFound += O.HotPathsFound;
    R.Functions.push_back(std::move(O));
  }
  for (const FunctionProfile &T : Test.Functions) {
    if (BaseNames.contains(T.Name)) {
      if (!BaseKeys.count(keyOf(T))) {
        ChecksumMismatch &M = Mismatches[T.Name];
        M.Name = T.Name;
        M.TestChecksums.push_back(T.Checksum);
      }
      continue;
    }
    R.OnlyInTest.push_back({T.Name, T.Checksum, T.totalCount()});
  }
  if (R.HotPaths != 0)
    R.HotPathAccuracy = R.HotFlowFound / R.HotFlow;

  llvm::sort(R.Functions,
             [](const FunctionOverlap &A, const FunctionOverlap &B) {
               return std::make_tuple(~A.BaseCount, ~A.TestCount,
                                      StringRef(A.Name), A.Checksum) <
                      std::make_tuple(~B.BaseCount, ~B.TestCount,
                                      StringRef(B.Name), B.Checksum);
             });
  auto ByKey = [](const UnmatchedFunction &A, const UnmatchedFunction &B) {
    return std::tie(A.Name, A.Checksum) < std::tie(B.Name, B.Checksum);
  };
  llvm::sort(R.OnlyInBase, ByKey);
  llvm::sort(R.OnlyInTest, ByKey);
  for (auto &[Name, M] : Mismatches) {
    llvm::sort(M.BaseChecksums);
    llvm::sort(M.TestChecksums);
    R.Mismatches.push_back(std::move(M));
  }
  return R;
}
