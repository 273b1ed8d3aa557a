//===- RemarkText.h - Wording shared by the passes' remarks ------*- C++
//-*-===//
//
// Small helpers for the text of optimization remarks and diagnostics, shared
// by the instrumentation, use and superblock passes.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_LIB_TRANSFORMS_REMARKTEXT_H
#define PATHPROF_LIB_TRANSFORMS_REMARKTEXT_H

#include <cstdint>

namespace pathprof {

/// \p One after a count of 1, \p Many after any other count.
inline const char *plural(uint64_t N, const char *One, const char *Many) {
  return N == 1 ? One : Many;
}

} // namespace pathprof

#endif // PATHPROF_LIB_TRANSFORMS_REMARKTEXT_H
