/*===- utils/bench/chase.c - benchmark: linked lists and pointer chasing --===*
 *
 * Pointer-chasing code over nodes scattered in memory: a singly linked list
 * sorted by a recursive merge sort, reversed and filtered; an LRU cache (a
 * doubly linked list plus a chained hash table) driven by a skewed key
 * stream; and random walks and depth-first searches over a graph whose
 * adjacency lists are linked lists. The loops are short, each step a load
 * that depends on the one before, with a branch or two per node.
 * Usage: chase [N [SEED]]; prints a checksum. N (default 300000) is the
 * number of list nodes and graph vertices; SEED (default 11) seeds the
 * generator.
 *
 *===---------------------------------------------------------------------===*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t Rng;

static uint64_t next(void) {
  Rng += 0x9e3779b97f4a7c15ull;
  uint64_t Z = Rng;
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

/* Lists. */

struct LNode {
  struct LNode *Next;
  uint32_t Key;
  uint32_t Payload;
};

static struct LNode *merge(struct LNode *A, struct LNode *B) {
  struct LNode Head, *T = &Head;
  while (A && B) {
    if (A->Key <= B->Key) {
      T->Next = A;
      A = A->Next;
    } else {
      T->Next = B;
      B = B->Next;
    }
    T = T->Next;
  }
  T->Next = A ? A : B;
  return Head.Next;
}

static struct LNode *mergeSort(struct LNode *L) {
  if (!L || !L->Next)
    return L;
  struct LNode *Slow = L, *Fast = L->Next;
  while (Fast && Fast->Next) {
    Slow = Slow->Next;
    Fast = Fast->Next->Next;
  }
  struct LNode *Second = Slow->Next;
  Slow->Next = NULL;
  return merge(mergeSort(L), mergeSort(Second));
}

static struct LNode *reverse(struct LNode *L) {
  struct LNode *Prev = NULL;
  while (L) {
    struct LNode *Next = L->Next;
    L->Next = Prev;
    Prev = L;
    L = Next;
  }
  return Prev;
}

/* Unlinks nodes whose key is divisible by D; returns how many. */
static long dropMultiples(struct LNode **L, uint32_t D) {
  long Dropped = 0;
  for (struct LNode **P = L; *P;) {
    if ((*P)->Key % D == 0) {
      *P = (*P)->Next;
      ++Dropped;
    } else {
      P = &(*P)->Next;
    }
  }
  return Dropped;
}

static uint64_t listWorkload(long N) {
  /* Nodes from one array, linked in a shuffled order so that following Next
   * jumps around memory. */
  struct LNode *Pool = malloc((size_t)N * sizeof(*Pool));
  long *Order = malloc((size_t)N * sizeof(long));
  for (long I = 0; I < N; ++I)
    Order[I] = I;
  for (long I = N - 1; I > 0; --I) {
    long J = (long)(next() % (uint64_t)(I + 1));
    long T = Order[I];
    Order[I] = Order[J];
    Order[J] = T;
  }
  struct LNode *L = NULL;
  for (long I = 0; I < N; ++I) {
    struct LNode *X = &Pool[Order[I]];
    X->Key = (uint32_t)next() % 1000003u;
    X->Payload = (uint32_t)I;
    X->Next = L;
    L = X;
  }
  uint64_t H = 0;
  for (int Round = 0; Round < 3; ++Round) {
    L = mergeSort(L);
    uint32_t Prev = 0;
    long Pos = 0;
    for (struct LNode *X = L; X; X = X->Next, ++Pos) {
      if (X->Key < Prev)
        H += 1000000007;
      Prev = X->Key;
      if ((Pos & 63) == 0)
        H = H * 31 + X->Payload;
    }
    H += (uint64_t)dropMultiples(&L, 7u + (uint32_t)Round * 4);
    L = reverse(L);
    /* Scramble keys so the next sort has work to do. */
    for (struct LNode *X = L; X; X = X->Next)
      X->Key = (X->Key * 2654435761u + X->Payload) % 1000003u;
  }
  free(Order);
  free(Pool);
  return H;
}

/* LRU cache. */

struct Entry {
  struct Entry *Prev, *Next; /* recency list, most recent first */
  struct Entry *Chain;       /* hash bucket chain */
  uint64_t Key;
  uint64_t Value;
};

struct Lru {
  struct Entry **Buckets;
  uint64_t Mask;
  struct Entry Head; /* sentinel of the recency list */
  struct Entry *Free;
  long Size, Capacity;
};

static void lruUnlink(struct Entry *E) {
  E->Prev->Next = E->Next;
  E->Next->Prev = E->Prev;
}

static void pushFront(struct Lru *C, struct Entry *E) {
  E->Next = C->Head.Next;
  E->Prev = &C->Head;
  C->Head.Next->Prev = E;
  C->Head.Next = E;
}

static struct Entry **bucket(struct Lru *C, uint64_t Key) {
  return &C->Buckets[(Key * 0x9e3779b97f4a7c15ull >> 32) & C->Mask];
}

static void unchain(struct Lru *C, struct Entry *E) {
  struct Entry **P = bucket(C, E->Key);
  while (*P != E)
    P = &(*P)->Chain;
  *P = E->Chain;
}

/* Returns 1 on a hit; on a miss inserts Key, evicting the least recent. */
static int lruGet(struct Lru *C, uint64_t Key, uint64_t *Value) {
  struct Entry **B = bucket(C, Key);
  for (struct Entry *E = *B; E; E = E->Chain)
    if (E->Key == Key) {
      lruUnlink(E);
      pushFront(C, E);
      *Value = E->Value;
      return 1;
    }
  struct Entry *E;
  if (C->Size == C->Capacity) {
    E = C->Head.Prev;
    lruUnlink(E);
    unchain(C, E);
  } else {
    E = C->Free++;
    ++C->Size;
  }
  E->Key = Key;
  E->Value = Key * 3 + 1;
  E->Chain = *B;
  *B = E;
  pushFront(C, E);
  *Value = E->Value;
  return 0;
}

static uint64_t lruWorkload(long N) {
  struct Lru C;
  C.Capacity = N / 8 + 1;
  uint64_t NB = 1;
  while (NB < (uint64_t)C.Capacity)
    NB <<= 1;
  C.Buckets = calloc(NB, sizeof(struct Entry *));
  C.Mask = NB - 1;
  C.Head.Next = C.Head.Prev = &C.Head;
  struct Entry *Entries = malloc((size_t)C.Capacity * sizeof(struct Entry));
  C.Free = Entries;
  C.Size = 0;
  uint64_t Hits = 0, Sum = 0;
  for (long I = 0; I < 8 * N; ++I) {
    uint64_t R = next();
    /* Skewed keys: mostly from a hot set that fits, some from a wide range. */
    uint64_t Key = (R & 3) ? (R >> 8) % (uint64_t)(C.Capacity / 2 + 1)
                           : (R >> 8) % (uint64_t)(N * 4);
    uint64_t V;
    Hits += (uint64_t)lruGet(&C, Key, &V);
    Sum += V;
  }
  free(Entries);
  free(C.Buckets);
  return Hits * 0x100000001b3ull ^ Sum;
}

/* A graph with linked adjacency lists. */

struct Edge {
  struct Edge *Next;
  struct Vertex *To;
};

struct Vertex {
  struct Edge *Adj;
  struct Vertex *Parent; /* DFS stack link */
  struct Edge *Cursor;
  uint32_t Mark;
  uint32_t Id;
};

static uint64_t graphWorkload(long N) {
  struct Vertex *V = calloc((size_t)N, sizeof(*V));
  long M = 3 * N;
  struct Edge *E = malloc((size_t)M * sizeof(*E));
  for (long I = 0; I < N; ++I)
    V[I].Id = (uint32_t)I;
  for (long I = 0; I < M; ++I) {
    uint64_t R = next();
    long From = (long)(R % (uint64_t)N);
    long To = (R >> 40) & 1 ? (From + 1 + (long)((R >> 20) % 16)) % N
                            : (long)((R >> 24) % (uint64_t)N);
    E[I].To = &V[To];
    E[I].Next = V[From].Adj;
    V[From].Adj = &E[I];
  }
  uint64_t H = 0;
  /* Random walks: follow a pseudo-random edge out of each vertex. */
  for (int W = 0; W < 64; ++W) {
    struct Vertex *At = &V[next() % (uint64_t)N];
    for (long Step = 0; Step < N / 8; ++Step) {
      struct Edge *X = At->Adj;
      if (!X) {
        At = &V[(At->Id * 2654435761u) % (uint64_t)N];
        continue;
      }
      for (uint32_t K = (uint32_t)(Step ^ At->Id) % 4; K && X->Next; --K)
        X = X->Next;
      At = X->To;
      H += At->Id;
    }
  }
  /* Iterative DFS from every unvisited vertex, the stack threaded through
   * Parent pointers. */
  uint32_t Trees = 0, MaxDepth = 0;
  for (long I = 0; I < N; ++I) {
    if (V[I].Mark)
      continue;
    ++Trees;
    struct Vertex *U = &V[I];
    U->Mark = 1;
    U->Cursor = U->Adj;
    U->Parent = NULL;
    uint32_t Depth = 0;
    while (U) {
      struct Edge *X = U->Cursor;
      if (!X) {
        U = U->Parent;
        --Depth;
        continue;
      }
      U->Cursor = X->Next;
      struct Vertex *T = X->To;
      if (T->Mark)
        continue;
      T->Mark = U->Mark + 1;
      T->Cursor = T->Adj;
      T->Parent = U;
      U = T;
      if (++Depth > MaxDepth)
        MaxDepth = Depth;
      H = H * 31 + T->Id;
    }
  }
  free(E);
  free(V);
  return H ^ ((uint64_t)Trees << 32 | MaxDepth);
}

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 300000;
  Rng = argc > 2 ? strtoull(argv[2], NULL, 10) : 11;
  uint64_t A = listWorkload(N);
  uint64_t B = lruWorkload(N);
  uint64_t C = graphWorkload(N);
  printf("chase %ld list=%016llx lru=%016llx graph=%016llx\n", N,
         (unsigned long long)A, (unsigned long long)B, (unsigned long long)C);
  return 0;
}
