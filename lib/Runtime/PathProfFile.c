/*===- PathProfFile.c - Raw profile file naming -------------------*- C -*-===*\
|*
|* Turns a file name pattern into a path, LLVM_PROFILE_FILE style: %p is the
|* process id, %h the host name, %m the module signature (16 lowercase hex
|* digits identifying the instrumented binary) followed by '_' and the pool
|* index 0, %Nm (N = 1..9) the same with pool index pid % N, and %% a literal
|* percent sign. Any other %x is kept as written. A pattern with %m or %Nm
|* names a merge pool (docs/Runtime.md). Missing parent directories are
|* created.
|*
|* Everything here is async-signal-safe: a fork child re-expands its pattern
|* (for its own %p) before it runs any program code.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <errno.h>
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

/* Decimal digits of \p V into \p Tmp; returns the length. */
static size_t decimal(char *Tmp, uint64_t V) {
  char Rev[24];
  size_t N = 0;
  do {
    Rev[N++] = (char)('0' + V % 10);
    V /= 10;
  } while (V);
  for (size_t I = 0; I != N; ++I)
    Tmp[I] = Rev[N - 1 - I];
  return N;
}

int __pathprof_expand_name(const char *Pattern, uint64_t Signature, char *Out,
                           size_t OutSize, int *Merge) {
  size_t Pos = 0;
  *Merge = 0;
  if (OutSize == 0)
    return -1;
  Out[0] = '\0';
  for (const char *P = Pattern; *P; ++P) {
    char Tmp[256];
    const char *S = P;
    size_t Len = 1;
    if (*P == '%' && P[1]) {
      unsigned PoolSize = 0;
      if (P[1] == 'm')
        PoolSize = 1;
      else if (P[1] >= '1' && P[1] <= '9' && P[2] == 'm')
        PoolSize = (unsigned)(P[1] - '0');
      switch (PoolSize ? 'm' : P[1]) {
      case 'p':
        Len = decimal(Tmp, (uint64_t)getpid());
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
        for (int I = 0; I != 16; ++I)
          Tmp[I] = "0123456789abcdef"[(Signature >> (60 - 4 * I)) & 0xf];
        Tmp[16] = '_';
        Len = 17 + decimal(Tmp + 17, (uint64_t)getpid() % PoolSize);
        S = Tmp;
        P += PoolSize == 1 && P[1] == 'm' ? 1 : 2;
        *Merge = 1;
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

/* The directory \p Path, its missing parents first. The deepest one is
   tried first: it exists for every profile but a program's first, and one
   mkdir then says so. */
static void makeDirectory(char *Path) {
  if (mkdir(Path, 0755) == 0 || errno != ENOENT)
    return;
  char *Slash = strrchr(Path, '/');
  if (!Slash || Slash == Path)
    return;
  *Slash = '\0';
  makeDirectory(Path);
  *Slash = '/';
  mkdir(Path, 0755);
}

void __pathprof_create_parent_dirs(char *Path) {
  int SavedErrno = errno;
  char *Slash = strrchr(Path, '/');
  if (Slash && Slash != Path) {
    *Slash = '\0';
    makeDirectory(Path);
    *Slash = '/';
  }
  errno = SavedErrno;
}
