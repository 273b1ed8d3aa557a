//===- PathProf/ProfileError.h - Errors of the profile library --*- C++ -*-===//
//
// The errors lib/ProfileData returns, as LLVM's InstrProf returns
// instrprof_error: a kind that callers can test (a corrupt file, a truncated
// one, a newer version, a checksum mismatch, ...), a one-line message for
// people and, for a text profile, the line at fault. A reader or writer that
// has a file name wraps its error with llvm::createFileError, so callers get
// the name from the error's structure (FileError::getFileName) and never take
// message text apart; llvm::errorToErrorCode(E) == profile_error::corrupt
// (and so on) tells the kinds apart, through a FileError too.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_PROFILEERROR_H
#define PATHPROF_PROFILEERROR_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>
#include <system_error>

namespace pathprof {

enum class profile_error {
  success = 0,
  /// Not a path profile at all (bad magic, a text file without the header).
  not_a_profile,
  /// A field, size, offset or record that cannot be right.
  corrupt,
  /// The file ends before the size its header gives (a copy or a write that
  /// stopped early).
  truncated,
  /// The body does not match the header's checksum.
  checksum_mismatch,
  /// A version this library does not read (newer, or older than supported).
  unsupported_version,
  /// Written on a machine of the other byte order.
  wrong_endianness,
  /// A text profile line that does not parse.
  malformed_text,
  /// Inputs that cannot be combined (another number of paths for the same
  /// function, other metrics).
  incompatible,
  /// Reading or writing the file failed.
  io,
  /// A raw profile of a module built with -fprofile-path-correlate=binary
  /// whose binary was not given (--binary), or is not the one it names.
  missing_binary,
};

const std::error_category &profileErrorCategory();

inline std::error_code make_error_code(profile_error E) {
  return std::error_code(static_cast<int>(E), profileErrorCategory());
}

/// An error of the profile library: its kind, what went wrong and, for a
/// text profile, the line (counted from 1) at fault.
class ProfileError : public llvm::ErrorInfo<ProfileError> {
public:
  static char ID;

  ProfileError(profile_error Kind, const llvm::Twine &Msg, size_t Line = 0)
      : Kind(Kind), Msg(Msg.str()), Line(Line) {}

  profile_error kind() const { return Kind; }
  /// What went wrong, without the line.
  const std::string &detail() const { return Msg; }
  /// The line of a text profile at fault; 0 for none.
  size_t line() const { return Line; }
  /// "line N: detail", or the detail alone.
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return make_error_code(Kind);
  }

private:
  profile_error Kind;
  std::string Msg;
  size_t Line;
};

/// A ProfileError of \p Kind saying \p Msg (about line \p Line of a text
/// profile, if not 0).
inline llvm::Error makeProfileError(profile_error Kind, const llvm::Twine &Msg,
                                    size_t Line = 0) {
  return llvm::make_error<ProfileError>(Kind, Msg, Line);
}

/// How the tool prints profile errors: "FILE: message" for an error wrapped
/// in a FileError, "FILE:LINE: message" when it is about a line of a text
/// profile, and the message alone otherwise.
std::string describeProfileError(llvm::Error E);

/// The message of \p E without the file name a FileError adds (for a
/// diagnostic that names the file itself).
std::string messageWithoutFile(llvm::Error E);

} // namespace pathprof

namespace std {
template <> struct is_error_code_enum<pathprof::profile_error> : true_type {};
} // namespace std

#endif // PATHPROF_PROFILEERROR_H
