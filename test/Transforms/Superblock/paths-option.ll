; The testing option -pathprof-superblock-paths names paths by blocks; what
; does not describe a Ball-Larus path of the function is an error.
; RUN: not %opt_pathprof -passes=pathprof-superblock -pathprof-superblock-paths='f:entry,b1' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=SYNTAX
; SYNTAX: error: -pathprof-superblock-paths: 'f:entry,b1' is not 'function:block,block,...:count'
; RUN: not %opt_pathprof -passes=pathprof-superblock -pathprof-superblock-paths='nope:entry:1' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=FUNC
; FUNC: error: -pathprof-superblock-paths: no function 'nope' defined in the module
; RUN: not %opt_pathprof -passes=pathprof-superblock -pathprof-superblock-paths='f:entry,b3,join:1' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=BLOCK
; BLOCK: error: -pathprof-superblock-paths: f: no reachable block 'b3'
; RUN: not %opt_pathprof -passes=pathprof-superblock -pathprof-superblock-paths='f:entry,join:1' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=EDGE
; EDGE: error: -pathprof-superblock-paths: f: 'entry,join' is not a path: no DAG edge from 'entry' to 'join'
; RUN: not %opt_pathprof -passes=pathprof-superblock -pathprof-superblock-paths='f:b1,join:1' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=BEGIN
; BEGIN: error: -pathprof-superblock-paths: f: 'b1,join' is not a path: no path begins after a path break into 'b1'
; RUN: not %opt_pathprof -passes=pathprof-superblock -pathprof-superblock-paths='f:entry,b1:1' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=END
; END: error: -pathprof-superblock-paths: f: 'entry,b1' is not a path: no path ends with a path break at 'b1'

define void @f(i1 %a) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  br label %join
b2:
  br label %join
join:
  ret void
}
