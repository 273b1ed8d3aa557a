/*===- PathProfRuntime.c - Registration and the mapped profile ----*- C -*-===*\
|*
|* __pathprof_init lays out the raw profile (see PathProf/ProfileFormat.h):
|*
|*   header | function records | names and CFG blobs | counters | hash table
|*
|* and maps the whole file MAP_SHARED. The counters image and the hash table
|* are then the live counters of the program: instrumented code adds
|* __pathprof_counter_bias to the address of each counter in the
|* __pathprof_cnts section, and the bias is set here so that the sum lands in
|* the mapping. Nothing has to be written at exit, and a crash or a kill -9
|* keeps every count made so far.
|*
|* Until the bias is set it is 0 and counts land in the static section; the
|* section image (holding whatever earlier constructors counted) is copied
|* into the file before the switch. If the file cannot be created the bias
|* stays 0, the program runs on with counts in the static section, and the
|* hash table (if any) goes to anonymous memory.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define DEFAULT_FILE_NAME "default.pathraw"
#define DEFAULT_HASH_CAPACITY 65536ULL
#define MAX_HASH_CAPACITY (1ULL << 26)
#define MAX_BLOB_SIZE (1ULL << 32)

/* Hidden: every executable and DSO gets its own copy, matching its own
   counter section. */
uint64_t __pathprof_counter_bias = 0;

PathProfHashHeader *__pathprof_hash_table;

enum { InitNone = 0, InitRunning = 1, InitDone = 2 };
static int InitState = InitNone;

static uint64_t align8(uint64_t V) { return (V + 7) & ~7ULL; }

uint64_t __pathprof_hash_capacity(void) {
  const char *Env = getenv("PATHPROF_HASH_SIZE");
  if (!Env || !*Env)
    return DEFAULT_HASH_CAPACITY;
  char *End = 0;
  errno = 0;
  unsigned long long V = strtoull(Env, &End, 10);
  if (errno || End == Env || *End || V == 0 || Env[0] == '-') {
    __pathprof_report_error("invalid PATHPROF_HASH_SIZE '%s'; using %llu", Env,
                            (unsigned long long)DEFAULT_HASH_CAPACITY);
    return DEFAULT_HASH_CAPACITY;
  }
  if (V > MAX_HASH_CAPACITY) {
    __pathprof_report_error("PATHPROF_HASH_SIZE %llu is too large; using %llu",
                            V, (unsigned long long)MAX_HASH_CAPACITY);
    return MAX_HASH_CAPACITY;
  }
  uint64_t Cap = 1;
  while (Cap < V)
    Cap <<= 1;
  return Cap;
}

static uint64_t moduleSignature(const PathProfFunctionData *Data, uint64_t N) {
  uint64_t H = 0xcbf29ce484222325ULL;
  for (uint64_t I = 0; I != N; ++I) {
    const PathProfFunctionData *F = &Data[I];
    H = __pathprof_fnv1a(H, &F->NameSize, sizeof(F->NameSize));
    if (F->Name)
      H = __pathprof_fnv1a(H, F->Name, (size_t)F->NameSize);
    H = __pathprof_fnv1a(H, &F->Checksum, sizeof(F->Checksum));
    H = __pathprof_fnv1a(H, &F->NumPaths, sizeof(F->NumPaths));
  }
  return H;
}

static void useAnonymousHashTable(uint64_t HashBytes) {
  void *P = mmap(0, (size_t)HashBytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (P == MAP_FAILED) {
    __pathprof_report_error("cannot allocate the path hash table: %s",
                            strerror(errno));
    return;
  }
  PathProfHashHeader *T = (PathProfHashHeader *)P;
  T->Capacity =
      (HashBytes - sizeof(PathProfHashHeader)) / sizeof(PathProfHashEntry);
  __atomic_store_n(&__pathprof_hash_table, T, __ATOMIC_RELEASE);
}

/* Opens, sizes and maps the profile; returns the mapping or null after
   reporting why not. */
static char *mapProfile(const char *Name, uint64_t FileSize) {
  char Path[PATH_MAX];
  if (strlen(Name) >= sizeof(Path)) {
    __pathprof_report_error("cannot create profile '%s': %s", Name,
                            strerror(ENAMETOOLONG));
    return 0;
  }
  strcpy(Path, Name);
  __pathprof_create_parent_dirs(Path);
  int Fd = open(Path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (Fd < 0) {
    __pathprof_report_error("cannot create profile '%s': %s", Path,
                            strerror(errno));
    return 0;
  }
  int Err = 0;
  if (ftruncate(Fd, (off_t)FileSize) != 0)
    Err = errno;
  /* Reserve the blocks now: a full disk must be an error here, not a SIGBUS
     at some later counter increment. */
  if (!Err) {
    int R = posix_fallocate(Fd, 0, (off_t)FileSize);
    if (R != 0 && R != EOPNOTSUPP && R != EINVAL)
      Err = R;
  }
  void *Map = MAP_FAILED;
  if (!Err) {
    Map = mmap(0, (size_t)FileSize, PROT_READ | PROT_WRITE, MAP_SHARED, Fd, 0);
    if (Map == MAP_FAILED)
      Err = errno;
  }
  close(Fd);
  if (Err) {
    __pathprof_report_error("cannot create profile '%s': %s", Path,
                            strerror(Err));
    return 0;
  }
  return (char *)Map;
}

static void initialize(void) {
  const uint64_t NumFunctions = __pathprof_num_functions();
  if (NumFunctions == 0)
    return;
  const PathProfFunctionData *Data = __start___pathprof_data;
  char *CntBegin = (char *)__start___pathprof_cnts;
  char *CntEnd = (char *)__stop___pathprof_cnts;
  uint64_t CountersSize =
      (CntBegin && CntEnd > CntBegin) ? (uint64_t)(CntEnd - CntBegin) : 0;

  uint64_t BlobsSize = 0;
  int AnyHashed = 0;
  for (uint64_t I = 0; I != NumFunctions; ++I) {
    const PathProfFunctionData *F = &Data[I];
    uint64_t NameSize = F->Name ? F->NameSize : 0;
    uint64_t CFGSize = F->CFG ? F->CFGSize : 0;
    if (NameSize >= MAX_BLOB_SIZE || CFGSize >= MAX_BLOB_SIZE) {
      __pathprof_report_error("corrupt function record %llu; no profile",
                              (unsigned long long)I);
      return;
    }
    BlobsSize += align8(NameSize) + align8(CFGSize);
    if (F->Flags & PATHPROF_FUNC_HASHED)
      AnyHashed = 1;
  }

  uint64_t Capacity = AnyHashed ? __pathprof_hash_capacity() : 0;
  uint64_t HashSize = AnyHashed ? sizeof(PathProfHashHeader) +
                                      Capacity * sizeof(PathProfHashEntry)
                                : 0;
  uint64_t FunctionsOffset = sizeof(PathProfRawHeader);
  uint64_t BlobsOffset =
      FunctionsOffset + NumFunctions * sizeof(PathProfRawFunction);
  uint64_t CountersOffset = align8(BlobsOffset + BlobsSize);
  uint64_t HashOffset = AnyHashed ? align8(CountersOffset + CountersSize) : 0;
  uint64_t FileSize =
      AnyHashed ? HashOffset + HashSize : CountersOffset + CountersSize;

  uint64_t Signature = moduleSignature(Data, NumFunctions);
  const char *Pattern = getenv("PATHPROF_FILE");
  if (!Pattern || !*Pattern)
    Pattern = (__pathprof_profile_filename && __pathprof_profile_filename[0])
                  ? __pathprof_profile_filename
                  : DEFAULT_FILE_NAME;
  char Name[PATH_MAX];
  if (__pathprof_expand_name(Pattern, Signature, Name, sizeof(Name)) != 0) {
    __pathprof_report_error("cannot create profile '%s': %s", Pattern,
                            strerror(ENAMETOOLONG));
    if (AnyHashed)
      useAnonymousHashTable(HashSize);
    return;
  }

  char *Map = mapProfile(Name, FileSize);
  if (!Map) {
    if (AnyHashed)
      useAnonymousHashTable(HashSize);
    return;
  }

  PathProfRawFunction *Records = (PathProfRawFunction *)(Map + FunctionsOffset);
  uint64_t BlobPos = 0;
  for (uint64_t I = 0; I != NumFunctions; ++I) {
    const PathProfFunctionData *F = &Data[I];
    PathProfRawFunction *R = &Records[I];
    uint64_t NameSize = F->Name ? F->NameSize : 0;
    uint64_t CFGSize = F->CFG ? F->CFGSize : 0;
    R->NameOffset = BlobPos;
    R->NameSize = NameSize;
    if (NameSize)
      memcpy(Map + BlobsOffset + BlobPos, F->Name, (size_t)NameSize);
    BlobPos += align8(NameSize);
    R->CFGOffset = BlobPos;
    R->CFGSize = CFGSize;
    if (CFGSize)
      memcpy(Map + BlobsOffset + BlobPos, F->CFG, (size_t)CFGSize);
    BlobPos += align8(CFGSize);
    R->Checksum = F->Checksum;
    R->NumPaths = F->NumPaths;
    R->Flags = F->Flags;
    R->CounterOffset = 0;
    if (!(F->Flags & PATHPROF_FUNC_HASHED) && F->Counters) {
      char *C = (char *)F->Counters;
      if (C >= CntBegin && C < CntEnd)
        R->CounterOffset = (uint64_t)(C - CntBegin);
      else
        __pathprof_report_error("function '%.*s': counters outside the "
                                "counter section",
                                (int)NameSize, NameSize ? F->Name : "");
    }
  }

  if (CountersSize)
    memcpy(Map + CountersOffset, CntBegin, (size_t)CountersSize);

  if (AnyHashed) {
    PathProfHashHeader *T = (PathProfHashHeader *)(Map + HashOffset);
    T->Capacity = Capacity;
    __atomic_store_n(&__pathprof_hash_table, T, __ATOMIC_RELEASE);
  }

  PathProfRawHeader *H = (PathProfRawHeader *)Map;
  H->Version = PATHPROF_RAW_VERSION;
  H->HeaderSize = sizeof(PathProfRawHeader);
  H->FileSize = FileSize;
  H->NumFunctions = NumFunctions;
  H->FunctionsOffset = FunctionsOffset;
  H->BlobsOffset = BlobsOffset;
  H->BlobsSize = BlobsSize;
  H->CountersOffset = CountersOffset;
  H->CountersSize = CountersSize;
  H->HashOffset = HashOffset;
  H->HashSize = HashSize;
  H->NumMetrics = 0;
  H->ModuleSignature = Signature;
  H->Reserved[0] = H->Reserved[1] = 0;
  /* The magic goes in last so that a file cut short by a crash during this
     function is never mistaken for a complete profile. */
  __atomic_store_n(&H->Magic, PATHPROF_RAW_MAGIC, __ATOMIC_RELEASE);

  /* Switch the counters to the file. Counts made between the copy and the
     store below (only possible from other threads during startup) stay in
     the static section. */
  if (CountersSize) {
    uint64_t Bias = (uint64_t)(uintptr_t)(Map + CountersOffset) -
                    (uint64_t)(uintptr_t)CntBegin;
    __atomic_store_n(&__pathprof_counter_bias, Bias, __ATOMIC_RELEASE);
  }
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
