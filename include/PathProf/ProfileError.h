//===- PathProf/ProfileError.h - Errors of the profile library --*- C++ -*-===//
//
// The errors lib/ProfileData returns, as LLVM's InstrProf returns
// instrprof_error: a kind that callers can test (a corrupt file, a newer
// version, a checksum mismatch, ...) and a one-line message for people. A
// reader that has a file name wraps its error with llvm::createFileError, so
// callers get the name from the error's structure (FileError::getFileName)
// and never take message text apart; llvm::errorToErrorCode(E) ==
// profile_error::corrupt (and so on) tells the kinds apart.
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
};

const std::error_category &profileErrorCategory();

inline std::error_code make_error_code(profile_error E) {
  return std::error_code(static_cast<int>(E), profileErrorCategory());
}

/// An error of the profile library: its kind and what went wrong.
class ProfileError : public llvm::ErrorInfo<ProfileError> {
public:
  static char ID;

  ProfileError(profile_error Kind, const llvm::Twine &Msg)
      : Kind(Kind), Msg(Msg.str()) {}

  profile_error kind() const { return Kind; }
  void log(llvm::raw_ostream &OS) const override { OS << Msg; }
  std::error_code convertToErrorCode() const override {
    return make_error_code(Kind);
  }

private:
  profile_error Kind;
  std::string Msg;
};

/// A ProfileError of \p Kind saying \p Msg.
inline llvm::Error makeProfileError(profile_error Kind,
                                    const llvm::Twine &Msg) {
  return llvm::make_error<ProfileError>(Kind, Msg);
}

/// "FILE: message" for an error a reader wrapped in a FileError, the message
/// otherwise: how the tool and the use pass print profile errors.
std::string describeProfileError(llvm::Error E);

/// The message of \p E without the file name a FileError adds (for a
/// diagnostic that names the file itself).
std::string messageWithoutFile(llvm::Error E);

} // namespace pathprof

namespace std {
template <> struct is_error_code_enum<pathprof::profile_error> : true_type {};
} // namespace std

#endif // PATHPROF_PROFILEERROR_H
