/*===- PathProfSegment.c - Segments of a shared raw profile file --*- C -*-===*\
|*
|* A raw profile file is a sequence of segments (docs/FileFormat.md): one
|* description segment per module (its function records, names and CFG
|* descriptions) and one counter segment per module instance. This file
|* obtains a counter segment for a module: under flock(LOCK_EX) on the whole
|* file it
|*
|*  1. scans the segment headers and asks, for each, whether it is *live*: a
|*     live segment's first byte carries an open-file-description write lock
|*     (F_OFD_SETLK), held by the descriptor its module keeps open and by its
|*     mapping (both refer to the one open file description), so the lock
|*     goes away by itself when the process exits, is killed or execs, and
|*     when the module is unloaded and drops both;
|*  2. decides what to keep. Default mode (no %m in the pattern): a file
|*     with no live segment and none created by this very process (an exec
|*     predecessor) is left over from an earlier run and is truncated; a file
|*     that is not a raw profile of this version is overwritten. Merge mode
|*     (%m, %Nm): nothing is ever truncated, and a foreign file is an error.
|*     An incomplete segment at the end (magic still 0: its writer died while
|*     creating it) is cut off;
|*  3. folds every dead counter segment of this module's layout into the
|*     first one (the accumulator): counters summed, hash entries
|*     re-inserted, then the folded segment is flagged FREE (counts first,
|*     flag last);
|*  4. appends the module's description segment unless the file holds one
|*     of its signature (magic last);
|*  5. claims a FREE counter segment of this layout, or appends one, writes
|*     its header (an appended segment's magic last, a claimed segment's FREE
|*     flag cleared last) and counters, and locks it.
|*
|* So at most one dead counter segment per layout survives a start-up, a
|* file holds at most (module instances counting at once + 1) counter
|* segments of each module, and one description of it. Descriptions are
|* never freed: every counter segment of the module refers to one.
|* Everything here is async-signal-safe: a fork child runs it to obtain its
|* own segment.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define NO_SEGMENT UINT64_MAX

static char *mapAt(int Fd, uint64_t Offset, uint64_t Size) {
  void *P = mmap(0, (size_t)Size, PROT_READ | PROT_WRITE, MAP_SHARED, Fd,
                 (off_t)Offset);
  return P == MAP_FAILED ? 0 : (char *)P;
}

/* Whether the segment \p Seg (of this layout) counts the events this module
   counts: a run with other PATHPROF_EVENTS has other values in the same
   metric slots, which must not be added to these. */
int __pathprof_same_events(const char *Seg, const PathProfSegmentRequest *Req) {
  const PathProfRawRegion *M = __pathprof_find_region(
      (const PathProfRawHeader *)Req->Image, PATHPROF_REGION_METRICS);
  if (!M)
    return 1;
  for (uint64_t I = 0, N = M->Size / sizeof(PathProfRawMetric); I != N; ++I) {
    const PathProfRawMetric *A =
        (const PathProfRawMetric *)(Seg + M->Offset) + I;
    const PathProfRawMetric *B = &Req->Metrics[I];
    if (A->NameSize != B->NameSize || A->Unit != B->Unit ||
        ((A->Flags ^ B->Flags) & PATHPROF_METRIC_INCLUSIVE) ||
        A->NameSize >= PATHPROF_METRIC_NAME_SIZE ||
        memcmp(A->Name, B->Name, (size_t)A->NameSize) != 0)
      return 0;
  }
  return 1;
}

int __pathprof_fold_counts(char *Acc, char *Src,
                           const PathProfSegmentRequest *Req,
                           const unsigned char *SrcPages,
                           unsigned char *AccPages) {
  const PathProfRawHeader *Mine = (const PathProfRawHeader *)Req->Image;
  for (unsigned I = 0; I != __pathprof_num_storage_kinds; ++I) {
    const PathProfStorageKind *K = &__pathprof_storage_kinds[I];
    PathProfFold F = {Acc,      Src,
                      Req,      __pathprof_find_region(Mine, K->RegionKind),
                      SrcPages, AccPages};
    if (F.Region && K->Fold(&F) != 0)
      return -1;
  }
  return 0;
}

/* Adds the counts of \p Src into \p Acc (same layout), then flags Src FREE.
   Returns -1, changing nothing, when Src's calling context tree cannot be
   added to Acc's (no room, or not a tree this runtime writes): Src then
   stays as it is. */
static int fold(char *Acc, char *Src, const PathProfSegmentRequest *Req) {
  if (__pathprof_fold_counts(Acc, Src, Req, 0, 0) != 0)
    return -1;
  PathProfRawHeader *H = (PathProfRawHeader *)Src;
  __atomic_store_n(&H->SegmentFlags, H->SegmentFlags | PATHPROF_SEGMENT_FREE,
                   __ATOMIC_RELEASE);
  return 0;
}

typedef struct {
  uint64_t Size;     /* bytes of the file that hold segments */
  uint64_t Complete; /* where an incomplete trailing segment starts */
  uint64_t Last;     /* the last complete segment, NO_SEGMENT: none */
  int AnyLive;
  int SameProcess;
  int Foreign;        /* 0, or 1 not a raw profile, or the version it has + 1 */
  int HasDescription; /* of this module, complete */
} FileScan;

/* Pass 1: what the file holds. Returns -1 (after reporting) on an error. */
static int scanFile(int Fd, const char *Path, const PathProfSegmentRequest *Req,
                    FileScan *S) {
  const PathProfRawHeader *Mine = (const PathProfRawHeader *)Req->Image;
  uint64_t Offset = 0;
  S->Complete = S->Size;
  while (Offset < S->Size) {
    PathProfRawHeader H;
    ssize_t N = __pathprof_read_header(Fd, &H, Offset, S->Size);
    if (N < 0) {
      __pathprof_report_error("cannot read profile '%s': %s", Path,
                              __pathprof_strerror(errno));
      return -1;
    }
    if (H.Magic == 0) {
      S->Complete = Offset;
      return 0;
    }
    if (H.Magic != PATHPROF_RAW_MAGIC || (uint64_t)N < 32) {
      S->Foreign = 1;
      return 0;
    }
    if (H.Version != PATHPROF_RAW_VERSION) {
      S->Foreign = H.Version >= 1 && H.Version < 256 ? (int)H.Version + 1 : 1;
      return 0;
    }
    if (__pathprof_check_header(&H, (uint64_t)N, Offset, S->Size) != 0) {
      S->Foreign = 1;
      return 0;
    }
    int Live = __pathprof_segment_is_live(Fd, Offset);
    if (Live < 0) {
      __pathprof_report_error("cannot lock profile '%s': %s", Path,
                              __pathprof_strerror(errno));
      return -1;
    }
    S->AnyLive |= Live;
    if (H.OwnerPid == Req->Pid && H.OwnerStartTime == Req->StartTime)
      S->SameProcess = 1;
    /* A compacted file keeps descriptions without their page padding, or
       packed. */
    uint64_t DescSize =
        H.SegmentKind == PATHPROF_SEGMENT_DESCRIPTION ? H.SegmentSize : 0;
    if (H.SegmentKind == PATHPROF_SEGMENT_PACKED) {
      const PathProfPackedHeader P = __pathprof_packed_header(&H);
      if (P.InnerKind == PATHPROF_SEGMENT_DESCRIPTION)
        DescSize = P.InnerSize;
    }
    if (DescSize && H.ModuleSignature == Mine->ModuleSignature &&
        DescSize >= Req->DescriptionUsed &&
        DescSize <= Req->DescriptionSize + __pathprof_page_size())
      S->HasDescription = 1;
    S->Last = Offset;
    Offset += H.SegmentSize;
  }
  return 0;
}

/* Pass 2: fold the dead segments of this layout; returns a FREE segment of
   this layout to claim, or NO_SEGMENT. */
static uint64_t foldDeadSegments(int Fd, const PathProfSegmentRequest *Req,
                                 uint64_t Size) {
  const PathProfRawHeader *Mine = (const PathProfRawHeader *)Req->Image;
  uint64_t FreeSlot = NO_SEGMENT;
  char *Acc = 0;
  for (uint64_t Offset = 0; Offset < Size;) {
    PathProfRawHeader H;
    if (__pathprof_read_header(Fd, &H, Offset, Size) <= 0)
      break;
    uint64_t Next = Offset + H.SegmentSize;
    if (__pathprof_same_layout(&H, Mine) &&
        __pathprof_segment_is_live(Fd, Offset) == 0) {
      if (H.SegmentFlags & PATHPROF_SEGMENT_FREE) {
        if (FreeSlot == NO_SEGMENT)
          FreeSlot = Offset;
      } else {
        char *Seg = mapAt(Fd, Offset, Mine->SegmentSize);
        if (Seg && !__pathprof_same_events(Seg, Req)) {
          /* Another run's events: its segment stays as it is. */
          munmap(Seg, (size_t)Mine->SegmentSize);
        } else if (Seg && !Acc) {
          Acc = Seg;
        } else if (Seg && fold(Acc, Seg, Req) == 0) {
          munmap(Seg, (size_t)Mine->SegmentSize);
          if (FreeSlot == NO_SEGMENT)
            FreeSlot = Offset;
        } else if (Seg) {
          /* Acc's calling context tree has no room for Seg's: Seg stays,
             and the next dead segments fold into it instead. */
          munmap(Acc, (size_t)Mine->SegmentSize);
          Acc = Seg;
        }
      }
    }
    Offset = Next;
  }
  if (Acc)
    munmap(Acc, (size_t)Mine->SegmentSize);
  return FreeSlot;
}

static void reportForeign(const char *Path, int Foreign, int Merge) {
  const char *What = Merge ? "merging" : "writing";
  if (Foreign > 1)
    __pathprof_report_error("'%s' is a PathProf raw profile of version %d; "
                            "this runtime writes version %d; not %s into it",
                            Path, Foreign - 1, (int)PATHPROF_RAW_VERSION, What);
  else
    __pathprof_report_error("'%s' is not a PathProf raw profile; not %s into "
                            "it",
                            Path, What);
}

/* Extends the file by \p Size bytes at \p Offset (its end) and reserves the
   first \p Reserve of them, so that a full disk is an error here, not a
   SIGBUS at a later store there. Returns 0, or -1 with errno set. */
static int growFile(int Fd, uint64_t Offset, uint64_t Size, uint64_t Reserve) {
  if (ftruncate(Fd, (off_t)(Offset + Size)) != 0)
    return -1;
  if (Reserve && fallocate(Fd, 0, (off_t)Offset, (off_t)Reserve) != 0 &&
      errno != EOPNOTSUPP && errno != ENOSYS)
    return -1;
  return 0;
}

/* Appends the module's description segment at \p Offset: header and
   records, names, then the magic that marks it complete. Returns 0, or -1
   with errno set. */
static int appendDescription(int Fd, const PathProfSegmentRequest *Req,
                             uint64_t Offset) {
  PathProfRawHeader H;
  memcpy(&H, Req->Description, sizeof(H));
  H.OwnerPid = Req->Pid;
  H.OwnerStartTime = Req->StartTime;
  H.SegmentFlags = 0;
  uint64_t Magic = PATHPROF_RAW_MAGIC;
  /* Written with pwrite, which reports a full disk itself. */
  if (growFile(Fd, Offset, Req->DescriptionSize, 0) != 0 ||
      __pathprof_write_at(Fd, (const char *)&H + 8, sizeof(H) - 8,
                          Offset + 8) != 0 ||
      __pathprof_write_at(Fd, Req->Description + sizeof(H),
                          (size_t)(Req->DescriptionImageSize - sizeof(H)),
                          Offset + sizeof(H)) != 0 ||
      Req->WriteNames(Fd, Offset + Req->NamesOffset) != 0 ||
      __pathprof_write_at(Fd, &Magic, sizeof(Magic), Offset) != 0)
    return -1;
  return 0;
}

/* Everything between flock and funlock. */
static char *obtain(int Fd, const char *Path,
                    const PathProfSegmentRequest *Req) {
  const PathProfRawHeader *Mine = (const PathProfRawHeader *)Req->Image;
  struct stat St;
  if (fstat(Fd, &St) != 0) {
    __pathprof_report_error("cannot read profile '%s': %s", Path,
                            __pathprof_strerror(errno));
    return 0;
  }
  FileScan S;
  memset(&S, 0, sizeof(S));
  S.Size = (uint64_t)St.st_size;
  S.Last = NO_SEGMENT;
  if (scanFile(Fd, Path, Req, &S) != 0)
    return 0;

  uint64_t Keep = S.Complete;
  if (S.Foreign) {
    if (Req->Merge || S.AnyLive) {
      reportForeign(Path, S.Foreign, Req->Merge);
      return 0;
    }
    Keep = 0; /* default mode overwrites what is not a profile */
  } else if (!Req->Merge && !S.AnyLive && !S.SameProcess) {
    Keep = 0; /* a new run */
  }
  if (Keep != S.Size && ftruncate(Fd, (off_t)Keep) != 0) {
    __pathprof_report_error("cannot create profile '%s': %s", Path,
                            __pathprof_strerror(errno));
    return 0;
  }

  /* A compacted file ends where its last segment's data does; segments
     appended after it must start on a page, to be mapped. */
  if (Keep && Keep == S.Complete && Keep % __pathprof_page_size() != 0) {
    uint64_t Padded = (Keep + __pathprof_page_size() - 1) /
                      __pathprof_page_size() * __pathprof_page_size();
    uint64_t NewSize = Padded - S.Last;
    if (ftruncate(Fd, (off_t)Padded) != 0 ||
        __pathprof_write_at(
            Fd, &NewSize, sizeof(NewSize),
            S.Last + offsetof(PathProfRawHeader, SegmentSize)) != 0) {
      __pathprof_report_error("cannot create profile '%s': %s", Path,
                              __pathprof_strerror(errno));
      return 0;
    }
    Keep = S.Complete = S.Size = Padded;
  }

  uint64_t Offset = foldDeadSegments(Fd, Req, Keep);
  int Claimed = Offset != NO_SEGMENT;
  int Err = 0;
  if (!(S.HasDescription && Keep == S.Complete)) {
    if (appendDescription(Fd, Req, Keep) != 0) {
      __pathprof_report_error("cannot create profile '%s': %s", Path,
                              __pathprof_strerror(errno));
      /* If this fails too, the description's magic is still 0 and the
         next writer cuts it off. */
      int Ignored = ftruncate(Fd, (off_t)Keep);
      (void)Ignored;
      return 0;
    }
    Keep += Req->DescriptionSize;
  }
  /* With the SIGBUS guard nothing is reserved: the segment gets file space
     page by page as it is written, a page without room at setup gives the
     segment up, and one while counting is only lost (PathProfGuard.c).
     Without it, all of what the runtime writes to. */
  const int Sparse = __pathprof_guard_active();
  const uint64_t Reserve = Sparse ? 0 : Req->ReserveSize;
  if (!Claimed) {
    Offset = Keep;
    if (growFile(Fd, Offset, Req->SegmentSize, Reserve) != 0)
      Err = errno;
  }
  char *Seg = 0;
  if (!Err && __pathprof_lock_segment(Fd, Offset) != 0)
    Err = errno;
  if (!Err && !(Seg = mapAt(Fd, Offset, Req->SegmentSize)))
    Err = errno;
  if (!Err && Sparse)
    __pathprof_guard_setup(Seg, Req->SegmentSize);
  if (Err) {
    if (!Claimed && ftruncate(Fd, (off_t)Offset) != 0)
      Err = Err ? Err : errno;
    __pathprof_report_error("cannot create profile '%s': %s", Path,
                            __pathprof_strerror(Err));
    return 0;
  }

  /* Counters are touched a page here, a page there. Without MADV_RANDOM the
     first touch of each page reads ahead (and on ext4 zero-fills) up to
     hundreds of kilobytes of the file around it: about 50 us per touched
     page, which made a 5 ms run of zstd cost 11 ms more system time. A
     reused segment is cleared first, sequentially, with read-ahead.
     Advisory only. */
  if (!Claimed)
    madvise(Seg, (size_t)Mine->SegmentSize, MADV_RANDOM);
  /* The image carries Magic 0 and the FREE flag: readers skip the segment
     until it is complete. */
  memcpy(Seg + 8, Req->Image + 8, (size_t)(Req->ImageSize - 8));
  PathProfRawHeader *H = (PathProfRawHeader *)Seg;
  H->OwnerPid = Req->Pid;
  H->OwnerStartTime = Req->StartTime;
  if (Claimed) {
    /* What is past the header page (sparse), or past the reserved part (a
       calling context tree), is mostly a hole: punching it again is
       cheaper than writing its zeros. */
    const uint64_t Kept = Sparse ? __pathprof_page_size() : Req->ReserveSize;
    uint64_t Clear = Mine->SegmentSize;
    if (Kept < Clear &&
        fallocate(Fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
                  (off_t)(Offset + Kept), (off_t)(Clear - Kept)) == 0)
      Clear = Kept;
    memset(Seg + Req->ImageSize, 0, (size_t)(Clear - Req->ImageSize));
    madvise(Seg, (size_t)Mine->SegmentSize, MADV_RANDOM);
  }
  Req->FillCounters(Seg, 0);
  if (Sparse) {
    /* A page of the setup had no room: the segment would not read back as
       written. Unpublished, it goes. */
    if (__pathprof_guard_setup_end() != 0) {
      munmap(Seg, (size_t)Req->SegmentSize);
      if (!Claimed) {
        int Ignored = ftruncate(Fd, (off_t)Offset);
        (void)Ignored;
      }
      __pathprof_report_error("cannot create profile '%s': %s", Path,
                              __pathprof_strerror(ENOSPC));
      return 0;
    }
  }
  __atomic_store_n(&H->SegmentFlags, 0, __ATOMIC_RELEASE);
  if (!Claimed)
    __atomic_store_n(&H->Magic, PATHPROF_RAW_MAGIC, __ATOMIC_RELEASE);
  return Seg;
}

char *__pathprof_acquire_segment(const PathProfSegmentRequest *Req, int *Fd) {
  char Path[PATH_MAX];
  size_t Len = strlen(Req->Path);
  if (Len >= sizeof(Path)) {
    __pathprof_report_error("cannot create profile '%s': %s", Req->Path,
                            __pathprof_strerror(ENAMETOOLONG));
    return 0;
  }
  memcpy(Path, Req->Path, Len + 1);
  __pathprof_create_parent_dirs(Path);
  int F = __pathprof_open_locked(Path, O_CREAT);
  if (F < 0)
    return 0;
  char *Seg = obtain(F, Path, Req);
  flock(F, LOCK_UN);
  if (!Seg) {
    close(F);
    return 0;
  }
  *Fd = F;
  return Seg;
}
