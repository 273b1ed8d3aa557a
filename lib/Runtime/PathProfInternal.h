/*===- PathProfInternal.h - libpathprof_rt internals --------------*- C -*-===*\
|*
|* Declarations shared by the runtime's source files. Everything here has
|* hidden visibility (the library is built with -fvisibility=hidden), and
|* every name still starts with __pathprof_ because hidden symbols can clash
|* with the program's own in a static link.
|*
|* Functions marked "async-signal-safe" may run in a fork child of a
|* multithreaded program (pthread_atfork child handler): they use system calls
|* and their own formatting only, never malloc, stdio or locale-dependent
|* libc functions.
|*
\*===----------------------------------------------------------------------===*/

#ifndef PATHPROF_RUNTIME_INTERNAL_H
#define PATHPROF_RUNTIME_INTERNAL_H

#include "PathProf/ProfileFormat.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define PATHPROF_API __attribute__((visibility("default")))
#define PATHPROF_HIDDEN __attribute__((visibility("hidden")))

/* The entry points instrumented code calls in its uncommon case preserve
   the caller's registers where the target has such a convention
   (RuntimeInterface.h says which): the call is rare, and the common case
   then needs no callee-saved registers and so no pushes and pops around
   the instrumented function's body. */
#if defined(__x86_64__) || defined(__aarch64__)
#define PATHPROF_PRESERVE_MOST __attribute__((preserve_most))
#else
#define PATHPROF_PRESERVE_MOST
#endif

#define PATHPROF_RUNTIME_STRING                                                \
  "PathProf runtime " PATHPROF_VERSION_STRING " (raw v10)"

/* Section bounds, provided by the linker when the sections exist. */
extern PathProfFunctionData __start___pathprof_data[]
    __attribute__((weak, visibility("hidden")));
extern PathProfFunctionData __stop___pathprof_data[]
    __attribute__((weak, visibility("hidden")));
extern uint64_t __start___pathprof_cnts[]
    __attribute__((weak, visibility("hidden")));
extern uint64_t __stop___pathprof_cnts[]
    __attribute__((weak, visibility("hidden")));

/* Optional default file name pattern, defined by instrumented modules. */
extern const char __pathprof_profile_filename[]
    __attribute__((weak, visibility("hidden")));
/* Emitted by the instrumentation pass: the compiler that built the module
   and the PathProfFunctionData layout it used. Absent in modules built
   before they existed, which used data version 1. */
extern const char __pathprof_producer[]
    __attribute__((weak, visibility("hidden")));
extern const uint64_t __pathprof_data_version
    __attribute__((weak, visibility("hidden")));

/*--- Reporting (PathProfUtil.c) -------------------------------------------*/

/* One line, "PathProf error: " + message, on stderr with a single write(2).
   The format supports %s %.*s %c %d %u %ld %lu %lld %llu %llx %016llx %zu
   and %%. Async-signal-safe. */
void __pathprof_report_error(const char *Fmt, ...)
    __attribute__((format(printf, 1, 2)));
/* One line on stderr, exactly as given (no prefix). Async-signal-safe. */
void __pathprof_report_line(const char *Fmt, ...)
    __attribute__((format(printf, 1, 2)));
/* The formatter behind both; returns the length it wanted to write. */
size_t __pathprof_vformat(char *Buf, size_t Size, const char *Fmt,
                          va_list Args);
/* strerror without locale or allocation. Async-signal-safe. */
const char *__pathprof_strerror(int Errno);

/* Reads the environment variable \p Name as a positive decimal number, with
   an optional K, M or G suffix (2^10, 2^20, 2^30) when \p Suffixes is set.
   Returns 1 with the value in *\p Out, 0 when the variable is unset or
   empty, -1 (after nothing is reported: callers say what they use instead)
   when it is not such a number or the value overflows 64 bits. */
int __pathprof_env_number(const char *Name, int Suffixes, uint64_t *Out);

/* Number of function records in this module's data section. */
uint64_t __pathprof_num_functions(void);

/* 64-bit FNV-1a, seeded with \p Hash. */
uint64_t __pathprof_fnv1a(uint64_t Hash, const void *Data, size_t Size);

/* This process's start time in clock ticks since boot (field 22 of
   /proc/self/stat), or 0 if unavailable. Async-signal-safe. */
uint64_t __pathprof_process_start_time(void);
/* The number of threads of this process (field 20 of /proc/self/stat), or
   0 if unavailable. Async-signal-safe. */
uint64_t __pathprof_process_threads(void);
/* Whether no other thread of this process runs: a library's word for it
   when it has one, else the number of threads. */
int __pathprof_process_alone(void);

/* Copies the NUL-terminated \p Src (null: empty) into \p Dst, NUL-padded to
   \p Size bytes, cut if it does not fit. Async-signal-safe. */
void __pathprof_copy_string(char *Dst, const char *Src, size_t Size);

/*--- The module's layout (PathProfLayout.c) --------------------------------*/

/* What the module's function records ask of the counting code: the most
   metrics per path record (at most PATHPROF_MAX_METRICS), whether some
   function counts calls alone, whether some records calling contexts. */
typedef struct PathProfLayoutNeeds {
  unsigned MaxMetrics;
  int AnyCalls, AnyContext;
} PathProfLayoutNeeds;
void __pathprof_layout_needs(PathProfLayoutNeeds *N);

/* The module's two hash tables, laid out after the counters: the counts of
   hashed functions without metrics (HASH, index 0) and the records of
   those with (HASH_SAMPLED, index 1). */
#define PATHPROF_NUM_HASHES 2
/* Where everything is in the module's description segment and in each of
   its counter segments, fixed at init. */
typedef struct PathProfLayout {
  uint64_t FunctionsOffset, ValuesOffset, NameRefsOffset, BuildIdOffset,
      BuildIdSize, NamesOffset, NamesSize, DescSize, CountersOffset,
      CountersSize, HashCapacity, MetricsOffset, MetricsSize, SamplingOffset,
      ContextOffset, ContextSize, SegmentSize, Signature;
  /* Size 0: the module has no such function. */
  struct {
    uint64_t Kind, EntrySize, Offset, Size;
  } Hashes[PATHPROF_NUM_HASHES];
  /* The description's header and records (NamesOffset bytes; Magic 0). */
  const char *Description;
  /* The header of a fresh counter segment (Magic 0, FREE set). */
  const PathProfRawHeader *CounterHeader;
} PathProfLayout;
/* Lays the module out for \p NumMetrics metrics and a context arena of
   \p ContextSize bytes; 0, or -1 after reporting (no profile). */
int __pathprof_layout_build(unsigned NumMetrics, uint64_t ContextSize);
/* The layout, once built. */
const PathProfLayout *__pathprof_layout(void);
/* Writes the names and CFG descriptions of the module's functions, where
   the records place them, to \p Fd at \p Offset (a description's names
   region); 0, or -1 with errno set. Async-signal-safe. */
int __pathprof_layout_write_names(int Fd, uint64_t Offset);
/* Table capacity requested through PATHPROF_HASH_SIZE, rounded up to a power
   of two. */
uint64_t __pathprof_hash_capacity(void);
/* What targets of indirect calls are recorded relative to: the start of
   this module's data section. Inline: the value profiling of every
   indirect call subtracts it. */
static inline uint64_t __pathprof_value_anchor(void) {
  return (uint64_t)(uintptr_t)__start___pathprof_data;
}
/* The VALUES region's Address of \p F: its address minus the anchor, 0
   when it has none. */
static inline uint64_t __pathprof_value_key(const PathProfFunctionData *F) {
  return F->Function
             ? (uint64_t)(uintptr_t)F->Function - __pathprof_value_anchor()
             : 0;
}

/*--- Files: names, I/O, segment headers (PathProfFile.c) -------------------*/

/* Expands %p %h %m %Nm %% of \p Pattern into \p Out (\p OutSize bytes); %m
   and %Nm (N = 1..9) become the 16 hex digits of \p Signature, '_' and
   pid % N. Sets *Merge to whether the pattern names a merge pool. Returns 0
   on success, -1 if the result does not fit. Async-signal-safe. */
int __pathprof_expand_name(const char *Pattern, uint64_t Signature, char *Out,
                           size_t OutSize, int *Merge);

/* Creates the missing parent directories of \p Path (mkdir -p of its
   dirname). Failures are left for the following open() to report.
   Async-signal-safe. */
void __pathprof_create_parent_dirs(char *Path);

/*--- Hash table (PathProfHash.c) ------------------------------------------*/

/* The hash table of this module, or null before __pathprof_init (or when no
   function is hashed). */
extern PathProfHashHeader *__pathprof_hash_table;
/* The same for functions with metrics (entries of PathProfHashSampledEntry). */
extern PathProfHashHeader *__pathprof_hash_metrics_table;

/* Adds every valid entry of \p Src into \p Dst (same capacity, entries of
   \p Words words: count and accumulators are summed), and Src's Dropped to
   Dst's; entries that do not fit add to Dst's Dropped. Entries must name
   one of \p NumFunctions functions and a path below its NumPaths in
   \p Records. Not thread-safe: for segments nobody counts into. */
void __pathprof_hash_fold(PathProfHashHeader *Dst,
                          const PathProfHashHeader *Src, uint64_t Words,
                          const PathProfRawFunction *Records,
                          uint64_t NumFunctions);

/*--- Metrics (PathProfMetrics.c) ------------------------------------------*/
struct perf_event_mmap_page;
/* Chooses the events of the up to \p K metrics per path (PATHPROF_EVENTS,
   PATHPROF_INCLUSIVE), reporting what cannot be counted; returns how many
   are counted, the entries of __pathprof_metrics_table(). Instrumented code
   may read tsc inline only when \p InlineTSC (no function of the module
   counts calls alone: those read through the runtime). */
unsigned __pathprof_metrics_configure(unsigned K, int InlineTSC);
/* Read by instrumented code (PathProfLowering.cpp): the thread's path
   starts, and whether it reads the time-stamp counter inline. */
extern __thread uint64_t __pathprof_metric_start[PATHPROF_MAX_METRICS];
extern __thread int64_t __pathprof_metric_countdown[PATHPROF_METRIC_COUNTDOWNS];
extern __thread uint64_t __pathprof_metric_on;
extern unsigned char __pathprof_metrics_tsc;
/* Around the runtime's own work inside a path (inserting a hash table entry,
   which may take page faults): what the events count between pause and
   resume is left out of the thread's current path, as a callee's is.
   \p Frame holds PATHPROF_METRICS_FRAME_WORDS words. */
void __pathprof_metrics_pause(uint64_t *Frame);
void __pathprof_metrics_resume(const uint64_t *Frame);
const PathProfRawMetric *__pathprof_metrics_table(void);
/* How the metrics are sampled (the SAMPLING region). */
void __pathprof_metrics_sampling(PathProfRawSampling *S);
/* The primary segment's copy of the table, where the sources actually used
   and the SCALED flag are recorded as they happen. */
void __pathprof_metrics_set_mapped_table(PathProfRawMetric *Mapped);
/* One rdpmc reading of the event \p Pc describes (the perf_event_mmap_page
   seqlock protocol), through \p ReadPmc and \p ReadTsc so that tests can
   fake them: 0 and the count (scaled by time_enabled / time_running when
   the event was multiplexed, *Scaled set) or -1 when rdpmc cannot be used
   now (no cap_user_rdpmc, or index 0: the event is not on the PMU). */
int __pathprof_rdpmc_read(const volatile struct perf_event_mmap_page *Pc,
                          uint64_t (*ReadPmc)(unsigned),
                          uint64_t (*ReadTsc)(void), uint64_t *Value,
                          int *Scaled);

/*--- Calling context tree (PathProfContext.c) ------------------------------*/

/* Read by instrumented code: the context words a caller stores before a
   call, and the calling thread's tree (its CONTEXT region), or null. */
extern __thread void *__pathprof_ctx_site
    __attribute__((tls_model("initial-exec")));
extern __thread const void *__pathprof_ctx_callee
    __attribute__((tls_model("initial-exec")));
extern __thread char *__pathprof_ctx_arena
    __attribute__((tls_model("initial-exec")));
/* Bytes of each counter segment's CONTEXT region (PATHPROF_CONTEXT_SIZE),
   a multiple of the page size. */
uint64_t __pathprof_ctx_capacity(void);
/* Writes the header of an empty tree into a fresh region. */
void __pathprof_ctx_init_region(char *Region, uint64_t Capacity);
/* The calling thread counts its contexts into \p Region (null: none; the
   thread then starts over at the roots). */
void __pathprof_ctx_set_thread_region(char *Region);
/* Copies the tree of the region \p From into the fresh region \p To (same
   capacity) with every count zeroed, so that the node pointers of live
   frames name the same contexts in the new segment. Returns -1 (leaving an
   arena nothing is allocated in) when the file has no room for it.
   Async-signal-safe. */
int __pathprof_ctx_carry(char *To, const char *From, uint64_t Capacity);
/* Zeroes the counts of the tree in \p Region and keeps the tree. */
void __pathprof_ctx_reset(char *Region, uint64_t Capacity);
/* Adds the tree of the region \p Src (a dead segment's, of the module whose
   function records are \p Records) into the tree of \p Acc: contexts of
   the same (function, call site) chain add their counts, the others are
   copied. Returns 0, or -1 leaving \p Acc unchanged when Src is not a
   tree this runtime writes or Acc has no room for it. Async-signal-safe. */
int __pathprof_ctx_fold(char *Acc, const char *Src, uint64_t Capacity,
                        const PathProfRawFunction *Records,
                        uint64_t NumFunctions);

/*--- Value profiles (PathProfValues.c) ------------------------------------*/
/* Fork child: a table of targets another thread of the parent was building
   is built again when needed. Async-signal-safe. */
void __pathprof_values_after_fork(void);
/* Adds the value block \p Src (PATHPROF_VALUE_BLOCK_WORDS words, of a dead
   segment) into \p Acc, of the same call site, and zeroes Src. Targets
   for which Acc has no free slot are counted in its Other.
   Async-signal-safe. */
void __pathprof_value_fold(uint64_t *Acc, uint64_t *Src);

/*--- Segments (PathProfSegment.c) -----------------------------------------*/

/* What a module needs to obtain a counter segment in a raw profile file,
   and to write its description segment there if the file has none. */
typedef struct PathProfSegmentRequest {
  const char *Path;  /* the expanded file name */
  int Merge;         /* pattern with %m / %Nm: never truncate the file */
  const char *Image; /* counter segment header (Magic 0, FREE set) */
  uint64_t ImageSize;
  uint64_t SegmentSize;
  /* Bytes from the segment's start whose file space is reserved up front;
     the rest (the CONTEXT region) is reserved as it is used. Counter
     segments with such a region are never folded. */
  uint64_t ReserveSize;
  uint64_t Pid;
  uint64_t StartTime;
  /* Writes the counters and the hash header of a freshly obtained segment
     (whose header is already written); marks the pages of its counters it
     writes in \p Pages, a page map (below), when that is not null. */
  void (*FillCounters)(char *Segment, unsigned char *Pages);
  /* The events of the METRICS region, if the image has one: only segments
     that count the same events are folded together. */
  const PathProfRawMetric *Metrics;
  /* The description: header (Magic 0) and function records, of
     DescriptionImageSize bytes, in a segment of DescriptionSize bytes whose
     names region at NamesOffset WriteNames fills (0, or -1 with errno). */
  const char *Description;
  uint64_t DescriptionImageSize;
  uint64_t DescriptionSize;
  uint64_t DescriptionUsed; /* its bytes without the padding to a page */
  uint64_t NamesOffset;
  int (*WriteNames)(int Fd, uint64_t Offset);
} PathProfSegmentRequest;

/* Opens the file, and under flock(LOCK_EX): decides whether its contents
   are kept, folds dead counter segments of this module into one, appends
   the module's description if the file has none, claims a free counter
   segment of this layout or appends one, writes it (header, counters) and
   takes the open file description lock that marks it live.
   Returns the mapping of the new segment and stores the descriptor that
   holds the lock in *Fd; returns null after reporting one error.
   Async-signal-safe. */
char *__pathprof_acquire_segment(const PathProfSegmentRequest *Req, int *Fd);

/* Opens the profile \p Path (creating it when \p Create is O_CREAT) and
   takes flock(LOCK_EX) on it, on the file the name has once the lock is
   held (a compaction may rename a new file over it). Returns the
   descriptor, or -1 after reporting an error (nothing is reported for a
   file that does not exist when \p Create is 0). Async-signal-safe. */
int __pathprof_open_locked(const char *Path, int Create);

/* The file helpers the segment code and the compaction share
   (async-signal-safe). Whole reads and writes at an offset, going on after
   short ones: read returns the bytes read (fewer at the end of the file)
   or -1, write 0 or -1, with errno set. */
ssize_t __pathprof_read_at(int Fd, void *Buf, size_t Size, uint64_t Offset);
int __pathprof_write_at(int Fd, const void *Buf, size_t Size, uint64_t Offset);
uint64_t __pathprof_page_size(void);
/* \p V rounded up to a multiple of the page size. */
uint64_t __pathprof_round_to_page(uint64_t V);
/* 1 if another open file description holds the lock of the segment at
   \p Offset (it is live), 0 if not, -1 on error. */
int __pathprof_segment_is_live(int Fd, uint64_t Offset);
/* Takes that lock, marking the segment at \p Offset live for as long as
   the open file description lasts; 0, or -1 with errno set. */
int __pathprof_lock_segment(int Fd, uint64_t Offset);
/* Reads the header of the segment at \p Offset of a file of \p FileSize
   bytes into \p H, zero past what the file holds (a packed segment at its
   end may be shorter than a PathProfRawHeader); returns the bytes read or
   -1. */
ssize_t __pathprof_read_header(int Fd, PathProfRawHeader *H, uint64_t Offset,
                               uint64_t FileSize);
/* The fields of a packed segment's header \p H (SegmentKind
   PATHPROF_SEGMENT_PACKED) read by __pathprof_read_header. */
PathProfPackedHeader __pathprof_packed_header(const PathProfRawHeader *H);
/* 0 if the header \p H (of which \p Read bytes could be read) of the
   segment at \p Offset fits a file of \p FileSize bytes as this runtime
   writes it; -1 if not. */
int __pathprof_check_header(const PathProfRawHeader *H, uint64_t Read,
                            uint64_t Offset, uint64_t FileSize);
/* Whether two counter segment headers describe the same layout. */
int __pathprof_same_layout(const PathProfRawHeader *A,
                           const PathProfRawHeader *B);
/* The region of \p Kind of a header this runtime wrote, or null. */
const PathProfRawRegion *__pathprof_find_region(const PathProfRawHeader *H,
                                                uint64_t Kind);
/* Whether the counter segment \p Seg counts the events \p Req's does. */
int __pathprof_same_events(const char *Seg, const PathProfSegmentRequest *Req);
/* A page map of a counter segment: one byte per page, in segment order,
   not 0 for a page that may hold non-zero words; a page it does not mark
   is zero. A segment of the largest modules reserves tens of megabytes of
   which a run touches a few hundred kilobytes: what reads a whole segment
   (a fold, the compaction) reads only the pages a map marks, and never
   faults the others in. A null map marks every page. */
/* Marks the pages of the bytes [\p From, \p From + \p Size). */
void __pathprof_mark_pages(unsigned char *Pages, uint64_t From, uint64_t Size);
/* The first page of [\p Page, \p End) that \p Pages marks, or \p End;
   thirty-two pages a step over the unmarked ones (a run of the largest modules
   leaves more than 100,000 pages of its reservation unmarked). */
uint64_t __pathprof_next_marked(const unsigned char *Pages, uint64_t Page,
                                uint64_t End);
/* The index of the first non-zero word of \p W[\p I, \p N), or \p N;
   sixteen words a step over zeros (most words of a counter page are). */
uint64_t __pathprof_next_nonzero(const uint64_t *W, uint64_t I, uint64_t N);
/* Marks the pages of the \p Size bytes at \p Offset of \p Fd that the file
   system says hold data (SEEK_DATA): the pages something wrote. Where it
   cannot say, marks them all. */
void __pathprof_data_pages(int Fd, uint64_t Offset, uint64_t Size,
                           unsigned char *Pages);
/* Marks in \p Pages the pages of the region of \p Kind of \p H, if any. */
void __pathprof_mark_region(unsigned char *Pages, const PathProfRawHeader *H,
                            uint64_t Kind);

/* The storage kinds of a counter segment, as the segment code folds them
   without knowing their layouts: one entry per region kind that holds
   counts, in PathProfStorage.c's table, each folded by the file that owns
   the layout. */
typedef struct PathProfFold {
  char *Acc;                         /* the segment counts are added to */
  char *Src;                         /* the dead segment they come from */
  const PathProfSegmentRequest *Req; /* both of its layout */
  const PathProfRawRegion *Region;   /* the kind's region of that layout */
  const unsigned char *SrcPages;     /* page maps (may be null) */
  unsigned char *AccPages;
} PathProfFold;
typedef struct PathProfStorageKind {
  uint64_t RegionKind;
  /* Adds the region of \p F->Src into that of F->Acc and marks the pages
     of Acc it writes; returns 0, or -1 changing nothing (a kind that can
     fail comes before the kinds that cannot). */
  int (*Fold)(const PathProfFold *F);
} PathProfStorageKind;
extern const PathProfStorageKind __pathprof_storage_kinds[];
extern const unsigned __pathprof_num_storage_kinds;
/* The function records of the description of \p F's layout, and how many
   (*\p N). */
const PathProfRawFunction *__pathprof_fold_records(const PathProfFold *F,
                                                   uint64_t *N);
/* The folds of the kinds whose layouts other files own. */
int __pathprof_ctx_fold_region(const PathProfFold *F);
int __pathprof_hash_fold_region(const PathProfFold *F);
int __pathprof_metrics_fold_region(const PathProfFold *F);

/* Adds the counts of the counter segment \p Src into \p Acc (both of
   \p Req's layout), kind by kind (__pathprof_storage_kinds); Src is left
   as it is. Reads of Src's counters only the
   pages \p SrcPages marks, and marks in \p AccPages the pages of Acc it
   writes (either may be null). Returns -1, changing nothing, when Src's
   calling context tree cannot be added to Acc's. */
int __pathprof_fold_counts(char *Acc, char *Src,
                           const PathProfSegmentRequest *Req,
                           const unsigned char *SrcPages,
                           unsigned char *AccPages);

/*--- Counter pages without room (PathProfGuard.c) --------------------------*/

/* In the main executable's runtime: installs the SIGBUS handler that lets
   counter segments be sparse (unless PATHPROF_SPARSE is 0). */
void __pathprof_guard_install(void);
/* Whether the handler is installed: new segments may be left sparse. */
int __pathprof_guard_active(void);
/* Watches the \p Size bytes at \p Base, where counters will be written
   until the process ends; 0, or -1 when no more ranges can be watched
   (the caller then does not count there). 0 without the handler. */
int __pathprof_guard_keep(const char *Base, uint64_t Size);
/* Watches the \p Size bytes at \p Base, a segment being set up (with the
   module locked), until __pathprof_guard_setup_end(), which returns how
   many of its pages had no room. Async-signal-safe. */
void __pathprof_guard_setup(const char *Base, uint64_t Size);
uint64_t __pathprof_guard_setup_end(void);

/*--- Compaction at exit (PathProfCompact.c) --------------------------------*/

/* Whether a normal exit compacts the profile (PATHPROF_COMPACT is not 0). */
int __pathprof_compact_enabled(void);
/* At a normal exit, once this module instance's segments are dead: folds
   every dead counter segment of \p Req's layout and every compact segment
   of its module in the file \p Req->Path into one compact segment; when no
   segment of the file is live any more, rewrites the file as its
   descriptions, compact segments and what else is left, and nothing more.
   Reports one error and leaves the file as it was (a valid profile) when
   it cannot. */
void __pathprof_compact(const PathProfSegmentRequest *Req);

/*--- Module state (PathProfRuntime.c) -------------------------------------*/

/* Whether the calling thread's tree is in the segment mapped at \p Map. */
int __pathprof_ctx_thread_region_in(const char *Map, uint64_t Size);

/* Runs __pathprof_init unless it has already started (possibly on this very
   thread, from a signal handler): never waits. */
void __pathprof_init_if_idle(void);

/* This module's actions behind the process-wide control API. */
void __pathprof_module_reset(void);
int __pathprof_module_dump(void);
int __pathprof_module_set_filename(const char *Pattern);
/* The pattern the last __pathprof_set_filename gave this module, or null. */
const char *__pathprof_module_override(void);

/* A module's entry points for the control API. */
typedef struct PathProfControlBlock PathProfControlBlock;
struct PathProfControlBlock {
  uint64_t Magic;   /* PATHPROF_CONTROL_MAGIC */
  uint64_t Version; /* PATHPROF_CONTROL_VERSION */
  void (*Reset)(void);
  int (*Dump)(void);
  int (*SetFilename)(const char *Pattern);
  const char *(*Override)(void);
};
#define PATHPROF_CONTROL_MAGIC 0x4c5443464f525050ULL /* "PPROFCTL" */
#define PATHPROF_CONTROL_VERSION 1ULL

/* This module's control block (PathProfRuntime.c), and the ELF note that
   points to it: its name and type. */
extern const PathProfControlBlock __pathprof_control_block;
#define PATHPROF_NOTE_NAME "PathProf"
#define PATHPROF_NOTE_TYPE 0x50505243 /* "CRPP" */

/*--- The loader's view of the modules (PathProfLoader.c) -------------------*/

/* Calls \p Fn on the control block of every instrumented module of the
   process, \p Self (this module's) included, stopping early if it returns
   non-zero. */
void __pathprof_for_each_module(const PathProfControlBlock *Self,
                                int (*Fn)(const PathProfControlBlock *C,
                                          int IsSelf, void *Ctx),
                                void *Ctx);
/* Whether this module is the main executable (not a shared library). */
int __pathprof_is_main_executable(void);
/* Copies the build id of the module (the descriptor of its NT_GNU_BUILD_ID
   note) into \p Out, at most \p Max bytes; returns its size, 0 if the
   module has none. */
size_t __pathprof_module_build_id(uint8_t *Out, size_t Max);

/*--- Thread slices (PathProfSlices.c) --------------------------------------*/

/* This thread's counter bias in the default counter mode; 0 until the
   thread has a slice. */
extern __thread uint64_t __pathprof_thread_bias
    __attribute__((tls_model("initial-exec")));
/* Called by instrumented code on a thread whose bias is 0: gives the thread
   a slice (or, before init, nothing) and returns its bias. */
uint64_t __pathprof_thread_slice(void);
/* What the module's life cycle (PathProfRuntime.c) does for the slices,
   handed down at init so that the slices call nothing above them. */
typedef struct PathProfSliceHost {
  /* The module lock: serializes segment changes (fork, set_filename,
     reset, new thread slices) against each other. A spin lock; never held
     across anything that could run instrumented code. */
  void (*Lock)(void);
  void (*Unlock)(void);
  /* The pattern the module's profile file was named from. */
  const char *(*Pattern)(void);
  /* A new segment of this module's layout in the file \p Pattern names,
     mapped somewhere, with zero counts; null after reporting an error.
     Async-signal-safe. */
  char *(*NewSegment)(const char *Pattern, int *Fd);
  /* Moves the mapping \p Seg onto \p At (a mapping of the same size) so
     that biases into At stay valid; with \p CarryTree, At's calling
     context tree is copied first (counts zeroed), so that node pointers
     into At stay valid too. On failure reports, unmaps Seg, closes \p Fd
     and returns -1. Async-signal-safe. */
  int (*MoveSegment)(char *Seg, char *At, int Fd, int CarryTree);
  /* The calling thread counts its contexts into the tree \p Region (null:
     none); a slice's tree is zeroed with ResetTree. */
  void (*SetThreadTree)(char *Region);
  void (*ResetTree)(char *Region, uint64_t Capacity);
} PathProfSliceHost;
/* With the module locked. Init: the calling thread counts into the primary
   segment \p PrimaryMap (null: there is no profile); \p Host stays valid. */
void __pathprof_slices_init(const char *PrimaryMap,
                            const PathProfSliceHost *Host);
/* Fork child: the forking thread's slice gets a segment of the child's; the
   others become free anonymous memory. Async-signal-safe. */
void __pathprof_slices_after_fork(void);
/* Every slice with a segment gets one in the file the current pattern names
   (after __pathprof_set_filename). Returns -1 if one could not. */
int __pathprof_slices_refile(void);
/* Zeroes every slice's counters; msyncs them (-1 on failure); unloading. */
void __pathprof_slices_reset(void);
int __pathprof_slices_dump(void);
void __pathprof_slices_finish(void);

#endif /* PATHPROF_RUNTIME_INTERNAL_H */
