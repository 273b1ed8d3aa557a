/*===- utils/bench/graph.c - benchmark: shortest paths on a random graph --===*
 *
 * Builds a deterministic sparse random graph (CSR form), runs Dijkstra with a
 * binary heap and decrease-key from several sources, then a BFS for
 * connected components. Heap sift loops and the relax / skip decision are
 * the branchy core.
 * Usage: graph [N_NODES [SEED]]; prints a checksum. SEED (default 5) seeds the
 * graph generator, so another SEED gives another graph of the same kind.
 *
 *===---------------------------------------------------------------------===*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct Graph {
  int N;
  int *Start, *Dst, *W;
};

static int *Heap, *Pos;
static int64_t *Dist;
static int HeapN;

static void siftUp(int I) {
  int V = Heap[I];
  while (I > 0) {
    int P = (I - 1) / 2;
    if (Dist[Heap[P]] <= Dist[V])
      break;
    Heap[I] = Heap[P];
    Pos[Heap[I]] = I;
    I = P;
  }
  Heap[I] = V;
  Pos[V] = I;
}

static void siftDown(int I) {
  int V = Heap[I];
  for (;;) {
    int C = 2 * I + 1;
    if (C >= HeapN)
      break;
    if (C + 1 < HeapN && Dist[Heap[C + 1]] < Dist[Heap[C]])
      ++C;
    if (Dist[V] <= Dist[Heap[C]])
      break;
    Heap[I] = Heap[C];
    Pos[Heap[I]] = I;
    I = C;
  }
  Heap[I] = V;
  Pos[V] = I;
}

static uint64_t dijkstra(const struct Graph *G, int Src) {
  for (int I = 0; I < G->N; ++I) {
    Dist[I] = INT64_MAX;
    Pos[I] = -1;
  }
  HeapN = 0;
  Dist[Src] = 0;
  Heap[HeapN++] = Src;
  Pos[Src] = 0;
  uint64_t Sum = 0;
  int Reached = 0;
  while (HeapN > 0) {
    int U = Heap[0];
    Heap[0] = Heap[--HeapN];
    Pos[U] = -2; /* settled */
    if (HeapN > 0)
      siftDown(0);
    Sum += (uint64_t)Dist[U];
    ++Reached;
    for (int E = G->Start[U]; E < G->Start[U + 1]; ++E) {
      int V = G->Dst[E];
      if (Pos[V] == -2)
        continue;
      int64_t D = Dist[U] + G->W[E];
      if (D >= Dist[V])
        continue;
      Dist[V] = D;
      if (Pos[V] == -1) {
        Heap[HeapN] = V;
        Pos[V] = HeapN++;
      }
      siftUp(Pos[V]);
    }
  }
  return Sum * 31 + (uint64_t)Reached;
}

static int components(const struct Graph *G) {
  int *Seen = calloc((size_t)G->N, sizeof(int)),
      *Queue = malloc((size_t)G->N * sizeof(int));
  int Count = 0;
  for (int S = 0; S < G->N; ++S) {
    if (Seen[S])
      continue;
    ++Count;
    int Head = 0, Tail = 0;
    Queue[Tail++] = S;
    Seen[S] = 1;
    while (Head < Tail) {
      int U = Queue[Head++];
      for (int E = G->Start[U]; E < G->Start[U + 1]; ++E)
        if (!Seen[G->Dst[E]]) {
          Seen[G->Dst[E]] = 1;
          Queue[Tail++] = G->Dst[E];
        }
    }
  }
  free(Seen);
  free(Queue);
  return Count;
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 300000;
  struct Graph G = {N, calloc((size_t)N + 1, sizeof(int)), NULL, NULL};
  uint64_t Seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 5;
  /* Degrees 0..5, skewed so some nodes are hubs. */
  int *Deg = malloc((size_t)N * sizeof(int));
  long M = 0;
  for (int I = 0; I < N; ++I) {
    Seed = Seed * 6364136223846793005ull + 1;
    Deg[I] = (int)((Seed >> 40) % 6) + ((Seed >> 20) % 64 == 0 ? 40 : 0);
    M += Deg[I];
  }
  G.Dst = malloc((size_t)M * sizeof(int));
  G.W = malloc((size_t)M * sizeof(int));
  long E = 0;
  for (int I = 0; I < N; ++I) {
    G.Start[I] = (int)E;
    for (int K = 0; K < Deg[I]; ++K, ++E) {
      Seed = Seed * 6364136223846793005ull + 1;
      /* Mostly local edges, some long-range ones. */
      int Off = (Seed >> 60) < 12 ? (int)((Seed >> 30) % 64) - 32
                                  : (int)((Seed >> 24) % (uint64_t)N);
      G.Dst[E] = ((I + Off) % N + N) % N;
      G.W[E] = 1 + (int)((Seed >> 8) % 100);
    }
  }
  G.Start[N] = (int)E;
  Heap = malloc((size_t)N * sizeof(int));
  Pos = malloc((size_t)N * sizeof(int));
  Dist = malloc((size_t)N * sizeof(int64_t));
  uint64_t Sum = 0;
  for (int S = 0; S < 6; ++S)
    Sum =
        Sum * 1000003u + dijkstra(&G, (int)((uint64_t)S * 7919 % (uint64_t)N));
  printf("graph %d edges=%ld components=%d sum=%016llx\n", N, M, components(&G),
         (unsigned long long)Sum);
  free(G.Start);
  free(G.Dst);
  free(G.W);
  free(Deg);
  free(Heap);
  free(Pos);
  free(Dist);
  return 0;
}
