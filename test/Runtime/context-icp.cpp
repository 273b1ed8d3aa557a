// Indirect-call promotion from a calling context profile: -fprofile-path-use
// gives a virtual call and a call through a function pointer the value
// profile clang -fprofile-use gives them for the same run (the same callee
// hashes, counts and totals), LLVM's indirect-call promotion turns the
// callees into direct calls, and the rebuilt program prints what the plain
// one prints. A flow-only profile gives the same, from its value profiles.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %clangxx -O2 %s -o %t/plain && %t/plain > %t/plain.out
// RUN: pathprof-clang++ -O2 -fprofile-path-generate -fprofile-path-context %s -o %t/ctx
// RUN: env PATHPROF_FILE=%t/ctx.pathraw %t/ctx > %t/ctx.out
// RUN: cmp %t/plain.out %t/ctx.out
// RUN: %llvm-pathprof merge -o %t/ctx.pathprof %t/ctx.pathraw
// RUN: %clangxx -O2 -fprofile-generate %s -o %t/pgo
// RUN: env LLVM_PROFILE_FILE=%t/pgo.profraw %t/pgo > /dev/null
// RUN: %llvm-profdata merge -o %t/pgo.profdata %t/pgo.profraw
//
// The value profiles as each use pass attached them, in function order.
// RUN: pathprof-clang++ -O2 -fprofile-path-use=%t/ctx.pathprof -c %s -o /dev/null -mllvm -print-after=pathprof-use 2> %t/pathprof.ll
// RUN: %clangxx -O2 -fprofile-use=%t/pgo.profdata -c %s -o /dev/null -mllvm -print-after=pgo-instr-use 2> %t/clang.ll
// RUN: grep -o '!{!"VP".*}' %t/pathprof.ll > %t/pathprof.vp
// RUN: grep -o '!{!"VP".*}' %t/clang.ll | diff %t/pathprof.vp -
// RUN: FileCheck %s --check-prefix=VP < %t/pathprof.vp
// Square, Circle and Tri; add1, dbl and the static neg ("<source>;_ZL3negi").
// VP: !{!"VP", i32 0, i64 100, i64 7014508796729726099, i64 60, i64 -8751038400417737058, i64 30, i64 -2153053716997236162, i64 10}
// VP-NEXT: !{!"VP", i32 0, i64 40, i64 8538300945357573394, i64 25, i64 -1562037840220864962, i64 10, i64 {{-?[0-9]+}}, i64 5}
// VP-NOT: VP
//
// The rebuild promotes all six callees, as the -fprofile-use build does.
// RUN: pathprof-clang++ -O2 -fprofile-path-use=%t/ctx.pathprof %s -o %t/use -Rpass=pgo-icall-prom 2> %t/use.remarks
// RUN: FileCheck %s --check-prefix=PROMOTE < %t/use.remarks
// RUN: %t/use > %t/use.out && cmp %t/plain.out %t/use.out
// RUN: %clangxx -O2 -fprofile-use=%t/pgo.profdata -c %s -o /dev/null -Rpass=pgo-icall-prom 2> %t/clang.remarks
// RUN: grep -o 'Promote indirect call to .*' %t/clang.remarks > %t/clang.promoted
// RUN: grep -o 'Promote indirect call to .*' %t/use.remarks | diff %t/clang.promoted -
// PROMOTE: remark: Promote indirect call to _ZNK6Square4areaEv with count 60 out of 100 [-Rpass=pgo-icall-prom]
// PROMOTE: remark: Promote indirect call to _ZNK6Circle4areaEv with count 30 out of 40 [-Rpass=pgo-icall-prom]
// PROMOTE: remark: Promote indirect call to _ZNK3Tri4areaEv with count 10 out of 10 [-Rpass=pgo-icall-prom]
// PROMOTE: remark: Promote indirect call to _Z4add1i with count 25 out of 40 [-Rpass=pgo-icall-prom]
// PROMOTE: remark: Promote indirect call to _Z3dbli with count 10 out of 15 [-Rpass=pgo-icall-prom]
// PROMOTE: remark: Promote indirect call to _ZL3negi with count 5 out of 5 [-Rpass=pgo-icall-prom]
//
// A flow-only profile of the same program (value profiles, the default):
// the same value profiles, the same promotions, the same output.
// RUN: pathprof-clang++ -O2 -fprofile-path-generate %s -o %t/flow
// RUN: env PATHPROF_FILE=%t/flow.pathraw %t/flow > /dev/null
// RUN: %llvm-pathprof show %t/flow.pathraw | FileCheck %s --check-prefix=FLOW
// FLOW: Indirect call site 0: 100 calls: Square::area() const 60, Circle::area() const 30, Tri::area() const 10
// FLOW: Indirect call site 0: 40 calls: add1(int) 25, dbl(int) 10, neg(int) 5
// RUN: pathprof-clang++ -O2 -fprofile-path-use=%t/flow.pathraw -c %s -o /dev/null -mllvm -print-after=pathprof-use 2> %t/flow.ll
// RUN: grep -o '!{!"VP".*}' %t/flow.ll | diff %t/pathprof.vp -
// RUN: pathprof-clang++ -O2 -fprofile-path-use=%t/flow.pathraw %s -o %t/flowuse -Rpass=pgo-icall-prom 2> %t/flow.remarks
// RUN: grep -o 'Promote indirect call to .*' %t/flow.remarks | diff %t/clang.promoted -
// RUN: %t/flowuse > %t/flowuse.out && cmp %t/plain.out %t/flowuse.out
//
// Without value profiles (-pathprof-value-profiles=false): the same branch
// weights, no value profiles, nothing promoted.
// RUN: pathprof-clang++ -O2 -fprofile-path-generate -mllvm -pathprof-value-profiles=false %s -o %t/novp
// RUN: env PATHPROF_FILE=%t/novp.pathraw %t/novp > /dev/null
// RUN: pathprof-clang++ -O2 -fprofile-path-use=%t/novp.pathraw -c %s -o /dev/null -mllvm -print-after=pathprof-use 2> %t/novp.ll
// RUN: not grep -c '"VP"' %t/novp.ll
// RUN: pathprof-clang++ -O2 -fprofile-path-use=%t/novp.pathraw -c %s -o /dev/null -Rpass=pgo-icall-prom 2>&1 | count 0

#include <cstdio>

struct Shape {
  virtual ~Shape() {}
  virtual int area() const = 0;
};
struct Square : Shape {
  int S;
  explicit Square(int S) : S(S) {}
  int area() const override { return S * S; }
};
struct Circle : Shape {
  int R;
  explicit Circle(int R) : R(R) {}
  int area() const override { return 3 * R * R; }
};
struct Tri : Shape {
  int B, H;
  Tri(int B, int H) : B(B), H(H) {}
  int area() const override { return B * H / 2; }
};

// 100 virtual calls: 60 squares, 30 circles, 10 triangles.
__attribute__((noinline)) int total(Shape *const *Shapes, int N) {
  int Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += Shapes[I]->area();
  return Sum;
}

typedef int (*Op)(int);
int add1(int X) { return X + 1; }
int dbl(int X) { return X * 2; }
static int neg(int X) { return -X; }

// 40 calls through a pointer: 25 add1, 10 dbl, 5 neg.
__attribute__((noinline)) int apply(Op F, int X) { return F(X); }

int main() {
  Square Sq(3);
  Circle Ci(2);
  Tri Tr(4, 5);
  Shape *Shapes[100];
  for (int I = 0; I < 100; ++I)
    Shapes[I] = I % 10 < 6   ? static_cast<Shape *>(&Sq)
                : I % 10 < 9 ? static_cast<Shape *>(&Ci)
                             : static_cast<Shape *>(&Tr);
  int Sum = total(Shapes, 100);
  Op Ops[] = {add1, add1, dbl, add1, neg, add1, dbl, add1};
  int X = 1;
  for (int I = 0; I < 40; ++I)
    X = apply(Ops[I % 8], X) % 1000;
  std::printf("%d %d\n", Sum, X);
  return 0;
}
