/*===- PathProfStorage.c - The storage kinds of a counter segment -*- C -*-===*\
|*
|* A counter segment holds its counts in regions of several kinds: the dense
|* counters (with the value blocks and select counters among them), the
|* hash tables of hashed functions, the metric table, the calling context
|* tree. Code that adds one segment's counts into another (a start folding
|* the dead segments of its module, the compaction at exit,
|* PathProfSegment.c and PathProfCompact.c) goes through the table below and
|* knows none of their layouts; each kind's fold lives with the code that
|* owns its layout. A new kind of region with counts is a new entry here.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

const PathProfRawFunction *__pathprof_fold_records(const PathProfFold *F,
                                                   uint64_t *N) {
  const PathProfRawHeader *D = (const PathProfRawHeader *)F->Req->Description;
  const PathProfRawRegion *R =
      __pathprof_find_region(D, PATHPROF_REGION_FUNCTIONS);
  *N = D->NumFunctions;
  return (const PathProfRawFunction *)(F->Req->Description + R->Offset);
}

/* The dense counters: value blocks are keyed by target, so they are merged
   slot by slot (PathProfValues.c) and then hold zeros, which the sum of
   every other word adds. */
static int foldCounters(const PathProfFold *F) {
  const PathProfRawHeader *D = (const PathProfRawHeader *)F->Req->Description;
  const PathProfRawRegion *C = F->Region;
  const PathProfRawRegion *V =
      __pathprof_find_region(D, PATHPROF_REGION_VALUES);
  const uint64_t Page = __pathprof_page_size();
  char *Acc = F->Acc, *Src = F->Src;
  const unsigned char *SrcPages = F->SrcPages;
  if (V) {
    const PathProfRawValueFunction *Entries =
        (const PathProfRawValueFunction *)(F->Req->Description + V->Offset);
    for (uint64_t I = 0; I != D->NumFunctions; ++I) {
      const PathProfRawValueFunction *E = &Entries[I];
      if (E->ValuesOffset > C->Size ||
          E->NumValueSites >
              (C->Size - E->ValuesOffset) / sizeof(PathProfValueBlock))
        continue;
      for (uint64_t J = 0; J != E->NumValueSites; ++J) {
        uint64_t At =
            C->Offset + E->ValuesOffset + J * sizeof(PathProfValueBlock);
        /* A block whose site never ran is zero (Site 0): neither read it
           where the map says it is zero, nor write it. */
        if (SrcPages && !SrcPages[At / Page] &&
            !SrcPages[(At + sizeof(PathProfValueBlock) - 1) / Page])
          continue;
        if (!((const PathProfValueBlock *)(Src + At))->Site)
          continue;
        __pathprof_value_fold((uint64_t *)(Acc + At), (uint64_t *)(Src + At));
        __pathprof_mark_pages(F->AccPages, At, sizeof(PathProfValueBlock));
      }
    }
  }
  /* Page by page, of the pages SrcPages marks; only words that counted are
     written: the pages of Acc no run touched stay holes (or the zero
     page). */
  const uint64_t End = C->Offset + C->Size;
  for (uint64_t From = C->Offset; From < End;) {
    uint64_t P = From / Page;
    if (SrcPages && !SrcPages[P]) {
      P = __pathprof_next_marked(SrcPages, P + 1, (End + Page - 1) / Page);
      From = P * Page;
      continue;
    }
    uint64_t To = (P + 1) * Page < End ? (P + 1) * Page : End;
    uint64_t *A = (uint64_t *)(Acc + From);
    const uint64_t *S = (const uint64_t *)(Src + From);
    const uint64_t N = (To - From) / 8;
    int Wrote = 0;
    for (uint64_t I = __pathprof_next_nonzero(S, 0, N); I < N;
         I = __pathprof_next_nonzero(S, I + 1, N)) {
      uint64_t Sum = A[I] + S[I];
      A[I] = Sum < A[I] ? UINT64_MAX : Sum;
      Wrote = 1;
    }
    if (Wrote && F->AccPages)
      F->AccPages[P] = 1;
    From = To;
  }
  return 0;
}

/* How the metrics were sampled: the same in every segment of the same
   events; nothing to add, but the compaction reads it from Acc. */
static int foldSampling(const PathProfFold *F) {
  __pathprof_mark_pages(F->AccPages, F->Region->Offset, F->Region->Size);
  return 0;
}

const PathProfStorageKind __pathprof_storage_kinds[] = {
    /* First: it is the one that can fail, and nothing is changed then. */
    {PATHPROF_REGION_CONTEXT, __pathprof_ctx_fold_region},
    {PATHPROF_REGION_METRICS, __pathprof_metrics_fold_region},
    {PATHPROF_REGION_SAMPLING, foldSampling},
    {PATHPROF_REGION_COUNTERS, foldCounters},
    {PATHPROF_REGION_HASH, __pathprof_hash_fold_region},
    {PATHPROF_REGION_HASH_SAMPLED, __pathprof_hash_fold_region},
};
const unsigned __pathprof_num_storage_kinds =
    sizeof(__pathprof_storage_kinds) / sizeof(__pathprof_storage_kinds[0]);
