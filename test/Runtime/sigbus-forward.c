// The runtime's SIGBUS handler (PathProfGuard.c) only takes faults on
// counter pages; every other SIGBUS does what it does without PathProf: a
// fault on the program's own file mapping and a SIGBUS sent to the program
// end it with SIGBUS (the shell's status 135), an ignored SIGBUS that is
// sent stays ignored, and a handler the program installs gets its signals.
// Each case runs the uninstrumented and the instrumented build; their
// output and exit status must be the same.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 %s -o plain
// RUN: %clang_pathprof -O1 %s %pathprof_rt -o prog
// RUN: for m in fault raise handler; do for b in plain prog; do env PATHPROF_FILE=%t/p.pathraw sh -c "./$b $m; echo \"$m: exit status \$?\"" >> $b.out 2>/dev/null; done; done
// RUN: for b in plain prog; do env PATHPROF_FILE=%t/p.pathraw sh -c "trap '' BUS; exec ./$b raise" >> $b.out; echo "ignored: exit status $?" >> $b.out; done
// RUN: diff plain.out prog.out
// RUN: FileCheck %s < prog.out
// CHECK:      fault: before
// CHECK-NEXT: fault: exit status 135
// CHECK-NEXT: raise: before
// CHECK-NEXT: raise: exit status 135
// CHECK-NEXT: handler: before
// CHECK-NEXT: handler: SIGBUS at the mapping
// CHECK-NEXT: handler: exit status 4
// CHECK-NEXT: raise: before
// CHECK-NEXT: raise: after
// CHECK-NEXT: ignored: exit status 0
//
// The instrumented build counted every case it returned from.
// RUN: %llvm-pathprof show p.pathraw | FileCheck --check-prefix=PROFILE %s
// PROFILE: Total path count: {{[1-9][0-9]*}}

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static volatile char *Mapping;

static void onBus(int Sig, siginfo_t *Info, void *Context) {
  (void)Sig;
  (void)Context;
  if (Info->si_addr == (void *)Mapping) {
    static const char Msg[] = "handler: SIGBUS at the mapping\n";
    if (write(1, Msg, sizeof(Msg) - 1) < 0)
      _exit(5);
    _exit(4);
  }
  _exit(6);
}

/* A page of an empty file, mapped: touching it is a SIGBUS. */
static void touchEmptyFile(void) {
  char Name[] = "emptyXXXXXX";
  int Fd = mkstemp(Name);
  if (Fd < 0)
    exit(2);
  unlink(Name);
  Mapping = (volatile char *)mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_SHARED,
                                  Fd, 0);
  if (Mapping == (volatile char *)MAP_FAILED)
    exit(2);
  Mapping[0] = 1;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  printf("%s: before\n", argv[1]);
  fflush(stdout);
  if (strcmp(argv[1], "fault") == 0) {
    touchEmptyFile();
  } else if (strcmp(argv[1], "raise") == 0) {
    raise(SIGBUS);
  } else if (strcmp(argv[1], "handler") == 0) {
    struct sigaction A;
    memset(&A, 0, sizeof(A));
    A.sa_sigaction = onBus;
    A.sa_flags = SA_SIGINFO;
    sigaction(SIGBUS, &A, 0);
    touchEmptyFile();
  }
  printf("%s: after\n", argv[1]);
  return 0;
}
