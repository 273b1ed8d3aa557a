; The path register is an SSA phi, increments sit on spanning-tree chords, a
; backedge counts its path and restarts the register, and the return counts
; the last path. Both placements must compute the same path ids. The
; CHECK and EDGE lines use shared counters, the simplest lowering.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-counters=shared -S %s | FileCheck %s
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-counters=shared -pathprof-placement=per-edge -S %s | FileCheck %s --check-prefix=EDGE

; The instrumentation alone says where paths start and end; the lowering
; (the other RUN lines) decides what that costs.
; RUN: %opt_pathprof -passes=pathprof-instrument -S %s | FileCheck %s --check-prefix=MARK
; MARK-LABEL: define i32 @count_odd(
; MARK:       entry:
; MARK-NEXT:    call void @__pathprof_path_start(ptr @__pathprof_data_count_odd)
; MARK-NEXT:    br label %head
; MARK:       latch:
; MARK:         %pathprof.id = add i64 %pathprof.r3, 2
; MARK-NEXT:    call void @__pathprof_path_end(ptr @__pathprof_data_count_odd, i64 %pathprof.id)
; MARK-NEXT:    call void @__pathprof_path_start(ptr @__pathprof_data_count_odd)
; MARK-NEXT:    br label %head
; MARK:       exit:
; MARK-NEXT:    %pathprof.r4 = phi i64 [ %pathprof.r, %head ]
; MARK-NEXT:    call void @__pathprof_path_end(ptr @__pathprof_data_count_odd, i64 %pathprof.r4)
; MARK-NEXT:    ret i32 %s
; MARK:       declare void @__pathprof_path_start(ptr) #[[MARKATTR:[0-9]+]]
; MARK:       declare void @__pathprof_path_end(ptr, i64) #[[MARKATTR]]
; MARK:       attributes #[[MARKATTR]] = { nounwind willreturn memory(inaccessiblemem: readwrite) }

; The default counters: this thread's slice, through the initial-exec TLS
; bias, which a thread without a slice asks the runtime for once.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s | FileCheck %s --check-prefix=THREAD
; THREAD:       @__pathprof_thread_bias = external hidden thread_local(initialexec) global i64
; THREAD-LABEL: define i32 @count_odd(
; THREAD:       entry:
; THREAD-NEXT:    %0 = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_thread_bias)
; THREAD-NEXT:    %pathprof.tbias = load i64, ptr %0, align 8
; THREAD-NEXT:    %pathprof.noslice = icmp eq i64 %pathprof.tbias, 0
; THREAD-NEXT:    br i1 %pathprof.noslice, label %pathprof.slice, label %pathprof.sliced, !prof ![[UNLIKELY:[0-9]+]]
; THREAD:       pathprof.slice:
; THREAD-NEXT:    %pathprof.newslice = call i64 @__pathprof_thread_slice()
; THREAD-NEXT:    br label %pathprof.sliced
; THREAD:       pathprof.sliced:
; THREAD-NEXT:    %pathprof.bias = phi i64 [ %pathprof.tbias, %entry ], [ %pathprof.newslice, %pathprof.slice ]
; THREAD-NEXT:    br label %head
; THREAD:       latch:
; THREAD:         %pathprof.counter = getelementptr i8, ptr %pathprof.slot, i64 %pathprof.bias
; THREAD-NEXT:    %pathprof.count = load i64, ptr %pathprof.counter, align 8, !pathprof.counter
; THREAD-NEXT:    %1 = add i64 %pathprof.count, 1
; THREAD-NEXT:    store i64 %1, ptr %pathprof.counter, align 8, !pathprof.counter
; THREAD-NOT:   __pathprof_path_
; THREAD:       declare hidden i64 @__pathprof_thread_slice()
; THREAD-NOT:   __pathprof_path_
; THREAD:       ![[UNLIKELY]] = !{!"branch_weights", i32 1, i32 1048575}

; Atomic counters: the shared bias, atomic adds, nothing for promotion.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-counters=atomic -S %s | FileCheck %s --check-prefix=ATOMIC
; ATOMIC-LABEL: define i32 @count_odd(
; ATOMIC:       entry:
; ATOMIC-NEXT:    %pathprof.bias = load i64, ptr @__pathprof_counter_bias, align 8
; ATOMIC:       latch:
; ATOMIC:         %pathprof.counter = getelementptr i8, ptr %pathprof.slot, i64 %pathprof.bias
; ATOMIC-NEXT:    %0 = atomicrmw add ptr %pathprof.counter, i64 1 monotonic, align 8
; ATOMIC-NEXT:    br label %head
; ATOMIC-NOT:   pathprof.counter !

; The record the runtime finds in __pathprof_data: name, CFG description,
; checksum, NumPaths = 6, the dense counters, flags = 0.
; CHECK: @__pathprof_name_count_odd = private constant [9 x i8] c"count_odd"
; CHECK: @__pathprof_cnts_count_odd = private global [6 x i64] zeroinitializer, no_sanitize_address, no_sanitize_hwaddress, align 8 #[[BSS:[0-9]+]]
; CHECK: @__pathprof_data_count_odd = private global { ptr, i64, ptr, i64, i64, i64, ptr, i64, ptr, ptr, i64, i64, i64 } { ptr @__pathprof_name_count_odd, i64 9, ptr @__pathprof_cfg_count_odd, i64 {{[0-9]+}}, i64 {{-?[0-9]+}}, i64 6, ptr @__pathprof_cnts_count_odd, i64 0, ptr @count_odd, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }, section "__pathprof_data", no_sanitize_address, no_sanitize_hwaddress, align 8
; CHECK: @llvm.used = {{.*}}[ptr @__pathprof_data_count_odd]
; CHECK: @llvm.global_ctors = appending global {{.*}} ptr @pathprof.module_ctor
; CHECK: @__pathprof_counter_bias = external hidden global i64

define i32 @count_odd(ptr %a, i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %done = icmp sge i32 %i, %n
  br i1 %done, label %exit, label %body
body:
  %p = getelementptr i32, ptr %a, i32 %i
  %v = load i32, ptr %p
  %odd = trunc i32 %v to i1
  br i1 %odd, label %inc, label %latch
inc:
  %s1 = add i32 %s, 1
  br label %latch
latch:
  %s.next = phi i32 [ %s1, %inc ], [ %s, %body ]
  %i.next = add i32 %i, 1
  br label %head
exit:
  ret i32 %s
}

; CHECK-LABEL: define i32 @count_odd(ptr %a, i32 %n)
; CHECK-SAME:    #[[INSTR:[0-9]+]] {
; CHECK:       entry:
; CHECK-NEXT:    %pathprof.bias = load i64, ptr @__pathprof_counter_bias, align 8
; CHECK-NEXT:    br label %head
; CHECK:       head:
; CHECK-NEXT:    %pathprof.r = phi i64 [ 3, %latch ], [ 0, %entry ]
; CHECK-NEXT:    %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
; CHECK-NEXT:    %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
; CHECK-NEXT:    %done = icmp sge i32 %i, %n
; CHECK-NEXT:    br i1 %done, label %exit, label %body
; CHECK:       body:
; CHECK-NEXT:    %pathprof.r1 = phi i64 [ %pathprof.r, %head ]
; CHECK-NEXT:    %p = getelementptr i32, ptr %a, i32 %i
; CHECK-NEXT:    %v = load i32, ptr %p, align 4
; CHECK-NEXT:    %odd = trunc i32 %v to i1
; CHECK-NEXT:    br i1 %odd, label %inc, label %latch
; CHECK:       inc:
; CHECK-NEXT:    %pathprof.r2 = phi i64 [ %pathprof.r1, %body ]
; CHECK-NEXT:    %s1 = add i32 %s, 1
; CHECK-NEXT:    %pathprof.r.next = add i64 %pathprof.r2, -1
; CHECK-NEXT:    br label %latch
; CHECK:       latch:
; CHECK-NEXT:    %pathprof.r3 = phi i64 [ %pathprof.r.next, %inc ], [ %pathprof.r1, %body ]
; CHECK-NEXT:    %s.next = phi i32 [ %s1, %inc ], [ %s, %body ]
; CHECK-NEXT:    %i.next = add i32 %i, 1
; CHECK-NEXT:    %pathprof.id = add i64 %pathprof.r3, 2
; CHECK-NEXT:    %pathprof.slot = getelementptr inbounds i64, ptr @__pathprof_cnts_count_odd, i64 %pathprof.id
; CHECK-NEXT:    %pathprof.counter = getelementptr i8, ptr %pathprof.slot, i64 %pathprof.bias
; CHECK-NEXT:    %pathprof.count = load i64, ptr %pathprof.counter, align 8
; CHECK-NEXT:    %0 = add i64 %pathprof.count, 1
; CHECK-NEXT:    store i64 %0, ptr %pathprof.counter, align 8
; CHECK-NEXT:    br label %head
; CHECK:       exit:
; CHECK-NEXT:    %pathprof.r4 = phi i64 [ %pathprof.r, %head ]
; CHECK-NEXT:    %pathprof.slot5 = getelementptr inbounds i64, ptr @__pathprof_cnts_count_odd, i64 %pathprof.r4
; CHECK-NEXT:    %pathprof.counter6 = getelementptr i8, ptr %pathprof.slot5, i64 %pathprof.bias
; CHECK-NEXT:    %pathprof.count7 = load i64, ptr %pathprof.counter6, align 8
; CHECK-NEXT:    %1 = add i64 %pathprof.count7, 1
; CHECK-NEXT:    store i64 %1, ptr %pathprof.counter6, align 8
; CHECK-NEXT:    ret i32 %s
; CHECK-NEXT:  }

; EDGE-LABEL: define i32 @count_odd(ptr %a, i32 %n) #{{[0-9]+}} {
; EDGE:       entry:
; EDGE-NEXT:    %pathprof.bias = load i64, ptr @__pathprof_counter_bias, align 8
; EDGE-NEXT:    br label %head
; EDGE:       head:
; EDGE-NEXT:    %pathprof.r = phi i64 [ 3, %latch ], [ 0, %entry ]
; EDGE-NEXT:    %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
; EDGE-NEXT:    %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
; EDGE-NEXT:    %done = icmp sge i32 %i, %n
; EDGE-NEXT:    %pathprof.r.next = add i64 %pathprof.r, 1
; EDGE-NEXT:    br i1 %done, label %exit, label %body
; EDGE:       body:
; EDGE-NEXT:    %pathprof.r1 = phi i64 [ %pathprof.r.next, %head ]
; EDGE-NEXT:    %p = getelementptr i32, ptr %a, i32 %i
; EDGE-NEXT:    %v = load i32, ptr %p, align 4
; EDGE-NEXT:    %odd = trunc i32 %v to i1
; EDGE-NEXT:    %pathprof.r.next5 = add i64 %pathprof.r1, 1
; EDGE-NEXT:    br i1 %odd, label %inc, label %latch
; EDGE:       inc:
; EDGE-NEXT:    %pathprof.r2 = phi i64 [ %pathprof.r1, %body ]
; EDGE-NEXT:    %s1 = add i32 %s, 1
; EDGE-NEXT:    br label %latch
; EDGE:       latch:
; EDGE-NEXT:    %pathprof.r3 = phi i64 [ %pathprof.r2, %inc ], [ %pathprof.r.next5, %body ]
; EDGE-NEXT:    %s.next = phi i32 [ %s1, %inc ], [ %s, %body ]
; EDGE-NEXT:    %i.next = add i32 %i, 1
; EDGE-NEXT:    %pathprof.slot = getelementptr inbounds i64, ptr @__pathprof_cnts_count_odd, i64 %pathprof.r3
; EDGE-NEXT:    %pathprof.counter = getelementptr i8, ptr %pathprof.slot, i64 %pathprof.bias
; EDGE-NEXT:    %pathprof.count = load i64, ptr %pathprof.counter, align 8
; EDGE-NEXT:    %0 = add i64 %pathprof.count, 1
; EDGE-NEXT:    store i64 %0, ptr %pathprof.counter, align 8
; EDGE-NEXT:    br label %head
; EDGE:       exit:
; EDGE-NEXT:    %pathprof.r4 = phi i64 [ %pathprof.r, %head ]
; EDGE-NEXT:    %pathprof.slot6 = getelementptr inbounds i64, ptr @__pathprof_cnts_count_odd, i64 %pathprof.r4
; EDGE-NEXT:    %pathprof.counter7 = getelementptr i8, ptr %pathprof.slot6, i64 %pathprof.bias
; EDGE-NEXT:    %pathprof.count8 = load i64, ptr %pathprof.counter7, align 8
; EDGE-NEXT:    %1 = add i64 %pathprof.count8, 1
; EDGE-NEXT:    store i64 %1, ptr %pathprof.counter7, align 8
; EDGE-NEXT:    ret i32 %s
; EDGE-NEXT:  }

; CHECK: define internal void @pathprof.module_ctor() #[[CTOR:[0-9]+]]
; CHECK-NEXT:    call void @__pathprof_init()
; CHECK: declare hidden void @__pathprof_init()
; CHECK-DAG: attributes #[[INSTR]] = { "pathprof-instrumented" }
; CHECK-DAG: attributes #[[CTOR]] = { noprofile nounwind }
; CHECK-DAG: attributes #[[BSS]] = { "bss-section"="__pathprof_cnts" }
