// SPDX-License-Identifier: Apache-2.0
// Part of pmu/safesu/safesu.hpp (include that): the crossbar (§2.10 of
// docs/hw/safesu.md). Fields are clog2(N_SOC_EV) bits in a little-endian bit
// stream over the crossbar registers; a field may straddle two registers (its
// low bits at the top of register r, its high bits at the bottom of r+1).
// All arithmetic is 32-bit: a field is a low part (event << pos in r) and a
// high part (event >> lo_width in r+1).
//
// A straddling field changes in two writes, and for the cycles between them
// the output selects a mix of old and new bits. If the low register goes
// first the mix is (new low | old high), else (old low | new high). Writing
// low first when the new low part is non-zero, else high first, makes the
// mix non-zero whatever the old value was (a zero new low part with a zero
// new high part is event 0 itself, the destination): the output never
// passes through event 0, constant HIGH on SELENE (§5.2 item 14). The rule
// needs only the new value, so route_table() follows it without reading
// registers it overwrites completely.
#pragma once

namespace pmu::safesu {

namespace detail {
// All ones in a field's width (cfg_bits <= 16).
__attribute__((always_inline)) constexpr uint32_t field_ones(unsigned cfg_bits) { return (1u << cfg_bits) - 1u; }
// The low part's bits in register 'reg'.
__attribute__((always_inline)) constexpr uint32_t low_mask(unsigned cfg_bits, const CrossbarSlot& s) {
  return field_ones(cfg_bits) << s.pos;
}
// The high part's bits at the bottom of register reg+1.
__attribute__((always_inline)) constexpr uint32_t high_mask(unsigned cfg_bits, const CrossbarSlot& s) {
  return field_ones(cfg_bits) >> s.lo_width();
}
// Whether a straddling field moving to 'event' is written low register first
// (its new low part, event << pos in 32 bits, is not zero).
__attribute__((always_inline)) constexpr bool low_first(const CrossbarSlot& s, unsigned event) {
  return (event << s.pos) != 0;
}
}  // namespace detail

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::route(unsigned output, unsigned event) {
  const Layout& l = layout();
  if (output >= l.n_counters || event >= l.n_soc_ev) return Status::kBadArg;
  const CrossbarSlot s = crossbar_slot(l, output);
  // The low register's address once, as a scalar (the high one is the
  // array's stride on): at run time base + offset was otherwise added again
  // for each.
  const uintptr_t at = base() + l.crossbar.at(s.reg).offset;
  constexpr uintptr_t kNext = reg::RegArray<Crossbar>::kStride;
  constexpr reg::Reg<Crossbar> r{0};
  const reg::Value<Crossbar> new_lo{(reg::read(at, r).raw & ~detail::low_mask(l.cfg_bits, s)) | (event << s.pos)};
  if (!s.straddles()) {
    reg::write(at, r, new_lo);
    return Status::kOk;
  }
  const reg::Value<Crossbar> new_hi{(reg::read(at + kNext, r).raw & ~detail::high_mask(l.cfg_bits, s)) | (event >> s.lo_width())};
  if (detail::low_first(s, event)) {
    reg::write(at, r, new_lo);
    reg::write(at + kNext, r, new_hi);
  } else {
    reg::write(at + kNext, r, new_hi);
    reg::write(at, r, new_lo);
  }
  return Status::kOk;
}

// Two passes: check every entry and build each touched register's new bits
// (no access); then write each touched register once, in an order that
// gives every straddling field route()'s guarantee, reading it first only if
// the table leaves some of its used bits as they are.
template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::route_table(const Route* routes, size_t n) {
  const Layout& l = layout();
  // An unusable object's layout (kNoUnit) has no crossbar register, a
  // usable one at least one: the count is the usable() test, and the base
  // is loaded only for the writes.
  const size_t n_regs = l.crossbar.count;
  if ((routes == nullptr && n != 0) || n_regs == 0) return Status::kBadArg;
  struct Image {
    uint32_t bits;     // the new field bits
    uint32_t covered;  // which bits the table sets (0: register untouched)
  } img[kMaxCrossbarRegs + 1];
  // (img[n_regs] is never written: the last register has no field that
  // straddles out of it.)
  for (size_t j = 0; j < n_regs; ++j) img[j] = Image{0, 0};
  // Everything of pointer width, the event too: on rv64 a 32-bit value is
  // extended again at its uses, and each extension keeps one more value
  // live (six saved registers on rv64, where ten were).
  const size_t bits = l.cfg_bits;
  size_t seen = 0;        // outputs in the table
  size_t high_first = 0;  // bit j: register j+1 is written before register j
  for (const Route* r = routes; n != 0; ++r, --n) {
    const size_t out = r->output;
    const size_t event = r->event;
    // (The shift taken modulo the word's width, as sll does: out is range
    // checked only after it, and a shift past the width is undefined.)
    const size_t me = size_t{1} << (out % (8 * sizeof(size_t)));
    if (out >= l.n_counters || event >= l.n_soc_ev || (seen & me) != 0) return Status::kBadArg;
    seen |= me;
    // The slot and its parts as route() computes them (crossbar_slot(), the
    // detail:: masks), one encoder for both calls.
    const CrossbarSlot s = crossbar_slot(static_cast<unsigned>(bits), static_cast<unsigned>(out));
    Image* const lo = img + s.reg;
    const uint32_t low = static_cast<uint32_t>(event) << s.pos;
    lo[0].bits |= low;
    lo[0].covered |= detail::low_mask(static_cast<unsigned>(bits), s);
    if (s.straddles()) {
      lo[1].bits |= static_cast<uint32_t>(event) >> s.lo_width();
      lo[1].covered |= detail::high_mask(static_cast<unsigned>(bits), s);
      if (!detail::low_first(s, static_cast<unsigned>(event))) high_first |= size_t{1} << s.reg;
    }
  }
  const uint32_t used_last = ~0u >> (32 * n_regs - l.n_counters * bits);  // the last register's used bits
  // A run of registers j..e linked by high-first fields goes e, e-1, ..., j;
  // everything else ascends, so every low-first field's r precedes its r+1.
  // A register the table leaves partly as it is is read just before its
  // write (no register is written before it is read).
  // (The first register's address as a scalar, as in route().)
  const uintptr_t at = base() + l.crossbar.offset;
  constexpr size_t kStride = reg::RegArray<Crossbar>::kStride;
  for (size_t j = 0; j < n_regs;) {
    size_t e = j;
    while (((high_first >> e) & 1u) != 0) ++e;
    for (size_t r = e + 1; r-- > j;) {
      const uint32_t covered = img[r].covered;
      if (covered == 0) continue;
      const uint32_t keep = (r + 1 < n_regs ? ~0u : used_last) & ~covered;
      constexpr reg::Reg<Crossbar> x{0};
      uint32_t word = img[r].bits;
      if (keep != 0) word |= reg::read(at + kStride * r, x).raw & keep;
      reg::write(at + kStride * r, x, reg::Value<Crossbar>{word});
    }
    j = e + 1;
  }
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Result<uint32_t> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::routed_event(unsigned output) {
  const Layout& l = layout();
  if (output >= l.n_counters) return Status::kBadArg;
  const CrossbarSlot s = crossbar_slot(l, output);
  uint32_t event = (reg::read(base(), l.crossbar.at(s.reg)).raw & detail::low_mask(l.cfg_bits, s)) >> s.pos;
  if (s.straddles()) event |= (reg::read(base(), l.crossbar.at(s.reg + 1u)).raw & detail::high_mask(l.cfg_bits, s)) << s.lo_width();
  return event;
}

}  // namespace pmu::safesu
