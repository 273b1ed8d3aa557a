/*===- PathProfLayout.c - The module's layout in a raw profile ---*- C -*-===*\
|*
|* Lays out this module's part of the raw profile (PathProf/ProfileFormat.h)
|* from its function records, once, at init: a description segment,
|* written once per file,
|*
|*   header | function records | values | name references | build id |
|*   names and CFG descriptions
|*
|* and the counter segment of every module instance (process, thread slice),
|*
|*   header | counters | hash tables | metric table | sampling | context
|*
|* with the module signature that names the layout. The life cycle
|* (PathProfRuntime.c) says how many metrics and how large a context arena
|* the counting code wants (__pathprof_layout_needs says what the records
|* ask for); nothing here counts, maps or keeps a file.
|*
|* The names and CFG descriptions go from the binary to the file with
|* pwritev: the program never copies them, so a module of thousands of
|* functions starts in about as many instructions as it has functions.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#define DEFAULT_HASH_CAPACITY 65536ULL
#define MAX_HASH_CAPACITY (1ULL << 26)
#define MAX_BLOB_SIZE (1ULL << 32)

/* This module's layout, fixed at init. */
static PathProfLayout L = {
    .Hashes = {{PATHPROF_REGION_HASH, sizeof(PathProfHashEntry), 0, 0},
               {PATHPROF_REGION_HASH_SAMPLED, sizeof(PathProfHashSampledEntry),
                0, 0}}};
/* Header and records of the description segment (L.NamesOffset bytes). */
static char *Desc;
/* Header of a fresh counter segment. */
static PathProfRawHeader CounterHeader;

const PathProfLayout *__pathprof_layout(void) { return &L; }

static uint64_t align8(uint64_t V) { return (V + 7) & ~7ULL; }

uint64_t __pathprof_hash_capacity(void) {
  uint64_t V;
  int Found = __pathprof_env_number("PATHPROF_HASH_SIZE", 0, &V);
  if (Found == 0)
    return DEFAULT_HASH_CAPACITY;
  if (Found < 0) {
    __pathprof_report_error("invalid PATHPROF_HASH_SIZE '%s'; using %llu",
                            getenv("PATHPROF_HASH_SIZE"),
                            (unsigned long long)DEFAULT_HASH_CAPACITY);
    return DEFAULT_HASH_CAPACITY;
  }
  if (V > MAX_HASH_CAPACITY) {
    __pathprof_report_error("PATHPROF_HASH_SIZE %llu is too large; using %llu",
                            (unsigned long long)V,
                            (unsigned long long)MAX_HASH_CAPACITY);
    return MAX_HASH_CAPACITY;
  }
  uint64_t Cap = 1;
  while (Cap < V)
    Cap <<= 1;
  return Cap;
}

/* One step of the module signature: a multiply-xorshift of 64-bit words,
   so that hashing the names costs about one step per 8 bytes. */
static uint64_t mixWord(uint64_t H, uint64_t W) {
  H = (H ^ W) * 0x100000001b3ULL;
  return H ^ (H >> 29);
}

/* Names the module's layout: every record's name (or, correlated, its
   name's MD5), checksum, number of paths, counter offset and flags, and its
   VALUES entry if the module has any (\p Values, or null). Segments of one
   signature have the same description, so a file needs one description per
   signature. */
static uint64_t moduleSignature(const PathProfRawFunction *Records,
                                const PathProfRawValueFunction *Values,
                                const PathProfFunctionData *Data, uint64_t N) {
  uint64_t H = 0xcbf29ce484222325ULL;
  for (uint64_t I = 0; I != N; ++I) {
    const PathProfRawFunction *R = &Records[I];
    if (Values) {
      H = mixWord(H, Values[I].Address);
      H = mixWord(H, Values[I].ValuesOffset);
      H = mixWord(H, Values[I].NumValueSites);
      H = mixWord(H, Values[I].NumSelects);
    }
    H = mixWord(H, R->NameSize);
    H = mixWord(H, R->Checksum);
    H = mixWord(H, R->NumPaths);
    H = mixWord(H, R->CounterOffset);
    H = mixWord(H, R->Flags);
    H = mixWord(H, Data[I].NameRef);
    const char *Name = Data[I].Name;
    uint64_t Size = R->NameSize, J = 0;
    for (; J + 8 <= Size; J += 8) {
      uint64_t W;
      memcpy(&W, Name + J, 8);
      H = mixWord(H, W);
    }
    if (J != Size) {
      uint64_t W = 0;
      memcpy(&W, Name + J, (size_t)(Size - J));
      H = mixWord(H, W);
    }
  }
  return H;
}

static void setRegion(PathProfRawHeader *H, uint64_t Kind, uint64_t Offset,
                      uint64_t Size, uint64_t EntrySize) {
  PathProfRawRegion *R = &H->Regions[H->NumRegions++];
  R->Kind = Kind;
  R->Offset = Offset;
  R->Size = Size;
  R->EntrySize = EntrySize;
}

/* The fields of a header that both segment kinds share; Magic 0 and FREE
   until the segment is complete. */
static void initHeader(PathProfRawHeader *H, uint64_t Kind, uint64_t Size,
                       uint64_t NumFunctions) {
  H->Magic = 0;
  H->Version = PATHPROF_RAW_VERSION;
  H->HeaderSize = sizeof(PathProfRawHeader);
  H->SegmentSize = Size;
  H->SegmentKind = Kind;
  H->SegmentFlags = PATHPROF_SEGMENT_FREE;
  H->ModuleSignature = L.Signature;
  H->NumFunctions = NumFunctions;
  __pathprof_copy_string(H->Producer, __pathprof_producer, sizeof(H->Producer));
  __pathprof_copy_string(H->Runtime, PATHPROF_RUNTIME_STRING,
                         sizeof(H->Runtime));
}

/* Computes the layout, with \p NumMetrics metrics per path record (the
   events the counting code chose) and a context arena of \p ContextSize
   bytes (0: none), and builds the description image and the counter
   header; returns 0, or -1 after reporting. */

void __pathprof_layout_needs(PathProfLayoutNeeds *N) {
  const PathProfFunctionData *Data = __start___pathprof_data;
  N->MaxMetrics = 0;
  N->AnyCalls = N->AnyContext = 0;
  for (uint64_t I = 0, E = __pathprof_num_functions(); I != E; ++I) {
    N->AnyContext |= (Data[I].Flags & PATHPROF_FUNC_CONTEXT) != 0;
    N->AnyCalls |= (Data[I].Flags & PATHPROF_FUNC_CALLS) != 0;
    if (pathprofFunctionMetrics(Data[I].Flags) > N->MaxMetrics)
      N->MaxMetrics = pathprofFunctionMetrics(Data[I].Flags);
  }
  if (N->MaxMetrics > PATHPROF_MAX_METRICS)
    N->MaxMetrics = PATHPROF_MAX_METRICS;
}

int __pathprof_layout_build(unsigned NumMetrics, uint64_t ContextSize) {
  const uint64_t NumFunctions = __pathprof_num_functions();
  const PathProfFunctionData *Data = __start___pathprof_data;
  char *CntBegin = (char *)__start___pathprof_cnts;
  char *CntEnd = (char *)__stop___pathprof_cnts;
  L.CountersSize =
      (CntBegin && CntEnd > CntBegin) ? (uint64_t)(CntEnd - CntBegin) : 0;

  /* A module with indirect call sites or selects describes where their
     value blocks and select counters are and which functions the blocks may
     record (the VALUES region). */
  int AnyValues = 0;
  for (uint64_t I = 0; I != NumFunctions && !AnyValues; ++I)
    AnyValues = Data[I].NumValueSites != 0 || Data[I].NumSelects != 0;
  /* A module built with -fprofile-path-correlate=binary has its names and
     CFG descriptions in its binary: the description names them by MD5 and
     the binary by its build id (NAME_REFS, BUILD_ID). */
  int Correlated = 0;
  for (uint64_t I = 0; I != NumFunctions && !Correlated; ++I)
    Correlated = !Data[I].Name;
  uint8_t BuildId[64];
  L.BuildIdSize =
      Correlated ? __pathprof_module_build_id(BuildId, sizeof(BuildId)) : 0;
  if (Correlated && !L.BuildIdSize)
    __pathprof_report_error(
        "the module's names and CFG descriptions are in its binary "
        "(-fprofile-path-correlate=binary), but it has no build id to find "
        "it by; link it with -Wl,--build-id");
  L.FunctionsOffset = sizeof(PathProfRawHeader);
  L.ValuesOffset =
      L.FunctionsOffset + NumFunctions * sizeof(PathProfRawFunction);
  L.NameRefsOffset =
      L.ValuesOffset +
      (AnyValues ? NumFunctions * sizeof(PathProfRawValueFunction) : 0);
  L.BuildIdOffset =
      L.NameRefsOffset + (Correlated ? NumFunctions * sizeof(uint64_t) : 0);
  L.NamesOffset = L.BuildIdOffset + align8(L.BuildIdSize);
  void *P = mmap(0, (size_t)L.NamesOffset, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (P == MAP_FAILED) {
    __pathprof_report_error("cannot allocate the profile image: %s",
                            __pathprof_strerror(errno));
    return -1;
  }
  Desc = (char *)P;
  L.Description = Desc;
  L.CounterHeader = &CounterHeader;

  PathProfRawFunction *Records =
      (PathProfRawFunction *)(Desc + L.FunctionsOffset);
  PathProfRawValueFunction *Values =
      AnyValues ? (PathProfRawValueFunction *)(Desc + L.ValuesOffset) : 0;
  uint64_t *NameRefs = Correlated ? (uint64_t *)(Desc + L.NameRefsOffset) : 0;
  if (Correlated)
    memcpy(Desc + L.BuildIdOffset, BuildId, (size_t)L.BuildIdSize);
  int AnyHashed[PATHPROF_NUM_HASHES] = {0, 0};
  uint64_t NamePos = 0;
  for (uint64_t I = 0; I != NumFunctions; ++I) {
    const PathProfFunctionData *F = &Data[I];
    PathProfRawFunction *R = &Records[I];
    uint64_t NameSize = F->Name ? F->NameSize : 0;
    uint64_t CFGSize = F->CFG ? F->CFGSize : 0;
    if (NameSize >= MAX_BLOB_SIZE || CFGSize >= MAX_BLOB_SIZE) {
      __pathprof_report_error("corrupt function record %llu; no profile",
                              (unsigned long long)I);
      munmap(Desc, (size_t)L.NamesOffset);
      Desc = 0;
      L.Description = 0;
      return -1;
    }
    R->NameOffset = NamePos;
    R->NameSize = NameSize;
    NamePos += align8(NameSize);
    R->CFGOffset = NamePos;
    R->CFGSize = CFGSize;
    NamePos += align8(CFGSize);
    R->Checksum = F->Checksum;
    if (NameRefs)
      NameRefs[I] = F->NameRef;
    R->NumPaths = F->NumPaths;
    R->Flags = F->Flags;
    R->CounterOffset = 0;
    if (F->Flags & PATHPROF_FUNC_HASHED) {
      AnyHashed[pathprofFunctionMetrics(F->Flags) != 0] = 1;
    } else if (F->Counters) {
      char *C = (char *)F->Counters;
      if (C >= CntBegin && C < CntEnd)
        R->CounterOffset = (uint64_t)(C - CntBegin);
      else
        __pathprof_report_error("function '%.*s': counters outside the "
                                "counter section",
                                (int)NameSize, NameSize ? F->Name : "");
    }
    if (Values) {
      PathProfRawValueFunction *V = &Values[I];
      V->Address = __pathprof_value_key(F);
      char *B = (char *)F->Values;
      const uint64_t Words =
          F->NumValueSites * PATHPROF_VALUE_BLOCK_WORDS + F->NumSelects;
      if (!Words)
        continue;
      if (B >= CntBegin && F->NumValueSites <= UINT32_MAX &&
          F->NumSelects <= UINT32_MAX && Words <= (uint64_t)(CntEnd - B) / 8) {
        V->ValuesOffset = (uint64_t)(B - CntBegin);
        V->NumValueSites = F->NumValueSites;
        V->NumSelects = F->NumSelects;
      } else {
        __pathprof_report_error("function '%.*s': value blocks or select "
                                "counters outside the counter section",
                                (int)NameSize, NameSize ? F->Name : "");
      }
    }
  }
  L.NamesSize = NamePos;
  L.DescSize = __pathprof_round_to_page(L.NamesOffset + L.NamesSize);
  L.Signature = moduleSignature(Records, Values, Data, NumFunctions);

  L.HashCapacity =
      AnyHashed[0] || AnyHashed[1] ? __pathprof_hash_capacity() : 0;
  L.CountersOffset = sizeof(PathProfRawHeader);
  uint64_t End = L.CountersOffset + L.CountersSize;
  for (unsigned I = 0; I != PATHPROF_NUM_HASHES; ++I) {
    if (!AnyHashed[I])
      continue;
    L.Hashes[I].Offset = align8(End);
    L.Hashes[I].Size =
        sizeof(PathProfHashHeader) + L.HashCapacity * L.Hashes[I].EntrySize;
    End = L.Hashes[I].Offset + L.Hashes[I].Size;
  }
  L.MetricsOffset = NumMetrics ? align8(End) : 0;
  L.MetricsSize = NumMetrics * sizeof(PathProfRawMetric);
  if (NumMetrics) {
    L.SamplingOffset = align8(L.MetricsOffset + L.MetricsSize);
    End = L.SamplingOffset + sizeof(PathProfRawSampling);
  }
  /* The calling context tree comes last, page-aligned: its file space is
     reserved as it grows (PathProfContext.c). */
  if (ContextSize) {
    L.ContextOffset = __pathprof_round_to_page(End);
    L.ContextSize = ContextSize;
    End = L.ContextOffset + L.ContextSize;
  }
  L.SegmentSize = __pathprof_round_to_page(End);

  PathProfRawHeader *D = (PathProfRawHeader *)Desc;
  initHeader(D, PATHPROF_SEGMENT_DESCRIPTION, L.DescSize, NumFunctions);
  setRegion(D, PATHPROF_REGION_FUNCTIONS, L.FunctionsOffset,
            NumFunctions * sizeof(PathProfRawFunction),
            sizeof(PathProfRawFunction));
  setRegion(D, PATHPROF_REGION_NAMES, L.NamesOffset, L.NamesSize, 1);
  if (Values)
    setRegion(D, PATHPROF_REGION_VALUES, L.ValuesOffset,
              NumFunctions * sizeof(PathProfRawValueFunction),
              sizeof(PathProfRawValueFunction));
  if (NameRefs) {
    setRegion(D, PATHPROF_REGION_NAME_REFS, L.NameRefsOffset,
              NumFunctions * sizeof(uint64_t), sizeof(uint64_t));
    setRegion(D, PATHPROF_REGION_BUILD_ID, L.BuildIdOffset, L.BuildIdSize, 1);
  }

  PathProfRawHeader *C = &CounterHeader;
  initHeader(C, PATHPROF_SEGMENT_COUNTERS, L.SegmentSize, NumFunctions);
  setRegion(C, PATHPROF_REGION_COUNTERS, L.CountersOffset, L.CountersSize,
            sizeof(uint64_t));
  for (unsigned I = 0; I != PATHPROF_NUM_HASHES; ++I)
    if (L.Hashes[I].Size)
      setRegion(C, L.Hashes[I].Kind, L.Hashes[I].Offset, L.Hashes[I].Size,
                L.Hashes[I].EntrySize);
  C->NumMetrics = NumMetrics;
  if (NumMetrics) {
    setRegion(C, PATHPROF_REGION_METRICS, L.MetricsOffset, L.MetricsSize,
              sizeof(PathProfRawMetric));
    setRegion(C, PATHPROF_REGION_SAMPLING, L.SamplingOffset,
              sizeof(PathProfRawSampling), sizeof(PathProfRawSampling));
  }
  if (L.ContextSize)
    setRegion(C, PATHPROF_REGION_CONTEXT, L.ContextOffset, L.ContextSize,
              sizeof(uint64_t));
  return 0;
}

/* Writes \p N iovecs, \p Size bytes in all, at \p Offset of \p Fd, going
   on after short writes. Returns 0, or -1 with errno set.
   Async-signal-safe. */
static int writeAll(int Fd, struct iovec *Iov, int N, uint64_t Size,
                    uint64_t Offset) {
  while (Size) {
    ssize_t W = pwritev(Fd, Iov, N, (off_t)Offset);
    if (W < 0 && errno == EINTR)
      continue;
    if (W <= 0)
      return -1;
    Size -= (uint64_t)W;
    Offset += (uint64_t)W;
    while (N && (size_t)W >= Iov->iov_len) {
      W -= (ssize_t)Iov->iov_len;
      ++Iov;
      --N;
    }
    if (N) {
      Iov->iov_base = (char *)Iov->iov_base + W;
      Iov->iov_len -= (size_t)W;
    }
  }
  return 0;
}

/* The iovecs of the next pwritev, at Offset of Fd. */
typedef struct {
  struct iovec Iov[512];
  int Used;
  uint64_t Pending; /* bytes in Iov */
  uint64_t Offset;
  int Fd;
  int Failed;
} NamesBatch;

static void flushNames(NamesBatch *B) {
  if (!B->Failed && B->Used &&
      writeAll(B->Fd, B->Iov, B->Used, B->Pending, B->Offset) != 0)
    B->Failed = 1;
  B->Offset += B->Pending;
  B->Used = 0;
  B->Pending = 0;
}

static void addName(NamesBatch *B, const void *Data, uint64_t Size) {
  if (!Size)
    return;
  if (B->Used == (int)(sizeof(B->Iov) / sizeof(B->Iov[0])))
    flushNames(B);
  B->Iov[B->Used].iov_base = (void *)Data;
  B->Iov[B->Used].iov_len = (size_t)Size;
  ++B->Used;
  B->Pending += Size;
}

/* Writes the names and CFG descriptions of the module's functions, as the
   records of the description place them (each padded with zeros to 8 bytes), to
   \p Fd at \p Offset (the names region of a description segment): straight from
   the binary, a batch of iovecs per system call. Returns 0, or -1 with errno
   set. Async-signal-safe. */
int __pathprof_layout_write_names(int Fd, uint64_t Offset) {
  static const char Zeros[8];
  NamesBatch B;
  B.Used = 0;
  B.Pending = 0;
  B.Offset = Offset;
  B.Fd = Fd;
  B.Failed = 0;
  const PathProfFunctionData *Data = __start___pathprof_data;
  const PathProfRawFunction *Records =
      (const PathProfRawFunction *)(Desc + L.FunctionsOffset);
  for (uint64_t I = 0, N = __pathprof_num_functions(); I != N; ++I) {
    const PathProfRawFunction *R = &Records[I];
    addName(&B, Data[I].Name, R->NameSize);
    addName(&B, Zeros, align8(R->NameSize) - R->NameSize);
    addName(&B, Data[I].CFG, R->CFGSize);
    addName(&B, Zeros, align8(R->CFGSize) - R->CFGSize);
  }
  flushNames(&B);
  return B.Failed ? -1 : 0;
}
