/*===- utils/bench/decoder.c - benchmark: a large switch-heavy decoder ----===*
 *
 * Decodes and executes a stream of instructions in an x86-like
 * variable-length encoding: legacy prefixes, a REX-like byte, one- and
 * two-byte opcodes, a ModRM byte with SIB and 0/8/32-bit displacements, and
 * 0/8/16/32/64-bit immediates whose size depends on the opcode and the
 * prefixes. decodeAndExecute() is one large function made of several
 * switches in sequence (prefixes, opcode class, addressing mode, immediate,
 * operation, flags), so its acyclic paths multiply into the thousands and
 * each instruction takes one of many of them.
 * Usage: decoder [N [SEED]]; prints a checksum. N (default 2500000) is the
 * number of instructions generated; they are executed four times. SEED
 * (default 23) seeds the generator.
 *
 *===---------------------------------------------------------------------===*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RecordBytes = 16 };

enum Class {
  Invalid,
  AluRM,    /* op r/m, reg (and reg, r/m with the direction bit) */
  AluImm,   /* op al/eax, imm */
  Group1,   /* op r/m, imm (operation from ModRM.reg) */
  MovRM,    /* mov r/m <-> reg */
  MovImm,   /* mov reg, imm (register in the opcode) */
  MovRMImm, /* mov r/m, imm */
  Lea,
  PushPop,
  IncDec,
  Shift,
  Jcc,
  JccNear,
  Jmp,
  Call,
  Ret,
  Cmov,
  Setcc,
  Movzx,
  Imul,
  Test,
  Xchg,
  Nop,
  Misc,
};

struct Machine {
  uint64_t Reg[16];
  uint64_t Mem[256];
  uint64_t Flags; /* bit 0 carry, bit 1 zero, bit 2 sign, bit 3 overflow */
  uint64_t Taken, Calls, MemOps, Invalids;
};

static uint64_t load(const uint8_t *P, int Bytes) {
  uint64_t V = 0;
  memcpy(&V, P, (size_t)Bytes);
  return V;
}

static uint64_t signExtend(uint64_t V, int Bytes) {
  int Shift = 64 - 8 * Bytes;
  return (uint64_t)((int64_t)(V << Shift) >> Shift);
}

static int condition(uint64_t Flags, int CC) {
  int C = (int)(Flags & 1), Z = (int)(Flags >> 1) & 1,
      S = (int)(Flags >> 2) & 1, O = (int)(Flags >> 3) & 1;
  int R;
  switch (CC >> 1) {
  case 0:
    R = O;
    break;
  case 1:
    R = C;
    break;
  case 2:
    R = Z;
    break;
  case 3:
    R = C | Z;
    break;
  case 4:
    R = S;
    break;
  case 5:
    R = (int)(Flags >> 4) & 1; /* parity, never set: always false */
    break;
  case 6:
    R = S != O;
    break;
  default:
    R = Z | (S != O);
    break;
  }
  return R ^ (CC & 1);
}

/* Decodes the instruction at P and executes it on M; returns its length. */
static int decodeAndExecute(const uint8_t *P, struct Machine *M) {
  const uint8_t *Start = P;
  int OpSize16 = 0, Rep = 0, Seg = 0, Lock = 0;
  /* Legacy prefixes, at most four. */
  for (int N = 0; N < 4; ++N) {
    switch (*P) {
    case 0x66:
      OpSize16 = 1;
      break;
    case 0xf2:
    case 0xf3:
      Rep = *P;
      break;
    case 0x2e:
    case 0x3e:
    case 0x26:
    case 0x64:
    case 0x65:
    case 0x36:
      Seg = *P;
      break;
    case 0xf0:
      Lock = 1;
      break;
    default:
      goto NoMorePrefixes;
    }
    ++P;
  }
NoMorePrefixes:;
  int W = 0, RexR = 0, RexX = 0, RexB = 0;
  if ((*P & 0xf0) == 0x40) {
    W = (*P >> 3) & 1;
    RexR = (*P >> 2) & 1;
    RexX = (*P >> 1) & 1;
    RexB = *P & 1;
    ++P;
  }
  int OpBytes = W ? 8 : OpSize16 ? 2 : 4;

  /* Opcode: class, whether a ModRM byte follows, immediate size. */
  int Op = *P++, TwoByte = 0;
  enum Class Cls = Invalid;
  int HasModRM = 0, Imm = 0, AluOp = 0, ByteOp = 0, RegInOp = -1, CC = 0;
  if (Op == 0x0f) {
    TwoByte = 1;
    Op = *P++;
    if (Op >= 0x80 && Op <= 0x8f) {
      Cls = JccNear;
      Imm = 4;
      CC = Op & 15;
    } else if (Op >= 0x40 && Op <= 0x4f) {
      Cls = Cmov;
      HasModRM = 1;
      CC = Op & 15;
    } else if (Op >= 0x90 && Op <= 0x9f) {
      Cls = Setcc;
      HasModRM = 1;
      ByteOp = 1;
      CC = Op & 15;
    } else if (Op == 0xb6 || Op == 0xb7 || Op == 0xbe || Op == 0xbf) {
      Cls = Movzx;
      HasModRM = 1;
      ByteOp = !(Op & 1);
      AluOp = Op >= 0xbe; /* sign-extend */
    } else if (Op == 0xaf) {
      Cls = Imul;
      HasModRM = 1;
    } else if (Op == 0x1f) {
      Cls = Nop;
      HasModRM = 1;
    } else {
      Cls = Invalid;
    }
  } else {
    // Opcodes of one kind share a line, as in an opcode map.
    // clang-format off
    switch (Op) {
    case 0x00: case 0x01: case 0x02: case 0x03:
    case 0x08: case 0x09: case 0x0a: case 0x0b:
    case 0x10: case 0x11: case 0x12: case 0x13:
    case 0x18: case 0x19: case 0x1a: case 0x1b:
    case 0x20: case 0x21: case 0x22: case 0x23:
    case 0x28: case 0x29: case 0x2a: case 0x2b:
    case 0x30: case 0x31: case 0x32: case 0x33:
    case 0x38: case 0x39: case 0x3a: case 0x3b:
      Cls = AluRM;
      HasModRM = 1;
      AluOp = Op >> 3;
      ByteOp = !(Op & 1);
      break;
    case 0x04: case 0x05: case 0x0c: case 0x0d:
    case 0x14: case 0x15: case 0x1c: case 0x1d:
    case 0x24: case 0x25: case 0x2c: case 0x2d:
    case 0x34: case 0x35: case 0x3c: case 0x3d:
      Cls = AluImm;
      AluOp = Op >> 3;
      ByteOp = !(Op & 1);
      Imm = ByteOp ? 1 : OpSize16 ? 2 : 4;
      break;
    case 0x50: case 0x51: case 0x52: case 0x53:
    case 0x54: case 0x55: case 0x56: case 0x57:
    case 0x58: case 0x59: case 0x5a: case 0x5b:
    case 0x5c: case 0x5d: case 0x5e: case 0x5f:
      Cls = PushPop;
      RegInOp = (Op & 7) | RexB << 3;
      AluOp = Op >= 0x58;
      break;
    case 0x68:
    case 0x6a:
      Cls = PushPop;
      AluOp = 2;
      Imm = Op == 0x6a ? 1 : 4;
      break;
    case 0x69:
    case 0x6b:
      Cls = Imul;
      HasModRM = 1;
      Imm = Op == 0x6b ? 1 : OpSize16 ? 2 : 4;
      break;
    case 0x70: case 0x71: case 0x72: case 0x73:
    case 0x74: case 0x75: case 0x76: case 0x77:
    case 0x78: case 0x79: case 0x7a: case 0x7b:
    case 0x7c: case 0x7d: case 0x7e: case 0x7f:
      Cls = Jcc;
      Imm = 1;
      CC = Op & 15;
      break;
    case 0x80:
    case 0x81:
    case 0x83:
      Cls = Group1;
      HasModRM = 1;
      ByteOp = Op == 0x80;
      Imm = Op != 0x81 ? 1 : OpSize16 ? 2 : 4;
      break;
    case 0x84:
    case 0x85:
      Cls = Test;
      HasModRM = 1;
      ByteOp = Op == 0x84;
      break;
    case 0x86:
    case 0x87:
      Cls = Xchg;
      HasModRM = 1;
      ByteOp = Op == 0x86;
      break;
    case 0x88: case 0x89: case 0x8a: case 0x8b:
      Cls = MovRM;
      HasModRM = 1;
      ByteOp = !(Op & 1);
      AluOp = (Op >> 1) & 1; /* direction: to register */
      break;
    case 0x8d:
      Cls = Lea;
      HasModRM = 1;
      break;
    case 0x90:
      Cls = Nop;
      break;
    case 0xb0: case 0xb1: case 0xb2: case 0xb3:
    case 0xb4: case 0xb5: case 0xb6: case 0xb7:
      Cls = MovImm;
      ByteOp = 1;
      RegInOp = (Op & 7) | RexB << 3;
      Imm = 1;
      break;
    case 0xb8: case 0xb9: case 0xba: case 0xbb:
    case 0xbc: case 0xbd: case 0xbe: case 0xbf:
      Cls = MovImm;
      RegInOp = (Op & 7) | RexB << 3;
      Imm = W ? 8 : OpSize16 ? 2 : 4;
      break;
    case 0xc0:
    case 0xc1:
    case 0xd0:
    case 0xd1:
    case 0xd3:
      Cls = Shift;
      HasModRM = 1;
      ByteOp = !(Op & 1);
      Imm = Op < 0xd0 ? 1 : 0;
      AluOp = Op == 0xd3 ? 2 : Op >= 0xd0; /* count: imm8, 1, or cl */
      break;
    case 0xc3:
      Cls = Ret;
      break;
    case 0xc6:
    case 0xc7:
      Cls = MovRMImm;
      HasModRM = 1;
      ByteOp = Op == 0xc6;
      Imm = ByteOp ? 1 : OpSize16 ? 2 : 4;
      break;
    case 0xe8:
      Cls = Call;
      Imm = 4;
      break;
    case 0xe9:
    case 0xeb:
      Cls = Jmp;
      Imm = Op == 0xeb ? 1 : 4;
      break;
    case 0xfe:
    case 0xff:
      Cls = IncDec;
      HasModRM = 1;
      ByteOp = Op == 0xfe;
      break;
    case 0xf5:
    case 0xf8:
    case 0xf9:
    case 0xcc:
      Cls = Misc;
      AluOp = Op;
      break;
    default:
      Cls = Invalid;
      break;
    }
    // clang-format on
  }
  if (ByteOp)
    OpBytes = 1;

  /* ModRM, SIB and displacement: a register operand or an address. */
  int Mod = 3, RegField = 0, RM = 0, IsMem = 0;
  uint64_t Addr = 0;
  if (HasModRM) {
    int ModRM = *P++;
    Mod = ModRM >> 6;
    RegField = ((ModRM >> 3) & 7) | RexR << 3;
    RM = ModRM & 7;
    if (Mod != 3) {
      IsMem = 1;
      int Base = RM | RexB << 3, Index = -1, Scale = 0, Disp = 0;
      if (RM == 4) {
        int Sib = *P++;
        Scale = Sib >> 6;
        Index = ((Sib >> 3) & 7) | RexX << 3;
        if (Index == 4)
          Index = -1;
        Base = (Sib & 7) | RexB << 3;
        if ((Sib & 7) == 5 && Mod == 0) {
          Base = -1;
          Disp = 4;
        }
      } else if (RM == 5 && Mod == 0) {
        Base = -2; /* RIP-relative */
        Disp = 4;
      }
      if (Mod == 1)
        Disp = 1;
      else if (Mod == 2)
        Disp = 4;
      switch (Disp) {
      case 1:
        Addr = signExtend(*P, 1);
        break;
      case 4:
        Addr = signExtend(load(P, 4), 4);
        break;
      default:
        break;
      }
      P += Disp;
      if (Base >= 0)
        Addr += M->Reg[Base];
      else if (Base == -2)
        Addr += (uint64_t)(P - Start);
      if (Index >= 0)
        Addr += M->Reg[Index] << Scale;
      if (Seg == 0x64 || Seg == 0x65)
        Addr += 0x40;
    } else {
      RM |= RexB << 3;
    }
  }

  uint64_t ImmV = 0;
  switch (Imm) {
  case 1:
    ImmV = signExtend(*P, 1);
    break;
  case 2:
    ImmV = signExtend(load(P, 2), 2);
    break;
  case 4:
    ImmV = signExtend(load(P, 4), 4);
    break;
  case 8:
    ImmV = load(P, 8);
    break;
  default:
    break;
  }
  P += Imm;

  /* Operands. The "memory" is a small array indexed by the address. */
  uint64_t *Dst = NULL, Src = 0;
  uint64_t *RMOperand = IsMem ? &M->Mem[(Addr >> 3) & 255] : &M->Reg[RM & 15];
  if (IsMem)
    ++M->MemOps;
  uint64_t *RegOperand = &M->Reg[RegField & 15];

  /* Execute. */
  uint64_t Result = 0;
  int SetFlags = 0;
  switch (Cls) {
  case AluRM:
  case AluImm:
  case Group1: {
    if (Cls == AluRM) {
      int ToReg = (Op >> 1) & 1;
      Dst = ToReg ? RegOperand : RMOperand;
      Src = ToReg ? *RMOperand : *RegOperand;
    } else if (Cls == AluImm) {
      Dst = &M->Reg[0];
      Src = ImmV;
    } else {
      Dst = RMOperand;
      Src = ImmV;
      AluOp = RegField & 7;
    }
    uint64_t A = *Dst, Carry = M->Flags & 1;
    switch (AluOp & 7) {
    case 0:
      Result = A + Src;
      break;
    case 1:
      Result = A | Src;
      break;
    case 2:
      Result = A + Src + Carry;
      break;
    case 3:
      Result = A - Src - Carry;
      break;
    case 4:
      Result = A & Src;
      break;
    case 5:
    case 7:
      Result = A - Src;
      break;
    default:
      Result = A ^ Src;
      break;
    }
    SetFlags = 1;
    if ((AluOp & 7) == 7)
      Dst = NULL; /* cmp */
    break;
  }
  case MovRM:
    if (AluOp) {
      Dst = RegOperand;
      Result = *RMOperand;
    } else {
      Dst = RMOperand;
      Result = *RegOperand;
    }
    break;
  case MovImm:
    Dst = &M->Reg[RegInOp];
    Result = ImmV;
    break;
  case MovRMImm:
    Dst = RMOperand;
    Result = ImmV;
    break;
  case Lea:
    Dst = RegOperand;
    Result = IsMem ? Addr : *RMOperand;
    break;
  case PushPop:
    if (AluOp == 1) {
      M->Reg[4] += 8;
      Dst = &M->Reg[RegInOp];
      Result = M->Mem[(M->Reg[4] >> 3) & 255];
    } else {
      M->Mem[(M->Reg[4] >> 3) & 255] = AluOp == 2 ? ImmV : M->Reg[RegInOp];
      M->Reg[4] -= 8;
    }
    break;
  case IncDec: {
    int Sub = RegField & 7;
    Dst = RMOperand;
    if (Sub == 0)
      Result = *Dst + 1;
    else if (Sub == 1)
      Result = *Dst - 1;
    else if (Sub == 2 || Sub == 4) {
      ++M->Calls;
      Result = *Dst;
      Dst = NULL;
    } else if (Sub == 6) {
      M->Mem[(M->Reg[4] >> 3) & 255] = *Dst;
      M->Reg[4] -= 8;
      Dst = NULL;
    } else {
      ++M->Invalids;
      Dst = NULL;
    }
    SetFlags = Sub < 2;
    break;
  }
  case Shift: {
    int Count = AluOp == 0 ? (int)ImmV : AluOp == 1 ? 1 : (int)M->Reg[1];
    Count &= W ? 63 : 31;
    Dst = RMOperand;
    switch (RegField & 7) {
    case 0:
      Result = Count ? (*Dst << Count) | (*Dst >> (64 - Count)) : *Dst;
      break;
    case 1:
      Result = Count ? (*Dst >> Count) | (*Dst << (64 - Count)) : *Dst;
      break;
    case 4:
    case 6:
      Result = *Dst << Count;
      break;
    case 5:
      Result = *Dst >> Count;
      break;
    case 7:
      Result = (uint64_t)((int64_t)*Dst >> Count);
      break;
    default:
      Result = *Dst;
      break;
    }
    SetFlags = Count != 0;
    break;
  }
  case Jcc:
  case JccNear:
    if (condition(M->Flags, CC)) {
      ++M->Taken;
      M->Reg[15] += ImmV;
    }
    break;
  case Jmp:
    M->Reg[15] += ImmV;
    ++M->Taken;
    break;
  case Call:
    ++M->Calls;
    M->Mem[(M->Reg[4] >> 3) & 255] = M->Reg[15];
    M->Reg[4] -= 8;
    M->Reg[15] += ImmV;
    break;
  case Ret:
    M->Reg[4] += 8;
    M->Reg[15] = M->Mem[(M->Reg[4] >> 3) & 255];
    break;
  case Cmov:
    if (condition(M->Flags, CC)) {
      Dst = RegOperand;
      Result = *RMOperand;
    }
    break;
  case Setcc:
    Dst = RMOperand;
    Result = (uint64_t)condition(M->Flags, CC);
    break;
  case Movzx:
    Dst = RegOperand;
    Result = ByteOp ? *RMOperand & 0xff : *RMOperand & 0xffff;
    if (AluOp)
      Result = signExtend(Result, ByteOp ? 1 : 2);
    OpBytes = W ? 8 : 4;
    break;
  case Imul:
    Dst = RegOperand;
    Result = (Imm ? ImmV : *RegOperand) * *RMOperand;
    SetFlags = 1;
    break;
  case Test:
    Result = *RMOperand & *RegOperand;
    SetFlags = 1;
    break;
  case Xchg: {
    uint64_t T = *RMOperand;
    *RMOperand = *RegOperand;
    *RegOperand = T;
    break;
  }
  case Misc:
    if (AluOp == 0xf5)
      M->Flags ^= 1;
    else if (AluOp == 0xf8)
      M->Flags &= ~1ull;
    else if (AluOp == 0xf9)
      M->Flags |= 1;
    else
      ++M->Invalids;
    break;
  case Nop:
    break;
  case Invalid:
    ++M->Invalids;
    break;
  }

  /* Write back at the operand size; lock and rep only change accounting. */
  if (Dst) {
    switch (OpBytes) {
    case 1:
      *Dst = (*Dst & ~0xffull) | (Result & 0xff);
      break;
    case 2:
      *Dst = (*Dst & ~0xffffull) | (Result & 0xffff);
      break;
    case 4:
      *Dst = Result & 0xffffffffull;
      break;
    default:
      *Dst = Result;
      break;
    }
  }
  if (SetFlags) {
    uint64_t Masked =
        OpBytes == 8 ? Result : Result & ((1ull << (8 * OpBytes)) - 1);
    uint64_t F = 0;
    if (Masked == 0)
      F |= 2;
    if (Masked >> (8 * OpBytes - 1) & 1)
      F |= 4;
    if (Result < Src)
      F |= 1;
    if (((Result ^ Src) >> 63) & 1)
      F |= 8;
    M->Flags = F;
  }
  if (Lock)
    M->MemOps += 2;
  if (Rep && !IsMem)
    M->Reg[1] -= 1;
  M->Reg[15] += (uint64_t)(P - Start) + (uint64_t)TwoByte;
  return (int)(P - Start);
}

/* Common opcodes, weighted as compiled code uses them. */
static const uint8_t CommonOps[] = {
    0x89, 0x8b, 0x89, 0x8b, 0x8b, 0x01, 0x03, 0x29, 0x2b, 0x31, 0x33, 0x39,
    0x3b, 0x85, 0x84, 0x83, 0x83, 0x81, 0x80, 0x8d, 0x8d, 0x50, 0x55, 0x5d,
    0x53, 0x5b, 0x74, 0x75, 0x7c, 0x7e, 0x72, 0x77, 0xeb, 0xe9, 0xe8, 0xc3,
    0xb8, 0xb9, 0xba, 0xc7, 0xc6, 0xc1, 0xd1, 0xd3, 0xff, 0xfe, 0x90, 0x88,
    0x8a, 0x21, 0x09, 0x05, 0x3d, 0x25, 0x68, 0x6a, 0x69, 0x6b, 0x87, 0xf8,
};

static const uint8_t TwoByteOps[] = {0x84, 0x85, 0x8c, 0x8f, 0x44, 0x45,
                                     0x4c, 0x94, 0x95, 0xb6, 0xb7, 0xbe,
                                     0xaf, 0x1f, 0x0b, 0x9f};

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 2500000;
  uint64_t S = argc > 2 ? strtoull(argv[2], NULL, 10) : 23;
  /* One instruction per 16-byte record: prefixes, REX, opcode, then random
   * bytes that the decoder reads as ModRM, SIB, displacement, immediate. */
  uint8_t *Code = malloc((size_t)N * RecordBytes + 16);
  for (long I = 0; I < N; ++I) {
    uint8_t *R = Code + (size_t)I * RecordBytes;
    int K = 0;
    S = S * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t X = S;
    if ((X & 15) == 0)
      R[K++] = 0x66;
    if (((X >> 4) & 31) == 0)
      R[K++] = (X >> 9) & 1 ? 0xf3 : 0x64;
    if (((X >> 10) & 63) == 0)
      R[K++] = 0xf0;
    if (((X >> 16) & 3) == 0)
      R[K++] = (uint8_t)(0x40 | ((X >> 18) & 15));
    if (((X >> 22) & 15) == 0) {
      R[K++] = 0x0f;
      R[K++] = TwoByteOps[(X >> 26) % sizeof(TwoByteOps)];
    } else if (((X >> 22) & 15) == 1) {
      R[K++] = (uint8_t)(X >> 26);
    } else {
      R[K++] = CommonOps[(X >> 26) % sizeof(CommonOps)];
    }
    S = S * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t Y = S;
    /* ModRM skewed towards register and disp8 forms. */
    int Mod = (Y & 3) == 0 ? 0 : (Y & 3) == 1 ? 1 : (Y & 7) == 2 ? 2 : 3;
    while (K < RecordBytes) {
      R[K++] = (uint8_t)((Mod << 6) | ((Y >> 8) & 63));
      Mod = (int)(Y >> 14) & 3;
      Y = Y * 0x9e3779b97f4a7c15ull + 7;
    }
  }

  struct Machine M;
  memset(&M, 0, sizeof(M));
  uint64_t Bytes = 0;
  for (int Pass = 0; Pass < 4; ++Pass)
    for (long I = 0; I < N; ++I)
      Bytes += (uint64_t)decodeAndExecute(Code + (size_t)I * RecordBytes, &M);
  uint64_t H = 0;
  for (int R = 0; R < 16; ++R)
    H = (H ^ M.Reg[R]) * 0x100000001b3ull;
  for (int R = 0; R < 256; ++R)
    H = (H ^ M.Mem[R]) * 0x100000001b3ull;
  printf("decoder %ld bytes=%llu taken=%llu calls=%llu mem=%llu invalid=%llu "
         "state=%016llx\n",
         N, (unsigned long long)Bytes, (unsigned long long)M.Taken,
         (unsigned long long)M.Calls, (unsigned long long)M.MemOps,
         (unsigned long long)M.Invalids, (unsigned long long)(H ^ M.Flags));
  free(Code);
  return 0;
}
