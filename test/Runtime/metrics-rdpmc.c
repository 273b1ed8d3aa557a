// The rdpmc reader against a fake perf_event_mmap_page (no hardware
// counters needed): the seqlock retry, the fallback to read() when the
// event is not on the PMU (index 0) or rdpmc is not allowed, sign extension
// of a pmc_width-bit counter that wrapped, and scaling by
// time_enabled / time_running through the page's time fields.
//
// RUN: %clang -O1 -I%pathprof_include -I%pathprof_src/lib/Runtime %s %pathprof_rt -o %t
// RUN: %t | FileCheck %s

#include "PathProfInternal.h"

#include <perfmon/pfmlib_perf_event.h>
#include <stdio.h>
#include <string.h>

static struct perf_event_mmap_page Page;
static uint64_t Pmc;
static unsigned PmcCalls, LastIndex;
static int BumpLockOnce;

/* rdpmc: the counter's raw value; optionally a concurrent update of the
   page (the kernel rescheduled the event) that the reader must retry. */
static uint64_t fakeRdpmc(unsigned Index) {
  ++PmcCalls;
  LastIndex = Index;
  if (BumpLockOnce) {
    BumpLockOnce = 0;
    Page.lock += 2;
    Page.offset = 1000;
  }
  return Pmc;
}

static uint64_t Tsc;
static uint64_t fakeRdtsc(void) { return Tsc; }

static void show(const char *What) {
  uint64_t V = 0;
  int Scaled = -1;
  PmcCalls = 0;
  int R = __pathprof_rdpmc_read(&Page, fakeRdpmc, fakeRdtsc, &V, &Scaled);
  if (R != 0)
    printf("%s: read() (rdpmc calls %u)\n", What, PmcCalls);
  else
    printf("%s: %llu scaled=%d (rdpmc calls %u, counter %u)\n", What,
           (unsigned long long)V, Scaled, PmcCalls, LastIndex);
}

int main(void) {
  memset(&Page, 0, sizeof(Page));
  Page.cap_usr_rdpmc = 1;
  Page.index = 3; /* hardware counter 2 */
  Page.pmc_width = 48;
  Page.offset = 500;
  Page.time_enabled = Page.time_running = 100;
  Pmc = 42;
  show("plain");
  // CHECK: plain: 542 scaled=0 (rdpmc calls 1, counter 2)

  /* A 48-bit counter that wrapped: the raw value is negative in 48 bits. */
  Pmc = (1ULL << 48) - 10;
  Page.offset = 1000;
  show("wrapped");
  // CHECK-NEXT: wrapped: 990 scaled=0 (rdpmc calls 1, counter 2)

  /* The page changes under the reader: it reads again. */
  Pmc = 5;
  Page.offset = 0;
  BumpLockOnce = 1;
  show("retry");
  // CHECK-NEXT: retry: 1005 scaled=0 (rdpmc calls 2, counter 2)

  /* Not on the PMU now, or rdpmc not allowed: read() instead. */
  Page.index = 0;
  show("index 0");
  // CHECK-NEXT: index 0: read() (rdpmc calls 0)
  Page.index = 3;
  Page.cap_usr_rdpmc = 0;
  show("no rdpmc");
  // CHECK-NEXT: no rdpmc: read() (rdpmc calls 0)
  Page.cap_usr_rdpmc = 1;

  /* Multiplexed: enabled 300 ns, running 100 ns so far, and 100 ns more
     of both since the page was updated (time_mult 1 << 10, time_shift 10:
     one ns per tick; 100 ticks). The count 500 becomes 500 * 400 / 200. */
  Page.cap_user_time = 1;
  Page.time_enabled = 300;
  Page.time_running = 100;
  Page.time_mult = 1 << 10;
  Page.time_shift = 10;
  Page.time_offset = 0;
  Tsc = 100;
  Page.offset = 0;
  Pmc = 500;
  show("scaled");
  // CHECK-NEXT: scaled: 1000 scaled=1 (rdpmc calls 1, counter 2)

  /* Enabled but never running: nothing to scale from, the value is 0. */
  Page.time_running = 0;
  Page.time_mult = 0;
  show("never ran");
  // CHECK-NEXT: never ran: 0 scaled=1 (rdpmc calls 1, counter 2)
  return 0;
}
