// work(1000) (work.s) in three threads of control: the main thread, a second
// thread and a forked child; and a signal handler entered twice, once from
// raise (a system call) and once asynchronously, sent by the second thread
// while the main thread spins (spin.s) until the handler has run twice.
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int work(int N);
int spin(volatile sig_atomic_t *Flag, int Until, volatile int *Started);

static volatile sig_atomic_t Signals;
static volatile int Spinning;

void on_signal(int Signal) {
  (void)Signal;
  ++Signals;
}

static void *second(void *Main) {
  work(1000);
  while (!Spinning)
    ;
  pthread_kill(*(pthread_t *)Main, SIGUSR1);
  return NULL;
}

int main(void) {
  struct sigaction Action = {0};
  Action.sa_handler = on_signal;
  sigaction(SIGUSR1, &Action, NULL);
  raise(SIGUSR1);

  pthread_t Main = pthread_self(), Second;
  pthread_create(&Second, NULL, second, &Main);
  work(1000);
  int Spins = spin(&Signals, 2, &Spinning);
  pthread_join(Second, NULL);

  pid_t Child = fork();
  if (Child == 0)
    _exit(work(1000) == 334 ? 5 : 6);
  int Status;
  waitpid(Child, &Status, 0);
  printf("child exit %d, signals %d, spins %d\n", WEXITSTATUS(Status),
         (int)Signals, Spins);
  return 0;
}
