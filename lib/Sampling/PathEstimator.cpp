//===- PathEstimator.cpp - Path profiles from branch samples --------------===//
//
// See PathProf/PathEstimator.h. The work has three parts:
//  - SampledBinary reads one binary built with -fprofile-path-sample: its CFG
//    descriptions, its pseudo-probes (LLVM's MCPseudoProbeDecoder, as
//    llvm-profgen decodes them) sorted by address, each with the function,
//    DAG block and inlined copy ("frame") it stands for, the function
//    symbols, and the bytes of its code, to tell calls and returns apart.
//  - WindowWalker follows one sample's window: the straight-line runs
//    between its records, the activations that calls push and returns pop,
//    and in each activation one partial path per frame.
//  - estimatePathProfile() maps the records' addresses through the mapping
//    events, walks every window and turns the weighted complete paths into
//    a Profile.
//
//===----------------------------------------------------------------------===//

#include "PathProf/PathEstimator.h"
#include "PathProf/CFGDescription.h"
#include "PathProf/ProfileBinaries.h"
#include "PathProf/ProfileError.h"
#include "PathProf/ProfileFormat.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCPseudoProbe.h"
#include "llvm/Object/BuildID.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <cmath>
#include <deque>
#include <functional>
#include <map>
#include <random>

using namespace llvm;
using namespace pathprof;

namespace {

/// What a pseudo-probe stands for.
struct ProbeSite {
  uint64_t Address = 0;
  /// Index into SampledBinary::Functions.
  uint32_t Function = 0;
  /// The DAG node of the block.
  uint32_t Block = 0;
  /// The copy of the function's code the probe is in: the function itself,
  /// or one of its inlined copies, within one outlined function.
  uint32_t Frame = 0;
};

/// A function of a binary's descriptions, with what the walk asks of its
/// DAG.
struct DescribedFunction {
  std::string Name;
  uint64_t Checksum = 0;
  std::string CFGData;
  CFGDescription CFG;
  /// Per node: CFG successors (sorted), whether a path break leaves it
  /// (EXIT pseudo-edge), whether one enters it (ENTRY pseudo-edge), and
  /// whether it leaves the function.
  std::vector<SmallVector<uint32_t, 2>> Succs, Preds;
  std::vector<uint8_t> BreakOut, BreakIn, Returns;
  /// Per node: whether any probe of the binary stands for it. A block
  /// without one (speculated into a select, or merged away everywhere)
  /// leaves no trace in a sample.
  std::vector<uint8_t> Visible;

  bool hasEdge(uint32_t U, uint32_t V) const {
    return llvm::binary_search(Succs[U], V);
  }
  /// Whether every path through \p U ends at \p U (it only returns).
  bool onlyReturns(uint32_t U) const {
    return Returns[U] && Succs[U].empty() && !BreakOut[U];
  }
};

class SampledBinary {
public:
  static Expected<std::unique_ptr<SampledBinary>> load(StringRef Path,
                                                       WarningHandler Warn);

  std::string Path;
  std::string BuildId;
  std::vector<DescribedFunction> Functions;
  /// Sorted by address; probes at one address in the order of their code.
  std::vector<ProbeSite> Probes;
  /// Per frame: whether it is an inlined copy, and the inlined copies
  /// its code is inlined into (through copies without probes).
  std::vector<uint8_t> FrameInlined;
  std::vector<SmallVector<uint32_t, 2>> FrameOuter;
  /// Whether the code of frame \p Outer runs around that of \p Inner: it
  /// is a function's own code, or \p Inner is inlined into it.
  bool encloses(uint32_t Outer, uint32_t Inner) const {
    return !FrameInlined[Outer] || is_contained(FrameOuter[Inner], Outer);
  }
  /// The indirect call sites, sorted by address: each probe is just before
  /// its call.
  struct CallSite {
    uint64_t Address = 0;
    uint32_t Function = 0;
    uint64_t Site = 0;
  };
  std::vector<CallSite> CallSites;
  /// The profile name of the function whose symbol starts at an address.
  DenseMap<uint64_t, StringRef> ProfileNames;

  /// The indirect call site whose call is the instruction at \p From, if
  /// a probe says which.
  const CallSite *callSiteOf(uint64_t From) const;

  /// The virtual address of the byte at file offset \p Offset, if a loaded
  /// segment holds it.
  std::optional<uint64_t> vaddrOfOffset(uint64_t Offset) const;

  enum class BranchKind { Jump, Call, IndirectCall, TailCall, Return };
  /// What the taken branch at \p From to \p To was.
  BranchKind classify(uint64_t From, uint64_t To) const;
  /// Whether a function symbol starts at \p VAddr.
  bool isFunctionStart(uint64_t VAddr) const;

private:
  struct Segment {
    uint64_t Offset, VAddr, Size;
  };
  struct Code {
    uint64_t VAddr;
    StringRef Bytes;
  };
  std::vector<Segment> Segments;
  std::vector<Code> CodeSections;
  /// Function symbols' start addresses, sorted, with their ends.
  std::vector<std::pair<uint64_t, uint64_t>> Symbols;
  std::vector<std::pair<StringRef, uint64_t>> SymbolNames;
  std::unique_ptr<MemoryBuffer> Buffer;
  std::unique_ptr<object::ObjectFile> Object;
  BumpPtrAllocator Names;
  StringSaver Saver{Names};

  Error readFunctions(StringRef DescSection);
  Error readProbes(StringRef DescSection, StringRef ProbeSection,
                   WarningHandler Warn);
  /// The start of the function symbol that holds \p VAddr, or none.
  std::optional<uint64_t> functionOf(uint64_t VAddr) const;
};

} // namespace

static Error binaryError(StringRef Path, const Twine &Msg) {
  return createFileError(Path,
                         makeProfileError(profile_error::missing_binary, Msg));
}

Expected<std::unique_ptr<SampledBinary>>
SampledBinary::load(StringRef Path, WarningHandler Warn) {
  auto B = std::make_unique<SampledBinary>();
  B->Path = Path.str();
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(
      Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return createFileError(Path, errorCodeToError(Buf.getError()));
  B->Buffer = std::move(*Buf);
  Expected<std::unique_ptr<object::ObjectFile>> Obj =
      object::ObjectFile::createObjectFile(B->Buffer->getMemBufferRef());
  if (!Obj) {
    consumeError(Obj.takeError());
    return binaryError(Path, "not an ELF file");
  }
  B->Object = std::move(*Obj);
  auto *ELF = dyn_cast<object::ELF64LEObjectFile>(B->Object.get());
  if (!ELF)
    return binaryError(Path, "not a 64-bit little-endian ELF file");
  B->BuildId = toHex(object::getBuildID(ELF), /*LowerCase=*/true);

  StringRef Desc, ProbeDesc, Probes;
  for (const object::SectionRef &Sec : ELF->sections()) {
    Expected<StringRef> Name = Sec.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    StringRef *Into = *Name == PATHPROF_DESC_SECTION  ? &Desc
                      : *Name == ".pseudo_probe_desc" ? &ProbeDesc
                      : *Name == ".pseudo_probe"      ? &Probes
                                                      : nullptr;
    if (Into || Sec.isText()) {
      Expected<StringRef> Contents = Sec.getContents();
      if (!Contents)
        return createFileError(Path, Contents.takeError());
      if (Into)
        *Into = *Contents;
      else
        B->CodeSections.push_back({Sec.getAddress(), *Contents});
    }
  }
  if (Desc.empty() || Probes.empty())
    return binaryError(Path, "has no " +
                                 Twine(Desc.empty() ? PATHPROF_DESC_SECTION
                                                    : ".pseudo_probe") +
                                 " section: build it with "
                                 "-fprofile-path-sample, and keep the "
                                 "section when stripping it");

  auto Phdrs = ELF->getELFFile().program_headers();
  if (!Phdrs)
    return createFileError(Path, Phdrs.takeError());
  for (const auto &Ph : *Phdrs)
    if (Ph.p_type == ELF::PT_LOAD)
      B->Segments.push_back({Ph.p_offset, Ph.p_vaddr, Ph.p_filesz});

  for (const object::ELFSymbolRef Sym : ELF->symbols()) {
    Expected<object::SymbolRef::Type> Type = Sym.getType();
    Expected<uint64_t> Addr = Sym.getAddress();
    if (!Type || !Addr) {
      consumeError(Type.takeError());
      consumeError(Addr.takeError());
      continue;
    }
    if (*Type != object::SymbolRef::ST_Function || !*Addr)
      continue;
    B->Symbols.push_back({*Addr, *Addr + Sym.getSize()});
    if (Expected<StringRef> Name = Sym.getName())
      B->SymbolNames.push_back({*Name, *Addr});
    else
      consumeError(Name.takeError());
  }
  llvm::sort(B->Symbols);
  llvm::sort(B->CodeSections,
             [](const Code &L, const Code &R) { return L.VAddr < R.VAddr; });

  if (Error E = B->readFunctions(Desc))
    return createFileError(Path, std::move(E));
  if (Error E = B->readProbes(ProbeDesc, Probes, Warn))
    return createFileError(Path, std::move(E));

  return std::move(B);
}

Error SampledBinary::readFunctions(StringRef DescSection) {
  BinaryDescriptions Descs;
  if (Error E = ProfileBinaries::parseSection(DescSection, Descs))
    return E;
  // In the order of the section's keys, so that the profile does not
  // depend on hashing.
  std::vector<
      std::pair<std::pair<uint64_t, uint64_t>, BinaryDescriptions::Entry>>
      Sorted(Descs.Entries.begin(), Descs.Entries.end());
  llvm::sort(Sorted,
             [](const auto &L, const auto &R) { return L.first < R.first; });
  for (const auto &[Key, Entry] : Sorted) {
    DescribedFunction F;
    F.Name = Entry.Name.str();
    F.Checksum = Key.second;
    F.CFGData = Entry.CFG.str();
    Expected<CFGDescription> CFG = CFGDescription::deserialize(F.CFGData);
    if (!CFG)
      return CFG.takeError();
    F.CFG = std::move(*CFG);
    const size_t N = F.CFG.Blocks.size();
    F.Succs.resize(N);
    F.Preds.resize(N);
    F.BreakOut.assign(N, 0);
    F.BreakIn.assign(N, 0);
    F.Returns.assign(N, 0);
    F.Visible.assign(N, 0);
    for (const CFGEdge &E : F.CFG.Edges) {
      switch (E.Kind) {
      case PATHPROF_EDGE_CFG:
        F.Succs[E.Src].push_back(E.Dst);
        F.Preds[E.Dst].push_back(E.Src);
        break;
      case PATHPROF_EDGE_ENTRY_PSEUDO:
        F.BreakIn[E.Dst] = 1;
        break;
      case PATHPROF_EDGE_EXIT_PSEUDO:
        F.BreakOut[E.Src] = 1;
        break;
      case PATHPROF_EDGE_RETURN:
        F.Returns[E.Src] = 1;
        break;
      }
    }
    for (auto &S : F.Succs)
      llvm::sort(S);
    Functions.push_back(std::move(F));
  }
  return Error::success();
}

std::optional<uint64_t> SampledBinary::functionOf(uint64_t VAddr) const {
  auto It = llvm::upper_bound(
      Symbols, std::make_pair(VAddr, UINT64_MAX),
      [](const auto &L, const auto &R) { return L.first < R.first; });
  if (It == Symbols.begin())
    return std::nullopt;
  --It;
  if (VAddr >= It->second && It->second != It->first)
    return std::nullopt;
  return It->first;
}

Error SampledBinary::readProbes(StringRef DescSection, StringRef ProbeSection,
                                WarningHandler Warn) {
  MCPseudoProbeDecoder Decoder;
  if (!Decoder.buildGUID2FuncDescMap(
          reinterpret_cast<const uint8_t *>(DescSection.data()),
          DescSection.size()))
    return makeProfileError(profile_error::corrupt,
                            "malformed .pseudo_probe_desc section");
  // Each function's probes are placed from the start of its symbol, found
  // by the GUID of the symbol's name (a ThinLTO-promoted local's too,
  // without its ".llvm.N"). The sampling build gives local functions
  // symbols of their own (PathProf/SampleProbes.h); should two functions
  // still share one, they cannot be told apart: their probes are left out.
  std::map<uint64_t, std::pair<uint64_t, unsigned>> Starts;
  for (const auto &[Name, Addr] : SymbolNames) {
    StringRef Base = Name.substr(0, Name.find(".llvm."));
    for (StringRef N : {Name, Base}) {
      auto [It, New] = Starts.try_emplace(MD5Hash(N), Addr, 1);
      if (!New && It->second.first != Addr)
        ++It->second.second;
      if (N == Base)
        break;
    }
  }
  MCPseudoProbeDecoder::Uint64Map FuncStartAddrs;
  MCPseudoProbeDecoder::Uint64Set Placed;
  uint64_t Ambiguous = 0;
  for (const auto &[GUID, Start] : Starts) {
    if (Start.second != 1) {
      Ambiguous += Decoder.getGUID2FuncDescMap().count(GUID);
      continue;
    }
    FuncStartAddrs[GUID] = Start.first;
    Placed.insert(GUID);
  }
  for (const auto &[Name, Addr] : SymbolNames) {
    auto D = Decoder.getGUID2FuncDescMap().find(MD5Hash(Name));
    if (D != Decoder.getGUID2FuncDescMap().end() &&
        Starts[MD5Hash(Name)].second == 1)
      ProfileNames[Addr] = Saver.save(D->second.FuncName);
  }
  if (Ambiguous)
    Warn(Path + ": " + Twine(Ambiguous) +
         " functions have the name of another local function; their "
         "samples are not counted");
  if (Placed.empty())
    return makeProfileError(profile_error::missing_binary,
                            "no function symbol: the pseudo-probes cannot "
                            "be placed (was the symbol table stripped?)");
  if (!Decoder.buildAddress2ProbeMap(
          reinterpret_cast<const uint8_t *>(ProbeSection.data()),
          ProbeSection.size(), Placed, FuncStartAddrs))
    return makeProfileError(profile_error::corrupt,
                            "malformed .pseudo_probe section");
  // The descriptor of a probe's GUID holds its function's profile name and
  // checksum (PathProf/SampleProbes.h), the key of its description.
  DenseMap<std::pair<uint64_t, uint64_t>, uint32_t> ByKey;
  for (uint32_t I = 0; I != Functions.size(); ++I)
    ByKey[{MD5Hash(Functions[I].Name), Functions[I].Checksum}] = I;
  // A frame is an outlined function's own code or one inlined copy in it:
  // {function start, inline tree node below the top (null for the
  // function's own code), the probe's GUID}. The top node of an inlined
  // copy is keyed by its caller's debug-info name, not by the GUID its own
  // probes carry, so the function start, not the node, tells copies apart.
  std::map<std::tuple<uint64_t, const void *, uint64_t>, uint32_t> Frames;
  uint64_t Unknown = 0;
  std::vector<const MCDecodedPseudoProbeInlineTree *> FrameNodes;
  for (const auto &[Address, List] : Decoder.getAddress2ProbesMap()) {
    for (const MCDecodedPseudoProbe &P : List) {
      if (!P.isBlock())
        continue;
      auto D = Decoder.getGUID2FuncDescMap().find(P.getGuid());
      auto It =
          D == Decoder.getGUID2FuncDescMap().end()
              ? ByKey.end()
              : ByKey.find({MD5Hash(D->second.FuncName), D->second.FuncHash});
      const uint64_t NumBlocks =
          It == ByKey.end() ? 0 : Functions[It->second].CFG.Blocks.size();
      // Past the blocks: an indirect call site (PathProf/SampleProbes.h).
      if (It != ByKey.end() && P.getIndex() > NumBlocks) {
        CallSites.push_back(
            {Address, It->second, P.getIndex() - NumBlocks - 1});
        continue;
      }
      if (It == ByKey.end() || P.getIndex() == 0) {
        ++Unknown;
        continue;
      }
      std::optional<uint64_t> Start = functionOf(Address);
      const MCDecodedPseudoProbeInlineTree *Node = P.getInlineTreeNode();
      const void *Copy = Node && Node->hasInlineSite() ? Node : nullptr;
      auto [F, New] = Frames.try_emplace({Start.value_or(0), Copy, P.getGuid()},
                                         Frames.size());
      if (New) {
        FrameInlined.push_back(Copy != nullptr);
        FrameNodes.push_back(Copy ? Node : nullptr);
      }
      Probes.push_back({Address, It->second,
                        static_cast<uint32_t>(P.getIndex() - 1), F->second});
      Functions[It->second].Visible[P.getIndex() - 1] = 1;
    }
  }
  // The decoder's inline tree goes with it: keep each frame's enclosing
  // copies by number.
  DenseMap<const void *, uint32_t> FrameOfNode;
  for (uint32_t I = 0; I != FrameNodes.size(); ++I)
    if (FrameNodes[I])
      FrameOfNode[FrameNodes[I]] = I;
  FrameOuter.resize(FrameNodes.size());
  for (uint32_t I = 0; I != FrameNodes.size(); ++I) {
    if (!FrameNodes[I])
      continue;
    for (const auto *N = FrameNodes[I]->Parent; N; N = N->Parent) {
      auto It = FrameOfNode.find(N);
      if (It != FrameOfNode.end())
        FrameOuter[I].push_back(It->second);
    }
  }
  if (Unknown)
    Warn(Path + ": " + Twine(Unknown) +
         " pseudo-probes name no function of its " PATHPROF_DESC_SECTION
         " section; their blocks are not counted");
  // Probes were added by address (std::map), and at one address in
  // section order, which puts an outer copy's probes before those of the
  // copies inlined into it.
  return Error::success();
}

std::optional<uint64_t> SampledBinary::vaddrOfOffset(uint64_t Offset) const {
  for (const Segment &S : Segments)
    if (Offset >= S.Offset && Offset - S.Offset < S.Size)
      return S.VAddr + (Offset - S.Offset);
  return std::nullopt;
}

SampledBinary::BranchKind SampledBinary::classify(uint64_t From,
                                                  uint64_t To) const {
  auto It =
      llvm::upper_bound(CodeSections, From,
                        [](uint64_t A, const Code &C) { return A < C.VAddr; });
  BranchKind Kind = BranchKind::Jump;
  if (It != CodeSections.begin()) {
    const Code &C = *std::prev(It);
    uint64_t At = From - C.VAddr;
    // Skip legacy and REX prefixes, then read the opcode: ret (c3, c2,
    // cb, ca), call rel32 (e8) or call r/m (ff /2, ff /3).
    auto Byte = [&](uint64_t I) -> int {
      return I < C.Bytes.size() ? static_cast<uint8_t>(C.Bytes[I]) : -1;
    };
    while (At < C.Bytes.size()) {
      int B = Byte(At);
      if (B == 0x66 || B == 0x67 || B == 0xf2 || B == 0xf3 || B == 0x2e ||
          B == 0x3e || B == 0x26 || B == 0x36 || B == 0x64 || B == 0x65 ||
          (B >= 0x40 && B <= 0x4f))
        ++At;
      else
        break;
    }
    int Op = Byte(At);
    if (Op == 0xc3 || Op == 0xc2 || Op == 0xcb || Op == 0xca)
      return BranchKind::Return;
    if (Op == 0xe8)
      return BranchKind::Call;
    if (Op == 0xff) {
      int Reg = (Byte(At + 1) >> 3) & 7;
      if (Reg == 2 || Reg == 3)
        return BranchKind::IndirectCall;
    }
  }
  // A jump to the start of a function is a tail call: the caller's
  // activation ends there and the callee's begins.
  return To && isFunctionStart(To) ? BranchKind::TailCall : Kind;
}

const SampledBinary::CallSite *SampledBinary::callSiteOf(uint64_t From) const {
  // The nearest probe before the call, in the same function, a few
  // instructions away at most (the arguments' set-up can come between).
  auto It =
      llvm::upper_bound(CallSites, From, [](uint64_t A, const CallSite &C) {
        return A < C.Address;
      });
  if (It == CallSites.begin())
    return nullptr;
  --It;
  if (From - It->Address > 64 || functionOf(It->Address) != functionOf(From))
    return nullptr;
  return &*It;
}

bool SampledBinary::isFunctionStart(uint64_t VAddr) const {
  auto S = llvm::lower_bound(Symbols, std::make_pair(VAddr, uint64_t(0)));
  return S != Symbols.end() && S->first == VAddr;
}

namespace {

/// The path a frame of one activation is on, as far as the window shows it.
struct PartialPath {
  /// The function whose path it is.
  uint32_t Function = 0;
  /// Whether the path's start was seen (the function's entry, or a path
  /// break just before it), so that it can be counted once it ends.
  bool Known = false;
  bool StartsAtEntry = false;
  /// Whether the frame's next block runs right after an entry into the
  /// function: its activation began in the window (a call), it is an
  /// inlined copy first seen after code that does not run inside it, or
  /// its last path ended at a return. An entry block that only branches has
  /// no probe (SampleProbes.cpp), so that such a path starts at its
  /// successor.
  bool Entered = false;
  std::vector<uint32_t> Blocks;
  /// The run that holds the start's evidence (the entry block, or the
  /// block before the path break), and the run of the last block.
  int StartRun = 0, LastRun = 0;
  /// The cycles of its blocks: each run's cycles (the CYCLES field of the
  /// record that ends it) shared evenly by the blocks seen in the run.
  double Cycles = 0;

  /// Forgets the path, not the function it is a path of (which leave()
  /// reads the DAG of).
  void restart() {
    const uint32_t Of = Function;
    *this = PartialPath();
    Function = Of;
  }
};

/// One activation of an outlined function (a call not inlined): the
/// partial paths of its frames.
struct Activation {
  SmallVector<std::pair<uint32_t, PartialPath>, 2> Frames;
  /// Whether the window saw the call that began it, so that every frame
  /// of it was entered in the window.
  bool Called = false;
  PartialPath &frame(const SampledBinary &B, uint32_t Frame,
                     uint32_t Function) {
    for (auto &[F, P] : Frames)
      if (F == Frame)
        return P;
    // An inlined copy seen first after code that does not run inside it
    // was entered in the window.
    const bool Entered = Called || any_of(Frames, [&](const auto &Seen) {
                           return !B.encloses(Frame, Seen.first);
                         });
    Frames.push_back({Frame, PartialPath()});
    Frames.back().second.Function = Function;
    Frames.back().second.Entered = Entered;
    return Frames.back().second;
  }
};

/// What the samples saw of one path: its weighted count and, where the
/// records have cycle counts, the cycles of each sighting (a sampled
/// metric: how many sightings, their sum and sum of squares).
struct Sightings {
  double Weight = 0;
  uint64_t Seen = 0, Cycles = 0;
  SquareSum Squares;
};
using PathSightings = std::map<uint64_t, Sightings>;

/// Follows the window of one sample through one binary's code.
class WindowWalker {
public:
  WindowWalker(const SampledBinary &B, PathSightings *Counts,
               PathEstimatorStats &Stats, int Runs, double Period,
               std::mt19937_64 &Random)
      : B(B), Counts(Counts), Stats(Stats), Runs(Runs), Period(Period),
        Random(Random) {
    Stack.emplace_back();
  }

  /// The blocks of the probes in [\p Begin, \p End], run \p Run, which
  /// took \p Cycles cycles.
  void run(uint64_t Begin, uint64_t End, int Run, uint32_t Cycles) {
    auto It =
        llvm::lower_bound(B.Probes, Begin, [](const ProbeSite &P, uint64_t A) {
          return P.Address < A;
        });
    auto Last = std::upper_bound(
        It, B.Probes.end(), End,
        [](uint64_t A, const ProbeSite &P) { return A < P.Address; });
    Share = Last == It ? 0 : double(Cycles) / double(Last - It);
    SmallVector<const ProbeSite *, 8> Group;
    while (It != B.Probes.end() && It->Address <= End) {
      // Probes at one address (blocks whose code the optimizers merged or
      // interleaved, as the copies of an unrolled loop body) are in no
      // particular order: take each time one that follows its frame's last
      // block, by an edge or else a path break.
      Group.clear();
      for (uint64_t At = It->Address; It != B.Probes.end() && It->Address == At;
           ++It)
        Group.push_back(&*It);
      while (!Group.empty()) {
        auto Next = Group.begin();
        if (Group.size() > 1)
          Next = pickNext(Group);
        block(**Next, Run);
        Group.erase(Next);
      }
    }
  }

  /// The taken branch that ended run \p Run.
  void branch(SampledBinary::BranchKind Kind, int Run) {
    switch (Kind) {
    case SampledBinary::BranchKind::Jump:
      return;
    case SampledBinary::BranchKind::Call:
    case SampledBinary::BranchKind::IndirectCall:
      Stack.emplace_back();
      Stack.back().Called = true;
      return;
    case SampledBinary::BranchKind::TailCall:
      leave(Stack.back(), Run);
      Stack.back() = Activation();
      Stack.back().Called = true;
      return;
    case SampledBinary::BranchKind::Return:
      // A return to a caller the window did not see begin starts a fresh
      // activation for it.
      leave(Stack.back(), Run);
      Stack.pop_back();
      if (Stack.empty())
        Stack.emplace_back();
      return;
    }
  }

  /// Forgets everything: the flow between two runs is not known.
  void reset() {
    Stack.clear();
    Stack.emplace_back();
  }

private:
  const SampledBinary &B;
  PathSightings *Counts;
  PathEstimatorStats &Stats;
  int Runs;
  double Period;
  std::mt19937_64 &Random;
  /// The cycles of each block of the current run.
  double Share = 0;
  std::deque<Activation> Stack;

  /// The probe of \p Group that best follows its frame's last block.
  const ProbeSite **pickNext(SmallVectorImpl<const ProbeSite *> &Group) {
    const ProbeSite **Break = nullptr;
    for (const ProbeSite *&P : Group) {
      const PartialPath &Path = Stack.back().frame(B, P->Frame, P->Function);
      if (Path.Blocks.empty())
        return &P;
      const DescribedFunction &F = B.Functions[P->Function];
      const uint32_t U = Path.Blocks.back();
      if (F.hasEdge(U, P->Block))
        return &P;
      if (!Break && F.BreakOut[U] && F.BreakIn[P->Block])
        Break = &P;
    }
    return Break ? Break : Group.begin();
  }

  void block(const ProbeSite &P, int Run) {
    const DescribedFunction &F = B.Functions[P.Function];
    PartialPath &Path = Stack.back().frame(B, P.Frame, P.Function);
    const uint32_t V = P.Block;
    if (!Path.Blocks.empty()) {
      SmallVector<uint32_t, 8> Gap, After;
      // A path break is a backedge, a taken branch: between two blocks of
      // one run there was none.
      const uint32_t U = Path.Blocks.back();
      const bool SameRun = Path.LastRun == Run;
      Step S = (SameRun || !F.BreakOut[U] || !F.BreakIn[V]) &&
                       hiddenBlocks(F, U, V, Gap)
                   ? Step::Edge
                   : bridge(F, U, V, SameRun, Gap, After);
      Stats.Repaired += !Gap.empty() || !After.empty();
      Path.Blocks.insert(Path.Blocks.end(), Gap.begin(), Gap.end());
      if (S == Step::Edge) {
        Path.Blocks.push_back(V);
      } else if (S == Step::Return) {
        finish(P.Function, Path, /*EndsAtReturn=*/true, Path.LastRun);
        Path.restart();
        Path.Entered = true;
      } else if (S == Step::Break) {
        // A backedge (or a cut edge): the path ends, the next begins at V,
        // and the run of the last block seen is the new path's evidence.
        finish(P.Function, Path, /*EndsAtReturn=*/false, Run);
        const int LastRun = Path.LastRun;
        Path.restart();
        Path.Known = true;
        Path.StartRun = LastRun;
        Path.Blocks.assign(After.begin(), After.end());
        Path.Blocks.push_back(V);
      } else {
        ++Stats.Dropped;
        Path.restart();
      }
    }
    if (Path.Blocks.empty()) {
      // The entry block has no predecessor: a path starts there, and so
      // at the successor of an entry block without a probe where the
      // function was just entered.
      const bool AfterEntry = Path.Entered && !F.Visible[0] &&
                              F.Succs[0].size() == 1 && F.Succs[0][0] == V &&
                              !F.BreakOut[0];
      Path.Known = Path.StartsAtEntry = V == 0 || AfterEntry;
      Path.StartRun = Run;
      if (AfterEntry)
        Path.Blocks.push_back(0);
      Path.Blocks.push_back(V);
    }
    Path.LastRun = Run;
    Path.Cycles += Share;
    if (F.onlyReturns(V)) {
      finish(P.Function, Path, /*EndsAtReturn=*/true, Run);
      Path.restart();
      Path.Entered = true;
    }
  }

  /// The function of \p A returns in run \p Run: each path still open
  /// ends at the nearest block that returns (a block whose probe the
  /// optimizers dropped, as a return block merged into its predecessors).
  void leave(Activation &A, int Run) {
    for (auto &[Frame, Path] : A.Frames) {
      if (Path.Blocks.empty())
        continue;
      SmallVector<uint32_t, 8> Gap, After;
      const DescribedFunction &F = B.Functions[Path.Function];
      if (bridge(F, Path.Blocks.back(), ReturnTarget, false, Gap, After) ==
          Step::Return) {
        Stats.Repaired += !Gap.empty();
        Path.Blocks.insert(Path.Blocks.end(), Gap.begin(), Gap.end());
        finish(Path.Function, Path, /*EndsAtReturn=*/true, Run);
      }
      Path.restart();
    }
  }

  /// When the flow from \p U to \p V may have run blocks that leave no
  /// trace (no probe of the binary stands for them), which of the DAG
  /// paths between the two it ran is unknown: takes one of them at random,
  /// the direct edge included, into \p Between. Unbiased when they are
  /// equally likely, as for the arms of a diamond the optimizers made a
  /// select. False when there is no such choice.
  bool hiddenBlocks(const DescribedFunction &F, uint32_t U, uint32_t V,
                    SmallVectorImpl<uint32_t> &Between) {
    constexpr unsigned MaxHidden = 3, MaxChoices = 16;
    std::vector<SmallVector<uint32_t, 4>> Choices;
    SmallVector<uint32_t, 4> Stack;
    std::function<void(uint32_t)> Walk = [&](uint32_t X) {
      for (uint32_t Y : F.Succs[X]) {
        if (Choices.size() == MaxChoices)
          return;
        if (Y == V)
          Choices.push_back(Stack);
        else if (!F.Visible[Y] && Stack.size() < MaxHidden) {
          Stack.push_back(Y);
          Walk(Y);
          Stack.pop_back();
        }
      }
    };
    Walk(U);
    if (Choices.size() < 2)
      return false;
    const auto &Pick = Choices[Random() % Choices.size()];
    Between.assign(Pick.begin(), Pick.end());
    return true;
  }

  enum class Step { None, Edge, Break, Return };
  /// bridge()'s target for a return out of the function.
  static constexpr uint32_t ReturnTarget = UINT32_MAX;
  /// The most blocks without a probe bridge() assumes on either side of a
  /// path break.
  static constexpr unsigned MaxGap = 8;

  /// The shortest path of DAG edges from \p From to a block for which
  /// \p Stop holds (\p From itself included), at most MaxGap blocks
  /// long, over the successors (or, \p Backward, the predecessors);
  /// the blocks between the two into \p Between, in flow order.
  template <typename StopFn>
  static std::optional<uint32_t>
  nearest(const DescribedFunction &F, uint32_t From, bool Backward, StopFn Stop,
          SmallVectorImpl<uint32_t> &Between) {
    DenseMap<uint32_t, uint32_t> Parent;
    std::vector<uint32_t> Level{From};
    Parent[From] = From;
    for (unsigned Depth = 0; Depth <= MaxGap && !Level.empty(); ++Depth) {
      for (uint32_t X : Level) {
        if (!Stop(X))
          continue;
        Between.clear();
        for (uint32_t Z = X; Z != From; Z = Parent[Z])
          Between.push_back(Z);
        if (!Backward)
          std::reverse(Between.begin(), Between.end());
        return X;
      }
      std::vector<uint32_t> Next;
      for (uint32_t X : Level)
        for (uint32_t Y : Backward ? F.Preds[X] : F.Succs[X])
          if (Parent.try_emplace(Y, X).second)
            Next.push_back(Y);
      Level = std::move(Next);
    }
    return std::nullopt;
  }

  /// How the flow went from block \p U to block \p V (or, for
  /// ReturnTarget, out of the function), through blocks whose probes the
  /// optimizers dropped (merged or emptied blocks), the fewest: along DAG
  /// edges (\p Before holds the blocks between); through a path break (a
  /// backedge) after \p Before, the next path running \p After before
  /// \p V; or, to the entry block, through a return after \p Before (a
  /// recursive call the optimizers made a loop). An edge before a break,
  /// and any edges before a break when \p SameRun (the two were seen in one
  /// straight-line run).
  static Step bridge(const DescribedFunction &F, uint32_t U, uint32_t V,
                     bool SameRun, SmallVectorImpl<uint32_t> &Before,
                     SmallVectorImpl<uint32_t> &After) {
    if (V == ReturnTarget)
      return nearest(
                 F, U, false, [&](uint32_t X) { return F.Returns[X]; }, Before)
                 ? Step::Return
                 : Step::None;
    SmallVector<uint32_t, 8> Edge, Out, In;
    std::optional<uint32_t> ByEdge = nearest(
        F, U, false, [&](uint32_t X) { return F.hasEdge(X, V); }, Edge);
    std::optional<uint32_t> BreakOut = nearest(
        F, U, false, [&](uint32_t X) { return F.BreakOut[X] != 0; }, Out);
    std::optional<uint32_t> BreakIn =
        BreakOut
            ? nearest(
                  F, V, true, [&](uint32_t X) { return F.BreakIn[X] != 0; }, In)
            : std::nullopt;
    // The blocks assumed: nearest() gives them with the block it found
    // unless that is where it started.
    // Within one run, any path of edges before a break.
    if (ByEdge &&
        (!BreakIn || SameRun || Edge.size() <= Out.size() + In.size())) {
      Before.assign(Edge.begin(), Edge.end());
      return Step::Edge;
    }
    if (BreakIn) {
      Before.assign(Out.begin(), Out.end());
      After.assign(In.begin(), In.end());
      return Step::Break;
    }
    if (V == 0 &&
        nearest(
            F, U, false, [&](uint32_t X) { return F.Returns[X] != 0; }, Before))
      return Step::Return;
    return Step::None;
  }

  void finish(uint32_t Function, const PartialPath &Path, bool EndsAtReturn,
              int EndRun) {
    if (!Path.Known)
      return;
    DecodedPath D;
    D.Blocks = Path.Blocks;
    D.StartsAtEntry = Path.StartsAtEntry;
    D.EndsAtReturn = EndsAtReturn;
    Expected<uint64_t> Id = B.Functions[Function].CFG.encode(D);
    if (!Id) {
      consumeError(Id.takeError());
      ++Stats.Dropped;
      return;
    }
    // Window positions that hold every run from the start's evidence to
    // the end's (Horvitz-Thompson).
    const int Positions = Runs - (EndRun - Path.StartRun);
    if (Positions <= 0)
      return;
    Sightings &S = Counts[Function][*Id];
    S.Weight += Period / Positions;
    ++S.Seen;
    const uint64_t Cycles = std::llround(Path.Cycles);
    S.Cycles += Cycles;
    S.Squares.add(SquareSum::of(Cycles));
    ++Stats.PathsCounted;
  }
};

/// Where a sampled address is: a binary and its virtual address there.
struct Located {
  int Binary = -1;
  uint64_t VAddr = 0;
};

} // namespace

Expected<Profile>
pathprof::estimatePathProfile(const PerfScript &Script,
                              const PathEstimatorOptions &Opts,
                              PathEstimatorStats &Stats, WarningHandler Warn) {
  std::vector<std::unique_ptr<SampledBinary>> Binaries;
  for (const std::string &Path : Opts.Binaries) {
    Expected<std::unique_ptr<SampledBinary>> B =
        SampledBinary::load(Path, Warn);
    if (!B)
      return B.takeError();
    Binaries.push_back(std::move(*B));
  }
  if (Binaries.empty())
    return makeProfileError(profile_error::missing_binary,
                            "no binary given: name the program built with "
                            "-fprofile-path-sample with --binary");

  // Which binary each mapping event maps: by build id when perf recorded
  // one, else by file name.
  std::vector<int> MappingBinary(Script.Mappings.size(), -1);
  for (size_t I = 0; I != Script.Mappings.size(); ++I) {
    const PerfMapping &M = Script.Mappings[I];
    for (size_t J = 0; J != Binaries.size(); ++J) {
      const SampledBinary &B = *Binaries[J];
      if (sys::path::filename(M.Path) != sys::path::filename(B.Path))
        continue;
      if (!M.BuildId.empty() && M.BuildId != B.BuildId)
        return createFileError(
            B.Path,
            makeProfileError(profile_error::missing_binary,
                             "build id " + B.BuildId + " is not that of '" +
                                 M.Path + "' in the samples (" + M.BuildId +
                                 "): a binary of another build"));
      MappingBinary[I] = J;
    }
  }
  // Without mapping events (perf script without --show-mmap-events),
  // addresses are the first binary's own, which holds for a program that
  // is not position-independent.
  const bool Identity = Script.Mappings.empty();
  if (Identity)
    Warn("the samples have no mapping events (perf script "
         "--show-mmap-events): their addresses are taken as those of " +
         Binaries[0]->Path);

  const uint64_t Period = Opts.Period     ? Opts.Period
                          : Script.Period ? *Script.Period
                                          : 1;
  // Per binary and function: per indirect call site, the weighted calls of
  // each callee (by profile name; empty: a callee not in the binaries).
  std::vector<
      std::map<uint32_t, std::map<uint64_t, std::map<std::string, double>>>>
      ICallCounts(Binaries.size());
  std::vector<std::vector<PathSightings>> Counts(Binaries.size());
  for (size_t J = 0; J != Binaries.size(); ++J)
    Counts[J].resize(Binaries[J]->Functions.size());

  // Whether the records have cycle counts (BRS and some others give 0).
  bool AnyCycles = false;
  // Fixed: the same samples give the same profile.
  std::mt19937_64 Random(0x5eed);
  uint64_t Depth = 0;
  size_t NextMapping = 0;
  // The mappings in force, in the order they happened (later ones win).
  std::vector<size_t> Live;
  auto Locate = [&](uint32_t Pid, uint64_t Addr) -> Located {
    if (Identity) {
      return {0, Addr};
    }
    for (size_t K = Live.size(); K-- > 0;) {
      const PerfMapping &M = Script.Mappings[Live[K]];
      if ((M.Pid && Pid && M.Pid != Pid) || Addr < M.Start ||
          Addr - M.Start >= M.Length)
        continue;
      int J = MappingBinary[Live[K]];
      if (J < 0)
        return {};
      std::optional<uint64_t> V =
          Binaries[J]->vaddrOfOffset(Addr - M.Start + M.PageOffset);
      if (!V)
        return {};
      return {J, *V};
    }
    return {};
  };

  for (size_t S = 0; S != Script.Samples.size(); ++S) {
    while (NextMapping != Script.Mappings.size() &&
           Script.Mappings[NextMapping].FirstSample <= S)
      Live.push_back(NextMapping++);
    const BranchSample &Sample = Script.Samples[S];
    const size_t N = Sample.Records.size();
    Depth = std::max<uint64_t>(Depth, N);
    ++Stats.Samples;
    if (N < 2)
      continue;
    // Records are newest first; walk oldest first. Run K goes from the
    // target of record K to the source of record K + 1.
    const int Runs = static_cast<int>(N) - 1;
    std::vector<std::optional<WindowWalker>> Walkers(Binaries.size());
    auto Walker = [&](int J) -> WindowWalker & {
      if (!Walkers[J])
        Walkers[J].emplace(*Binaries[J], Counts[J].data(), Stats, Runs,
                           static_cast<double>(Period), Random);
      return *Walkers[J];
    };
    for (int K = 0; K != Runs; ++K) {
      const BranchRecord &Into = Sample.Records[N - 1 - K];
      const BranchRecord &Out = Sample.Records[N - 2 - K];
      Located Begin = Locate(Sample.Pid, Into.To);
      Located End = Locate(Sample.Pid, Out.From);
      if (Begin.Binary != End.Binary || End.VAddr < Begin.VAddr) {
        // The flow between the two is not known: forget the window so far.
        ++Stats.RecordsOutside;
        for (auto &W : Walkers)
          if (W)
            W->reset();
      } else if (Begin.Binary < 0) {
        ++Stats.RecordsOutside; // Code of a binary not given (libc).
      } else {
        ++Stats.RunsInside;
        Walker(Begin.Binary).run(Begin.VAddr, End.VAddr, K, Out.Cycles);
        AnyCycles |= Out.Cycles != 0;
      }
      // The branch that ends the run, as the binaries it leaves and enters
      // see it. Code that is not ours is not read: a branch from it into
      // ours is a call when it enters a function, else a return.
      Located To = Locate(Sample.Pid, Out.To);
      if (End.Binary >= 0) {
        const SampledBinary &From = *Binaries[End.Binary];
        SampledBinary::BranchKind Kind =
            From.classify(End.VAddr, To.Binary == End.Binary ? To.VAddr : 0);
        if (Kind == SampledBinary::BranchKind::IndirectCall)
          if (const SampledBinary::CallSite *Site =
                  From.callSiteOf(End.VAddr)) {
            // A record ends a run in as many windows as they have runs.
            StringRef Callee =
                To.Binary < 0
                    ? StringRef()
                    : Binaries[To.Binary]->ProfileNames.lookup(To.VAddr);
            ICallCounts[End.Binary][Site->Function][Site->Site][Callee.str()] +=
                double(Period) / double(Runs);
          }
        Walker(End.Binary).branch(Kind, K);
      }
      if (To.Binary >= 0 && To.Binary != End.Binary)
        Walker(To.Binary).branch(Binaries[To.Binary]->isFunctionStart(To.VAddr)
                                     ? SampledBinary::BranchKind::Call
                                     : SampledBinary::BranchKind::Return,
                                 K);
    }
  }

  if (!Stats.RunsInside) {
    std::string Mapped;
    for (const PerfMapping &M : Script.Mappings)
      if (StringRef(Mapped).count(M.Path) == 0)
        Mapped += (Mapped.empty() ? "" : ", ") + M.Path;
    return makeProfileError(
        profile_error::missing_binary,
        "none of the " + Twine(Stats.Samples) +
            " samples ran code of the binaries given (" +
            join(Opts.Binaries, ", ") + "); the samples map " +
            (Mapped.empty() ? std::string("no file") : Mapped));
  }

  Profile P;
  if (AnyCycles) {
    // A sampled metric: each path's cycles are known for the sightings, and
    // its estimate is its count times their mean.
    MetricDescriptor Cycles;
    Cycles.Name = "branch-cycles";
    Cycles.Unit = "cycles";
    Cycles.Period = std::max<uint64_t>(2, Period);
    P.Metrics.push_back(std::move(Cycles));
  }
  for (size_t J = 0; J != Binaries.size(); ++J) {
    SampledBinary &B = *Binaries[J];
    for (size_t I = 0; I != B.Functions.size(); ++I) {
      auto ICalls = ICallCounts[J].find(I);
      if (Counts[J][I].empty() && ICalls == ICallCounts[J].end())
        continue;
      DescribedFunction &D = B.Functions[I];
      FunctionProfile F;
      F.Name = D.Name;
      F.Checksum = D.Checksum;
      F.NumPaths = D.CFG.numPaths();
      if (Error E = F.setCFG(D.CFGData))
        return std::move(E);
      std::vector<PathRecord> Records;
      for (const auto &[Id, S] : Counts[J][I]) {
        PathRecord R;
        R.Id = Id;
        // Every path seen ran at least once.
        R.Count = std::max<uint64_t>(1, std::llround(S.Weight));
        if (AnyCycles) {
          R.Metrics = {S.Cycles};
          R.Samples = S.Seen;
          R.Squares = {S.Squares};
        }
        Records.push_back(std::move(R));
      }
      F.Paths.addAll(std::move(Records), P.Metrics);
      if (ICalls != ICallCounts[J].end())
        for (const auto &[Site, Callees] : ICalls->second)
          for (const auto &[Callee, Weight] : Callees)
            F.ICalls.add(Site, Callee,
                         std::max<uint64_t>(1, std::llround(Weight)));
      P.Functions.push_back(std::move(F));
    }
  }
  P.sortFunctions();
  EstimateInfo Info;
  Info.Period = Opts.Period ? Opts.Period : Script.Period.value_or(0);
  Info.Samples = Stats.Samples;
  Info.RecordsPerSample = Depth;
  P.Estimated = Info;
  return std::move(P);
}
