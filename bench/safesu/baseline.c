/* SPDX-License-Identifier: Apache-2.0 */
/* SafeSU baselines: the register work of each pmukit SafeSU call, written as
 * the leanest C for one configuration with every constant folded by hand
 * (register indices from docs/hw/safesu.md §1.2): the 4-core/128-event unit
 * here, the 6-core/256-event one (SELENE) when baseline_6c256.c builds this
 * file again with BL_SAFESU_6C256, as the vendor keeps one driver per
 * configuration. */
#include "baseline.h"

#ifdef BL_SAFESU_6C256
#define BL_NAME(name) bl_safesu6_##name
enum {
  CFG1 = 29,
  MCCU_LIMITS = 30,
  MCCU_REMAINING = 36,
  WEIGHTS = 42,
  RDC_VECT = 45,
  CROSSBAR = 49,
  N_CORES = 6,
  N_EVENTS = 256,
  FIELD_BITS = 8, /* clog2(256) */
};
#else
#define BL_NAME(name) bl_safesu_##name
enum {
  CFG1 = 29,
  MCCU_LIMITS = 30,
  MCCU_REMAINING = 34,
  WEIGHTS = 38,
  RDC_VECT = 40,
  CROSSBAR = 43,
  N_CORES = 4,
  N_EVENTS = 128,
  FIELD_BITS = 7, /* clog2(128) */
};
#endif
enum {
  CFG0 = 0,
  COUNTERS = 1,
  N_COUNTERS = 24,
  OVF_VECT = 26,
  N_CROSSBAR = 6,
  N_INPUTS = 2 * N_CORES,
};
#define RD(idx) BL_RD(BENCH_SAFESU_BASE, idx)
#define WR(idx, value) BL_WR(BENCH_SAFESU_BASE, idx, value)
#define FIELD_MASK ((1u << FIELD_BITS) - 1u)
/* Fields straddle registers only if their width does not divide 32. */
#define CAN_STRADDLE (32u % FIELD_BITS != 0)
#define COUNTER_MASK ((1u << N_COUNTERS) - 1u)
#define CFG0_ENABLE 0x1u
#define CFG0_RESET 0x2u
#define CFG0_OVF_ENABLE 0x4u
#define CFG0_OVF_RESET 0x8u
#define CFG0_KEEP_OUT 0x1Au /* never written back: the soft resets (bits 1, 3, 4) */
#define CFG1_MCCU_ENABLE 0x1u
#define CFG1_UPDATE(core) (0x4u << (core))
#define CFG1_RDC_ENABLE (1u << (N_CORES + 2))
/* Never written back: the MCCU reset, the update strobes, the RDC reset. */
#define CFG1_KEEP_OUT ((0x2u | (((1u << N_CORES) - 1u) << 2) | (1u << (N_CORES + 3))))
/* The crossbar bits of the last register that hold a field (24 fields). */
#define CROSSBAR_USED_LAST (~0u >> (32u * N_CROSSBAR - N_COUNTERS * FIELD_BITS))

static bl_callback overflow_cb[N_COUNTERS];
static bl_callback mccu_cb[N_CORES];
static bl_callback rdc_cb[N_INPUTS];

__attribute__((always_inline)) static inline void call(const bl_callback* cb, unsigned source) {
  if (cb->fn != 0) cb->fn(cb->ctx, source);
}

/* Crossbar field of 'output': bits [FIELD_BITS*output, +FIELD_BITS) of the
 * registers read as one little-endian bit stream (§2.10). A field that
 * straddles two registers is written low register first if its new low part
 * is non-zero, else high first: the one-cycle mix between the writes is then
 * never event 0 (constant HIGH on SELENE) unless event 0 is the destination. */
uint8_t BL_NAME(route)(unsigned output, unsigned event) {
  if (output >= N_COUNTERS || event >= N_EVENTS) return BL_BAD_ARG;
  const unsigned bit = output * FIELD_BITS;
  const unsigned r = CROSSBAR + bit / 32u;
  const unsigned pos = bit % 32u;
  const uint32_t new_lo = (RD(r) & ~(FIELD_MASK << pos)) | (event << pos);
  if (!CAN_STRADDLE || pos + FIELD_BITS <= 32u) {
    WR(r, new_lo);
    return BL_OK;
  }
  const unsigned lo_bits = 32u - pos;
  const uint32_t new_hi = (RD(r + 1u) & ~(FIELD_MASK >> lo_bits)) | (event >> lo_bits);
  if ((uint32_t)(event << pos) != 0) {
    WR(r, new_lo);
    WR(r + 1u, new_hi);
  } else {
    WR(r + 1u, new_hi);
    WR(r, new_lo);
  }
  return BL_OK;
}

/* Every entry checked first (an output given twice is refused); one pass
 * collects each register's new bits and the bits they cover. Then each
 * touched register is written once, read just before only if the table
 * leaves some of its field bits as they are: ascending, except that a run
 * of registers joined by high-first straddles (route()'s rule) goes
 * downwards. */
uint8_t BL_NAME(route_table)(const bl_safesu_route_t* routes, size_t n) {
  struct {
    uint32_t set, covered;
  } img[N_CROSSBAR + 1];
  uint32_t seen = 0, high_first = 0;
  if (routes == 0 && n != 0) return BL_BAD_ARG;
  for (unsigned j = 0; j <= N_CROSSBAR; ++j) img[j].set = img[j].covered = 0;
  for (size_t i = 0; i < n; ++i) {
    const unsigned output = routes[i].output, event = routes[i].event;
    if (output >= N_COUNTERS || event >= N_EVENTS || ((seen >> output) & 1u) != 0) return BL_BAD_ARG;
    seen |= 1u << output;
    const unsigned bit = output * FIELD_BITS;
    const unsigned j = bit / 32u, pos = bit % 32u;
    img[j].set |= event << pos;
    img[j].covered |= FIELD_MASK << pos;
    if (CAN_STRADDLE && pos + FIELD_BITS > 32u) {
      const unsigned lo_bits = 32u - pos;
      img[j + 1].set |= event >> lo_bits;
      img[j + 1].covered |= FIELD_MASK >> lo_bits;
      if ((uint32_t)(event << pos) == 0) high_first |= 1u << j;
    }
  }
  for (unsigned j = 0; j < N_CROSSBAR;) {
    unsigned e = j;
    while ((high_first >> e) & 1u) ++e;
    for (unsigned r = e + 1; r-- > j;) {
      if (img[r].covered == 0) continue;
      const uint32_t keep = (r + 1 < N_CROSSBAR ? ~0u : CROSSBAR_USED_LAST) & ~img[r].covered;
      if (keep != 0) img[r].set |= RD(CROSSBAR + r) & keep;
      WR(CROSSBAR + r, img[r].set);
    }
    j = e + 1;
  }
  return BL_OK;
}

/* The hardware enables every counter at once: the mask must name them all. */
uint8_t BL_NAME(start)(uint32_t mask) {
  if (mask != COUNTER_MASK) return BL_BAD_ARG;
  WR(CFG0, (RD(CFG0) & ~CFG0_KEEP_OUT) | CFG0_ENABLE);
  return BL_OK;
}

/* Hold the reset with counting off, one write-free cycle (a read), release,
 * then re-enable if counting was on (§3.2). */
__attribute__((always_inline)) static inline void soft_reset_from(uint32_t v) {
  const uint32_t off = v & ~CFG0_ENABLE;
  WR(CFG0, off | CFG0_RESET);
  (void)RD(CFG0);
  WR(CFG0, off);
  if (v & CFG0_ENABLE) WR(CFG0, v);
}
/* v: CFG0 as read, less the bits never written back. */
__attribute__((always_inline)) static inline void soft_reset(void) { soft_reset_from(RD(CFG0) & ~CFG0_KEEP_OUT); }

uint8_t BL_NAME(reset)(void) {
  soft_reset();
  return BL_OK;
}

bl_u32 BL_NAME(read)(unsigned k) {
  bl_u32 r = {0, BL_BAD_ARG};
  if (k >= N_COUNTERS) return r;
  r.value = RD(COUNTERS + k);
  r.status = BL_OK;
  return r;
}

uint8_t BL_NAME(read_all)(uint32_t* out, unsigned n) {
  if (n > N_COUNTERS || (__builtin_expect(out == 0, 0) && n != 0)) return BL_BAD_ARG; /* n = 0: nothing, whatever out */
  for (unsigned k = 0; k < n; ++k) out[k] = RD(COUNTERS + k);
  return BL_OK;
}

/* 64-bit totals (the figures that track them; the others run as pmukit
 * does without totals attached): each grows by (raw - last) mod 2^32 at an
 * observation, and notes when the counter passed all ones (the flag point)
 * since the flags were last cleared (an epoch), which the overflow hook
 * needs. The tag is the epoch of the last observation (| 1: a pass noted);
 * a pass seen when that epoch is over may precede the clear, and the flag,
 * read after the counter, tells. */
static struct {
  uint64_t total;
  uint32_t last;
  uint32_t tag;
} totals[N_COUNTERS];
/* The flag-clear epoch: a hook that tracks totals bumps it (none of the
 * figures here does; it is a variable all the same, as in a driver that
 * would). */
#ifdef BL_SAFESU_6C256
uint32_t bl_safesu6_epoch;
#define epoch bl_safesu6_epoch
#else
uint32_t bl_safesu_epoch;
#define epoch bl_safesu_epoch
#endif

#define MARK (epoch + 2u) /* the epoch steps by 2: bit 0 is the noted pass */

__attribute__((always_inline)) static inline int unsure(unsigned k, uint32_t raw) {
  return 0xFFFFFFFFu - totals[k].last <= raw - totals[k].last && (totals[k].tag & ~1u) != MARK;
}
__attribute__((always_inline)) static inline uint64_t observe(unsigned k, uint32_t raw) {
  const uint32_t d = raw - totals[k].last;
  const int current = (totals[k].tag & ~1u) == MARK;
  totals[k].tag = MARK | (current && (0xFFFFFFFFu - totals[k].last <= d || (totals[k].tag & 1u)) ? 1u : 0u);
  totals[k].total += d;
  totals[k].last = raw;
  return totals[k].total;
}
/* The flags, read after the counters: every one taken as latched while the
 * overflow unit is disabled (its vector reads 0). */
__attribute__((noinline)) static void settle(uint32_t unsure_mask) {
  const uint32_t v = RD(CFG0);
  const uint32_t flags = (v & CFG0_OVF_ENABLE) ? RD(OVF_VECT) : ~0u;
  for (unsigned k = 0; k < N_COUNTERS; ++k)
    if (((unsure_mask & flags) >> k) & 1u) totals[k].tag = MARK | 1u;
}
__attribute__((noinline)) static uint64_t observe_unsure(unsigned k, uint32_t raw) {
  const uint64_t total = observe(k, raw);
  settle(1u << k);
  return total;
}

bl_u64 BL_NAME(read64)(unsigned k) {
  bl_u64 r = {0, BL_BAD_ARG};
  if (k >= N_COUNTERS) return r;
  const uint32_t raw = RD(COUNTERS + k);
  r.value = __builtin_expect(unsure(k, raw), 0) ? observe_unsure(k, raw) : observe(k, raw);
  r.status = BL_OK;
  return r;
}

/* Every counter observed once: the units of the scaling figures differ only
 * in their counter count, a constant of each build. */
__attribute__((always_inline)) static inline uint8_t sync64(unsigned n_counters) {
  uint32_t unsure_mask = 0;
  for (unsigned k = 0; k < n_counters; ++k) {
    const uint32_t raw = RD(COUNTERS + k);
    if (unsure(k, raw)) unsure_mask |= 1u << k;
    (void)observe(k, raw);
  }
  if (unsure_mask != 0) settle(unsure_mask);
  return BL_OK;
}
/* read64 without totals attached: the bound checked, nothing touched. */
bl_u64 BL_NAME(read64_untracked)(unsigned k) {
  bl_u64 r = {0, BL_BAD_ARG};
  if (k >= N_COUNTERS) return r;
  r.status = BL_UNAVAILABLE;
  return r;
}

/* reset with totals: the flags latched before it are noted (the vector,
 * read as the write-free cycle while the reset holds every counter at 0
 * with counting off), so the next hook counts no period for them, and
 * every total restarts at 0. The vector reads 0 while the overflow unit is
 * disabled (CFG0 bit 2 = 0) though flags keep latching: then all are taken
 * as latched. */
uint8_t BL_NAME(reset_tracked)(void) {
  const uint32_t v = RD(CFG0) & ~CFG0_KEEP_OUT;
  const uint32_t off = v & ~CFG0_ENABLE;
  uint32_t flagged = ~0u;
  WR(CFG0, off | CFG0_RESET);
  if (v & CFG0_OVF_ENABLE)
    flagged = RD(OVF_VECT);
  else
    (void)RD(CFG0);
  WR(CFG0, off);
  if (v & CFG0_ENABLE) WR(CFG0, v);
  for (unsigned k = 0; k < N_COUNTERS; ++k) {
    totals[k].total = 0;
    totals[k].last = 0;
    totals[k].tag = MARK | ((flagged >> k) & 1u);
  }
  return BL_OK;
}

uint8_t BL_NAME(sync64)(void) { return sync64(N_COUNTERS); }
uint8_t BL_NAME(sync64_1)(void) { return sync64(1); }
uint8_t BL_NAME(sync64_4)(void) { return sync64(4); }
uint8_t BL_NAME(sync64_8)(void) { return sync64(8); }
uint8_t BL_NAME(sync64_16)(void) { return sync64(16); }

/* Read, write with the bit set, write back as read (less the bits never
 * written back) without it. */
__attribute__((always_inline)) static inline void pulse(unsigned reg, uint32_t keep_out, uint32_t bit) {
  const uint32_t v = RD(reg) & ~keep_out;
  WR(reg, v | bit);
  WR(reg, v);
}

uint8_t BL_NAME(clear_overflow)(void) {
  pulse(CFG0, CFG0_KEEP_OUT, CFG0_OVF_RESET);
  return BL_OK;
}

uint8_t BL_NAME(set_weight)(unsigned input, unsigned weight) {
  if (input >= N_INPUTS || weight > 0xFFu) return BL_BAD_ARG;
  const unsigned reg = WEIGHTS + input / 4u;
  const unsigned pos = 8u * (input % 4u);
  WR(reg, (RD(reg) & ~(0xFFu << pos)) | (weight << pos));
  return BL_OK;
}

/* Whole registers are written without a read; a partial last one keeps the
 * weights of the inputs not given. */
uint8_t BL_NAME(set_weights)(const uint8_t* weights, unsigned n) {
  if (n > N_INPUTS || (__builtin_expect(weights == 0, 0) && n != 0)) return BL_BAD_ARG; /* n = 0: nothing */
  unsigned left = n;
  for (unsigned r = 0; left != 0; ++r) {
    const unsigned count = left < 4u ? left : 4u;
    uint32_t v = 0;
    for (unsigned i = 0; i < count; ++i) v |= (uint32_t)weights[i] << (8u * i);
    weights += count;
    left -= count;
    if (count < 4u) v |= RD(WEIGHTS + r) & ~((1u << (8u * count)) - 1u);
    WR(WEIGHTS + r, v);
  }
  return BL_OK;
}

uint8_t BL_NAME(set_budget)(unsigned core, uint32_t limit) {
  if (core >= N_CORES) return BL_BAD_ARG;
  WR(MCCU_LIMITS + core, limit);
  pulse(CFG1, CFG1_KEEP_OUT, CFG1_UPDATE(core));
  return BL_OK;
}

/* R CFG1, W it with 'on' set and 'off' cleared, W it back: how the sticky
 * MCCU and RDC interrupts clear (§3.5, §3.6). */
__attribute__((always_inline)) static inline void cfg1_toggle(uint32_t on, uint32_t off) {
  const uint32_t v = RD(CFG1) & ~CFG1_KEEP_OUT;
  WR(CFG1, (v | on) & ~off);
  WR(CFG1, v);
}

/* Disable the MCCU with the update bit set (the limit reloads and the sticky
 * IRQ clears), then restore CFG1 (§3.5). */
uint8_t BL_NAME(refill)(unsigned core) {
  if (core >= N_CORES) return BL_BAD_ARG;
  cfg1_toggle(CFG1_UPDATE(core), CFG1_MCCU_ENABLE);
  return BL_OK;
}

uint8_t BL_NAME(on_overflow)(unsigned counter, bl_callback cb) {
  if (counter >= N_COUNTERS) return BL_BAD_ARG;
  overflow_cb[counter] = cb;
  return BL_OK;
}

uint8_t BL_NAME(on_mccu)(unsigned core, bl_callback cb) {
  if (core >= N_CORES) return BL_BAD_ARG;
  mccu_cb[core] = cb;
  return BL_OK;
}

uint8_t BL_NAME(on_rdc)(unsigned input, bl_callback cb) {
  if (input >= N_INPUTS) return BL_BAD_ARG;
  rdc_cb[input] = cb;
  return BL_OK;
}

/* Snapshot the vector, callbacks lowest counter first, read each flagged
 * counter, clear every flag (the CFG0 bit-3 pulse). A flagged counter still
 * on all ones re-flags every cycle (§8): then the clear is made with
 * counting frozen, the parked counter re-read and moved to 0. */
bl_u32 BL_NAME(overflow_hook)(void) {
  bl_u32 r = {RD(OVF_VECT) & COUNTER_MASK, BL_OK};
  if (r.value == 0) return r;
  uint32_t parked = 0;
  for (uint32_t m = r.value; m != 0; m &= m - 1) {
    const unsigned k = bl_ctz32(m);
    call(&overflow_cb[k], k);
  }
  for (uint32_t m = r.value; m != 0; m &= m - 1) {
    const unsigned k = bl_ctz32(m);
    if (RD(COUNTERS + k) == 0xFFFFFFFFu) parked |= 1u << k;
  }
  if (parked == 0) {
    pulse(CFG0, CFG0_KEEP_OUT, CFG0_OVF_RESET);
  } else {
    const uint32_t v = RD(CFG0) & ~CFG0_KEEP_OUT;
    WR(CFG0, (v & ~CFG0_ENABLE) | CFG0_OVF_RESET);
    for (uint32_t m = parked; m != 0; m &= m - 1) {
      const unsigned k = bl_ctz32(m);
      if (RD(COUNTERS + k) == 0xFFFFFFFFu) WR(COUNTERS + k, 0);
    }
    WR(CFG0, v);
  }
  return r;
}

/* The hook as an RTOS runs it: an ISR of the shape void(*)(void*). */
void BL_NAME(overflow_isr)(void* ctx) {
  (void)ctx;
  (void)BL_NAME(overflow_hook)();
}

/* The MCCU IRQ state is not readable (§3.5): callback, then the refill
 * that clears it. */
bl_u32 BL_NAME(mccu_hook)(unsigned core) {
  bl_u32 r = {0, BL_BAD_ARG};
  if (core >= N_CORES) return r;
  call(&mccu_cb[core], core);
  cfg1_toggle(CFG1_UPDATE(core), CFG1_MCCU_ENABLE);
  r.value = 1u << core;
  r.status = BL_OK;
  return r;
}

/* Snapshot, callbacks, then an RDC enable toggle (clears IRQ and vector,
 * keeps the watermarks). */
bl_u32 BL_NAME(rdc_hook)(void) {
  bl_u32 r = {RD(RDC_VECT) & ((1u << N_INPUTS) - 1u), BL_OK};
  if (r.value == 0) return r;
  for (uint32_t m = r.value; m != 0; m &= m - 1) {
    const unsigned i = bl_ctz20(m);
    call(&rdc_cb[i], i);
  }
  cfg1_toggle(0, CFG1_RDC_ENABLE);
  return r;
}
