// SPDX-License-Identifier: Apache-2.0
// Behavioural model of a RISC-V counter CSR file (freestanding: no std
// headers, no heap). Serves the host tests through the CSR seam and the QEMU
// stub through illegal-instruction trap-and-emulate.
//
// Privilege (the hart's current mode, M by default) as the privileged spec
// defines it: a CSR needs the mode in its number's bits 9:8 and bits 11:10 =
// 3 make it read-only; the unprivileged counter shadows need mcounteren
// (S/U) and scounteren (U); scountovf reads mcounteren-masked below M;
// sip/sie show only the delegated (mideleg) bits; the xINH filter bits
// inhibit counting in the current mode. A refused access returns false (an
// illegal-instruction exception on hardware) and is counted.
//
// Configurable: XLEN 32/64 (h halves), number and width of hpm counters,
// Ibex mode (RTL facts: one-hot read-only mhpmevent, unimplemented counters
// read 0, narrow counters with tied-off high bits, reduced mcountinhibit),
// Sscofpmf (OF, xINH, scountovf, mhpmeventNh, LCOFIP), and the XiangShan CUTE
// AME CSRs with the 4-event composition. Counting is cycle driven: every
// advance(n) adds n cycles of each selected event's per-cycle rate, so the
// low half of a counter can wrap between two reads.
#pragma once

#include <stdint.h>

#include "mmio_model.hpp"

namespace pmu::models {

/// What the modelled hart's counter CSR file has.
struct RiscvCsrConfig {
  unsigned xlen = 64;          ///< XLEN: 32 (h halves) or 64.
  unsigned num_hpm = 29;       ///< hpm counters 3 .. 3+num_hpm-1 exist (the others trap; every selector 3..31 exists, as on QEMU 7.2).
  unsigned width = 64;         ///< hpm counter width in bits (1..64).
  bool ibex = false;           ///< Ibex mode (docs/hw/riscv-counters.md §1): one-hot read-only mhpmevent, tied-off high bits.
  bool sscofpmf = false;       ///< Sscofpmf: OF, xINH, scountovf, mhpmeventNh, LCOFIP.
  bool ame = false;            ///< The XiangShan CUTE AME CSRs with the 4-event composition.
  bool standard = true;        ///< Serve the standard counter CSRs at all.
  bool serve_irq_csrs = true;  ///< Serve mip/sip/mie (host); QEMU has them natively.
};

/// Privilege levels as the spec encodes them (CSR number bits 9:8).
enum class Priv : uint8_t {
  kU = 0,  ///< User.
  kS = 1,  ///< Supervisor.
  kM = 3   ///< Machine.
};

/// Behavioural model of a RISC-V counter CSR file (this header's semantics).
class RiscvCsrModel final : public CsrModel {
 public:
  // Output lines.
  static constexpr uint32_t kIrqLcofi = 1u << 0;  ///< Output line: LCOFIP && LCOFIE.
  static constexpr uint32_t kIrqAme = 1u << 1;    ///< Output line: any AME OF set.
  static constexpr unsigned kMaxEvents = 64;      ///< Standard/Ibex event ids are below this.
  static constexpr unsigned kAmeEvents = 20;      ///< AME event ids are below this.

  /// A hart at M privilege with every counter, selector and rate 0 (cfg clamped: num_hpm <= 29, width 1..64; Ibex drops Sscofpmf).
  explicit RiscvCsrModel(const RiscvCsrConfig& cfg);
  bool csr_read(uint32_t csr, uint64_t* value) override;
  bool csr_write(uint32_t csr, uint64_t value) override;
  void advance(uint64_t cycles) override;
  uint32_t irq_outputs() const override;

  /// Test controls. Standard/Ibex event ids < kMaxEvents (event 0 = none);
  /// AME ids < kAmeEvents. Rates are per-cycle increments (AME: the 8-bit
  /// event value, so only the low 8 bits count).
  /// Sets standard/Ibex event 'event' to add per_cycle each cycle (event < kMaxEvents).
  void set_event_rate(unsigned event, uint32_t per_cycle);
  /// Sets AME event 'event' to add per_cycle each cycle (low 8 bits count; event < kAmeEvents).
  void set_ame_event_rate(unsigned event, uint32_t per_cycle);
  /// Direct state access (no CSR semantics, no overflow).
  /// Counter i's value (direct state access: no CSR semantics).
  uint64_t counter(unsigned i) const { return cnt_[i & 31]; }
  /// Sets counter i (masked to its width; no overflow).
  void set_counter(unsigned i, uint64_t v) { cnt_[i & 31] = v & width_mask(i & 31); }
  /// AME counter i's value.
  uint64_t ame_counter(unsigned i) const { return ame_cnt_[i & 31]; }
  /// Sets AME counter i (no overflow).
  void set_ame_counter(unsigned i, uint64_t v) { ame_cnt_[i & 31] = v; }
  /// mhpmevent i.
  uint64_t event(unsigned i) const { return evt_[i & 31]; }
  /// ame_mhpmevent i.
  uint64_t ame_event(unsigned i) const { return ame_evt_[i & 31]; }
  /// mcountinhibit.
  uint32_t inhibit() const { return inhibit_; }
  /// ame_mcountinhibit.
  uint32_t ame_inhibit() const { return ame_inhibit_; }
  /// How many times counter i wrapped.
  uint64_t wraps(unsigned i) const { return wraps_[i & 31]; }
  /// How many times an OF 0->1 raised LCOFIP.
  uint64_t lcofi_raises() const { return lcofi_raises_; }
  /// mip.LCOFIP.
  bool lcofip() const { return (mip_ & kLcofiBit) != 0; }
  /// CSR accesses so far (refused ones included).
  uint64_t csr_accesses() const { return accesses_; }
  /// The configuration it was built with.
  const RiscvCsrConfig& config() const { return cfg_; }
  /// Sets the hart's current privilege (what the next access runs at).
  void set_privilege(Priv p) { priv_ = p; }
  /// The hart's current privilege.
  Priv privilege() const { return priv_; }
  /// Accesses refused (illegal instruction on hardware).
  uint64_t illegal_accesses() const { return illegal_; }
  /// The CSR number of the last refused access.
  uint32_t last_illegal_csr() const { return last_illegal_; }
  /// Cycles advanced so far.
  uint64_t cycles() const { return now_; }

  /// Per-cycle increment width of the legacy HPM path (6 bits). Per-cycle increment widths of the XiangShan event composition: every
  /// event value, every combine() result and so the ADD wrap at this width.
  /// Legacy HPM path: PerfEvent.value is UInt(6.W) and Chisel's '+' keeps the
  /// operands' width (OpenXiangShan/Utility@188edbe9
  /// src/main/scala/utility/HardwarePerfMonitor.scala: PerfEvent,
  /// HPerfCounter.combineEvents). AME path: "an independent AME 8-bit path",
  /// PerfEventAme(value: UInt(8.W)) (XiangShan AME PR #67, docs/hw/riscv-counters.md §3.5).
  static constexpr unsigned kLegacyIncrementBits = 6;
  static constexpr unsigned kAmeIncrementBits = 8;  ///< Per-cycle increment width of the AME path (8 bits).

  /// XiangShan's combine(a, b, op) in 'bits' bits: priority op[0] AND, op[1]
  /// XOR, op[2] ADD (wrapping), else OR.
  static uint64_t combine(uint64_t a, uint64_t b, unsigned op, unsigned bits);
  /// The per-cycle increment of an mhpmevent word (4-event composition) over
  /// per-event values v[4], everything 'bits' wide.
  static uint64_t compose(uint64_t event_word, const uint64_t v[4], unsigned bits);

 private:
  static constexpr uint64_t kLcofiBit = 1u << 13;
  static constexpr uint64_t kOf = uint64_t{1} << 63;

  uint64_t width_mask(unsigned i) const;
  bool counter_exists(unsigned i) const;  // a flop-backed counter
  bool hpm_slot(unsigned i) const { return i >= 3 && i < 3 + cfg_.num_hpm; }
  uint32_t inhibit_mask() const;
  uint64_t ibex_event(unsigned i) const;
  uint64_t std_increment(unsigned i) const;
  uint64_t ame_increment(unsigned i) const;
  void add(uint64_t* c, uint64_t inc, uint64_t mask, unsigned i, bool ame);
  bool read_std(uint32_t csr, uint64_t* v);
  bool write_std(uint32_t csr, uint64_t v);
  bool read_ame(uint32_t csr, uint64_t* v);
  bool write_ame(uint32_t csr, uint64_t v);
  uint64_t half(uint64_t full, bool high) const;
  bool permitted(uint32_t csr, bool write) const;
  bool refuse(uint32_t csr);
  uint64_t merge(uint64_t full, uint64_t v, bool high) const;

  RiscvCsrConfig cfg_;
  uint64_t cnt_[32];
  uint64_t evt_[32];
  uint64_t wraps_[32];
  uint32_t inhibit_ = 0;
  uint32_t mcounteren_ = 0, scounteren_ = 0;
  uint64_t mip_ = 0, mie_ = 0, mideleg_ = 0;
  Priv priv_ = Priv::kM;
  uint64_t illegal_ = 0;
  uint32_t last_illegal_ = 0;
  uint64_t ame_cnt_[32];
  uint64_t ame_evt_[32];
  uint32_t ame_inhibit_ = 0;
  uint32_t ame_mcounteren_ = 0, ame_hcounteren_ = 0, ame_scounteren_ = 0;
  uint32_t rate_[kMaxEvents];
  uint32_t ame_rate_[kAmeEvents];
  uint64_t lcofi_raises_ = 0;
  uint64_t accesses_ = 0;
  uint64_t now_ = 0;
};

}  // namespace pmu::models
