//===- ProfileError.cpp - Errors of the profile library -------------------===//
//
// The error category of PathProf/ProfileError.h and the helpers that print
// profile errors with their file names.
//
//===----------------------------------------------------------------------===//

#include "PathProf/ProfileError.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace pathprof;

char ProfileError::ID = 0;

void ProfileError::log(raw_ostream &OS) const {
  if (Line != 0)
    OS << "line " << Line << ": ";
  OS << Msg;
}

namespace {

class ProfileErrorCategory : public std::error_category {
public:
  const char *name() const noexcept override { return "pathprof"; }
  std::string message(int Code) const override {
    switch (static_cast<profile_error>(Code)) {
    case profile_error::success:
      return "success";
    case profile_error::not_a_profile:
      return "not a path profile";
    case profile_error::corrupt:
      return "corrupt path profile";
    case profile_error::truncated:
      return "truncated path profile";
    case profile_error::checksum_mismatch:
      return "path profile checksum mismatch";
    case profile_error::unsupported_version:
      return "unsupported path profile version";
    case profile_error::wrong_endianness:
      return "path profile of the other byte order";
    case profile_error::malformed_text:
      return "malformed text profile";
    case profile_error::incompatible:
      return "incompatible path profiles";
    case profile_error::io:
      return "cannot read or write the path profile";
    case profile_error::missing_binary:
      return "the path profile's binary is missing";
    }
    llvm_unreachable("unknown profile_error");
  }
};

} // namespace

const std::error_category &pathprof::profileErrorCategory() {
  static ProfileErrorCategory Category;
  return Category;
}

std::string pathprof::describeProfileError(Error E) {
  std::string Result;
  handleAllErrors(
      std::move(E),
      [&](std::unique_ptr<FileError> FE) {
        std::string File = FE->getFileName().str();
        handleAllErrors(
            FE->takeError(),
            [&](const ProfileError &PE) {
              Result = File;
              if (PE.line() != 0)
                Result += ":" + std::to_string(PE.line());
              Result += ": " + PE.detail();
            },
            [&](const ErrorInfoBase &EI) {
              Result = File + ": " + EI.message();
            });
      },
      [&](const ErrorInfoBase &EI) { Result = EI.message(); });
  return Result;
}

std::string pathprof::messageWithoutFile(Error E) {
  std::string Result;
  handleAllErrors(
      std::move(E),
      [&](const FileError &FE) { Result = FE.messageWithoutFileInfo(); },
      [&](const ErrorInfoBase &EI) { Result = EI.message(); });
  return Result;
}
