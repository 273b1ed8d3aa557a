; The function f of index.ll alone: a translation unit that defines one of
; the profile's functions.
define i32 @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %r = urem i32 %i, 3
  %c = icmp eq i32 %r, 0
  br i1 %c, label %then, label %else
then:
  %s1 = add i32 %s, 10
  br label %latch
else:
  %s2 = add i32 %s, 1
  br label %latch
latch:
  %s.next = phi i32 [ %s1, %then ], [ %s2, %else ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %s.next
}
