/*===- PathProfFile.c - Raw profile files: names, I/O, headers ----*- C -*-===*\
|*
|* The bottom of the runtime's file handling: names, whole reads and writes,
|* the file lock, and segment headers as this runtime writes them; the
|* segment code (PathProfSegment.c) and the compaction (PathProfCompact.c)
|* build on it.
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
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
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

ssize_t __pathprof_read_at(int Fd, void *Buf, size_t Size, uint64_t Offset) {
  size_t Done = 0;
  while (Done < Size) {
    ssize_t N =
        pread(Fd, (char *)Buf + Done, Size - Done, (off_t)(Offset + Done));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return -1;
    if (N == 0)
      break;
    Done += (size_t)N;
  }
  return (ssize_t)Done;
}

/* The write lock of the first byte of the segment at \p Offset. */
static struct flock segmentLock(uint64_t Offset) {
  struct flock Fl;
  memset(&Fl, 0, sizeof(Fl));
  Fl.l_type = F_WRLCK;
  Fl.l_whence = SEEK_SET;
  Fl.l_start = (off_t)Offset;
  Fl.l_len = 1;
  return Fl;
}

/* 1 if another open file description holds a lock on the segment's first
   byte, 0 if not, -1 on error (errno set). */
int __pathprof_segment_is_live(int Fd, uint64_t Offset) {
  struct flock Fl = segmentLock(Offset);
  if (fcntl(Fd, F_OFD_GETLK, &Fl) != 0)
    return -1;
  return Fl.l_type != F_UNLCK;
}

int __pathprof_lock_segment(int Fd, uint64_t Offset) {
  struct flock Fl = segmentLock(Offset);
  return fcntl(Fd, F_OFD_SETLK, &Fl);
}

/* Two counter segment headers describe the same layout: same module and
   the same regions. */
int __pathprof_same_layout(const PathProfRawHeader *A,
                           const PathProfRawHeader *B) {
  return A->Version == B->Version && A->HeaderSize == B->HeaderSize &&
         A->SegmentSize == B->SegmentSize &&
         A->SegmentKind == PATHPROF_SEGMENT_COUNTERS &&
         B->SegmentKind == PATHPROF_SEGMENT_COUNTERS &&
         A->NumFunctions == B->NumFunctions && A->NumMetrics == B->NumMetrics &&
         A->ModuleSignature == B->ModuleSignature &&
         A->NumRegions == B->NumRegions &&
         A->NumRegions <= PATHPROF_RAW_MAX_REGIONS &&
         memcmp(A->Regions, B->Regions,
                (size_t)A->NumRegions * sizeof(PathProfRawRegion)) == 0;
}

/* The region of \p Kind of a header this runtime wrote, or null. */
const PathProfRawRegion *__pathprof_find_region(const PathProfRawHeader *H,
                                                uint64_t Kind) {
  for (uint64_t I = 0; I != H->NumRegions; ++I)
    if (H->Regions[I].Kind == Kind)
      return &H->Regions[I];
  return 0;
}

uint64_t __pathprof_page_size(void) {
  static uint64_t Size;
  if (!Size) {
    long P = sysconf(_SC_PAGESIZE);
    Size = P > 0 ? (uint64_t)P : 4096;
  }
  return Size;
}

uint64_t __pathprof_round_to_page(uint64_t V) {
  const uint64_t Page = __pathprof_page_size();
  return (V + Page - 1) / Page * Page;
}

void __pathprof_mark_pages(unsigned char *Pages, uint64_t From, uint64_t Size) {
  if (!Pages || !Size)
    return;
  const uint64_t Page = __pathprof_page_size();
  for (uint64_t P = From / Page, End = (From + Size - 1) / Page; P <= End; ++P)
    Pages[P] = 1;
}

uint64_t __pathprof_next_marked(const unsigned char *Pages, uint64_t Page,
                                uint64_t End) {
  for (; Page < End && Page % 8; ++Page)
    if (Pages[Page])
      return Page;
  for (; Page + 32 <= End; Page += 32) {
    uint64_t Four[4];
    memcpy(Four, Pages + Page, sizeof(Four));
    if (Four[0] | Four[1] | Four[2] | Four[3])
      break;
  }
  while (Page < End && !Pages[Page])
    ++Page;
  return Page;
}

uint64_t __pathprof_next_nonzero(const uint64_t *W, uint64_t I, uint64_t N) {
  /* A fixed-length OR of each block, which the compiler makes a few vector
     instructions, rather than a branch per word. */
  for (; I + 16 <= N; I += 16) {
    uint64_t Any = 0;
    for (unsigned J = 0; J != 16; ++J)
      Any |= W[I + J];
    if (Any)
      break;
  }
  while (I < N && !W[I])
    ++I;
  return I;
}

void __pathprof_data_pages(int Fd, uint64_t Offset, uint64_t Size,
                           unsigned char *Pages) {
  const uint64_t End = Offset + Size;
  for (uint64_t Pos = Offset; Pos < End;) {
    off_t Data = lseek(Fd, (off_t)Pos, SEEK_DATA);
    if (Data < 0 && errno == ENXIO)
      return; /* no data past Pos */
    off_t Hole = Data < 0 ? -1 : lseek(Fd, Data, SEEK_HOLE);
    if (Data < 0 || Hole < 0) {
      /* The file system cannot tell: everything from Pos may hold data. */
      __pathprof_mark_pages(Pages, Pos - Offset, End - Pos);
      return;
    }
    if ((uint64_t)Data >= End)
      return;
    uint64_t Stop = (uint64_t)Hole < End ? (uint64_t)Hole : End;
    __pathprof_mark_pages(Pages, (uint64_t)Data - Offset,
                          Stop - (uint64_t)Data);
    Pos = Stop;
  }
}

void __pathprof_mark_region(unsigned char *Pages, const PathProfRawHeader *H,
                            uint64_t Kind) {
  const PathProfRawRegion *R = __pathprof_find_region(H, Kind);
  if (R)
    __pathprof_mark_pages(Pages, R->Offset, R->Size);
}

ssize_t __pathprof_read_header(int Fd, PathProfRawHeader *H, uint64_t Offset,
                               uint64_t FileSize) {
  memset(H, 0, sizeof(*H));
  if (Offset >= FileSize)
    return 0;
  uint64_t Want =
      FileSize - Offset < sizeof(*H) ? FileSize - Offset : sizeof(*H);
  return __pathprof_read_at(Fd, H, (size_t)Want, Offset);
}

PathProfPackedHeader __pathprof_packed_header(const PathProfRawHeader *H) {
  PathProfPackedHeader P;
  memcpy(&P, H, sizeof(P));
  return P;
}

int __pathprof_check_header(const PathProfRawHeader *H, uint64_t Read,
                            uint64_t Offset, uint64_t FileSize) {
  if (H->SegmentKind == PATHPROF_SEGMENT_PACKED) {
    /* Short, and not on a page: it is never mapped. */
    const PathProfPackedHeader P = __pathprof_packed_header(H);
    if (Read < sizeof(P) || P.HeaderSize != sizeof(P) ||
        P.SegmentSize < sizeof(P) || P.SegmentSize % 8 != 0 ||
        P.SegmentSize > FileSize - Offset ||
        P.EncodedSize > P.SegmentSize - sizeof(P) ||
        (P.InnerKind != PATHPROF_SEGMENT_DESCRIPTION &&
         P.InnerKind != PATHPROF_SEGMENT_COUNTERS))
      return -1;
    return 0;
  }
  if (Read != sizeof(*H) || H->HeaderSize != sizeof(*H) ||
      H->SegmentSize < H->HeaderSize || H->SegmentSize % 8 != 0 ||
      H->SegmentSize > FileSize - Offset)
    return -1;
  /* Counter segments are mapped: they start and end on a page. */
  if (H->SegmentKind == PATHPROF_SEGMENT_COUNTERS &&
      (Offset % __pathprof_page_size() != 0 ||
       H->SegmentSize % __pathprof_page_size() != 0))
    return -1;
  return 0;
}

int __pathprof_write_at(int Fd, const void *Buf, size_t Size, uint64_t Offset) {
  size_t Done = 0;
  while (Done < Size) {
    ssize_t N = pwrite(Fd, (const char *)Buf + Done, Size - Done,
                       (off_t)(Offset + Done));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return -1;
    Done += (size_t)N;
  }
  return 0;
}

int __pathprof_open_locked(const char *Path, int Create) {
  for (;;) {
    int F = open(Path, O_RDWR | O_CLOEXEC | Create, 0644);
    if (F < 0) {
      if (Create || errno != ENOENT)
        __pathprof_report_error("cannot create profile '%s': %s", Path,
                                __pathprof_strerror(errno));
      return -1;
    }
    int R;
    while ((R = flock(F, LOCK_EX)) != 0 && errno == EINTR)
      ;
    if (R != 0) {
      __pathprof_report_error("cannot lock profile '%s': %s", Path,
                              __pathprof_strerror(errno));
      close(F);
      return -1;
    }
    /* A process that compacted the file while this one waited for the lock
       renamed a new file over it: the lock is on the old one. */
    struct stat Locked, Named;
    int Renamed = fstat(F, &Locked) == 0 &&
                  (stat(Path, &Named) == 0 ? Locked.st_dev != Named.st_dev ||
                                                 Locked.st_ino != Named.st_ino
                                           : errno == ENOENT && Create);
    if (!Renamed)
      return F;
    close(F);
  }
}
