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

namespace pmu::riscv::sspesa {

struct DetailsTag {
  using word_t = uint64_t;
  static constexpr reg::Access kAccess = reg::Access::kRW;
};
using DetailsValue = reg::Value<DetailsTag>;

namespace details {
constexpr reg::Field<DetailsTag> kInstret{0, 4};
constexpr reg::Field<DetailsTag> kRstate{4, 2};
constexpr reg::Field<DetailsTag> kCts{6, 4};
constexpr reg::Field<DetailsTag> kCtoffset1{10, 4};
constexpr reg::Field<DetailsTag> kCtoffset2{14, 4};
constexpr reg::Field<DetailsTag> kCauseoffset{18, 4};
constexpr reg::Field<DetailsTag> kCause{22, 10};
}  // namespace details

enum class RetireState : uint8_t { kRetired = 0, kStalled = 1, kFlushed = 2, kDrained = 3 };

// CAUSE bits the proposal recommends first (the rest are implementation's).
namespace cause {
constexpr uint16_t kICacheMiss = 1u << 0;
constexpr uint16_t kItlbMiss = 1u << 1;
constexpr uint16_t kBranchMispredict = 1u << 2;
constexpr uint16_t kDCacheMiss = 1u << 3;
constexpr uint16_t kDtlbMiss = 1u << 4;
}  // namespace cause

struct Details {
  uint8_t instret;      // instructions retired in the sampled cycle
  RetireState rstate;
  uint8_t cts;          // control transfers among them
  uint8_t ctoffset1;    // index of the 1st instruction at bt1 (0 = the shpmspc instruction)
  uint8_t ctoffset2;    // index of the 1st instruction at bt2
  uint8_t causeoffset;  // 0 = CAUSE invalid; 1 = oldest retiring instruction, ...
  uint16_t cause;
};

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

// One sample (the proposal's record: 4 XLEN words).
struct Sample {
  uint64_t pc;
  uint64_t details;
  uint64_t bt1;
  uint64_t bt2;
};

// Reads a sample from the platform's CSR numbers (from the LCOFI handler).
template <uint32_t kShpmspc, uint32_t kShpmsdetailsdata, uint32_t kShpmsdetailsbt1,
          uint32_t kShpmsdetailsbt2>
struct SampleCsrs {
  static Sample read() {
    Sample s;
    s.pc = hal::csr_read<kShpmspc>();
    s.details = hal::csr_read<kShpmsdetailsdata>();
    s.bt1 = hal::csr_read<kShpmsdetailsbt1>();
    s.bt2 = hal::csr_read<kShpmsdetailsbt2>();
    return s;
  }
};

// Size in bytes (2 or 4) of the instruction at 'pc', e.g. from the binary.
using InsnSizeFn = unsigned (*)(void* ctx, uint64_t pc);

// The addresses of the instructions the sample says retired, oldest first:
// sequential from shpmspc, except that the instruction at index CTOFFSET1
// (the shpmspc instruction is index 0) is at bt1 and the one at CTOFFSET2 at
// bt2: "the instruction stream jumped to the address in shpmsdetailsbt1 at
// the instruction count recorded in the CTOFFSET1 field" (PR #27; the
// decision for CTOFFSET = 0 and = INSTRET is in docs/riscv-counters.md).
// CTs > 2: only two targets exist, the rest is attributed sequentially, with
// the bias the proposal accepts. Sizes come from 'size_fn' or are
// 'fixed_size' (2 or 4).
// kBadArg: out null, capacity < INSTRET, an offset of 0 or beyond INSTRET,
// offsets not increasing, a bad fixed size; nothing is written then.
// kMismatch: size_fn returned something other than 2 or 4 (entries before
// it are written).
Result<size_t> expand(const Sample& s, uint64_t* out, size_t capacity, InsnSizeFn size_fn = nullptr,
                      void* ctx = nullptr, unsigned fixed_size = 4);

}  // namespace pmu::riscv::sspesa
