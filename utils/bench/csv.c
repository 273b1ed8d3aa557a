/*===- utils/bench/csv.c - benchmark: a CSV parser ------------------------===*
 *
 * Generates RFC 4180-style CSV (quoted fields with embedded commas, doubled
 * quotes and newlines; integers, decimals and text), then parses it with a
 * character-level state machine, converting numeric fields as it goes.
 * Usage: csv [N_ROWS [SEED]]; prints a checksum. SEED (default 2024) seeds
 * the generator, so another SEED gives another input of the same kind.
 *
 *===---------------------------------------------------------------------===*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Stats {
  uint64_t Rows, Fields, Quoted, Ints, Decimals, Text, Hash;
  int64_t IntSum;
  double DecSum;
};

static void field(struct Stats *St, const char *F, size_t Len, int Quoted) {
  ++St->Fields;
  St->Quoted += (uint64_t)Quoted;
  size_t I = 0;
  int Neg = 0;
  if (!Quoted && Len > 0 && (F[0] == '-' || F[0] == '+')) {
    Neg = F[0] == '-';
    ++I;
  }
  int64_t V = 0;
  size_t Digits = 0;
  while (!Quoted && I < Len && F[I] >= '0' && F[I] <= '9') {
    V = V * 10 + (F[I++] - '0');
    ++Digits;
  }
  if (!Quoted && Digits > 0 && I == Len) {
    ++St->Ints;
    St->IntSum += Neg ? -V : V;
    return;
  }
  if (!Quoted && Digits > 0 && I < Len && F[I] == '.') {
    double Frac = 0, Scale = 1;
    ++I;
    while (I < Len && F[I] >= '0' && F[I] <= '9') {
      Frac = Frac * 10 + (F[I++] - '0');
      Scale *= 10;
    }
    if (I == Len) {
      ++St->Decimals;
      St->DecSum += (Neg ? -1 : 1) * ((double)V + Frac / Scale);
      return;
    }
  }
  ++St->Text;
  for (size_t K = 0; K < Len; ++K)
    St->Hash = (St->Hash ^ (uint8_t)F[K]) * 1099511628211ull;
}

static void parse(const char *P, const char *End, struct Stats *St) {
  static char Buf[4096];
  while (P < End) {
    /* One record. */
    for (;;) {
      size_t Len = 0;
      int Quoted = 0;
      if (*P == '"') {
        Quoted = 1;
        ++P;
        for (;;) {
          if (P >= End)
            break;
          if (*P == '"') {
            if (P + 1 < End && P[1] == '"') {
              Buf[Len++] = '"';
              P += 2;
              continue;
            }
            ++P;
            break;
          }
          Buf[Len++] = *P++;
        }
      } else {
        while (P < End && *P != ',' && *P != '\n' && *P != '\r')
          Buf[Len++] = *P++;
      }
      field(St, Buf, Len, Quoted);
      if (P < End && *P == ',') {
        ++P;
        continue;
      }
      if (P < End && *P == '\r')
        ++P;
      if (P < End && *P == '\n')
        ++P;
      break;
    }
    ++St->Rows;
  }
}

static uint32_t Seed = 2024;
static uint32_t rnd(void) {
  Seed = Seed * 1103515245u + 12345u;
  return Seed >> 8;
}

static char *genRow(char *W, long Row) {
  W += sprintf(W, "%ld", Row);
  int Cols = 4 + rnd() % 6;
  for (int C = 0; C < Cols; ++C) {
    *W++ = ',';
    switch (rnd() % 7) {
    case 0:
    case 1:
      W += sprintf(W, "%d", (int)(rnd() % 200000) - 100000);
      break;
    case 2:
      W += sprintf(W, "%u.%02u", rnd() % 10000, rnd() % 100);
      break;
    case 3:
      W += sprintf(W, "\"quoted, with \"\"comma\"\" %u\"", rnd() % 1000);
      break;
    case 4:
      W += sprintf(W, "\"multi\nline %u\"", rnd() % 10);
      break;
    case 5:
      break; /* empty field */
    default:
      W += sprintf(W, "name%u", rnd() % 5000);
      break;
    }
  }
  if (rnd() % 4 == 0)
    *W++ = '\r';
  *W++ = '\n';
  return W;
}

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 350000;
  if (argc > 2)
    Seed = (uint32_t)strtoul(argv[2], NULL, 10);
  char *Text = malloc((size_t)N * 320 + 1);
  if (!Text)
    return 1;
  char *W = Text;
  for (long R = 0; R < N; ++R)
    W = genRow(W, R);
  struct Stats St;
  memset(&St, 0, sizeof(St));
  for (int Pass = 0; Pass < 4; ++Pass)
    parse(Text, W, &St);
  printf("csv %ld rows=%llu fields=%llu quoted=%llu ints=%llu dec=%llu "
         "text=%llu isum=%lld dsum=%.2f hash=%016llx\n",
         N, (unsigned long long)St.Rows, (unsigned long long)St.Fields,
         (unsigned long long)St.Quoted, (unsigned long long)St.Ints,
         (unsigned long long)St.Decimals, (unsigned long long)St.Text,
         (long long)St.IntSum, St.DecSum, (unsigned long long)St.Hash);
  free(Text);
  return 0;
}
