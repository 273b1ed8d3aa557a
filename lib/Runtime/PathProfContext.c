/*===- PathProfContext.c - The calling context tree ---------------*- C -*-===*\
|*
|* Builds one calling context tree (CCT) per thread, as in Ammons, Ball and
|* Larus, "Exploiting Hardware Performance Counters with Flow and Context
|* Sensitive Profiling" (PLDI 1997), section 4: a node per distinct call
|* chain, call sites distinguished, recursion folded into the ancestor node
|* of the same function (a backedge), and the function's path table in each
|* node. docs/ContextTree.md has the design; this file is its runtime. A
|* function that counts no paths (-fprofile-path-context=calls, the paper's
|* context-only mode) has in its nodes, instead of a path table, its costs
|* (exclusive and inclusive metrics, PathProfMetrics.c), and in its flat
|* counters one calls record, {entries, costs}, for the entries no node
|* takes.
|*
|* Instrumented code stores two initial-exec TLS words before every call:
|* __pathprof_ctx_site, the address of the call site's slot in the caller's
|* node, and __pathprof_ctx_callee, the function it means to call. The
|* callee's entry reads both (and gives them back at every return);
|* __pathprof_ctx_enter, or its common case in line, finds or creates the
|* callee's record in the slot's list (flagged VIA_UNKNOWN when the callee is
|* not the one the caller meant: uninstrumented code or a signal handler came
|* between), and returns the node and where its path records are.
|*
|* The tree lives in the CONTEXT region of the thread's counter segment (the
|* primary segment, or the thread's slice), a bump-allocated arena of records
|* that refer to each other by offsets, so that it is in the file as it
|* grows. Each thread is the only writer of its tree: no atomics, except the
|* release store that publishes a new record before it is linked.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define IE __attribute__((tls_model("initial-exec")))

__thread void *__pathprof_ctx_site IE;
__thread const void *__pathprof_ctx_callee IE;

/* This thread's region (its header), or null. Instrumented code reads it
   too: it takes the common case of an entry itself (PathProfLowering.cpp). */
__thread char *__pathprof_ctx_arena IE;
/* The runtime is up and this thread has no tree (no profile, no slice of its
   own): it counts flat without asking again. */
static __thread int NoArena IE;
/* Set while the thread changes its tree: a signal handler then counts flat. */
static __thread int Busy IE;

#define HEADER_BYTES ((uint64_t)sizeof(PathProfCtxHeader))
/* File space is reserved this many bytes at a time as the tree grows. */
#define COMMIT_STEP (256ULL * 1024)
#define DEFAULT_CAPACITY (64ULL << 20)
#define MIN_CAPACITY 4096ULL
#define MAX_CAPACITY (1ULL << 40)

static int FullReported;

typedef struct {
  void *Node;
  uint64_t *Table;
} PathProfCtxEntry;

static PathProfCtxHeader *header(char *A) { return (PathProfCtxHeader *)A; }
static PathProfCtxNode *nodeAt(char *A, uint64_t Off) {
  return (PathProfCtxNode *)(A + Off);
}
static PathProfCtxSlot *slots(PathProfCtxNode *N) {
  return (PathProfCtxSlot *)(N + 1);
}
static uint64_t *table(PathProfCtxNode *N) {
  return (uint64_t *)(slots(N) + N->NumSites + 1);
}
static uint64_t nodeBytes(uint64_t NumSites, uint64_t TableWords) {
  return sizeof(PathProfCtxNode) + (NumSites + 1) * sizeof(PathProfCtxSlot) +
         TableWords * 8;
}

uint64_t __pathprof_ctx_capacity(void) {
  uint64_t Bytes;
  int Found = __pathprof_env_number("PATHPROF_CONTEXT_SIZE", 1, &Bytes);
  if (Found == 0)
    return DEFAULT_CAPACITY;
  if (Found < 0 || Bytes > MAX_CAPACITY) {
    __pathprof_report_error("invalid PATHPROF_CONTEXT_SIZE '%s' (bytes, with "
                            "an optional K, M or G, from 4K to 1024G); using "
                            "64M",
                            getenv("PATHPROF_CONTEXT_SIZE"));
    return DEFAULT_CAPACITY;
  }
  if (Bytes < MIN_CAPACITY)
    Bytes = MIN_CAPACITY;
  long P = sysconf(_SC_PAGESIZE);
  uint64_t Page = P > 0 ? (uint64_t)P : 4096;
  return (Bytes + Page - 1) / Page * Page;
}

void __pathprof_ctx_init_region(char *Region, uint64_t Capacity) {
  PathProfCtxHeader *H = header(Region);
  H->Capacity = Capacity;
  H->Used = HEADER_BYTES;
  H->Committed = 0;
}

void __pathprof_ctx_set_thread_region(char *Region) {
  __pathprof_ctx_arena = Region;
  NoArena = 0;
  if (!Region) {
    /* A thread that lost its tree (it exited; later destructors run
       instrumented code) starts over at the roots of the next one. */
    __pathprof_ctx_site = 0;
    __pathprof_ctx_callee = 0;
  }
}

/* Makes sure the file has room for the arena up to \p End (bytes from the
   region start): a full disk is then an error here, not a SIGBUS at a later
   store. Returns 0, or -1 if there is no room. */
static int commit(char *A, uint64_t End) {
  PathProfCtxHeader *H = header(A);
  if (End <= H->Committed)
    return 0;
  uint64_t To = End + COMMIT_STEP;
  if (To > H->Capacity)
    To = H->Capacity;
  long P = sysconf(_SC_PAGESIZE);
  uintptr_t Page = P > 0 ? (uintptr_t)P : 4096;
  uintptr_t Begin = (uintptr_t)(A + H->Committed) & ~(Page - 1);
  uintptr_t Stop = (uintptr_t)(A + To);
#ifdef MADV_POPULATE_WRITE
  if (madvise((void *)Begin, Stop - Begin, MADV_POPULATE_WRITE) != 0 &&
      errno != EINVAL)
    return -1;
#else
  (void)Begin;
  (void)Stop;
#endif
  H->Committed = To;
  return 0;
}

/* Room for \p Bytes more at the end of the arena, or 0 (after one error
   line per process) when there is none. */
static char *allocate(char *A, uint64_t Bytes) {
  PathProfCtxHeader *H = header(A);
  if (H->Used <= H->Capacity && Bytes <= H->Capacity - H->Used &&
      commit(A, H->Used + Bytes) == 0)
    return A + H->Used;
  ++H->Dropped;
  if (!__atomic_exchange_n(&FullReported, 1, __ATOMIC_RELAXED))
    __pathprof_report_error(
        "calling context tree full (%llu bytes; PATHPROF_CONTEXT_SIZE sets "
        "its size); new contexts are counted in the flat profile only",
        (unsigned long long)H->Capacity);
  return 0;
}

/* The record of the function \p Fn reached as \p Flags says, in the list
   that starts at \p Head (moved to the front), or 0. */
static PathProfCtxNode *find(char *A, uint64_t *Head, uint64_t Fn,
                             uint64_t Flags) {
  uint64_t *Link = Head;
  for (uint64_t Off = *Head; Off;) {
    PathProfCtxNode *R = nodeAt(A, Off);
    if (R->Function == Fn && R->Flags == Flags) {
      if (Link != Head) {
        *Link = R->Next;
        R->Next = *Head;
        *Head = Off;
      }
      return R;
    }
    Link = &R->Next;
    Off = R->Next;
  }
  return 0;
}

/* A new record for the function \p F (index \p Fn) at slot \p Site of the
   node at \p Parent (0: a root), linked at the front of \p Head: a backedge
   when an ancestor is a node of the same function, a node otherwise. Null
   when the arena is full. */
static PathProfCtxNode *create(char *A, uint64_t *Head, uint64_t Parent,
                               uint64_t Site, uint64_t Fn, uint64_t Flags,
                               const PathProfFunctionData *F) {
  uint64_t Target = 0;
  for (uint64_t P = Parent; P; P = nodeAt(A, P)->Parent)
    if (nodeAt(A, P)->Function == Fn) {
      Target = P;
      break;
    }
  uint64_t NumSites = pathprofFunctionCallSites(F->Flags);
  uint64_t TableWords = 0;
  if (F->Flags & PATHPROF_FUNC_CALLS)
    TableWords = pathprofCallsCostWords(F->Flags);
  else if (!(F->Flags & PATHPROF_FUNC_HASHED) && F->Counters &&
           F->NumPaths <= PATHPROF_CTX_MAX_PATHS)
    TableWords = F->NumPaths * pathprofRecordWords(F->Flags);
  uint64_t Bytes =
      Target ? sizeof(PathProfCtxBackedge) : nodeBytes(NumSites, TableWords);
  /* Page faults on fresh arena pages are not the caller's path's. */
  uint64_t Paused[PATHPROF_METRICS_FRAME_WORDS];
  __pathprof_metrics_pause(Paused);
  char *At = allocate(A, Bytes);
  __pathprof_metrics_resume(Paused);
  if (!At)
    return 0;
  PathProfCtxHeader *H = header(A);
  const uint64_t Off = H->Used;
  /* Beyond Used the arena is zero: only the non-zero fields are written. */
  PathProfCtxNode *R = (PathProfCtxNode *)At;
  R->Function = Fn;
  R->Parent = Parent;
  R->CallSite = Site;
  R->Flags = Flags;
  if (Target) {
    R->Kind = PATHPROF_CTX_BACKEDGE;
    ((PathProfCtxBackedge *)R)->Target = Target;
    ++H->NumBackedges;
  } else {
    R->Kind = PATHPROF_CTX_NODE;
    R->NumSites = NumSites;
    R->TableWords = TableWords;
    PathProfCtxSlot *S = slots(R);
    for (uint64_t I = 0; I <= NumSites; ++I)
      S[I].Owner = Off;
    ++H->NumNodes;
  }
  /* Published before it is linked: a reader never sees half a record. */
  __atomic_store_n(&H->Used, Off + Bytes, __ATOMIC_RELEASE);
  R->Next = *Head;
  *Head = Off;
  return R;
}

/* Where a function's path records are when it has no node of its own: its
   flat counters in this thread's slice. */
static uint64_t *flatTable(const PathProfFunctionData *F) {
  if (!F->Counters)
    return 0;
  /* In integers: the bias is the slice minus the section, and wraps. */
  return (uint64_t *)((uintptr_t)F->Counters + __pathprof_thread_bias);
}

static PathProfCtxEntry flat(const PathProfFunctionData *F) {
  /* Not in the tree: what this function calls is not either. */
  __pathprof_ctx_site = (void *)(uintptr_t)PATHPROF_CTX_SLOT_OFFSET(
      pathprofFunctionCallSites(F->Flags));
  __pathprof_ctx_callee = 0;
  uint64_t *Table = flatTable(F);
  /* A function that counts no paths counts the entry in its calls record
     (which threads share when counters are shared), whose costs follow. */
  if (Table && (F->Flags & PATHPROF_FUNC_CALLS))
    __atomic_fetch_add(Table++, 1, __ATOMIC_RELAXED);
  PathProfCtxEntry E = {0, Table};
  return E;
}

/* This thread's arena, or null: asks for the thread's slice (which gives it
   its arena) on its first entry. */
static char *threadArena(void) {
  if (__pathprof_ctx_arena || NoArena)
    return __pathprof_ctx_arena;
  if (__pathprof_thread_bias == 0)
    __pathprof_thread_slice();
  /* A thread with a bias but no arena counts into counters it shares (no
     slice could be had, or there is no profile): flat, for good. Before
     init there is neither, and the next entry asks again. */
  if (!__pathprof_ctx_arena && __pathprof_thread_bias != 0)
    NoArena = 1;
  return __pathprof_ctx_arena;
}

/* Counts an entry through the record \p R and makes its node the current
   context: what entering a function ends with. */
static PathProfCtxEntry enterRecord(char *A, PathProfCtxNode *R,
                                    const PathProfFunctionData *F) {
  ++R->EntryCount;
  PathProfCtxNode *N = R;
  if (R->Kind == PATHPROF_CTX_BACKEDGE) {
    N = nodeAt(A, ((PathProfCtxBackedge *)R)->Target);
    ++N->EntryCount;
  }
  __pathprof_ctx_site = &slots(N)[N->NumSites];
  __pathprof_ctx_callee = 0;
  PathProfCtxEntry E = {N, N->TableWords ? table(N) : flatTable(F)};
  return E;
}

/* Instrumented code calls the entry with the registers it uses preserved
   (PATHPROF_PRESERVE_MOST): the call is the uncommon case, and the common
   one then needs no frame. The entry's own uncommon case keeps the
   convention too, so that the entry saves only the registers it uses
   itself. */

/* Everything but a callee found in its caller's slot: a root, a thread
   without its arena yet, a callee that is new, flat counting. Out of line,
   so that the common case needs no frame. */
__attribute__((noinline)) PATHPROF_PRESERVE_MOST static PathProfCtxEntry
enterSlow(const PathProfFunctionData *F, const void *Self, char *Site,
          const void *Callee) {
  char *A = threadArena();
  if (!A || Busy)
    return flat(F);
  PathProfCtxHeader *H = header(A);
  uint64_t *Head;
  uint64_t Parent = 0, SiteIndex = 0, Flags = 0;
  if (!Site) {
    Head = &H->Roots;
  } else if (Site >= A + HEADER_BYTES && Site < A + H->Used) {
    PathProfCtxSlot *S = (PathProfCtxSlot *)Site;
    Head = &S->Head;
    Parent = S->Owner;
    SiteIndex = (uint64_t)(Site - (A + Parent + sizeof(PathProfCtxNode))) /
                sizeof(PathProfCtxSlot);
    if (Callee != (const void *)F && (!Self || Callee != Self))
      Flags = PATHPROF_CTX_VIA_UNKNOWN;
  } else {
    return flat(F); /* the caller counts flat */
  }
  const uint64_t Fn = (uint64_t)(F - __start___pathprof_data);
  Busy = 1;
  PathProfCtxNode *R = find(A, Head, Fn, Flags);
  if (!R)
    R = create(A, Head, Parent, SiteIndex, Fn, Flags, F);
  Busy = 0;
  if (!R)
    return flat(F);
  return enterRecord(A, R, F);
}

PATHPROF_PRESERVE_MOST PathProfCtxEntry
__pathprof_ctx_enter(const PathProfFunctionData *F, const void *Self) {
  char *Site = (char *)__pathprof_ctx_site;
  const void *Callee = __pathprof_ctx_callee;
  /* The common case: called from an instrumented caller's node, where this
     function has been entered before from the same call site: the slot's
     first (most recent) callee, or one further down the list of an
     indirect call site, which then moves to the front. */
  char *A = __pathprof_ctx_arena;
  if (__builtin_expect(A && Site >= A + HEADER_BYTES &&
                           Site < A + header(A)->Used && !Busy,
                       1)) {
    uint64_t *Head = &((PathProfCtxSlot *)Site)->Head;
    uint64_t Flags = Callee == (const void *)F || (Self && Callee == Self)
                         ? 0
                         : PATHPROF_CTX_VIA_UNKNOWN;
    const uint64_t Fn = (uint64_t)(F - __start___pathprof_data);
    if (*Head) {
      PathProfCtxNode *R = nodeAt(A, *Head);
      if (R->Function == Fn && R->Flags == Flags)
        return enterRecord(A, R, F);
      Busy = 1;
      R = find(A, Head, Fn, Flags);
      Busy = 0;
      if (R)
        return enterRecord(A, R, F);
    }
  }
  return enterSlow(F, Self, Site, Callee);
}

/* Whether the region at \p A holds a tree this runtime can walk. */
static int validRegion(const char *A, uint64_t Capacity) {
  const PathProfCtxHeader *H = (const PathProfCtxHeader *)A;
  return H->Capacity == Capacity && H->Used >= HEADER_BYTES &&
         H->Used <= Capacity && H->Used % 8 == 0;
}

/* Zeroes the counts of every record of the arena at \p A, keeping the
   tree. */
static void zeroCounts(char *A) {
  PathProfCtxHeader *H = header(A);
  H->Dropped = 0;
  for (uint64_t Off = HEADER_BYTES; Off < H->Used;) {
    PathProfCtxNode *R = nodeAt(A, Off);
    R->EntryCount = 0;
    if (R->Kind == PATHPROF_CTX_BACKEDGE) {
      Off += sizeof(PathProfCtxBackedge);
      continue;
    }
    if (R->Kind != PATHPROF_CTX_NODE)
      return; /* cannot happen in a tree this runtime wrote */
    memset(table(R), 0, (size_t)(R->TableWords * 8));
    Off += nodeBytes(R->NumSites, R->TableWords);
  }
}

void __pathprof_ctx_reset(char *Region, uint64_t Capacity) {
  if (validRegion(Region, Capacity))
    zeroCounts(Region);
}

int __pathprof_ctx_carry(char *To, const char *From, uint64_t Capacity) {
  if (!validRegion(From, Capacity))
    return 0;
  const PathProfCtxHeader *Old = (const PathProfCtxHeader *)From;
  uint64_t Used = Old->Used;
  PathProfCtxHeader *H = header(To);
  H->Capacity = Capacity;
  H->Committed = 0;
  if (commit(To, Used) != 0) {
    /* No room for the copy: an arena nothing can be allocated in, so that
       the pointers of live frames never meet new records. */
    H->Used = HEADER_BYTES;
    H->Capacity = HEADER_BYTES;
    return -1;
  }
  memcpy(To + HEADER_BYTES, From + HEADER_BYTES, (size_t)(Used - HEADER_BYTES));
  H->Roots = Old->Roots;
  H->NumNodes = Old->NumNodes;
  H->NumBackedges = Old->NumBackedges;
  H->Used = Used;
  zeroCounts(To);
  return 0;
}

int __pathprof_ctx_thread_region_in(const char *Map, uint64_t Size) {
  return __pathprof_ctx_arena && __pathprof_ctx_arena >= Map &&
         __pathprof_ctx_arena < Map + Size;
}

/*--- Folding a dead segment's tree into another ---------------------------*/

/* The bytes of the record at \p Off of a tree that may come from a damaged
   file (a node's sizes are checked against \p Used and \p Records first),
   or 0 when it is not a record this runtime writes. */
static uint64_t checkedRecordBytes(const char *A, uint64_t Off, uint64_t Used,
                                   const PathProfRawFunction *Records,
                                   uint64_t NumFunctions) {
  if (Off % 8 || Used - Off < sizeof(PathProfCtxBackedge))
    return 0;
  const PathProfCtxNode *R = (const PathProfCtxNode *)(A + Off);
  if (R->Function >= NumFunctions || (R->Flags & ~PATHPROF_CTX_VIA_UNKNOWN))
    return 0;
  if (R->Kind == PATHPROF_CTX_BACKEDGE)
    return sizeof(PathProfCtxBackedge);
  if (R->Kind != PATHPROF_CTX_NODE || Used - Off < sizeof(PathProfCtxNode))
    return 0;
  const PathProfRawFunction *F = &Records[R->Function];
  uint64_t Words = pathprofRecordWords(F->Flags);
  if (R->NumSites != pathprofFunctionCallSites(F->Flags))
    return 0;
  if (F->Flags & PATHPROF_FUNC_CALLS) {
    if (R->TableWords != pathprofCallsCostWords(F->Flags))
      return 0;
  } else if (R->TableWords != 0 && (R->TableWords != F->NumPaths * Words ||
                                    F->NumPaths > PATHPROF_CTX_MAX_PATHS)) {
    return 0;
  }
  uint64_t Bytes = nodeBytes(R->NumSites, R->TableWords);
  return Bytes <= Used - Off ? Bytes : 0;
}

/* The record of \p Fn reached as \p Flags in the list at \p Head of \p A
   (without reordering it), or 0. */
static uint64_t lookup(const char *A, uint64_t Head, uint64_t Fn,
                       uint64_t Flags, uint64_t Used) {
  for (uint64_t Off = Head, Steps = 0; Off && Off < Used && Steps < Used / 8;
       ++Steps) {
    const PathProfCtxNode *R = (const PathProfCtxNode *)(A + Off);
    if (R->Function == Fn && R->Flags == Flags)
      return Off;
    Off = R->Next;
  }
  return 0;
}

static uint64_t *headOf(char *A, uint64_t Parent, uint64_t Site) {
  if (!Parent)
    return &header(A)->Roots;
  return &slots(nodeAt(A, Parent))[Site].Head;
}

static void addSaturating(uint64_t *Dst, uint64_t Src) {
  uint64_t Sum = *Dst + Src;
  *Dst = Sum < *Dst ? UINT64_MAX : Sum;
}

int __pathprof_ctx_fold(char *Acc, const char *Src, uint64_t Capacity,
                        const PathProfRawFunction *Records,
                        uint64_t NumFunctions) {
  if (!validRegion(Acc, Capacity) || !validRegion(Src, Capacity))
    return -1;
  const PathProfCtxHeader *SH = (const PathProfCtxHeader *)Src;
  PathProfCtxHeader *AH = header(Acc);
  const uint64_t SrcUsed = SH->Used, AccUsed = AH->Used;
  /* Where each record of Src goes in Acc, by its offset / 8. */
  uint64_t *Map = (uint64_t *)mmap(0, (size_t)SrcUsed, PROT_READ | PROT_WRITE,
                                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Map == MAP_FAILED)
    return -1;
  int Result = -1;
  /* Pass 1: match each record with Acc's, or plan where it goes (after
     Acc's records, in Src's order, so parents still come first). Nothing
     changes yet: a tree that does not fit, or is not one this runtime
     writes, leaves Acc as it was. */
  uint64_t End = AccUsed;
  for (uint64_t Off = HEADER_BYTES; Off != SrcUsed;) {
    uint64_t Bytes =
        checkedRecordBytes(Src, Off, SrcUsed, Records, NumFunctions);
    if (!Bytes)
      goto Done;
    const PathProfCtxNode *R = (const PathProfCtxNode *)(Src + Off);
    uint64_t Parent = 0;
    if (R->Parent) {
      const PathProfCtxNode *SP = (const PathProfCtxNode *)(Src + R->Parent);
      if (R->Parent >= Off || R->Parent % 8 || !Map[R->Parent / 8] ||
          SP->Kind != PATHPROF_CTX_NODE || R->CallSite > SP->NumSites)
        goto Done;
      Parent = Map[R->Parent / 8];
    } else if (R->CallSite || R->Flags) {
      goto Done;
    }
    if (R->Kind == PATHPROF_CTX_BACKEDGE) {
      uint64_t T = ((const PathProfCtxBackedge *)R)->Target;
      if (!R->Parent || T >= Off || T % 8 || !Map[T / 8] ||
          ((const PathProfCtxNode *)(Src + T))->Kind != PATHPROF_CTX_NODE)
        goto Done;
    }
    uint64_t Found = 0;
    if (Parent < AccUsed) {
      uint64_t *Head = headOf(Acc, Parent, R->CallSite);
      Found = lookup(Acc, *Head, R->Function, R->Flags, AccUsed);
    }
    if (Found) {
      const PathProfCtxNode *F = nodeAt(Acc, Found);
      if (F->Kind != R->Kind ||
          (R->Kind == PATHPROF_CTX_NODE &&
           (F->NumSites != R->NumSites || F->TableWords != R->TableWords)))
        goto Done;
      Map[Off / 8] = Found;
    } else {
      if (Bytes > Capacity - End)
        goto Done;
      Map[Off / 8] = End;
      End += Bytes;
    }
    Off += Bytes;
  }
  if (commit(Acc, End) != 0)
    goto Done;
  /* Pass 2: add the counts, and write the new records in place. */
  for (uint64_t Off = HEADER_BYTES; Off != SrcUsed;) {
    const PathProfCtxNode *R = (const PathProfCtxNode *)(Src + Off);
    uint64_t Bytes = R->Kind == PATHPROF_CTX_BACKEDGE
                         ? sizeof(PathProfCtxBackedge)
                         : nodeBytes(R->NumSites, R->TableWords);
    uint64_t To = Map[Off / 8];
    PathProfCtxNode *D = nodeAt(Acc, To);
    if (To >= AccUsed) {
      uint64_t Parent = R->Parent ? Map[R->Parent / 8] : 0;
      memcpy(D, R, (size_t)Bytes);
      D->Parent = Parent;
      if (R->Kind == PATHPROF_CTX_BACKEDGE) {
        PathProfCtxBackedge *B = (PathProfCtxBackedge *)D;
        B->Target = Map[B->Target / 8];
        ++AH->NumBackedges;
      } else {
        PathProfCtxSlot *S = slots(D);
        for (uint64_t I = 0; I <= D->NumSites; ++I) {
          S[I].Head = 0;
          S[I].Owner = To;
        }
        ++AH->NumNodes;
      }
      __atomic_store_n(&AH->Used, To + Bytes, __ATOMIC_RELEASE);
      uint64_t *Head = headOf(Acc, Parent, R->CallSite);
      D->Next = *Head;
      *Head = To;
    } else {
      addSaturating(&D->EntryCount, R->EntryCount);
      if (R->Kind == PATHPROF_CTX_NODE) {
        const uint64_t *T = table((PathProfCtxNode *)R);
        uint64_t *U = table(D);
        for (uint64_t I = 0; I != R->TableWords; ++I)
          addSaturating(&U[I], T[I]);
      }
    }
    Off += Bytes;
  }
  addSaturating(&AH->Dropped, SH->Dropped);
  Result = 0;
Done:
  munmap(Map, (size_t)SrcUsed);
  return Result;
}

int __pathprof_ctx_fold_region(const PathProfFold *F) {
  const PathProfRawRegion *R = F->Region;
  uint64_t N;
  const PathProfRawFunction *Records = __pathprof_fold_records(F, &N);
  if (__pathprof_ctx_fold(F->Acc + R->Offset, F->Src + R->Offset, R->Size,
                          Records, N) != 0)
    return -1;
  /* The arena of Acc is written up to its Used. */
  if (F->AccPages)
    __pathprof_mark_pages(
        F->AccPages, R->Offset,
        ((const PathProfCtxHeader *)(F->Acc + R->Offset))->Used);
  return 0;
}
