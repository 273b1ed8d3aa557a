//===- ProfiledSelects.cpp - Selects a profile counts ---------------------===//

#include "PathProf/ProfiledSelects.h"

#include "llvm/IR/Constant.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

std::vector<SelectInst *> pathprof::profiledSelects(Function &F) {
  std::vector<SelectInst *> Selects;
  for (Instruction &I : instructions(F))
    if (auto *SI = dyn_cast<SelectInst>(&I))
      if (!SI->getCondition()->getType()->isVectorTy() &&
          !isa<Constant>(SI->getCondition()))
        Selects.push_back(SI);
  return Selects;
}
