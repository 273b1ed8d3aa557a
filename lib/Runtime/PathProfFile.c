/*===- PathProfFile.c - Raw profile file naming -------------------*- C -*-===*\
|*
|* Turns a file name pattern into a path, LLVM_PROFILE_FILE style: %p is the
|* process id, %h the host name, %m the module signature (16 lowercase hex
|* digits identifying the instrumented binary) and %% a literal percent sign.
|* Any other %x is kept as written. Missing parent directories are created.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int append(char *Out, size_t OutSize, size_t *Pos, const char *S,
                  size_t Len) {
  if (Len >= OutSize - *Pos)
    return -1;
  memcpy(Out + *Pos, S, Len);
  *Pos += Len;
  Out[*Pos] = '\0';
  return 0;
}

int __pathprof_expand_name(const char *Pattern, uint64_t Signature, char *Out,
                           size_t OutSize) {
  size_t Pos = 0;
  if (OutSize == 0)
    return -1;
  Out[0] = '\0';
  for (const char *P = Pattern; *P; ++P) {
    char Tmp[256];
    const char *S = P;
    size_t Len = 1;
    if (*P == '%' && P[1]) {
      switch (P[1]) {
      case 'p':
        Len = (size_t)snprintf(Tmp, sizeof(Tmp), "%ld", (long)getpid());
        S = Tmp;
        ++P;
        break;
      case 'h':
        if (gethostname(Tmp, sizeof(Tmp) - 1) != 0)
          strcpy(Tmp, "unknown");
        Tmp[sizeof(Tmp) - 1] = '\0';
        Len = strlen(Tmp);
        S = Tmp;
        ++P;
        break;
      case 'm':
        Len = (size_t)snprintf(Tmp, sizeof(Tmp), "%016llx",
                               (unsigned long long)Signature);
        S = Tmp;
        ++P;
        break;
      case '%':
        ++P;
        break;
      default:
        break;
      }
    }
    if (append(Out, OutSize, &Pos, S, Len) != 0)
      return -1;
  }
  return 0;
}

void __pathprof_create_parent_dirs(char *Path) {
  int SavedErrno = errno;
  for (char *P = Path + 1; *P; ++P) {
    if (*P != '/')
      continue;
    *P = '\0';
    mkdir(Path, 0755);
    *P = '/';
  }
  errno = SavedErrno;
}
