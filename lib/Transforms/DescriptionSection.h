//===- DescriptionSection.h - Descriptions the loader never maps -*- C++
//-*-===//
//
// With -pathprof-correlate=binary a function's name and CFG description go
// into PATHPROF_DESC_SECTION, a section of the binary that is not allocated
// (the loader never maps it and the program never pays for it), instead of
// into the raw profile the program writes; llvm-pathprof reads them from the
// binary (docs/FileFormat.md, "Binary correlation").
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_LIB_TRANSFORMS_DESCRIPTIONSECTION_H
#define PATHPROF_LIB_TRANSFORMS_DESCRIPTIONSECTION_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace pathprof {

/// The module-level assembly that emits one entry of PATHPROF_DESC_SECTION
/// (PATHPROF_DESC_ENTRY_FIELD): the key {NameRef, Checksum}, then \p Name
/// and \p CFG. In comdat group \p Group when it is not empty, so that the
/// linker keeps the entry exactly when it keeps the function's data record.
///
/// Assembly, not a global: LLVM gives a global's explicit section the
/// SHF_ALLOC flag (only its own coverage and bitcode sections are exempt),
/// and an allocated section would be mapped into every process. The text
/// names no symbol, so LTO and symbol renaming cannot break it.
std::string descriptionEntryAsm(llvm::StringRef Group, uint64_t NameRef,
                                uint64_t Checksum, llvm::StringRef Name,
                                llvm::StringRef CFG);

} // namespace pathprof

#endif // PATHPROF_LIB_TRANSFORMS_DESCRIPTIONSECTION_H
