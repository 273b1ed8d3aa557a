//===- ProfileNames.cpp - Function names in profiles ----------------------===//
//
// Splitting, demangling and matching of the function names stored in path
// profiles, shared by llvm-pathprof and the use pass. See
// PathProf/ProfileNames.h.
//
//===----------------------------------------------------------------------===//

#include "PathProf/ProfileNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Demangle/Demangle.h"

#include <cstdlib>

using namespace llvm;
using namespace pathprof;

ProfileName pathprof::splitProfileName(StringRef Name) {
  size_t Sep = Name.rfind(LocalNameSeparator);
  if (Sep == StringRef::npos)
    return {StringRef(), Name};
  return {Name.take_front(Sep), Name.drop_front(Sep + 1)};
}

std::string pathprof::demangleSymbol(StringRef Symbol) {
  return llvm::demangle(std::string_view(Symbol.data(), Symbol.size()));
}

std::string pathprof::demangledBaseName(StringRef Symbol) {
  ItaniumPartialDemangler D;
  std::string Mangled = Symbol.str();
  if (D.partialDemangle(Mangled.c_str()) || !D.isFunction())
    return "";
  size_t Size = 0;
  char *Buf = D.getFunctionName(nullptr, &Size);
  if (!Buf)
    return "";
  std::string Result(Buf);
  std::free(Buf);
  return Result;
}

std::string pathprof::displayName(StringRef Name, bool Demangle) {
  StringRef Symbol = splitProfileName(Name).Symbol;
  return Demangle ? demangleSymbol(Symbol) : Symbol.str();
}

bool pathprof::matchesFunctionName(StringRef Name, StringRef Query) {
  StringRef Symbol = splitProfileName(Name).Symbol;
  if (Query == Name || Query == Symbol)
    return true;
  if (Query == demangleSymbol(Symbol))
    return true;
  std::string Base = demangledBaseName(Symbol);
  return !Base.empty() && Query == Base;
}

/// The components of \p Path, last first, without "." and empty ones.
static SmallVector<StringRef, 8> reversedComponents(StringRef Path) {
  SmallVector<StringRef, 8> Parts;
  Path.split(Parts, '/');
  SmallVector<StringRef, 8> Result;
  for (StringRef Part : reverse(Parts)) {
    SmallVector<StringRef, 4> Sub;
    Part.split(Sub, '\\');
    for (StringRef S : reverse(Sub))
      if (!S.empty() && S != ".")
        Result.push_back(S);
  }
  return Result;
}

unsigned pathprof::commonTrailingComponents(StringRef A, StringRef B) {
  SmallVector<StringRef, 8> RA = reversedComponents(A),
                            RB = reversedComponents(B);
  unsigned N = 0;
  while (N < RA.size() && N < RB.size() && RA[N] == RB[N])
    ++N;
  return N;
}
