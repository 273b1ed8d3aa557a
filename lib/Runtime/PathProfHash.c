/*===- PathProfHash.c - Path counters in a hash table -------------*- C -*-===*\
|*
|* Functions with too many paths for a dense counter array (flagged
|* PATHPROF_FUNC_HASHED) count through __pathprof_hash_inc into one open
|* addressing table per module, keyed by (function index, path id), with
|* linear probing. The table lives in the mapped profile after the counters,
|* so it survives a crash like the dense counters do.
|*
|* Lock-free insertion: a writer claims an empty slot by a CAS of its key
|* from 0 to BUSY, stores the path id and the first count, then publishes the
|* real key with a release store. Others that meet BUSY wait for the key. A
|* slot still BUSY after a long wait (its writer died, e.g. a fork taken
|* mid-insert) is skipped, so the same key may then occupy two slots; readers
|* sum duplicates and ignore slots left BUSY. A full table counts the lost
|* increments in Dropped and says so once. __pathprof_hash_fold adds the
|* table of a dead segment into another one when segments are folded.
|*
|* Functions with per-path metrics count through __pathprof_hash_record
|* into a second table of the same kind (HASH_SAMPLED), whose entries carry
|* the accumulators after the count: it returns the entry's record
|* {count, metric block}, to which the metrics runtime adds atomically.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <sched.h>

/* Set by the life cycle (PathProfRuntime.c) once the tables are mapped. */
PathProfHashHeader *__pathprof_hash_table;
PathProfHashHeader *__pathprof_hash_metrics_table;

#define SLOT_BUSY UINT64_MAX
#define MAX_BUSY_SPINS (1u << 20)

static int DropReported;

static uint64_t mix(uint64_t Key, uint64_t PathId) {
  /* splitmix64 finalizer over both halves of the key. */
  uint64_t Z = PathId ^ (Key * 0x9e3779b97f4a7c15ULL);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
  return Z ^ (Z >> 31);
}

static uint64_t waitWhileBusy(uint64_t *KeySlot, uint64_t K) {
  for (unsigned Spins = 0; K == SLOT_BUSY && Spins != MAX_BUSY_SPINS; ++Spins) {
    if ((Spins & 63) == 63)
      sched_yield();
    K = __atomic_load_n(KeySlot, __ATOMIC_ACQUIRE);
  }
  return K;
}

/* The entry of (\p F, \p PathId) in \p *Table, of \p Words words each,
   inserted if new, or null when there is no table (yet) or it is full.
   Inlined into each caller, so that Words is a constant there: counting
   without metrics costs what it did before the metric table existed. */
static inline __attribute__((always_inline)) PathProfHashEntry *
findOrInsert(PathProfHashHeader **Table, uint64_t Words,
             const PathProfFunctionData *F, uint64_t PathId) {
  PathProfHashHeader *T = __atomic_load_n(Table, __ATOMIC_ACQUIRE);
  if (!T) {
    __pathprof_init_if_idle();
    T = __atomic_load_n(Table, __ATOMIC_ACQUIRE);
    if (!T)
      return 0;
  }
  if (F < __start___pathprof_data || F >= __stop___pathprof_data)
    return 0;
  const uint64_t Key = (uint64_t)(F - __start___pathprof_data) + 1;
  uint64_t *Entries = (uint64_t *)(T + 1);
  const uint64_t Mask = T->Capacity - 1;
  uint64_t I = mix(Key, PathId);
  for (uint64_t N = 0; N <= Mask; ++N, ++I) {
    PathProfHashEntry *E = (PathProfHashEntry *)&Entries[(I & Mask) * Words];
    uint64_t K = __atomic_load_n(&E->FunctionIndexPlusOne, __ATOMIC_ACQUIRE);
    if (K == 0) {
      uint64_t Expected = 0;
      if (__atomic_compare_exchange_n(&E->FunctionIndexPlusOne, &Expected,
                                      SLOT_BUSY, 0, __ATOMIC_ACQ_REL,
                                      __ATOMIC_ACQUIRE)) {
        __atomic_store_n(&E->PathId, PathId, __ATOMIC_RELAXED);
        __atomic_store_n(&E->FunctionIndexPlusOne, Key, __ATOMIC_RELEASE);
        __atomic_fetch_add(&T->Used, 1, __ATOMIC_RELAXED);
        return E;
      }
      K = Expected;
    }
    K = waitWhileBusy(&E->FunctionIndexPlusOne, K);
    if (K == Key && __atomic_load_n(&E->PathId, __ATOMIC_RELAXED) == PathId)
      return E;
  }
  __atomic_fetch_add(&T->Dropped, 1, __ATOMIC_RELAXED);
  if (!__atomic_exchange_n(&DropReported, 1, __ATOMIC_RELAXED))
    __pathprof_report_error(
        "path hash table full (%llu entries); counts of new paths are "
        "dropped, set PATHPROF_HASH_SIZE to a larger value",
        (unsigned long long)T->Capacity);
  return 0;
}

PATHPROF_API void __pathprof_hash_inc(const PathProfFunctionData *F,
                                      uint64_t PathId) {
  PathProfHashEntry *E =
      findOrInsert(&__pathprof_hash_table,
                   sizeof(PathProfHashEntry) / sizeof(uint64_t), F, PathId);
  if (E)
    __atomic_fetch_add(&E->Count, 1, __ATOMIC_RELAXED);
}

/* Where the metrics of a path go that found no entry: nowhere. */
static __thread uint64_t Discarded[2 + 3 * PATHPROF_MAX_METRICS]
    __attribute__((tls_model("initial-exec")));

uint64_t *__pathprof_hash_record(const PathProfFunctionData *F,
                                 uint64_t PathId) {
  /* The first touch of a table page is a page fault, and a probe takes
     time: neither is the path's. */
  uint64_t Frame[PATHPROF_METRICS_FRAME_WORDS];
  __pathprof_metrics_pause(Frame);
  PathProfHashEntry *E = findOrInsert(
      &__pathprof_hash_metrics_table,
      sizeof(PathProfHashSampledEntry) / sizeof(uint64_t), F, PathId);
  __pathprof_metrics_resume(Frame);
  if (!E)
    return Discarded;
  __atomic_fetch_add(&E->Count, 1, __ATOMIC_RELAXED);
  return &E->Count;
}

void __pathprof_hash_fold(PathProfHashHeader *Dst,
                          const PathProfHashHeader *Src, uint64_t Words,
                          const PathProfRawFunction *Records,
                          uint64_t NumFunctions) {
  const uint64_t Mask = Dst->Capacity - 1;
  uint64_t *DstEntries = (uint64_t *)(Dst + 1);
  const uint64_t *SrcEntries = (const uint64_t *)(Src + 1);
  /* Count and accumulators: the words after the key and the path id. */
  const uint64_t Values = Words - 2;
  uint64_t Dropped = Src->Dropped;
  for (uint64_t S = 0; S != Src->Capacity; ++S) {
    const PathProfHashEntry *E =
        (const PathProfHashEntry *)&SrcEntries[S * Words];
    uint64_t Key = E->FunctionIndexPlusOne;
    /* Empty, abandoned (BUSY) or nonsensical slots hold nothing to keep. */
    if (Key == 0 || Key > NumFunctions || E->Count == 0 ||
        !(Records[Key - 1].Flags & PATHPROF_FUNC_HASHED) ||
        E->PathId >= Records[Key - 1].NumPaths)
      continue;
    uint64_t I = mix(Key, E->PathId);
    uint64_t N = 0;
    for (; N <= Mask; ++N, ++I) {
      PathProfHashEntry *D =
          (PathProfHashEntry *)&DstEntries[(I & Mask) * Words];
      if (D->FunctionIndexPlusOne == 0) {
        D->PathId = E->PathId;
        D->FunctionIndexPlusOne = Key;
        ++Dst->Used;
      } else if (D->FunctionIndexPlusOne != Key || D->PathId != E->PathId) {
        continue;
      }
      uint64_t *DV = &D->Count;
      const uint64_t *SV = &E->Count;
      for (uint64_t V = 0; V != Values; ++V) {
        uint64_t Sum = DV[V] + SV[V];
        DV[V] = Sum < DV[V] ? UINT64_MAX : Sum;
      }
      break;
    }
    if (N > Mask)
      Dropped += E->Count;
  }
  uint64_t Total = Dst->Dropped + Dropped;
  Dst->Dropped = Total < Dropped ? UINT64_MAX : Total;
}

int __pathprof_hash_fold_region(const PathProfFold *F) {
  const PathProfRawRegion *R = F->Region;
  uint64_t N;
  const PathProfRawFunction *Records = __pathprof_fold_records(F, &N);
  __pathprof_hash_fold((PathProfHashHeader *)(F->Acc + R->Offset),
                       (const PathProfHashHeader *)(F->Src + R->Offset),
                       R->EntrySize / sizeof(uint64_t), Records, N);
  /* Written anywhere: every page. */
  __pathprof_mark_pages(F->AccPages, R->Offset, R->Size);
  return 0;
}
