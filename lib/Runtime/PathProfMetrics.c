/*===- PathProfMetrics.c - Per-path event metrics ------------------*- C
-*-===*\
|*
|* Flow-sensitive metrics, as Ammons, Ball and Larus, "Exploiting Hardware
|* Performance Counters with Flow and Context Sensitive Profiling" (PLDI 1997)
|* accumulate them: each path record of a function built with
|* -fprofile-path-metrics=K holds, after its count, K accumulators, and every
|* path adds to them what the events PATHPROF_EVENTS names counted between
|* its start and its end.
|*
|* Each thread keeps the reading at which its current path started (Start).
|* A function's entry saves its caller's Start in a frame of its own and
|* starts its first path; a path end inside it (a backedge) adds Now - Start
|* to the record and starts the next path at Now; the path end that leaves it
|* does the same and gives the caller its Start back, moved forward by the
|* time the callee took (exclusive metrics, the default: the caller's path is
|* charged only for its own instructions), or unchanged (inclusive metrics,
|* PATHPROF_INCLUSIVE=1). The paper saves the counter on entry and restores
|* it before exit; this is the same with free-running counters.
|*
|* Events: "tsc" (rdtsc), or any name libpfm4 encodes for perf_event_open
|* (loaded with dlopen, so programs that count only paths need nothing but
|* libc). Each thread opens its own perf events on its first path; a
|* hardware event is read with rdpmc through the event's perf_event_mmap_page
|* where the kernel allows it, with read() otherwise; multiplexed events are
|* scaled by time_enabled / time_running. Readings are made monotonic per
|* thread, so a rescheduled event can never add a huge negative delta.
|*
|* When tsc is the only event and metrics are exclusive, x86 code reads the
|* counter itself, with no call into the runtime (__pathprof_metrics_tsc
|* says so; PathProfLowering.cpp emits it), on the same per-thread starts.
|*
|* A function that counts no paths (-fprofile-path-context=calls) is one
|* interval from its entry to where it leaves, as in the paper's
|* context-only mode: its entry saves the caller's start and keeps its own
|* readings, and where it leaves it adds Now - Start (its own code: the
|* starts moved forward past its callees) to its exclusive costs and Now -
|* entry (callees included) to its inclusive costs, then gives the caller its
|* start back moved forward, whatever PATHPROF_INCLUSIVE says.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <dlfcn.h>
#include <errno.h>
#include <perfmon/pfmlib_perf_event.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { KindTSC = 1, KindPerf = 2 };

typedef struct {
  int Kind;
  struct perf_event_attr Attr; /* KindPerf */
} Event;

/* The events counted, in metric slot order; fixed at init. */
static Event Events[PATHPROF_MAX_METRICS];
static unsigned NumEvents;
static int Inclusive;
/* What the counter segments' METRICS regions say; the primary segment's
   copy (InMap) gets the SCALED flag and the sources actually used. */
static PathProfRawMetric Table[PATHPROF_MAX_METRICS];
static PathProfRawMetric *InMap;

typedef struct {
  int State; /* 0: not opened; 1: open; 2: opening (a signal came in) */
  int Fd[PATHPROF_MAX_METRICS];
  struct perf_event_mmap_page *Page[PATHPROF_MAX_METRICS];
  uint64_t Base[PATHPROF_MAX_METRICS]; /* added to raw readings */
  uint64_t Last[PATHPROF_MAX_METRICS]; /* the last reading returned */
  /* Inclusive metrics: what the events counted while the runtime worked
     inside a path (__pathprof_metrics_pause), taken out of every reading. */
  uint64_t Excluded[PATHPROF_MAX_METRICS];
} ThreadEvents;

static __thread ThreadEvents TE __attribute__((tls_model("initial-exec")));

/* The reading at which the thread's current path started, per event. The
   instrumented code's inline tsc reading (below) uses slot 0 itself. */
__thread uint64_t __pathprof_metric_start[PATHPROF_MAX_METRICS]
    __attribute__((tls_model("initial-exec")));

/* Non-zero when the only event is "tsc" and metrics are exclusive: the
   instrumented code then reads the time-stamp counter itself and keeps slot
   0 of __pathprof_metric_start, with no call into the runtime (see
   PathProfLowering.cpp). Set once, by __pathprof_metrics_configure. */
unsigned char __pathprof_metrics_tsc;

/*--- Reading ---------------------------------------------------------------*/

static uint64_t rdtsc(void) {
#if defined(__x86_64__) || defined(__i386__)
  uint32_t Lo, Hi;
  __asm__ volatile("rdtsc" : "=a"(Lo), "=d"(Hi));
  return ((uint64_t)Hi << 32) | Lo;
#else
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return (uint64_t)T.tv_sec * 1000000000ULL + (uint64_t)T.tv_nsec;
#endif
}

static uint64_t rdpmc(unsigned Counter) {
#if defined(__x86_64__) || defined(__i386__)
  uint32_t Lo, Hi;
  __asm__ volatile("rdpmc" : "=a"(Lo), "=d"(Hi) : "c"(Counter));
  return ((uint64_t)Hi << 32) | Lo;
#else
  (void)Counter;
  return 0;
#endif
}

/* Count * Enabled / Running without overflowing 64 bits. */
static uint64_t scale(uint64_t Count, uint64_t Enabled, uint64_t Running) {
  if (Running == 0)
    return 0;
  if (Running >= Enabled)
    return Count;
  return (uint64_t)((unsigned __int128)Count * Enabled / Running);
}

int __pathprof_rdpmc_read(const volatile struct perf_event_mmap_page *Pc,
                          uint64_t (*ReadPmc)(unsigned),
                          uint64_t (*ReadTsc)(void), uint64_t *Value,
                          int *Scaled) {
  uint32_t Seq, Index;
  uint64_t Count, Enabled, Running, Cycles = 0, TimeOffset = 0;
  uint32_t TimeMult = 0;
  uint16_t TimeShift = 0;
  int UserTime;
  do {
    Seq = Pc->lock;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    Enabled = Pc->time_enabled;
    Running = Pc->time_running;
    UserTime = Pc->cap_user_time && Enabled != Running;
    if (UserTime) {
      Cycles = ReadTsc();
      TimeOffset = Pc->time_offset;
      TimeMult = Pc->time_mult;
      TimeShift = Pc->time_shift;
    }
    Index = Pc->index;
    Count = (uint64_t)Pc->offset;
    if (Pc->cap_usr_rdpmc && Index) {
      unsigned Width = Pc->pmc_width;
      int64_t Pmc = (int64_t)ReadPmc(Index - 1);
      if (Width && Width < 64) {
        Pmc = (int64_t)((uint64_t)Pmc << (64 - Width));
        Pmc >>= 64 - Width; /* sign-extends: wrapped counters go negative */
      }
      Count += (uint64_t)Pmc;
    }
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
  } while (Pc->lock != Seq);
  if (!Pc->cap_usr_rdpmc || !Index)
    return -1; /* not on the PMU now: read() */
  *Scaled = 0;
  if (UserTime) {
    uint64_t Quot = TimeShift < 64 ? Cycles >> TimeShift : 0;
    uint64_t Rem = TimeShift < 64 ? Cycles & ((1ULL << TimeShift) - 1) : 0;
    uint64_t Delta = TimeOffset + Quot * TimeMult +
                     (TimeShift < 64 ? (Rem * TimeMult) >> TimeShift : 0);
    Enabled += Delta;
    Running += Delta;
    if (Running < Enabled) {
      Count = scale(Count, Enabled, Running);
      *Scaled = 1;
    }
  }
  *Value = Count;
  return 0;
}

/* read() of one event: its count, scaled when it was multiplexed. */
static int readEvent(int Fd, uint64_t *Value, int *Scaled) {
  uint64_t Buf[3];
  ssize_t N;
  while ((N = read(Fd, Buf, sizeof(Buf))) < 0 && errno == EINTR)
    ;
  if (N != (ssize_t)sizeof(Buf))
    return -1;
  *Scaled = Buf[2] < Buf[1];
  *Value = scale(Buf[0], Buf[1], Buf[2]);
  return 0;
}

static void noteSource(unsigned I, uint64_t Source, int Scaled) {
  PathProfRawMetric *M = InMap ? &InMap[I] : &Table[I];
  if (!(M->Sources & Source))
    __atomic_fetch_or(&M->Sources, Source, __ATOMIC_RELAXED);
  if (Scaled && !(M->Flags & PATHPROF_METRIC_SCALED))
    __atomic_fetch_or(&M->Flags, PATHPROF_METRIC_SCALED, __ATOMIC_RELAXED);
}

static long openPerf(struct perf_event_attr *Attr) {
  return syscall(__NR_perf_event_open, Attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

/* Opens this thread's events. Async-signal-safe. */
static void openThreadEvents(void) {
  TE.State = 2;
  for (unsigned I = 0; I != NumEvents; ++I) {
    TE.Fd[I] = -1;
    TE.Page[I] = 0;
    if (Events[I].Kind != KindPerf)
      continue;
    struct perf_event_attr Attr = Events[I].Attr;
    long Fd = openPerf(&Attr);
    if (Fd < 0)
      continue; /* counted as 0 on this thread */
    TE.Fd[I] = (int)Fd;
    if (Attr.type == PERF_TYPE_HARDWARE || Attr.type == PERF_TYPE_HW_CACHE ||
        Attr.type == PERF_TYPE_RAW) {
      void *P = mmap(0, (size_t)sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED,
                     (int)Fd, 0);
      if (P != MAP_FAILED)
        TE.Page[I] = (struct perf_event_mmap_page *)P;
    }
  }
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  TE.State = 1;
}

/* The events' readings now, monotonic per thread. */
static void readAll(uint64_t *Now) {
  if (TE.State != 1) {
    if (TE.State == 2) { /* a signal handler while opening: no delta */
      for (unsigned I = 0; I != NumEvents; ++I)
        Now[I] = TE.Last[I] - TE.Excluded[I];
      return;
    }
    openThreadEvents();
  }
  for (unsigned I = 0; I != NumEvents; ++I) {
    uint64_t V = 0;
    int Scaled = 0;
    if (Events[I].Kind == KindTSC) {
      V = rdtsc();
    } else if (TE.Page[I] && __pathprof_rdpmc_read(TE.Page[I], rdpmc, rdtsc, &V,
                                                   &Scaled) == 0) {
      V += TE.Base[I];
      noteSource(I, PATHPROF_METRIC_SOURCE_RDPMC, Scaled);
    } else if (TE.Fd[I] >= 0 && readEvent(TE.Fd[I], &V, &Scaled) == 0) {
      V += TE.Base[I];
      noteSource(I, PATHPROF_METRIC_SOURCE_READ, Scaled);
    } else {
      V = TE.Last[I];
    }
    if (V < TE.Last[I])
      V = TE.Last[I];
    TE.Last[I] = V;
    Now[I] = V - TE.Excluded[I];
  }
}

/*--- What instrumented code calls -----------------------------------------*/

void __pathprof_metrics_enter(uint64_t *Frame) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  /* A function entered before the runtime chose its events may leave after
     it chose tsc for the inline reading, which then reads this word. */
  Frame[0] = 0;
  readAll(Now);
  for (unsigned I = 0; I != NumEvents; ++I) {
    Frame[I] = Inclusive ? __pathprof_metric_start[I]
                         : __pathprof_metric_start[I] - Now[I];
    __pathprof_metric_start[I] = Now[I];
  }
}

/* Adds what the events counted since the path started to the K metrics of
   \p Record (atomically when K has PATHPROF_METRICS_SHARED_RECORD) and
   restarts the path at the same reading. */
static void endPath(uint64_t *Record, unsigned K, uint64_t *Now) {
  readAll(Now);
  int Shared = (K & PATHPROF_METRICS_SHARED_RECORD) != 0;
  K &= ~PATHPROF_METRICS_SHARED_RECORD;
  unsigned N = K < NumEvents ? K : NumEvents;
  for (unsigned I = 0; I != N; ++I) {
    uint64_t Delta = Now[I] - __pathprof_metric_start[I];
    if (Shared)
      __atomic_fetch_add(&Record[1 + I], Delta, __ATOMIC_RELAXED);
    else
      Record[1 + I] += Delta;
  }
}

void __pathprof_metrics_path(uint64_t *Record, unsigned K) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  endPath(Record, K, Now);
  for (unsigned I = 0; I != NumEvents; ++I)
    __pathprof_metric_start[I] = Now[I];
}

void __pathprof_metrics_leave(uint64_t *Record, unsigned K,
                              const uint64_t *Frame) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  endPath(Record, K, Now);
  for (unsigned I = 0; I != NumEvents; ++I)
    __pathprof_metric_start[I] = Inclusive ? Frame[I] : Now[I] + Frame[I];
}

void __pathprof_metrics_calls_enter(uint64_t *Frame) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  Frame[0] = 0;
  readAll(Now);
  for (unsigned I = 0; I != NumEvents; ++I) {
    Frame[I] = __pathprof_metric_start[I] - Now[I];
    Frame[PATHPROF_MAX_METRICS + I] = Now[I];
    __pathprof_metric_start[I] = Now[I];
  }
}

void __pathprof_metrics_calls_leave(uint64_t *Costs, unsigned K,
                                    const uint64_t *Frame) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  readAll(Now);
  int Shared = (K & PATHPROF_METRICS_SHARED_RECORD) != 0;
  K &= ~PATHPROF_METRICS_SHARED_RECORD;
  unsigned N = K < NumEvents ? K : NumEvents;
  for (unsigned I = 0; I != N; ++I) {
    uint64_t Own = Now[I] - __pathprof_metric_start[I];
    uint64_t All = Now[I] - Frame[PATHPROF_MAX_METRICS + I];
    if (Shared) {
      __atomic_fetch_add(&Costs[I], Own, __ATOMIC_RELAXED);
      __atomic_fetch_add(&Costs[K + I], All, __ATOMIC_RELAXED);
    } else {
      Costs[I] += Own;
      Costs[K + I] += All;
    }
  }
  for (unsigned I = 0; I != NumEvents; ++I)
    __pathprof_metric_start[I] = Now[I] + Frame[I];
}

/*--- The runtime's own work ------------------------------------------------*/

/* What the pause counted is taken out of every later reading of the
   thread, so that neither the current path (or function) nor anything
   inclusive of it, whose start is saved in a frame on the stack, is charged
   for it. Code that reads the time-stamp counter inline does not take it
   out: then the current path's start moves forward by the pause instead, as
   a callee's return moves it (the callers' starts follow when their callees
   return), which only metrics exclusive of callees allow. */
void __pathprof_metrics_pause(uint64_t *Frame) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  readAll(Now);
  for (unsigned I = 0; I != NumEvents; ++I)
    Frame[I] =
        __pathprof_metrics_tsc ? __pathprof_metric_start[I] - Now[I] : Now[I];
}

void __pathprof_metrics_resume(const uint64_t *Frame) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  readAll(Now);
  for (unsigned I = 0; I != NumEvents; ++I) {
    if (__pathprof_metrics_tsc)
      __pathprof_metric_start[I] = Now[I] + Frame[I];
    else
      TE.Excluded[I] += Now[I] - Frame[I];
  }
}

/*--- Configuration --------------------------------------------------------*/

typedef int (*PfmInitializeFn)(void);
typedef int (*PfmEncodeFn)(const char *, int, pfm_os_t, void *);
typedef const char *(*PfmStrerrorFn)(int);

static struct {
  int Tried, Ok;
  PfmEncodeFn Encode;
  PfmStrerrorFn Strerror;
  char Why[128];
} Pfm;

/* libpfm4, loaded on the first event that needs it. */
static int loadPfm(void) {
  if (Pfm.Tried)
    return Pfm.Ok;
  Pfm.Tried = 1;
  void *H = dlopen("libpfm.so.4", RTLD_NOW | RTLD_LOCAL);
  if (!H) {
    memcpy(Pfm.Why, "libpfm4 (libpfm.so.4) is not installed",
           sizeof("libpfm4 (libpfm.so.4) is not installed"));
    return 0;
  }
  PfmInitializeFn Init = (PfmInitializeFn)dlsym(H, "pfm_initialize");
  Pfm.Encode = (PfmEncodeFn)dlsym(H, "pfm_get_os_event_encoding");
  Pfm.Strerror = (PfmStrerrorFn)dlsym(H, "pfm_strerror");
  int R = Init && Pfm.Encode && Pfm.Strerror ? Init() : PFM_ERR_NOINIT;
  if (R != PFM_SUCCESS) {
    const char *S = Pfm.Strerror ? Pfm.Strerror(R) : "missing symbols";
    size_t N =
        strlen(S) < sizeof(Pfm.Why) - 1 ? strlen(S) : sizeof(Pfm.Why) - 1;
    memcpy(Pfm.Why, S, N);
    Pfm.Why[N] = '\0';
    return 0;
  }
  Pfm.Ok = 1;
  return 1;
}

static int isClock(const struct perf_event_attr *A) {
  return A->type == PERF_TYPE_SOFTWARE &&
         (A->config == PERF_COUNT_SW_TASK_CLOCK ||
          A->config == PERF_COUNT_SW_CPU_CLOCK);
}

/* Sets up event \p Name in slot NumEvents. Returns 0, or -1 after saying
   why (only when \p Quiet is 0). */
static int addEvent(const char *Name, size_t Len, int Quiet) {
  if (Len >= PATHPROF_METRIC_NAME_SIZE) {
    if (!Quiet)
      __pathprof_report_error("event '%.*s' in PATHPROF_EVENTS: the name is "
                              "longer than %d bytes; not counted",
                              (int)Len, Name, PATHPROF_METRIC_NAME_SIZE - 1);
    return -1;
  }
  char Buf[PATHPROF_METRIC_NAME_SIZE];
  memcpy(Buf, Name, Len);
  Buf[Len] = '\0';
  for (unsigned I = 0; I != NumEvents; ++I)
    if (strcmp(Table[I].Name, Buf) == 0) {
      if (!Quiet)
        __pathprof_report_error("event '%s' appears twice in "
                                "PATHPROF_EVENTS; counted once",
                                Buf);
      return -1;
    }
  Event *E = &Events[NumEvents];
  memset(E, 0, sizeof(*E));
  PathProfRawMetric *M = &Table[NumEvents];
  memset(M, 0, sizeof(*M));
  if (strcmp(Buf, "tsc") == 0) {
    E->Kind = KindTSC;
    M->Unit = PATHPROF_METRIC_UNIT_TICKS;
    M->Sources = PATHPROF_METRIC_SOURCE_TSC;
  } else {
    if (!loadPfm()) {
      if (!Quiet)
        __pathprof_report_error("event '%s': %s; not counted", Buf, Pfm.Why);
      return -1;
    }
    pfm_perf_encode_arg_t Arg;
    memset(&Arg, 0, sizeof(Arg));
    Arg.attr = &E->Attr;
    Arg.size = sizeof(Arg);
    int R = Pfm.Encode(Buf, PFM_PLM3, PFM_OS_PERF_EVENT, &Arg);
    if (R != PFM_SUCCESS) {
      if (!Quiet)
        __pathprof_report_error("unknown event '%s' in PATHPROF_EVENTS: %s; "
                                "not counted",
                                Buf, Pfm.Strerror(R));
      return -1;
    }
    E->Kind = KindPerf;
    E->Attr.size = sizeof(E->Attr);
    E->Attr.read_format =
        PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    E->Attr.disabled = 0;
    E->Attr.inherit = 0;
    /* Ask the kernel now, on this thread, so that a refused event is one
       message at start-up, not silence. */
    struct perf_event_attr Probe = E->Attr;
    long Fd = openPerf(&Probe);
    if (Fd < 0) {
      int Err = errno;
      if (!Quiet)
        __pathprof_report_error(
            "event '%s': %s (%s); not counted", Buf, __pathprof_strerror(Err),
            Err == ENOENT || Err == ENODEV || Err == EOPNOTSUPP
                ? "the kernel or the machine does not offer it"
            : Err == EACCES || Err == EPERM
                ? "not allowed: see /proc/sys/kernel/perf_event_paranoid"
                : "perf_event_open refused it");
      return -1;
    }
    close((int)Fd);
    M->Unit = isClock(&E->Attr) ? PATHPROF_METRIC_UNIT_NS
                                : PATHPROF_METRIC_UNIT_EVENTS;
  }
  memcpy(M->Name, Buf, Len + 1);
  M->NameSize = Len;
  ++NumEvents;
  return 0;
}

static void afterFork(void) {
  /* The descriptors count the parent's thread: this thread opens its own on
     its next path, and its readings go on from where they were. */
  if (TE.State == 1)
    for (unsigned I = 0; I != NumEvents; ++I) {
      if (TE.Fd[I] >= 0)
        close(TE.Fd[I]);
      if (TE.Page[I])
        munmap(TE.Page[I], (size_t)sysconf(_SC_PAGESIZE));
      TE.Base[I] = TE.Last[I];
    }
  TE.State = 0;
}

unsigned __pathprof_metrics_configure(unsigned K, int InlineTSC) {
  NumEvents = 0;
  const char *Inc = getenv("PATHPROF_INCLUSIVE");
  Inclusive = Inc && *Inc && strcmp(Inc, "0") != 0;
  const char *List = getenv("PATHPROF_EVENTS");
  if (!List || !*List) {
    /* cycles where the kernel offers it, else the time-stamp counter. */
    if (addEvent("cycles", 6, /*Quiet=*/1) != 0)
      addEvent("tsc", 3, /*Quiet=*/1);
  } else {
    for (const char *P = List; *P;) {
      const char *End = strchr(P, ',');
      size_t Len = End ? (size_t)(End - P) : strlen(P);
      if (Len && NumEvents == K) {
        __pathprof_report_error("PATHPROF_EVENTS names more events than the "
                                "%u metrics per path this program was built "
                                "with (-fprofile-path-metrics=%u); '%.*s' "
                                "and later events not counted",
                                K, K, (int)Len, P);
        break;
      }
      if (Len)
        addEvent(P, Len, /*Quiet=*/0);
      P += Len;
      if (*P == ',')
        ++P;
    }
  }
  for (unsigned I = 0; I != NumEvents; ++I)
    if (Inclusive)
      Table[I].Flags |= PATHPROF_METRIC_INCLUSIVE;
#if defined(__x86_64__) || defined(__i386__)
  __pathprof_metrics_tsc =
      InlineTSC && NumEvents == 1 && Events[0].Kind == KindTSC && !Inclusive;
#endif
  if (NumEvents)
    pthread_atfork(0, 0, afterFork);
  return NumEvents;
}

const PathProfRawMetric *__pathprof_metrics_table(void) { return Table; }

void __pathprof_metrics_set_mapped_table(PathProfRawMetric *Mapped) {
  InMap = Mapped;
}
