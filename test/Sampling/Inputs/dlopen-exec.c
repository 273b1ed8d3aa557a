// Loads the shared library argv[1] (work.s built with -shared), calls its
// work(1000), and, given "exec" as argv[2], runs itself again through execv
// without it, so that the new image calls work(1000) once more.
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  void *Lib = dlopen(argv[1], RTLD_NOW);
  if (!Lib) {
    fprintf(stderr, "%s\n", dlerror());
    return 1;
  }
  int (*Work)(int) = (int (*)(int))dlsym(Lib, "work");
  printf("work: %d\n", Work(1000));
  fflush(stdout);
  if (argc > 2 && !strcmp(argv[2], "exec")) {
    execl(argv[0], argv[0], argv[1], (char *)NULL);
    perror("execl");
    return 1;
  }
  return 0;
}
