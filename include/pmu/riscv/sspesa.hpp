// SPDX-License-Identifier: Apache-2.0
// Sspesa sample details (riscv-performance-event-sampling PR #27, an open
// proposal): the shpmsdetailsdata word and the 4-word sample record
// (shpmspc, shpmsdetailsdata, shpmsdetailsbt1, shpmsdetailsbt2).
// No CSR numbers are allocated, so the platform passes them as template
// parameters. On RV32 only shpmsdetailsdata[31:0] exists (all fields are there).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/hal/csr.hpp"
#include "pmu/reg/field.hpp"
#include "pmu/status.hpp"

/// Sspesa sample details (docs/hw/riscv-counters.md §4).
namespace pmu::riscv::sspesa {

/// Register tag of shpmsdetailsdata (reg::Field scheme): 64 bits, read-write (WARL).
struct DetailsTag {
  using word_t = uint64_t;                                  ///< 64 bits (on RV32 only 31:0 exists).
  static constexpr reg::Access kAccess = reg::Access::kRW;  ///< Read-write.
};
using DetailsValue = reg::Value<DetailsTag>;  ///< A value of shpmsdetailsdata.

/// Fields of shpmsdetailsdata (docs/hw/riscv-counters.md §4.2).
namespace details {
constexpr reg::Field<DetailsTag> kInstret{0, 4};       ///< INSTRET: instructions retired in the sampled cycle.
constexpr reg::Field<DetailsTag> kRstate{4, 2};        ///< RSTATE: the cycle's retire state (RetireState).
constexpr reg::Field<DetailsTag> kCts{6, 4};           ///< CTs: control transfers among them.
constexpr reg::Field<DetailsTag> kCtoffset1{10, 4};    ///< CTOFFSET1: index of the first control transfer's target instruction (target in bt1).
constexpr reg::Field<DetailsTag> kCtoffset2{14, 4};    ///< CTOFFSET2: the same for the second (target in bt2).
constexpr reg::Field<DetailsTag> kCauseoffset{18, 4};  ///< CAUSEOFFSET: 0 CAUSE invalid; 1 oldest retiring instruction, ...
constexpr reg::Field<DetailsTag> kCause{22, 10};       ///< CAUSE: stall/miss cause bits (see cause).
}  // namespace details

/// RSTATE values.
enum class RetireState : uint8_t {
  kRetired = 0,  ///< At least one instruction retired.
  kStalled = 1,  ///< Stalled.
  kFlushed = 2,  ///< Flushed.
  kDrained = 3   ///< Drained, or not supplied.
};

/// CAUSE bits the proposal recommends first (the rest are implementation's).
namespace cause {
constexpr uint16_t kICacheMiss = 1u << 0;        ///< Instruction cache miss.
constexpr uint16_t kItlbMiss = 1u << 1;          ///< Instruction TLB miss.
constexpr uint16_t kBranchMispredict = 1u << 2;  ///< Branch mispredict.
constexpr uint16_t kDCacheMiss = 1u << 3;        ///< Data cache miss.
constexpr uint16_t kDtlbMiss = 1u << 4;          ///< Data TLB miss.
}  // namespace cause

/// shpmsdetailsdata decoded.
struct Details {
  uint8_t instret;      ///< Instructions retired in the sampled cycle.
  RetireState rstate;   ///< Retire state of that cycle.
  uint8_t cts;          ///< Control transfers among them.
  uint8_t ctoffset1;    ///< Index of the 1st instruction at bt1 (0 = the shpmspc instruction).
  uint8_t ctoffset2;    ///< Index of the 1st instruction at bt2.
  uint8_t causeoffset;  ///< 0 = CAUSE invalid; 1 = oldest retiring instruction, ...
  uint16_t cause;       ///< CAUSE bits (cause::k*; the rest implementation-defined).
};

/// Decodes a shpmsdetailsdata word.
constexpr Details decode(uint64_t raw) {
  const DetailsValue v{raw};
  return Details{static_cast<uint8_t>(v.get(details::kInstret)),
                 static_cast<RetireState>(v.get(details::kRstate)),
                 static_cast<uint8_t>(v.get(details::kCts)),
                 static_cast<uint8_t>(v.get(details::kCtoffset1)),
                 static_cast<uint8_t>(v.get(details::kCtoffset2)),
                 static_cast<uint8_t>(v.get(details::kCauseoffset)),
                 static_cast<uint16_t>(v.get(details::kCause))};
}

/// One sample (the proposal's record: 4 XLEN words).
struct Sample {
  uint64_t pc;       ///< shpmspc: the sampled PC.
  uint64_t details;  ///< shpmsdetailsdata (decode() it).
  uint64_t bt1;      ///< shpmsdetailsbt1: target of the first control transfer.
  uint64_t bt2;      ///< shpmsdetailsbt2: target of the second.
};

/// Reads a sample from the platform's CSR numbers (from the LCOFI handler).
template <uint32_t kShpmspc, uint32_t kShpmsdetailsdata, uint32_t kShpmsdetailsbt1,
          uint32_t kShpmsdetailsbt2>
struct SampleCsrs {
  /// Reads the four CSRs (four csrr).
  static Sample read() {
    Sample s;
    s.pc = hal::csr_read<kShpmspc>();
    s.details = hal::csr_read<kShpmsdetailsdata>();
    s.bt1 = hal::csr_read<kShpmsdetailsbt1>();
    s.bt2 = hal::csr_read<kShpmsdetailsbt2>();
    return s;
  }
};

/// Size in bytes (2 or 4) of the instruction at 'pc', e.g. from the binary.
using InsnSizeFn = unsigned (*)(void* ctx, uint64_t pc);

/// The addresses of the instructions the sample says retired, oldest first:
/// sequential from shpmspc, except that the instruction at index CTOFFSET1
/// (the shpmspc instruction is index 0) is at bt1 and the one at CTOFFSET2 at
/// bt2: "the instruction stream jumped to the address in shpmsdetailsbt1 at
/// the instruction count recorded in the CTOFFSET1 field" (PR #27; the
/// decision for CTOFFSET = 0 and = INSTRET is in docs/riscv-counters.md).
/// CTs > 2: only two targets exist, the rest is attributed sequentially, with
/// the bias the proposal accepts. Sizes come from 'size_fn' or are
/// 'fixed_size' (2 or 4).
/// kBadArg: out null or capacity < INSTRET (when INSTRET > 0: a sample of
/// no instruction writes nothing, and answers 0 whatever out), an offset of
/// 0 or beyond INSTRET, offsets not increasing, a bad fixed size; nothing is
/// written then.
/// kMismatch: size_fn returned something other than 2 or 4 (entries before
/// it are written).
Result<size_t> expand(const Sample& s, uint64_t* out, size_t capacity, InsnSizeFn size_fn = nullptr,
                      void* ctx = nullptr, unsigned fixed_size = 4);

}  // namespace pmu::riscv::sspesa
