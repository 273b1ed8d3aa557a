/*===- PathProfCompact.c - The raw profile a normal exit leaves ---*- C -*-===*\
|*
|* While a program runs, its counts live in dense counter segments mapped
|* from the profile file, so that a crash or a kill -9 keeps them; those
|* segments are as large as the module's whole reservation (every dense
|* counter, the hash tables, the calling context arena), mostly zeros. At a
|* normal exit, once the module instance's own segments are dead (their
|* mappings gone, their locks with them), this file replaces them by what the
|* run produced. Under flock(LOCK_EX) on the file it
|*
|*  1. folds every dead counter segment of the module's layout (this
|*     process's primary segment and thread slices, and those of processes
|*     that died before) and every compact segment of the module into one
|*     dense image in anonymous memory (PathProfSegment.c's fold), unless
|*     the only one is this process's own dense segment (one process, one
|*     thread: the common case), which is encoded as it is;
|*  2. packs that image (docs/FileFormat.md, "Packed segments"): a short
|*     header, and the runs of its non-zero words as variable-length
|*     numbers (PathProf/PackedImage.h);
|*  3. if no segment of the file is live (no other process, or other module
|*     of this one, counts into it), writes a new file next to it (the
|*     descriptions without their page padding, packed if they are small,
|*     the segments it could not fold, the packed counts) and renames it
|*     over the old one: readers
|*     see the old file or the new one, never a mix, and a writer waiting
|*     for the lock reopens the name (__pathprof_open_locked);
|*  4. otherwise appends the packed segment (magic last) and only then flags
|*     the folded segments FREE, punching the dense ones' pages out of the
|*     file: their counts are never lost, and the last process out leaves
|*     the small file.
|*
|* Any failure (a full disk, an unwritable directory) leaves the file as it
|* was, a valid profile of dense segments that the next start or exit folds,
|* after one error line.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProf/PackedImage.h"
#include "PathProfInternal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Segments one compaction folds; more are left for the next one. */
#define MAX_FOLDED 1024

enum {
  HeaderBytes = sizeof(PathProfRawHeader),
  HeaderWords = HeaderBytes / 8,
  PackedHeaderBytes = sizeof(PathProfPackedHeader),
  /* A packed image of W words takes at most 8 W bytes of words and 12 of
     gap and shape per run. Every run but the first of the header and the
     first of the rest follows three zero words or more, which it does not
     write: at most 8 W + 24 bytes in all, and 7 of padding. */
  PackedSlack = PackedHeaderBytes + 32,
  /* A counter segment read rather than mapped at exit (compactOf). */
  SmallSegmentBytes = 16384
};

/* The segments the compaction replaces: folded into the accumulator, or
   (Own) compacted on their own. */
static uint64_t Folded[MAX_FOLDED];
static unsigned char Own[MAX_FOLDED];
static unsigned NumFolded;
/* One chunk of a copy into the new file; a description that fits is packed
   from it into PackBuffer. */
static uint64_t CopyBuffer[8192];
static uint64_t PackBuffer[8192 + PackedSlack / 8];
/* The compact segment and page maps of a small module (a short program's
   exit pays for every mapping it makes): used instead of mapped memory
   when they fit. */
static uint64_t SmallBuf[2048];
static unsigned char SmallPages[256];

int __pathprof_compact_enabled(void) {
  static int Warned;
  const char *V = getenv("PATHPROF_COMPACT");
  if (!V || !*V || strcmp(V, "1") == 0)
    return 1;
  if (strcmp(V, "0") == 0)
    return 0;
  /* Once per process, though every module asks at its exit. */
  if (!Warned) {
    Warned = 1;
    __pathprof_report_error("PATHPROF_COMPACT='%s' is neither 0 nor 1; "
                            "compacting",
                            V);
  }
  return 1;
}

static char *anonymous(uint64_t Size) {
  void *P = mmap(0, (size_t)Size, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return P == MAP_FAILED ? 0 : (char *)P;
}

static uint64_t roundUp(uint64_t V, uint64_t A) { return (V + A - 1) / A * A; }

/* 0 if the segment at \p Offset is not replaced, 1 if it was folded into
   the accumulator, 2 if it is compacted on its own. */
static int wasFolded(uint64_t Offset) {
  for (unsigned I = 0; I != NumFolded; ++I)
    if (Folded[I] == Offset)
      return 1 + Own[I];
  return 0;
}

/* Unpacks the packed counter segment \p K (\p KSize bytes, read from the
   file) into \p Dense, zero but for the header of \p Req's layout, marking
   the pages it writes in \p Pages. Returns 0, or -1 when K is not a packed
   segment of this layout as this runtime writes it. */
static int unpack(char *Dense, const char *K, uint64_t KSize,
                  const PathProfSegmentRequest *Req, unsigned char *Pages) {
  const PathProfPackedHeader P =
      __pathprof_packed_header((const PathProfRawHeader *)K);
  if (P.InnerKind != PATHPROF_SEGMENT_COUNTERS ||
      P.InnerSize != Req->SegmentSize || P.EncodedSize > KSize - P.HeaderSize)
    return -1;
  const uint8_t *In = (const uint8_t *)K + P.HeaderSize;
  const uint64_t Words = Req->SegmentSize / 8;
  uint64_t Pos = 0, Next = 0;
  memset(Dense, 0, HeaderBytes);
  while (Pos < P.EncodedSize) {
    PathProfPackedRun Run;
    pathprofGetRun(In, P.EncodedSize, &Pos, &Next, (uint64_t *)Dense, Words,
                   &Run);
    if (Run.Status != PATHPROF_PACKED_OK)
      return -1;
    __pathprof_mark_pages(Pages, Run.Start * 8, Run.NumWords * 8);
  }
  return __pathprof_same_layout((const PathProfRawHeader *)Dense,
                                (const PathProfRawHeader *)Req->Image)
             ? 0
             : -1;
}

/* Packs the non-zero words [\p From, \p To) of \p Image into \p Out, as
   runs after the word *\p Next (the end of the previous run), reading only
   the pages \p Pages marks (all, if null; the others are zero); returns the
   bytes written and advances *Next. */
static uint64_t packWords(uint8_t *Out, const uint64_t *Image, uint64_t From,
                          uint64_t To, const unsigned char *Pages,
                          uint64_t *Next) {
  const uint64_t PageWords = __pathprof_page_size() / 8;
#define MARKED(W) (!Pages || Pages[(W) / PageWords])
  uint64_t N = 0;
  for (uint64_t I = From; I < To;) {
    if (!MARKED(I)) {
      I = __pathprof_next_marked(Pages, I / PageWords + 1,
                                 (To + PageWords - 1) / PageWords) *
          PageWords;
      continue;
    }
    if (!Image[I]) {
      const uint64_t PageEnd = (I / PageWords + 1) * PageWords;
      I = __pathprof_next_nonzero(Image, I, PageEnd < To ? PageEnd : To);
      continue;
    }
    uint64_t End = I + 1;
    /* A page the map does not mark is zeros: the run ends before it. */
    for (uint64_t J = End;
         J < To && J - End <= PATHPROF_PACKED_MAX_GAP && MARKED(J); ++J)
      if (Image[J])
        End = J + 1;
#undef MARKED
    N += pathprofPutRun(Out + N, I - *Next, &Image[I], End - I);
    *Next = End;
    I = End;
  }
  return N;
}

/* Builds in \p K the packed segment of the segment image \p Image of
   \p Size bytes, of kind \p Kind, whose pages \p Pages marks (all, if null),
   with \p Header in place of the image's own header; returns its size. The
   segment's magic is 0. */
static uint64_t buildPacked(char *K, const PathProfRawHeader *Header,
                            const char *Image, uint64_t Size, uint64_t Kind,
                            const unsigned char *Pages,
                            const PathProfSegmentRequest *Req) {
  uint8_t *Out = (uint8_t *)K + PackedHeaderBytes;
  uint64_t Next = 0;
  uint64_t N =
      packWords(Out, (const uint64_t *)Header, 0, HeaderWords, 0, &Next);
  N += packWords(Out + N, (const uint64_t *)Image, HeaderWords, Size / 8, Pages,
                 &Next);
  PathProfPackedHeader P;
  memset(&P, 0, sizeof(P));
  P.Version = PATHPROF_RAW_VERSION;
  P.HeaderSize = PackedHeaderBytes;
  P.SegmentSize = PackedHeaderBytes + roundUp(N, 8);
  P.SegmentKind = PATHPROF_SEGMENT_PACKED;
  P.ModuleSignature = Header->ModuleSignature;
  P.OwnerPid = Req->Pid;
  P.OwnerStartTime = Req->StartTime;
  P.InnerKind = Kind;
  P.InnerSize = Size;
  P.EncodedSize = N;
  memcpy(K, &P, sizeof(P));
  memset(Out + N, 0, (size_t)(P.SegmentSize - PackedHeaderBytes - N));
  return P.SegmentSize;
}

/* Packs the counter segment image \p Dense (of \p Req's layout), whose
   pages \p Pages marks, into \p K; returns its size. */
static uint64_t packCounters(char *K, const char *Dense,
                             const unsigned char *Pages,
                             const PathProfSegmentRequest *Req) {
  PathProfRawHeader Inner;
  memcpy(&Inner, Req->Image, HeaderBytes);
  Inner.Magic = PATHPROF_RAW_MAGIC;
  Inner.SegmentFlags = 0;
  Inner.OwnerPid = Req->Pid;
  Inner.OwnerStartTime = Req->StartTime;
  return buildPacked(K, &Inner, Dense, Req->SegmentSize,
                     PATHPROF_SEGMENT_COUNTERS, Pages, Req);
}

/* What one compaction works with. */
typedef struct {
  int Fd;
  const PathProfSegmentRequest *Req;
  /* The module records calling contexts: each segment of this process
     becomes a compact segment of its own, so that the trees of its threads
     stay apart (show --per-thread); those of earlier processes are folded
     together, as a start folds them. */
  int PerThread;
  /* Some segment was folded into Acc. */
  int AccUsed;
  /* Acc and Scratch are null until a fold needs them (startFold). */
  char *Acc, *Scratch, *Buf;
  uint64_t BufSize;
  /* Page maps (PathProfInternal.h) of Acc and of the segment being read. */
  unsigned char *AccPages, *SrcPages;
  uint64_t NumPages;
} Compactor;

/* C->SrcPages for the dense segment at \p Offset of the file: the pages
   its process wrote. */
static const unsigned char *filePages(Compactor *C, uint64_t Offset) {
  memset(C->SrcPages, 0, (size_t)C->NumPages);
  __pathprof_data_pages(C->Fd, Offset, C->Req->SegmentSize, C->SrcPages);
  return C->SrcPages;
}

/* Whether the dead segment \p H holds counts of this module that a
   compaction replaces: a dense segment of its layout or a compact segment
   of its signature, not FREE. */
static int ofThisModule(const Compactor *C, const PathProfRawHeader *H) {
  const PathProfRawHeader *Mine = (const PathProfRawHeader *)C->Req->Image;
  if (H->SegmentFlags & PATHPROF_SEGMENT_FREE)
    return 0;
  if (H->SegmentKind == PATHPROF_SEGMENT_COUNTERS)
    return __pathprof_same_layout(H, Mine);
  return H->SegmentKind == PATHPROF_SEGMENT_PACKED &&
         H->ModuleSignature == Mine->ModuleSignature &&
         __pathprof_packed_header(H).InnerKind == PATHPROF_SEGMENT_COUNTERS;
}

/* Whether \p H is a dense segment this process created. */
static int ownDense(const Compactor *C, const PathProfRawHeader *H) {
  return H->SegmentKind == PATHPROF_SEGMENT_COUNTERS &&
         H->OwnerPid == C->Req->Pid && H->OwnerStartTime == C->Req->StartTime;
}

/* Folds the segment at \p Offset (header \p H) into C->Acc if it is a dead
   segment of this module: a dense one of its layout and events, or a
   packed one (unpacked into C->Scratch, which is zero again afterwards,
   through C->Buf). A segment of this process whose threads' trees stay
   apart is only noted. */
static void foldSegment(Compactor *C, uint64_t Offset,
                        const PathProfRawHeader *H) {
  const PathProfSegmentRequest *Req = C->Req;
  if (NumFolded == MAX_FOLDED || !ofThisModule(C, H))
    return;
  if (H->SegmentKind == PATHPROF_SEGMENT_COUNTERS) {
    /* Private: folding value blocks clears them in the source, and the
       file must stay as it is until the compact segment is written. */
    void *P = mmap(0, (size_t)H->SegmentSize, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE, C->Fd, (off_t)Offset);
    if (P == MAP_FAILED)
      return;
    int Ours = C->PerThread && ownDense(C, H);
    if (__pathprof_same_events((char *)P, Req) &&
        (Ours ||
         __pathprof_fold_counts(C->Acc, (char *)P, Req, filePages(C, Offset),
                                C->AccPages) == 0)) {
      Own[NumFolded] = (unsigned char)Ours;
      Folded[NumFolded++] = Offset;
      C->AccUsed |= !Ours;
    }
    munmap(P, (size_t)H->SegmentSize);
    return;
  }
  if (H->SegmentSize > C->BufSize ||
      __pathprof_read_at(C->Fd, C->Buf, (size_t)H->SegmentSize, Offset) !=
          (ssize_t)H->SegmentSize)
    return;
  memset(C->SrcPages, 0, (size_t)C->NumPages);
  if (unpack(C->Scratch, C->Buf, H->SegmentSize, Req, C->SrcPages) == 0 &&
      __pathprof_same_events(C->Scratch, Req) &&
      __pathprof_fold_counts(C->Acc, C->Scratch, Req, C->SrcPages,
                             C->AccPages) == 0) {
    Own[NumFolded] = 0;
    Folded[NumFolded++] = Offset;
    C->AccUsed = 1;
  }
  /* Private anonymous memory reads as zeros again after this. */
  madvise(C->Scratch, (size_t)Req->SegmentSize, MADV_DONTNEED);
  memcpy(C->Scratch, Req->Image, HeaderBytes);
}

/* The bytes of a description, compact or packed segment that hold data: up
   to the end of its last region, or of its runs. */
static uint64_t usedSize(const PathProfRawHeader *H) {
  if (H->SegmentKind == PATHPROF_SEGMENT_PACKED)
    return PackedHeaderBytes +
           roundUp(__pathprof_packed_header(H).EncodedSize, 8);
  uint64_t End = HeaderBytes;
  for (uint64_t I = 0; I != H->NumRegions && I != PATHPROF_RAW_MAX_REGIONS;
       ++I) {
    const PathProfRawRegion *R = &H->Regions[I];
    if (R->Offset > H->SegmentSize || R->Size > H->SegmentSize - R->Offset)
      return H->SegmentSize;
    if (R->Offset + R->Size > End)
      End = R->Offset + R->Size;
  }
  End = roundUp(End, 8);
  return End < H->SegmentSize ? End : H->SegmentSize;
}

/* Copies \p Size bytes at \p From of \p In to \p To of \p Out, leaving holes
   where the source is zero. Returns 0, or -1 with errno set. */
static int copyRange(int In, uint64_t From, int Out, uint64_t To,
                     uint64_t Size) {
  while (Size) {
    size_t N = Size < sizeof(CopyBuffer) ? (size_t)Size : sizeof(CopyBuffer);
    ssize_t Got = __pathprof_read_at(In, CopyBuffer, N, From);
    if (Got != (ssize_t)N) {
      if (Got >= 0)
        errno = EIO;
      return -1;
    }
    size_t I = 0;
    while (I != N / 8 && CopyBuffer[I] == 0)
      ++I;
    if (I != N / 8 && __pathprof_write_at(Out, CopyBuffer, N, To) != 0)
      return -1;
    From += N;
    To += N;
    Size -= N;
  }
  return 0;
}

/* Copies \p Size bytes at \p From of \p In to \p To of \p Out in the
   kernel (copy_file_range), where the file system can; otherwise as
   copyRange() does. For what holds no holes: a description of megabytes
   (a large module's) is then not read into memory and written back; one
   that fits the copy buffer goes through it, which costs less.
   Returns 0, or -1 with errno set. */
static int copyData(int In, uint64_t From, int Out, uint64_t To,
                    uint64_t Size) {
  if (Size <= sizeof(CopyBuffer))
    return copyRange(In, From, Out, To, Size);
  while (Size) {
    loff_t InAt = (loff_t)From, OutAt = (loff_t)To;
    ssize_t N = copy_file_range(In, &InAt, Out, &OutAt, (size_t)Size, 0);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return copyRange(In, From, Out, To, Size);
    From += (uint64_t)N;
    To += (uint64_t)N;
    Size -= (uint64_t)N;
  }
  return 0;
}

/* The packed segment of this process's segment at \p Offset, in C->Buf
   with its magic set; returns its size, or 0 with errno set. A segment of
   a few pages is read (one system call), a larger one mapped (its data
   pages only are touched). */
static uint64_t compactOf(Compactor *C, uint64_t Offset) {
  const uint64_t Size = C->Req->SegmentSize;
  const unsigned char *Pages = filePages(C, Offset);
  uint64_t KSize;
  if (Size <= SmallSegmentBytes) {
    if (__pathprof_read_at(C->Fd, CopyBuffer, (size_t)Size, Offset) !=
        (ssize_t)Size) {
      errno = EIO;
      return 0;
    }
    KSize = packCounters(C->Buf, (const char *)CopyBuffer, Pages, C->Req);
  } else {
    void *P =
        mmap(0, (size_t)Size, PROT_READ, MAP_SHARED, C->Fd, (off_t)Offset);
    if (P == MAP_FAILED)
      return 0;
    KSize = packCounters(C->Buf, (const char *)P, Pages, C->Req);
    munmap(P, (size_t)Size);
  }
  ((PathProfRawHeader *)C->Buf)->Magic = PATHPROF_RAW_MAGIC;
  return KSize;
}

/* Copies the description at \p From (\p Size bytes that hold data) to
   \p To of \p Out: packed, if it fits CopyBuffer (a short program's, or
   one whose names are in the binary), as it is otherwise. Returns its size
   in the new file, or 0 with errno set. */
static uint64_t copyDescription(Compactor *C, uint64_t From, int Out,
                                uint64_t To, uint64_t Size) {
  if (Size > sizeof(CopyBuffer)) {
    if (copyData(C->Fd, From, Out, To, Size) != 0 ||
        __pathprof_write_at(Out, &Size, sizeof(Size),
                            To + offsetof(PathProfRawHeader, SegmentSize)) != 0)
      return 0;
    return Size;
  }
  if (__pathprof_read_at(C->Fd, CopyBuffer, (size_t)Size, From) !=
      (ssize_t)Size) {
    errno = EIO;
    return 0;
  }
  PathProfRawHeader *H = (PathProfRawHeader *)CopyBuffer;
  H->SegmentSize = Size;
  uint64_t KSize = buildPacked((char *)PackBuffer, H, (const char *)CopyBuffer,
                               Size, PATHPROF_SEGMENT_DESCRIPTION, 0, C->Req);
  PathProfPackedHeader *P = (PathProfPackedHeader *)PackBuffer;
  P->Magic = PATHPROF_RAW_MAGIC;
  /* The module that wrote the description, not this one. */
  P->OwnerPid = H->OwnerPid;
  P->OwnerStartTime = H->OwnerStartTime;
  if (__pathprof_write_at(Out, PackBuffer, (size_t)KSize, To) != 0)
    return 0;
  return KSize;
}

/* Writes what the file keeps (\p Complete bytes of segments), with the
   folded segments replaced by their compact segments, to the new file \p
   Out; returns its size, or 0 with errno set. */
static uint64_t writeNewFile(Compactor *C, uint64_t Complete, int Out) {
  const uint64_t Page = __pathprof_page_size();
  uint64_t W = 0, Prev = UINT64_MAX;
  for (uint64_t Offset = 0; Offset < Complete;) {
    PathProfRawHeader H;
    if (__pathprof_read_header(C->Fd, &H, Offset, Complete) <= 0) {
      errno = EIO;
      return 0;
    }
    uint64_t Next = Offset + H.SegmentSize;
    if (wasFolded(Offset) == 2) {
      uint64_t Size = compactOf(C, Offset);
      if (!Size || __pathprof_write_at(Out, C->Buf, (size_t)Size, W) != 0)
        return 0;
      Prev = W;
      W += Size;
      Offset = Next;
      continue;
    }
    if ((H.SegmentFlags & PATHPROF_SEGMENT_FREE) || wasFolded(Offset)) {
      Offset = Next;
      continue;
    }
    uint64_t Size = H.SegmentSize;
    if (H.SegmentKind == PATHPROF_SEGMENT_COUNTERS) {
      /* Mapped by a later start to be folded: it starts on a page, and the
         segment before it grows to there. */
      if (W % Page != 0 && Prev != UINT64_MAX) {
        uint64_t Grown = roundUp(W, Page) - Prev;
        if (__pathprof_write_at(
                Out, &Grown, sizeof(Grown),
                Prev + offsetof(PathProfRawHeader, SegmentSize)) != 0)
          return 0;
        W = roundUp(W, Page);
      }
    } else {
      Size = usedSize(&H);
    }
    if (H.SegmentKind == PATHPROF_SEGMENT_DESCRIPTION) {
      Size = copyDescription(C, Offset, Out, W, Size);
      if (!Size)
        return 0;
    } else if ((H.SegmentKind == PATHPROF_SEGMENT_COUNTERS
                    ? copyRange(C->Fd, Offset, Out, W, Size)
                    : copyData(C->Fd, Offset, Out, W, Size)) != 0 ||
               __pathprof_write_at(
                   Out, &Size, sizeof(Size),
                   W + offsetof(PathProfRawHeader, SegmentSize)) != 0) {
      return 0;
    }
    Prev = W;
    W += Size;
    Offset = Next;
  }
  if (C->AccUsed) {
    uint64_t KSize = packCounters(C->Buf, C->Acc, C->AccPages, C->Req);
    /* Readers see the new file whole or not at all. */
    ((PathProfRawHeader *)C->Buf)->Magic = PATHPROF_RAW_MAGIC;
    if (__pathprof_write_at(Out, C->Buf, (size_t)KSize, W) != 0)
      return 0;
    W += KSize;
  }
  if (ftruncate(Out, (off_t)W) != 0)
    return 0;
  return W;
}

static void tempName(char *Out, size_t Size, const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  __pathprof_vformat(Out, Size, Fmt, Args);
  va_end(Args);
}

/* No segment of the file is live: the new file takes its name. Returns 0,
   or -1 with errno set. */
static int rewriteFile(Compactor *C, const char *Path, uint64_t Complete) {
  char Temp[PATH_MAX];
  if (strlen(Path) + 32 > sizeof(Temp)) {
    errno = ENAMETOOLONG;
    return -1;
  }
  tempName(Temp, sizeof(Temp), "%s.compact-%d", Path, (int)getpid());
  struct stat St;
  if (fstat(C->Fd, &St) != 0)
    return -1;
  int Out = open(Temp, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (Out < 0)
    return -1;
  int Err = 0;
  if (fchmod(Out, St.st_mode & 07777) != 0 ||
      writeNewFile(C, Complete, Out) == 0 || rename(Temp, Path) != 0)
    Err = errno;
  close(Out);
  if (Err) {
    unlink(Temp);
    errno = Err;
    return -1;
  }
  return 0;
}

/* Appends the compact segment in C->Buf at \p At, its magic last. Returns
   0, or -1 with errno set. */
static int appendOne(Compactor *C, uint64_t At, uint64_t KSize) {
  uint64_t Magic = PATHPROF_RAW_MAGIC;
  ((PathProfRawHeader *)C->Buf)->Magic = 0;
  if (ftruncate(C->Fd, (off_t)(At + KSize)) != 0 ||
      __pathprof_write_at(C->Fd, C->Buf, (size_t)KSize, At) != 0 ||
      __pathprof_write_at(C->Fd, &Magic, sizeof(Magic), At) != 0)
    return -1;
  return 0;
}

/* Other processes still count into the file: the compact segments go at
   its end, and the folded segments are freed once they are complete.
   Returns 0, or -1 with errno set and the file as it was. */
static int appendCompact(Compactor *C, uint64_t Complete, uint64_t FileSize) {
  int Fd = C->Fd;
  uint64_t End = Complete;
  int Failed = Complete != FileSize && ftruncate(Fd, (off_t)Complete) != 0;
  for (unsigned I = 0; !Failed && I != NumFolded; ++I) {
    if (!Own[I])
      continue;
    uint64_t Size = compactOf(C, Folded[I]);
    Failed = !Size || appendOne(C, End, Size) != 0;
    End += Size;
  }
  if (!Failed && C->AccUsed) {
    uint64_t Size = packCounters(C->Buf, C->Acc, C->AccPages, C->Req);
    Failed = appendOne(C, End, Size) != 0;
  }
  if (Failed) {
    int Err = errno;
    int Ignored = ftruncate(Fd, (off_t)Complete);
    (void)Ignored;
    errno = Err;
    return -1;
  }
  const uint64_t Page = __pathprof_page_size();
  for (unsigned I = 0; I != NumFolded; ++I) {
    PathProfRawHeader F;
    if (__pathprof_read_header(Fd, &F, Folded[I], End) <= 0)
      continue;
    uint64_t Flags = F.SegmentFlags | PATHPROF_SEGMENT_FREE;
    __pathprof_write_at(Fd, &Flags, sizeof(Flags),
                        Folded[I] + offsetof(PathProfRawHeader, SegmentFlags));
    /* The header page stays: the segment can be claimed again. */
    if (F.SegmentKind == PATHPROF_SEGMENT_COUNTERS && F.SegmentSize > Page)
      fallocate(Fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
                (off_t)(Folded[I] + Page), (off_t)(F.SegmentSize - Page));
  }
  return 0;
}

/* The one error of a compaction that leaves the file as it was (errno
   says why). */
static void reportFailure(const char *Path) {
  __pathprof_report_error("cannot compact profile '%s': %s; it keeps the "
                          "counts in their dense form",
                          Path, __pathprof_strerror(errno));
}

/* The accumulator the folded segments are added to, and the scratch space
   compact segments are expanded in, both starting as a segment of the
   module that counted nothing. Returns 0, or -1 with errno set. */
static int startFold(Compactor *C) {
  const PathProfSegmentRequest *Req = C->Req;
  C->Acc = anonymous(Req->SegmentSize);
  C->Scratch = anonymous(Req->SegmentSize);
  if (!C->Acc || !C->Scratch)
    return -1;
  memcpy(C->Acc, Req->Image, (size_t)Req->ImageSize);
  Req->FillCounters(C->Acc, C->AccPages);
  memcpy(C->Scratch, Req->Image, (size_t)Req->ImageSize);
  return 0;
}

/* Everything between flock and funlock. */
static void compactLocked(Compactor *C, const char *Path) {
  struct stat St;
  if (fstat(C->Fd, &St) != 0)
    return;
  const uint64_t FileSize = (uint64_t)St.st_size;
  uint64_t Complete = FileSize;
  int AnyLive = 0;
  NumFolded = 0;
  /* The dead segments of this module, to fold once all are known. */
  uint64_t NumDead = 0, FirstDead = 0;
  int FirstOwn = 0;
  for (uint64_t Offset = 0; Offset < FileSize;) {
    PathProfRawHeader H;
    ssize_t N = __pathprof_read_header(C->Fd, &H, Offset, FileSize);
    if (N < 0)
      return;
    if (H.Magic == 0) {
      Complete = Offset;
      break;
    }
    /* Not a file of this version: the start that found it reported it. */
    if (H.Magic != PATHPROF_RAW_MAGIC || H.Version != PATHPROF_RAW_VERSION ||
        __pathprof_check_header(&H, (uint64_t)N, Offset, FileSize) != 0)
      return;
    int Live = __pathprof_segment_is_live(C->Fd, Offset);
    if (Live < 0)
      return;
    AnyLive |= Live;
    if (!Live && ofThisModule(C, &H) && NumDead++ == 0) {
      FirstDead = Offset;
      FirstOwn = ownDense(C, &H);
    }
    Offset += H.SegmentSize;
  }
  if (NumDead == 1 && FirstOwn) {
    /* The process counted alone (the common case: one process, one
       thread): its segment becomes a compact segment as it is, without
       being copied into the accumulator first. */
    Own[0] = 1;
    Folded[0] = FirstDead;
    NumFolded = 1;
  } else if (NumDead) {
    if (startFold(C) != 0) {
      reportFailure(Path);
      return;
    }
    for (uint64_t Offset = FirstDead; Offset < Complete;) {
      PathProfRawHeader H;
      if (__pathprof_read_header(C->Fd, &H, Offset, Complete) <= 0)
        return;
      if (__pathprof_segment_is_live(C->Fd, Offset) == 0)
        foldSegment(C, Offset, &H);
      Offset += H.SegmentSize;
    }
  }
  if (!NumFolded)
    return;
  int Result = AnyLive ? appendCompact(C, Complete, FileSize)
                       : rewriteFile(C, Path, Complete);
  if (Result != 0)
    reportFailure(Path);
}

void __pathprof_compact(const PathProfSegmentRequest *Req) {
  Compactor C;
  C.Req = Req;
  C.AccUsed = 0;
  C.PerThread = __pathprof_find_region((const PathProfRawHeader *)Req->Image,
                                       PATHPROF_REGION_CONTEXT) != 0;
  C.BufSize = roundUp(Req->SegmentSize + PackedSlack, __pathprof_page_size());
  C.Acc = C.Scratch = 0;
  C.NumPages = Req->SegmentSize / __pathprof_page_size();
  const int SmallSegment = C.BufSize <= sizeof(SmallBuf),
            FewPages = 2 * C.NumPages <= sizeof(SmallPages);
  C.Buf = SmallSegment ? (char *)SmallBuf : anonymous(C.BufSize);
  if (FewPages)
    memset(SmallPages, 0, sizeof(SmallPages));
  C.AccPages =
      FewPages ? SmallPages : (unsigned char *)anonymous(2 * C.NumPages);
  C.SrcPages = C.AccPages ? C.AccPages + C.NumPages : 0;
  if (!C.Buf || !C.AccPages) {
    reportFailure(Req->Path);
  } else if ((C.Fd = __pathprof_open_locked(Req->Path, 0)) >= 0) {
    compactLocked(&C, Req->Path);
    close(C.Fd);
  }
  if (C.Acc)
    munmap(C.Acc, (size_t)Req->SegmentSize);
  if (C.Scratch)
    munmap(C.Scratch, (size_t)Req->SegmentSize);
  if (C.Buf && !SmallSegment)
    munmap(C.Buf, (size_t)C.BufSize);
  if (C.AccPages && !FewPages)
    munmap(C.AccPages, (size_t)(2 * C.NumPages));
}
