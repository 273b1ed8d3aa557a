/*===- pathprof/pathprof.h - PathProf runtime control API ---------*- C -*-===*\
|*
|* The functions a program may call to control path profiling at run time,
|* for example to profile one phase of a run. They are provided by the
|* PathProf runtime (libpathprof_rt.a), which every instrumented executable
|* and shared library links, and they act on the whole process: every
|* instrumented module, whether linked or loaded with dlopen. See
|* docs/Runtime.md ("Controlling the profile from the program").
|*
|* The declarations are weak, so a program that includes this header also
|* builds and links without PathProf; the functions are then null and must
|* not be called:
|*
|*   #include <pathprof/pathprof.h>
|*   ...
|*   if (__pathprof_set_filename)
|*     __pathprof_set_filename("phase2.pathraw");
|*
|* Plain C; usable from C++.
|*
\*===----------------------------------------------------------------------===*/

#ifndef PATHPROF_PATHPROF_H
#define PATHPROF_PATHPROF_H

#ifdef __cplusplus
extern "C" {
#endif

/* Sets every path count of the current profile to zero, in every module. */
void __pathprof_reset(void) __attribute__((weak));

/* The counts are always in the file (it is mapped); this writes them to
   disk now (msync). Returns 0, or -1 after printing a "PathProf error:"
   line. */
int __pathprof_dump(void) __attribute__((weak));

/* Leaves the counts made so far in the current file and counts from zero in
   a fresh segment of the file \p Pattern names: the same patterns (%p %h %m
   %Nm %%) and modes as PATHPROF_FILE. Null returns to the default name
   (PATHPROF_FILE, then the -fprofile-path-generate=DIR default, then
   default.pathraw). Modules loaded later with dlopen follow the last
   pattern set. Returns 0, or -1 after printing a "PathProf error:" line for
   each module that keeps counting into its current file. */
int __pathprof_set_filename(const char *Pattern) __attribute__((weak));

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_PATHPROF_H */
