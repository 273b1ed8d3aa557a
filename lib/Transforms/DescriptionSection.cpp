//===- DescriptionSection.cpp - Descriptions the loader never maps --------===//
//
// Part of PathProf. See DescriptionSection.h.
//
//===----------------------------------------------------------------------===//

#include "DescriptionSection.h"

#include "PathProf/ProfileFormat.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace pathprof {

/// \p Bytes as .ascii directives (octal escapes for everything but plain
/// printable characters), then zeros up to 8 bytes.
static void emitBytes(raw_string_ostream &OS, StringRef Bytes) {
  constexpr size_t LineBytes = 64;
  for (size_t I = 0; I < Bytes.size(); I += LineBytes) {
    OS << "\t.ascii \"";
    for (unsigned char C : Bytes.substr(I, LineBytes)) {
      if (isPrint(C) && C != '"' && C != '\\')
        OS << C;
      else
        OS << '\\' << char('0' + (C >> 6)) << char('0' + ((C >> 3) & 7))
           << char('0' + (C & 7));
    }
    OS << "\"\n";
  }
  OS << "\t.p2align 3\n";
}

std::string descriptionEntryAsm(StringRef Group, uint64_t NameRef,
                                uint64_t Checksum, StringRef Name,
                                StringRef CFG) {
  std::string Text;
  raw_string_ostream OS(Text);
  // No "a" flag: not allocated. %progbits rather than @progbits, which is a
  // comment on some ELF targets.
  OS << "\t.pushsection " PATHPROF_DESC_SECTION ",\""
     << (Group.empty() ? "" : "G") << "\",%progbits";
  if (!Group.empty())
    OS << ",\"" << Group << "\",comdat";
  OS << "\n\t.p2align 3\n";
  PathProfDescEntry E;
  E.Magic = PATHPROF_DESC_MAGIC;
  E.NameRef = NameRef;
  E.Checksum = Checksum;
  E.NameSize = Name.size();
  E.CFGSize = CFG.size();
#define PATHPROF_DESC_ENTRY_FIELD(Field)                                       \
  OS << "\t.quad 0x" << utohexstr(E.Field, /*LowerCase=*/true) << "\n";
#include "PathProf/ProfileLayout.inc"
  emitBytes(OS, Name);
  emitBytes(OS, CFG);
  OS << "\t.popsection\n";
  return Text;
}

} // namespace pathprof
