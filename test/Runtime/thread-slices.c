// Counter slices (the default counter mode): each thread counts into a
// segment of its own, and readers sum them.
//
// RUN: %clang_pathprof -O2 -g -pthread -I%pathprof_include %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
//
// Three rounds of 8 threads, each round joined before the next: the slices
// of exited threads are reused, so the file holds at most 9 segments (the
// primary, which main counts into, and one per thread that ran at once),
// and every call is counted exactly once.
// RUN: env PATHPROF_FILE=%t.d/rounds.pathraw %t rounds
// RUN: %llvm-pathprof show --json %t.d/rounds.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=ROUNDS %s
// ROUNDS: function {{.*}}thread-slices.c;tick paths=2 entry=2400000 total=2400000
// ROUNDS-NEXT: path 0 1200000
// ROUNDS-NEXT: path 1 1200000
// RUN: %llvm-pathprof show --segments %t.d/rounds.pathraw | FileCheck --check-prefix=SEGMENTS %s
// SEGMENTS: Segments: {{[2-9]$}}
//
// A thread that forks: the child's copy of that thread counts into a
// segment of the child's own file (%p), the parent's threads stay in the
// parent's; nothing is counted twice.
// RUN: env PATHPROF_FILE=%t.d/fork-%%p.pathraw %t fork > %t.d/fork.out
// RUN: %llvm-pathprof show --json %t.d/fork-`sed -n 's/^parent //p' %t.d/fork.out`.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=PARENT %s
// PARENT: function {{.*}}thread-slices.c;tick paths=2 entry=3000 total=3000
// RUN: %llvm-pathprof show --json %t.d/fork-`sed -n 's/^child //p' %t.d/fork.out`.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=CHILD %s
// CHILD: function {{.*}}thread-slices.c;tick paths=2 entry=70 total=70
//
// __pathprof_set_filename while a thread holds a slice: what the thread
// counts afterwards goes to the new file.
// RUN: env PATHPROF_FILE=%t.d/before.pathraw %t refile %t.d/after.pathraw
// RUN: %llvm-pathprof show --json %t.d/before.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=BEFORE %s
// BEFORE: function {{.*}}thread-slices.c;tick paths=2 entry=500 total=500
// RUN: %llvm-pathprof show --json %t.d/after.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=AFTER %s
// AFTER: function {{.*}}thread-slices.c;tick paths=2 entry=40 total=40

#include "pathprof/pathprof.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int Sink;

__attribute__((noinline)) static void tick(int I) {
  if (I & 1)
    Sink += I;
  else
    Sink -= 1;
}

static void ticks(int N) {
  for (int I = 0; I < N; ++I)
    tick(I);
}

static void *hundredThousand(void *Arg) {
  (void)Arg;
  ticks(100000);
  return 0;
}

static void *forker(void *Arg) {
  (void)Arg;
  ticks(1000);
  fflush(stdout);
  pid_t Pid = fork();
  if (Pid == 0) {
    ticks(70);
    printf("child %d\n", (int)getpid());
    fflush(stdout);
    _exit(0);
  }
  waitpid(Pid, 0, 0);
  ticks(1000);
  return 0;
}

static pthread_mutex_t M = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t C = PTHREAD_COND_INITIALIZER;
static int Phase;

static void waitFor(int P) {
  pthread_mutex_lock(&M);
  while (Phase < P)
    pthread_cond_wait(&C, &M);
  pthread_mutex_unlock(&M);
}

static void setPhase(int P) {
  pthread_mutex_lock(&M);
  Phase = P;
  pthread_cond_broadcast(&C);
  pthread_mutex_unlock(&M);
}

static void *refiled(void *Arg) {
  (void)Arg;
  ticks(500);
  setPhase(1);
  waitFor(2);
  ticks(40);
  return 0;
}

int main(int Argc, char **Argv) {
  pthread_t T[8];
  if (Argc == 2 && strcmp(Argv[1], "rounds") == 0) {
    for (int Round = 0; Round != 3; ++Round) {
      for (int I = 0; I != 8; ++I)
        pthread_create(&T[I], 0, hundredThousand, 0);
      for (int I = 0; I != 8; ++I)
        pthread_join(T[I], 0);
    }
    return 0;
  }
  if (Argc == 2 && strcmp(Argv[1], "fork") == 0) {
    printf("parent %d\n", (int)getpid());
    ticks(1000);
    pthread_create(&T[0], 0, forker, 0);
    pthread_join(T[0], 0);
    return 0;
  }
  if (Argc == 3 && strcmp(Argv[1], "refile") == 0) {
    pthread_create(&T[0], 0, refiled, 0);
    waitFor(1);
    __pathprof_set_filename(Argv[2]);
    setPhase(2);
    pthread_join(T[0], 0);
    return 0;
  }
  return 2;
}
