/*===- PathProfVerify.c - Checking path ids against block traces --*- C -*-===*\
|*
|* A test-only mode of the instrumentation (enabled by a hidden pass option)
|* that checks the Ball-Larus numbering end to end: every function entry
|* pushes a frame, every block appends its DAG node index to the frame's
|* trace, and every path end decodes the path id with the function's CFG
|* description and compares the decoded blocks with the trace.
|*
|* The decode is the one of lib/ProfileData/CFGDescription.cpp, redone in C:
|* from node 0 (ENTRY) repeatedly take the out-edge with the largest
|* Val <= the rest of the id, until node NumBlocks (EXIT). An ENTRY_PSEUDO
|* first edge means the path starts after a backedge, so block 0 is not part
|* of it; edges into EXIT add no block.
|*
|* Per-thread state is a fixed-size stack (VERIFY_MAX_FRAMES frames with
|* VERIFY_TRACE_CAP block ids each), mapped on the thread's first call; a
|* deeper call or a longer trace makes the frame untraceable, never a crash.
|* The CFG blob of each function is validated once and the position of its
|* edge table cached.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define VERIFY_MAX_FRAMES 256
#define VERIFY_TRACE_CAP 1024
#define NO_FRAME UINT64_MAX
#define EDGE_SIZE 20 /* Src, Dst, Kind (u32 each), Val (u64) */

typedef struct VerifyFrame {
  const PathProfFunctionData *F;
  uint32_t Len;
  uint32_t Overflow;
  uint32_t Trace[VERIFY_TRACE_CAP];
} VerifyFrame;

typedef struct VerifyStack {
  uint64_t Depth;
  uint32_t Decoded[VERIFY_TRACE_CAP + 1];
  VerifyFrame Frames[VERIFY_MAX_FRAMES];
} VerifyStack;

static _Thread_local VerifyStack *ThreadStack;
static _Thread_local int ThreadStackFailed;

static uint64_t NumChecked, NumMismatches;
static int AtExitRegistered;

/* Per function: 0 not parsed yet, BLOB_INVALID, or edge table offset + 1. */
#define BLOB_INVALID UINT64_MAX
static uint64_t *BlobCache;

static void printSummary(void) {
  __pathprof_report_line(
      "PathProf verify: %llu paths checked, %llu mismatches",
      (unsigned long long)__atomic_load_n(&NumChecked, __ATOMIC_RELAXED),
      (unsigned long long)__atomic_load_n(&NumMismatches, __ATOMIC_RELAXED));
}

static VerifyStack *getStack(void) {
  if (ThreadStack || ThreadStackFailed)
    return ThreadStack;
  void *P = mmap(0, sizeof(VerifyStack), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (P == MAP_FAILED) {
    ThreadStackFailed = 1;
    __pathprof_report_error("verify: cannot allocate the trace stack: %s",
                            strerror(errno));
    return 0;
  }
  ThreadStack = (VerifyStack *)P;
  return ThreadStack;
}

static uint32_t readU32(const uint8_t *P) {
  return (uint32_t)P[0] | (uint32_t)P[1] << 8 | (uint32_t)P[2] << 16 |
         (uint32_t)P[3] << 24;
}

static uint64_t readU64(const uint8_t *P) {
  return (uint64_t)readU32(P) | (uint64_t)readU32(P + 4) << 32;
}

/* Validates the blob of F enough for a bounded decode; returns the offset of
   the edge table or BLOB_INVALID. */
static uint64_t parseBlob(const PathProfFunctionData *F) {
  const uint8_t *B = F->CFG;
  const uint64_t Size = B ? F->CFGSize : 0;
  uint64_t Pos = 0;
  if (Size < 8 || readU32(B) == 0 || readU32(B) > PATHPROF_CFG_VERSION)
    return BLOB_INVALID;
  /* Version 2 has the call-site table after the edges; decoding needs none
     of it. */
  const int HasCallSites = readU32(B) >= 2;
  const uint32_t NumBlocks = readU32(B + 4);
  Pos = 8;
  if (NumBlocks == 0)
    return BLOB_INVALID;
  for (uint32_t I = 0; I != NumBlocks; ++I) {
    for (int S = 0; S != 2; ++S) { /* name, file */
      if (Size - Pos < 4)
        return BLOB_INVALID;
      uint32_t Len = readU32(B + Pos);
      Pos += 4;
      if (Size - Pos < Len)
        return BLOB_INVALID;
      Pos += Len;
    }
    if (Size - Pos < 8) /* LineBegin, LineEnd */
      return BLOB_INVALID;
    Pos += 8;
  }
  if (Size - Pos < 4)
    return BLOB_INVALID;
  const uint64_t NumEdges = readU32(B + Pos);
  Pos += 4;
  if (HasCallSites
          ? (Size - Pos) / EDGE_SIZE < NumEdges
          : (Size - Pos) / EDGE_SIZE != NumEdges || (Size - Pos) % EDGE_SIZE)
    return BLOB_INVALID;
  for (uint64_t I = 0; I != NumEdges; ++I) {
    const uint8_t *E = B + Pos + I * EDGE_SIZE;
    uint32_t Src = readU32(E), Dst = readU32(E + 4), Kind = readU32(E + 8);
    if (Src >= NumBlocks || Dst == 0 || Dst > NumBlocks ||
        Kind > PATHPROF_EDGE_RETURN)
      return BLOB_INVALID;
    if (I > 0) {
      const uint8_t *P = E - EDGE_SIZE;
      uint32_t PSrc = readU32(P);
      if (PSrc > Src || (PSrc == Src && readU64(P + 12) >= readU64(E + 12)))
        return BLOB_INVALID;
    }
  }
  return Pos;
}

static uint64_t edgeTable(const PathProfFunctionData *F) {
  uint64_t NumF = __pathprof_num_functions();
  uint64_t Index = (uint64_t)(F - __start___pathprof_data);
  uint64_t *Cache = __atomic_load_n(&BlobCache, __ATOMIC_ACQUIRE);
  if (!Cache) {
    void *P = mmap(0, (size_t)(NumF * sizeof(uint64_t)), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (P != MAP_FAILED) {
      uint64_t *Expected = 0;
      if (__atomic_compare_exchange_n(&BlobCache, &Expected, (uint64_t *)P, 0,
                                      __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        Cache = (uint64_t *)P;
      else {
        munmap(P, (size_t)(NumF * sizeof(uint64_t)));
        Cache = Expected;
      }
    }
  }
  if (!Cache)
    return parseBlob(F);
  uint64_t V = __atomic_load_n(&Cache[Index], __ATOMIC_RELAXED);
  if (V == 0) {
    uint64_t Pos = parseBlob(F);
    V = Pos == BLOB_INVALID ? BLOB_INVALID : Pos + 1;
    __atomic_store_n(&Cache[Index], V, __ATOMIC_RELAXED);
  }
  return V == BLOB_INVALID ? BLOB_INVALID : V - 1;
}

/* Decodes PathId of F into Out (capacity Cap); *Len gets the full length,
   which may exceed Cap. Returns null or why the id does not decode. */
static const char *decode(const PathProfFunctionData *F, uint64_t PathId,
                          uint32_t *Out, uint32_t Cap, uint32_t *Len) {
  *Len = 0;
  const uint64_t Table = edgeTable(F);
  if (Table == BLOB_INVALID)
    return "malformed CFG description";
  if (PathId >= F->NumPaths)
    return "path id out of range";
  const uint8_t *Edges = F->CFG + Table;
  const uint32_t NumEdges = readU32(F->CFG + Table - 4);
  const uint32_t Exit = readU32(F->CFG + 4);
  uint64_t Rest = PathId;
  uint32_t Node = 0;
  for (uint32_t Steps = 0; Node != Exit; ++Steps) {
    if (Steps > Exit)
      return "malformed CFG description";
    /* First out-edge of Node: the edges are sorted by source. */
    uint32_t Lo = 0, Hi = NumEdges;
    while (Lo < Hi) {
      uint32_t Mid = Lo + (Hi - Lo) / 2;
      if (readU32(Edges + (uint64_t)Mid * EDGE_SIZE) < Node)
        Lo = Mid + 1;
      else
        Hi = Mid;
    }
    if (Lo == NumEdges || readU32(Edges + (uint64_t)Lo * EDGE_SIZE) != Node)
      return "block without out-edges";
    uint32_t Pick = Lo;
    for (uint32_t I = Lo + 1; I != NumEdges; ++I) {
      const uint8_t *E = Edges + (uint64_t)I * EDGE_SIZE;
      if (readU32(E) != Node || readU64(E + 12) > Rest)
        break;
      Pick = I;
    }
    const uint8_t *E = Edges + (uint64_t)Pick * EDGE_SIZE;
    const uint32_t Dst = readU32(E + 4), Kind = readU32(E + 8);
    const uint64_t Val = readU64(E + 12);
    if (Val > Rest)
      return "path id does not decode";
    if (Node == 0 && Kind != PATHPROF_EDGE_ENTRY_PSEUDO) {
      if (*Len < Cap)
        Out[*Len] = 0;
      ++*Len;
    }
    if (Dst != Exit) {
      if (*Len < Cap)
        Out[*Len] = Dst;
      ++*Len;
    }
    Rest -= Val;
    Node = Dst;
  }
  if (Rest != 0)
    return "path id does not decode";
  return 0;
}

static void formatBlocks(char *Buf, size_t Size, const uint32_t *Blocks,
                         uint32_t Len, uint32_t Known) {
  size_t Pos = 0;
  int N = snprintf(Buf, Size, "[");
  Pos = (size_t)N;
  for (uint32_t I = 0; I != Known && I != Len; ++I) {
    if (Size - Pos < 24) {
      snprintf(Buf + Pos, Size - Pos, " ...");
      Pos += strlen(Buf + Pos);
      break;
    }
    N = snprintf(Buf + Pos, Size - Pos, I ? " %u" : "%u", Blocks[I]);
    Pos += (size_t)N;
  }
  if (Known < Len && Size - Pos > 5 && !strstr(Buf, "..."))
    Pos += (size_t)snprintf(Buf + Pos, Size - Pos, " ...");
  snprintf(Buf + Pos, Size - Pos, "]");
}

static VerifyFrame *frameOf(uint64_t Frame) {
  VerifyStack *S = ThreadStack;
  if (!S || Frame >= VERIFY_MAX_FRAMES || Frame >= S->Depth)
    return 0;
  return &S->Frames[Frame];
}

PATHPROF_API uint64_t __pathprof_verify_enter(const PathProfFunctionData *F) {
  if (!__atomic_exchange_n(&AtExitRegistered, 1, __ATOMIC_ACQ_REL))
    atexit(printSummary);
  VerifyStack *S = getStack();
  if (!S)
    return NO_FRAME;
  uint64_t Index = S->Depth++;
  if (Index < VERIFY_MAX_FRAMES) {
    VerifyFrame *Fr = &S->Frames[Index];
    Fr->F = F;
    Fr->Len = 0;
    Fr->Overflow = 0;
  }
  return Index;
}

PATHPROF_API void __pathprof_verify_block(uint64_t Frame, uint32_t Block) {
  VerifyFrame *Fr = frameOf(Frame);
  if (!Fr)
    return;
  if (Fr->Len < VERIFY_TRACE_CAP)
    Fr->Trace[Fr->Len++] = Block;
  else
    Fr->Overflow = 1;
}

PATHPROF_API void __pathprof_verify_path(uint64_t Frame, uint64_t PathId) {
  VerifyFrame *Fr = frameOf(Frame);
  if (!Fr)
    return;
  const PathProfFunctionData *F = Fr->F;
  if (Fr->Overflow || !F || F < __start___pathprof_data ||
      F >= __stop___pathprof_data) {
    Fr->Len = 0;
    Fr->Overflow = 0;
    return;
  }
  uint32_t *Decoded = ThreadStack->Decoded;
  uint32_t Len;
  const char *Why = decode(F, PathId, Decoded, VERIFY_TRACE_CAP + 1, &Len);
  int Match = !Why && Len == Fr->Len &&
              memcmp(Decoded, Fr->Trace, Len * sizeof(uint32_t)) == 0;
  __atomic_fetch_add(&NumChecked, 1, __ATOMIC_RELAXED);
  if (!Match) {
    __atomic_fetch_add(&NumMismatches, 1, __ATOMIC_RELAXED);
    char Ran[512], Dec[512];
    int NameLen = F->Name ? (int)(F->NameSize > 256 ? 256 : F->NameSize) : 0;
    formatBlocks(Ran, sizeof(Ran), Fr->Trace, Fr->Len, Fr->Len);
    if (Why) {
      __pathprof_report_error("verify: %.*s: path %llu cannot be decoded (%s) "
                              "but blocks %s ran",
                              NameLen, F->Name ? F->Name : "",
                              (unsigned long long)PathId, Why, Ran);
    } else {
      formatBlocks(Dec, sizeof(Dec), Decoded, Len,
                   Len < VERIFY_TRACE_CAP + 1 ? Len : VERIFY_TRACE_CAP + 1);
      __pathprof_report_error(
          "verify: %.*s: path %llu decodes to blocks %s but blocks %s ran",
          NameLen, F->Name ? F->Name : "", (unsigned long long)PathId, Dec,
          Ran);
    }
  }
  Fr->Len = 0;
  Fr->Overflow = 0;
}

PATHPROF_API void __pathprof_verify_leave(uint64_t Frame) {
  VerifyStack *S = ThreadStack;
  if (!S || Frame == NO_FRAME)
    return;
  if (Frame < S->Depth)
    S->Depth = Frame;
}

/* Called right after a returns_twice call (setjmp) returns, the first or the
   second time: frames above Frame were abandoned by a longjmp, and the
   current path restarted at Block (see "setjmp" in docs/Design.md). */
PATHPROF_API void __pathprof_verify_resume(uint64_t Frame, uint32_t Block) {
  VerifyStack *S = ThreadStack;
  if (!S || Frame == NO_FRAME)
    return;
  if (Frame < S->Depth)
    S->Depth = Frame + 1;
  VerifyFrame *Fr = frameOf(Frame);
  if (!Fr)
    return;
  Fr->Trace[0] = Block;
  Fr->Len = 1;
  Fr->Overflow = 0;
}
