/*===- PathProfRuntime.c - Registration and the mapped profile ----*- C -*-===*\
|*
|* __pathprof_init lays out this module's part of the raw profile (see
|* PathProf/ProfileFormat.h): a description segment, written once per file,
|*
|*   header | function records | names and CFG descriptions
|*
|* and a counter segment per module instance (process, thread slice):
|*
|*   header | counters | hash table
|*
|* It obtains a counter segment of the profile file (PathProfSegment.c, which
|* also writes the description when the file does not hold it yet) and maps
|* it MAP_SHARED. The counters image and the hash table are then the live
|* counters of the program: instrumented code adds __pathprof_counter_bias to
|* the address of each counter in the __pathprof_cnts section, and the bias
|* is set here so that the sum lands in the mapping. Nothing has to be
|* written at exit, and a crash or a kill -9 keeps every count made so far.
|*
|* The names and CFG descriptions go from the binary to the file with
|* pwritev: the program never copies them, so a module of thousands of
|* functions starts in about as many instructions as it has functions.
|*
|* Until the bias is set it is 0 and counts land in the static section; the
|* section image (holding whatever earlier constructors counted) is copied
|* into the segment before the switch. If no segment can be had the bias
|* stays 0, the program runs on with counts in the static section, and the
|* hash table (if any) goes to anonymous memory.
|*
|* Later segments (a fork child's, or after __pathprof_set_filename) replace
|* the mapping in place (mremap onto the same address), so the bias never
|* changes once set: live frames may hold it in a register.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#define DEFAULT_FILE_NAME "default.pathraw"
#define DEFAULT_HASH_CAPACITY 65536ULL
#define MAX_HASH_CAPACITY (1ULL << 26)
#define MAX_BLOB_SIZE (1ULL << 32)

/* Hidden: every executable and DSO gets its own copy, matching its own
   counter section. */
uint64_t __pathprof_counter_bias = 0;

PathProfHashHeader *__pathprof_hash_table;
PathProfHashHeader *__pathprof_hash_metrics_table;

enum { InitNone = 0, InitRunning = 1, InitDone = 2 };
static int InitState = InitNone;

/* This module's layout, fixed at init: its description segment (records at
   FunctionsOffset, names at NamesOffset) and its counter segments. */
static struct {
  uint64_t FunctionsOffset, ValuesOffset, NameRefsOffset, BuildIdOffset,
      BuildIdSize, NamesOffset, NamesSize, DescSize, CountersOffset,
      CountersSize, HashCapacity, MetricsOffset, MetricsSize, SamplingOffset,
      ContextOffset, ContextSize, SegmentSize, Signature;
} L;

/* The module's two hash tables, laid out after the counters: the counts of
   hashed functions without metrics (HASH) and the records of those with
   (HASH_SAMPLED). Size 0: the module has no such function. */
typedef struct {
  uint64_t Kind, EntrySize;
  PathProfHashHeader **Table;
  uint64_t Offset, Size;
} HashLayout;
static HashLayout Hashes[2] = {{PATHPROF_REGION_HASH, sizeof(PathProfHashEntry),
                                &__pathprof_hash_table, 0, 0},
                               {PATHPROF_REGION_HASH_SAMPLED,
                                sizeof(PathProfHashSampledEntry),
                                &__pathprof_hash_metrics_table, 0, 0}};
enum { NumHashes = sizeof(Hashes) / sizeof(Hashes[0]) };
/* Header and records of the description segment (L.NamesOffset bytes). */
static char *Image;
/* Header of a fresh counter segment. */
static PathProfRawHeader CounterHeader;
/* The mapped segment (or the anonymous stand-in of a fork child that could
   not get one), or null while the module is not profiled. */
static char *Map;
/* Holds the OFD lock that marks the segment live. The mapping holds the
   same open file description: the lock lasts until both are gone. */
static int SegmentFd = -1;
/* The pattern the current file was named from. */
static char Pattern[PATH_MAX];
/* Set by __pathprof_set_filename; wins over PATHPROF_FILE. */
static char Override[PATH_MAX];
static int HasOverride;
/* Serializes set_filename, reset and fork against each other. */
static int ModuleLock;
/* While obtaining the first segment: copy the static counters into it. */
static int CopyStaticCounters;
/* The module is the main executable, not a shared library. */
static int IsMainExecutable;

static void lockModule(void) {
  while (__atomic_exchange_n(&ModuleLock, 1, __ATOMIC_ACQUIRE))
    sched_yield();
}
static void unlockModule(void) {
  __atomic_store_n(&ModuleLock, 0, __ATOMIC_RELEASE);
}
void __pathprof_lock_module(void) { lockModule(); }
void __pathprof_unlock_module(void) { unlockModule(); }

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

static void useAnonymousHashTables(void) {
  for (unsigned I = 0; I != NumHashes; ++I) {
    if (!Hashes[I].Size)
      continue;
    void *P = mmap(0, (size_t)Hashes[I].Size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (P == MAP_FAILED) {
      __pathprof_report_error("cannot allocate the path hash table: %s",
                              __pathprof_strerror(errno));
      return;
    }
    PathProfHashHeader *T = (PathProfHashHeader *)P;
    T->Capacity = L.HashCapacity;
    __atomic_store_n(Hashes[I].Table, T, __ATOMIC_RELEASE);
  }
}

static void copyString(char *Dst, const char *Src, size_t Size) {
  size_t I = 0;
  for (; Src && Src[I] && I + 1 < Size; ++I)
    Dst[I] = Src[I];
  for (; I != Size; ++I)
    Dst[I] = '\0';
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
  copyString(H->Producer, __pathprof_producer, sizeof(H->Producer));
  copyString(H->Runtime, PATHPROF_RUNTIME_STRING, sizeof(H->Runtime));
}

static uint64_t roundToPage(uint64_t V) {
  long Page = sysconf(_SC_PAGESIZE);
  uint64_t PageSize = Page > 0 ? (uint64_t)Page : 4096;
  return (V + PageSize - 1) / PageSize * PageSize;
}

/* Computes the layout and builds Image and CounterHeader; returns 0 on
   success. */
static int buildImage(void) {
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
  Image = (char *)P;

  PathProfRawFunction *Records =
      (PathProfRawFunction *)(Image + L.FunctionsOffset);
  PathProfRawValueFunction *Values =
      AnyValues ? (PathProfRawValueFunction *)(Image + L.ValuesOffset) : 0;
  uint64_t *NameRefs = Correlated ? (uint64_t *)(Image + L.NameRefsOffset) : 0;
  if (Correlated)
    memcpy(Image + L.BuildIdOffset, BuildId, (size_t)L.BuildIdSize);
  int AnyHashed[NumHashes] = {0, 0};
  int AnyContext = 0, AnyCalls = 0;
  unsigned MaxMetrics = 0;
  uint64_t NamePos = 0;
  for (uint64_t I = 0; I != NumFunctions; ++I) {
    const PathProfFunctionData *F = &Data[I];
    PathProfRawFunction *R = &Records[I];
    uint64_t NameSize = F->Name ? F->NameSize : 0;
    uint64_t CFGSize = F->CFG ? F->CFGSize : 0;
    if (NameSize >= MAX_BLOB_SIZE || CFGSize >= MAX_BLOB_SIZE) {
      __pathprof_report_error("corrupt function record %llu; no profile",
                              (unsigned long long)I);
      munmap(Image, (size_t)L.NamesOffset);
      Image = 0;
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
    AnyContext |= (F->Flags & PATHPROF_FUNC_CONTEXT) != 0;
    AnyCalls |= (F->Flags & PATHPROF_FUNC_CALLS) != 0;
    if (pathprofFunctionMetrics(F->Flags) > MaxMetrics)
      MaxMetrics = pathprofFunctionMetrics(F->Flags);
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
  L.DescSize = roundToPage(L.NamesOffset + L.NamesSize);
  L.Signature = moduleSignature(Records, Values, Data, NumFunctions);

  L.HashCapacity =
      AnyHashed[0] || AnyHashed[1] ? __pathprof_hash_capacity() : 0;
  L.CountersOffset = sizeof(PathProfRawHeader);
  uint64_t End = L.CountersOffset + L.CountersSize;
  for (unsigned I = 0; I != NumHashes; ++I) {
    if (!AnyHashed[I])
      continue;
    Hashes[I].Offset = align8(End);
    Hashes[I].Size =
        sizeof(PathProfHashHeader) + L.HashCapacity * Hashes[I].EntrySize;
    End = Hashes[I].Offset + Hashes[I].Size;
  }
  /* The events counted into the metric accumulators of path records. */
  unsigned NumMetrics =
      MaxMetrics
          ? __pathprof_metrics_configure(MaxMetrics > PATHPROF_MAX_METRICS
                                             ? PATHPROF_MAX_METRICS
                                             : MaxMetrics,
                                         !AnyCalls)
          : 0;
  L.MetricsOffset = NumMetrics ? align8(End) : 0;
  L.MetricsSize = NumMetrics * sizeof(PathProfRawMetric);
  if (NumMetrics) {
    L.SamplingOffset = align8(L.MetricsOffset + L.MetricsSize);
    End = L.SamplingOffset + sizeof(PathProfRawSampling);
  }
  /* The calling context tree comes last, page-aligned: its file space is
     reserved as it grows (PathProfContext.c). */
  if (AnyContext) {
    L.ContextOffset = roundToPage(End);
    L.ContextSize = __pathprof_ctx_capacity();
    End = L.ContextOffset + L.ContextSize;
  }
  L.SegmentSize = roundToPage(End);

  PathProfRawHeader *D = (PathProfRawHeader *)Image;
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
  for (unsigned I = 0; I != NumHashes; ++I)
    if (Hashes[I].Size)
      setRegion(C, Hashes[I].Kind, Hashes[I].Offset, Hashes[I].Size,
                Hashes[I].EntrySize);
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
   records in Image place them (each padded with zeros to 8 bytes), to \p Fd
   at \p Offset (the names region of a description segment): straight from
   the binary, a batch of iovecs per system call. Returns 0, or -1 with errno
   set. Async-signal-safe. */
static int writeNames(int Fd, uint64_t Offset) {
  static const char Zeros[8];
  NamesBatch B;
  B.Used = 0;
  B.Pending = 0;
  B.Offset = Offset;
  B.Fd = Fd;
  B.Failed = 0;
  const PathProfFunctionData *Data = __start___pathprof_data;
  const PathProfRawFunction *Records =
      (const PathProfRawFunction *)(Image + L.FunctionsOffset);
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

/* Copies the counts made before the profile was mapped (by code that ran
   before __pathprof_init, counting into the static section) from \p Src to
   \p Dst, which is zero. Only pages of the section that are resident can
   hold counts: the section is SHT_NOBITS, so a page nobody wrote is not
   there (mincore), and pages of zeros are not copied, so the counter region
   of the file stays a hole where nothing ran and the copy costs nothing for
   the megabytes of counters a large program has. Where mincore is not
   available, everything is copied. Marks the pages of the segment it writes
   in \p Marks, a page map, if not null. Async-signal-safe. */
static void copyTouchedCounters(char *Dst, const char *Src, size_t Size,
                                unsigned char *Marks) {
  const uintptr_t PageSize = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t Begin = (uintptr_t)Src & ~(PageSize - 1);
  uintptr_t End = (uintptr_t)Src + Size;
  unsigned char Resident[256];
  for (uintptr_t Page = Begin; Page < End;) {
    size_t Pages = (End - Page + PageSize - 1) / PageSize;
    if (Pages > sizeof(Resident))
      Pages = sizeof(Resident);
    int HaveMap = mincore((void *)Page, Pages * PageSize, Resident) == 0;
    for (size_t I = 0; I != Pages; ++I, Page += PageSize) {
      if (HaveMap && !(Resident[I] & 1))
        continue;
      uintptr_t From = Page < (uintptr_t)Src ? (uintptr_t)Src : Page;
      uintptr_t To = Page + PageSize < End ? Page + PageSize : End;
      const uint64_t *W = (const uint64_t *)From;
      size_t N = (To - From) / sizeof(uint64_t), J = 0;
      while (J != N && W[J] == 0)
        ++J;
      if (J != N) {
        memcpy(Dst + (From - (uintptr_t)Src), (const void *)From, To - From);
        __pathprof_mark_pages(Marks, L.CountersOffset + (From - (uintptr_t)Src),
                              To - From);
      }
    }
  }
}

/* Counters and hash header of a segment whose other bytes past the image
   are zero. */
static void fillCounters(char *Segment, unsigned char *Pages) {
  if (L.CountersSize && CopyStaticCounters)
    copyTouchedCounters(Segment + L.CountersOffset,
                        (const char *)__start___pathprof_cnts,
                        (size_t)L.CountersSize, Pages);
  for (unsigned I = 0; I != NumHashes; ++I)
    if (Hashes[I].Size)
      ((PathProfHashHeader *)(Segment + Hashes[I].Offset))->Capacity =
          L.HashCapacity;
  if (L.MetricsSize) {
    memcpy(Segment + L.MetricsOffset, __pathprof_metrics_table(),
           (size_t)L.MetricsSize);
    __pathprof_metrics_sampling(
        (PathProfRawSampling *)(Segment + L.SamplingOffset));
  }
  if (L.ContextSize)
    __pathprof_ctx_init_region(Segment + L.ContextOffset, L.ContextSize);
}

/* The pattern from PATHPROF_FILE, the module's default or default.pathraw. */
static const char *defaultPattern(void) {
  const char *P = getenv("PATHPROF_FILE");
  if (P && *P)
    return P;
  if (__pathprof_profile_filename && __pathprof_profile_filename[0])
    return __pathprof_profile_filename;
  return DEFAULT_FILE_NAME;
}

/* What the segment code needs to know of this module for the file
   \p NewPattern names, the name expanded into \p Name (PATH_MAX bytes).
   Returns 0, or -1 after reporting an error. Async-signal-safe. */
static int makeRequest(const char *NewPattern, char *Name,
                       PathProfSegmentRequest *Out) {
  int Merge;
  if (__pathprof_expand_name(NewPattern, L.Signature, Name, PATH_MAX, &Merge) !=
      0) {
    __pathprof_report_error("cannot create profile '%s': %s", NewPattern,
                            __pathprof_strerror(ENAMETOOLONG));
    return -1;
  }
  PathProfSegmentRequest Req;
  Req.Path = Name;
  Req.Merge = Merge;
  Req.Image = (const char *)&CounterHeader;
  Req.ImageSize = sizeof(CounterHeader);
  Req.SegmentSize = L.SegmentSize;
  /* The tree's header page is written at once; the rest as it grows. */
  Req.ReserveSize =
      L.ContextSize ? L.ContextOffset + roundToPage(sizeof(PathProfCtxHeader))
                    : L.SegmentSize;
  Req.Description = Image;
  Req.DescriptionImageSize = L.NamesOffset;
  Req.DescriptionSize = L.DescSize;
  Req.DescriptionUsed = L.NamesOffset + L.NamesSize;
  Req.NamesOffset = L.NamesOffset;
  Req.WriteNames = writeNames;
  Req.Pid = (uint64_t)getpid();
  Req.StartTime = __pathprof_process_start_time();
  Req.FillCounters = fillCounters;
  Req.Metrics = __pathprof_metrics_table();
  *Out = Req;
  return 0;
}

/* A new segment of the file \p NewPattern names, mapped somewhere; null
   after reporting an error. Async-signal-safe. */
static char *newSegment(const char *NewPattern, int *Fd) {
  char Name[PATH_MAX];
  PathProfSegmentRequest Req;
  if (makeRequest(NewPattern, Name, &Req) != 0)
    return 0;
  return __pathprof_acquire_segment(&Req, Fd);
}

int __pathprof_move_segment(char *Seg, char *At, int Fd, int CarryTree) {
  if (CarryTree && L.ContextSize &&
      __pathprof_ctx_carry(Seg + L.ContextOffset, At + L.ContextOffset,
                           L.ContextSize) != 0)
    __pathprof_report_error("no room in the profile for the calling context "
                            "tree; new contexts are counted in the flat "
                            "profile only");
  void *P = mremap(Seg, (size_t)L.SegmentSize, (size_t)L.SegmentSize,
                   MREMAP_MAYMOVE | MREMAP_FIXED, At);
  if (P != MAP_FAILED)
    return 0;
  __pathprof_report_error("cannot remap the profile: %s",
                          __pathprof_strerror(errno));
  munmap(Seg, (size_t)L.SegmentSize);
  close(Fd);
  return -1;
}

char *__pathprof_module_segment(const char *SegPattern, int *Fd) {
  return newSegment(SegPattern, Fd);
}

const char *__pathprof_module_pattern(void) { return Pattern; }

void __pathprof_module_layout(PathProfModuleLayout *Out) {
  Out->CountersOffset = L.CountersOffset;
  Out->CountersSize = L.CountersSize;
  Out->ContextOffset = L.ContextOffset;
  Out->ContextSize = L.ContextSize;
  Out->SegmentSize = L.SegmentSize;
}

/* Puts the new segment \p Seg (locked by \p Fd) in place of the current one
   and publishes it, the current one's calling context tree copied over
   when \p CarryTree; returns 0 on success. */
static int installSegment(char *Seg, int Fd, int CarryTree) {
  if (Map) {
    /* Same address: the bias and node pointers stay valid. */
    if (__pathprof_move_segment(Seg, Map, Fd, CarryTree) != 0)
      return -1;
  } else {
    Map = Seg;
    /* The first range watched cannot fail. */
    __pathprof_guard_keep(Map, L.SegmentSize);
    for (unsigned I = 0; I != NumHashes; ++I)
      if (Hashes[I].Size)
        __atomic_store_n(Hashes[I].Table,
                         (PathProfHashHeader *)(Map + Hashes[I].Offset),
                         __ATOMIC_RELEASE);
    if (L.MetricsSize)
      __pathprof_metrics_set_mapped_table(
          (PathProfRawMetric *)(Map + L.MetricsOffset));
    /* Counts made between the copy of the static section and this store
       (only possible from other threads) stay in the static section. */
    if (L.CountersSize)
      __atomic_store_n(&__pathprof_counter_bias,
                       (uint64_t)(uintptr_t)(Map + L.CountersOffset) -
                           (uint64_t)(uintptr_t)__start___pathprof_cnts,
                       __ATOMIC_RELEASE);
  }
  if (SegmentFd >= 0)
    close(SegmentFd); /* the old segment is finished: it becomes dead */
  SegmentFd = Fd;
  return 0;
}

/* Puts anonymous memory in place of the segment, so that later counts go
   nowhere. This also ends the segment's life: a mapping of the file keeps its
   open file description, and with it the lock, alive. The calling thread's
   calling context tree, if it is there, is copied over (counts zeroed), so
   that its live frames' node pointers stay valid. Async-signal-safe. */
static void replaceWithAnonymousMemory(void) {
  if (L.ContextSize && __pathprof_ctx_thread_region_in(Map, L.SegmentSize)) {
    char *New = (char *)mmap(0, (size_t)L.SegmentSize, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (New != MAP_FAILED) {
      fillCounters(New, 0);
      __pathprof_ctx_carry(New + L.ContextOffset, Map + L.ContextOffset,
                           L.ContextSize);
      if (mremap(New, (size_t)L.SegmentSize, (size_t)L.SegmentSize,
                 MREMAP_MAYMOVE | MREMAP_FIXED, Map) != MAP_FAILED)
        return;
      munmap(New, (size_t)L.SegmentSize);
    }
  }
  void *P = mmap(Map, (size_t)L.SegmentSize, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
  if (P != MAP_FAILED)
    fillCounters(Map, 0);
}

/*--- fork ------------------------------------------------------------------*/

static void prepareFork(void) { lockModule(); }
static void parentAfterFork(void) { unlockModule(); }

/* The child gets a fresh segment of its own file (its pattern re-expanded,
   so %p names the child) at the address of the parent's, so nothing it
   counts reaches the parent's segment. Async-signal-safe. */
static void childAfterFork(void) {
  __pathprof_values_after_fork();
  ModuleLock = 0;
  if (!Map)
    return;
  /* The inherited descriptor shares the parent's lock; the parent keeps it. */
  if (SegmentFd >= 0)
    close(SegmentFd);
  SegmentFd = -1;
  int Fd;
  char *Seg = newSegment(Pattern, &Fd);
  /* Only the forking thread lives on: its tree is the one to keep. */
  int Carry = __pathprof_ctx_thread_region_in(Map, L.SegmentSize);
  if (!Seg || installSegment(Seg, Fd, Carry) != 0)
    /* Counts of this child go nowhere, and never into the parent's file. */
    replaceWithAnonymousMemory();
  __pathprof_slices_after_fork();
}

/*--- init ------------------------------------------------------------------*/

/* The pattern another module got from __pathprof_set_filename: a module
   loaded later follows it. */
static int findOverride(const PathProfControlBlock *C, int IsSelf, void *Ctx) {
  if (IsSelf)
    return 0;
  const char *P = C->Override();
  if (!P)
    return 0;
  *(const char **)Ctx = P;
  return 1;
}

static void initialize(void) {
  if (__pathprof_num_functions() == 0)
    return;
  uint64_t DataVersion = &__pathprof_data_version ? __pathprof_data_version : 1;
  if (DataVersion != PATHPROF_DATA_VERSION) {
    __pathprof_report_error("module built for PathProf data version %llu; "
                            "this runtime supports %llu; not profiled",
                            (unsigned long long)DataVersion,
                            (unsigned long long)PATHPROF_DATA_VERSION);
    return;
  }
  if (buildImage() != 0)
    return;
  IsMainExecutable = __pathprof_is_main_executable();
  if (IsMainExecutable)
    __pathprof_guard_install();
  /* Before the first segment: a fork while it is being set up waits. */
  pthread_atfork(prepareFork, parentAfterFork, childAfterFork);

  lockModule();
  const char *P = 0;
  if (HasOverride)
    P = Override;
  else
    __pathprof_for_each_module(findOverride, &P);
  copyString(Pattern, P ? P : defaultPattern(), sizeof(Pattern));
  int Fd;
  CopyStaticCounters = 1;
  char *Seg = newSegment(Pattern, &Fd);
  CopyStaticCounters = 0;
  if (Seg)
    installSegment(Seg, Fd, 0);
  else
    useAnonymousHashTables();
  __pathprof_slices_init(Map);
  unlockModule();
}

PATHPROF_API void __pathprof_init(void) {
  if (__atomic_load_n(&InitState, __ATOMIC_ACQUIRE) == InitDone)
    return;
  int Expected = InitNone;
  if (!__atomic_compare_exchange_n(&InitState, &Expected, InitRunning, 0,
                                   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    /* Another thread is initializing; its constructor will finish soon. */
    while (__atomic_load_n(&InitState, __ATOMIC_ACQUIRE) == InitRunning)
      sched_yield();
    return;
  }
  initialize();
  __atomic_store_n(&InitState, InitDone, __ATOMIC_RELEASE);
}

/* For the hash table's lazy path: initialize unless someone already is
   (which could be this very thread, from a signal handler). */
void __pathprof_init_if_idle(void) {
  if (__atomic_load_n(&InitState, __ATOMIC_ACQUIRE) == InitNone)
    __pathprof_init();
}

/* A normal exit, or unloading a shared library, ends the module's segments:
   the mappings go (anonymous memory takes their place, for code that might
   still count: other threads at exit, later destructors) and so do the
   descriptors, and the profile is compacted (PathProfCompact.c). Counts
   made after this point would not be in the profile, so the executable
   keeps its segments until the process ends, when the kernel releases
   them, and the file its dense form, when other threads still run (and may
   count), or with PATHPROF_COMPACT=0: the next start or exit folds them. */
__attribute__((destructor(101))) static void finish(void) {
  if (SegmentFd < 0)
    return;
  int Compact = __pathprof_compact_enabled();
  if (IsMainExecutable && (!Compact || __pathprof_process_threads() != 1))
    return;
  lockModule();
  replaceWithAnonymousMemory();
  close(SegmentFd);
  SegmentFd = -1;
  __pathprof_slices_finish();
  char Name[PATH_MAX];
  PathProfSegmentRequest Req;
  if (Compact && makeRequest(Pattern, Name, &Req) == 0)
    __pathprof_compact(&Req);
  unlockModule();
}

/*--- Control ---------------------------------------------------------------*/

void __pathprof_module_reset(void) {
  lockModule();
  if (Map) {
    if (L.CountersSize)
      memset(Map + L.CountersOffset, 0, (size_t)L.CountersSize);
    for (unsigned I = 0; I != NumHashes; ++I) {
      if (!Hashes[I].Size)
        continue;
      PathProfHashHeader *T = (PathProfHashHeader *)(Map + Hashes[I].Offset);
      memset(T + 1, 0, (size_t)(Hashes[I].Size - sizeof(PathProfHashHeader)));
      T->Used = 0;
      T->Dropped = 0;
    }
    if (L.ContextSize)
      __pathprof_ctx_reset(Map + L.ContextOffset, L.ContextSize);
    __pathprof_slices_reset();
  }
  unlockModule();
}

int __pathprof_module_dump(void) {
  int Result = 0;
  lockModule();
  if (Map && SegmentFd >= 0 &&
      msync(Map, (size_t)L.SegmentSize, MS_SYNC) != 0) {
    __pathprof_report_error("cannot write the profile: %s",
                            __pathprof_strerror(errno));
    Result = -1;
  }
  if (Map && __pathprof_slices_dump() != 0 && Result == 0) {
    __pathprof_report_error("cannot write the profile: %s",
                            __pathprof_strerror(errno));
    Result = -1;
  }
  unlockModule();
  return Result;
}

int __pathprof_module_set_filename(const char *NewPattern) {
  lockModule();
  HasOverride = NewPattern != 0;
  copyString(Override, NewPattern, sizeof(Override));
  int Result = 0;
  if (__atomic_load_n(&InitState, __ATOMIC_ACQUIRE) == InitDone && Image) {
    const char *P = HasOverride ? Override : defaultPattern();
    int Fd;
    char *Seg = newSegment(P, &Fd);
    if (Seg && installSegment(Seg, Fd, 1) == 0) {
      copyString(Pattern, P, sizeof(Pattern));
      Result = __pathprof_slices_refile();
    } else {
      Result = -1;
    }
  }
  unlockModule();
  return Result;
}

const char *__pathprof_module_override(void) {
  return HasOverride ? Override : 0;
}
