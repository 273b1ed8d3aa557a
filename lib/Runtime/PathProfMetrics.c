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
|* Sampling. Counting a path is cheap, reading an event is not, so the
|* readings are sampled while the counts stay exact (Arnold and Ryder, "A
|* Framework for Reducing the Cost of Instrumented Code", PLDI 2001). Each
|* thread keeps countdowns that path starts (a function's entry, a
|* backedge) decrement, each start site its own of eight; the path whose
|* start takes its countdown below zero is measured (__pathprof_metric_on),
|* and the countdown is redrawn from a geometric
|* distribution of mean PATHPROF_METRIC_PERIOD, never a fixed period, which
|* would alias with loops (Liblit et al., "Bug Isolation via Remote Program
|* Sampling", PLDI 2003). A measured path adds its deltas, 1 to its number
|* of samples k and the squares of its deltas to its record's metric block
|* (ProfileFormat.h), from which readers estimate count x mean with an
|* interval. Exclusive metrics need the callees of a measured path to read
|* at their entry and where they leave, whether they are measured or not:
|* the metrics frame keeps whether the caller's path is measured. Period 1
|* measures every path, as the exact mode always did; then, on x86 with tsc
|* alone, the instrumented code reads the counter inline.
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

/* Sampling state of the thread: countdowns of the path starts before the
   next measured one, and whether the current path is measured. Each path
   start site decrements one of the PATHPROF_METRIC_COUNTDOWNS countdowns,
   chosen when it was instrumented, and calls the runtime only when it
   falls below 0 (a sign test, which x86 folds with the decrement of the
   memory word). A geometric countdown per class of sites measures each
   start of the class with probability 1 / Period independently of all
   others, as one countdown for all starts would; but with one word every
   path start would wait for the previous start's decrement to reach
   memory, a chain that a recursive function or a loop that calls pays on
   every start. The code also calls the runtime where a function leaves
   while its path or its caller's is measured. While the current path is
   measured, the countdowns instrumented code sees are held at 0, so that
   the next path start, whichever, runs its countdown out and calls the
   runtime (that start then tests one word, not two); the countdowns
   themselves wait in Held, and the runtime takes them back, less the
   start that called, before deciding anything (takeCountdowns,
   setMeasured). A thread's countdowns start at -1: its first start takes
   one to -2, which no countdown that ran out reads, and the runtime draws
   all of them afresh (Drawn). */
__thread int64_t __pathprof_metric_countdown[PATHPROF_METRIC_COUNTDOWNS]
    __attribute__((tls_model("initial-exec"))) = {-1, -1, -1, -1,
                                                  -1, -1, -1, -1};
_Static_assert(PATHPROF_METRIC_COUNTDOWNS == 8,
               "the countdowns' initializer has 8 words");
__thread uint64_t __pathprof_metric_on
    __attribute__((tls_model("initial-exec")));
static __thread int64_t Held[PATHPROF_METRIC_COUNTDOWNS]
    __attribute__((tls_model("initial-exec")));
static __thread int Drawn __attribute__((tls_model("initial-exec")));
/* The thread's random state (splitmix64); 0: not seeded yet. */
static __thread uint64_t Rng __attribute__((tls_model("initial-exec")));

/* The default periods, chosen by measurement (docs/Benchmarks.md, "Sampled
   per-path metrics"): the smallest that keeps a run within the cost the
   readings allow. A software event is read with a system call (read() of
   its descriptor, a microsecond or more in a virtual machine, against tens
   of cycles for rdtsc or rdpmc), so a run that counts one measures fewer
   paths. */
enum { DefaultPeriod = 1024, DefaultSyscallPeriod = 8192 };
/* PATHPROF_METRIC_PERIOD, fixed at init; 1 measures every path. */
static uint64_t Period = DefaultPeriod;
/* ln(1 - 1 / Period): the geometric draw divides by it. */
static double LogKeep;
/* PATHPROF_METRIC_SEED, or 0; and what threads seed from. */
static uint64_t Seed, SeedBase;
static uint64_t ThreadOrdinal;
static int Configured;
/* Non-zero while calibrate() measures every path of the thread. */
static __thread int Calibrating __attribute__((tls_model("initial-exec")));

/* Non-zero when the only event is "tsc" and metrics are exclusive: the
   instrumented code then reads the time-stamp counter itself and keeps slot
   0 of __pathprof_metric_start, with no call into the runtime (see
   PathProfLowering.cpp). Only in the exact mode (period 1): sampled runs
   make few readings, through the runtime. Set once, by
   __pathprof_metrics_configure. */
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

/*--- Sampling --------------------------------------------------------------*/

static uint64_t mix64(uint64_t Z) {
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
  return Z ^ (Z >> 31);
}

static uint64_t nextRandom(void) {
  if (!Rng) {
    uint64_t N = __atomic_add_fetch(&ThreadOrdinal, 1, __ATOMIC_RELAXED);
    Rng = mix64(SeedBase + N * 0x9e3779b97f4a7c15ULL) | 1;
  }
  Rng += 0x9e3779b97f4a7c15ULL;
  return mix64(Rng);
}

/* ln(X) for X > 0, without libm: X = M * 2^E with M in [sqrt(1/2),
   sqrt(2)), ln M = 2 atanh((M - 1) / (M + 1)), whose series converges
   fast there (|S| < 0.172: 9 terms are exact to 1e-14). */
static double lnOf(double X) {
  union {
    double D;
    uint64_t U;
  } V = {X};
  int E = (int)((V.U >> 52) & 0x7ff) - 1023;
  V.U = (V.U & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;
  double M = V.D;
  if (M > 1.4142135623730951) {
    M *= 0.5;
    ++E;
  }
  double S = (M - 1) / (M + 1), S2 = S * S, Term = S, Sum = 0;
  for (int I = 1; I <= 17; I += 2) {
    Sum += Term / I;
    Term *= S2;
  }
  return 2 * Sum + E * 0.6931471805599453;
}

/* The path starts until the next measured one, geometric of mean Period:
   each start is measured with probability 1 / Period, independently. */
static int64_t draw(void) {
  if (Period <= 1)
    return 1;
  double U = (double)((nextRandom() >> 11) + 1) * 0x1.0p-53; /* (0, 1] */
  double G = lnOf(U) / LogKeep;
  return G >= 0x1.0p61 ? (int64_t)1 << 61 : 1 + (int64_t)G;
}

/* Whether the path starting now is measured, called when one of the
   thread's countdowns ran out (or at its first path start); redraws that
   countdown: the starts before the measured one, so a draw of 1 (the next
   start) leaves 0. */
static int startsMeasured(void) {
  int64_t *C = __pathprof_metric_countdown;
  if (Calibrating)
    return 1;
  if (!Configured)
    return 0;
  if (!NumEvents) {
    for (unsigned I = 0; I != PATHPROF_METRIC_COUNTDOWNS; ++I)
      C[I] = INT64_MAX;
    return 0;
  }
  if (Period == 1)
    return 1;
  if (!Drawn) {
    /* The thread's first start (or its first since the runtime chose its
       events): the draws are as good as any, the distribution having no
       memory; this start is measured with probability 1 / Period. */
    Drawn = 1;
    for (unsigned I = 0; I != PATHPROF_METRIC_COUNTDOWNS; ++I)
      C[I] = draw() - 1;
    return draw() == 1;
  }
  for (unsigned I = 0; I != PATHPROF_METRIC_COUNTDOWNS; ++I)
    if (C[I] < 0) {
      C[I] = draw() - 1;
      return 1;
    }
  return 0;
}

/* Gives the thread its countdowns back while its current path is
   measured: each held one less the starts since it was held (the one that
   called the runtime, if a start did). */
static void takeCountdowns(void) {
  if (!__pathprof_metric_on)
    return;
  for (unsigned I = 0; I != PATHPROF_METRIC_COUNTDOWNS; ++I)
    __pathprof_metric_countdown[I] += Held[I];
}

/* Makes \p On the thread's current path's state, holding the countdowns
   while it is measured. */
static void setMeasured(uint64_t On) {
  __pathprof_metric_on = On;
  if (!On)
    return;
  for (unsigned I = 0; I != PATHPROF_METRIC_COUNTDOWNS; ++I) {
    Held[I] = __pathprof_metric_countdown[I];
    __pathprof_metric_countdown[I] = 0;
  }
}

/* Adds one measured execution with deltas \p Delta to the metric block of
   \p M accumulators at \p Block (ProfileFormat.h), atomically when \p
   Shared. */
static void addSample(uint64_t *Block, unsigned M, const uint64_t *Delta,
                      int Shared) {
  for (unsigned I = 0; I != M; ++I) {
    unsigned __int128 Square = (unsigned __int128)Delta[I] * Delta[I];
    uint64_t Hi = Square >> 96 ? UINT64_MAX : (uint64_t)(Square >> 32);
    uint64_t Lo = (uint64_t)Square & 0xffffffffULL;
    uint64_t *S = &Block[I], *H = &Block[PATHPROF_BLOCK_SQUARE_HI(M, I)],
             *L = &Block[PATHPROF_BLOCK_SQUARE_LO(M, I)];
    if (Shared) {
      __atomic_fetch_add(S, Delta[I], __ATOMIC_RELAXED);
      __atomic_fetch_add(H, Hi, __ATOMIC_RELAXED);
      __atomic_fetch_add(L, Lo, __ATOMIC_RELAXED);
    } else {
      *S += Delta[I];
      *H += Hi;
      *L += Lo;
    }
  }
  if (Shared)
    __atomic_fetch_add(&Block[PATHPROF_BLOCK_SAMPLES(M)], 1, __ATOMIC_RELAXED);
  else
    ++Block[PATHPROF_BLOCK_SAMPLES(M)];
}

/*--- What instrumented code calls -----------------------------------------*/

/* Instrumented code calls these only when the thread's countdown ran out
   or a path is measured (the caller's, or the one ending), with its
   registers preserved (PATHPROF_PRESERVE_MOST).

   Where they read. A measured path's delta runs from the reading that
   starts it to the one that ends it, so whatever the runtime does between
   the call and the first reading, or between the last reading and the
   return, is charged to the path. With tsc as the only event, sampled
   (TSCAlone), __pathprof_metrics_enter, _path and _leave, and the
   calls-only _calls_enter and _calls_leave, are thin: they read the
   counter as the first thing they do and, where a measured path (or
   function) starts or resumes, as the last, and leave the work between to
   functions that keep every register too (tscEnter, tscPath, tscLeave,
   tscCallsEnter, tscCallsLeave); what the call and the return still add
   is measured once and taken out (CallTicks). Read once where one path
   ends and the next starts, after the compiler's prologue, a path of a
   few ticks measured 1 time in 1024 came out at 20 to 30 times its cost
   (docs/Benchmarks.md, "Sampled readings of short paths"). The exact mode
   (period 1) reads as it always did, once per path end, so that its paths
   hold all of the time the program ran, the runtime's included; and other
   events are read once (readAll): a read() costs more than what a second
   reading would take out. */

/* The events' readings are tsc alone, and sampled: the entry points read it
   first and last. Fixed at init. */
static int TSCAlone;

/* What a measured path still holds of the runtime with tsc alone: the
   call that ends it, the return that starts it, the thin entry points'
   few instructions, measured once at init (calibrate) as the median
   delta of empty paths. Taken out where a path ends and where a path
   resumes after a callee (the two halves of a call around it), so that a
   path of a few dozen ticks is not charged twice its cost. What the
   measured path's own code pays for being measured (the countdown's
   branch, taken once in PATHPROF_METRIC_PERIOD, mispredicted; runtime code
   that is cold by then) is not in it. */
static uint64_t CallTicks;

static uint64_t tscNow(void) { return rdtsc() - TE.Excluded[0]; }

/* The metrics of the block instrumented code passes as K (the accumulators,
   at most PATHPROF_MAX_METRICS), and in \p Shared whether K has
   PATHPROF_METRICS_SHARED_RECORD (the block's adds are then atomic). */
static unsigned blockMetrics(unsigned K, int *Shared) {
  *Shared = (K & PATHPROF_METRICS_SHARED_RECORD) != 0;
  K &= ~PATHPROF_METRICS_SHARED_RECORD;
  return K > PATHPROF_MAX_METRICS ? PATHPROF_MAX_METRICS : K;
}

/* What event \p I counted from \p Since to \p Now, never negative: tsc
   read first and last may go back when the thread moves to another
   processor, as the inline reading may. */
static uint64_t counted(unsigned I, uint64_t Now, uint64_t Since) {
  uint64_t D = I < NumEvents ? Now - Since : 0;
  return (int64_t)D < 0 ? 0 : D;
}

/* Adds what the events counted since the measured path started, up to the
   readings \p Now, to the metric block K gives at \p Group, the path's. */
static void addDeltas(uint64_t *Group, unsigned K, const uint64_t *Now) {
  uint64_t Delta[PATHPROF_MAX_METRICS];
  int Shared;
  K = blockMetrics(K, &Shared);
  for (unsigned I = 0; I != K; ++I)
    Delta[I] = counted(I, Now[I], __pathprof_metric_start[I]);
  addSample(Group, K, Delta, Shared);
}

/* Decides whether the path starting now is measured and makes it the
   thread's current path's state; returns whether it is. */
static int decideStart(void) {
  takeCountdowns();
  int Measured = startsMeasured();
  setMeasured((uint64_t)Measured);
  return Measured;
}

/* An entry's work with tsc alone, read at the call (\p Now): saves in \p
   Frame whether the caller's path is measured (word \p OnWord) and, if it
   is, its start (\p KeepStart) or its start less the reading; returns
   whether the entered function's first path (or its interval) is
   measured. */
static int tscEnterWork(uint64_t *Frame, unsigned OnWord, int KeepStart,
                        uint64_t Now) {
  uint64_t CallerOn = __pathprof_metric_on;
  Frame[0] = 0;
  Frame[OnWord] = CallerOn;
  int Measured = decideStart();
  if (CallerOn)
    Frame[0] = KeepStart ? __pathprof_metric_start[0]
                         : __pathprof_metric_start[0] - Now;
  return Measured;
}

/* __pathprof_metrics_enter's work with tsc alone. */
static PATHPROF_PRESERVE_MOST __attribute__((noinline)) int
tscEnter(uint64_t *Frame, uint64_t Now) {
  return tscEnterWork(Frame, PATHPROF_METRICS_FRAME_ON, Inclusive, Now);
}

/* __pathprof_metrics_path's work with tsc alone, read at the call (\p End);
   returns whether the next path is measured. */
static PATHPROF_PRESERVE_MOST __attribute__((noinline)) int
tscPath(uint64_t *Group, unsigned K, uint64_t End) {
  if (__pathprof_metric_on) {
    End -= CallTicks;
    addDeltas(Group, K, &End);
  }
  return decideStart();
}

/* __pathprof_metrics_leave's work with tsc alone, read at the call (\p
   End); returns whether the caller's path resumes from a reading (then
   moved forward by the frame's word and CallTicks). */
static PATHPROF_PRESERVE_MOST __attribute__((noinline)) int
tscLeave(uint64_t *Group, unsigned K, const uint64_t *Frame, uint64_t End) {
  if (__pathprof_metric_on) {
    End -= CallTicks;
    addDeltas(Group, K, &End);
  }
  uint64_t CallerOn = Frame[PATHPROF_METRICS_FRAME_ON];
  takeCountdowns();
  setMeasured(CallerOn);
  if (!CallerOn)
    return 0;
  if (Inclusive) {
    __pathprof_metric_start[0] = Frame[0];
    return 0;
  }
  return 1;
}

static PATHPROF_PRESERVE_MOST __attribute__((noinline)) void
enterGeneral(uint64_t *Frame) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  uint64_t CallerOn = __pathprof_metric_on;
  /* A function entered before the runtime chose its events may leave after
     it chose tsc for the inline reading, which then reads this word. */
  Frame[0] = 0;
  Frame[PATHPROF_METRICS_FRAME_ON] = CallerOn;
  int Measured = decideStart();
  if (!CallerOn && !Measured)
    return;
  readAll(Now);
  for (unsigned I = 0; I != NumEvents; ++I) {
    if (CallerOn)
      Frame[I] = Inclusive ? __pathprof_metric_start[I]
                           : __pathprof_metric_start[I] - Now[I];
    if (Measured)
      __pathprof_metric_start[I] = Now[I];
  }
}

PATHPROF_PRESERVE_MOST void __pathprof_metrics_enter(uint64_t *Frame) {
  if (TSCAlone && TE.State == 1) {
    if (tscEnter(Frame, tscNow()))
      __pathprof_metric_start[0] = tscNow();
    return;
  }
  enterGeneral(Frame);
}

static PATHPROF_PRESERVE_MOST __attribute__((noinline)) void
pathGeneral(uint64_t *Group, unsigned K) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  int Read = 0;
  if (__pathprof_metric_on) {
    readAll(Now);
    addDeltas(Group, K, Now);
    Read = 1;
  }
  if (!decideStart())
    return;
  if (!Read)
    readAll(Now);
  for (unsigned I = 0; I != NumEvents; ++I)
    __pathprof_metric_start[I] = Now[I];
}

PATHPROF_PRESERVE_MOST void __pathprof_metrics_path(uint64_t *Group,
                                                    unsigned K) {
  if (TSCAlone && TE.State == 1) {
    if (tscPath(Group, K, tscNow()))
      __pathprof_metric_start[0] = tscNow();
    return;
  }
  pathGeneral(Group, K);
}

static PATHPROF_PRESERVE_MOST __attribute__((noinline)) void
leaveGeneral(uint64_t *Group, unsigned K, const uint64_t *Frame) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  int Read = 0;
  if (__pathprof_metric_on) {
    readAll(Now);
    addDeltas(Group, K, Now);
    Read = 1;
  }
  uint64_t CallerOn = Frame[PATHPROF_METRICS_FRAME_ON];
  takeCountdowns();
  setMeasured(CallerOn);
  if (!CallerOn)
    return;
  if (!Read && !Inclusive)
    readAll(Now);
  for (unsigned I = 0; I != NumEvents; ++I)
    __pathprof_metric_start[I] = Inclusive ? Frame[I] : Now[I] + Frame[I];
}

PATHPROF_PRESERVE_MOST void
__pathprof_metrics_leave(uint64_t *Group, unsigned K, const uint64_t *Frame) {
  if (TSCAlone && TE.State == 1) {
    if (tscLeave(Group, K, Frame, tscNow()))
      __pathprof_metric_start[0] = tscNow() + Frame[0] + CallTicks;
    return;
  }
  leaveGeneral(Group, K, Frame);
}

/* Adds a measured function's costs up to the readings \p Now to the
   calls-only record's metric block at \p Costs: what the events counted
   since its start (its own code, the starts moved forward past its callees)
   and since its entry (\p Frame's readings). \p K as addDeltas'. */
static void addCallsDeltas(uint64_t *Costs, unsigned K, const uint64_t *Now,
                           const uint64_t *Frame) {
  uint64_t Delta[2 * PATHPROF_MAX_METRICS];
  int Shared;
  K = blockMetrics(K, &Shared);
  for (unsigned I = 0; I != K; ++I) {
    Delta[I] = counted(I, Now[I], __pathprof_metric_start[I]);
    Delta[K + I] = counted(I, Now[I], Frame[PATHPROF_MAX_METRICS + I]);
  }
  addSample(Costs, 2 * K, Delta, Shared);
}

/* __pathprof_metrics_calls_enter's work with tsc alone (a calls-only
   function's own costs are always exclusive). */
static PATHPROF_PRESERVE_MOST __attribute__((noinline)) int
tscCallsEnter(uint64_t *Frame, uint64_t Now) {
  return tscEnterWork(Frame, PATHPROF_CALLS_FRAME_ON, 0, Now);
}

/* __pathprof_metrics_calls_leave's work with tsc alone, read at the call
   (\p End); returns whether the caller's start resumes from a reading. */
static PATHPROF_PRESERVE_MOST __attribute__((noinline)) int
tscCallsLeave(uint64_t *Costs, unsigned K, const uint64_t *Frame,
              uint64_t End) {
  if (__pathprof_metric_on) {
    End -= CallTicks;
    addCallsDeltas(Costs, K, &End, Frame);
  }
  uint64_t CallerOn = Frame[PATHPROF_CALLS_FRAME_ON];
  takeCountdowns();
  setMeasured(CallerOn);
  return CallerOn != 0;
}

static PATHPROF_PRESERVE_MOST __attribute__((noinline)) void
callsEnterGeneral(uint64_t *Frame) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  uint64_t CallerOn = __pathprof_metric_on;
  Frame[0] = 0;
  Frame[PATHPROF_CALLS_FRAME_ON] = CallerOn;
  int Measured = decideStart();
  if (!CallerOn && !Measured)
    return;
  readAll(Now);
  for (unsigned I = 0; I != NumEvents; ++I) {
    if (CallerOn)
      Frame[I] = __pathprof_metric_start[I] - Now[I];
    if (Measured) {
      Frame[PATHPROF_MAX_METRICS + I] = Now[I];
      __pathprof_metric_start[I] = Now[I];
    }
  }
}

PATHPROF_PRESERVE_MOST void __pathprof_metrics_calls_enter(uint64_t *Frame) {
  if (TSCAlone && TE.State == 1) {
    if (tscCallsEnter(Frame, tscNow())) {
      uint64_t Now = tscNow();
      Frame[PATHPROF_MAX_METRICS] = Now;
      __pathprof_metric_start[0] = Now;
    }
    return;
  }
  callsEnterGeneral(Frame);
}

static PATHPROF_PRESERVE_MOST __attribute__((noinline)) void
callsLeaveGeneral(uint64_t *Costs, unsigned K, const uint64_t *Frame) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  int Read = 0;
  if (__pathprof_metric_on) {
    readAll(Now);
    addCallsDeltas(Costs, K, Now, Frame);
    Read = 1;
  }
  uint64_t CallerOn = Frame[PATHPROF_CALLS_FRAME_ON];
  takeCountdowns();
  setMeasured(CallerOn);
  if (!CallerOn)
    return;
  if (!Read)
    readAll(Now);
  for (unsigned I = 0; I != NumEvents; ++I)
    __pathprof_metric_start[I] = Now[I] + Frame[I];
}

PATHPROF_PRESERVE_MOST void
__pathprof_metrics_calls_leave(uint64_t *Costs, unsigned K,
                               const uint64_t *Frame) {
  if (TSCAlone && TE.State == 1) {
    if (tscCallsLeave(Costs, K, Frame, tscNow()))
      __pathprof_metric_start[0] = tscNow() + Frame[0] + CallTicks;
    return;
  }
  callsLeaveGeneral(Costs, K, Frame);
}

/* Measures CallTicks: the thread's paths all measured for a moment, 64
   calls of __pathprof_metrics_path back to back, each ending the empty
   path the one before started; the median of the 63 deltas, which an
   interruption cannot move as it would a mean. The thread's sampling state
   is put back as it was. Called at init, before any path of the thread
   is measured. */
static void calibrate(void) {
  enum { Calls = 64, Words = 4 /* one metric's block, ProfileFormat.h */ };
  static uint64_t Blocks[Calls][Words];
  int64_t Saved[PATHPROF_METRIC_COUNTDOWNS];
  int64_t SavedHeld[PATHPROF_METRIC_COUNTDOWNS];
  memcpy(Saved, __pathprof_metric_countdown, sizeof(Saved));
  memcpy(SavedHeld, Held, sizeof(SavedHeld));
  uint64_t SavedOn = __pathprof_metric_on;
  uint64_t SavedStart = __pathprof_metric_start[0];
  if (TE.State != 1)
    openThreadEvents();
  memset(Blocks, 0, sizeof(Blocks));
  CallTicks = 0;
  Calibrating = 1;
  for (unsigned I = 0; I != Calls; ++I)
    __pathprof_metrics_path(Blocks[I], 1);
  Calibrating = 0;
  memcpy(__pathprof_metric_countdown, Saved, sizeof(Saved));
  memcpy(Held, SavedHeld, sizeof(SavedHeld));
  __pathprof_metric_on = SavedOn;
  __pathprof_metric_start[0] = SavedStart;
  /* Block I holds the path call I - 1 started: an insertion sort of them. */
  uint64_t D[Calls - 1];
  for (unsigned I = 1; I != Calls; ++I) {
    uint64_t V = Blocks[I][0];
    unsigned J = I - 1;
    for (; J && D[J - 1] > V; --J)
      D[J] = D[J - 1];
    D[J] = V;
  }
  CallTicks = D[(Calls - 1) / 2];
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
  /* Only a measured path can be charged for the pause: with exclusive
     metrics the callers' starts move forward past the whole call when it
     returns. (A measured caller of inclusive metrics is charged for the
     runtime's work in unmeasured callees.) */
  Frame[PATHPROF_METRICS_FRAME_ON] = __pathprof_metric_on;
  if (!__pathprof_metric_on)
    return;
  readAll(Now);
  for (unsigned I = 0; I != NumEvents; ++I)
    Frame[I] =
        __pathprof_metrics_tsc ? __pathprof_metric_start[I] - Now[I] : Now[I];
}

void __pathprof_metrics_resume(const uint64_t *Frame) {
  uint64_t Now[PATHPROF_MAX_METRICS];
  if (!Frame[PATHPROF_METRICS_FRAME_ON])
    return;
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

/* The kernel's software events by the names perf and libpfm4 give them,
   encoded here as libpfm4 encodes them at user level (PFM_PLM3): a
   process that counts one does not load libpfm4, whose initialization
   (every processor's event tables) takes 15 to 20 ms, more than a short
   process runs. */
static const struct {
  const char *Name;
  uint64_t Config;
} SoftwareEvents[] = {
    {"page-faults", PERF_COUNT_SW_PAGE_FAULTS},
    {"faults", PERF_COUNT_SW_PAGE_FAULTS},
    {"perf::PERF_COUNT_SW_PAGE_FAULTS", PERF_COUNT_SW_PAGE_FAULTS},
    {"minor-faults", PERF_COUNT_SW_PAGE_FAULTS_MIN},
    {"perf::PERF_COUNT_SW_PAGE_FAULTS_MIN", PERF_COUNT_SW_PAGE_FAULTS_MIN},
    {"major-faults", PERF_COUNT_SW_PAGE_FAULTS_MAJ},
    {"perf::PERF_COUNT_SW_PAGE_FAULTS_MAJ", PERF_COUNT_SW_PAGE_FAULTS_MAJ},
    {"task-clock", PERF_COUNT_SW_TASK_CLOCK},
    {"perf::PERF_COUNT_SW_TASK_CLOCK", PERF_COUNT_SW_TASK_CLOCK},
    {"cpu-clock", PERF_COUNT_SW_CPU_CLOCK},
    {"perf::PERF_COUNT_SW_CPU_CLOCK", PERF_COUNT_SW_CPU_CLOCK},
    {"context-switches", PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"cs", PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"perf::PERF_COUNT_SW_CONTEXT_SWITCHES", PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"cpu-migrations", PERF_COUNT_SW_CPU_MIGRATIONS},
    {"migrations", PERF_COUNT_SW_CPU_MIGRATIONS},
    {"perf::PERF_COUNT_SW_CPU_MIGRATIONS", PERF_COUNT_SW_CPU_MIGRATIONS},
};

/* Encodes \p Name into \p A when it is one of SoftwareEvents; returns
   whether it was. */
static int encodeSoftwareEvent(const char *Name, struct perf_event_attr *A) {
  for (size_t I = 0; I != sizeof(SoftwareEvents) / sizeof(SoftwareEvents[0]);
       ++I)
    if (strcmp(Name, SoftwareEvents[I].Name) == 0) {
      memset(A, 0, sizeof(*A));
      A->type = PERF_TYPE_SOFTWARE;
      A->config = SoftwareEvents[I].Config;
      A->exclude_kernel = 1;
      A->exclude_hv = 1;
      A->exclude_guest = 1;
      return 1;
    }
  return 0;
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
    if (!encodeSoftwareEvent(Buf, &E->Attr)) {
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
          __pathprof_report_error("unknown event '%s' in PATHPROF_EVENTS: "
                                  "%s; not counted",
                                  Buf, Pfm.Strerror(R));
        return -1;
      }
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

/* Whether event \p E is read with a system call: a software event has no
   counter that rdpmc reads. (A hardware event is read with rdpmc where the
   kernel allows it, which the default period assumes.) */
static int readBySyscall(const Event *E) {
  return E->Kind == KindPerf && E->Attr.type != PERF_TYPE_HARDWARE &&
         E->Attr.type != PERF_TYPE_HW_CACHE && E->Attr.type != PERF_TYPE_RAW;
}

/* PATHPROF_METRIC_PERIOD and PATHPROF_METRIC_SEED, once the events are
   chosen. */
static void configureSampling(void) {
  int DefaultP = DefaultPeriod;
  for (unsigned I = 0; I != NumEvents; ++I)
    if (readBySyscall(&Events[I]))
      DefaultP = DefaultSyscallPeriod;
  Period = (uint64_t)DefaultP;
  const char *P = getenv("PATHPROF_METRIC_PERIOD");
  if (P && *P) {
    uint64_t V = 0;
    const char *C = P;
    for (; *C >= '0' && *C <= '9' && V <= (UINT64_MAX - 9) / 10; ++C)
      V = V * 10 + (uint64_t)(*C - '0');
    if (*C || V == 0 || V > ((uint64_t)1 << 40))
      __pathprof_report_error("PATHPROF_METRIC_PERIOD='%s' is not a number of "
                              "path starts from 1 to 2^40; using %d",
                              P, DefaultP);
    else
      Period = V;
  }
  LogKeep = Period > 1 ? lnOf(1.0 - 1.0 / (double)Period) : 0;
  Seed = 0;
  const char *S = getenv("PATHPROF_METRIC_SEED");
  if (S && *S) {
    for (const char *C = S; *C; ++C)
      Seed = Seed * 31 + (unsigned char)*C;
    Seed |= 1;
  }
  SeedBase = Seed ? Seed : rdtsc() ^ ((uint64_t)getpid() << 32);
  Rng = 0;
}

static void afterFork(void) {
  /* The child draws its own samples. */
  SeedBase = mix64(SeedBase ^ (uint64_t)getpid());
  Rng = 0;
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
  configureSampling();
  TSCAlone = NumEvents == 1 && Events[0].Kind == KindTSC && Period > 1;
#if defined(__x86_64__) || defined(__i386__)
  __pathprof_metrics_tsc = InlineTSC && NumEvents == 1 &&
                           Events[0].Kind == KindTSC && !Inclusive &&
                           Period == 1;
#endif
  if (TSCAlone)
    calibrate();
  if (NumEvents)
    pthread_atfork(0, 0, afterFork);
  __atomic_store_n(&Configured, 1, __ATOMIC_RELEASE);
  return NumEvents;
}

void __pathprof_metrics_sampling(PathProfRawSampling *S) {
  S->Period = Period;
  S->Distribution = PATHPROF_SAMPLING_GEOMETRIC;
  S->Seed = Seed;
  S->Reserved = 0;
}

const PathProfRawMetric *__pathprof_metrics_table(void) { return Table; }

void __pathprof_metrics_set_mapped_table(PathProfRawMetric *Mapped) {
  InMap = Mapped;
}

/* Segments are folded only with segments of the same events
   (__pathprof_same_events): what each run learnt of how they were read
   adds up too. */
int __pathprof_metrics_fold_region(const PathProfFold *F) {
  const PathProfRawRegion *M = F->Region;
  for (uint64_t I = 0, N = M->Size / sizeof(PathProfRawMetric); I != N; ++I) {
    PathProfRawMetric *A = (PathProfRawMetric *)(F->Acc + M->Offset) + I;
    const PathProfRawMetric *S =
        (const PathProfRawMetric *)(F->Src + M->Offset) + I;
    A->Sources |= S->Sources;
    A->Flags |= S->Flags & PATHPROF_METRIC_SCALED;
  }
  __pathprof_mark_pages(F->AccPages, M->Offset, M->Size);
  return 0;
}
