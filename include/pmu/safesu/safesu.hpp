// SPDX-License-Identifier: Apache-2.0
// The SafeSU driver: one object per unit instance. Making one touches no
// hardware. Every call validates its arguments before any register access
// and returns a Status (kBadArg: nothing touched) or a Result<T>.
//
// Two ways to make one, one implementation (BasicSafeSU over a place, place.hpp):
//   SafeSU su{base, k4c128};                    run time: base and layout
//                                               checked once, here
//   FixedSafeSU<0x80100000, k4c128> su;         build time: every offset and
//                                               mask is an immediate
// SafeSU's code is compiled once in src/safesu/ (extern template), but for
// the calls returning a value and the hooks, which are inline so a caller
// (the C API's value calls above all) can take them in; a FixedSafeSU's is
// inline in the application.
//
// Opt-in state: the object holds only what addressing needs (run time: base
// and layout pointer; build time: nothing) plus where the storage the
// application gives it is (pmu/storage.hpp), chosen per type:
//   AttachedStorage (the default; SafeSU and the C API always): a pointer,
//     attach_callbacks(Callbacks*) and track_totals(Totals*) at run time;
//   StaticStorage<Callbacks, table> / StaticStorage<Totals, totals>: fixed
//     at build time, no bytes, no "is it there?" test;
//   NoStorage<Callbacks> / NoStorage<Totals>: the feature compiled out.
// Without callbacks the hooks call nobody; without totals read64() answers
// kUnavailable and no call does any totals work. A SafeSU is 32 bytes on
// rv64 (16 on rv32); a FixedSafeSU with the default storage 16 (8), all
// zero, so a static one lands in .bss; with both fixed at build time, 1.
//
// Access costs (R = 32-bit read, W = 32-bit write) are listed per call and
// verified by tests/safesu/host/safesu_driver_test.cpp. Every bus write to
// the SafeSU steals one count from every counter (docs/hw/safesu.md §3.2):
// configure while stopped and use the batched calls (route_table,
// set_weights).
//
// Not thread/IRQ safe: configuration calls are read-modify-writes of shared
// registers (CFG0, CFG1, weights, crossbar). If an interrupt hook and thread
// code both configure the unit, mask the SafeSU lines around the thread's
// calls.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/counter_unit.hpp"
#include "pmu/irq.hpp"
#include "pmu/reg/mmio_reg.hpp"
#include "pmu/safesu/callbacks.hpp"
#include "pmu/safesu/layout.hpp"
#include "pmu/safesu/place.hpp"
#include "pmu/safesu/totals.hpp"
#include "pmu/status.hpp"
#include "pmu/storage.hpp"
#include "pmu/util/bits.hpp"
#include "pmu/util/compiler.hpp"

/// The BSC SafeSU statistics unit (docs/hw/safesu.md).
namespace pmu::safesu {

/// One crossbar assignment: counter/output 'output' counts event 'event'.
struct Route {
  uint8_t output;  ///< crossbar output = counter (and MCCU/RDC input below 2N)
  uint16_t event;  ///< SoC event input
};

/// The SafeSU driver over a place (RuntimePlace or FixedPlace) and the
/// storage of its callbacks and 64-bit totals (pmu/storage.hpp:
/// AttachedStorage, StaticStorage or NoStorage of Callbacks / Totals). Use
/// the aliases SafeSU and FixedSafeSU. Counter k is bit k of the overflow
/// mask.
template <typename Place, typename CallbackStorage = AttachedStorage<Callbacks>,
          typename TotalsStorage = AttachedStorage<Totals>>
class BasicSafeSU {
 public:
  /// The counters are 32-bit (pmu::is_counter_unit).
  using raw_type = uint32_t;

  /// A run-time unit (RuntimePlace): keeps base and layout if the layout is
  /// valid and the base a non-zero multiple of its decode window; otherwise
  /// every call returns kBadArg and touches nothing. Touches no hardware. A
  /// kept layout is referred to, not copied: it must outlive the object (a
  /// named configuration or a constexpr Layout of the application's).
  constexpr BasicSafeSU(uintptr_t at, const Layout& map) : place_(at, map) {}
  /// A build-time unit (FixedPlace): nothing to check at run time.
  constexpr BasicSafeSU() = default;
  BasicSafeSU(const BasicSafeSU&) = delete;
  BasicSafeSU& operator=(const BasicSafeSU&) = delete;

  /// The unit's base address (0 if unusable).
  constexpr uintptr_t base() const { return place_.base(); }
  /// The unit's layout (kNoUnit if unusable).
  constexpr const Layout& layout() const { return place_.layout(); }
  /// Made from a valid layout and a base that fits it; otherwise every call
  /// returns kBadArg and touches nothing.
  constexpr bool usable() const { return place_.usable(); }

  // ---- Opt-in storage (no hardware access) ----------------------------------------
  /// Use 'c' for the callbacks (nullptr detaches). kBadArg if unusable.
  /// Only with AttachedStorage callbacks (else it does not compile).
  Status attach_callbacks(Callbacks* c);
  /// Keep 64-bit totals in 't' (nullptr detaches). Zero storage starts every
  /// total at its counter's raw value at the first observation. kBadArg if
  /// unusable. Only with AttachedStorage totals (else it does not compile).
  Status track_totals(Totals* t);
  /// The callback table in use (nullptr: none).
  constexpr Callbacks* callbacks() const { return cbs_.get(); }
  /// The totals in use (nullptr: none).
  constexpr Totals* totals() const { return totals_.get(); }

  // ---- Counters (impl/counters.hpp) ---------------------------------------------
  /// The mask start() and stop() take: every counter (Layout::counter_mask).
  constexpr uint32_t all_counters() const { return layout().counter_mask; }
  /// Start counting. The hardware enables all counters at once (CFG0 bit 0),
  /// so mask must be all_counters(), else kBadArg. 1R 1W.
  Status start(uint32_t mask);
  /// Stop counting; mask as for start(). 1R 1W.
  Status stop(uint32_t mask);
  /// All counters to exactly 0 (§3.2): R + W(reset held, counting off) + R
  /// (the write-free cycle the RTL needs) + W(release), + W(re-enable) if
  /// counting was on: 2R 2W or 2R 3W. Restarts tracked totals at 0; the
  /// write-free read is then the overflow vector (the flags latched before
  /// the reset, as for write()), unless CFG0 says the overflow unit is
  /// disabled: the same accesses.
  Status reset();
  /// Raw value of counter k: 1R, nothing else.
  Result<uint32_t> read(unsigned k);
  /// Raw values of counters 0..n-1 into out: n R. n = 0 reads nothing and
  /// answers kOk, whatever out; out null with n > 0, or n > n_counters:
  /// kBadArg, nothing touched.
  Status read_all(uint32_t* out, unsigned n);
  /// 64-bit total of counter k: 1R folded into the total. kUnavailable
  /// without track_totals(). A pass seen with a flag clear since k's last
  /// observation (Totals::unsure) also reads CFG0 and the vector, after the
  /// counter, to know whether k's flag stands for it: 3R, at most once a
  /// period.
  Result<uint64_t> read64(unsigned k);
  /// Preload counter k: 1W. A tracked total restarts at value, and CFG0 is
  /// read before the write and the overflow vector after it (2R 1W), so
  /// that a flag latched before it (e.g. the one an overflow callback is
  /// being called for), up to its last cycle, does not count a period
  /// later. A write of 0xFFFFFFFF sets the flag itself (§8: with k's
  /// overflow mask bit on) and needs no read.
  /// With the overflow unit disabled (CFG0 bit 2 = 0) the vector reads 0
  /// although flags keep latching (§2.3, §3.3): the driver skips the read
  /// (1R 1W) and takes k's flag as latched.
  Status write(unsigned k, uint32_t value);
  /// Fold every counter into its total: n R (+ CFG0 and the vector after
  /// them, as for read64(), if a pass some read showed needs its flag told).
  /// Once per 2^32 events keeps the totals exact without the overflow
  /// interrupt. kUnavailable without track_totals().
  Status sync64();
  /// Self-test input mode (CFG0[31:30]), straight to the new mode (never
  /// through 00): 1R 1W.
  Status set_selftest_mode(SelftestMode mode);

  // ---- Crossbar (impl/crossbar.hpp) ------------------------------------------------
  /// Route output (= counter, and MCCU/RDC input for output < 2N) to event.
  /// Bounds: output < n_counters, event < n_soc_ev. 1R 1W; a straddling
  /// field 2R 2W, written in the order whose one-cycle intermediate is not
  /// event 0 (constant HIGH on SELENE) unless event 0 is the destination.
  Status route(unsigned output, unsigned event);
  /// Many routes at once, each touched register written once with its final
  /// value; read first only if the table leaves some of its fields as they
  /// are. Straddling fields get route()'s guarantee (the writes are
  /// ordered). kBadArg, nothing touched, for an entry out of range or two
  /// entries for the same output (so for n > n_counters), or routes null
  /// with n > 0. n = 0 touches nothing and answers kOk, whatever routes.
  Status route_table(const Route* routes, size_t n);
  /// The event output k is routed to: 1R (2R if straddling).
  Result<uint32_t> routed_event(unsigned output);

  // ---- Overflow (impl/overflow.hpp) -------------------------------------------------
  /// Overflow interrupt mask, bit k = counter k: 1W; bits >= n_counters: kBadArg.
  /// With tracked totals and a mask not 0, CFG0 and the vector are read
  /// first (2R; CFG0 only while the overflow unit is disabled), and after
  /// the write, 3R per counter of the mask with no flag latched that a
  /// total last saw on 0xFFFFFFFF (docs/safesu.md §4: a pass while the bit
  /// was off latched no flag).
  Status set_overflow_mask(uint32_t mask);
  /// One counter's mask bit: 1R 1W. Turning it on with tracked totals: the
  /// flags are read between the two if the bit was off, then as
  /// set_overflow_mask().
  Status set_overflow_irq(unsigned counter, bool on);
  /// Enable the overflow unit. Flags latched while it was disabled would
  /// appear at once (§3.3), so by default they are discarded first:
  /// 1R + W(pulse bit 3) + W(enable, release). discard_stale=false: 1R 1W.
  /// With tracked totals a clear then reads each counter last observed on
  /// 0xFFFFFFFF, CFG0 and the vector: 3R per such counter (docs/safesu.md §4).
  Status enable_overflow(bool discard_stale = true);
  /// Disable the overflow unit (line and vector read 0; flags still latch): 1R 1W.
  Status disable_overflow();
  /// Clear every overflow flag: CFG0 bit-3 pulse, 1R 2W (+ 3R per counter a
  /// tracked total last saw on 0xFFFFFFFF, as enable_overflow()).
  Status clear_overflow();
  /// The overflow vector (reads 0 while the unit is disabled): 1R.
  Result<uint32_t> overflow_vector();

  // ---- Quota (impl/quota.hpp): deprecated in the hardware, still present -----------
  /// Quota mask: 1W. Deprecated in the RTL: use the MCCU.
  [[deprecated("SafeSU quota unit is deprecated in hardware; use the MCCU")]]
  Status set_quota_mask(uint32_t mask);
  /// Quota limit: 1W. Deprecated in the RTL: use the MCCU.
  [[deprecated("SafeSU quota unit is deprecated in hardware; use the MCCU")]]
  Status set_quota_limit(uint32_t limit);
  /// Clear the quota IRQ: CFG0 bit-4 pulse, 1R 2W. Deprecated in the RTL.
  [[deprecated("SafeSU quota unit is deprecated in hardware; use the MCCU")]]
  Status clear_quota();

  // ---- MCCU (impl/mccu.hpp) -----------------------------------------------------------
  /// Weight of input i (0..2N-1; inputs 2c, 2c+1 belong to core c), 0..255.
  /// Shared with the RDC, where it is the threshold. 1R 1W, no transient 0.
  Status set_weight(unsigned input, unsigned weight);
  /// Weights of inputs 0..n-1 (n <= n_inputs; n = 0: nothing, kOk): 1W per
  /// whole register, 1R 1W for a partial last one.
  Status set_weights(const uint8_t* weights, unsigned n);
  /// Weight of input i: 1R.
  Result<uint8_t> weight(unsigned input);
  /// Budget of a core: W limit, then pulse only that core's update bit (RDC
  /// bits and the other cores' bits written back as read): 1W + 1R 2W.
  Status set_budget(unsigned core, uint32_t limit);
  /// Remaining budget of a core (read-only register): 1R.
  Result<uint32_t> remaining_budget(unsigned core);
  /// MCCU on: 1R 1W.
  Status enable_mccu();
  /// MCCU off (also clears every core's sticky IRQ): 1R 1W.
  Status disable_mccu();
  /// CFG1 bit 31 (routes the MCCU lines in the SoC wrapper, §3.7): 1R 1W.
  Status set_hw_quota(bool on);
  /// MCCU soft reset (remaining budgets -> 0): CFG1 bit-1 pulse, 1R 2W.
  Status reset_mccu();
  /// refill_cores(1 << core).
  Status refill(unsigned core);
  /// Reload the limits of the cores in core_mask AND clear the sticky IRQ:
  /// R + W(MCCU off, update bits on) + W(restore), 1R 2W. The toggle is
  /// global: another core's latched IRQ is cleared too; an exhausted core
  /// raises it again at its next weighted event.
  Status refill_cores(uint32_t core_mask);

  // ---- RDC (impl/rdc.hpp) ---------------------------------------------------------------
  /// RDC on: 1R 1W. kUnavailable on old 4-core RTL, whose enable bit is
  /// also its reset bit (this holds for every RDC call below that writes).
  Status enable_rdc();
  /// RDC off (clears IRQ and vector, keeps watermarks): 1R 1W.
  Status disable_rdc();
  /// RDC soft reset (clears watermarks, vector and IRQ): 1R 2W.
  Status reset_rdc();
  /// Clear the RDC IRQ by a disable/enable toggle (watermarks kept): 1R 2W.
  Status clear_rdc_irq();
  /// Threshold of input i = its (shared) weight; 0 never fires on RTL since
  /// May 2025 (Params::weight0_never_fires). = set_weight().
  Status set_rdc_threshold(unsigned input, unsigned threshold) { return set_weight(input, threshold); }
  /// Watermark of input i: 1R.
  Result<uint8_t> watermark(unsigned input);
  /// Watermarks of inputs 0..n-1: ceil(n/4) R. n = 0 reads nothing and
  /// answers kOk, whatever out; out null with n > 0, or n > n_inputs:
  /// kBadArg, nothing touched.
  Status read_watermarks(uint8_t* out, unsigned n);
  /// The RDC vector, one bit per INPUT (bits 2c, 2c+1 = core c): 1R.
  Result<uint32_t> rdc_vector();
  /// Whether input i's bit is set in the RDC vector: 1R.
  Result<bool> rdc_fired(unsigned input);

  // ---- Interrupt hooks (impl/irq.hpp), in pmu/irq.hpp's order --------------------------
  /// Register counter k's overflow callback (no hardware access).
  /// kUnavailable without attach_callbacks().
  Status on_overflow(unsigned counter, IrqCallback cb);
  /// Register core c's MCCU callback. kUnavailable without attach_callbacks().
  Status on_mccu(unsigned core, IrqCallback cb);
  /// Register input i's RDC callback. kUnavailable without attach_callbacks().
  Status on_rdc(unsigned input, IrqCallback cb);
  /// Register the FT callback. kUnavailable without FT or without attach_callbacks().
  Status on_ft(IrqCallback cb);
  /// What the MCCU hook does after its callback. kUnavailable without
  /// attach_callbacks() (the policy lives there; the default is kRefill).
  Status set_mccu_irq_policy(MccuIrqPolicy p);

  /// The overflow line's hook. 1. R vector (snapshot); 0: return 0, nothing
  /// acknowledged. 2. Callback per flagged counter, lowest first. 3. R each
  /// flagged counter and fold it into its total. 4. Clear every flag: CFG0
  /// bit-3 pulse. Usual cost 1R + 1R per flagged counter + 1R 2W (3R 2W for
  /// one flag). A flagged counter still on 0xFFFFFFFF (parked: it re-flags
  /// every cycle, §8) makes step 4 freeze counting, re-read it exactly, move
  /// it to 0 (its total is kept) and clear while frozen: R + W(counting off,
  /// clear held) + R per parked counter (+ W 0 if still parked) + W(restore).
  /// Then, as every flag clear with tracked totals, 3R per other counter
  /// last observed on 0xFFFFFFFF. Returns the mask served.
  Result<uint32_t> handle_overflow_irq();
  /// The MCCU line of core c: callback(core), then per the policy refill
  /// (refill_cores) or clear only (MCCU enable toggle), 1R 2W. The IRQ state
  /// is not readable (§3.5): there is no snapshot. Returns the mask served
  /// (1 << core).
  Result<uint32_t> handle_mccu_irq(unsigned core);
  /// The RDC line: R vector (snapshot); 0: return 0. Callback per set input,
  /// lowest first, then toggle the RDC enable (clears IRQ and vector, keeps
  /// watermarks): 1R + 1R 2W. Returns the mask served.
  Result<uint32_t> handle_rdc_irq();
  /// FT line: which = 1 (FT1, corrected) or 2 (FT2, uncorrectable; a
  /// 1-cycle pulse the board must latch). No register holds FT state: only
  /// the callback runs. kUnavailable without FT.
  Status handle_ft_irq(unsigned which);

  /// ISR adapter of the overflow line: self is the SafeSU object.
  static void overflow_isr(void* self) { pmu::overflow_isr<BasicSafeSU>(self); }
  /// The context of one core's MCCU line: the unit and the core.
  struct MccuLine {
    BasicSafeSU* unit;  ///< the SafeSU
    unsigned core;  ///< the core whose line this is
  };
  /// ISR adapter of an MCCU line: line is a MccuLine (kept by the caller).
  static void mccu_isr(void* line) {
    const MccuLine* l = static_cast<const MccuLine*>(line);
    (void)l->unit->handle_mccu_irq(l->core);
  }
  /// ISR adapter of the RDC line: self is the SafeSU object.
  static void rdc_isr(void* self) { (void)static_cast<BasicSafeSU*>(self)->handle_rdc_irq(); }

 private:
  // CFG0 is register 0 in every build (BASE_CFG, §1.1 of docs/hw/safesu.md):
  // a constant, so no call loads its offset or keep_out from the layout.
  static constexpr reg::Reg<Cfg0> kCfg0{0};
  static_assert(kCfg0.keep_out == Cfg0::kNoWriteBack);

  // One read-modify-write setting or clearing 'bits' (1R 1W).
  template <typename Tag, typename O>
  __attribute__((always_inline)) void set_bits(reg::Reg<Tag, O> r, uint32_t bits, bool on) {
    reg::modify(base(), r, [&](reg::Value<Tag> v) __attribute__((always_inline)) { return v.with_bits(bits, on); });
  }
  // The same for one flag known at build time: 'on' is shifted into place.
  template <typename Tag, typename O>
  __attribute__((always_inline)) void set_flag(reg::Reg<Tag, O> r, reg::Field<Tag> flag, bool on) {
    reg::modify(base(), r, [&](reg::Value<Tag> v) __attribute__((always_inline)) { return v.with_flag(flag, on); });
  }
  // A helper many calls share ('body', a member of this class): inline for
  // a FixedPlace, whose loads fold to immediates; for a run-time place
  // through one out-of-line copy, so that each call sharing it is its
  // arguments and a jump.
  template <auto body, typename... A>
  __attribute__((always_inline)) Status shared(A... a) {
    if constexpr (Place::kBuildTime)
      return (this->*body)(a...);
    else
      return out_of_line<body>(a...);
  }
  template <auto body, typename... A>
  __attribute__((noinline)) PMU_NOCLONE Status out_of_line(A... a) {
    return (this->*body)(a...);
  }
  // R CFG0, W it with 'off' cleared and 'on' set (1R 1W): the CFG0 calls
  // that make only this access and whose instruction counts have room for
  // a jump. kBadArg, nothing touched, if unusable.
  __attribute__((always_inline)) Status cfg0_write(uint32_t off, uint32_t on) {
    return shared<&BasicSafeSU::cfg0_write_here>(off, on);
  }
  __attribute__((always_inline)) Status cfg0_write_here(uint32_t off, uint32_t on) {
    if (!usable()) return Status::kBadArg;
    reg::modify(base(), kCfg0, [&](reg::Value<Cfg0> v) __attribute__((always_inline)) { return v.with_bits(off, false).with_bits(on, true); });
    return Status::kOk;
  }
  // R CFG1 (v: as read, less its never-write-back bits), W v with 'off'
  // cleared and 'on' set, and if 'restore' W v again: every CFG1 enable,
  // disable, pulse and toggle. 1R 1W, or 1R 2W.
  __attribute__((always_inline)) void cfg1_rmw(uint32_t off, uint32_t on, bool restore) {
    // The address and keep_out once, as scalars: at run time a copy of the
    // Reg went through the stack, and a reference was re-read after the
    // first write.
    const uintptr_t at = base() + layout().cfg1.offset;
    const reg::Reg<Cfg1> r{0, layout().cfg1.keep_out};
    const reg::Value<Cfg1> v{reg::read(at, r).raw & ~r.keep_out};
    reg::write(at, r, v.with_bits(off, false).with_bits(on, true));
    if (restore) reg::write(at, r, v);
  }
  // cfg1_rmw() of a configuration call: kBadArg, nothing touched, if
  // unusable. Eight calls make only this access.
  __attribute__((always_inline)) Status cfg1_write(uint32_t off, uint32_t on, bool restore) {
    return shared<&BasicSafeSU::cfg1_write_here>(off, on, restore);
  }
  __attribute__((always_inline)) Status cfg1_write_here(uint32_t off, uint32_t on, bool restore) {
    if (!usable()) return Status::kBadArg;
    cfg1_rmw(off, on, restore);
    return Status::kOk;
  }
  // The RDC's CFG1 bit (its soft reset if 'reset', else its enable) set or
  // cleared, then if 'restore' CFG1 written back as read: every RDC call
  // that writes, through cfg1_write(). kUnavailable where the RTL has no
  // usable RDC (kBadArg if unusable). At run time the bit's position is a
  // load from the layout, so the RDC calls share this too.
  __attribute__((always_inline)) Status rdc_write(bool reset, bool set, bool restore) {
    return shared<&BasicSafeSU::rdc_write_here>(reset, set, restore);
  }
  __attribute__((always_inline)) Status rdc_write_here(bool reset, bool set, bool restore) {
    if (!layout().rdc_usable) return usable() ? Status::kUnavailable : Status::kBadArg;
    const uint32_t bit = 1u << (reset ? layout().cfg1_rdc_reset : layout().cfg1_rdc_enable);
    return cfg1_write(set ? 0u : bit, set ? bit : 0u, restore);
  }
  // R CFG1, W it with 'on' set and 'off' cleared, W it back as read (less
  // its never-write-back bits): the sticky MCCU/RDC interrupts clear by such
  // a toggle (§7 rule 5). 1R 2W.
  __attribute__((always_inline)) void cfg1_toggle(uint32_t on, uint32_t off) { cfg1_rmw(off, on, true); }
  // §3.5: an update pulse alone does not clear the sticky IRQ; only MCCU
  // disable does. One write both disables and sets the cores' update bits
  // (a disabled MCCU loads the limit while the bit is set), the next
  // restores CFG1 as read (enable back, update bits released). 1R 2W.
  __attribute__((always_inline)) void refill_toggle(uint32_t core_mask) {
    cfg1_toggle(core_mask << cfg1::kUpdateBase, cfg1::kMccuEnable.mask());
  }
  // §3.6: an RDC enable toggle clears its IRQ and vector, keeping the
  // watermarks. 1R 2W.
  __attribute__((always_inline)) void clear_rdc_line() { cfg1_toggle(0, 1u << layout().cfg1_rdc_enable); }
  // The latched overflow flags (0 while the overflow unit is disabled).
  __attribute__((always_inline)) uint32_t flags_now() {
    return reg::read(base(), layout().overflow_vector.at(0)).raw;
  }
  // The flags as far as the driver can know them, given CFG0 as read: the
  // vector reads 0 while CFG0 bit 2 is 0 (§2.3), but the flags keep
  // latching (§3.3) and appear on enable_overflow(false). Then every flag
  // is taken as latched (all ones), no vector read: a write cannot tell
  // whether a hidden flag stands for counts it discards, and taking it so
  // is exact whenever the hook serves the flag within the period.
  __attribute__((always_inline)) uint32_t flags_given(uint32_t cfg0) {
    return vector_readable(cfg0) ? flags_now() : ~0u;
  }
  // Whether the vector shows the flags, given CFG0 (bit 2, §2.3).
  __attribute__((always_inline)) static constexpr bool vector_readable(uint32_t cfg0) {
    return (cfg0 & cfg0::kOverflowEnable.mask()) != 0;
  }
  // flags_given() of CFG0 read now: 1R, + 1R (the vector) if enabled.
  __attribute__((always_inline)) uint32_t flags_seen() { return flags_given(reg::read(base(), kCfg0).raw); }
  // The storage in use, or nullptr: a constant with build-time storage, so
  // every test of it folds once inlined. The SafeSU calls members of its
  // storage (Totals::observe, moved, flags_cleared), so it tests this
  // pointer rather than held() (pmu/storage.hpp): a member call through
  // NoStorage's constexpr nullptr is a -Wnonnull warning even in a branch
  // held() folds away; these accessors are not constexpr, so it is not.
  __attribute__((always_inline)) Callbacks* callback_table() const { return cbs_.get(); }
  __attribute__((always_inline)) Totals* tracked_totals() const { return totals_.get(); }
  // read64()'s observation when Totals::unsure(): observe, then settle.
  __attribute__((noinline)) uint64_t observe_unsure(unsigned k, uint32_t raw);
  // Read the flags (flags_seen) and account the passes of the 'unsure'
  // counters whose flag is latched (Totals::flag_latched).
  void settle_unsure(uint32_t unsure);
  // Tracked totals follow flag clears (call after the clear's release).
  __attribute__((always_inline)) void flags_cleared() {
    if (Totals* const t = tracked_totals())
      if (const uint32_t maybe = t->flags_cleared(); __builtin_expect(maybe != 0, 0)) reobserve_all_ones(maybe);
  }
  // After a flag clear, or mask bits turned on with no flag latched: make
  // the 'candidates' as after a clear (Totals::forget_pass), and observe
  // again those last observed on all ones, each as read64() does an
  // unsure() observation (observe_unsure).
  __attribute__((noinline)) void reobserve_all_ones(uint32_t candidates);
  // The overflow mask written as (old & keep) | set (keep 0: the old mask
  // is not read): set_overflow_mask() and set_overflow_irq(), through
  // shared(). With tracked totals, the counters whose bit it turns on with
  // no flag latched lose the pass accounted while it was off
  // (reobserve_all_ones).
  __attribute__((always_inline)) Status overflow_mask_write_here(uint32_t keep, uint32_t set);
  // The hooks after their first callback: the other callbacks, then fold
  // and acknowledge. The RDC hook's is never inlined: inlined, the
  // registers of its loop would be saved on entry, before the first
  // callback (GCC 12 on RISC-V does not shrink-wrap them), and out of line
  // its one-input case saves none. (The overflow hook's, left to GCC, is
  // inlined into a FixedSafeSU's hook: 12 fewer instructions in all and
  // one more to the first callback, 29 on rv64, within the target of 30.)
  // The overflow hook's returns 'seen', the hook's result, so the hook
  // ends in a jump to it and saves no register for the result (one fewer
  // to the first callback; the RDC hook's, made the same, got longer).
  // It takes the flags pointer-wide, as the hook's snapshot is read
  // (reg::read_wide): on rv64 no extension on the way.
  Result<uint32_t> after_first_overflow_callback(intptr_t flagged);
  __attribute__((noinline)) void after_first_rdc_callback(uint32_t seen);
  // The RDC hook's call of input i's callback, if any.
  void first_rdc_callback(size_t i);
  // The object holds state the RDC hook reads after its first callback: a
  // run-time base and layout, or an attached callback table.
  static constexpr bool kHoldsState = !Place::kBuildTime || CallbackStorage::kAttachable;
  // The overflow hook's callbacks after the first (when more than one
  // counter is flagged): never inlined, for the same reason.
  __attribute__((noinline)) void other_overflow_callbacks(uint32_t seen);
  // Its acknowledgement when a flagged counter is parked on all ones.
  void clear_with_parked(uint32_t parked);

  // No bytes for a FixedPlace or a build-time storage; the object stays
  // standard-layout (the C API builds it inside a handle).
  [[no_unique_address]] Place place_;
  [[no_unique_address]] CallbackStorage cbs_;
  [[no_unique_address]] TotalsStorage totals_;
};

/// The run-time SafeSU (base and layout chosen at run time, storage
/// attached at run time). Compiled once in src/safesu/.
using SafeSU = BasicSafeSU<RuntimePlace>;
/// A SafeSU whose base and layout are known at build time; its callbacks
/// and totals attached at run time (the default) or fixed at build time,
/// e.g. `FixedSafeSU<0x80100000, k4c128, StaticStorage<Callbacks, table>,
/// NoStorage<Totals>>`.
template <uintptr_t Base, const Layout& L, typename CallbackStorage = AttachedStorage<Callbacks>,
          typename TotalsStorage = AttachedStorage<Totals>>
using FixedSafeSU = BasicSafeSU<FixedPlace<Base, L>, CallbackStorage, TotalsStorage>;

}  // namespace pmu::safesu

#include "pmu/safesu/impl/counters.hpp"
#include "pmu/safesu/impl/crossbar.hpp"
#include "pmu/safesu/impl/irq.hpp"
#include "pmu/safesu/impl/mccu.hpp"
#include "pmu/safesu/impl/overflow.hpp"
#include "pmu/safesu/impl/quota.hpp"
#include "pmu/safesu/impl/rdc.hpp"

namespace pmu::safesu {
// After the definitions, so the members they define inline are known to be:
// those (the calls returning a value, and the hooks) may still be
// instantiated and inlined where they are called, the C API's value calls
// above all (src/capi/handle.hpp); everything else is the copy in src/safesu.
extern template class BasicSafeSU<RuntimePlace>;

static_assert(check_counter_unit<SafeSU>(), "the SafeSU is a counter unit (pmu/counter_unit.hpp)");
static_assert(check_counter_unit<FixedSafeSU<0x80100000, k4c128>>(), "both places");
static_assert(sizeof(SafeSU) == 4 * sizeof(void*), "base, layout, callbacks, totals");
static_assert(sizeof(FixedSafeSU<0x80100000, k4c128>) == 2 * sizeof(void*), "callbacks, totals");
static_assert(__is_standard_layout(SafeSU) && __is_standard_layout(FixedSafeSU<0x80100000, k4c128>));
static_assert(sizeof(FixedSafeSU<0x80100000, k4c128, NoStorage<Callbacks>, NoStorage<Totals>>) == 1,
              "build-time storage: no bytes");
}  // namespace pmu::safesu
