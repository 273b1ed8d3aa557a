//===- ProfiledMemOps.cpp - Memory operations a profile sizes -------------===//

#include "PathProf/ProfiledMemOps.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

std::vector<MemIntrinsic *> pathprof::profiledMemOps(Function &F) {
  std::vector<MemIntrinsic *> Ops;
  for (Instruction &I : instructions(F))
    if (auto *MI = dyn_cast<MemIntrinsic>(&I))
      if (!isa<ConstantInt>(MI->getLength()))
        Ops.push_back(MI);
  return Ops;
}
