/*===- utils/bench/trees.c - benchmark: recursive tree builds and walks ---===*
 *
 * Two kinds of recursive tree code. First, binary-trees: build complete
 * binary trees of several depths with malloc, walk each recursively to check
 * it, free it recursively. Second, an AVL tree keyed by 64-bit integers:
 * recursive insert and delete with rotations and height updates, interleaved
 * with lookups, then an in-order walk and a depth-weighted walk. Small
 * recursive functions called millions of times, each with a few paths, are
 * what this measures: every call starts and ends a path.
 * Usage: trees [N [SEED]]; prints a checksum. N (default 400000) is the
 * number of AVL operations; binary-trees builds max depth 7 + log4(N).
 * SEED (default 3) seeds the key generator.
 *
 *===---------------------------------------------------------------------===*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct BNode {
  struct BNode *Left, *Right;
};

static struct BNode *bottomUp(int Depth) {
  struct BNode *N = malloc(sizeof(*N));
  if (Depth > 0) {
    N->Left = bottomUp(Depth - 1);
    N->Right = bottomUp(Depth - 1);
  } else {
    N->Left = N->Right = NULL;
  }
  return N;
}

static long check(const struct BNode *N) {
  if (!N->Left)
    return 1;
  return 1 + check(N->Left) + check(N->Right);
}

static void freeTree(struct BNode *N) {
  if (N->Left) {
    freeTree(N->Left);
    freeTree(N->Right);
  }
  free(N);
}

static uint64_t binaryTrees(int MaxDepth) {
  uint64_t Sum = 0;
  struct BNode *LongLived = bottomUp(MaxDepth);
  for (int D = 4; D <= MaxDepth; D += 2) {
    int Iterations = 1 << (MaxDepth - D + 4);
    long Checks = 0;
    for (int I = 0; I < Iterations; ++I) {
      struct BNode *T = bottomUp(D);
      Checks += check(T);
      freeTree(T);
    }
    Sum = Sum * 31 + (uint64_t)Checks;
  }
  Sum = Sum * 31 + (uint64_t)check(LongLived);
  freeTree(LongLived);
  return Sum;
}

struct AvlNode {
  struct AvlNode *Left, *Right;
  int64_t Key;
  int64_t Value;
  int Height;
};

static int height(const struct AvlNode *N) { return N ? N->Height : 0; }

static int maxInt(int A, int B) { return A > B ? A : B; }

static void update(struct AvlNode *N) {
  N->Height = 1 + maxInt(height(N->Left), height(N->Right));
}

static struct AvlNode *rotateRight(struct AvlNode *Y) {
  struct AvlNode *X = Y->Left;
  Y->Left = X->Right;
  X->Right = Y;
  update(Y);
  update(X);
  return X;
}

static struct AvlNode *rotateLeft(struct AvlNode *X) {
  struct AvlNode *Y = X->Right;
  X->Right = Y->Left;
  Y->Left = X;
  update(X);
  update(Y);
  return Y;
}

static struct AvlNode *rebalance(struct AvlNode *N) {
  update(N);
  int Balance = height(N->Left) - height(N->Right);
  if (Balance > 1) {
    if (height(N->Left->Left) < height(N->Left->Right))
      N->Left = rotateLeft(N->Left);
    return rotateRight(N);
  }
  if (Balance < -1) {
    if (height(N->Right->Right) < height(N->Right->Left))
      N->Right = rotateRight(N->Right);
    return rotateLeft(N);
  }
  return N;
}

static long AvlSize;

static struct AvlNode *insert(struct AvlNode *N, int64_t Key, int64_t Value) {
  if (!N) {
    N = malloc(sizeof(*N));
    N->Left = N->Right = NULL;
    N->Key = Key;
    N->Value = Value;
    N->Height = 1;
    ++AvlSize;
    return N;
  }
  if (Key < N->Key)
    N->Left = insert(N->Left, Key, Value);
  else if (Key > N->Key)
    N->Right = insert(N->Right, Key, Value);
  else {
    N->Value += Value;
    return N;
  }
  return rebalance(N);
}

static struct AvlNode *removeMin(struct AvlNode *N, struct AvlNode **Min) {
  if (!N->Left) {
    *Min = N;
    return N->Right;
  }
  N->Left = removeMin(N->Left, Min);
  return rebalance(N);
}

static struct AvlNode *erase(struct AvlNode *N, int64_t Key) {
  if (!N)
    return NULL;
  if (Key < N->Key)
    N->Left = erase(N->Left, Key);
  else if (Key > N->Key)
    N->Right = erase(N->Right, Key);
  else {
    struct AvlNode *L = N->Left, *R = N->Right;
    free(N);
    --AvlSize;
    if (!R)
      return L;
    struct AvlNode *Min;
    R = removeMin(R, &Min);
    Min->Left = L;
    Min->Right = R;
    return rebalance(Min);
  }
  return rebalance(N);
}

static const struct AvlNode *find(const struct AvlNode *N, int64_t Key) {
  while (N && N->Key != Key)
    N = Key < N->Key ? N->Left : N->Right;
  return N;
}

static uint64_t inOrder(const struct AvlNode *N, uint64_t Acc) {
  if (!N)
    return Acc;
  Acc = inOrder(N->Left, Acc);
  Acc = (Acc ^ (uint64_t)N->Key) * 0x100000001b3ull + (uint64_t)N->Value;
  return inOrder(N->Right, Acc);
}

static uint64_t depthSum(const struct AvlNode *N, int Depth) {
  if (!N)
    return 0;
  uint64_t S = (uint64_t)Depth * (uint64_t)(N->Key & 0xff);
  if (N->Left)
    S += depthSum(N->Left, Depth + 1);
  if (N->Right)
    S += depthSum(N->Right, Depth + 1);
  return S;
}

static void freeAvl(struct AvlNode *N) {
  if (!N)
    return;
  freeAvl(N->Left);
  freeAvl(N->Right);
  free(N);
}

static uint64_t Rng;

static uint64_t next(void) {
  Rng ^= Rng << 13;
  Rng ^= Rng >> 7;
  Rng ^= Rng << 17;
  return Rng;
}

static uint64_t avlWorkload(long Ops) {
  struct AvlNode *Root = NULL;
  /* Keys from a range about a quarter of the operations wide, so inserts hit
   * existing keys, erases hit and miss, and the tree stays a few levels deep.
   */
  uint64_t Range = (uint64_t)(Ops / 4 + 16);
  uint64_t Found = 0, Sum = 0;
  for (long I = 0; I < Ops; ++I) {
    uint64_t R = next();
    int64_t Key = (int64_t)((R >> 16) % Range);
    switch (R & 7) {
    case 0:
    case 1:
    case 2:
      Root = insert(Root, Key, (int64_t)(R >> 48));
      break;
    case 3:
    case 4:
      Root = erase(Root, Key);
      break;
    default: {
      const struct AvlNode *N = find(Root, Key);
      if (N) {
        ++Found;
        Sum += (uint64_t)N->Value;
      }
    }
    }
    if ((I & 0xffff) == 0xffff)
      Sum += depthSum(Root, 0);
  }
  uint64_t H = inOrder(Root, 14695981039346656037ull);
  H ^= Found * 0x9e3779b97f4a7c15ull + Sum + (uint64_t)AvlSize;
  freeAvl(Root);
  return H;
}

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 400000;
  Rng =
      (argc > 2 ? strtoull(argv[2], NULL, 10) : 3) * 0x9e3779b97f4a7c15ull | 1;
  int Depth = 7;
  for (long M = N; M > 3; M >>= 2)
    ++Depth;
  uint64_t BT = binaryTrees(Depth);
  uint64_t Avl = avlWorkload(N);
  printf("trees %ld depth=%d size=%ld bt=%016llx avl=%016llx\n", N, Depth,
         AvlSize, (unsigned long long)BT, (unsigned long long)Avl);
  return 0;
}
