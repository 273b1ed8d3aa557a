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
/* Version 2: a raw file is a sequence of segments (docs/FileFormat.md).
   Version 1 files, one segment with a 128-byte header, are still read. */
#define PATHPROF_RAW_VERSION 2ULL
#define PATHPROF_RAW_V1_HEADER_SIZE 128ULL

/* Layout version of PathProfFunctionData. The pass emits it as
   __pathprof_data_version; the runtime refuses modules of another layout. */
#define PATHPROF_DATA_VERSION 1ULL

/* PathProfRawHeader::SegmentFlags: the segment's counts were folded into
   another segment of the file; readers skip it and a writer may reuse it. */
#define PATHPROF_SEGMENT_FREE 0x1ULL

/* Sizes of the NUL-padded version strings in the raw header. */
#define PATHPROF_RAW_STRING_SIZE 64

/* Version of the serialized CFG description the pass embeds per function. */
#define PATHPROF_CFG_VERSION 1U

/* Section names; the linker provides __start_/__stop_ symbols for them. */
#define PATHPROF_DATA_SECTION "__pathprof_data"
#define PATHPROF_CNTS_SECTION "__pathprof_cnts"

/* PathProfFunctionData::Flags and PathProfRawFunction::Flags: the counts
   live in the runtime hash table, not in a dense array. */
#define PATHPROF_FUNC_HASHED 0x1ULL

/* Edge kinds in the serialized CFG description. */
enum PathProfEdgeKind {
  PATHPROF_EDGE_CFG = 0,          /* a CFG edge between two blocks */
  PATHPROF_EDGE_ENTRY_PSEUDO = 1, /* ENTRY->w standing for backedges into w */
  PATHPROF_EDGE_EXIT_PSEUDO = 2,  /* v->EXIT standing for backedges out of v */
  PATHPROF_EDGE_RETURN = 3 /* v->EXIT for a block that leaves the function */
};

/* One record per instrumented function, emitted by the pass into
   PATHPROF_DATA_SECTION. Pointers are resolved by the (dynamic) linker. */
typedef struct PathProfFunctionData {
  const char *Name;
  uint64_t NameSize;
  const uint8_t *CFG;
  uint64_t CFGSize;
  uint64_t Checksum;
  uint64_t NumPaths;
  uint64_t *Counters; /* NumPaths counters; null when hashed */
  uint64_t Flags;
} PathProfFunctionData;

/* Header of one segment of a raw profile. All fields little-endian 64-bit;
   every offset is from the start of the segment and 8-byte aligned. A file
   is a sequence of segments, the first at offset 0, each next one at the
   previous one's offset + SegmentSize. The first 14 fields are those of
   version 1 (where SegmentSize was the file size and the header ended after
   two reserved fields, now OwnerPid and OwnerStartTime). */
typedef struct PathProfRawHeader {
  uint64_t Magic;
  uint64_t Version;
  uint64_t HeaderSize;  /* sizeof(PathProfRawHeader) */
  uint64_t SegmentSize; /* whole segment, a multiple of the page size */
  uint64_t NumFunctions;
  uint64_t FunctionsOffset; /* NumFunctions x PathProfRawFunction */
  uint64_t BlobsOffset;     /* names and CFG descriptions */
  uint64_t BlobsSize;
  uint64_t CountersOffset; /* image of PATHPROF_CNTS_SECTION */
  uint64_t CountersSize;   /* bytes */
  uint64_t HashOffset;     /* PathProfHashHeader + entries; 0 if none */
  uint64_t HashSize;       /* bytes */
  uint64_t NumMetrics;     /* per-path metric accumulators; 0 so far */
  uint64_t ModuleSignature;
  uint64_t OwnerPid;       /* the process that created the segment */
  uint64_t OwnerStartTime; /* its start time (/proc/PID/stat field 22) or 0 */
  uint64_t SegmentFlags;   /* PATHPROF_SEGMENT_* */
  uint64_t Reserved;
  char Producer[PATHPROF_RAW_STRING_SIZE]; /* compiler that built the module */
  char Runtime[PATHPROF_RAW_STRING_SIZE];  /* runtime that wrote the segment */
} PathProfRawHeader;

typedef struct PathProfRawFunction {
  uint64_t NameOffset; /* relative to BlobsOffset */
  uint64_t NameSize;
  uint64_t CFGOffset; /* relative to BlobsOffset */
  uint64_t CFGSize;
  uint64_t Checksum;
  uint64_t NumPaths;
  uint64_t
      CounterOffset; /* bytes, relative to CountersOffset; unused if hashed */
  uint64_t Flags;
} PathProfRawFunction;

typedef struct PathProfHashHeader {
  uint64_t Capacity; /* number of entries, a power of two */
  uint64_t Used;
  uint64_t Dropped; /* increments lost because the table was full */
  uint64_t Reserved;
} PathProfHashHeader;

typedef struct PathProfHashEntry {
  uint64_t FunctionIndexPlusOne; /* 0: empty slot */
  uint64_t PathId;
  uint64_t Count;
} PathProfHashEntry;

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_PROFILEFORMAT_H */
