//===- PathProf/CFGDescription.h - Serialized Ball-Larus DAG ----*- C++ -*-===//
//
// The description of one function's Ball-Larus DAG that travels from the
// instrumentation pass, through the binary and the raw profile, into indexed
// profiles, so that a path id can be decoded into the blocks it ran (with
// their source lines) without the binary.
//
// Terms: node 0 is ENTRY (the function's entry block), nodes 1..N-1 are the
// other blocks and node N (N = number of blocks) is the virtual EXIT. Edges
// out of a node are sorted by Val, and Val of an edge is the sum of NumPaths
// of the targets of the edges before it (Ball & Larus 1996), so a path id is
// decoded by repeatedly taking the out-edge with the largest Val <= the rest.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_CFGDESCRIPTION_H
#define PATHPROF_CFGDESCRIPTION_H

#include "PathProf/ProfileFormat.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pathprof {

struct CFGBlock {
  std::string Name;
  std::string File;       // empty when there is no debug info
  uint32_t LineBegin = 0; // 0 when unknown
  uint32_t LineEnd = 0;
};

/// Where a call site of the calling context tree is in the source: the
/// call's debug location, inlined code at its outermost line in the function.
struct CFGCallSite {
  std::string File;  // empty when unknown
  uint32_t Line = 0; // 0 when unknown
  uint32_t Column = 0;

  bool operator==(const CFGCallSite &O) const {
    return File == O.File && Line == O.Line && Column == O.Column;
  }
};

struct CFGEdge {
  uint32_t Src = 0;
  uint32_t Dst = 0;
  PathProfEdgeKind Kind = PATHPROF_EDGE_CFG;
  uint64_t Val = 0;
};

/// A decoded path: the blocks it ran, in order.
struct DecodedPath {
  std::vector<uint32_t> Blocks;
  /// The path began at the function's entry (not after a backedge).
  bool StartsAtEntry = false;
  /// The path left the function (not through a backedge).
  bool EndsAtReturn = false;
};

class CFGDescription {
public:
  std::vector<CFGBlock> Blocks;
  std::vector<CFGEdge> Edges; ///< Sorted by (Src, Val).
  /// The locations of the function's call sites, by call-site index (0, 1,
  /// ... in instruction order, as the instrumentation numbers them), for a
  /// function built with calling contexts; none otherwise.
  std::optional<std::vector<CFGCallSite>> CallSites;

  uint32_t exitNode() const { return static_cast<uint32_t>(Blocks.size()); }

  /// Appends the serialized form to \p Out: version 2 with the call-site
  /// table when there is one, version 1 otherwise.
  void serialize(std::string &Out) const;

  /// Parses and fully validates a serialized description: indices in range,
  /// the graph acyclic, every block reachable from ENTRY and reaching EXIT,
  /// Val consistent with the numbering, NumPaths < 2^64.
  static llvm::Expected<CFGDescription> deserialize(llvm::StringRef Data);

  /// Number of ENTRY->EXIT paths; valid after deserialize() or
  /// computeNumPaths().
  uint64_t numPaths() const { return NumPaths; }

  /// Recomputes NumPaths from the edges; fails if the graph is malformed.
  llvm::Error computeNumPaths();

  /// Numbers a description written by hand (a text profile): gives each
  /// edge the Val of the order the edges are in (the sum of NumPaths of the
  /// targets of its source's earlier out-edges), sorts the edges by
  /// (Src, Val) and computes NumPaths. Fails as computeNumPaths() does.
  llvm::Error numberEdges();

  /// Why \p E cannot be an edge of a DAG of \p NumBlocks blocks ("is out of
  /// range", "enters the entry block", a kind that does not fit its ends),
  /// or null if it can.
  static const char *edgeProblem(const CFGEdge &E, uint32_t NumBlocks);

  /// Decodes \p PathId into the blocks it ran. This is the one path decoder:
  /// the tool, the use pass and superblock formation all decode through it.
  llvm::Expected<DecodedPath> decode(uint64_t PathId) const;

  /// The id of the path \p Path describes (the inverse of decode()); fails,
  /// naming the first step that is not a DAG edge, when it is not a path.
  llvm::Expected<uint64_t> encode(const DecodedPath &Path) const;

  /// "file:first-last" or the block name when there is no line information.
  std::string blockLocation(uint32_t Block) const;

  /// The location of call site \p Index, or null when it has none (no
  /// table, an index out of its range, or a line of 0).
  const CFGCallSite *callSite(uint64_t Index) const;

private:
  /// computeNumPaths(), or numberEdges() if \p AssignVals.
  llvm::Error numberPaths(bool AssignVals);

  uint64_t NumPaths = 0;
  std::vector<uint32_t> FirstEdge; ///< Index of the first out-edge per node.
};

} // namespace pathprof

#endif // PATHPROF_CFGDESCRIPTION_H
