/*===- PathProfSlices.c - A counter slice per thread --------------*- C -*-===*\
|*
|* In the default counter mode (-pathprof-counters=thread) every thread
|* counts into a slice of its own, so that threads never race on a counter
|* and plain adds are exact. Instrumented code adds the initial-exec TLS
|* __pathprof_thread_bias to the address of a counter in the __pathprof_cnts
|* section; a thread whose bias is still 0 calls __pathprof_thread_slice()
|* once, on its first entry into an instrumented function.
|*
|* A slice is a segment of the raw profile file of its own (the same layout
|* as the module's primary segment, obtained the same way), so its counts are
|* in the file as they happen and readers sum the segments of a module as
|* they sum those of forked children. The thread that ran __pathprof_init
|* counts into the primary segment itself, which __pathprof_counter_bias
|* (shared and atomic counters) also addresses. When a thread exits, its
|* slice goes back to a pool and the next new thread counts on into it: the
|* file holds as many slices as threads ever ran at once, and no count is
|* lost or counted twice.
|*
|* Slices never move: fork, __pathprof_set_filename and unloading replace a
|* slice's mapping in place (mremap or MAP_FIXED), so a bias a frame holds
|* stays valid.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

__thread uint64_t __pathprof_thread_bias
    __attribute__((tls_model("initial-exec"))) = 0;

typedef struct Slice {
  char *Map; /* the slice's segment, or anonymous memory */
  int Fd;    /* holds the segment's lock; -1: Map is anonymous */
  int InUse; /* a live thread counts into it */
  struct Slice *NextFree;
} Slice;

enum { ChunkSize = 64 };
typedef struct Chunk {
  Slice Slices[ChunkSize];
  unsigned Used;
  struct Chunk *Next;
} Chunk;

/* Every slice ever made, and those of exited threads. Guarded by the module
   lock. */
static Chunk *Chunks;
static Slice *FreeList;
/* The slice of the calling thread; null for the primary segment's thread and
   for threads without a slice. */
static __thread Slice *Own __attribute__((tls_model("initial-exec")));
/* Set while the thread obtains a slice: a signal handler that runs
   instrumented code then counts into the static section. */
static __thread int Busy __attribute__((tls_model("initial-exec")));

/* 1 once __pathprof_slices_init ran. */
static int Ready;
/* Where threads count when they cannot have a slice: the primary segment's
   bias (shared, plain adds), or anonymous memory when there is no profile. */
static uint64_t FallbackBias;
/* A slice could not be obtained once: later threads use FallbackBias. */
static int NoMoreSlices;
static pthread_key_t Key;
static int HaveKey;
/* The module's layout, and what its life cycle does for the slices. */
static const PathProfLayout *L;
static const PathProfSliceHost *Host;

static uint64_t biasOf(const char *Map) {
  return (uint64_t)(uintptr_t)(Map + L->CountersOffset) -
         (uint64_t)(uintptr_t)__start___pathprof_cnts;
}

/* Puts anonymous memory in place of \p S's segment and drops its lock.
   Async-signal-safe. */
static void makeAnonymous(Slice *S) {
  mmap(S->Map, (size_t)L->SegmentSize, PROT_READ | PROT_WRITE,
       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
  if (S->Fd >= 0)
    close(S->Fd);
  S->Fd = -1;
}

/* Gives \p S a fresh segment of the file \p Pattern names, in place, with
   a copy of its calling context tree (counts zeroed) when \p CarryTree.
   Returns 0 on success. Async-signal-safe. */
static int refile(Slice *S, const char *Pattern, int CarryTree) {
  int Fd;
  char *Seg = Host->NewSegment(Pattern, &Fd);
  if (!Seg)
    return -1;
  if (Host->MoveSegment(Seg, S->Map, Fd, CarryTree) != 0)
    return -1;
  if (S->Fd >= 0)
    close(S->Fd);
  S->Fd = Fd;
  return 0;
}

/* A new slice record; null if no memory. */
static Slice *newSlice(void) {
  if (!Chunks || Chunks->Used == ChunkSize) {
    void *P = mmap(0, sizeof(Chunk), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (P == MAP_FAILED)
      return 0;
    Chunk *C = (Chunk *)P;
    C->Next = Chunks;
    Chunks = C;
  }
  Slice *S = &Chunks->Slices[Chunks->Used++];
  S->Fd = -1;
  return S;
}

/* A slice for the calling thread, with the module locked; null if none can
   be had. */
static Slice *takeSlice(void) {
  Slice *S = FreeList;
  if (S) {
    /* A slice of a fork parent's thread is anonymous memory until a thread
       of the child needs it. */
    if (S->Fd < 0 && refile(S, Host->Pattern(), 0) != 0)
      return 0;
    FreeList = S->NextFree;
    return S;
  }
  int Fd;
  char *Seg = Host->NewSegment(Host->Pattern(), &Fd);
  if (!Seg)
    return 0;
  /* Its address holds counters from now on: a page with no room in the
     file system must be only lost (PathProfGuard.c). */
  S = __pathprof_guard_keep(Seg, L->SegmentSize) == 0 ? newSlice() : 0;
  if (!S) {
    munmap(Seg, (size_t)L->SegmentSize);
    close(Fd);
    return 0;
  }
  S->Map = Seg;
  S->Fd = Fd;
  return S;
}

/* Thread exit: the slice goes back to the pool. Instrumented code that runs
   later on this thread (another key's destructor) takes a slice again. */
static void releaseSlice(void *P) {
  Slice *S = (Slice *)P;
  __pathprof_thread_bias = 0;
  Host->SetThreadTree(0);
  Own = 0;
  Host->Lock();
  S->InUse = 0;
  S->NextFree = FreeList;
  FreeList = S;
  Host->Unlock();
}

uint64_t __pathprof_thread_slice(void) {
  if (!__atomic_load_n(&Ready, __ATOMIC_ACQUIRE) || Busy)
    return 0; /* before init: the static section, copied at init */
  if (__atomic_load_n(&NoMoreSlices, __ATOMIC_RELAXED)) {
    __pathprof_thread_bias = FallbackBias;
    return FallbackBias;
  }
  Busy = 1;
  Host->Lock();
  Slice *S = takeSlice();
  if (S)
    S->InUse = 1;
  else
    __atomic_store_n(&NoMoreSlices, 1, __ATOMIC_RELAXED);
  Host->Unlock();
  uint64_t Bias = FallbackBias;
  if (S) {
    Own = S;
    Bias = biasOf(S->Map);
    if (L->ContextSize)
      Host->SetThreadTree(S->Map + L->ContextOffset);
    if (HaveKey)
      pthread_setspecific(Key, S);
  }
  __pathprof_thread_bias = Bias;
  Busy = 0;
  return Bias;
}

void __pathprof_slices_init(const char *PrimaryMap,
                            const PathProfSliceHost *H) {
  L = __pathprof_layout();
  Host = H;
  if (PrimaryMap) {
    FallbackBias = biasOf(PrimaryMap);
    HaveKey = pthread_key_create(&Key, releaseSlice) == 0;
  } else {
    /* No profile: counts go nowhere, but code must still have somewhere to
       write them without asking again on every call. */
    void *P = mmap(0, (size_t)(L->CountersSize ? L->CountersSize : 8),
                   PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    FallbackBias = P == MAP_FAILED
                       ? 0
                       : (uint64_t)(uintptr_t)P -
                             (uint64_t)(uintptr_t)__start___pathprof_cnts;
    NoMoreSlices = 1;
  }
  /* The initializing thread counts into the primary segment. */
  __pathprof_thread_bias = FallbackBias;
  if (PrimaryMap && L->ContextSize)
    Host->SetThreadTree((char *)PrimaryMap + L->ContextOffset);
  __atomic_store_n(&Ready, 1, __ATOMIC_RELEASE);
}

/* Calls \p Fn on every slice that has a segment. */
static void forEachSlice(void (*Fn)(Slice *S, void *Ctx), void *Ctx) {
  for (Chunk *C = Chunks; C; C = C->Next)
    for (unsigned I = 0; I != C->Used; ++I)
      Fn(&C->Slices[I], Ctx);
}

static void childSlice(Slice *S, void *Ctx) {
  (void)Ctx;
  if (S == Own) {
    /* The forking thread counts on, into a segment of the child's own. */
    if (S->Fd >= 0)
      close(S->Fd);
    S->Fd = -1;
    if (refile(S, Host->Pattern(), 1) != 0)
      makeAnonymous(S); /* the child's counts go nowhere */
    return;
  }
  /* The other threads do not exist in the child. */
  makeAnonymous(S);
  S->InUse = 0;
  S->NextFree = FreeList;
  FreeList = S;
}

void __pathprof_slices_after_fork(void) {
  FreeList = 0;
  forEachSlice(childSlice, 0);
}

static void refileSlice(Slice *S, void *Ctx) {
  int *Result = (int *)Ctx;
  if (S->Fd >= 0 && refile(S, Host->Pattern(), 1) != 0)
    *Result = -1;
}

int __pathprof_slices_refile(void) {
  int Result = 0;
  forEachSlice(refileSlice, &Result);
  return Result;
}

static void resetSlice(Slice *S, void *Ctx) {
  (void)Ctx;
  if (S->Fd >= 0 && L->CountersSize)
    memset(S->Map + L->CountersOffset, 0, (size_t)L->CountersSize);
  if (S->Fd >= 0 && L->ContextSize)
    Host->ResetTree(S->Map + L->ContextOffset, L->ContextSize);
}

void __pathprof_slices_reset(void) { forEachSlice(resetSlice, 0); }

static void syncSlice(Slice *S, void *Ctx) {
  if (S->Fd >= 0 && msync(S->Map, (size_t)L->SegmentSize, MS_SYNC) != 0)
    *(int *)Ctx = -1;
}

int __pathprof_slices_dump(void) {
  int Result = 0;
  forEachSlice(syncSlice, &Result);
  return Result;
}

static void finishSlice(Slice *S, void *Ctx) {
  (void)Ctx;
  if (S->Fd >= 0)
    makeAnonymous(S);
}

void __pathprof_slices_finish(void) {
  /* The library's code goes away: no thread may call releaseSlice later. */
  if (HaveKey)
    pthread_key_delete(Key);
  HaveKey = 0;
  forEachSlice(finishSlice, 0);
}
