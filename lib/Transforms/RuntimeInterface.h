//===- RuntimeInterface.h - What instrumented code calls and reads -*- C++ -*-//
//
// The IR declarations of everything instrumented code refers to: the path
// event markers the instrumentation emits and the lowering replaces
// (PathProfLowering.cpp), and the runtime's entry points and hidden globals
// (lib/Runtime) that lowered code and the verify hooks use. One place, so
// the two passes agree on every name and type.
//
//===----------------------------------------------------------------------===//

#ifndef PATHPROF_LIB_TRANSFORMS_RUNTIMEINTERFACE_H
#define PATHPROF_LIB_TRANSFORMS_RUNTIMEINTERFACE_H

#include "PathProf/ProfileFormat.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

namespace pathprof {

/// Path event markers. The instrumentation says where a path starts and
/// where it ends (with its id); pathprof-lower decides what that costs:
///   call void @__pathprof_path_start(ptr @data)
///   call void @__pathprof_path_end(ptr @data, i64 %id)
/// where @data is the function's PathProfFunctionData record. They are never
/// defined: a module that still has them after lowering does not link.
inline constexpr llvm::StringLiteral PathStartMarker = "__pathprof_path_start";
inline constexpr llvm::StringLiteral PathEndMarker = "__pathprof_path_end";
/// With -pathprof-context, right before each call site of a function:
///   call void @__pathprof_call_site(ptr @data, i64 <index>, ptr <callee>)
/// where <callee> is the callee's data record for a direct call of a
/// function instrumented in the module, the called operand otherwise
/// (docs/ContextTree.md).
inline constexpr llvm::StringLiteral CallSiteMarker = "__pathprof_call_site";
/// With -pathprof-context=calls, which counts no paths, the entry keeps its
/// path start marker and every place the function leaves (a return, a
/// resume, a call that does not return) gets
///   call void @__pathprof_leave(ptr @data)
/// where the function's metrics, if any, are added to its node.
inline constexpr llvm::StringLiteral LeaveMarker = "__pathprof_leave";

/// Without -pathprof-context, before each indirect call (value profiles):
///   call void @__pathprof_value_site(ptr <block>, i64 <index>, ptr <callee>)
/// where <block> is the call site's value block in the counter section,
/// <index> its call-site index (PathProf/ContextCallSites.h) and <callee>
/// the called operand.
inline constexpr llvm::StringLiteral ValueSiteMarker = "__pathprof_value_site";
/// Without -pathprof-context, before each memory operation whose length is
/// not a constant (value profiles of sizes):
///   call void @__pathprof_size_site(ptr <block>, i64 <index>, i64 <length>)
/// where <block> is the operation's value block, <index> its index among
/// the function's such operations (PathProf/ProfiledMemOps.h).
inline constexpr llvm::StringLiteral SizeSiteMarker = "__pathprof_size_site";
/// Before each select the profile counts (-pathprof-select-profiles):
///   call void @__pathprof_select(ptr <counter>, i1 <condition>)
/// where <counter> is the select's counter in the counter section, which
/// counts how often <condition> was true.
inline constexpr llvm::StringLiteral SelectMarker = "__pathprof_select";

/// The runtime's metric entry points that instrumented code calls where a
/// path starts or ends while it is measured (RuntimeInterface::metricsEnter,
/// metricsPath, metricsLeave); on x86, pathprof-inline-tsc gives each one an
/// inline time-stamp counter reading beside it (PathProf/InlineTSC.h).
inline constexpr llvm::StringLiteral MetricsEnterName =
    "__pathprof_metrics_enter";
inline constexpr llvm::StringLiteral MetricsPathName =
    "__pathprof_metrics_path";
inline constexpr llvm::StringLiteral MetricsLeaveName =
    "__pathprof_metrics_leave";

/// Marks a function body that carries path instrumentation.
inline constexpr llvm::StringLiteral InstrumentedAttr = "pathprof-instrumented";

/// The index of each PathProfFunctionData field in the record's IR struct
/// type (DataField::Counters, ...), from PathProf/ProfileLayout.inc.
namespace DataField {
enum : unsigned {
#define PATHPROF_DATA_FIELD(CType, Kind, Name) Name,
#include "PathProf/ProfileLayout.inc"
  NumFields
};
} // namespace DataField

/// Declarations of the runtime interface, created on first use.
struct RuntimeInterface {
  explicit RuntimeInterface(llvm::Module &M) : M(M), Ctx(M.getContext()) {
    I64 = llvm::Type::getInt64Ty(Ctx);
    Ptr = llvm::PointerType::getUnqual(Ctx);
    llvm::Type *Ptr = this->Ptr, *U64 = I64;
    DataTy = llvm::StructType::get(Ctx, {
#define PATHPROF_DATA_FIELD(CType, Kind, Name) Kind,
#include "PathProf/ProfileLayout.inc"
                                        });
  }

  /// Runtime entry points are hidden: each executable or shared library
  /// binds to its own copy of the runtime, which knows its own sections.
  llvm::FunctionCallee fn(llvm::StringRef Name, llvm::Type *Ret,
                          llvm::ArrayRef<llvm::Type *> Params) {
    llvm::FunctionCallee Callee = M.getOrInsertFunction(
        Name, llvm::FunctionType::get(Ret, Params, false));
    if (auto *Fn = llvm::dyn_cast<llvm::Function>(Callee.getCallee())) {
      Fn->setVisibility(llvm::GlobalValue::HiddenVisibility);
      Fn->setDSOLocal(true);
    }
    return Callee;
  }
  /// \p Callee, a runtime entry point instrumented code calls only in its
  /// uncommon case, preserving the caller's registers on x86-64 and AArch64
  /// (preserve_most, as the runtime declares it: PATHPROF_PRESERVE_MOST), so
  /// that a function whose common case is in line needs no callee-saved
  /// registers for it. Calls take the convention from the callee (call).
  llvm::FunctionCallee preservingMost(llvm::FunctionCallee Callee) {
    llvm::Triple T(M.getTargetTriple());
    if (T.getArch() == llvm::Triple::x86_64 ||
        T.getArch() == llvm::Triple::aarch64)
      llvm::cast<llvm::Function>(Callee.getCallee())
          ->setCallingConv(llvm::CallingConv::PreserveMost);
    return Callee;
  }
  /// A call of runtime entry point \p Callee, in its calling convention.
  static llvm::CallInst *call(llvm::IRBuilderBase &B,
                              llvm::FunctionCallee Callee,
                              llvm::ArrayRef<llvm::Value *> Args,
                              const llvm::Twine &Name = "") {
    llvm::CallInst *Call = B.CreateCall(Callee, Args, Name);
    Call->setCallingConv(
        llvm::cast<llvm::Function>(Callee.getCallee())->getCallingConv());
    return Call;
  }
  /// The runtime's hidden globals that instrumented code reads.
  llvm::GlobalVariable *hiddenGlobal(llvm::StringRef Name, llvm::Type *Ty) {
    if (auto *GV = M.getNamedGlobal(Name))
      return GV;
    auto *GV = new llvm::GlobalVariable(
        M, Ty, false, llvm::GlobalValue::ExternalLinkage, nullptr, Name);
    GV->setVisibility(llvm::GlobalValue::HiddenVisibility);
    GV->setDSOLocal(true);
    return GV;
  }

  llvm::FunctionCallee pathStart() { return marker(PathStartMarker, {Ptr}); }
  llvm::FunctionCallee pathEnd() { return marker(PathEndMarker, {Ptr, I64}); }
  llvm::FunctionCallee leave() { return marker(LeaveMarker, {Ptr}); }
  llvm::FunctionCallee callSite() {
    return marker(CallSiteMarker, {Ptr, I64, Ptr});
  }
  llvm::FunctionCallee valueSite() {
    return marker(ValueSiteMarker, {Ptr, I64, Ptr});
  }
  llvm::FunctionCallee sizeSite() {
    return marker(SizeSiteMarker, {Ptr, I64, I64});
  }
  llvm::FunctionCallee select() {
    return marker(SelectMarker, {Ptr, llvm::Type::getInt1Ty(Ctx)});
  }
  /// Counts the callee (ptr) of an indirect call in the value block (ptr,
  /// biased: the thread's or the process's) of call site i64
  /// (PathProfValues.c); the atomic form for counters threads share.
  llvm::FunctionCallee valueTarget(bool Atomic) {
    return fn(Atomic ? "__pathprof_value_target_atomic"
                     : "__pathprof_value_target",
              llvm::Type::getVoidTy(Ctx), {Ptr, I64, Ptr});
  }
  /// Counts the length (i64) of a memory operation in its value block (ptr,
  /// biased) of operation index i64 (PathProfValues.c).
  llvm::FunctionCallee valueSize(bool Atomic) {
    return fn(Atomic ? "__pathprof_value_size_atomic" : "__pathprof_value_size",
              llvm::Type::getVoidTy(Ctx), {Ptr, I64, I64});
  }

  /// The calling context tree (PathProfContext.c). On entry: returns the
  /// function's node (null: it counts flat) and where its path records are,
  /// {ptr node, ptr table}, for the data record and the function itself
  /// (ptr, null when its address is never taken). It preserves the
  /// caller's registers (preservingMost).
  llvm::FunctionCallee ctxEnter() {
    return preservingMost(fn("__pathprof_ctx_enter",
                             llvm::StructType::get(Ctx, {Ptr, Ptr}),
                             {Ptr, Ptr}));
  }
  /// The slot of the call site a caller is at, and the callee it means
  /// (initial-exec TLS).
  llvm::GlobalVariable *ctxSite() { return tlsGlobal("__pathprof_ctx_site"); }
  llvm::GlobalVariable *ctxCallee() {
    return tlsGlobal("__pathprof_ctx_callee");
  }
  /// The calling thread's calling context tree (its CONTEXT region), or
  /// null (initial-exec TLS).
  llvm::GlobalVariable *ctxArena() { return tlsGlobal("__pathprof_ctx_arena"); }

  /// The distance from the counter section to the counters of the whole
  /// process (shared and atomic counters).
  llvm::GlobalVariable *counterBias() {
    return hiddenGlobal("__pathprof_counter_bias", I64);
  }
  /// The distance from the counter section to this thread's slice of the
  /// counters; 0 until the thread has one (initial-exec TLS: one load).
  llvm::GlobalVariable *threadBias() {
    llvm::GlobalVariable *GV = hiddenGlobal("__pathprof_thread_bias", I64);
    GV->setThreadLocalMode(llvm::GlobalValue::InitialExecTLSModel);
    return GV;
  }
  /// Gives the calling thread a counter slice and returns its bias.
  llvm::FunctionCallee threadSlice() {
    return fn("__pathprof_thread_slice", I64, {});
  }
  llvm::FunctionCallee hashInc() {
    return fn("__pathprof_hash_inc", llvm::Type::getVoidTy(Ctx), {Ptr, I64});
  }
  /// Finds or inserts the path (i64) of a hashed function with metrics (its
  /// data record), counts it and returns its record {count, metrics}.
  llvm::FunctionCallee hashRecord() {
    return fn("__pathprof_hash_record", Ptr, {Ptr, I64});
  }
  llvm::GlobalVariable *hashTable() {
    return hiddenGlobal("__pathprof_hash_table", Ptr);
  }
  /// The linker's start of PATHPROF_DATA_SECTION: a record's index is its
  /// distance from there.
  llvm::GlobalVariable *dataStart() {
    return hiddenGlobal("__start_" PATHPROF_DATA_SECTION,
                        llvm::ArrayType::get(llvm::Type::getInt8Ty(Ctx), 0));
  }
  /// Per-path metrics (PathProfMetrics.c), called only when the thread's
  /// countdown ran out or a path is measured, preserving the caller's
  /// registers (preservingMost). On entry: saves the caller's
  /// path start and whether it is measured into \p Frame
  /// (PATHPROF_METRICS_FRAME_WORDS) and starts this function's path.
  llvm::FunctionCallee metricsEnter() {
    return preservingMost(
        fn(MetricsEnterName, llvm::Type::getVoidTy(Ctx), {Ptr}));
  }
  /// The entry of a function that counts no paths (-pathprof-context=calls):
  /// as metricsEnter, and also keeps the entry's readings in words 8-15 of
  /// \p Frame, for the function's inclusive metrics.
  llvm::FunctionCallee callsEnter() {
    return preservingMost(fn("__pathprof_metrics_calls_enter",
                             llvm::Type::getVoidTy(Ctx), {Ptr}));
  }
  /// Where such a function leaves: adds the events since its entry to the
  /// K inclusive metrics, and those since its current start to the K
  /// exclusive metrics, of the costs (i32 K) at \p Costs, {exclusive[K],
  /// inclusive[K]}; then gives the caller its start back from \p Frame.
  llvm::FunctionCallee callsLeave() {
    return preservingMost(fn("__pathprof_metrics_calls_leave",
                             llvm::Type::getVoidTy(Ctx),
                             {Ptr, llvm::Type::getInt32Ty(Ctx), Ptr}));
  }
  /// At a path end inside the function (a backedge): adds the events since
  /// the path started to the metric group of K metrics (i32 K) at \p Group,
  /// the path's, and starts the next path.
  llvm::FunctionCallee metricsPath() {
    return preservingMost(fn(MetricsPathName, llvm::Type::getVoidTy(Ctx),
                             {Ptr, llvm::Type::getInt32Ty(Ctx)}));
  }
  /// At the path end that leaves the function: as metricsPath, then gives
  /// the caller's path its start back from \p Frame.
  llvm::FunctionCallee metricsLeave() {
    return preservingMost(fn(MetricsLeaveName, llvm::Type::getVoidTy(Ctx),
                             {Ptr, llvm::Type::getInt32Ty(Ctx), Ptr}));
  }
  /// Non-zero (i8) when the run measures every path with the time-stamp
  /// counter alone, exclusive of callees: instrumented code then reads it
  /// inline.
  llvm::GlobalVariable *metricsTSC() {
    return hiddenGlobal("__pathprof_metrics_tsc", llvm::Type::getInt8Ty(Ctx));
  }
  /// The readings at which the thread's current path started, one per
  /// event (initial-exec TLS); the inline tsc reading keeps word 0.
  llvm::GlobalVariable *metricStart() {
    llvm::GlobalVariable *GV =
        hiddenGlobal("__pathprof_metric_start",
                     llvm::ArrayType::get(I64, PATHPROF_MAX_METRICS));
    GV->setThreadLocalMode(llvm::GlobalValue::InitialExecTLSModel);
    return GV;
  }
  /// The thread's countdowns of path starts until the runtime decides
  /// again whether a path is measured (i64 each, initial-exec TLS); each
  /// path start site decrements one.
  llvm::GlobalVariable *metricCountdown() {
    llvm::GlobalVariable *GV =
        hiddenGlobal("__pathprof_metric_countdown",
                     llvm::ArrayType::get(I64, PATHPROF_METRIC_COUNTDOWNS));
    GV->setThreadLocalMode(llvm::GlobalValue::InitialExecTLSModel);
    return GV;
  }
  /// Non-zero (i64) when the thread's current path is measured.
  llvm::GlobalVariable *metricOn() {
    llvm::GlobalVariable *GV = hiddenGlobal("__pathprof_metric_on", I64);
    GV->setThreadLocalMode(llvm::GlobalValue::InitialExecTLSModel);
    return GV;
  }
  llvm::FunctionCallee verifyEnter() {
    return fn("__pathprof_verify_enter", I64, {Ptr});
  }
  llvm::FunctionCallee verifyBlock() {
    return fn("__pathprof_verify_block", llvm::Type::getVoidTy(Ctx),
              {I64, llvm::Type::getInt32Ty(Ctx)});
  }
  llvm::FunctionCallee verifyPath() {
    return fn("__pathprof_verify_path", llvm::Type::getVoidTy(Ctx), {I64, I64});
  }
  llvm::FunctionCallee verifyResume() {
    return fn("__pathprof_verify_resume", llvm::Type::getVoidTy(Ctx),
              {I64, llvm::Type::getInt32Ty(Ctx)});
  }
  llvm::FunctionCallee verifyLeave() {
    return fn("__pathprof_verify_leave", llvm::Type::getVoidTy(Ctx), {I64});
  }

  llvm::Module &M;
  llvm::LLVMContext &Ctx;
  llvm::IntegerType *I64;
  llvm::PointerType *Ptr;
  llvm::StructType *DataTy;

private:
  llvm::GlobalVariable *tlsGlobal(llvm::StringRef Name) {
    llvm::GlobalVariable *GV = hiddenGlobal(Name, Ptr);
    GV->setThreadLocalMode(llvm::GlobalValue::InitialExecTLSModel);
    return GV;
  }
  llvm::FunctionCallee marker(llvm::StringRef Name,
                              llvm::ArrayRef<llvm::Type *> Params) {
    llvm::FunctionCallee Callee = M.getOrInsertFunction(
        Name,
        llvm::FunctionType::get(llvm::Type::getVoidTy(Ctx), Params, false));
    if (auto *Fn = llvm::dyn_cast<llvm::Function>(Callee.getCallee())) {
      // Nothing but the lowering looks at them: no unwinding, always
      // returns, and it touches no memory the program can see.
      Fn->addFnAttr(llvm::Attribute::NoUnwind);
      Fn->addFnAttr(llvm::Attribute::WillReturn);
      Fn->setMemoryEffects(llvm::MemoryEffects::inaccessibleMemOnly());
    }
    return Callee;
  }
};

} // namespace pathprof

#endif // PATHPROF_LIB_TRANSFORMS_RUNTIMEINTERFACE_H
