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
#define CFG0_ENABLE 0x1u
#define CFG0_RESET 0x2u
#define CFG0_OVF_RESET 0x8u
#define CFG1_MCCU_ENABLE 0x1u
#define CFG1_UPDATE(core) (0x4u << (core))
#define CFG1_RDC_ENABLE (1u << (N_CORES + 2))

static bl_callback overflow_cb[N_COUNTERS];
static bl_callback mccu_cb[N_CORES];
static bl_callback rdc_cb[N_INPUTS];

static inline void call(const bl_callback* cb, unsigned source) {
  if (cb->fn != 0) cb->fn(cb->ctx, source);
}

/* Crossbar field of 'output': bits [7*output, 7*output+7) of the registers
 * read as one little-endian bit stream (§2.10). A field that straddles two
 * registers is written in the order whose one-cycle intermediate is not
 * event 0 (constant HIGH on SELENE). */
uint8_t BL_NAME(route)(unsigned output, unsigned event) {
  if (output >= N_COUNTERS || event >= N_EVENTS) return BL_BAD_ARG;
  const unsigned bit = output * FIELD_BITS;
  const unsigned r = CROSSBAR + bit / 32u;
  const unsigned pos = bit % 32u;
  const uint32_t lo = RD(r);
  if (pos + FIELD_BITS <= 32u) {
    WR(r, (lo & ~(FIELD_MASK << pos)) | (event << pos));
    return BL_OK;
  }
  const unsigned lo_bits = 32u - pos;
  const uint32_t hi = RD(r + 1u);
  const uint32_t new_lo = (lo & ~(~0u << pos)) | (event << pos);
  const uint32_t new_hi = (hi & ~(FIELD_MASK >> lo_bits)) | (event >> lo_bits);
  const uint32_t low_first = (new_lo >> pos) | ((hi & (FIELD_MASK >> lo_bits)) << lo_bits);
  if (low_first != 0) {
    WR(r, new_lo);
    WR(r + 1u, new_hi);
  } else {
    WR(r + 1u, new_hi);
    WR(r, new_lo);
  }
  return BL_OK;
}

/* Each touched register read once and written once with its final value,
 * reads first, both ascending; every entry checked before any access. One
 * pass over the entries collects, per register, the bits the table sets
 * and their values; then each touched register is merged. */
uint8_t BL_NAME(route_table)(const bl_safesu_route_t* routes, size_t n) {
  uint32_t mask[N_CROSSBAR + 1] = {0}, set[N_CROSSBAR + 1] = {0}, old[N_CROSSBAR];
  if (routes == 0 && n != 0) return BL_BAD_ARG;
  for (size_t i = 0; i < n; ++i) {
    const unsigned output = routes[i].output, event = routes[i].event;
    if (output >= N_COUNTERS || event >= N_EVENTS) return BL_BAD_ARG;
    const unsigned bit = output * FIELD_BITS;
    const unsigned j = bit / 32u, pos = bit % 32u;
    mask[j] |= FIELD_MASK << pos;
    set[j] = (set[j] & ~(FIELD_MASK << pos)) | (event << pos);
    if (pos + FIELD_BITS > 32u) {
      const unsigned lo_bits = 32u - pos;
      mask[j + 1] |= FIELD_MASK >> lo_bits;
      set[j + 1] = (set[j + 1] & ~(FIELD_MASK >> lo_bits)) | (event >> lo_bits);
    }
  }
  for (unsigned j = 0; j < N_CROSSBAR; ++j)
    if (mask[j] != 0) old[j] = RD(CROSSBAR + j);
  for (unsigned j = 0; j < N_CROSSBAR; ++j)
    if (mask[j] != 0) WR(CROSSBAR + j, (old[j] & ~mask[j]) | set[j]);
  return BL_OK;
}

uint8_t BL_NAME(enable_counters)(void) {
  WR(CFG0, RD(CFG0) | CFG0_ENABLE);
  return BL_OK;
}

/* Hold the reset with counting off, one write-free cycle (a read), release,
 * then re-enable if counting was on (§3.2). */
uint8_t BL_NAME(reset_counters)(void) {
  const uint32_t v = RD(CFG0) & ~CFG0_RESET;
  const uint32_t off = v & ~CFG0_ENABLE;
  WR(CFG0, off | CFG0_RESET);
  (void)RD(CFG0);
  WR(CFG0, off);
  if (v & CFG0_ENABLE) WR(CFG0, v);
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
  if (out == 0 || n > N_COUNTERS) return BL_BAD_ARG;
  for (unsigned k = 0; k < n; ++k) out[k] = RD(COUNTERS + k);
  return BL_OK;
}

/* Read, write with the bit set, write back as read without it. */
static void pulse(unsigned reg, uint32_t bit) {
  const uint32_t v = RD(reg) & ~bit;
  WR(reg, v | bit);
  WR(reg, v);
}

uint8_t BL_NAME(clear_overflow)(void) {
  pulse(CFG0, CFG0_OVF_RESET);
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
  if (weights == 0 || n == 0 || n > N_INPUTS) return BL_BAD_ARG;
  for (unsigned r = 0; r * 4u < n; ++r) {
    const unsigned first = r * 4u;
    const unsigned count = n - first < 4u ? n - first : 4u;
    uint32_t v = count == 4u ? 0 : RD(WEIGHTS + r);
    for (unsigned i = 0; i < count; ++i)
      v = (v & ~(0xFFu << (8u * i))) | ((uint32_t)weights[first + i] << (8u * i));
    WR(WEIGHTS + r, v);
  }
  return BL_OK;
}

uint8_t BL_NAME(set_budget)(unsigned core, uint32_t limit) {
  if (core >= N_CORES) return BL_BAD_ARG;
  WR(MCCU_LIMITS + core, limit);
  pulse(CFG1, CFG1_UPDATE(core));
  return BL_OK;
}

/* One write disables the MCCU and sets the update bit (the limit reloads and
 * the sticky IRQ clears), the next restores CFG1 as read (§3.5). */
static void refill_cores(uint32_t core_mask) {
  const uint32_t v = RD(CFG1);
  WR(CFG1, (v | (core_mask << 2)) & ~CFG1_MCCU_ENABLE);
  WR(CFG1, v);
}

uint8_t BL_NAME(refill)(unsigned core) {
  if (core >= N_CORES) return BL_BAD_ARG;
  refill_cores(1u << core);
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

/* Snapshot the vector, callbacks lowest counter first, clear every flag (the
 * CFG0 bit-3 pulse), then look at each flagged counter: one parked on all
 * ones re-flags every cycle, so it is moved to 0 and the flags cleared again. */
bl_u32 BL_NAME(overflow_hook)(void) {
  bl_u32 r = {RD(OVF_VECT) & ((1u << N_COUNTERS) - 1u), BL_OK};
  if (r.value == 0) return r;
  for (uint32_t m = r.value; m != 0; m &= m - 1) {
    const unsigned k = bl_ctz32(m);
    call(&overflow_cb[k], k);
  }
  pulse(CFG0, CFG0_OVF_RESET);
  int parked = 0;
  for (uint32_t m = r.value; m != 0; m &= m - 1) {
    const unsigned k = bl_ctz32(m);
    if (RD(COUNTERS + k) == 0xFFFFFFFFu) {
      WR(COUNTERS + k, 0);
      parked = 1;
    }
  }
  if (parked) pulse(CFG0, CFG0_OVF_RESET);
  return r;
}

bl_u32 BL_NAME(mccu_hook)(unsigned core) {
  bl_u32 r = {0, BL_BAD_ARG};
  if (core >= N_CORES) return r;
  r.value = RD(MCCU_REMAINING + core);
  r.status = BL_OK;
  call(&mccu_cb[core], core);
  refill_cores(1u << core);
  return r;
}

bl_u32 BL_NAME(rdc_hook)(void) {
  bl_u32 r = {RD(RDC_VECT) & ((1u << N_INPUTS) - 1u), BL_OK};
  if (r.value == 0) return r;
  for (uint32_t m = r.value; m != 0; m &= m - 1) {
    const unsigned i = bl_ctz32(m);
    call(&rdc_cb[i], i);
  }
  const uint32_t v = RD(CFG1);
  WR(CFG1, v & ~CFG1_RDC_ENABLE);
  WR(CFG1, v);
  return r;
}
