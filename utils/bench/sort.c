/*===- utils/bench/sort.c - benchmark: introsort and merge sort -----------===*
 *
 * Sorts deterministic arrays with different shapes (random, nearly sorted,
 * many duplicates, organ pipe) with a hand-written introsort (median-of-three
 * quicksort, insertion sort for small ranges, heapsort fallback) and a
 * bottom-up merge sort, and checks both agree. Comparison outcomes drive the
 * paths.
 * Usage: sort [N [SEED]]; prints a checksum. SEED (default 1) seeds the
 * array generator, so another SEED gives other arrays of the same shapes.
 *
 *===---------------------------------------------------------------------===*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void insertion(int32_t *A, long Lo, long Hi) {
  for (long I = Lo + 1; I <= Hi; ++I) {
    int32_t V = A[I];
    long J = I - 1;
    while (J >= Lo && A[J] > V) {
      A[J + 1] = A[J];
      --J;
    }
    A[J + 1] = V;
  }
}

static void heapify(int32_t *A, long N, long I) {
  for (;;) {
    long L = 2 * I + 1, Big = I;
    if (L < N && A[L] > A[Big])
      Big = L;
    if (L + 1 < N && A[L + 1] > A[Big])
      Big = L + 1;
    if (Big == I)
      return;
    int32_t T = A[I];
    A[I] = A[Big];
    A[Big] = T;
    I = Big;
  }
}

static void heapSort(int32_t *A, long N) {
  for (long I = N / 2 - 1; I >= 0; --I)
    heapify(A, N, I);
  for (long I = N - 1; I > 0; --I) {
    int32_t T = A[0];
    A[0] = A[I];
    A[I] = T;
    heapify(A, I, 0);
  }
}

static void intro(int32_t *A, long Lo, long Hi, int Depth) {
  while (Hi - Lo > 16) {
    if (Depth-- == 0) {
      heapSort(A + Lo, Hi - Lo + 1);
      return;
    }
    long Mid = Lo + (Hi - Lo) / 2;
    if (A[Mid] < A[Lo]) {
      int32_t T = A[Mid];
      A[Mid] = A[Lo];
      A[Lo] = T;
    }
    if (A[Hi] < A[Lo]) {
      int32_t T = A[Hi];
      A[Hi] = A[Lo];
      A[Lo] = T;
    }
    if (A[Hi] < A[Mid]) {
      int32_t T = A[Hi];
      A[Hi] = A[Mid];
      A[Mid] = T;
    }
    int32_t P = A[Mid];
    long I = Lo, J = Hi;
    while (I <= J) {
      while (A[I] < P)
        ++I;
      while (A[J] > P)
        --J;
      if (I <= J) {
        int32_t T = A[I];
        A[I++] = A[J];
        A[J--] = T;
      }
    }
    if (J - Lo < Hi - I) {
      intro(A, Lo, J, Depth);
      Lo = I;
    } else {
      intro(A, I, Hi, Depth);
      Hi = J;
    }
  }
  insertion(A, Lo, Hi);
}

static void mergeSort(int32_t *A, int32_t *Tmp, long N) {
  for (long W = 1; W < N; W *= 2) {
    for (long Lo = 0; Lo < N - W; Lo += 2 * W) {
      long Mid = Lo + W, Hi = Lo + 2 * W < N ? Lo + 2 * W : N;
      if (A[Mid - 1] <= A[Mid])
        continue; /* already in order */
      long I = Lo, J = Mid, K = Lo;
      while (I < Mid && J < Hi)
        Tmp[K++] = A[J] < A[I] ? A[J++] : A[I++];
      while (I < Mid)
        Tmp[K++] = A[I++];
      while (J < Hi)
        Tmp[K++] = A[J++];
      memcpy(A + Lo, Tmp + Lo, (size_t)(Hi - Lo) * sizeof(int32_t));
    }
  }
}

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 1000000;
  int32_t *A = malloc((size_t)N * 4), *B = malloc((size_t)N * 4),
          *Tmp = malloc((size_t)N * 4);
  if (!A || !B || !Tmp)
    return 1;
  uint32_t Seed = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 1;
  uint64_t Sum = 0;
  for (int Shape = 0; Shape < 4; ++Shape) {
    for (long I = 0; I < N; ++I) {
      Seed = Seed * 1664525u + 1013904223u;
      switch (Shape) {
      case 0:
        A[I] = (int32_t)(Seed >> 1);
        break;
      case 1:
        A[I] = (int32_t)(Seed % 64 == 0 ? Seed >> 8 : (uint32_t)I);
        break;
      case 2:
        A[I] = (int32_t)(Seed >> 28);
        break;
      default:
        A[I] = (int32_t)(I < N / 2 ? I : N - I);
        break;
      }
    }
    memcpy(B, A, (size_t)N * 4);
    intro(A, 0, N - 1, 64);
    mergeSort(B, Tmp, N);
    if (memcmp(A, B, (size_t)N * 4) != 0) {
      printf("sort: mismatch in shape %d\n", Shape);
      return 1;
    }
    for (long I = 0; I < N; I += 97)
      Sum = Sum * 31 + (uint32_t)A[I];
  }
  printf("sort %ld %016llx\n", N, (unsigned long long)Sum);
  free(A);
  free(B);
  free(Tmp);
  return 0;
}
