/*===- PathProf/ProfileFormat.h - Raw path profile layout -------*- C -*-===*\
|*
|* The on-disk layout of a raw path profile and the per-function records the
|* instrumentation pass emits into the binary. This header is shared, as plain
|* C, by the runtime (which writes raw profiles), the pass (which emits the
|* records) and lib/ProfileData (which reads them). docs/FileFormat.md is the
|* prose version; keep the two in step and bump the version on any change.
|*
\*===----------------------------------------------------------------------===*/

#ifndef PATHPROF_PROFILEFORMAT_H
#define PATHPROF_PROFILEFORMAT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The PathProf release, recorded in every raw profile (Producer, Runtime). */
#define PATHPROF_VERSION_STRING "0.3"

/* "PPROFRAW" read as a little-endian 64-bit integer. */
#define PATHPROF_RAW_MAGIC 0x574152464f525050ULL
/* The indexed profile's magic, "PPROFIDX", and its first version with an
   index (docs/FileFormat.md, "Index"); the rest of the indexed format is
   PathProf/ProfileReader.h's and lib/ProfileData/IndexedProfile.cpp's. Here
   so that the Python helpers' constants are generated from one place
   (utils/format/GenPythonLayout.c). */
#define PATHPROF_INDEXED_MAGIC 0x584449464f525050ULL
#define PATHPROF_INDEXED_INDEX_VERSION 5ULL
/* Version 3: a raw file is a sequence of segments, each with a region
   directory; a module's names and CFG descriptions are in one description
   segment per file, its counts in counter segments (docs/FileFormat.md).
   Version 4 is that layout with CFG descriptions that may carry the
   call-site table (PATHPROF_CFG_VERSION 2); version 3 files, version 2 files
   (segments that each carry everything) and version 1 files (one segment with a
   128-byte header) are still read. Version 5 adds the SAMPLING and
   HASH_SAMPLED regions of sampled metrics (PATHPROF_FUNC_SAMPLED). Version
   6 adds compact segments (PATHPROF_SEGMENT_COMPACT), which a normal exit
   leaves in place of the dense counter segments. Version 7 adds binary
   correlation: a description segment whose names and CFG descriptions are
   in the module's binary (NAME_REFS, BUILD_ID). Version 8 adds value
   blocks of memory-operation sizes (PATHPROF_VALUE_SITE_SIZES). Version 9
   adds path tables whose counts come before their metric groups
   (PATHPROF_FUNC_SPLIT). Version 10 adds packed segments
   (PATHPROF_SEGMENT_PACKED), which a normal exit leaves in place of compact
   segments and of small descriptions. */
#define PATHPROF_RAW_VERSION 10ULL
#define PATHPROF_RAW_V1_HEADER_SIZE 128ULL

/* Layout version of PathProfFunctionData. The pass emits it as
   __pathprof_data_version; the runtime refuses modules of another layout.
   Version 2 adds Function, Values and NumValueSites (value profiles of
   indirect calls), version 3 NumSelects (select counters). Version 4 gives
   functions with metrics sampled metric blocks (PATHPROF_FUNC_SAMPLED) and
   the runtime's sampling ABI. Version 5 adds NameRef (binary correlation).
   Version 6 splits path tables (PATHPROF_FUNC_SPLIT), and the runtime's
   metric entry points take a path's metric group, not its record. */
#define PATHPROF_DATA_VERSION 6ULL

/* PathProfRawHeader::SegmentKind: a module's description (its FUNCTIONS
   and NAMES regions), one module instance's counts (COUNTERS, HASH), or
   (version 6) the counts of dead instances of a module folded and stored
   sparsely (DENSE_HEADER, RUNS), or (version 10) a description or counter
   segment packed in a short header (PathProfPackedHeader) and runs of
   variable-length words (PathProf/PackedImage.h). */
#define PATHPROF_SEGMENT_DESCRIPTION 1ULL
#define PATHPROF_SEGMENT_COUNTERS 2ULL
#define PATHPROF_SEGMENT_COMPACT 3ULL
#define PATHPROF_SEGMENT_PACKED 4ULL

/* PathProfRawHeader::SegmentFlags: the segment's counts were folded into
   another segment of the file; readers skip it and a writer may reuse it. */
#define PATHPROF_SEGMENT_FREE 0x1ULL

/* Sizes of the NUL-padded version strings in the raw header. */
#define PATHPROF_RAW_STRING_SIZE 64
/* Entries in a segment header's region directory. */
#define PATHPROF_RAW_MAX_REGIONS 8

/* Version of the serialized CFG description the pass embeds per function:
   2 adds the table of call-site locations of a function built with calling
   contexts; a description without one is written as version 1. */
#define PATHPROF_CFG_VERSION 2U

/* Section names; the linker provides __start_/__stop_ symbols for them. */
#define PATHPROF_DATA_SECTION "__pathprof_data"
#define PATHPROF_CNTS_SECTION "__pathprof_cnts"
/* The names and CFG descriptions of a module built with
   -pathprof-correlate=binary: a section the loader does not map
   (PATHPROF_DESC_ENTRY_FIELD). */
#define PATHPROF_DESC_SECTION ".pathprof_desc"
/* "PPDESC01" read as a little-endian 64-bit integer. */
#define PATHPROF_DESC_MAGIC 0x3130435345445050ULL

/* PathProfFunctionData::Flags and PathProfRawFunction::Flags: the counts
   live in the runtime hash table, not in a dense array. */
#define PATHPROF_FUNC_HASHED 0x1ULL
/* Flags bits 8-11: K, the metric accumulators of each of the function's
   path records (-fprofile-path-metrics); a dense record is then K + 1
   words, {count, metric[0], ..., metric[K-1]}; a hashed function's records
   are in the runtime's metric hash table (PathProfHashMetricEntry). */
#define PATHPROF_FUNC_METRICS_SHIFT 8
#define PATHPROF_FUNC_METRICS_MASK 0xfULL
#define PATHPROF_MAX_METRICS 8
/* Flags bit 1: the function records calling contexts (-fprofile-path-
   context): its entry calls __pathprof_ctx_enter, and bits 32-63 of Flags
   are its number of call sites (docs/ContextTree.md). */
#define PATHPROF_FUNC_CONTEXT 0x2ULL
#define PATHPROF_FUNC_CALL_SITES_SHIFT 32
#define PATHPROF_FUNC_CALL_SITES_MASK 0xffffffffULL
/* Flags bit 2, with PATHPROF_FUNC_CONTEXT: the function counts no paths
   (-fprofile-path-context=calls). Its counters are one calls record of
   1 + 2K words, {entries, exclusive[0..K-1], inclusive[0..K-1]}, for the
   entries no node took; each of its nodes has, instead of a path table,
   2K words {exclusive[0..K-1], inclusive[0..K-1]} (none when K is 0). */
#define PATHPROF_FUNC_CALLS 0x4ULL
/* Flags bit 3, with K > 0: the function's metrics are sampled (data layout
   3, raw version 5). Each of its metric groups is then a metric block of
   M accumulators (M = K for a path record, 2K for a calls record), 1 + 3M
   words: the sums of the measured deltas, sum[0..M-1]; the number of
   measured executions k; and per accumulator the sum of the squared deltas
   as two words {Hi, Lo}, the sums of (d * d) >> 32 and of (d * d) &
   0xffffffff, which add word by word (threads, slices, merges) without a
   carry. Without the bit a group is the M sums alone. */
#define PATHPROF_FUNC_SAMPLED 0x8ULL
/* Flags bit 4, on a function with K > 0 that counts paths and is not
   hashed (data layout 6, raw version 9; every such function built since):
   each of its path tables (its dense counters, and each context node's
   table) holds the NumPaths counts first and the NumPaths metric groups
   after them, so that counting a path touches the pages of counts alone,
   as without metrics, and a path's metric group is touched only when the
   path is measured. Path i's count is word i of the table, its group
   starts at word NumPaths + i * G (G = pathprofMetricWords). Without the
   bit, records interleave, {count, group} at word i * (1 + G). The table's
   size is the same (pathprofCountWord, pathprofGroupWord). */
#define PATHPROF_FUNC_SPLIT 0x10ULL
#define PATHPROF_BLOCK_SAMPLES(M) (M)
#define PATHPROF_BLOCK_SQUARE_HI(M, I) ((M) + 1 + 2 * (I))
#define PATHPROF_BLOCK_SQUARE_LO(M, I) ((M) + 2 + 2 * (I))

/* PathProfRawSampling::Distribution: how the runtime drew the number of
   path starts until the next measured one. */
#define PATHPROF_SAMPLING_GEOMETRIC 1ULL

/* Slots {Target, Count} of the value block of an indirect call site
   (PATHPROF_VALUE_BLOCK_FIELD); a block is PATHPROF_VALUE_BLOCK_WORDS
   words. */
#define PATHPROF_VALUE_SLOTS 8
#define PATHPROF_VALUE_BLOCK_WORDS (2 + 2 * PATHPROF_VALUE_SLOTS)
/* In a value block's Site word (raw version 8): the block counts the sizes
   of a memory operation (memcpy, memmove, memset of a length that is not a
   constant), the operation's index among the function's such operations
   + 1 in the low bits, and each slot's Target is a length + 1, a length
   that IR PGO's runtime records as a single value (up to 8, and powers of
   two up to 512); other lengths count in Other (PathProfValues.c). */
#define PATHPROF_VALUE_SITE_SIZES (1ULL << 63)

/* PathProfRawMetric::Sources, a mask: how the runtime read the event. */
#define PATHPROF_METRIC_SOURCE_TSC 0x1ULL   /* the time-stamp counter */
#define PATHPROF_METRIC_SOURCE_RDPMC 0x2ULL /* rdpmc, perf_event_mmap_page */
#define PATHPROF_METRIC_SOURCE_READ 0x4ULL  /* read() of a perf event */
/* PathProfRawMetric::Flags. */
#define PATHPROF_METRIC_SCALED 0x1ULL    /* multiplexed; values were scaled */
#define PATHPROF_METRIC_INCLUSIVE 0x2ULL /* paths include their callees */
/* PathProfRawMetric::Unit. */
#define PATHPROF_METRIC_UNIT_EVENTS 0ULL
#define PATHPROF_METRIC_UNIT_NS 1ULL    /* task-clock, cpu-clock */
#define PATHPROF_METRIC_UNIT_TICKS 2ULL /* tsc */
/* Bytes of PathProfRawMetric::Name, NUL included. */
#define PATHPROF_METRIC_NAME_SIZE 96

/* Edge kinds in the serialized CFG description. */
enum PathProfEdgeKind {
  PATHPROF_EDGE_CFG = 0,          /* a CFG edge between two blocks */
  PATHPROF_EDGE_ENTRY_PSEUDO = 1, /* ENTRY->w standing for backedges into w */
  PATHPROF_EDGE_EXIT_PSEUDO = 2,  /* v->EXIT standing for backedges out of v */
  PATHPROF_EDGE_RETURN = 3 /* v->EXIT for a block that leaves the function */
};

/* Region kinds of the region directory: PATHPROF_REGION_FUNCTIONS, ... */
enum PathProfRegionKind {
#define PATHPROF_RAW_REGION_KIND(Name, Value, EntrySize, Segment)              \
  PATHPROF_REGION_##Name = Value,
#include "PathProf/ProfileLayout.inc"
};

/* The structs below are generated from PathProf/ProfileLayout.inc. */
/* One record per instrumented function, emitted by the pass into
   PATHPROF_DATA_SECTION. Pointers are resolved by the (dynamic) linker. */
typedef struct PathProfFunctionData {
#define PATHPROF_DATA_FIELD(CType, Kind, Name) CType Name;
#include "PathProf/ProfileLayout.inc"
} PathProfFunctionData;

/* One entry of a segment's region directory. */
typedef struct PathProfRawRegion {
#define PATHPROF_RAW_REGION_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
} PathProfRawRegion;

/* Header of one segment of a raw profile. Every offset is from the start
   of the segment and 8-byte aligned. A file is a sequence of segments, the
   first at offset 0, each next one at the previous one's offset +
   SegmentSize. */
typedef struct PathProfRawHeader {
#define PATHPROF_RAW_HEADER_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
  char Producer[PATHPROF_RAW_STRING_SIZE]; /* compiler that built the module */
  char Runtime[PATHPROF_RAW_STRING_SIZE];  /* runtime that wrote the segment */
  PathProfRawRegion Regions[PATHPROF_RAW_MAX_REGIONS];
} PathProfRawHeader;

/* Header of a packed segment (version 10): a description or counter
   segment as runs of its non-zero words (PathProf/PackedImage.h). Its
   fields up to OwnerStartTime are PathProfRawHeader's, so that a writer
   walking a file reads kind, size, flags, signature and owner of every
   segment alike. */
typedef struct PathProfPackedHeader {
#define PATHPROF_PACKED_HEADER_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
} PathProfPackedHeader;

typedef struct PathProfRawFunction {
#define PATHPROF_RAW_FUNCTION_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
} PathProfRawFunction;

typedef struct PathProfDescEntry {
#define PATHPROF_DESC_ENTRY_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
} PathProfDescEntry;

typedef struct PathProfRawValueFunction {
#define PATHPROF_RAW_VALUE_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
} PathProfRawValueFunction;

/* The value block of one indirect call site. */
typedef struct PathProfValueBlock {
#define PATHPROF_VALUE_BLOCK_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
  struct {
    uint64_t Target;
    uint64_t Count;
  } Slots[PATHPROF_VALUE_SLOTS];
} PathProfValueBlock;

typedef struct PathProfRawMetric {
#define PATHPROF_RAW_METRIC_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
  char Name[PATHPROF_METRIC_NAME_SIZE]; /* NUL-padded event name */
} PathProfRawMetric;

/* The words of a metric group of \p M accumulators of a function with data
   record flags \p Flags: M sums, or a metric block (PATHPROF_FUNC_SAMPLED). */
static inline uint64_t pathprofMetricWords(uint64_t Flags, uint64_t M) {
  return M && (Flags & PATHPROF_FUNC_SAMPLED) ? 1 + 3 * M : M;
}

/* The metric accumulators of a function with data record flags \p Flags. */
static inline unsigned pathprofFunctionMetrics(uint64_t Flags) {
  return (unsigned)((Flags >> PATHPROF_FUNC_METRICS_SHIFT) &
                    PATHPROF_FUNC_METRICS_MASK);
}

/* The words of a path record of a function with data record flags \p
   Flags: its count and its metric group. */
static inline uint64_t pathprofRecordWords(uint64_t Flags) {
  return 1 + pathprofMetricWords(Flags, pathprofFunctionMetrics(Flags));
}

/* The word of path \p Id's count in a path table of a function with data
   record flags \p Flags and \p NumPaths paths. */
static inline uint64_t pathprofCountWord(uint64_t Flags, uint64_t NumPaths,
                                         uint64_t Id) {
  (void)NumPaths;
  return (Flags & PATHPROF_FUNC_SPLIT) ? Id : Id * pathprofRecordWords(Flags);
}

/* The first word of path \p Id's metric group in such a table. */
static inline uint64_t pathprofGroupWord(uint64_t Flags, uint64_t NumPaths,
                                         uint64_t Id) {
  return (Flags & PATHPROF_FUNC_SPLIT)
             ? NumPaths + Id * pathprofMetricWords(
                                   Flags, pathprofFunctionMetrics(Flags))
             : Id * pathprofRecordWords(Flags) + 1;
}

/* The words of the costs of a function that counts no paths (a node's
   table): its exclusive and inclusive metrics, one group of 2K. */
static inline uint64_t pathprofCallsCostWords(uint64_t Flags) {
  return pathprofMetricWords(Flags,
                             2 * (uint64_t)pathprofFunctionMetrics(Flags));
}

/* The words of the counters of a dense function with data record flags
   \p Flags and \p NumPaths paths: a path record per path, or, for a
   function that counts no paths, one calls record {count, costs}. */
static inline uint64_t pathprofFunctionCounterWords(uint64_t Flags,
                                                    uint64_t NumPaths) {
  return (Flags & PATHPROF_FUNC_CALLS) ? 1 + pathprofCallsCostWords(Flags)
                                       : NumPaths * pathprofRecordWords(Flags);
}

/* The call sites of a function with data record flags \p Flags. */
static inline uint64_t pathprofFunctionCallSites(uint64_t Flags) {
  return (Flags >> PATHPROF_FUNC_CALL_SITES_SHIFT) &
         PATHPROF_FUNC_CALL_SITES_MASK;
}

typedef struct PathProfHashHeader {
#define PATHPROF_HASH_HEADER_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
} PathProfHashHeader;

typedef struct PathProfHashEntry {
#define PATHPROF_HASH_ENTRY_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
} PathProfHashEntry;

/* An entry of the hash table of functions with metrics (HASH_METRICS):
   &Entry.Count is the path record {count, metric[0..K-1]}. */
typedef struct PathProfHashMetricEntry {
  PathProfHashEntry Entry;
  uint64_t Metrics[PATHPROF_MAX_METRICS];
} PathProfHashMetricEntry;

/* An entry of the hash table of functions with sampled metrics
   (HASH_SAMPLED): &Entry.Count is the path record {count, metric block of
   the function's K accumulators}, in room for PATHPROF_MAX_METRICS. */
typedef struct PathProfHashSampledEntry {
  PathProfHashEntry Entry;
  uint64_t Block[1 + 3 * PATHPROF_MAX_METRICS];
} PathProfHashSampledEntry;

typedef struct PathProfRawSampling {
#define PATHPROF_RAW_SAMPLING_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
} PathProfRawSampling;

/* The CONTEXT region: a calling context tree (docs/ContextTree.md). */
typedef struct PathProfCtxHeader {
#define PATHPROF_CTX_HEADER_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
} PathProfCtxHeader;

/* PathProfCtxRecord::Kind. */
#define PATHPROF_CTX_NODE 1ULL
#define PATHPROF_CTX_BACKEDGE 2ULL
/* PathProfCtxRecord::Flags: entered from code that is not instrumented in
   this module (a callback, a signal handler), not by a call of its parent. */
#define PATHPROF_CTX_VIA_UNKNOWN 0x1ULL
/* Functions with more paths keep them in the flat counters only; their
   nodes have no path table. */
#define PATHPROF_CTX_MAX_PATHS 1024ULL

typedef struct PathProfCtxNode {
#define PATHPROF_CTX_RECORD_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
#define PATHPROF_CTX_NODE_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
  /* NumSites + 1 slots, then TableWords words of path records. */
} PathProfCtxNode;

typedef struct PathProfCtxBackedge {
#define PATHPROF_CTX_RECORD_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
#define PATHPROF_CTX_BACKEDGE_FIELD(Name) uint64_t Name;
#include "PathProf/ProfileLayout.inc"
} PathProfCtxBackedge;

/* A call-site slot of a node: the first record of its callee list, and the
   offset of the node, so that a slot's address leads back to its node. */
typedef struct PathProfCtxSlot {
  uint64_t Head;
  uint64_t Owner;
} PathProfCtxSlot;

/* Where slot \p Site of a node is, in bytes from the node's start: what
   instrumented code stores in __pathprof_ctx_site before a call. */
#define PATHPROF_CTX_SLOT_OFFSET(Site)                                         \
  (sizeof(PathProfCtxNode) + (uint64_t)(Site) * sizeof(PathProfCtxSlot))

/* Words of the metrics frame instrumented code gives __pathprof_metrics_
   enter and _leave: the caller's path start per event, then whether the
   caller's path is measured. A calls frame (__pathprof_metrics_calls_*)
   holds the entry's readings in between. */
#define PATHPROF_METRICS_FRAME_ON PATHPROF_MAX_METRICS
#define PATHPROF_METRICS_FRAME_WORDS (PATHPROF_MAX_METRICS + 1)
#define PATHPROF_CALLS_FRAME_ON (2 * PATHPROF_MAX_METRICS)
#define PATHPROF_CALLS_FRAME_WORDS (2 * PATHPROF_MAX_METRICS + 1)

/* The thread's sampling countdowns (__pathprof_metric_countdown, one
   64-bit word each): each path start site decrements one of them, chosen
   when the code is instrumented, so that consecutive path starts rarely
   wait on each other's decrement in memory. */
#define PATHPROF_METRIC_COUNTDOWNS 8

/* Added to the K argument of __pathprof_metrics_path and _leave: the
   record is shared between threads (the hash table, atomic counters), so
   the metrics are added atomically. */
#define PATHPROF_METRICS_SHARED_RECORD 0x10000U

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_PROFILEFORMAT_H */
