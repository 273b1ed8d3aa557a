/*===- PathProfGuard.c - Counter pages without room on disk -------*- C -*-===*\
|*
|* Counter segments are file mappings, and their reservation is sparse: a
|* page gets disk blocks (or, on tmpfs, memory) when the program first
|* writes a counter on it. When the file system has no room for that page,
|* the kernel answers the store with SIGBUS. This file turns that into one
|* error line: a SIGBUS handler that, for an address in a watched counter
|* segment, maps a page of anonymous zeros over the faulting page (which
|* was zero: the file had no block for it) and returns, so that the store
|* is made again and succeeds. Counts on such pages are not in the profile;
|* everything that fit is. Any other SIGBUS goes to the handler that was
|* there before, or ends the process as it would have without PathProf.
|*
|* Only the main executable's runtime installs the handler: a shared
|* library's copy would unload with the library while still installed.
|* Its segments, and every segment when PATHPROF_SPARSE=0, are reserved
|* whole with fallocate instead, as before (PathProfSegment.c).
|*
|* The watched ranges are the addresses where a module's primary segment and
|* its thread slices live: once counted into, an address range keeps holding
|* either the file mapping or anonymous memory until the process ends, so an
|* entry never goes stale. One more entry, set and cleared under the module
|* lock, watches a segment while it is being set up, before it is moved to
|* its address.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Primary segments and thread slices that can be watched at once; a thread
   that would need one more counts into the primary segment instead. */
#define MAX_WATCHED 4096

typedef struct {
  uintptr_t Begin, End;
} Range;

static Range Watched[MAX_WATCHED];
static unsigned NumWatched;
static Range Setup;
static struct sigaction Previous;
static int Installed;
/* Pages replaced by anonymous memory: while counting, and in the segment
   being set up. */
static uint64_t Lost, LostInSetup;

static int inRange(const Range *R, uintptr_t A) {
  return A >= __atomic_load_n(&R->Begin, __ATOMIC_ACQUIRE) &&
         A < __atomic_load_n(&R->End, __ATOMIC_ACQUIRE);
}

/* The counter of lost pages for \p A, or null if A is not watched. */
static uint64_t *watched(uintptr_t A) {
  if (inRange(&Setup, A))
    return &LostInSetup;
  unsigned N = __atomic_load_n(&NumWatched, __ATOMIC_ACQUIRE);
  for (unsigned I = 0; I != N; ++I)
    if (inRange(&Watched[I], A))
      return &Lost;
  return 0;
}

/* What would have happened without this handler. */
static void forward(int Sig, siginfo_t *Info, void *Context) {
  if (Previous.sa_flags & SA_SIGINFO) {
    if (Previous.sa_sigaction)
      Previous.sa_sigaction(Sig, Info, Context);
    return;
  }
  if (Previous.sa_handler != SIG_DFL && Previous.sa_handler != SIG_IGN) {
    Previous.sa_handler(Sig);
    return;
  }
  /* A sent signal that was ignored stays ignored. */
  const int Sent = Info->si_code <= 0;
  if (Previous.sa_handler == SIG_IGN && Sent)
    return;
  /* The default action. A fault happens again when the handler returns, and
     the kernel delivers it even where it was ignored; a sent signal is sent
     again, and arrives once the handler returns. */
  struct sigaction Default;
  memset(&Default, 0, sizeof(Default));
  Default.sa_handler = SIG_DFL;
  sigaction(Sig, &Default, 0);
  if (Sent)
    raise(Sig);
}

static void onSigbus(int Sig, siginfo_t *Info, void *Context) {
  const uintptr_t A = (uintptr_t)Info->si_addr;
  uint64_t *Count = Info->si_code == BUS_ADRERR ? watched(A) : 0;
  if (Count) {
    const uintptr_t Page = A & ~(uintptr_t)(__pathprof_page_size() - 1);
    if (mmap((void *)Page, (size_t)__pathprof_page_size(),
             PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
             -1, 0) != MAP_FAILED) {
      /* A segment being set up is given up, with its own message. */
      if (__atomic_fetch_add(Count, 1, __ATOMIC_RELAXED) == 0 && Count == &Lost)
        __pathprof_report_error("no room in the file system for the "
                                "profile's counters; counts that do not fit "
                                "are not kept");
      return;
    }
  }
  forward(Sig, Info, Context);
}

void __pathprof_guard_install(void) {
  const char *V = getenv("PATHPROF_SPARSE");
  if (V && *V && strcmp(V, "1") != 0) {
    if (strcmp(V, "0") != 0)
      __pathprof_report_error("PATHPROF_SPARSE='%s' is neither 0 nor 1; "
                              "reserving the counters' file space",
                              V);
    return;
  }
  struct sigaction A;
  memset(&A, 0, sizeof(A));
  A.sa_sigaction = onSigbus;
  A.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
  sigemptyset(&A.sa_mask);
  if (sigaction(SIGBUS, &A, &Previous) == 0)
    Installed = 1;
}

int __pathprof_guard_active(void) { return Installed; }

int __pathprof_guard_keep(const char *Base, uint64_t Size) {
  if (!Installed)
    return 0;
  unsigned N = __atomic_load_n(&NumWatched, __ATOMIC_RELAXED);
  for (unsigned I = 0; I != N; ++I)
    if (Watched[I].Begin == (uintptr_t)Base)
      return 0;
  if (N == MAX_WATCHED)
    return -1;
  Watched[N].Begin = (uintptr_t)Base;
  Watched[N].End = (uintptr_t)Base + (uintptr_t)Size;
  __atomic_store_n(&NumWatched, N + 1, __ATOMIC_RELEASE);
  return 0;
}

void __pathprof_guard_setup(const char *Base, uint64_t Size) {
  __atomic_store_n(&LostInSetup, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&Setup.Begin, (uintptr_t)Base, __ATOMIC_RELEASE);
  __atomic_store_n(&Setup.End, (uintptr_t)Base + (uintptr_t)Size,
                   __ATOMIC_RELEASE);
}

uint64_t __pathprof_guard_setup_end(void) {
  __atomic_store_n(&Setup.End, 0, __ATOMIC_RELEASE);
  __atomic_store_n(&Setup.Begin, 0, __ATOMIC_RELEASE);
  return __atomic_load_n(&LostInSetup, __ATOMIC_RELAXED);
}
