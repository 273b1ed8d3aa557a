/*===- PathProfLoader.c - What the loader knows of modules -------*- C -*-===*\
|*
|* Each executable and shared library links its own hidden copy of the
|* runtime and knows only its own counters. What the copies learn of each
|* other, and of themselves, they learn from the loader: dl_iterate_phdr
|* lists the loaded objects, and their PT_NOTE segments hold each copy's
|* .note.pathprof (PathProfRuntime.c emits it: the distance from the note to
|* the module's control block), and the build id of each object. Nothing
|* here knows what a module does with its control block; the control API
|* (PathProfControl.c) and the module's life cycle (PathProfRuntime.c) ask.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

#include <elf.h>
#include <link.h>
#include <string.h>

typedef struct {
  const PathProfControlBlock *Self;
  int (*Fn)(const PathProfControlBlock *C, int IsSelf, void *Ctx);
  void *Ctx;
  int SawSelf;
  int Stop;
} Walk;

/* Any object of this copy of the runtime: the loaded object that holds it
   is this module. */
static const char Anchor;

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
  if (Type != PATHPROF_NOTE_TYPE || NameSize != sizeof(PATHPROF_NOTE_NAME) ||
      memcmp(Name, PATHPROF_NOTE_NAME, sizeof(PATHPROF_NOTE_NAME)) != 0 ||
      DescSize != 4)
    return 0;
  int32_t Distance;
  memcpy(&Distance, Desc, 4);
  const PathProfControlBlock *C =
      (const PathProfControlBlock *)(Desc + Distance);
  if (C->Magic == PATHPROF_CONTROL_MAGIC &&
      C->Version == PATHPROF_CONTROL_VERSION) {
    int IsSelf = C == W->Self;
    W->SawSelf |= IsSelf;
    W->Stop = W->Fn(C, IsSelf, W->Ctx);
  }
  return W->Stop;
}

static int visitObject(struct dl_phdr_info *Info, size_t Size, void *Arg) {
  (void)Size;
  return walkNotes(Info, visitNote, Arg);
}

void __pathprof_for_each_module(const PathProfControlBlock *Self,
                                int (*Fn)(const PathProfControlBlock *C,
                                          int IsSelf, void *Ctx),
                                void *Ctx) {
  Walk W = {Self, Fn, Ctx, 0, 0};
  dl_iterate_phdr(visitObject, &W);
  /* Should a linker have dropped the note, still act on this module. */
  if (!W.SawSelf && !W.Stop)
    Fn(Self, 1, Ctx);
}

/* Whether \p Info is the object this copy of the runtime is linked into. */
static int isSelf(struct dl_phdr_info *Info) {
  uintptr_t Self = (uintptr_t)&Anchor;
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
