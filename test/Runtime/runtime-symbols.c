// The runtime archive exports only the __pathprof_* ABI with default
// visibility (the entry points instrumented code calls and the control API of
// pathprof/pathprof.h), keeps everything else hidden (and still
// __pathprof_-prefixed, since hidden symbols can clash in a static link), and
// needs no C++ runtime.
//
// A sanitized runtime (PATHPROF_SANITIZE) also defines the sanitizers' symbols.
// UNSUPPORTED: sanitized
//
// RUN: llvm-readelf -s --wide %pathprof_rt | %python %S/Inputs/check_symbols.py \
// RUN:   | FileCheck --implicit-check-not=BAD --implicit-check-not=exported %s
// CHECK: exported: __pathprof_dump
// CHECK-NEXT: exported: __pathprof_hash_inc
// CHECK-NEXT: exported: __pathprof_init
// CHECK-NEXT: exported: __pathprof_reset
// CHECK-NEXT: exported: __pathprof_set_filename
// CHECK-NEXT: exported: __pathprof_verify_block
// CHECK-NEXT: exported: __pathprof_verify_enter
// CHECK-NEXT: exported: __pathprof_verify_leave
// CHECK-NEXT: exported: __pathprof_verify_path
// CHECK-NEXT: exported: __pathprof_verify_resume
//
// A shared library built from it exports the same and keeps the bias hidden.
// RUN: %clang -shared -o %t.so -Wl,--whole-archive %pathprof_rt -Wl,--no-whole-archive
// RUN: llvm-nm -D --defined-only %t.so | FileCheck --check-prefix=DSO \
// RUN:   --implicit-check-not=' T ' --implicit-check-not=' D ' \
// RUN:   --implicit-check-not=' B ' --implicit-check-not=counter_bias %s
// DSO: T __pathprof_dump
// DSO-NEXT: T __pathprof_hash_inc
// DSO-NEXT: T __pathprof_init
// DSO-NEXT: T __pathprof_reset
// DSO-NEXT: T __pathprof_set_filename
// DSO-NEXT: T __pathprof_verify_block
// DSO-NEXT: T __pathprof_verify_enter
// DSO-NEXT: T __pathprof_verify_leave
// DSO-NEXT: T __pathprof_verify_path
// DSO-NEXT: T __pathprof_verify_resume
