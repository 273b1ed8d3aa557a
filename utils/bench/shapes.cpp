//===- utils/bench/shapes.cpp - benchmark: virtual calls and exceptions ---===//
//
// C++ code of the usual object-oriented kind. A scene of shapes (a class
// hierarchy with virtual area, perimeter, transform and hit tests) held in
// a std::vector of std::unique_ptr is queried and transformed; then random
// expression trees (another hierarchy, evaluated by recursive virtual calls)
// are built and evaluated. A division by zero in a strict evaluation (one in
// eight) or an out-of-range product throws an exception that is caught a few
// frames up, in the loop that evaluates the trees: a few percent of the
// evaluations end that way.
// Usage: shapes [N [SEED]]; prints a checksum. N (default 90000) is the
// number of shapes and of expression evaluations; SEED (default 29) seeds
// the generator.
//
//===----------------------------------------------------------------------===//
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <vector>

namespace {

uint64_t Rng;

uint64_t next() {
  Rng ^= Rng >> 12;
  Rng ^= Rng << 25;
  Rng ^= Rng >> 27;
  return Rng * 0x2545F4914F6CDD1Dull;
}

double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

struct Point {
  double X, Y;
};

class Shape {
public:
  virtual ~Shape() = default;
  virtual double area() const = 0;
  virtual double perimeter() const = 0;
  virtual bool contains(Point P) const = 0;
  virtual void translate(double DX, double DY) = 0;
  virtual void scale(double F) = 0;
  virtual int kind() const = 0;
};

class Circle final : public Shape {
  Point C;
  double R;

public:
  Circle(Point C, double R) : C(C), R(R) {}
  double area() const override { return 3.141592653589793 * R * R; }
  double perimeter() const override { return 2 * 3.141592653589793 * R; }
  bool contains(Point P) const override {
    double DX = P.X - C.X, DY = P.Y - C.Y;
    return DX * DX + DY * DY <= R * R;
  }
  void translate(double DX, double DY) override {
    C.X += DX;
    C.Y += DY;
  }
  void scale(double F) override { R *= F; }
  int kind() const override { return 0; }
};

class Rect : public Shape {
protected:
  Point Lo, Hi;

public:
  Rect(Point Lo, Point Hi) : Lo(Lo), Hi(Hi) {}
  double area() const override { return (Hi.X - Lo.X) * (Hi.Y - Lo.Y); }
  double perimeter() const override {
    return 2 * ((Hi.X - Lo.X) + (Hi.Y - Lo.Y));
  }
  bool contains(Point P) const override {
    return P.X >= Lo.X && P.X <= Hi.X && P.Y >= Lo.Y && P.Y <= Hi.Y;
  }
  void translate(double DX, double DY) override {
    Lo.X += DX;
    Hi.X += DX;
    Lo.Y += DY;
    Hi.Y += DY;
  }
  void scale(double F) override {
    Hi.X = Lo.X + (Hi.X - Lo.X) * F;
    Hi.Y = Lo.Y + (Hi.Y - Lo.Y) * F;
  }
  int kind() const override { return 1; }
};

class Square final : public Rect {
public:
  Square(Point Lo, double Side) : Rect(Lo, {Lo.X + Side, Lo.Y + Side}) {}
  double perimeter() const override { return 4 * (Hi.X - Lo.X); }
  int kind() const override { return 2; }
};

class Polygon final : public Shape {
  std::vector<Point> Pts;

public:
  explicit Polygon(std::vector<Point> Pts) : Pts(std::move(Pts)) {}
  double area() const override {
    double A = 0;
    for (size_t I = 0, J = Pts.size() - 1; I < Pts.size(); J = I++)
      A += (Pts[J].X + Pts[I].X) * (Pts[J].Y - Pts[I].Y);
    return A < 0 ? -A / 2 : A / 2;
  }
  double perimeter() const override {
    double L = 0;
    for (size_t I = 0, J = Pts.size() - 1; I < Pts.size(); J = I++) {
      double DX = Pts[I].X - Pts[J].X, DY = Pts[I].Y - Pts[J].Y;
      L += DX < 0 ? -DX : DX;
      L += DY < 0 ? -DY : DY;
    }
    return L;
  }
  bool contains(Point P) const override {
    bool In = false;
    for (size_t I = 0, J = Pts.size() - 1; I < Pts.size(); J = I++)
      if ((Pts[I].Y > P.Y) != (Pts[J].Y > P.Y) &&
          P.X <
              (Pts[J].X - Pts[I].X) * (P.Y - Pts[I].Y) / (Pts[J].Y - Pts[I].Y) +
                  Pts[I].X)
        In = !In;
    return In;
  }
  void translate(double DX, double DY) override {
    for (Point &P : Pts) {
      P.X += DX;
      P.Y += DY;
    }
  }
  void scale(double F) override {
    Point O = Pts[0];
    for (Point &P : Pts) {
      P.X = O.X + (P.X - O.X) * F;
      P.Y = O.Y + (P.Y - O.Y) * F;
    }
  }
  int kind() const override { return 3; }
};

std::unique_ptr<Shape> makeShape() {
  Point P{unit() * 100, unit() * 100};
  switch (next() % 7) {
  case 0:
  case 1:
  case 2:
    return std::make_unique<Circle>(P, 0.5 + unit() * 4);
  case 3:
  case 4:
    return std::make_unique<Rect>(
        P, Point{P.X + 0.5 + unit() * 6, P.Y + 0.5 + unit() * 6});
  case 5:
    return std::make_unique<Square>(P, 0.5 + unit() * 5);
  default: {
    std::vector<Point> Pts;
    size_t N = 3 + next() % 6;
    for (size_t I = 0; I < N; ++I)
      Pts.push_back({P.X + unit() * 8, P.Y + unit() * 8});
    return std::make_unique<Polygon>(std::move(Pts));
  }
  }
}

uint64_t sceneWorkload(long N) {
  std::vector<std::unique_ptr<Shape>> Scene;
  Scene.reserve(static_cast<size_t>(N));
  for (long I = 0; I < N; ++I)
    Scene.push_back(makeShape());
  double Area = 0, Perim = 0;
  uint64_t Hits = 0, Kinds = 0;
  for (int Round = 0; Round < 8; ++Round) {
    for (auto &S : Scene) {
      Area += S->area();
      Perim += S->perimeter();
      Kinds += static_cast<uint64_t>(S->kind());
    }
    for (int Q = 0; Q < 64; ++Q) {
      Point P{unit() * 100, unit() * 100};
      for (auto &S : Scene)
        Hits += S->contains(P);
    }
    double DX = unit() - 0.5, DY = unit() - 0.5;
    for (auto &S : Scene) {
      S->translate(DX, DY);
      if (S->kind() != 2)
        S->scale(Round & 1 ? 1.01 : 0.99);
    }
  }
  return Hits * 1000003 + Kinds + static_cast<uint64_t>(Area) +
         static_cast<uint64_t>(Perim * 16);
}

// Expression trees.

struct EvalError : std::runtime_error {
  int Code;
  EvalError(const char *What, int Code)
      : std::runtime_error(What), Code(Code) {}
};

class Expr {
public:
  virtual ~Expr() = default;
  virtual int64_t eval(const std::vector<int64_t> &Env) const = 0;
  virtual int depth() const = 0;
};

using ExprPtr = std::unique_ptr<Expr>;

// Env holds eight variables and then the strict flag.
constexpr size_t StrictSlot = 8;

class Const final : public Expr {
  int64_t V;

public:
  explicit Const(int64_t V) : V(V) {}
  int64_t eval(const std::vector<int64_t> &) const override { return V; }
  int depth() const override { return 1; }
};

class Var final : public Expr {
  size_t Slot;

public:
  explicit Var(size_t Slot) : Slot(Slot) {}
  int64_t eval(const std::vector<int64_t> &Env) const override {
    return Env[Slot];
  }
  int depth() const override { return 1; }
};

class Binary : public Expr {
protected:
  ExprPtr L, R;

public:
  Binary(ExprPtr L, ExprPtr R) : L(std::move(L)), R(std::move(R)) {}
  int depth() const override {
    int A = L->depth(), B = R->depth();
    return 1 + (A > B ? A : B);
  }
};

class Add final : public Binary {
public:
  using Binary::Binary;
  int64_t eval(const std::vector<int64_t> &Env) const override {
    return L->eval(Env) + R->eval(Env);
  }
};

class Sub final : public Binary {
public:
  using Binary::Binary;
  int64_t eval(const std::vector<int64_t> &Env) const override {
    return L->eval(Env) - R->eval(Env);
  }
};

class Mul final : public Binary {
public:
  using Binary::Binary;
  int64_t eval(const std::vector<int64_t> &Env) const override {
    int64_t A = L->eval(Env), B = R->eval(Env);
    int64_t P = A * B;
    if (P > (int64_t(1) << 56) || P < -(int64_t(1) << 56))
      throw EvalError("overflow", 2);
    return P;
  }
};

class Div final : public Binary {
public:
  using Binary::Binary;
  int64_t eval(const std::vector<int64_t> &Env) const override {
    int64_t A = L->eval(Env), B = R->eval(Env);
    if (B != 0)
      return A / B;
    // Only strict evaluations (a flag after the variables) fail.
    if (Env[StrictSlot])
      throw EvalError("division by zero", 1);
    return 0;
  }
};

class Select final : public Expr {
  ExprPtr C, T, F;

public:
  Select(ExprPtr C, ExprPtr T, ExprPtr F)
      : C(std::move(C)), T(std::move(T)), F(std::move(F)) {}
  int64_t eval(const std::vector<int64_t> &Env) const override {
    return C->eval(Env) > 0 ? T->eval(Env) : F->eval(Env);
  }
  int depth() const override {
    int A = C->depth(), B = T->depth(), D = F->depth();
    int M = A > B ? A : B;
    return 1 + (M > D ? M : D);
  }
};

ExprPtr makeExpr(int Depth) {
  uint64_t R = next();
  if (Depth == 0 || R % 8 == 0) {
    if (R & 16)
      return std::make_unique<Var>((R >> 8) % 8);
    return std::make_unique<Const>(static_cast<int64_t>((R >> 8) % 20) + 1);
  }
  switch ((R >> 5) % 9) {
  case 0:
  case 1:
  case 2:
    return std::make_unique<Add>(makeExpr(Depth - 1), makeExpr(Depth - 1));
  case 3:
  case 4:
    return std::make_unique<Sub>(makeExpr(Depth - 1), makeExpr(Depth - 1));
  case 5:
  case 6:
    return std::make_unique<Mul>(makeExpr(Depth - 1), makeExpr(Depth - 1));
  case 7:
    return std::make_unique<Div>(makeExpr(Depth - 1), makeExpr(Depth - 1));
  default: {
    ExprPtr C = makeExpr(Depth - 1), T = makeExpr(Depth - 1);
    return std::make_unique<Select>(std::move(C), std::move(T),
                                    makeExpr(Depth - 1));
  }
  }
}

uint64_t Thrown;

uint64_t exprWorkload(long N) {
  std::vector<ExprPtr> Exprs;
  for (int I = 0; I < 64; ++I)
    Exprs.push_back(makeExpr(7));
  std::vector<int64_t> Env(StrictSlot + 1);
  uint64_t Sum = 0, Depths = 0, Errors[3] = {0, 0, 0};
  for (auto &E : Exprs)
    Depths += static_cast<uint64_t>(E->depth());
  for (long I = 0; I < N; ++I) {
    for (size_t V = 0; V < StrictSlot; ++V)
      Env[V] = static_cast<int64_t>(next() % 200) - 50;
    Env[StrictSlot] = next() % 8 == 0;
    const Expr &E = *Exprs[static_cast<size_t>(I) % Exprs.size()];
    try {
      Sum += static_cast<uint64_t>(E.eval(Env));
    } catch (const EvalError &Err) {
      ++Errors[Err.Code];
    }
  }
  Thrown = Errors[1] + Errors[2];
  return Sum * 31 + Depths + Errors[1] * 1000003 + Errors[2] * 1009;
}

} // namespace

int main(int argc, char **argv) {
  long N = argc > 1 ? std::atol(argv[1]) : 90000;
  Rng = (argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 29) | 1;
  uint64_t A = sceneWorkload(N / 4);
  uint64_t B = exprWorkload(N * 4);
  std::printf("shapes %ld scene=%016llx expr=%016llx thrown=%llu\n", N,
              static_cast<unsigned long long>(A),
              static_cast<unsigned long long>(B),
              static_cast<unsigned long long>(Thrown));
  return 0;
}
