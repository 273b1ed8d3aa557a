; A return block has no branch left, so its path is counted on entry to it,
; before its calls; where the function makes calls, the path end there reads
; the counters' bias again instead of keeping the entry's value alive across
; them. Path ends at backedges keep the entry's bias (counter promotion needs
; it loop-invariant).
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s | FileCheck %s
; RUN: %opt_pathprof -passes=pathprof-instrument -S %s | FileCheck %s --check-prefix=EVENTS
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-counters=shared -S %s \
; RUN:   | FileCheck %s --check-prefix=SHARED
;
; Through the whole -O2 pipeline, the call before the return stays a tail
; call and the function saves no register for the bias or the path id.
; RUN: %opt_pathprof -passes='pathprof-instrument,pathprof-lower,default<O2>' %s -o %t.bc
; RUN: %clang -O2 -S -Wno-override-module %t.bc -o - | FileCheck %s --check-prefix=ASM

target triple = "x86_64-pc-linux-gnu"

declare void @release(ptr)
declare void @visit(ptr)

%node = type { ptr, ptr }

; CHECK-LABEL: define internal void @walk(
; CHECK-NEXT:  entry:
; CHECK-NOT:     pathprof
; CHECK:       done:
; CHECK-NEXT:    %pathprof.r1 = phi i64 [ 0, %inner ], [ -1, %entry ]
; CHECK-NEXT:    %pathprof.id = add i64 %pathprof.r1, 1
; CHECK-NEXT:    [[TLS:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_thread_bias)
; CHECK-NEXT:    %pathprof.bias.ret = load i64, ptr [[TLS]], align 8
; CHECK-NEXT:    %pathprof.slot = getelementptr inbounds i64, ptr @__pathprof_cnts_walk, i64 %pathprof.id
; CHECK-NEXT:    %pathprof.counter = getelementptr i8, ptr %pathprof.slot, i64 %pathprof.bias.ret
; CHECK-NEXT:    %pathprof.count = load i64, ptr %pathprof.counter
; CHECK-NEXT:    add i64 %pathprof.count, 1
; CHECK-NEXT:    store i64
; CHECK-NEXT:    call void @release(ptr %n)
; CHECK-NEXT:    ret void
;
; SHARED-LABEL: define internal void @walk(
; SHARED:         %pathprof.bias.ret = load i64, ptr @__pathprof_counter_bias, align 8
; SHARED-NEXT:    %pathprof.slot = getelementptr inbounds i64, ptr @__pathprof_cnts_walk
; SHARED:         call void @release(ptr %n)
; SHARED-NEXT:    ret void
;
; ASM-LABEL: walk:
; ASM:         pushq %rbx
; ASM-NOT:     pushq
; ASM:         callq walk
; ASM:         callq walk
; ASM:         __pathprof_thread_bias@GOTTPOFF(%rip)
; ASM:         incq (
; ASM:         popq %rbx
; ASM:         jmp release@PLT # TAILCALL
; ASM-NEXT:  .Lfunc_end0:
define internal void @walk(ptr %n) {
entry:
  %l = load ptr, ptr %n
  %leaf = icmp eq ptr %l, null
  br i1 %leaf, label %done, label %inner
inner:
  call void @walk(ptr %l)
  %rp = getelementptr %node, ptr %n, i32 0, i32 1
  %r = load ptr, ptr %rp
  call void @walk(ptr %r)
  br label %done
done:
  call void @release(ptr %n)
  ret void
}

; No calls: the entry's bias serves the return too.
; CHECK-LABEL: define i32 @leaf(
; CHECK:         %pathprof.bias = phi i64
; CHECK-NOT:     pathprof.bias.ret
; CHECK:       {{^}}}
define i32 @leaf(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %out
pos:
  br label %out
out:
  %r = phi i32 [ 1, %pos ], [ 0, %entry ]
  ret i32 %r
}

; A loop with a call: its backedge path end uses the entry's bias, the
; return's path end reads it again.
; CHECK-LABEL: define void @loop(
; CHECK:       body:
; CHECK:         getelementptr i8, ptr %{{.*}}, i64 %pathprof.bias{{$}}
; CHECK:       exit:
; CHECK:         %pathprof.bias.ret = load i64
; CHECK:       {{^}}}
define void @loop(ptr %p, i32 %n) {
entry:
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  call void @visit(ptr %p)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %body, label %exit
exit:
  ret void
}

; An entry block that returns: its path starts, then ends, then the call.
; EVENTS-LABEL: define void @root(
; EVENTS-NEXT:    call void @__pathprof_path_start(ptr @__pathprof_data_root)
; EVENTS-NEXT:    call void @__pathprof_path_end(ptr @__pathprof_data_root, i64 0)
; EVENTS-NEXT:    call void @walk(ptr %n)
; EVENTS-NEXT:    ret void
define void @root(ptr %n) {
  call void @walk(ptr %n)
  ret void
}
