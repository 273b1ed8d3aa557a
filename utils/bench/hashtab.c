/*===- utils/bench/hashtab.c - benchmark: an open-addressing hash table ---===*
 *
 * A string-keyed hash table with linear probing and tombstones, driven by a
 * deterministic mix of inserts, lookups (hits and misses), updates and
 * deletes, with growth and rehashing. Probe loops and the hit / miss /
 * tombstone cases give data-dependent paths.
 * Usage: hashtab [N_OPS [SEED]]; prints a checksum. SEED (default 42) seeds
 * the operation mix, so another SEED gives other keys and operations.
 *
 *===---------------------------------------------------------------------===*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { Empty = 0, Live = 1, Dead = 2 };

struct Slot {
  char Key[24];
  uint64_t Hash;
  int64_t Value;
  int State;
};

struct Table {
  struct Slot *Slots;
  size_t Cap, Live, Used;
};

static uint64_t hashKey(const char *K) {
  uint64_t H = 1469598103934665603ull;
  while (*K)
    H = (H ^ (uint8_t)*K++) * 1099511628211ull;
  return H ^ (H >> 29);
}

static void insertRaw(struct Table *T, const struct Slot *S) {
  size_t I = S->Hash & (T->Cap - 1);
  while (T->Slots[I].State == Live)
    I = (I + 1) & (T->Cap - 1);
  T->Slots[I] = *S;
  ++T->Live;
  ++T->Used;
}

static void grow(struct Table *T, size_t NewCap) {
  struct Slot *Old = T->Slots;
  size_t OldCap = T->Cap;
  T->Slots = calloc(NewCap, sizeof(struct Slot));
  if (!T->Slots)
    exit(1);
  T->Cap = NewCap;
  T->Live = T->Used = 0;
  for (size_t I = 0; I < OldCap; ++I)
    if (Old[I].State == Live)
      insertRaw(T, &Old[I]);
  free(Old);
}

/* Returns the slot holding Key, or NULL. */
static struct Slot *find(struct Table *T, const char *Key, uint64_t H) {
  size_t I = H & (T->Cap - 1);
  for (;;) {
    struct Slot *S = &T->Slots[I];
    if (S->State == Empty)
      return NULL;
    if (S->State == Live && S->Hash == H && strcmp(S->Key, Key) == 0)
      return S;
    I = (I + 1) & (T->Cap - 1);
  }
}

static void put(struct Table *T, const char *Key, int64_t V) {
  uint64_t H = hashKey(Key);
  struct Slot *S = find(T, Key, H);
  if (S) {
    S->Value += V;
    return;
  }
  if ((T->Used + 1) * 4 > T->Cap * 3)
    grow(T, T->Live * 2 > T->Cap / 2 ? T->Cap * 2 : T->Cap);
  size_t I = H & (T->Cap - 1);
  while (T->Slots[I].State == Live)
    I = (I + 1) & (T->Cap - 1);
  if (T->Slots[I].State == Empty)
    ++T->Used;
  S = &T->Slots[I];
  strcpy(S->Key, Key);
  S->Hash = H;
  S->Value = V;
  S->State = Live;
  ++T->Live;
}

static int erase(struct Table *T, const char *Key) {
  struct Slot *S = find(T, Key, hashKey(Key));
  if (!S)
    return 0;
  S->State = Dead;
  --T->Live;
  return 1;
}

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 2500000;
  struct Table T = {calloc(16, sizeof(struct Slot)), 16, 0, 0};
  if (!T.Slots)
    return 1;
  uint64_t Seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 42, Sum = 0;
  long Hits = 0, Misses = 0, Erased = 0;
  char Key[24];
  for (long I = 0; I < N; ++I) {
    Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t R = (uint32_t)(Seed >> 33);
    /* Zipf-ish key choice: small ids are much more frequent. */
    uint32_t Id = R % 8 < 5 ? R % 512 : R % 200000;
    snprintf(Key, sizeof(Key), "k%u", Id);
    switch ((R >> 20) % 10) {
    case 0:
    case 1:
    case 2:
      put(&T, Key, (int64_t)(R & 0xff));
      break;
    case 3:
      Erased += erase(&T, Key);
      break;
    default: {
      struct Slot *S = find(&T, Key, hashKey(Key));
      if (S) {
        ++Hits;
        Sum += (uint64_t)S->Value;
      } else {
        ++Misses;
      }
    }
    }
  }
  printf("hashtab %ld live=%zu cap=%zu hits=%ld misses=%ld erased=%ld "
         "sum=%016llx\n",
         N, T.Live, T.Cap, Hits, Misses, Erased, (unsigned long long)Sum);
  free(T.Slots);
  return 0;
}
