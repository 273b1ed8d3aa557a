/*===- PathProfControl.c - Process-wide control API ---------------*- C -*-===*\
|*
|* __pathprof_reset, __pathprof_dump and __pathprof_set_filename
|* (include/pathprof/pathprof.h) act on every instrumented module of the
|* process, although each executable and shared library links its own hidden
|* copy of the runtime and knows only its own counters. Each copy's control
|* block (a table of its module-local functions, PathProfRuntime.c) is found
|* through the loader (PathProfLoader.c), and the API calls every one: the
|* top of the runtime's layers, above each module's life cycle.
|*
\*===----------------------------------------------------------------------===*/

#include "PathProfInternal.h"

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
  __pathprof_for_each_module(&__pathprof_control_block, resetOne, 0);
}

PATHPROF_API int __pathprof_dump(void) {
  int Result = 0;
  __pathprof_for_each_module(&__pathprof_control_block, dumpOne, &Result);
  return Result;
}

PATHPROF_API int __pathprof_set_filename(const char *Pattern) {
  SetFilename S = {Pattern, 0};
  __pathprof_for_each_module(&__pathprof_control_block, setFilenameOne, &S);
  return S.Result;
}
