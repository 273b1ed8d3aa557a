/*===- PathProfUtil.c - Error reporting and small helpers ---------*- C -*-===*\
|*
|* The runtime reports its problems as single lines on stderr and carries on:
|* it must never change what the profiled program does. Lines are formatted
|* into a buffer and written with one write(2) so that lines from several
|* threads or processes do not interleave, and so that stdio buffering of the
|* program is left alone.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

static void writeLine(const char *Prefix, const char *Fmt, va_list Args) {
  char Buf[2048];
  int Len = snprintf(Buf, sizeof(Buf), "%s", Prefix);
  if (Len < 0)
    return;
  int Rest = vsnprintf(Buf + Len, sizeof(Buf) - (size_t)Len, Fmt, Args);
  if (Rest < 0)
    return;
  size_t Size = (size_t)Len + (size_t)Rest;
  if (Size > sizeof(Buf) - 2)
    Size = sizeof(Buf) - 2; /* truncated: still one line */
  Buf[Size++] = '\n';
  int SavedErrno = errno;
  const char *P = Buf;
  while (Size > 0) {
    ssize_t N = write(STDERR_FILENO, P, Size);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    P += N;
    Size -= (size_t)N;
  }
  errno = SavedErrno;
}

void __pathprof_report_error(const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  writeLine("PathProf error: ", Fmt, Args);
  va_end(Args);
}

void __pathprof_report_line(const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  writeLine("", Fmt, Args);
  va_end(Args);
}

uint64_t __pathprof_num_functions(void) {
  if (!__start___pathprof_data || !__stop___pathprof_data ||
      __stop___pathprof_data <= __start___pathprof_data)
    return 0;
  return (uint64_t)(__stop___pathprof_data - __start___pathprof_data);
}

uint64_t __pathprof_fnv1a(uint64_t Hash, const void *Data, size_t Size) {
  const unsigned char *P = (const unsigned char *)Data;
  for (size_t I = 0; I != Size; ++I) {
    Hash ^= P[I];
    Hash *= 0x100000001b3ULL;
  }
  return Hash;
}
