/*===- PathProfValues.c - Value profiles --------------------------*- C -*-===*\
|*
|* Counts the callees of indirect calls, as IR PGO's value profiling does
|* for -fprofile-generate, so that -fprofile-path-use can promote the hot
|* ones. Each indirect call site of a module built without calling contexts
|* has a value block in the counter section (PathProfValueBlock): its
|* call-site index, a count of calls of other targets, and
|* PATHPROF_VALUE_SLOTS slots {Target, Count} taken in order. Being
|* counters, blocks live in the mapped profile (a kill -9 keeps them), get a
|* slice per thread, are zeroed by reset and start at zero in a fork child,
|* like path counters; only folding dead segments needs to know them
|* (__pathprof_value_fold).
|*
|* A target is recorded as its distance from the module's anchor (the start
|* of its data section), which is the same in every run of the module
|* whatever its load address, so that readers name it from the module's
|* VALUES region without the binary. The common case, a target already in a
|* slot of the site, is a scan of the slots and an add. A target seen at a
|* site for the first time is looked up in a sorted table of the module's
|* functions that may be called indirectly (built once, on first need): a
|* function of the module takes a free slot with a CAS; anything else (a
|* function of another module or not instrumented, or a full block) is
|* counted in Other.
|*
|* A memory operation whose length is not a constant (memcpy, memmove,
|* memset) has a block of the same shape for its lengths, as IR PGO's
|* memop size profiling does, so that -fprofile-path-use can specialise it
|* for its common length (PATHPROF_VALUE_SITE_SIZES): its slots hold
|* lengths + 1, any length LLVM's memop optimisation can specialise takes a
|* free slot, and the others count in Other.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <sched.h>
#include <stdlib.h>
#include <sys/mman.h>

enum { TableNone = 0, TableBuilding = 1, TableDone = 2 };
static int TableState = TableNone;
static uint64_t *Table;
static uint64_t TableSize;
/* Set on the thread that builds the table: a signal handler that makes an
   indirect call while it does counts its call in Other, not waiting for
   itself. */
static __thread int BuildingHere __attribute__((tls_model("initial-exec")));

static int compareKeys(const void *A, const void *B) {
  uint64_t X = *(const uint64_t *)A, Y = *(const uint64_t *)B;
  return X < Y ? -1 : X > Y;
}

static void buildTable(void) {
  const PathProfFunctionData *Data = __start___pathprof_data;
  uint64_t N = __pathprof_num_functions(), Used = 0;
  uint64_t *T = 0;
  if (N) {
    void *P = mmap(0, (size_t)(N * sizeof(uint64_t)), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (P == MAP_FAILED) {
      __pathprof_report_error("cannot allocate the table of indirect call "
                              "targets; their calls are counted as unknown");
    } else {
      T = (uint64_t *)P;
      for (uint64_t I = 0; I != N; ++I)
        if (Data[I].Function)
          T[Used++] = __pathprof_value_key(&Data[I]);
      qsort(T, (size_t)Used, sizeof(uint64_t), compareKeys);
    }
  }
  Table = T;
  TableSize = Used;
}

/* Whether \p Key is a function of the module that may be called
   indirectly. */
static int isFunction(uint64_t Key) {
  if (__atomic_load_n(&TableState, __ATOMIC_ACQUIRE) != TableDone) {
    if (BuildingHere)
      return 0;
    int Expected = TableNone;
    if (__atomic_compare_exchange_n(&TableState, &Expected, TableBuilding, 0,
                                    __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE)) {
      BuildingHere = 1;
      buildTable();
      BuildingHere = 0;
      __atomic_store_n(&TableState, TableDone, __ATOMIC_RELEASE);
    } else {
      while (__atomic_load_n(&TableState, __ATOMIC_ACQUIRE) != TableDone)
        sched_yield();
    }
  }
  uint64_t Lo = 0, Hi = TableSize;
  while (Lo < Hi) {
    uint64_t Mid = Lo + (Hi - Lo) / 2;
    if (Table[Mid] < Key)
      Lo = Mid + 1;
    else
      Hi = Mid;
  }
  return Lo < TableSize && Table[Lo] == Key;
}

void __pathprof_values_after_fork(void) {
  /* The child's only thread cannot be the builder: fork is never called
     while it builds. */
  if (__atomic_load_n(&TableState, __ATOMIC_ACQUIRE) == TableBuilding)
    __atomic_store_n(&TableState, TableNone, __ATOMIC_RELEASE);
}

static inline void increment(uint64_t *Count, int Atomic) {
  if (Atomic)
    __atomic_fetch_add(Count, 1, __ATOMIC_RELAXED);
  else
    ++*Count;
}

/* The first call of \p Key at the site of \p B (or since its block was
   full): takes the first free slot, unless another caller (a thread sharing
   the counters, a signal handler) took one for the same key first. Slots
   are taken in order and never freed while counting, so a key is in at
   most one of them. \p SiteWord is what the block's Site word holds; a
   length takes a slot, a callee only if it is a function of the module,
   and key 0 none (counted in Other). */
__attribute__((noinline)) static void
newKey(PathProfValueBlock *B, uint64_t SiteWord, uint64_t Key, int Atomic) {
  if (__atomic_load_n(&B->Site, __ATOMIC_RELAXED) == 0)
    __atomic_store_n(&B->Site, SiteWord, __ATOMIC_RELAXED);
  if (Key && ((SiteWord & PATHPROF_VALUE_SITE_SIZES) || isFunction(Key))) {
    for (unsigned I = 0; I != PATHPROF_VALUE_SLOTS; ++I) {
      uint64_t K = 0;
      if (__atomic_compare_exchange_n(&B->Slots[I].Target, &K, Key, 0,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED) ||
          K == Key) {
        increment(&B->Slots[I].Count, Atomic);
        return;
      }
    }
  }
  increment(&B->Other, Atomic);
}

/* Counts \p Key (not 0) in the value block \p Block. */
static inline void countKey(uint64_t *Block, uint64_t SiteWord, uint64_t Key,
                            int Atomic) {
  PathProfValueBlock *B = (PathProfValueBlock *)Block;
  for (unsigned I = 0; I != PATHPROF_VALUE_SLOTS; ++I) {
    uint64_t K = __atomic_load_n(&B->Slots[I].Target, __ATOMIC_RELAXED);
    if (K == Key) {
      increment(&B->Slots[I].Count, Atomic);
      return;
    }
    if (K == 0)
      break;
  }
  newKey(B, SiteWord, Key, Atomic);
}

static inline void countTarget(uint64_t *Block, uint64_t Site,
                               const void *Target, int Atomic) {
  countKey(Block, Site + 1,
           (uint64_t)(uintptr_t)Target - __pathprof_value_anchor(), Atomic);
}

/* Called by instrumented code before an indirect call (PathProfLowering.cpp)
   with the call site's block in the thread's slice (or the process's
   counters, shared). */
void __pathprof_value_target(uint64_t *Block, uint64_t Site,
                             const void *Target) {
  countTarget(Block, Site, Target, 0);
}

/* The same for counters that threads share (-pathprof-counters=atomic). */
void __pathprof_value_target_atomic(uint64_t *Block, uint64_t Site,
                                    const void *Target) {
  countTarget(Block, Site, Target, 1);
}

/* Whether IR PGO's runtime records \p Size as itself
   (InstrProfIsSingleValRange of InstrProfGetRangeRepValue): up to 8, and
   powers of two up to 512. It records other lengths as the start of their
   range (9, 17, ..., 513), which LLVM's memop optimisation never
   specialises, so here they count in Other and keep the slots free. */
static inline int isSingleValueSize(uint64_t Size) {
  return Size <= 8 || (Size <= 512 && (Size & (Size - 1)) == 0);
}

static inline void countSize(uint64_t *Block, uint64_t Site, uint64_t Size,
                             int Atomic) {
  const uint64_t SiteWord = (Site + 1) | PATHPROF_VALUE_SITE_SIZES;
  if (isSingleValueSize(Size))
    countKey(Block, SiteWord, Size + 1, Atomic);
  else
    newKey((PathProfValueBlock *)Block, SiteWord, 0, Atomic);
}

/* Called by instrumented code before a memory operation whose length is
   not a constant (PathProfLowering.cpp), with the operation's block and
   index and its length. */
void __pathprof_value_size(uint64_t *Block, uint64_t Site, uint64_t Size) {
  countSize(Block, Site, Size, 0);
}

/* The same for counters that threads share (-pathprof-counters=atomic). */
void __pathprof_value_size_atomic(uint64_t *Block, uint64_t Site,
                                  uint64_t Size) {
  countSize(Block, Site, Size, 1);
}

static uint64_t addSaturating(uint64_t A, uint64_t B) {
  uint64_t Sum = A + B;
  return Sum < A ? UINT64_MAX : Sum;
}

void __pathprof_value_fold(uint64_t *AccBlock, uint64_t *SrcBlock) {
  PathProfValueBlock *Acc = (PathProfValueBlock *)AccBlock;
  PathProfValueBlock *Src = (PathProfValueBlock *)SrcBlock;
  if (!Acc->Site)
    Acc->Site = Src->Site;
  Acc->Other = addSaturating(Acc->Other, Src->Other);
  for (unsigned I = 0; I != PATHPROF_VALUE_SLOTS; ++I) {
    uint64_t Key = Src->Slots[I].Target, Count = Src->Slots[I].Count;
    if (!Key)
      break;
    unsigned J = 0;
    while (J != PATHPROF_VALUE_SLOTS && Acc->Slots[J].Target &&
           Acc->Slots[J].Target != Key)
      ++J;
    if (J == PATHPROF_VALUE_SLOTS) {
      Acc->Other = addSaturating(Acc->Other, Count);
      continue;
    }
    Acc->Slots[J].Target = Key;
    Acc->Slots[J].Count = addSaturating(Acc->Slots[J].Count, Count);
  }
  for (unsigned I = 0; I != PATHPROF_VALUE_BLOCK_WORDS; ++I)
    SrcBlock[I] = 0;
}
