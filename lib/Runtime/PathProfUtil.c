/*===- PathProfUtil.c - Error reporting and small helpers ---------*- C -*-===*\
|*
|* The runtime reports its problems as single lines on stderr and carries on:
|* it must never change what the profiled program does. Lines are formatted
|* into a buffer and written with one write(2) so that lines from several
|* threads or processes do not interleave, and so that stdio buffering of the
|* program is left alone.
|*
|* The formatter is the runtime's own, a small subset of printf: errors are
|* also reported from the child side of fork() in multithreaded programs,
|* where only async-signal-safe code may run, and vsnprintf and strerror are
|* not (locale, possible allocation).
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  char *Buf;
  size_t Size;
  size_t Pos;
} Out;

static void put(Out *O, char C) {
  if (O->Pos + 1 < O->Size)
    O->Buf[O->Pos] = C;
  ++O->Pos;
}

static void putStr(Out *O, const char *S, size_t Max) {
  if (!S)
    S = "(null)";
  for (size_t I = 0; I != Max && S[I]; ++I)
    put(O, S[I]);
}

static void putUnsigned(Out *O, unsigned long long V, unsigned Base,
                        unsigned MinDigits) {
  char Tmp[32];
  unsigned N = 0;
  do {
    Tmp[N++] = "0123456789abcdef"[V % Base];
    V /= Base;
  } while (V);
  while (N < MinDigits && N < sizeof(Tmp))
    Tmp[N++] = '0';
  while (N)
    put(O, Tmp[--N]);
}

static void putSigned(Out *O, long long V) {
  if (V < 0) {
    put(O, '-');
    putUnsigned(O, 0ULL - (unsigned long long)V, 10, 1);
    return;
  }
  putUnsigned(O, (unsigned long long)V, 10, 1);
}

size_t __pathprof_vformat(char *Buf, size_t Size, const char *Fmt,
                          va_list Args) {
  Out O = {Buf, Size, 0};
  for (const char *P = Fmt; *P; ++P) {
    if (*P != '%') {
      put(&O, *P);
      continue;
    }
    ++P;
    unsigned Width = 0;
    size_t Precision = (size_t)-1;
    while (*P >= '0' && *P <= '9')
      Width = Width * 10 + (unsigned)(*P++ - '0');
    if (P[0] == '.' && P[1] == '*') {
      int Prec = va_arg(Args, int);
      Precision = Prec < 0 ? (size_t)-1 : (size_t)Prec;
      P += 2;
    }
    int Longs = 0;
    int SizeT = 0;
    while (*P == 'l') {
      ++Longs;
      ++P;
    }
    if (*P == 'z') {
      SizeT = 1;
      ++P;
    }
    switch (*P) {
    case 's':
      putStr(&O, va_arg(Args, const char *), Precision);
      break;
    case 'c':
      put(&O, (char)va_arg(Args, int));
      break;
    case 'd':
      if (Longs >= 2)
        putSigned(&O, va_arg(Args, long long));
      else if (Longs == 1)
        putSigned(&O, va_arg(Args, long));
      else
        putSigned(&O, va_arg(Args, int));
      break;
    case 'u':
    case 'x': {
      unsigned long long V;
      if (SizeT)
        V = va_arg(Args, size_t);
      else if (Longs >= 2)
        V = va_arg(Args, unsigned long long);
      else if (Longs == 1)
        V = va_arg(Args, unsigned long);
      else
        V = va_arg(Args, unsigned);
      putUnsigned(&O, V, *P == 'x' ? 16 : 10, Width ? Width : 1);
      break;
    }
    case '%':
      put(&O, '%');
      break;
    case '\0':
      --P;
      break;
    default:
      put(&O, '%');
      put(&O, *P);
      break;
    }
  }
  if (Size)
    Buf[O.Pos < Size ? O.Pos : Size - 1] = '\0';
  return O.Pos;
}

static void writeLine(const char *Prefix, const char *Fmt, va_list Args) {
  char Buf[2048];
  size_t Len = strlen(Prefix);
  memcpy(Buf, Prefix, Len);
  size_t Size =
      Len + __pathprof_vformat(Buf + Len, sizeof(Buf) - Len - 1, Fmt, Args);
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

const char *__pathprof_strerror(int Errno) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32)
  const char *S = strerrordesc_np(Errno);
  return S ? S : "Unknown error";
#else
  return strerror(Errno);
#endif
}

int __pathprof_env_number(const char *Name, int Suffixes, uint64_t *Out) {
  const char *Env = getenv(Name);
  if (!Env || !*Env)
    return 0;
  if (Env[0] == '-')
    return -1;
  char *End = 0;
  errno = 0;
  unsigned long long V = strtoull(Env, &End, 10);
  if (errno || End == Env || V == 0)
    return -1;
  unsigned Shift = 0;
  if (Suffixes && (*End == 'K' || *End == 'k'))
    Shift = 10;
  else if (Suffixes && (*End == 'M' || *End == 'm'))
    Shift = 20;
  else if (Suffixes && (*End == 'G' || *End == 'g'))
    Shift = 30;
  End += Shift != 0;
  if (*End || V > (~0ULL >> Shift))
    return -1;
  *Out = (uint64_t)V << Shift;
  return 1;
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

/* Field \p Wanted (> 2) of /proc/self/stat, a number, or 0 if unavailable.
   Async-signal-safe. */
static uint64_t statField(int Wanted) {
  int SavedErrno = errno;
  char Buf[1024];
  ssize_t Len = -1;
  int Fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
  if (Fd >= 0) {
    do
      Len = read(Fd, Buf, sizeof(Buf) - 1);
    while (Len < 0 && errno == EINTR);
    close(Fd);
  }
  errno = SavedErrno;
  if (Len <= 0)
    return 0;
  Buf[Len] = '\0';
  /* "pid (comm) state ppid ...": comm may hold spaces and parentheses, so
     count fields from the last ')'. It ends field 2. */
  const char *P = 0;
  for (const char *Q = Buf; *Q; ++Q)
    if (*Q == ')')
      P = Q;
  if (!P)
    return 0;
  ++P; /* the space before field 3 */
  for (int Field = 3; Field != Wanted; ++Field) {
    if (*P != ' ')
      return 0;
    ++P;
    while (*P && *P != ' ')
      ++P;
  }
  if (*P != ' ')
    return 0;
  ++P;
  uint64_t V = 0;
  while (*P >= '0' && *P <= '9')
    V = V * 10 + (uint64_t)(*P++ - '0');
  return V;
}

uint64_t __pathprof_process_start_time(void) {
  /* It never changes, but a fork child has its own. */
  static pid_t Pid;
  static uint64_t StartTime;
  const pid_t Self = getpid();
  if (__atomic_load_n(&Pid, __ATOMIC_ACQUIRE) != Self) {
    __atomic_store_n(&StartTime, statField(22), __ATOMIC_RELAXED);
    __atomic_store_n(&Pid, Self, __ATOMIC_RELEASE);
  }
  return __atomic_load_n(&StartTime, __ATOMIC_RELAXED);
}

uint64_t __pathprof_process_threads(void) { return statField(20); }

#if defined(__has_include)
#if __has_include(<sys/single_threaded.h>)
#include <sys/single_threaded.h>
#define PATHPROF_HAVE_SINGLE_THREADED 1
#endif
#endif

int __pathprof_process_alone(void) {
#ifdef PATHPROF_HAVE_SINGLE_THREADED
  /* glibc 2.32 and later: true until the process first creates a thread,
     which saves reading /proc for most programs. */
  if (__libc_single_threaded)
    return 1;
#endif
  return __pathprof_process_threads() == 1;
}

void __pathprof_copy_string(char *Dst, const char *Src, size_t Size) {
  size_t I = 0;
  for (; Src && Src[I] && I + 1 < Size; ++I)
    Dst[I] = Src[I];
  for (; I != Size; ++I)
    Dst[I] = '\0';
}
