/*===- PathProfControl.c - Process-wide control API ---------------*- C -*-===*\
|*
|* __pathprof_reset, __pathprof_dump and __pathprof_set_filename
|* (include/pathprof/pathprof.h) act on every instrumented module of the
|* process, although each executable and shared library links its own hidden
|* copy of the runtime and knows only its own counters. To find the others,
|* every copy emits an ELF note (.note.pathprof, allocated and retained)
|* whose descriptor is the link-time constant distance from the note to the
|* copy's control block, a table of its module-local functions; so the note
|* needs no dynamic relocation. The API walks the PT_NOTE segments of every
|* loaded object with dl_iterate_phdr and calls each control block it finds.
|* A module unloaded with dlclose drops out of the walk by itself.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <elf.h>
#include <link.h>
#include <string.h>

#define NOTE_NAME "PathProf"
#define NOTE_TYPE 0x50505243 /* "CRPP" */

__attribute__((used, visibility("hidden")))
const PathProfControlBlock __pathprof_control_block = {
    PATHPROF_CONTROL_MAGIC,         PATHPROF_CONTROL_VERSION,
    __pathprof_module_reset,        __pathprof_module_dump,
    __pathprof_module_set_filename, __pathprof_module_override};

/* namesz 9 ("PathProf" and its NUL, padded to 12), descsz 4, the type, the
   name, then the 32-bit distance from the descriptor to the control block. */
__asm__(".pushsection .note.pathprof,\"aR\",@note\n"
        ".balign 4\n"
        ".long 9\n"
        ".long 4\n"
        ".long 0x50505243\n"
        ".asciz \"PathProf\"\n"
        ".balign 4\n"
        ".long __pathprof_control_block - .\n"
        ".popsection\n");

typedef struct {
  int (*Fn)(const PathProfControlBlock *C, int IsSelf, void *Ctx);
  void *Ctx;
  int SawSelf;
  int Stop;
} Walk;

static uint64_t alignTo(uint64_t V, uint64_t A) {
  return (V + A - 1) & ~(A - 1);
}

/* Calls \p Fn on each note of the PT_NOTE segments of \p Info until it
   returns non-zero; returns that, or 0. */
static int walkNotes(struct dl_phdr_info *Info,
                     int (*Fn)(uint32_t Type, const char *Name,
                               uint32_t NameSize, const char *Desc,
                               uint32_t DescSize, void *Ctx),
                     void *Ctx) {
  for (int I = 0; I != Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) *Ph = &Info->dlpi_phdr[I];
    if (Ph->p_type != PT_NOTE)
      continue;
    const char *P = (const char *)(Info->dlpi_addr + Ph->p_vaddr);
    const char *End = P + Ph->p_memsz;
    uint64_t Align = Ph->p_align == 8 ? 8 : 4;
    while ((uint64_t)(End - P) >= 12) {
      uint32_t NameSize, DescSize, Type;
      memcpy(&NameSize, P, 4);
      memcpy(&DescSize, P + 4, 4);
      memcpy(&Type, P + 8, 4);
      const char *Name = P + 12;
      uint64_t NameSpan = alignTo(NameSize, Align);
      uint64_t DescSpan = alignTo(DescSize, Align);
      if (NameSpan > (uint64_t)(End - Name) ||
          DescSpan > (uint64_t)(End - Name) - NameSpan)
        break;
      const char *Desc = Name + NameSpan;
      int R = Fn(Type, Name, NameSize, Desc, DescSize, Ctx);
      if (R)
        return R;
      P = Desc + DescSpan;
    }
  }
  return 0;
}

static int visitNote(uint32_t Type, const char *Name, uint32_t NameSize,
                     const char *Desc, uint32_t DescSize, void *Arg) {
  Walk *W = (Walk *)Arg;
  if (Type != NOTE_TYPE || NameSize != sizeof(NOTE_NAME) ||
      memcmp(Name, NOTE_NAME, sizeof(NOTE_NAME)) != 0 || DescSize != 4)
    return 0;
  int32_t Distance;
  memcpy(&Distance, Desc, 4);
  const PathProfControlBlock *C =
      (const PathProfControlBlock *)(Desc + Distance);
  if (C->Magic == PATHPROF_CONTROL_MAGIC &&
      C->Version == PATHPROF_CONTROL_VERSION) {
    int IsSelf = C == &__pathprof_control_block;
    W->SawSelf |= IsSelf;
    W->Stop = W->Fn(C, IsSelf, W->Ctx);
  }
  return W->Stop;
}

static int visitObject(struct dl_phdr_info *Info, size_t Size, void *Arg) {
  (void)Size;
  return walkNotes(Info, visitNote, Arg);
}

void __pathprof_for_each_module(int (*Fn)(const PathProfControlBlock *C,
                                          int IsSelf, void *Ctx),
                                void *Ctx) {
  Walk W = {Fn, Ctx, 0, 0};
  dl_iterate_phdr(visitObject, &W);
  /* Should a linker have dropped the note, still act on this module. */
  if (!W.SawSelf && !W.Stop)
    Fn(&__pathprof_control_block, 1, Ctx);
}

/* Whether \p Info is the object this copy of the runtime is linked into. */
static int isSelf(struct dl_phdr_info *Info) {
  uintptr_t Self = (uintptr_t)&__pathprof_control_block;
  for (int I = 0; I != Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) *Ph = &Info->dlpi_phdr[I];
    uintptr_t Begin = (uintptr_t)(Info->dlpi_addr + Ph->p_vaddr);
    if (Ph->p_type == PT_LOAD && Self >= Begin && Self - Begin < Ph->p_memsz)
      return 1;
  }
  return 0;
}

static int containsSelf(struct dl_phdr_info *Info, size_t Size, void *Arg) {
  (void)Size;
  *(int *)Arg = isSelf(Info);
  return 1; /* the first object is the main executable: stop after it */
}

int __pathprof_is_main_executable(void) {
  int InMain = 0;
  dl_iterate_phdr(containsSelf, &InMain);
  return InMain;
}

typedef struct {
  uint8_t *Out;
  size_t Max, Size;
} BuildId;

static int copyBuildId(uint32_t Type, const char *Name, uint32_t NameSize,
                       const char *Desc, uint32_t DescSize, void *Arg) {
  BuildId *B = (BuildId *)Arg;
  if (Type != NT_GNU_BUILD_ID || NameSize != 4 || memcmp(Name, "GNU", 4) != 0)
    return 0;
  B->Size = DescSize < B->Max ? DescSize : B->Max;
  memcpy(B->Out, Desc, B->Size);
  return 1;
}

static int findBuildId(struct dl_phdr_info *Info, size_t Size, void *Arg) {
  (void)Size;
  if (!isSelf(Info))
    return 0;
  walkNotes(Info, copyBuildId, Arg);
  return 1;
}

size_t __pathprof_module_build_id(uint8_t *Out, size_t Max) {
  BuildId B = {Out, Max, 0};
  dl_iterate_phdr(findBuildId, &B);
  return B.Size;
}

static int resetOne(const PathProfControlBlock *C, int IsSelf, void *Ctx) {
  (void)IsSelf;
  (void)Ctx;
  C->Reset();
  return 0;
}

static int dumpOne(const PathProfControlBlock *C, int IsSelf, void *Ctx) {
  (void)IsSelf;
  if (C->Dump() != 0)
    *(int *)Ctx = -1;
  return 0;
}

typedef struct {
  const char *Pattern;
  int Result;
} SetFilename;

static int setFilenameOne(const PathProfControlBlock *C, int IsSelf,
                          void *Ctx) {
  (void)IsSelf;
  SetFilename *S = (SetFilename *)Ctx;
  if (C->SetFilename(S->Pattern) != 0)
    S->Result = -1;
  return 0;
}

PATHPROF_API void __pathprof_reset(void) {
  __pathprof_for_each_module(resetOne, 0);
}

PATHPROF_API int __pathprof_dump(void) {
  int Result = 0;
  __pathprof_for_each_module(dumpOne, &Result);
  return Result;
}

PATHPROF_API int __pathprof_set_filename(const char *Pattern) {
  SetFilename S = {Pattern, 0};
  __pathprof_for_each_module(setFilenameOne, &S);
  return S.Result;
}
