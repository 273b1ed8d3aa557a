/*===- pathprof_test.h - Stand-in for instrumented code in tests --*- C -*-===*\
|*
|* The runtime tests play the instrumentation pass by hand: they define the
|* function records, counters and CFG descriptions the pass would emit, and
|* count through the same ABI (__pathprof_counter_bias, __pathprof_hash_inc,
|* the __pathprof_verify_* calls).
|*
\*===----------------------------------------------------------------------===*/

#ifndef PATHPROF_TEST_H
#define PATHPROF_TEST_H

#include "PathProf/ProfileFormat.h"

#include <stdint.h>

/* Declared hidden, as the pass declares them: a reference with hidden
   visibility makes the linker bind each executable or shared library to its
   own copy of the runtime (and its own sections) instead of letting the
   executable's copy preempt the library's. */
#define PP_HIDDEN __attribute__((visibility("hidden")))
extern uint64_t __pathprof_counter_bias PP_HIDDEN;
PP_HIDDEN void __pathprof_init(void);
PP_HIDDEN void __pathprof_hash_inc(const PathProfFunctionData *F,
                                   uint64_t PathId);
PP_HIDDEN uint64_t __pathprof_verify_enter(const PathProfFunctionData *F);
PP_HIDDEN void __pathprof_verify_block(uint64_t Frame, uint32_t Block);
PP_HIDDEN void __pathprof_verify_path(uint64_t Frame, uint64_t PathId);
PP_HIDDEN void __pathprof_verify_leave(uint64_t Frame);

/* Little-endian bytes of the serialized CFG description. */
#define PP_U32(X)                                                              \
  (uint8_t)((X)&0xff), (uint8_t)(((X) >> 8) & 0xff),                           \
      (uint8_t)(((X) >> 16) & 0xff), (uint8_t)(((X) >> 24) & 0xff)
#define PP_U64(X) PP_U32((uint64_t)(X)&0xffffffffu), PP_U32((uint64_t)(X) >> 32)
/* A block named by one character, without debug location. */
#define PP_BLOCK(C) PP_U32(1), (uint8_t)(C), PP_U32(0), PP_U32(0), PP_U32(0)
#define PP_EDGE(Src, Dst, Kind, Val)                                           \
  PP_U32(Src), PP_U32(Dst), PP_U32(Kind), PP_U64(Val)

/* Diamond: 0 -> {1, 2} -> 3 -> return. Path 0 = [0 1 3], path 1 = [0 2 3]. */
#define PP_DIAMOND_BLOB                                                        \
  {                                                                            \
    PP_U32(1), PP_U32(4), PP_BLOCK('e'), PP_BLOCK('t'),     \
        PP_BLOCK('f'), PP_BLOCK('j'), PP_U32(5),                               \
        PP_EDGE(0, 1, PATHPROF_EDGE_CFG, 0),                                   \
        PP_EDGE(0, 2, PATHPROF_EDGE_CFG, 1),                                   \
        PP_EDGE(1, 3, PATHPROF_EDGE_CFG, 0),                                   \
        PP_EDGE(2, 3, PATHPROF_EDGE_CFG, 0),                                   \
        PP_EDGE(3, 4, PATHPROF_EDGE_RETURN, 0)                                 \
  }

/* Loop: 0 -> 1 (header) -> {2 (body, backedge 2->1), 3 -> return}.
   Path 0 = [0 1 2], 1 = [0 1 3], 2 = [1 2], 3 = [1 3]. */
#define PP_LOOP_BLOB                                                           \
  {                                                                            \
    PP_U32(1), PP_U32(4), PP_BLOCK('e'), PP_BLOCK('h'),     \
        PP_BLOCK('b'), PP_BLOCK('x'), PP_U32(6),                               \
        PP_EDGE(0, 1, PATHPROF_EDGE_CFG, 0),                                   \
        PP_EDGE(0, 1, PATHPROF_EDGE_ENTRY_PSEUDO, 2),                          \
        PP_EDGE(1, 2, PATHPROF_EDGE_CFG, 0),                                   \
        PP_EDGE(1, 3, PATHPROF_EDGE_CFG, 1),                                   \
        PP_EDGE(2, 4, PATHPROF_EDGE_EXIT_PSEUDO, 0),                           \
        PP_EDGE(3, 4, PATHPROF_EDGE_RETURN, 0)                                 \
  }

#define PP_COUNTERS(Var, N)                                                    \
  __attribute__((section(PATHPROF_CNTS_SECTION), used, aligned(8)))            \
  uint64_t Var[N]

/* The layout of the records below, as the pass emits it; a test of another
   layout defines PP_DATA_VERSION. Weak, so that several objects of one
   test may include this header. */
#ifndef PP_DATA_VERSION
#define PP_DATA_VERSION PATHPROF_DATA_VERSION
#endif
__attribute__((weak, visibility("hidden"))) const uint64_t
    __pathprof_data_version = PP_DATA_VERSION;

/* A record without an address or value blocks (as of a function whose
   address is never taken and that makes no indirect calls). */
#define PP_FUNCTION(Var, NameStr, Blob, NumPaths, Counters, Flags)             \
  __attribute__((section(PATHPROF_DATA_SECTION), used, aligned(8)))            \
  PathProfFunctionData Var = {NameStr,  sizeof(NameStr) - 1,                   \
                              Blob,     sizeof(Blob),                          \
                              0x1234,   NumPaths,                              \
                              Counters, Flags}

/* What the pass emits for a counter increment. */
#define PP_INC(Counter)                                                        \
  (*(volatile uint64_t *)((char *)(Counter) + __pathprof_counter_bias) += 1)

#endif /* PATHPROF_TEST_H */
