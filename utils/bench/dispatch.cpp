//===- utils/bench/dispatch.cpp - benchmark: indirect calls ---------------===//
//
// Code whose time goes into indirect calls with few targets, where a
// profile that knows the targets pays most (indirect-call promotion, then
// inlining): a pipeline of pixel filters behind a virtual apply(), run over
// an image row by row, where most stages are of two kinds; and a merge sort
// and a binary search that take their comparison as a function pointer, as
// C libraries do. Usage: dispatch [N [SEED]]; prints a checksum. N (default
// 3000) is the number of image rows (of 1024 pixels) and of sorted keys in
// thousands; SEED (default 17) seeds the generator.
//
//===----------------------------------------------------------------------===//
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace {

uint64_t Rng;

uint64_t next() {
  Rng ^= Rng >> 12;
  Rng ^= Rng << 25;
  Rng ^= Rng >> 27;
  return Rng * 0x2545F4914F6CDD1Dull;
}

/// One stage of the pipeline: maps a pixel value to another.
class Filter {
public:
  virtual ~Filter() = default;
  virtual uint32_t apply(uint32_t V) const = 0;
};

class Gain final : public Filter {
  uint32_t Num, Shift;

public:
  Gain(uint32_t Num, uint32_t Shift) : Num(Num), Shift(Shift) {}
  uint32_t apply(uint32_t V) const override { return (V * Num) >> Shift; }
};

class Offset final : public Filter {
  uint32_t Add;

public:
  explicit Offset(uint32_t Add) : Add(Add) {}
  uint32_t apply(uint32_t V) const override { return V + Add; }
};

class Clamp final : public Filter {
  uint32_t Lo, Hi;

public:
  Clamp(uint32_t Lo, uint32_t Hi) : Lo(Lo), Hi(Hi) {}
  uint32_t apply(uint32_t V) const override {
    return V < Lo ? Lo : V > Hi ? Hi : V;
  }
};

class Threshold final : public Filter {
  uint32_t Level;

public:
  explicit Threshold(uint32_t Level) : Level(Level) {}
  uint32_t apply(uint32_t V) const override { return V >= Level ? V : 0; }
};

class Gamma final : public Filter {
  uint32_t Table[256];

public:
  explicit Gamma(uint32_t Seed) {
    for (uint32_t I = 0; I != 256; ++I)
      Table[I] = (I * I + Seed) >> 8;
  }
  uint32_t apply(uint32_t V) const override {
    return Table[V & 255] + (V >> 8);
  }
};

/// Stage kinds: mostly Gain and Offset, now and then one of the others.
std::unique_ptr<Filter> makeFilter() {
  uint64_t R = next() % 100;
  if (R < 45)
    return std::make_unique<Gain>(200 + next() % 100, 8);
  if (R < 85)
    return std::make_unique<Offset>(next() % 16);
  if (R < 93)
    return std::make_unique<Clamp>(8, 4000 + next() % 1000);
  if (R < 97)
    return std::make_unique<Threshold>(next() % 32);
  return std::make_unique<Gamma>(next() % 256);
}

uint64_t runPipeline(unsigned Rows) {
  enum { Width = 1024, Stages = 12 };
  std::vector<std::unique_ptr<Filter>> Pipeline;
  for (int I = 0; I != Stages; ++I)
    Pipeline.push_back(makeFilter());
  std::vector<uint32_t> Row(Width);
  uint64_t Sum = 0;
  for (unsigned Y = 0; Y != Rows; ++Y) {
    for (uint32_t &P : Row)
      P = next() & 4095;
    for (const auto &F : Pipeline)
      for (uint32_t &P : Row)
        P = F->apply(P);
    for (uint32_t P : Row)
      Sum += P;
  }
  return Sum;
}

struct Record {
  uint32_t Key;
  uint32_t Payload;
};

using Compare = int (*)(const Record &, const Record &);

int byKey(const Record &A, const Record &B) {
  return A.Key < B.Key ? -1 : A.Key > B.Key;
}
int byPayload(const Record &A, const Record &B) {
  return A.Payload < B.Payload ? -1 : A.Payload > B.Payload;
}

/// Bottom-up merge sort with the comparison behind a function pointer.
void mergeSort(std::vector<Record> &V, Compare Cmp) {
  std::vector<Record> Tmp(V.size());
  for (size_t Width = 1; Width < V.size(); Width *= 2) {
    for (size_t Lo = 0; Lo < V.size(); Lo += 2 * Width) {
      size_t Mid = std::min(Lo + Width, V.size());
      size_t Hi = std::min(Lo + 2 * Width, V.size());
      size_t I = Lo, J = Mid, K = Lo;
      while (I < Mid && J < Hi)
        Tmp[K++] = Cmp(V[J], V[I]) < 0 ? V[J++] : V[I++];
      while (I < Mid)
        Tmp[K++] = V[I++];
      while (J < Hi)
        Tmp[K++] = V[J++];
    }
    V.swap(Tmp);
  }
}

/// The index of the first record not less than \p X, by \p Cmp.
size_t lowerBound(const std::vector<Record> &V, const Record &X, Compare Cmp) {
  size_t Lo = 0, Hi = V.size();
  while (Lo < Hi) {
    size_t Mid = Lo + (Hi - Lo) / 2;
    if (Cmp(V[Mid], X) < 0)
      Lo = Mid + 1;
    else
      Hi = Mid;
  }
  return Lo;
}

uint64_t runSort(unsigned Thousands) {
  std::vector<Record> V(Thousands * 1000u);
  for (Record &R : V)
    R = {static_cast<uint32_t>(next()), static_cast<uint32_t>(next() >> 40)};
  // Mostly by key; one sort in eight by payload.
  uint64_t Sum = 0;
  for (int Round = 0; Round != 8; ++Round) {
    Compare Cmp = Round == 5 ? byPayload : byKey;
    std::vector<Record> W = V;
    mergeSort(W, Cmp);
    for (unsigned Q = 0; Q != Thousands * 100u; ++Q) {
      Record X = {static_cast<uint32_t>(next()),
                  static_cast<uint32_t>(next() >> 40)};
      Sum += lowerBound(W, X, Cmp);
    }
    Sum += W[W.size() / 2].Key;
  }
  return Sum;
}

} // namespace

int main(int Argc, char **Argv) {
  unsigned N = Argc > 1 ? static_cast<unsigned>(std::atoi(Argv[1])) : 3000;
  Rng = Argc > 2 ? std::strtoull(Argv[2], nullptr, 10) : 17;
  if (Rng == 0)
    Rng = 1;
  uint64_t A = runPipeline(N);
  uint64_t B = runSort(N / 10);
  std::printf("dispatch %u pipeline=%016llx sort=%016llx\n", N,
              static_cast<unsigned long long>(A),
              static_cast<unsigned long long>(B));
  return 0;
}
