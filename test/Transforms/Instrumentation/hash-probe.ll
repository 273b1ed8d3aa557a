; A hashed function (more paths than -pathprof-dense-limit) counts each path
; through an inline probe of the runtime's table: the first slot the runtime
; would probe for (record index + 1, path id) is read, and when it holds the
; path, its count is incremented in place; otherwise __pathprof_hash_inc is
; called. The hash is PathProfHash.c's splitmix64 of the path id and the key
; times 0x9e3779b97f4a7c15 (-7046029254386353131); the table's entries follow
; its 32-byte header, 24 bytes each, the count at offset 16.
;
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-dense-limit=1 -S %s | FileCheck %s

define i32 @pick(i32 %x) {
entry:
  %c = icmp slt i32 %x, 0
  br i1 %c, label %neg, label %pos
neg:
  ret i32 -1
pos:
  ret i32 1
}

; CHECK-LABEL: define i32 @pick(
; CHECK:       entry:
; CHECK-NEXT:    [[IDX:%.*]] = udiv i64 sub (i64 ptrtoint (ptr @__pathprof_data_pick to i64), i64 ptrtoint (ptr @__start___pathprof_data to i64)), 104
; CHECK-NEXT:    %pathprof.key = add i64 [[IDX]], 1
; CHECK-NEXT:    [[KEYHASH:%.*]] = mul i64 %pathprof.key, -7046029254386353131
; CHECK:       neg:
; CHECK-NEXT:    %pathprof.table = load atomic ptr, ptr @__pathprof_hash_table acquire, align 8
; CHECK-NEXT:    [[HAVE:%.*]] = icmp ne ptr %pathprof.table, null
; CHECK-NEXT:    br i1 [[HAVE]], label %pathprof.hash.probe, label %pathprof.hash.miss, !prof [[LIKELY:![0-9]+]]
; CHECK:       pathprof.hash.probe:
; CHECK-NEXT:    [[CAP:%.*]] = load i64, ptr %pathprof.table, align 8
; CHECK-NEXT:    [[Z0:%.*]] = xor i64 0, [[KEYHASH]]
; CHECK:         mul i64 {{.*}}, -4658895280553007687
; CHECK:         mul i64 {{.*}}, -7723592293110705685
; CHECK:         [[MASK:%.*]] = sub i64 [[CAP]], 1
; CHECK-NEXT:    [[SLOTNO:%.*]] = and i64 {{.*}}, [[MASK]]
; CHECK-NEXT:    [[SLOTOFF:%.*]] = mul i64 [[SLOTNO]], 24
; CHECK-NEXT:    [[OFF:%.*]] = add i64 32, [[SLOTOFF]]
; CHECK-NEXT:    %pathprof.slot = getelementptr i8, ptr %pathprof.table, i64 [[OFF]]
; CHECK-NEXT:    [[KEYADDR:%.*]] = getelementptr inbounds i8, ptr %pathprof.slot, i64 0
; CHECK-NEXT:    [[SLOTKEY:%.*]] = load atomic i64, ptr [[KEYADDR]] acquire, align 8
; CHECK-NEXT:    [[PATHADDR:%.*]] = getelementptr inbounds i8, ptr %pathprof.slot, i64 8
; CHECK-NEXT:    [[SLOTPATH:%.*]] = load atomic i64, ptr [[PATHADDR]] monotonic, align 8
; CHECK-NEXT:    [[SAMEKEY:%.*]] = icmp eq i64 [[SLOTKEY]], %pathprof.key
; CHECK-NEXT:    [[SAMEPATH:%.*]] = icmp eq i64 [[SLOTPATH]], 0
; CHECK-NEXT:    [[HIT:%.*]] = and i1 [[SAMEKEY]], [[SAMEPATH]]
; CHECK-NEXT:    br i1 [[HIT]], label %pathprof.hash.hit, label %pathprof.hash.miss, !prof [[LIKELY]]
; CHECK:       pathprof.hash.hit:
; CHECK-NEXT:    [[COUNT:%.*]] = getelementptr inbounds i8, ptr %pathprof.slot, i64 16
; CHECK-NEXT:    atomicrmw add ptr [[COUNT]], i64 1 monotonic, align 8
; CHECK-NEXT:    br label %pathprof.hash.done
; CHECK:       pathprof.hash.miss:
; CHECK-NEXT:    call void @__pathprof_hash_inc(ptr @__pathprof_data_pick, i64 0)
; CHECK-NEXT:    br label %pathprof.hash.done
; CHECK:       pathprof.hash.done:
; CHECK-NEXT:    ret i32 -1
; The other path probes for id 1.
; CHECK:         icmp eq i64 {{%.*}}, 1
; CHECK:         call void @__pathprof_hash_inc(ptr @__pathprof_data_pick, i64 1)
; CHECK:       declare hidden void @__pathprof_hash_inc(ptr, i64)
; CHECK:       [[LIKELY]] = !{!"branch_weights", i32 1048575, i32 1}
