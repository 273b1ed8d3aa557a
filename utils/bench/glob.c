/*===- utils/bench/glob.c - benchmark: a glob / regex-lite matcher --------===*
 *
 * Matches generated file names against a set of patterns with a backtracking
 * matcher supporting '*', '?', '[a-z]' / '[!x]' classes and '\' escapes, plus
 * a tiny regex matcher ('^', '$', '.', 'c*') in the style of Pike's. Both are
 * branch-heavy with data-dependent paths.
 * Usage: glob [N [SEED]]; prints a checksum. SEED (default 7, must not be 0)
 * seeds the name generator, so another SEED gives other names.
 *
 *===---------------------------------------------------------------------===*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int matchClass(const char **PP, char C) {
  const char *P = *PP + 1; /* after '[' */
  int Negate = 0, Found = 0;
  if (*P == '!') {
    Negate = 1;
    ++P;
  }
  do {
    char Lo = *P, Hi = Lo;
    if (P[1] == '-' && P[2] && P[2] != ']') {
      Hi = P[2];
      P += 2;
    }
    if (C >= Lo && C <= Hi)
      Found = 1;
    ++P;
  } while (*P && *P != ']');
  *PP = *P ? P + 1 : P;
  return Found != Negate;
}

static int globMatch(const char *P, const char *S) {
  const char *StarP = NULL, *StarS = NULL;
  while (*S) {
    const char *Next = P;
    if (*P == '*') {
      StarP = ++P;
      StarS = S;
      continue;
    }
    if (*P == '?') {
      ++P;
      ++S;
      continue;
    }
    if (*P == '[') {
      if (matchClass(&Next, *S)) {
        P = Next;
        ++S;
        continue;
      }
    } else {
      if (*P == '\\' && P[1])
        ++P;
      if (*P == *S) {
        ++P;
        ++S;
        continue;
      }
    }
    if (!StarP)
      return 0;
    P = StarP;
    S = ++StarS;
  }
  while (*P == '*')
    ++P;
  return *P == '\0';
}

static int regexHere(const char *R, const char *S);

static int regexStar(char C, const char *R, const char *S) {
  do {
    if (regexHere(R, S))
      return 1;
  } while (*S != '\0' && (*S++ == C || C == '.'));
  return 0;
}

static int regexHere(const char *R, const char *S) {
  if (R[0] == '\0')
    return 1;
  if (R[1] == '*')
    return regexStar(R[0], R + 2, S);
  if (R[0] == '$' && R[1] == '\0')
    return *S == '\0';
  if (*S != '\0' && (R[0] == '.' || R[0] == *S))
    return regexHere(R + 1, S + 1);
  return 0;
}

static int regexMatch(const char *R, const char *S) {
  if (R[0] == '^')
    return regexHere(R + 1, S);
  do {
    if (regexHere(R, S))
      return 1;
  } while (*S++ != '\0');
  return 0;
}

static uint32_t Seed = 7;
static uint32_t rnd(void) {
  Seed ^= Seed << 13;
  Seed ^= Seed >> 17;
  Seed ^= Seed << 5;
  return Seed;
}

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 600000;
  if (argc > 2 && strtoul(argv[2], NULL, 10) != 0)
    Seed = (uint32_t)strtoul(argv[2], NULL, 10);
  static const char *Globs[] = {"*.c",          "src/*/*.h",  "*test*",
                                "?a*[0-9].txt", "[!.]*.[ch]", "lib*.so.[0-9]*",
                                "*\\*star*",    "*a*b*c*d*"};
  static const char *Regexes[] = {"^src/.*\\.c$", "a.*b",  "^lib.*so",
                                  "x*y*z",        "[0-9]", "o.o.o"};
  static const char *Parts[] = {"src",   "lib",  "test", "a", "b",
                                "main",  "util", "core", "x", "io",
                                "star*", "2024", "data"};
  static const char *Exts[] = {".c", ".h", ".txt", ".so.1", ".o", "", ".cc"};
  char Name[128];
  uint64_t Sum = 0;
  for (long I = 0; I < N; ++I) {
    char *W = Name;
    int Segs = 1 + rnd() % 4;
    for (int S = 0; S < Segs; ++S) {
      const char *Part = Parts[rnd() % 13];
      while (*Part)
        *W++ = *Part++;
      if (rnd() % 3 == 0)
        *W++ = (char)('0' + rnd() % 10);
      *W++ = S + 1 < Segs ? '/' : '\0';
    }
    --W;
    for (const char *E = Exts[rnd() % 7]; *E;)
      *W++ = *E++;
    *W = '\0';
    uint64_t Bits = 0;
    for (int G = 0; G < 8; ++G)
      Bits = Bits << 1 | (uint64_t)globMatch(Globs[G], Name);
    for (int R = 0; R < 6; ++R)
      Bits = Bits << 1 | (uint64_t)regexMatch(Regexes[R], Name);
    Sum = Sum * 31 + Bits;
  }
  printf("glob %ld %016llx\n", N, (unsigned long long)Sum);
  return 0;
}
