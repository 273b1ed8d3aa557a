/*===- PathProfInternal.h - libpathprof_rt internals --------------*- C -*-===*\
|*
|* Declarations shared by the runtime's source files. Everything here has
|* hidden visibility (the library is built with -fvisibility=hidden), and
|* every name still starts with __pathprof_ because hidden symbols can clash
|* with the program's own in a static link.
|*
\*===----------------------------------------------------------------------===*/

#ifndef PATHPROF_RUNTIME_INTERNAL_H
#define PATHPROF_RUNTIME_INTERNAL_H

#include "PathProf/ProfileFormat.h"

#include <stddef.h>
#include <stdint.h>

#define PATHPROF_API __attribute__((visibility("default")))
#define PATHPROF_HIDDEN __attribute__((visibility("hidden")))

/* Section bounds, provided by the linker when the sections exist. */
extern PathProfFunctionData __start___pathprof_data[]
    __attribute__((weak, visibility("hidden")));
extern PathProfFunctionData __stop___pathprof_data[]
    __attribute__((weak, visibility("hidden")));
extern uint64_t __start___pathprof_cnts[]
    __attribute__((weak, visibility("hidden")));
extern uint64_t __stop___pathprof_cnts[]
    __attribute__((weak, visibility("hidden")));

/* Optional default file name pattern, defined by instrumented modules. */
extern const char __pathprof_profile_filename[]
    __attribute__((weak, visibility("hidden")));

/* Error reporting: one line, "PathProf error: " + message, on stderr. */
void __pathprof_report_error(const char *Fmt, ...)
    __attribute__((format(printf, 1, 2)));
/* One line on stderr, exactly as given (no prefix). */
void __pathprof_report_line(const char *Fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* Runs __pathprof_init unless it has already started (possibly on this very
   thread, from a signal handler): never waits. */
void __pathprof_init_if_idle(void);

/* Number of function records in this module's data section. */
uint64_t __pathprof_num_functions(void);

/* 64-bit FNV-1a, seeded with \p Hash. */
uint64_t __pathprof_fnv1a(uint64_t Hash, const void *Data, size_t Size);

/* Expands the %p %h %m %% patterns of \p Pattern into \p Out (\p OutSize
   bytes). Returns 0 on success, -1 if the result does not fit. */
int __pathprof_expand_name(const char *Pattern, uint64_t Signature, char *Out,
                           size_t OutSize);

/* Creates the missing parent directories of \p Path (mkdir -p of its
   dirname). Failures are left for the following open() to report. */
void __pathprof_create_parent_dirs(char *Path);

/* The hash table of this module, or null before __pathprof_init (or when no
   function is hashed). */
extern PathProfHashHeader *__pathprof_hash_table;

/* Table capacity requested through PATHPROF_HASH_SIZE, rounded up to a power
   of two. */
uint64_t __pathprof_hash_capacity(void);

#endif /* PATHPROF_RUNTIME_INTERNAL_H */
