// SPDX-License-Identifier: Apache-2.0
// Behavioural model of the CM GCR performance block (docs/hw/cm-gcr-perf.md
// §5), shared by the host tests and the QEMU stub device.
//
// Mapping: the model's offset 0 is the Global Debug Block base, i.e. GCR base
// + 0x6000, so model offsets equal the documented register offsets
// (0x100..0x1AC). Map it over the whole block (kWindowSize = 0x2000); every
// other offset reads 0 and ignores writes, like unimplemented GCR space.
//
// Counters are numbered as their GCR_DB_PC_OV bits, like the driver's:
// 0 the cycle counter, 1 P0, 2 P1. Counter i's CountOn bit is PC_CTL bit
// 4 + 2i, its Reset bit 5 + 2i.
//
// Model choices where the documents are silent or ambiguous (tests must not
// depend on them; the driver does not):
//   - A counter overflows when it wraps from 0xFFFFFFFF to 0 (the slides'
//     "reaches its maximum" is ambiguous); its PC_OV bit is then set. The
//     other reading is a setting: set_flag_point(FlagPoint::kAllOnes) makes a
//     counter overflow when it reaches 0xFFFFFFFF (or passes it within a
//     cycle), not on the wrap that follows.
//   - Perf_Ovf_Stop: on the cycle a counter overflows, all three counters
//     stop by clearing their CountOn bits (so a restart is an explicit
//     start()); at FlagPoint::kAllOnes a counter counting one event a cycle
//     is then held at 0xFFFFFFFF.
//   - Reset bits act on the write and read back 0. Perf_Num_Cnt reads 2.
//   - Events advance at a settable rate per event id (num/den per cycle, 0 by
//     default); qualifiers are stored but do not filter.
//   - Output 0 = CM_PCInt: high while Perf_Int_En and any PC_OV bit is set.
//   - Only 4-byte writes have an effect; narrower reads return the addressed
//     bytes (little-endian lanes).
#pragma once

#include <stdint.h>

#include "mmio_model.hpp"

namespace pmu::models {

/// Behavioural model of the CM GCR performance block (docs/hw/cm-gcr-perf.md §5; model choices in this header).
class CmPerfModel final : public MmioModel {
 public:
  static constexpr uint32_t kWindowSize = 0x2000;  ///< Bytes to map: the whole Global Debug Block.
  // Register offsets from the GDB base (GCR_DB_PC_*).
  static constexpr uint32_t kPcCtl = 0x100;       ///< GCR_DB_PC_CTL.
  static constexpr uint32_t kPcOv = 0x120;        ///< GCR_DB_PC_OV.
  static constexpr uint32_t kPcEvent = 0x130;     ///< GCR_DB_PC_EVENT.
  static constexpr uint32_t kPcCycle = 0x180;     ///< GCR_DB_PC_CYCLE.
  static constexpr uint32_t kPcQual0 = 0x190;     ///< GCR_DB_PC_QUAL0.
  static constexpr uint32_t kPcCnt0 = 0x198;      ///< GCR_DB_PC_CNT0.
  static constexpr uint32_t kPcQual1 = 0x1A0;     ///< GCR_DB_PC_QUAL1.
  static constexpr uint32_t kPcCnt1 = 0x1A8;      ///< GCR_DB_PC_CNT1.
  static constexpr unsigned kCounters = 3;        ///< Counters: 0 cycle, 1 P0, 2 P1.
  static constexpr uint32_t kIrqPcInt = 1u << 0;  ///< irq_outputs() bit of CM_PCInt.

  /// Where a counter overflows (PC_OV sets, Perf_Ovf_Stop stops): the
  /// documents read both ways (docs/hw/cm-gcr-perf.md §5.1).
  enum class FlagPoint : uint8_t {
    kWrap,     ///< On the wrap from 0xFFFFFFFF to 0 (the default).
    kAllOnes,  ///< On reaching 0xFFFFFFFF (or passing it within a cycle); the wrap after it sets nothing.
  };

  /// A block in reset state, every event rate 0, overflow on the wrap
  /// (constexpr: static storage needs no constructor).
  constexpr CmPerfModel()
      : ctl_(0), ov_(0), event_(0), count_{0, 0, 0}, qual_{0, 0}, acc_{0, 0}, rate_num_{}, rate_den_{},
        counted_{0, 0, 0}, stops_(0), flag_point_(FlagPoint::kWrap) {}

  uint32_t read(uint32_t offset, unsigned size) override;
  void write(uint32_t offset, unsigned size, uint32_t value) override;
  void advance(uint64_t cycles) override;
  uint32_t irq_outputs() const override;

  /// Sets event 'event' to occur num/den times per cycle (den > 0; num = 0: never).
  /// Returns false for an event id outside 0..255 or den == 0.
  bool set_event_rate(unsigned event, uint16_t num, uint16_t den = 1);
  /// Sets where a counter overflows (kept by reset()).
  void set_flag_point(FlagPoint p) { flag_point_ = p; }
  /// Returns to the reset state (rates and the flag point kept).
  void reset();

  // Inspection without a bus access (no side effects); i is a counter
  // index (0 cycle, 1 P0, 2 P1), 0 outside 0..2.
  /// PC_CTL as the model holds it (Perf_Int_En, Perf_Ovf_Stop, CountOn bits); no bus access.
  uint32_t ctl() const { return ctl_; }
  /// PC_OV as the model holds it.
  uint32_t ov() const { return ov_; }
  /// Counter i's register value (0 cycle, 1 P0, 2 P1; 0 outside 0..2).
  uint32_t count(unsigned i) const { return i < kCounters ? count_[i] : 0; }
  /// The qualifier of event counter i (1 P0, 2 P1; 0 otherwise).
  uint32_t qualifier(unsigned i) const { return i == 1 || i == 2 ? qual_[i - 1] : 0; }
  /// Ground truth for 64-bit checks: what counter i counted since its last
  /// Reset bit; writes to a counter register (preloads) do not change it.
  uint64_t counted(unsigned i) const { return i < kCounters ? counted_[i] : 0; }
  /// How many times Perf_Ovf_Stop has stopped the counters.
  uint32_t ovf_stops() const { return stops_; }

 private:
  uint32_t read_reg(uint32_t offset) const;
  uint64_t events_to_flag(unsigned i) const;
  uint64_t cycles_to_first_flag() const;
  bool apply(uint64_t cycles);  // returns true if any counter overflowed
  unsigned event_of(unsigned i) const { return (event_ >> (8 * (i - 1))) & 0xFFu; }
  bool on(unsigned i) const { return (ctl_ >> (4 + 2 * i)) & 1u; }
  // Events event counter i (1, 2) counts in n cycles; keeps the fraction.
  uint64_t take_events(unsigned i, uint64_t n);

  uint32_t ctl_;  // Perf_Int_En, Perf_Ovf_Stop, CountOn bits only
  uint32_t ov_;
  uint32_t event_;
  uint32_t count_[kCounters];
  uint32_t qual_[2];
  uint32_t acc_[2];  // fractional events (< den) of P0, P1
  uint16_t rate_num_[256];
  uint16_t rate_den_[256];  // 0 stands for 1
  uint64_t counted_[kCounters];
  uint32_t stops_;
  FlagPoint flag_point_;
};

}  // namespace pmu::models
