// A branchy workload for end-to-end tests: a tiny stack-machine interpreter,
// a glob matcher with recursion, a switch-heavy tokenizer, static functions,
// early returns and a noreturn error path. Output depends only on the input
// size argument.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum Op { PUSH, ADD, SUB, MUL, JNZ, DUP, POP, HALT };

static long run(const int *Code, int Len, long Limit) {
  long Stack[64];
  int Sp = 0, Pc = 0;
  long Steps = 0;
  while (Pc < Len && Steps++ < Limit) {
    switch (Code[Pc]) {
    case PUSH:
      Stack[Sp++] = Code[Pc + 1];
      Pc += 2;
      break;
    case ADD:
      Sp--;
      Stack[Sp - 1] += Stack[Sp];
      Pc++;
      break;
    case SUB:
      Sp--;
      Stack[Sp - 1] -= Stack[Sp];
      Pc++;
      break;
    case MUL:
      Sp--;
      Stack[Sp - 1] *= Stack[Sp];
      Pc++;
      break;
    case JNZ:
      if (Stack[--Sp] != 0)
        Pc = Code[Pc + 1];
      else
        Pc += 2;
      break;
    case DUP:
      Stack[Sp] = Stack[Sp - 1];
      Sp++;
      Pc++;
      break;
    case POP:
      Sp--;
      Pc++;
      break;
    default:
      return Sp ? Stack[Sp - 1] : -1;
    }
  }
  return Sp ? Stack[0] : 0;
}

static int glob(const char *P, const char *S) {
  for (; *P; ++P, ++S) {
    if (*P == '*') {
      for (const char *T = S;; ++T) {
        if (glob(P + 1, T))
          return 1;
        if (!*T)
          return 0;
      }
    }
    if (!*S)
      return 0;
    if (*P != '?' && *P != *S)
      return 0;
  }
  return *S == 0;
}

__attribute__((noreturn)) static void fail(const char *Msg) {
  fprintf(stderr, "error: %s\n", Msg);
  exit(3);
}

int classifyChar(int C) {
  switch (C) {
  case ' ':
  case '\t':
    return 0;
  case '0':
  case '1':
  case '2':
  case '3':
  case '4':
  case '5':
  case '6':
  case '7':
  case '8':
  case '9':
    return 1;
  case '+':
  case '-':
  case '*':
    return 2;
  default:
    if ((C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'))
      return 3;
    return 4;
  }
}

int main(int Argc, char **Argv) {
  int N = Argc > 1 ? atoi(Argv[1]) : 50;
  if (N < 0)
    fail("negative size");
  // Counts down from N, multiplying an accumulator: PUSH N; loop: DUP JNZ ...
  int Code[] = {PUSH, 1, PUSH, N, DUP, JNZ, 9, HALT, 0, DUP, PUSH, 1,
                SUB,  DUP, JNZ, 4, POP, HALT};
  long Acc = 0;
  for (int I = 0; I < N; ++I)
    Acc += run(Code, sizeof(Code) / sizeof(Code[0]), 1000 + I);
  const char *Names[] = {"main.c", "lib.h", "a.out", "makefile", "x.cc"};
  const char *Pats[] = {"*.c", "*.?", "m*e", "*", "?.*", "lib*h"};
  int Matches = 0;
  for (int R = 0; R < N; ++R)
    for (unsigned P = 0; P < 6; ++P)
      for (unsigned S = 0; S < 5; ++S)
        Matches += glob(Pats[(P + R) % 6], Names[S]);
  int Classes[5] = {0, 0, 0, 0, 0};
  const char *Text = "let x1 = 42 + y * 7 - (z9 / 3);\tend";
  for (int R = 0; R < N; ++R)
    for (const char *C = Text; *C; ++C)
      Classes[classifyChar(*C)]++;
  printf("acc=%ld matches=%d classes=%d,%d,%d,%d,%d\n", Acc, Matches,
         Classes[0], Classes[1], Classes[2], Classes[3], Classes[4]);
  return 0;
}
