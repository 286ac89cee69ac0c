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
  // The low register's address once, as a scalar (the high one is 4 bytes
  // on): at run time base + offset was otherwise added again for each.
  const uintptr_t at = base() + l.crossbar.at(s.reg).offset;
  constexpr reg::Reg<Crossbar> r{0};
  const reg::Value<Crossbar> new_lo{(reg::read(at, r).raw & ~detail::low_mask(l.cfg_bits, s)) | (event << s.pos)};
  if (!s.straddles()) {
    reg::write(at, r, new_lo);
    return Status::kOk;
  }
  const reg::Value<Crossbar> new_hi{(reg::read(at + 4u, r).raw & ~detail::high_mask(l.cfg_bits, s)) | (event >> s.lo_width())};
  if (detail::low_first(s, event)) {
    reg::write(at, r, new_lo);
    reg::write(at + 4u, r, new_hi);
  } else {
    reg::write(at + 4u, r, new_hi);
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
  if ((routes == nullptr && n != 0) || !usable()) return Status::kBadArg;
  const unsigned nregs = l.crossbar.count;
  struct Image {
    uint32_t bits;     // the new field bits
    uint32_t covered;  // which bits the table sets (0: register untouched)
  } img[kMaxCrossbarRegs + 1];
  for (unsigned j = 0; j <= nregs; ++j) img[j] = Image{0, 0};
  const unsigned n_counters = l.n_counters;
  const unsigned n_events = l.n_soc_ev;
  const unsigned bits = l.cfg_bits;
  // (Masks of pointer width: on RV64 a 32-bit mask is sign-extended again
  // after each or.)
  size_t seen = 0;        // outputs in the table
  size_t high_first = 0;  // bit j: register j+1 is written before register j
  for (const Route* r = routes; r != routes + n; ++r) {
    const unsigned out = r->output;
    const unsigned event = r->event;
    if (out >= n_counters || event >= n_events || ((seen >> out) & 1u) != 0) return Status::kBadArg;
    seen |= size_t{1} << out;
    const CrossbarSlot s = crossbar_slot(bits, out);
    Image* const lo = &img[s.reg];
    lo[0].bits |= event << s.pos;
    lo[0].covered |= detail::low_mask(bits, s);
    if (s.straddles()) {
      lo[1].bits |= event >> s.lo_width();
      lo[1].covered |= detail::high_mask(bits, s);
      if (!detail::low_first(s, event)) high_first |= size_t{1} << s.reg;
    }
  }
  const uint32_t unused_last = 32u * nregs - n_counters * bits;  // unused top bits of the last register
  // A run of registers j..e linked by high-first fields goes e, e-1, ..., j;
  // everything else ascends, so every low-first field's r precedes its r+1.
  // A register the table leaves partly as it is is read just before its
  // write (no register is written before it is read).
  // (Pointer-width indices and the word in a local: on rv64 an unsigned
  // index is zero-extended at each use, and a word written back to img[]
  // is stored and loaded again.)
  const size_t n_regs = nregs;
  for (size_t j = 0; j < n_regs;) {
    size_t e = j;
    while (((high_first >> e) & 1u) != 0) ++e;
    for (size_t r = e + 1; r-- > j;) {
      const uint32_t covered = img[r].covered;
      if (covered == 0) continue;
      const uint32_t used = r + 1 < n_regs ? ~0u : ~0u >> unused_last;
      const uint32_t keep = used & ~covered;
      const reg::RegAt<Crossbar> x = l.crossbar.at(r);
      uint32_t word = img[r].bits;
      if (keep != 0) word |= reg::read(base(), x).raw & keep;
      reg::write(base(), x, reg::Value<Crossbar>{word});
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
