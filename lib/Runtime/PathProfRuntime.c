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

/* Hidden: every executable and DSO gets its own copy, matching its own
   counter section. */
uint64_t __pathprof_counter_bias = 0;

enum { InitNone = 0, InitRunning = 1, InitDone = 2 };
static int InitState = InitNone;

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
/* The module's layout (PathProfLayout.c), once built. */
static const PathProfLayout *L;
/* Where the counting code finds each hash table of the layout's Hashes. */
static PathProfHashHeader **const HashTables[PATHPROF_NUM_HASHES] = {
    &__pathprof_hash_table, &__pathprof_hash_metrics_table};

/* This module's actions behind the process-wide control API
   (PathProfControl.c), found by other modules' runtimes through an ELF note
   (.note.pathprof, allocated and retained) whose descriptor is the
   link-time constant distance from the note to the block, so that the note
   needs no dynamic relocation (PathProfLoader.c walks the notes). A module
   unloaded with dlclose drops out of the walk by itself. */
__attribute__((used, visibility("hidden")))
const PathProfControlBlock __pathprof_control_block = {
    PATHPROF_CONTROL_MAGIC,         PATHPROF_CONTROL_VERSION,
    __pathprof_module_reset,        __pathprof_module_dump,
    __pathprof_module_set_filename, __pathprof_module_override};

/* namesz 9 ("PathProf" and its NUL, padded to 12), descsz 4, the type, the
   name, then the 32-bit distance from the descriptor to the control block. */
__asm__(".pushsection .note.pathprof,\"aR\",@note\n"
        ".balign 4\n"
        ".long 9\n"
        ".long 4\n"
        ".long 0x50505243\n"    /* PATHPROF_NOTE_TYPE */
        ".asciz \"PathProf\"\n" /* PATHPROF_NOTE_NAME */
        ".balign 4\n"
        ".long __pathprof_control_block - .\n"
        ".popsection\n");

/* pathprof.h declares the process-wide control API weak, so that a program
   built without PathProf still links; a weak reference does not pull an
   archive member into the link, so this table pulls PathProfControl.c in
   wherever the runtime is. */
PATHPROF_API void __pathprof_reset(void);
PATHPROF_API int __pathprof_dump(void);
PATHPROF_API int __pathprof_set_filename(const char *Pattern);
__attribute__((used)) static const void *const ControlAPI[] = {
    (const void *)__pathprof_reset, (const void *)__pathprof_dump,
    (const void *)__pathprof_set_filename};

static void lockModule(void) {
  while (__atomic_exchange_n(&ModuleLock, 1, __ATOMIC_ACQUIRE))
    sched_yield();
}
static void unlockModule(void) {
  __atomic_store_n(&ModuleLock, 0, __ATOMIC_RELEASE);
}

static void useAnonymousHashTables(void) {
  for (unsigned I = 0; I != PATHPROF_NUM_HASHES; ++I) {
    if (!L->Hashes[I].Size)
      continue;
    void *P = mmap(0, (size_t)L->Hashes[I].Size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (P == MAP_FAILED) {
      __pathprof_report_error("cannot allocate the path hash table: %s",
                              __pathprof_strerror(errno));
      return;
    }
    PathProfHashHeader *T = (PathProfHashHeader *)P;
    T->Capacity = L->HashCapacity;
    __atomic_store_n(HashTables[I], T, __ATOMIC_RELEASE);
  }
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
  /* A metrics build reserves hundreds of megabytes here, of which a run
     touches none before the runtime starts, or a few pages. */
  unsigned char Resident[1024];
  for (uintptr_t First = Begin; First < End;) {
    size_t Pages = (End - First + PageSize - 1) / PageSize;
    if (Pages > sizeof(Resident))
      Pages = sizeof(Resident);
    /* Bit 0 of each byte says resident; the others are undefined. */
    if (mincore((void *)First, Pages * PageSize, Resident) == 0)
      for (size_t I = 0; I != Pages; ++I)
        Resident[I] &= 1;
    else
      memset(Resident, 1, Pages);
    for (size_t I = __pathprof_next_marked(Resident, 0, Pages); I < Pages;
         I = __pathprof_next_marked(Resident, I + 1, Pages)) {
      uintptr_t Page = First + I * PageSize;
      uintptr_t From = Page < (uintptr_t)Src ? (uintptr_t)Src : Page;
      uintptr_t To = Page + PageSize < End ? Page + PageSize : End;
      const uint64_t *W = (const uint64_t *)From;
      size_t N = (To - From) / sizeof(uint64_t);
      if (__pathprof_next_nonzero(W, 0, N) != N) {
        memcpy(Dst + (From - (uintptr_t)Src), (const void *)From, To - From);
        __pathprof_mark_pages(
            Marks, L->CountersOffset + (From - (uintptr_t)Src), To - From);
      }
    }
    First += Pages * PageSize;
  }
}

/* Counters and hash header of a segment whose other bytes past the image
   are zero. */
static void fillCounters(char *Segment, unsigned char *Pages) {
  if (L->CountersSize && CopyStaticCounters)
    copyTouchedCounters(Segment + L->CountersOffset,
                        (const char *)__start___pathprof_cnts,
                        (size_t)L->CountersSize, Pages);
  for (unsigned I = 0; I != PATHPROF_NUM_HASHES; ++I)
    if (L->Hashes[I].Size)
      ((PathProfHashHeader *)(Segment + L->Hashes[I].Offset))->Capacity =
          L->HashCapacity;
  if (L->MetricsSize) {
    memcpy(Segment + L->MetricsOffset, __pathprof_metrics_table(),
           (size_t)L->MetricsSize);
    __pathprof_metrics_sampling(
        (PathProfRawSampling *)(Segment + L->SamplingOffset));
  }
  if (L->ContextSize)
    __pathprof_ctx_init_region(Segment + L->ContextOffset, L->ContextSize);
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
  if (__pathprof_expand_name(NewPattern, L->Signature, Name, PATH_MAX,
                             &Merge) != 0) {
    __pathprof_report_error("cannot create profile '%s': %s", NewPattern,
                            __pathprof_strerror(ENAMETOOLONG));
    return -1;
  }
  PathProfSegmentRequest Req;
  Req.Path = Name;
  Req.Merge = Merge;
  Req.Image = (const char *)L->CounterHeader;
  Req.ImageSize = sizeof(PathProfRawHeader);
  Req.SegmentSize = L->SegmentSize;
  /* The tree's header page is written at once; the rest as it grows. */
  Req.ReserveSize =
      L->ContextSize ? L->ContextOffset +
                           __pathprof_round_to_page(sizeof(PathProfCtxHeader))
                     : L->SegmentSize;
  Req.Description = L->Description;
  Req.DescriptionImageSize = L->NamesOffset;
  Req.DescriptionSize = L->DescSize;
  Req.DescriptionUsed = L->NamesOffset + L->NamesSize;
  Req.NamesOffset = L->NamesOffset;
  Req.WriteNames = __pathprof_layout_write_names;
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

/* Moves the mapping \p Seg onto \p At (PathProfSliceHost::MoveSegment). */
static int moveSegment(char *Seg, char *At, int Fd, int CarryTree) {
  if (CarryTree && L->ContextSize &&
      __pathprof_ctx_carry(Seg + L->ContextOffset, At + L->ContextOffset,
                           L->ContextSize) != 0)
    __pathprof_report_error("no room in the profile for the calling context "
                            "tree; new contexts are counted in the flat "
                            "profile only");
  void *P = mremap(Seg, (size_t)L->SegmentSize, (size_t)L->SegmentSize,
                   MREMAP_MAYMOVE | MREMAP_FIXED, At);
  if (P != MAP_FAILED)
    return 0;
  __pathprof_report_error("cannot remap the profile: %s",
                          __pathprof_strerror(errno));
  munmap(Seg, (size_t)L->SegmentSize);
  close(Fd);
  return -1;
}

static const char *modulePattern(void) { return Pattern; }

/* What the slices (PathProfSlices.c) ask of the module. */
static const PathProfSliceHost SliceHost = {
    lockModule,          unlockModule, modulePattern,
    newSegment,          moveSegment,  __pathprof_ctx_set_thread_region,
    __pathprof_ctx_reset};

/* Puts the new segment \p Seg (locked by \p Fd) in place of the current one
   and publishes it, the current one's calling context tree copied over
   when \p CarryTree; returns 0 on success. */
static int installSegment(char *Seg, int Fd, int CarryTree) {
  if (Map) {
    /* Same address: the bias and node pointers stay valid. */
    if (moveSegment(Seg, Map, Fd, CarryTree) != 0)
      return -1;
  } else {
    Map = Seg;
    /* The first range watched cannot fail. */
    __pathprof_guard_keep(Map, L->SegmentSize);
    for (unsigned I = 0; I != PATHPROF_NUM_HASHES; ++I)
      if (L->Hashes[I].Size)
        __atomic_store_n(HashTables[I],
                         (PathProfHashHeader *)(Map + L->Hashes[I].Offset),
                         __ATOMIC_RELEASE);
    if (L->MetricsSize)
      __pathprof_metrics_set_mapped_table(
          (PathProfRawMetric *)(Map + L->MetricsOffset));
    /* Counts made between the copy of the static section and this store
       (only possible from other threads) stay in the static section. */
    if (L->CountersSize)
      __atomic_store_n(&__pathprof_counter_bias,
                       (uint64_t)(uintptr_t)(Map + L->CountersOffset) -
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
  if (L->ContextSize && __pathprof_ctx_thread_region_in(Map, L->SegmentSize)) {
    char *New = (char *)mmap(0, (size_t)L->SegmentSize, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (New != MAP_FAILED) {
      fillCounters(New, 0);
      __pathprof_ctx_carry(New + L->ContextOffset, Map + L->ContextOffset,
                           L->ContextSize);
      if (mremap(New, (size_t)L->SegmentSize, (size_t)L->SegmentSize,
                 MREMAP_MAYMOVE | MREMAP_FIXED, Map) != MAP_FAILED)
        return;
      munmap(New, (size_t)L->SegmentSize);
    }
  }
  void *P = mmap(Map, (size_t)L->SegmentSize, PROT_READ | PROT_WRITE,
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
  int Carry = __pathprof_ctx_thread_region_in(Map, L->SegmentSize);
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
  /* The layout, with the events the counting code chose for the metrics
     the records ask for, and its context arena. */
  PathProfLayoutNeeds Needs;
  __pathprof_layout_needs(&Needs);
  unsigned NumMetrics =
      Needs.MaxMetrics
          ? __pathprof_metrics_configure(Needs.MaxMetrics, !Needs.AnyCalls)
          : 0;
  if (__pathprof_layout_build(
          NumMetrics, Needs.AnyContext ? __pathprof_ctx_capacity() : 0) != 0)
    return;
  L = __pathprof_layout();
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
    __pathprof_for_each_module(&__pathprof_control_block, findOverride, &P);
  __pathprof_copy_string(Pattern, P ? P : defaultPattern(), sizeof(Pattern));
  int Fd;
  CopyStaticCounters = 1;
  char *Seg = newSegment(Pattern, &Fd);
  CopyStaticCounters = 0;
  if (Seg)
    installSegment(Seg, Fd, 0);
  else
    useAnonymousHashTables();
  __pathprof_slices_init(Map, &SliceHost);
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
  if (IsMainExecutable && (!Compact || !__pathprof_process_alone()))
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
    if (L->CountersSize)
      memset(Map + L->CountersOffset, 0, (size_t)L->CountersSize);
    for (unsigned I = 0; I != PATHPROF_NUM_HASHES; ++I) {
      if (!L->Hashes[I].Size)
        continue;
      PathProfHashHeader *T = (PathProfHashHeader *)(Map + L->Hashes[I].Offset);
      memset(T + 1, 0,
             (size_t)(L->Hashes[I].Size - sizeof(PathProfHashHeader)));
      T->Used = 0;
      T->Dropped = 0;
    }
    if (L->ContextSize)
      __pathprof_ctx_reset(Map + L->ContextOffset, L->ContextSize);
    __pathprof_slices_reset();
  }
  unlockModule();
}

int __pathprof_module_dump(void) {
  int Result = 0;
  lockModule();
  if (Map && SegmentFd >= 0 &&
      msync(Map, (size_t)L->SegmentSize, MS_SYNC) != 0) {
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
  __pathprof_copy_string(Override, NewPattern, sizeof(Override));
  int Result = 0;
  if (__atomic_load_n(&InitState, __ATOMIC_ACQUIRE) == InitDone && L) {
    const char *P = HasOverride ? Override : defaultPattern();
    int Fd;
    char *Seg = newSegment(P, &Fd);
    if (Seg && installSegment(Seg, Fd, 1) == 0) {
      __pathprof_copy_string(Pattern, P, sizeof(Pattern));
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
