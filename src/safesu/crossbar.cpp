// SPDX-License-Identifier: Apache-2.0
// Crossbar: route counter outputs to SoC events (facts 2.10). Fields are
// clog2(N_SOC_EV) bits in a little-endian bit stream over the crossbar
// registers; a field may straddle two registers (its low bits at the top of
// register r, its high bits at the bottom of r+1). Treating registers r and
// r+1 as one 64-bit little-endian window handles both cases alike.
#include "pmu/safesu/safesu.hpp"

namespace pmu::safesu {

namespace {
constexpr uint64_t kLow32 = 0xFFFFFFFFull;

// The field of a slot within the 64-bit window {reg+1 : reg}.
constexpr uint64_t window_mask(const Layout& l, const CrossbarSlot& s) {
  return uint64_t{util::low_mask32(l.cfg_bits)} << s.pos;
}
}  // namespace

Status SafeSU::route(unsigned output, unsigned event) {
  if (output >= l_->n_counters || event >= l_->n_soc_ev) return Status::kBadArg;
  const CrossbarSlot s = crossbar_slot(*l_, output);
  const uint64_t m = window_mask(*l_, s);
  uint64_t old = rd(s.reg);
  if (!s.straddles()) {
    wr(s.reg, static_cast<uint32_t>((old & ~m) | (uint64_t{event} << s.pos)));
    return Status::kOk;
  }
  old |= uint64_t{rd(s.reg + 1)} << 32;
  const uint64_t next = (old & ~m) | (uint64_t{event} << s.pos);
  // Between the two writes the output sees (new low | old high) if the low
  // register goes first, else (old low | new high). Write low first unless
  // that intermediate is event 0 (constant HIGH on SELENE); the other
  // order's intermediate is then non-zero unless old and new are both 0.
  const uint64_t low_first = ((next & kLow32) | (old & ~kLow32)) & m;
  if (low_first != 0) {
    wr(s.reg, static_cast<uint32_t>(next));
    wr(s.reg + 1, static_cast<uint32_t>(next >> 32));
  } else {
    wr(s.reg + 1, static_cast<uint32_t>(next >> 32));
    wr(s.reg, static_cast<uint32_t>(next));
  }
  return Status::kOk;
}

Status SafeSU::route_table(const Route* routes, size_t n) {
  if (routes == nullptr && n != 0) return Status::kBadArg;
  uint32_t img[kMaxCrossbarRegs + 1];
  uint32_t touched = 0;  // bit j: crossbar register j is read once and written once
  for (size_t i = 0; i < n; ++i) {
    if (routes[i].output >= l_->n_counters || routes[i].event >= l_->n_soc_ev) return Status::kBadArg;
    const CrossbarSlot s = crossbar_slot(*l_, routes[i].output);
    touched |= (s.straddles() ? 3u : 1u) << (s.reg - l_->crossbar);
  }
  for (unsigned j = 0; j < l_->n_crossbar_regs; ++j)
    if (touched & (1u << j)) img[j] = rd(l_->crossbar + j);
  for (size_t i = 0; i < n; ++i) {
    const CrossbarSlot s = crossbar_slot(*l_, routes[i].output);
    const unsigned j = s.reg - l_->crossbar;
    const uint64_t m = window_mask(*l_, s);
    uint64_t w = img[j];
    if (s.straddles()) w |= uint64_t{img[j + 1]} << 32;
    w = (w & ~m) | (uint64_t{routes[i].event} << s.pos);
    img[j] = static_cast<uint32_t>(w);
    if (s.straddles()) img[j + 1] = static_cast<uint32_t>(w >> 32);
  }
  for (unsigned j = 0; j < l_->n_crossbar_regs; ++j)
    if (touched & (1u << j)) wr(l_->crossbar + j, img[j]);
  return Status::kOk;
}

Result<uint32_t> SafeSU::routed_event(unsigned output) {
  if (output >= l_->n_counters) return Status::kBadArg;
  const CrossbarSlot s = crossbar_slot(*l_, output);
  uint64_t w = rd(s.reg);
  if (s.straddles()) w |= uint64_t{rd(s.reg + 1)} << 32;
  return static_cast<uint32_t>((w & window_mask(*l_, s)) >> s.pos);
}

}  // namespace pmu::safesu
