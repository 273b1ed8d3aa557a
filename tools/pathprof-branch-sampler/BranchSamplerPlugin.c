/*===- BranchSamplerPlugin.c - Branch records from QEMU user mode -*- C -*-===*\
|*
|* A QEMU TCG plugin that turns a real execution of an x86-64 program under
|* qemu-x86_64 into what `perf record -b` followed by
|* `perf script -F ip,brstack --show-mmap-events` prints on a machine with
|* last branch records: every taken branch of user code goes into a
|* per-thread ring of the last DEPTH branches, and every PERIOD taken branches
|* (jittered) the ring is printed as one sample, newest record first. The
|* pathprof-branch-sampler driver runs it; docs/Sampling.md describes the
|* output and its limits.
|*
|* Taken-ness without a decoder: QEMU calls back at the start of every
|* translation block (TB) it executes. A TB ends at the first branch, so when
|* the next TB does not start where the previous one's last instruction ends,
|* that last instruction was a taken branch (call, return, jump, or a taken
|* conditional branch) from its own address to the new TB's start; a TB that
|* starts exactly there is a fall-through (a branch not taken, or a block cut
|* for another reason). Three things change the flow without a branch and
|* are filtered, as user-space branch records do not hold them: whatever
|* follows a syscall instruction (a signal handler the kernel enters, the
|* code rt_sigreturn resumes), a TB that starts at a registered signal
|* handler when no call led there (a signal delivered between two blocks),
|* and a REP string instruction, which QEMU runs one iteration per TB by
|* re-entering it at its own address. The block a signal interrupted ended in
|* a branch whose outcome shows when rt_sigreturn resumes the thread; it is
|* decided and recorded then.
|*
|* The CYCLES field, which real hardware fills with core cycles since the
|* previous record, holds the number of instructions executed since the
|* previous taken branch, target included, branch included, saturated at
|* 65535 as the hardware's 16-bit field is.
|*
|* Load map: before the first instruction, one PERF_RECORD_MMAP2 line per
|* executable segment of the program and of its ELF interpreter (found in
|* /proc/self/maps, laid out from their program headers); afterwards, one
|* line per executable file mapping the program makes with mmap, as the
|* kernel reports them to perf. Output lines are buffered and written whole,
|* at exit and before any system call that may end the process.
|*
\*===----------------------------------------------------------------------===*/

#include "QemuPluginAPI.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/* QEMU 7.2 exports this too; the other declarations are in the header. */
const char *qemu_plugin_path_to_binary(void);

enum {
  MaxDepth = 64,
  MaxVCpus = 4096,
  MaxCycles = 65535,
  BufferSize = 1 << 16,
  MaxSignal = 64,
  MaxNestedSignals = 16,
  SysMmap = 9,
  SysRtSigaction = 13,
  SysRtSigreturn = 15,
  SysRtSigqueueinfo = 129,
  SysExecve = 59,
  SysExit = 60,
  SysKill = 62,
  SysTkill = 200,
  SysExitGroup = 231,
  SysTgkill = 234,
  SysRtTgsigqueueinfo = 297,
  SysExecveat = 322,
};

/* What the last instruction of a TB is, as far as telling taken branches
   from other breaks in the flow goes. */
enum LastKind {
  KindOther,
  KindRep,     /* a REP/REPNE-prefixed instruction */
  KindSyscall, /* syscall */
  KindCall,    /* a direct or indirect call */
};

static const char Prefix[] = "pathprof-branch-sampler: error: ";

/* What the translator learns once per TB and every execution reads. */
typedef struct {
  uint64_t Start;   /* address of the first instruction */
  uint64_t Last;    /* address of the last instruction */
  uint64_t End;     /* address after the last instruction */
  uint32_t NInsns;  /* instructions in the block */
  uint8_t LastKind; /* enum LastKind of the last instruction */
} TbInfo;

typedef struct {
  uint64_t From, To;
  uint32_t Cycles;
} BranchRecord;

/* Where a thread was when a signal was delivered: the last TB before the
   handler, whose final branch's outcome shows only when rt_sigreturn
   resumes the interrupted code. */
typedef struct {
  uint64_t PrevLast, PrevEnd;
  uint64_t InsnsSinceBranch;
  uint8_t PrevKind;
} Interrupted;

/* One per guest thread (a vCPU in QEMU's user mode). */
typedef struct {
  BranchRecord Ring[MaxDepth];
  unsigned Head;  /* where the next record goes */
  unsigned Count; /* valid records, at most Depth */
  uint64_t PrevLast, PrevEnd;
  uint8_t PrevKind;
  uint64_t InsnsSinceBranch;
  uint64_t Insns, Taken, Samples; /* totals for the summary line */
  uint64_t Countdown;             /* taken branches until the next sample */
  uint64_t Rng;
  int Tid;
  uint64_t MmapArgs[6]; /* the arguments of a pending mmap */
  /* Handlers entered and not yet returned from, innermost last; a handler
     left by longjmp leaves its entry until the stack overflows, when the
     oldest is dropped. */
  Interrupted Signals[MaxNestedSignals];
  unsigned NSignals;
  int InSigreturn; /* the last syscall was rt_sigreturn */
} VCpu;

static unsigned Depth = 32;
static uint64_t Period = 10000;
static uint64_t Seed = 1;
static int OutFd = -1;
/* Whether samples start with "PID/TID ", as -F pid,tid,ip,brstack prints. */
static int ShowPidTid;
/* This process's id, set at start and in a forked child. */
static int Pid;

static VCpu *VCpus[MaxVCpus];
/* Host address minus guest address; 0 on an x86-64 host, checked once. */
static uint64_t GuestBase;
static int GuestBaseKnown;
/* /proc/self/mem, to read the program's memory without faulting on a bad
   pointer it passes to a system call. */
static int MemFd = -1;
/* The entry of each signal's handler, from rt_sigaction. */
static uint64_t Handlers[MaxSignal + 1];
static int HandlersSet;
static pthread_mutex_t OutLock = PTHREAD_MUTEX_INITIALIZER;
static char OutBuf[BufferSize];
static size_t OutLen;
static int InitialMapsDone;
/* The totals of this process's threads that ended (under OutLock). */
static uint64_t EndedInsns, EndedTaken, EndedSamples;
static int WriteFailed;

static void flushLocked(void) {
  size_t Done = 0;
  while (Done < OutLen) {
    ssize_t N = write(OutFd, OutBuf + Done, OutLen - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      if (!WriteFailed)
        fprintf(stderr, "%scannot write the branch records: %s\n", Prefix,
                strerror(errno));
      WriteFailed = 1;
      break;
    }
    Done += (size_t)N;
  }
  OutLen = 0;
}

/* Appends one whole line; lines are flushed whole, so processes that share
   the file after a fork never split each other's lines. */
static void emitLocked(const char *Line, size_t Len) {
  if (OutLen + Len > BufferSize)
    flushLocked();
  memcpy(OutBuf + OutLen, Line, Len);
  OutLen += Len;
}

static char *putHex(char *P, uint64_t V) {
  char Tmp[16];
  int N = 0;
  do {
    Tmp[N++] = "0123456789abcdef"[V & 15];
    V >>= 4;
  } while (V);
  while (N)
    *P++ = Tmp[--N];
  return P;
}

static char *putDec(char *P, uint64_t V) {
  char Tmp[20];
  int N = 0;
  do {
    Tmp[N++] = (char)('0' + V % 10);
    V /= 10;
  } while (V);
  while (N)
    *P++ = Tmp[--N];
  return P;
}

static uint64_t nextRandom(VCpu *V) {
  /* xorshift64*: small, fast, and the same sequence for the same seed. */
  V->Rng ^= V->Rng >> 12;
  V->Rng ^= V->Rng << 25;
  V->Rng ^= V->Rng >> 27;
  return V->Rng * 0x2545F4914F6CDD1DULL;
}

/* Uniform in [Period - Period/4, Period + Period/4]: the mean is Period and a
   loop whose trip count divides Period is not sampled at one phase only. */
static uint64_t nextCountdown(VCpu *V) {
  uint64_t Quarter = Period / 4;
  if (Quarter == 0)
    return Period;
  return Period - Quarter + nextRandom(V) % (2 * Quarter + 1);
}

static int currentTid(void) { return (int)syscall(SYS_gettid); }

/* perf script's form of a PERF_RECORD_MMAP2 event (util/event.c). */
static void emitMmapLocked(int Tid, uint64_t Start, uint64_t Len,
                           uint64_t PgOff, unsigned Maj, unsigned Min,
                           uint64_t Ino, const char *Perms, const char *Path) {
  char Line[PATH_MAX + 256];
  int N =
      snprintf(Line, sizeof(Line),
               "PERF_RECORD_MMAP2 %d/%d: [%#lx(%#lx) @ %#lx %02x:%02x "
               "%lu 0]: %.4s %s\n",
               (int)getpid(), Tid, (unsigned long)Start, (unsigned long)Len,
               (unsigned long)PgOff, Maj, Min, (unsigned long)Ino, Perms, Path);
  if (N > 0 && (size_t)N < sizeof(Line))
    emitLocked(Line, (size_t)N);
}

/* Reports the executable PT_LOAD segments of the ELF file Path, given one of
   its mappings (Lo, file offset Off), as the kernel reports the mappings
   that the loader made of them. The host view of guest memory cannot be
   used directly: QEMU maps guest code without host execute permission. */
static void emitExecSegmentsLocked(const char *Path, uint64_t Lo, uint64_t Off,
                                   int Tid) {
  int Fd = open(Path, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return;
  Elf64_Ehdr Eh;
  Elf64_Phdr Ph[64];
  struct stat St;
  size_t PhSize = 0;
  if (pread(Fd, &Eh, sizeof(Eh), 0) == (ssize_t)sizeof(Eh) &&
      !memcmp(Eh.e_ident, ELFMAG, SELFMAG) &&
      Eh.e_ident[EI_CLASS] == ELFCLASS64 &&
      Eh.e_phentsize == sizeof(Elf64_Phdr) && Eh.e_phnum <= 64) {
    PhSize = (size_t)Eh.e_phnum * sizeof(Elf64_Phdr);
    if (pread(Fd, Ph, PhSize, (off_t)Eh.e_phoff) != (ssize_t)PhSize)
      PhSize = 0;
  }
  int HaveStat = fstat(Fd, &St) == 0;
  close(Fd);
  size_t NPh = PhSize / sizeof(Elf64_Phdr);
  uint64_t Page = (uint64_t)sysconf(_SC_PAGESIZE);
  /* The load bias, from the segment that the known mapping comes from. */
  int HaveBias = 0;
  uint64_t Bias = 0;
  for (size_t I = 0; I < NPh && !HaveBias; ++I) {
    const Elf64_Phdr *P = &Ph[I];
    uint64_t SegOff = P->p_offset & ~(Page - 1);
    if (P->p_type == PT_LOAD && SegOff == Off) {
      Bias = Lo - (P->p_vaddr & ~(Page - 1));
      HaveBias = 1;
    }
  }
  if (!HaveBias || !HaveStat)
    return;
  for (size_t I = 0; I < NPh; ++I) {
    const Elf64_Phdr *P = &Ph[I];
    if (P->p_type != PT_LOAD || !(P->p_flags & PF_X))
      continue;
    uint64_t Start = (Bias + P->p_vaddr) & ~(Page - 1);
    uint64_t End = (Bias + P->p_vaddr + P->p_memsz + Page - 1) & ~(Page - 1);
    char Perms[5] = {(P->p_flags & PF_R) ? 'r' : '-',
                     (P->p_flags & PF_W) ? 'w' : '-', 'x', 'p', 0};
    emitMmapLocked(Tid, Start, End - Start, P->p_offset & ~(Page - 1),
                   major(St.st_dev), minor(St.st_dev), St.st_ino, Perms, Path);
  }
}

/* The executable mappings that exist before the first guest instruction:
   the program's, and its interpreter's (the file mapped where the first
   instruction, FirstPc, is, when the program is dynamically linked). The
   host's own mappings (qemu-x86_64 and its libraries, possibly the same
   files) are neither. */
static void emitInitialMapsLocked(uint64_t FirstPc, int Tid) {
  char Program[PATH_MAX];
  const char *Binary = qemu_plugin_path_to_binary();
  if (!Binary || !realpath(Binary, Program))
    Program[0] = 0;
  FILE *Maps = fopen("/proc/self/maps", "r");
  if (!Maps) {
    fprintf(stderr, "%scannot read /proc/self/maps: %s\n", Prefix,
            strerror(errno));
    return;
  }
  char Line[PATH_MAX + 256];
  int ProgramDone = 0, InterpDone = 0;
  while (fgets(Line, sizeof(Line), Maps)) {
    unsigned long Lo, Hi, Off, Ino;
    unsigned Maj, Min;
    char Perms[5], Path[PATH_MAX];
    Path[0] = 0;
    if (sscanf(Line, "%lx-%lx %4s %lx %x:%x %lu %4095[^\n]", &Lo, &Hi, Perms,
               &Off, &Maj, &Min, &Ino, Path) < 8 ||
        Path[0] != '/')
      continue;
    /* In guest addresses from here. */
    Lo -= GuestBase;
    Hi -= GuestBase;
    int IsProgram = strcmp(Path, Program) == 0;
    if (IsProgram && !ProgramDone) {
      emitExecSegmentsLocked(Path, Lo, Off, Tid);
      ProgramDone = 1;
    } else if (!IsProgram && !InterpDone && FirstPc >= Lo && FirstPc < Hi) {
      emitExecSegmentsLocked(Path, Lo, Off, Tid);
      InterpDone = 1;
    }
  }
  fclose(Maps);
}

static VCpu *newVCpu(unsigned Index) {
  VCpu *V = calloc(1, sizeof(VCpu));
  if (!V)
    return NULL;
  V->Rng = (Seed ^ (0x9E3779B97F4A7C15ULL * (Index + 1))) | 1;
  V->Countdown = nextCountdown(V);
  return V;
}

static void onVCpuInit(qemu_plugin_id_t Id, unsigned Index) {
  (void)Id;
  if (Index >= MaxVCpus)
    return;
  /* A thread that ended leaves its index to the next one: start afresh. */
  VCpu *Old = VCpus[Index];
  if (Old) {
    pthread_mutex_lock(&OutLock);
    EndedInsns += Old->Insns;
    EndedTaken += Old->Taken;
    EndedSamples += Old->Samples;
    pthread_mutex_unlock(&OutLock);
    free(Old);
  }
  VCpus[Index] = newVCpu(Index);
}

static void emitSample(VCpu *V, uint64_t Ip) {
  /* " %16lx" then " 0xFROM/0xTO/M/X/A/CYCLES/TYPE " per record, as
     perf 6.1's builtin-script.c prints -F ip,brstack (print_bstack_flags). */
  char Line[64 + MaxDepth * 64];
  char *P = Line;
  if (ShowPidTid)
    P += snprintf(P, 32, "%5d/%-5d ", Pid, V->Tid);
  char Hex[16];
  int Digits = (int)(putHex(Hex, Ip) - Hex);
  *P++ = ' ';
  for (int I = Digits; I < 16; ++I)
    *P++ = ' ';
  memcpy(P, Hex, (size_t)Digits);
  P += Digits;
  for (unsigned I = 0; I < V->Count; ++I) {
    const BranchRecord *R = &V->Ring[(V->Head + MaxDepth - 1 - I) % MaxDepth];
    memcpy(P, " 0x", 3);
    P = putHex(P + 3, R->From);
    memcpy(P, "/0x", 3);
    P = putHex(P + 3, R->To);
    memcpy(P, "/-/-/-/", 7);
    P = putDec(P + 7, R->Cycles);
    /* An empty TYPE: perf 6.0 and newer print no name for a branch whose
       type was not saved. */
    memcpy(P, "/ ", 2);
    P += 2;
  }
  *P++ = '\n';
  pthread_mutex_lock(&OutLock);
  emitLocked(Line, (size_t)(P - Line));
  pthread_mutex_unlock(&OutLock);
}

/* Whether a flow into Target that no call made is the kernel entering a
   signal handler. Real branch records, filtered to user space, do not hold
   these entries either. */
static int isSignalDelivery(uint64_t Target) {
  if (!__atomic_load_n(&HandlersSet, __ATOMIC_RELAXED))
    return 0;
  for (int I = 1; I <= MaxSignal; ++I)
    if (__atomic_load_n(&Handlers[I], __ATOMIC_RELAXED) == Target)
      return 1;
  return 0;
}

/* Whether a block that ended at Last (Kind) and would fall through to End
   was left by a taken branch, given that the next block starts at Start. */
static int isTaken(uint8_t Kind, uint64_t Last, uint64_t End, uint64_t Start) {
  return End && Start != End && Kind != KindSyscall &&
         !(Kind == KindRep && Start == Last);
}

static void recordBranch(VCpu *V, uint64_t From, uint64_t To, uint64_t Insns) {
  BranchRecord *R = &V->Ring[V->Head];
  R->From = From;
  R->To = To;
  R->Cycles = Insns > MaxCycles ? MaxCycles : (uint32_t)Insns;
  V->Head = (V->Head + 1) % MaxDepth;
  if (V->Count < Depth)
    ++V->Count;
  V->InsnsSinceBranch = 0;
  ++V->Taken;
  if (--V->Countdown == 0) {
    ++V->Samples;
    emitSample(V, To);
    V->Countdown = nextCountdown(V);
  }
}

static void onTbExec(unsigned Index, void *Data) {
  const TbInfo *Tb = Data;
  if (Index >= MaxVCpus)
    return;
  VCpu *V = VCpus[Index];
  if (!V && !(V = VCpus[Index] = newVCpu(Index)))
    return;
  if (!V->Tid) {
    V->Tid = currentTid();
    if (!__atomic_load_n(&InitialMapsDone, __ATOMIC_ACQUIRE)) {
      pthread_mutex_lock(&OutLock);
      if (!InitialMapsDone) {
        emitInitialMapsLocked(Tb->Start, V->Tid);
        __atomic_store_n(&InitialMapsDone, 1, __ATOMIC_RELEASE);
      }
      pthread_mutex_unlock(&OutLock);
    }
  }
  if (V->InSigreturn) {
    /* The code a handler interrupted resumes here: the interrupted block's
       last instruction was taken if this is not where it falls through. */
    V->InSigreturn = 0;
    if (V->NSignals) {
      const Interrupted *I = &V->Signals[--V->NSignals];
      if (isTaken(I->PrevKind, I->PrevLast, I->PrevEnd, Tb->Start))
        recordBranch(V, I->PrevLast, Tb->Start, I->InsnsSinceBranch);
    }
  } else if (V->PrevKind != KindCall && V->PrevEnd && Tb->Start != V->PrevEnd &&
             isSignalDelivery(Tb->Start)) {
    /* The kernel's entry into a handler is no branch record, but the block
       it interrupted ended in a branch whose target is still unknown: keep
       it until rt_sigreturn says where the thread resumes. Real records hold
       that branch before the handler's; here it comes after them. */
    if (V->NSignals == MaxNestedSignals) {
      memmove(V->Signals, V->Signals + 1,
              sizeof(Interrupted) * (MaxNestedSignals - 1));
      --V->NSignals;
    }
    Interrupted *I = &V->Signals[V->NSignals++];
    I->PrevLast = V->PrevLast;
    I->PrevEnd = V->PrevEnd;
    I->PrevKind = V->PrevKind;
    I->InsnsSinceBranch = V->InsnsSinceBranch;
    V->InsnsSinceBranch = 0;
  } else if (isTaken(V->PrevKind, V->PrevLast, V->PrevEnd, Tb->Start)) {
    recordBranch(V, V->PrevLast, Tb->Start, V->InsnsSinceBranch);
  }
  V->InsnsSinceBranch += Tb->NInsns;
  V->Insns += Tb->NInsns;
  V->PrevLast = Tb->Last;
  V->PrevEnd = Tb->End;
  V->PrevKind = Tb->LastKind;
}

/* Classifies an x86-64 instruction by its bytes: legacy prefixes, REX, then
   the opcode (0F 05 syscall, E8 call, FF /2 indirect call). */
static enum LastKind classify(const uint8_t *Bytes, size_t Size) {
  int Rep = 0;
  size_t I = 0;
  for (; I < Size; ++I) {
    uint8_t B = Bytes[I];
    if (B == 0xF2 || B == 0xF3)
      Rep = 1;
    else if (!(B == 0x26 || B == 0x2E || B == 0x36 || B == 0x3E || B == 0x64 ||
               B == 0x65 || B == 0x66 || B == 0x67 || B == 0xF0))
      break;
  }
  if (I < Size && (Bytes[I] & 0xF0) == 0x40)
    ++I;
  if (I >= Size)
    return KindOther;
  if (Bytes[I] == 0x0F && I + 1 < Size && Bytes[I + 1] == 0x05)
    return KindSyscall;
  if (Bytes[I] == 0xE8 ||
      (Bytes[I] == 0xFF && I + 1 < Size && ((Bytes[I + 1] >> 3) & 7) == 2))
    return KindCall;
  return Rep ? KindRep : KindOther;
}

static void onTbTranslate(qemu_plugin_id_t Id, struct qemu_plugin_tb *Tb) {
  (void)Id;
  size_t N = qemu_plugin_tb_n_insns(Tb);
  if (N == 0)
    return;
  /* Lives as long as the translation may run; QEMU gives no hook for a
     TB's end, and the set of blocks a program runs is small. */
  TbInfo *Info = malloc(sizeof(TbInfo));
  if (!Info)
    return;
  struct qemu_plugin_insn *Last = qemu_plugin_tb_get_insn(Tb, N - 1);
  size_t Size = qemu_plugin_insn_size(Last);
  Info->Start = qemu_plugin_tb_vaddr(Tb);
  Info->Last = qemu_plugin_insn_vaddr(Last);
  Info->End = Info->Last + Size;
  Info->NInsns = (uint32_t)N;
  Info->LastKind = (uint8_t)classify(qemu_plugin_insn_data(Last), Size);
  if (!GuestBaseKnown) {
    GuestBase = (uint64_t)(uintptr_t)qemu_plugin_insn_haddr(Last) - Info->Last;
    GuestBaseKnown = 1;
  }
  qemu_plugin_register_vcpu_tb_exec_cb(Tb, onTbExec, QEMU_PLUGIN_CB_NO_REGS,
                                       Info);
}

static void onSyscall(qemu_plugin_id_t Id, unsigned Index, int64_t Num,
                      uint64_t A1, uint64_t A2, uint64_t A3, uint64_t A4,
                      uint64_t A5, uint64_t A6, uint64_t A7, uint64_t A8) {
  (void)Id, (void)A7, (void)A8;
  if (Index >= MaxVCpus || !VCpus[Index])
    return;
  VCpu *V = VCpus[Index];
  V->InSigreturn = Num == SysRtSigreturn;
  switch (Num) {
  case SysExecve:
  case SysExecveat:
  case SysExit:
  case SysExitGroup:
  case SysKill:
  case SysTkill:
  case SysTgkill:
  case SysRtSigqueueinfo:
  case SysRtTgsigqueueinfo:
    /* The process may end here without QEMU's exit callback (a new image,
       a signal it sends itself, as abort does): nothing may stay in the
       buffer. */
    pthread_mutex_lock(&OutLock);
    flushLocked();
    pthread_mutex_unlock(&OutLock);
    break;
  default:
    break;
  }
  if (Num == SysRtSigaction && A1 >= 1 && A1 <= MaxSignal && A2) {
    /* The new action's first member is the handler. */
    uint64_t Handler = 0;
    if (pread(MemFd, &Handler, sizeof(Handler), (off_t)(A2 + GuestBase)) !=
        (ssize_t)sizeof(Handler))
      return;
    /* SIG_DFL and SIG_IGN are 0 and 1. */
    __atomic_store_n(&Handlers[A1], Handler > 1 ? Handler : 0,
                     __ATOMIC_RELAXED);
    if (Handler > 1)
      __atomic_store_n(&HandlersSet, 1, __ATOMIC_RELAXED);
  } else if (Num == SysMmap) {
    uint64_t Args[6] = {A1, A2, A3, A4, A5, A6};
    memcpy(V->MmapArgs, Args, sizeof(Args));
  }
}

static void onSyscallReturn(qemu_plugin_id_t Id, unsigned Index, int64_t Num,
                            int64_t Ret) {
  (void)Id;
  if (Num != SysMmap || Index >= MaxVCpus || !VCpus[Index])
    return;
  if (Ret < 0 && Ret > -4096)
    return;
  const uint64_t *A = VCpus[Index]->MmapArgs;
  int Prot = (int)A[2], Flags = (int)A[3], Fd = (int)A[4];
  if (!(Prot & PROT_EXEC) || (Flags & MAP_ANONYMOUS) || Fd < 0)
    return;
  char FdPath[64], Path[PATH_MAX];
  snprintf(FdPath, sizeof(FdPath), "/proc/self/fd/%d", Fd);
  ssize_t Len = readlink(FdPath, Path, sizeof(Path) - 1);
  struct stat St;
  if (Len <= 0 || fstat(Fd, &St) != 0)
    return;
  Path[Len] = 0;
  char Perms[5] = {(Prot & PROT_READ) ? 'r' : '-',
                   (Prot & PROT_WRITE) ? 'w' : '-', 'x',
                   (Flags & MAP_SHARED) ? 's' : 'p', 0};
  pthread_mutex_lock(&OutLock);
  emitMmapLocked(currentTid(), (uint64_t)Ret, A[1], A[5], major(St.st_dev),
                 minor(St.st_dev), St.st_ino, Perms, Path);
  pthread_mutex_unlock(&OutLock);
}

/* One comment line per process at its exit, which parsers skip as they skip
   perf script --header's: what was traced, for the cost measurements
   (utils/branch-sampler-cost.py). */
static void onExit(qemu_plugin_id_t Id, void *Data) {
  (void)Id, (void)Data;
  pthread_mutex_lock(&OutLock);
  uint64_t Insns = EndedInsns, Taken = EndedTaken, Samples = EndedSamples;
  for (unsigned I = 0; I < MaxVCpus; ++I) {
    if (VCpus[I]) {
      Insns += VCpus[I]->Insns;
      Taken += VCpus[I]->Taken;
      Samples += VCpus[I]->Samples;
    }
  }
  char Line[160];
  int N = snprintf(Line, sizeof(Line),
                   "# pathprof-branch-sampler: process %d: %llu instructions, "
                   "%llu taken branches, %llu samples\n",
                   (int)getpid(), (unsigned long long)Insns,
                   (unsigned long long)Taken, (unsigned long long)Samples);
  emitLocked(Line, (size_t)N);
  flushLocked();
  pthread_mutex_unlock(&OutLock);
}

/* A forked child shares the file (opened O_APPEND) and must not inherit
   lines the parent has yet to write. */
static void beforeFork(void) {
  pthread_mutex_lock(&OutLock);
  flushLocked();
}

static void afterForkInParent(void) { pthread_mutex_unlock(&OutLock); }

/* The child's totals start at the fork; the threads other than the one that
   forked do not exist in it. */
static void afterForkInChild(void) {
  EndedInsns = EndedTaken = EndedSamples = 0;
  Pid = (int)getpid();
  for (unsigned I = 0; I < MaxVCpus; ++I) {
    if (VCpus[I]) {
      VCpus[I]->Insns = VCpus[I]->Taken = VCpus[I]->Samples = 0;
      /* The thread that forked has a new id; its next block asks again. */
      VCpus[I]->Tid = 0;
    }
  }
  pthread_mutex_unlock(&OutLock);
}

/* Moves a descriptor of the plugin out of the way of the program, whose
   opens expect the lowest free descriptors. */
static int moveHigh(int Fd) {
  if (Fd < 0)
    return Fd;
  int High = fcntl(Fd, F_DUPFD_CLOEXEC, 512);
  if (High < 0)
    return Fd;
  close(Fd);
  return High;
}

static int parseUnsigned(const char *Text, uint64_t Min, uint64_t Max,
                         uint64_t *Out) {
  char *End;
  errno = 0;
  unsigned long long V = strtoull(Text, &End, 10);
  if (errno || End == Text || *End || *Text == '-' || V < Min || V > Max)
    return 0;
  *Out = V;
  return 1;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t Id,
                                           const qemu_info_t *Info, int Argc,
                                           char **Argv) {
  if (Info->system_emulation || strcmp(Info->target_name, "x86_64") != 0) {
    fprintf(stderr, "%sthe plugin runs under qemu-x86_64 only\n", Prefix);
    return -1;
  }
  const char *Out = NULL;
  for (int I = 0; I < Argc; ++I) {
    const char *Arg = Argv[I];
    uint64_t V;
    if (!strncmp(Arg, "out=", 4)) {
      Out = Arg + 4;
    } else if (!strncmp(Arg, "depth=", 6) &&
               parseUnsigned(Arg + 6, 1, MaxDepth, &V)) {
      Depth = (unsigned)V;
    } else if (!strncmp(Arg, "period=", 7) &&
               parseUnsigned(Arg + 7, 1, UINT64_MAX / 2, &V)) {
      Period = V;
    } else if (!strncmp(Arg, "seed=", 5) &&
               parseUnsigned(Arg + 5, 0, UINT64_MAX, &V)) {
      Seed = V;
    } else if (!strcmp(Arg, "pidtid=1")) {
      ShowPidTid = 1;
    } else {
      fprintf(stderr, "%sbad plugin argument '%s'\n", Prefix, Arg);
      return -1;
    }
  }
  if (!Out) {
    fprintf(stderr, "%sno output file (out=FILE)\n", Prefix);
    return -1;
  }
  MemFd = open("/proc/self/mem", O_RDONLY | O_CLOEXEC);
  OutFd = open(Out, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (OutFd < 0) {
    fprintf(stderr, "%scannot open '%s': %s\n", Prefix, Out, strerror(errno));
    return -1;
  }
  OutFd = moveHigh(OutFd);
  MemFd = moveHigh(MemFd);
  Pid = (int)getpid();
  char Header[160];
  int N = snprintf(Header, sizeof(Header),
                   "# pathprof-branch-sampler: depth=%u period=%llu seed=%llu "
                   "cycles=instructions%s\n",
                   Depth, (unsigned long long)Period, (unsigned long long)Seed,
                   ShowPidTid ? " fields=pid,tid,ip,brstack" : "");
  emitLocked(Header, (size_t)N);
  pthread_atfork(beforeFork, afterForkInParent, afterForkInChild);
  qemu_plugin_register_vcpu_init_cb(Id, onVCpuInit);
  qemu_plugin_register_vcpu_tb_trans_cb(Id, onTbTranslate);
  qemu_plugin_register_vcpu_syscall_cb(Id, onSyscall);
  qemu_plugin_register_vcpu_syscall_ret_cb(Id, onSyscallReturn);
  qemu_plugin_register_atexit_cb(Id, onExit, NULL);
  return 0;
}
