//===- Protobuf.h - The protocol buffer wire format, for writing -*- C++
//-*-===//
//
// What llvm-pathprof export needs of the protocol buffer encoding
// (https://protobuf.dev/programming-guides/encoding/) to write pprof's
// profile.proto without a protobuf library: varint fields (wire type 0),
// length-delimited fields (wire type 2: strings, embedded messages) and
// packed repeated varints. Signed fields (int64) are written as the varint
// of their two's complement, as protobuf does for int64 (not sint64).
// Also the gzip container (RFC 1952) pprof files come in, around the
// deflate stream of LLVM's zlib support.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_PATHPROF_PROTOBUF_H
#define LLVM_PATHPROF_PROTOBUF_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace pathprof {
namespace tool {

/// The bytes of one protocol buffer message, appended field by field.
class ProtoMessage {
public:
  /// A varint field (uint64, int64, bool); nothing for 0, the default.
  void varint(uint32_t Field, uint64_t V);
  /// A length-delimited field: a string or the bytes of a message.
  void bytes(uint32_t Field, llvm::StringRef Bytes);
  void message(uint32_t Field, const ProtoMessage &M) {
    bytes(Field, M.Buffer);
  }
  /// A packed repeated varint field; nothing when \p Vs is empty.
  void packed(uint32_t Field, llvm::ArrayRef<uint64_t> Vs);

  const std::string &str() const { return Buffer; }

private:
  void tag(uint32_t Field, unsigned WireType);
  void rawVarint(uint64_t V);
  std::string Buffer;
};

/// \p Data as one gzip member (no file name, modification time 0, so equal
/// inputs give equal files); an error when LLVM was built without zlib.
llvm::Expected<std::string> gzip(llvm::StringRef Data);

} // namespace tool
} // namespace pathprof

#endif // LLVM_PATHPROF_PROTOBUF_H
