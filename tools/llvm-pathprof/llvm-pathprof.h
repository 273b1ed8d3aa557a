//===- llvm-pathprof.h - What the llvm-pathprof verbs share -----*- C++ -*-===//
//
// What the subcommand files of llvm-pathprof share: the option category, the
// subcommands (each defined in its own file, next to the options bound to it,
// so that a subcommand exists before its options register), the entry point
// of each verb, and the one place that turns problems into
// "llvm-pathprof: error: ..." and "llvm-pathprof: warning: ..." lines.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_PATHPROF_TOOL_H
#define LLVM_PATHPROF_TOOL_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>

namespace pathprof {
struct FunctionProfile;
struct PathRecord;
struct Profile;

namespace tool {

extern llvm::cl::OptionCategory PathProfCategory;

extern llvm::cl::SubCommand MergeSubcommand;
extern llvm::cl::SubCommand ShowSubcommand;
extern llvm::cl::SubCommand OverlapSubcommand;
extern llvm::cl::SubCommand ReportSubcommand;
extern llvm::cl::SubCommand ExportSubcommand;

/// The verbs; each returns the process exit status.
int mergeMain();
int showMain();
int overlapMain();
int reportMain();
int exportMain();

/// Prints "llvm-pathprof: warning: <Msg>" to stderr. Thread-safe.
void warn(const llvm::Twine &Msg);

/// Prints "llvm-pathprof: error: <Msg>" to stderr and returns 1.
int fail(const llvm::Twine &Msg);
int fail(llvm::Error E);

/// \p V as "0x" and 16 hex digits.
std::string hex(uint64_t V);

/// \p Part / \p Whole as a percentage with two decimals ("12.50%"); 0.00% when
/// \p Whole is 0.
std::string percent(uint64_t Part, uint64_t Whole);

/// \p Metric / \p Count with two decimals ("12.50"): a metric per execution;
/// "0.00" when \p Count is 0.
std::string rate(uint64_t Metric, uint64_t Count);

/// The index in \p P's metrics of the one named \p Name, as --metric=Name
/// asks for it; an error when \p P has no metrics or none of that name.
llvm::Expected<size_t> findMetric(const Profile &P, llvm::StringRef Name);

/// show --context: the calling context tree of \p P (which has one), a line
/// per context (ShowContext.cpp).
void printContextTree(const Profile &P, bool Demangle, llvm::raw_ostream &OS);
/// show --context --function=Query: the hot paths (at most \p TopN, 0: all)
/// of each context of the functions \p Query names, hottest first.
llvm::Error printFunctionContexts(const Profile &P, llvm::StringRef Query,
                                  bool Demangle, unsigned TopN,
                                  llvm::raw_ostream &OS);
/// The tree of \p P (which has one) as the attribute "context" of the JSON
/// object \p J is writing.
void writeContextJSON(const Profile &P, bool Demangle, llvm::json::OStream &J);

} // namespace tool
} // namespace pathprof

#endif // LLVM_PATHPROF_TOOL_H
