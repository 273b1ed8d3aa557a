//===- Protobuf.cpp - The protocol buffer wire format, for writing --------===//
//
// The encoder of Protobuf.h, and the gzip container around LLVM's zlib.
//
//===----------------------------------------------------------------------===//

#include "Protobuf.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Endian.h"

using namespace llvm;
using namespace pathprof::tool;

void ProtoMessage::rawVarint(uint64_t V) {
  while (V >= 0x80) {
    Buffer.push_back(static_cast<char>(0x80 | (V & 0x7f)));
    V >>= 7;
  }
  Buffer.push_back(static_cast<char>(V));
}

void ProtoMessage::tag(uint32_t Field, unsigned WireType) {
  rawVarint(uint64_t(Field) << 3 | WireType);
}

void ProtoMessage::varint(uint32_t Field, uint64_t V) {
  if (V == 0)
    return;
  tag(Field, 0);
  rawVarint(V);
}

void ProtoMessage::bytes(uint32_t Field, StringRef Bytes) {
  tag(Field, 2);
  rawVarint(Bytes.size());
  Buffer.append(Bytes.data(), Bytes.size());
}

void ProtoMessage::packed(uint32_t Field, ArrayRef<uint64_t> Vs) {
  if (Vs.empty())
    return;
  ProtoMessage Payload;
  for (uint64_t V : Vs)
    Payload.rawVarint(V);
  bytes(Field, Payload.Buffer);
}

Expected<std::string> pathprof::tool::gzip(StringRef Data) {
  if (!compression::zlib::isAvailable())
    return createStringError(inconvertibleErrorCode(),
                             "this llvm-pathprof was built without zlib, "
                             "which writing gzip'd pprof files needs");
  ArrayRef<uint8_t> In(reinterpret_cast<const uint8_t *>(Data.data()),
                       Data.size());
  SmallVector<uint8_t, 0> Zlib;
  compression::zlib::compress(In, Zlib, compression::zlib::BestSizeCompression);
  // A zlib stream (RFC 1950) is a 2-byte header (no preset dictionary: zlib
  // sets none), the deflate stream and a 4-byte Adler-32; gzip (RFC 1952)
  // wraps the same deflate stream in its own header and a CRC-32 and size.
  if (Zlib.size() < 6)
    return createStringError(inconvertibleErrorCode(),
                             "zlib returned no deflate stream");
  std::string Out = {'\x1f', '\x8b', '\x08', '\0', '\0',
                     '\0',   '\0',   '\0',   '\0', '\xff'};
  Out.append(reinterpret_cast<const char *>(Zlib.data()) + 2, Zlib.size() - 6);
  char Trailer[8];
  support::endian::write32le(Trailer, crc32(In));
  support::endian::write32le(Trailer + 4, static_cast<uint32_t>(Data.size()));
  Out.append(Trailer, 8);
  return Out;
}
