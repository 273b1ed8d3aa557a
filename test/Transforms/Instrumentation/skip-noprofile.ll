; Functions the user excluded from profiling (clang's
; no_profile_instrument_function gives noprofile; skipprofile) and naked
; functions (a body of inline assembly, which no counter update may enter)
; are not instrumented, as IR PGO leaves them; the rest of the module is.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s > %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=DATA < %t.ll

; Only @counted has a data record.
; DATA-NOT: @__pathprof_data_{{excluded|skipped|bare}}
; DATA:     @__pathprof_data_counted = private global
; DATA-NOT: @__pathprof_data_{{excluded|skipped|bare}}

; CHECK-LABEL: define i32 @excluded(i32 %x) #{{[0-9]+}}
; CHECK-NOT:   pathprof
; CHECK:       ret i32
define i32 @excluded(i32 %x) noprofile {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %done
pos:
  br label %done
done:
  %r = phi i32 [ 1, %pos ], [ 0, %entry ]
  ret i32 %r
}

; CHECK-LABEL: define i32 @skipped(i32 %x) #{{[0-9]+}}
; CHECK-NOT:   pathprof
; CHECK:       ret i32
define i32 @skipped(i32 %x) skipprofile {
entry:
  %c = icmp sgt i32 %x, 0
  %r = select i1 %c, i32 1, i32 0
  ret i32 %r
}

; CHECK-LABEL: define void @bare() #{{[0-9]+}}
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void asm sideeffect "ret", ""()
; CHECK-NEXT:    unreachable
define void @bare() naked noinline {
entry:
  call void asm sideeffect "ret", ""()
  unreachable
}

; The module's other function is counted.
; CHECK-LABEL: define i32 @counted(i32 %x)
; CHECK:       __pathprof
; CHECK:       ret i32
define i32 @counted(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %done
pos:
  br label %done
done:
  %r = phi i32 [ 1, %pos ], [ 0, %entry ]
  ret i32 %r
}

