//===- FunctionNames.cpp - Profile names of IR functions ------------------===//
//
// Profile names and the skip policy shared by every PathProf pass; see
// PathProf/FunctionNames.h for the naming rules and docs/Design.md
// ("Function names") for why they are what they are.
//
//===----------------------------------------------------------------------===//

#include "PathProf/FunctionNames.h"
#include "PathProf/ProfileNames.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/EHPersonalities.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace pathprof;

static cl::list<std::string> PrefixMap(
    "pathprof-prefix-map", cl::Hidden, cl::value_desc("old=new"),
    cl::desc("In the profile names of static functions, replace the source "
             "path prefix OLD with NEW (repeatable; the last match wins)"));

/// The string of \p F's metadata \p Kind when it is a single MDString.
static StringRef metadataString(const Function &F, StringRef Kind) {
  if (const MDNode *MD = F.getMetadata(Kind))
    if (MD->getNumOperands() == 1)
      if (const auto *S = dyn_cast<MDString>(MD->getOperand(0)))
        return S->getString();
  return "";
}

std::string pathprof::remapSourcePath(StringRef Path) {
  for (const std::string &Map : reverse(PrefixMap)) {
    auto [Old, New] = StringRef(Map).split('=');
    SmallString<256> Result(Path);
    if (!Old.empty() && sys::path::replace_path_prefix(Result, Old, New))
      return Result.str().str();
  }
  return Path.str();
}

static std::string localName(const Function &F, StringRef Symbol) {
  return remapSourcePath(F.getParent()->getSourceFileName()) +
         LocalNameSeparator + Symbol.str();
}

std::string pathprof::getPathProfFuncName(const Function &F) {
  if (StringRef Recorded = metadataString(F, PathProfNameMetadata);
      !Recorded.empty())
    return Recorded.str();
  // IR PGO's legacy name: "<source path>:<symbol>" for local functions,
  // the symbol for the others; symbols have no ':'.
  if (StringRef PGOName = metadataString(F, "PGOFuncName"); !PGOName.empty()) {
    auto [Path, Symbol] = PGOName.rsplit(':');
    if (Symbol.empty() || Path.empty())
      return PGOName.str();
    return remapSourcePath(Path) + LocalNameSeparator + Symbol.str();
  }
  StringRef Name = F.getName();
  // A local function that ThinLTO promoted (hidden, renamed foo.llvm.<n>)
  // without leaving either metadata is still the local function foo.
  size_t Suffix = Name.find(".llvm.");
  bool Promoted = Suffix != StringRef::npos && Suffix != 0 &&
                  (F.hasLocalLinkage() || F.hasHiddenVisibility());
  if (Promoted)
    return localName(F, Name.take_front(Suffix));
  if (F.hasLocalLinkage())
    return localName(F, Name);
  return Name.str();
}

void pathprof::recordPathProfFuncName(Function &F) {
  std::string Name = getPathProfFuncName(F);
  if (Name == F.getName() || F.getMetadata(PathProfNameMetadata))
    return;
  LLVMContext &Ctx = F.getContext();
  F.setMetadata(PathProfNameMetadata,
                MDNode::get(Ctx, MDString::get(Ctx, Name)));
}

std::string pathprof::getDisplayName(const Function &F) {
  return displayName(getPathProfFuncName(F));
}

bool pathprof::shouldSkipFunction(const Function &F) {
  // available_externally bodies are instrumented, as IR PGO does: they may
  // be inlined, and their paths then run in this module.
  if (F.isDeclaration())
    return true;
  // What the user excluded (no_profile_instrument_function) and bodies of
  // inline assembly alone, which no counter update may enter, as IR PGO
  // skips them.
  if (F.hasFnAttribute(Attribute::NoProfile) ||
      F.hasFnAttribute(Attribute::SkipProfile) ||
      F.hasFnAttribute(Attribute::Naked))
    return true;
  if (F.hasPersonalityFn() &&
      isScopedEHPersonality(classifyEHPersonality(F.getPersonalityFn())))
    return true;
  return F.getName().starts_with("__pathprof_");
}
