//===- PathProf/ProfileNames.h - Function names in profiles -----*- C++ -*-===//
//
// How the names stored in profiles read for people and how the names people
// type find them. A profile name is a function's symbol name, or
// "<source path>;<symbol>" for a function with local linkage
// (PathProf/FunctionNames.h makes them when it instruments). People read the
// demangled symbol and may type the stored name, the symbol, the demangled
// symbol, or the demangled name without its parameter list ("ns::Foo::bar").
//
// Also the comparison of source paths by their trailing components, with
// which the use pass finds the profile of a local function whose source tree
// moved between the instrumented build and the rebuild
// (docs/Design.md, "Function names").
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PROFILENAMES_H
#define PATHPROF_PROFILENAMES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace pathprof {

/// Separates the source path from the symbol in a local function's profile
/// name. Symbols never contain it; paths rarely do, so names split at its
/// last occurrence.
constexpr char LocalNameSeparator = ';';

/// A profile name in its parts. Path is empty for functions that are not
/// local.
struct ProfileName {
  llvm::StringRef Path;
  llvm::StringRef Symbol;
  bool isLocal() const { return !Path.empty(); }
};

ProfileName splitProfileName(llvm::StringRef Name);

/// \p Symbol demangled (Itanium, Microsoft, Rust, D), or \p Symbol itself
/// when it is not a mangled name.
std::string demangleSymbol(llvm::StringRef Symbol);

/// The demangled name of the function \p Symbol without its parameter list
/// or return type ("ns::Foo::bar" for _ZN2ns3Foo3barEi), or an empty string
/// when \p Symbol is not a mangled function name.
std::string demangledBaseName(llvm::StringRef Symbol);

/// What people read for the profile name \p Name: its symbol, demangled when
/// \p Demangle is set. The source path of a local function is left out; the
/// places that print this name show it where it matters.
std::string displayName(llvm::StringRef Name, bool Demangle = true);

/// Whether \p Query names the function stored as \p Name: the stored name
/// itself, its symbol, its demangled symbol, or the demangled symbol without
/// parameters.
bool matchesFunctionName(llvm::StringRef Name, llvm::StringRef Query);

/// How many path components \p A and \p B have in common counted from their
/// ends ("/x/src/a/f.c" and "/y/src/a/f.c": 3). "." components and repeated
/// separators are ignored; either separator style is understood.
unsigned commonTrailingComponents(llvm::StringRef A, llvm::StringRef B);

} // namespace pathprof

#endif // PATHPROF_PROFILENAMES_H
