/*===- utils/bench/interp.c - benchmark: a bytecode interpreter -----------===*
 *
 * A stack machine with a switch-dispatched loop runs a small program
 * (trial-division prime counting plus a Collatz walk) N times with different
 * inputs. Dispatch gives the interpreter loop many short, unevenly hot paths.
 * Usage: interp [N [SEED]]; prints a checksum. Run I computes with input
 * 200 + (I + SEED) % 1700 (SEED defaults to 0), so another SEED gives other
 * inputs.
 *
 *===---------------------------------------------------------------------===*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum Op {
  PUSH,
  LOAD,
  STORE,
  ADD,
  SUB,
  MUL,
  MOD,
  DIV2,
  LT,
  EQ,
  JMP,
  JZ,
  JNZ,
  DUP,
  POP,
  HALT
};

struct Insn {
  uint8_t Op;
  int32_t Arg;
};

/* Counts primes below vars[0] by trial division; then walks Collatz from
 * vars[0] counting steps. Result in vars[5]. */
// One line per basic block reads better than one instruction per line.
// clang-format off
static const struct Insn Program[] = {
  /* 0 */ {PUSH, 2}, {STORE, 1},          /* i = 2 */
  /* 2 */ {PUSH, 0}, {STORE, 5},          /* count = 0 */
  /* 4 */ {LOAD, 1}, {LOAD, 0}, {LT, 0}, {JZ, 30},  /* while i < n */
  /* 8 */ {PUSH, 2}, {STORE, 2},          /* d = 2 */
  /* 10 */ {LOAD, 2}, {LOAD, 2}, {MUL, 0}, {LOAD, 1}, {LT, 0}, {LOAD, 2},
  /* 16 */ {LOAD, 2}, {MUL, 0}, {LOAD, 1}, {EQ, 0}, {ADD, 0}, {JZ, 24},
  /* 22 */ {JMP, 34}, {HALT, 0},
  /* 24 */ {LOAD, 5}, {PUSH, 1}, {ADD, 0}, {STORE, 5}, {JMP, 44}, {HALT, 0},
  /* 30 */ {JMP, 50}, {HALT, 0}, {HALT, 0}, {HALT, 0},
  /* 34: d*d <= i: if i % d == 0 not prime */
  /* 34 */ {LOAD, 1}, {LOAD, 2}, {MOD, 0}, {JZ, 44},
  /* 38 */ {LOAD, 2}, {PUSH, 1}, {ADD, 0}, {STORE, 2}, {JMP, 10}, {HALT, 0},
  /* 44: i++ */
  /* 44 */ {LOAD, 1}, {PUSH, 1}, {ADD, 0}, {STORE, 1}, {JMP, 4}, {HALT, 0},
  /* 50: collatz on x = n */
  /* 50 */ {LOAD, 0}, {STORE, 3},
  /* 52 */ {LOAD, 3}, {PUSH, 1}, {EQ, 0}, {JNZ, 77},
  /* 56 */ {LOAD, 5}, {PUSH, 1}, {ADD, 0}, {STORE, 5},
  /* 60 */ {LOAD, 3}, {PUSH, 2}, {MOD, 0}, {JZ, 73},
  /* 64 */ {LOAD, 3}, {PUSH, 3}, {MUL, 0}, {PUSH, 1}, {ADD, 0}, {STORE, 3},
  /* 70 */ {JMP, 52}, {HALT, 0}, {HALT, 0},
  /* 73 */ {LOAD, 3}, {DIV2, 0}, {STORE, 3}, {JMP, 52},
  /* 77 */ {HALT, 0},
};
// clang-format on

static int64_t run(int64_t N) {
  int64_t Stack[64], Vars[8] = {N, 0, 0, 0, 0, 0, 0, 0};
  int SP = 0;
  const struct Insn *PC = Program;
  for (;;) {
    const struct Insn *I = PC++;
    switch (I->Op) {
    case PUSH:
      Stack[SP++] = I->Arg;
      break;
    case LOAD:
      Stack[SP++] = Vars[I->Arg];
      break;
    case STORE:
      Vars[I->Arg] = Stack[--SP];
      break;
    case ADD:
      --SP;
      Stack[SP - 1] += Stack[SP];
      break;
    case SUB:
      --SP;
      Stack[SP - 1] -= Stack[SP];
      break;
    case MUL:
      --SP;
      Stack[SP - 1] *= Stack[SP];
      break;
    case MOD:
      --SP;
      Stack[SP - 1] %= Stack[SP];
      break;
    case DIV2:
      Stack[SP - 1] /= 2;
      break;
    case LT:
      --SP;
      Stack[SP - 1] = Stack[SP - 1] < Stack[SP];
      break;
    case EQ:
      --SP;
      Stack[SP - 1] = Stack[SP - 1] == Stack[SP];
      break;
    case JMP:
      PC = Program + I->Arg;
      break;
    case JZ:
      if (Stack[--SP] == 0)
        PC = Program + I->Arg;
      break;
    case JNZ:
      if (Stack[--SP] != 0)
        PC = Program + I->Arg;
      break;
    case DUP:
      Stack[SP] = Stack[SP - 1];
      ++SP;
      break;
    case POP:
      --SP;
      break;
    case HALT:
      return Vars[5];
    default:
      abort();
    }
  }
}

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 1500;
  long Seed = argc > 2 ? atol(argv[2]) : 0;
  uint64_t Sum = 0;
  for (long I = 0; I < N; ++I)
    Sum = Sum * 1000003u + (uint64_t)run(200 + (I + Seed) % 1700);
  printf("interp %ld %016llx\n", N, (unsigned long long)Sum);
  return 0;
}
