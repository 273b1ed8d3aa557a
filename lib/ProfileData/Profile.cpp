//===- Profile.cpp - In-memory path profile and merging -------------------===//
//
// Counting helpers of FunctionProfile and the ProfileMerger, which sums the
// functions of several profiles by (name, checksum). Every sum saturates
// rather than wraps, and every function that cannot be summed is reported.
//
//===----------------------------------------------------------------------===//

#include "PathProf/Profile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <tuple>

using namespace llvm;
using namespace pathprof;

uint64_t FunctionProfile::totalCount() const {
  uint64_t Sum = 0;
  for (const auto &[Id, Count] : Counts)
    Sum = SaturatingAdd(Sum, Count);
  return Sum;
}

Expected<uint64_t> FunctionProfile::entryCount() const {
  uint64_t Sum = 0;
  for (const auto &[Id, Count] : Counts) {
    Expected<DecodedPath> P = CFG.decode(Id);
    if (!P)
      return P.takeError();
    if (P->StartsAtEntry)
      Sum = SaturatingAdd(Sum, Count);
  }
  return Sum;
}

bool FunctionProfile::addCount(uint64_t PathId, uint64_t Count) {
  if (Count == 0)
    return true;
  uint64_t &Slot = Counts[PathId];
  bool Overflow = false;
  Slot = SaturatingAdd(Slot, Count, &Overflow);
  return !Overflow;
}

Error FunctionProfile::setCFG(StringRef Data) {
  CFGData = Data.str();
  Expected<CFGDescription> D = CFGDescription::deserialize(CFGData);
  if (!D)
    return D.takeError();
  CFG = std::move(*D);
  if (CFG.numPaths() != NumPaths)
    return createStringError(inconvertibleErrorCode(),
                             "the record has %llu paths but its CFG has %llu",
                             (unsigned long long)NumPaths,
                             (unsigned long long)CFG.numPaths());
  return Error::success();
}

void Profile::sortFunctions() {
  llvm::sort(Functions, [](const FunctionProfile &A, const FunctionProfile &B) {
    return std::tie(A.Name, A.Checksum) < std::tie(B.Name, B.Checksum);
  });
}

uint64_t Profile::totalCount() const {
  uint64_t Sum = 0;
  for (const FunctionProfile &F : Functions)
    Sum = SaturatingAdd(Sum, F.totalCount());
  return Sum;
}

void ProfileMerger::add(Profile &&Input, StringRef InputName,
                        WarningHandler Warn) {
  unsigned InputIndex = NumInputs++;
  for (FunctionProfile &F : Input.Functions) {
    auto [It, Inserted] = ByName.try_emplace(F.Name);
    NameInfo &Info = It->second;
    if (Inserted)
      Info.FirstInput = InputIndex;

    auto Same = llvm::find_if(Info.Indices, [&](size_t I) {
      return Result.Functions[I].Checksum == F.Checksum;
    });
    if (Same != Info.Indices.end()) {
      FunctionProfile &Dst = Result.Functions[*Same];
      bool Saturated = false;
      for (const auto &[Id, Count] : F.Counts)
        Saturated |= !Dst.addCount(Id, Count);
      if (Saturated)
        Warn("function '" + F.Name + "': path counts overflow in " + InputName +
             "; saturated");
      continue;
    }
    if (Info.FirstInput != InputIndex) {
      Warn("function '" + F.Name + "' has mismatched checksums in " +
           InputName + "; skipped");
      continue;
    }
    Info.Indices.push_back(Result.Functions.size());
    Result.Functions.push_back(std::move(F));
  }
}

Profile ProfileMerger::takeResult() {
  Profile P = std::move(Result);
  P.sortFunctions();
  Result = Profile();
  ByName.clear();
  NumInputs = 0;
  return P;
}
