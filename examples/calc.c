/*===- examples/calc.c - PathProf example: an expression evaluator -------===*
 *
 * Generates a deterministic stream of arithmetic expressions, then tokenizes,
 * parses (recursive descent) and evaluates each one, printing a checksum.
 * The tokenizer's switch, the precedence climbing and the division-by-zero
 * and overflow guards give each function a handful of paths with very
 * different frequencies, which is what `llvm-pathprof show` is meant to show.
 *
 * Usage: calc [NUM_EXPRESSIONS [SEED]]   (defaults 200000 and 12345; another
 *        SEED gives other expressions)
 *
 *===---------------------------------------------------------------------===*/

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum TokKind {
  TOK_NUM,
  TOK_PLUS,
  TOK_MINUS,
  TOK_MUL,
  TOK_DIV,
  TOK_MOD,
  TOK_LPAREN,
  TOK_RPAREN,
  TOK_END,
  TOK_ERROR
};

struct Lexer {
  const char *P;
  enum TokKind Kind;
  int64_t Value;
};

static uint32_t Seed = 12345;

static uint32_t nextRandom(void) {
  Seed = Seed * 1103515245u + 12345u;
  return (Seed >> 16) & 0x7fff;
}

/* Writes a random expression of at most Depth nesting levels into Buf. */
static char *genExpr(char *Buf, char *End, int Depth) {
  if (End - Buf < 48)
    return Buf;
  uint32_t R = nextRandom();
  if (Depth == 0 || R % 8 < 3) {
    uint32_t V = R % 100; /* sprintf would cost more than the rest */
    if (V >= 10)
      *Buf++ = (char)('0' + V / 10);
    *Buf++ = (char)('0' + V % 10);
    return Buf;
  }
  if (R % 8 == 3) {
    *Buf++ = '(';
    Buf = genExpr(Buf, End - 1, Depth - 1);
    *Buf++ = ')';
    return Buf;
  }
  static const char Ops[] = "+-*/%+-*+";
  Buf = genExpr(Buf, End, Depth - 1);
  *Buf++ = ' ';
  *Buf++ = Ops[R % (sizeof(Ops) - 1)];
  *Buf++ = ' ';
  return genExpr(Buf, End, Depth - 1);
}

static void nextToken(struct Lexer *L) {
  while (*L->P == ' ')
    ++L->P;
  char C = *L->P;
  switch (C) {
  case '\0':
    L->Kind = TOK_END;
    return;
  case '+':
    L->Kind = TOK_PLUS;
    break;
  case '-':
    L->Kind = TOK_MINUS;
    break;
  case '*':
    L->Kind = TOK_MUL;
    break;
  case '/':
    L->Kind = TOK_DIV;
    break;
  case '%':
    L->Kind = TOK_MOD;
    break;
  case '(':
    L->Kind = TOK_LPAREN;
    break;
  case ')':
    L->Kind = TOK_RPAREN;
    break;
  default:
    if (C >= '0' && C <= '9') {
      int64_t V = 0;
      while (*L->P >= '0' && *L->P <= '9')
        V = V * 10 + (*L->P++ - '0');
      L->Kind = TOK_NUM;
      L->Value = V;
      return;
    }
    L->Kind = TOK_ERROR;
    return;
  }
  ++L->P;
}

static int Errors;

static int64_t parseExpr(struct Lexer *L);

static int64_t parsePrimary(struct Lexer *L) {
  if (L->Kind == TOK_NUM) {
    int64_t V = L->Value;
    nextToken(L);
    return V;
  }
  if (L->Kind == TOK_MINUS) {
    nextToken(L);
    return -parsePrimary(L);
  }
  if (L->Kind == TOK_LPAREN) {
    nextToken(L);
    int64_t V = parseExpr(L);
    if (L->Kind == TOK_RPAREN)
      nextToken(L);
    else
      ++Errors;
    return V;
  }
  ++Errors;
  nextToken(L);
  return 0;
}

static int64_t parseTerm(struct Lexer *L) {
  int64_t V = parsePrimary(L);
  for (;;) {
    enum TokKind Op = L->Kind;
    if (Op != TOK_MUL && Op != TOK_DIV && Op != TOK_MOD)
      return V;
    nextToken(L);
    int64_t R = parsePrimary(L);
    if (Op == TOK_MUL) {
      V = (int64_t)((uint64_t)V * (uint64_t)R); /* wraps, never UB */
      if (V > 1000000000 || V < -1000000000)
        V %= 1000003; /* keep values bounded, rarely taken */
    } else if (R == 0) {
      ++Errors; /* division by zero: the cold path */
    } else if (Op == TOK_DIV) {
      V /= R;
    } else {
      V %= R;
    }
  }
}

static int64_t parseExpr(struct Lexer *L) {
  int64_t V = parseTerm(L);
  for (;;) {
    if (L->Kind == TOK_PLUS) {
      nextToken(L);
      V += parseTerm(L);
    } else if (L->Kind == TOK_MINUS) {
      nextToken(L);
      V -= parseTerm(L);
    } else {
      return V;
    }
  }
}

int main(int argc, char **argv) {
  long N = argc > 1 ? strtol(argv[1], NULL, 10) : 200000;
  if (argc > 2)
    Seed = (uint32_t)strtoul(argv[2], NULL, 10);
  char Buf[512];
  uint64_t Checksum = 0;
  for (long I = 0; I < N; ++I) {
    char *End = genExpr(Buf, Buf + sizeof(Buf) - 1, 6);
    *End = '\0';
    struct Lexer L = {Buf, TOK_END, 0};
    nextToken(&L);
    int64_t V = parseExpr(&L);
    Checksum = Checksum * 31 + (uint64_t)V;
  }
  printf("expressions=%ld errors=%d checksum=%016llx\n", N, Errors,
         (unsigned long long)Checksum);
  return 0;
}
