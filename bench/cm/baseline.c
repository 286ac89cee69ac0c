/* SPDX-License-Identifier: Apache-2.0 */
/* CM perf block baselines: the register work of each pmukit CM call as the
 * leanest C with the GCR base known at build time (register offsets and
 * bits from docs/hw/cm-gcr-perf.md). */
#include "baseline.h"

#define GDB (BENCH_CM_GCR_BASE + 0x6000u)
#define RD(offset) BL_RD(GDB, (offset) / 4u)
#define WR(offset, value) BL_WR(GDB, (offset) / 4u, value)
enum {
  PC_CTL = 0x100,
  PC_OV = 0x120,
  PC_EVENT = 0x130,
  PC_QUAL0 = 0x190,
  PC_QUAL1 = 0x1A0,
};
/* Never written back from a read of PC_CTL: the Reset bits (9, 7, 5) and
 * Perf_Num_Cnt [3:0]. */
#define CTL_KEEP_OUT 0x2AFu
/* The event ids the CM perf slides list: 0..6, 8, 9, 16, 17. */
#define KNOWN_EVENTS 0x3037Fu
/* Counter i's register offset, one byte each: cycle 0x80, CNT0 0x98, CNT1
 * 0xA8 above 0x100. */
#define COUNTER_OFFSETS 0xA89880u

static bl_callback cb[3];

/* CountOn bit of counter i is 4 + 2i. */
__attribute__((always_inline)) static inline uint32_t count_on(uint32_t mask) { return ((mask & 1u) | ((mask & 2u) << 1) | ((mask & 4u) << 2)) << 4; }

/* Qualifier first, so the new event never counts under the old one. */
uint8_t bl_cm_program(unsigned i, unsigned event, uint32_t qualifier) {
  if ((i != 1 && i != 2) || event > 17 || ((KNOWN_EVENTS >> event) & 1u) == 0) return BL_BAD_ARG;
  const unsigned pos = i == 1 ? 0 : 8;
  WR(i == 1 ? PC_QUAL0 : PC_QUAL1, qualifier);
  WR(PC_EVENT, (RD(PC_EVENT) & ~(0xFFu << pos)) | (event << pos));
  return BL_OK;
}

uint8_t bl_cm_start(uint32_t mask) {
  if (mask - 1u >= 7u) return BL_BAD_ARG;
  WR(PC_CTL, (RD(PC_CTL) & ~CTL_KEEP_OUT) | count_on(mask));
  return BL_OK;
}

uint8_t bl_cm_stop(uint32_t mask) {
  if (mask - 1u >= 7u) return BL_BAD_ARG;
  WR(PC_CTL, RD(PC_CTL) & ~CTL_KEEP_OUT & ~count_on(mask));
  return BL_OK;
}

/* Zero the counters of mask (Reset bit of counter i: 5 + 2i). */
uint8_t bl_cm_reset(uint32_t mask) {
  if (mask - 1u >= 7u) return BL_BAD_ARG;
  WR(PC_CTL, (RD(PC_CTL) & ~CTL_KEEP_OUT) | (count_on(mask) << 1));
  return BL_OK;
}

uint8_t bl_cm_reset_and_start(uint32_t mask) {
  if (mask - 1u >= 7u) return BL_BAD_ARG;
  const uint32_t bits = count_on(mask);
  WR(PC_CTL, (RD(PC_CTL) & ~CTL_KEEP_OUT) | bits | (bits << 1));
  return BL_OK;
}

uint8_t bl_cm_control(uint32_t start, uint32_t stop, uint32_t reset) {
  if (((start | stop | reset) & ~7u) != 0 || (start & stop) != 0 || (start | stop | reset) == 0) return BL_BAD_ARG;
  WR(PC_CTL, ((RD(PC_CTL) & ~CTL_KEEP_OUT & ~count_on(stop)) | count_on(start) | (count_on(reset) << 1)));
  return BL_OK;
}

/* Perf_Num_Cnt [3:0] must read 2. */
uint8_t bl_cm_probe(void) { return (RD(PC_CTL) & 0xFu) == 2u ? BL_OK : BL_MISMATCH; }

/* Perf_Int_En (bit 30), Perf_Ovf_Stop (bit 29): one read-modify-write. */
__attribute__((always_inline)) static inline void ctl_flag(uint32_t bit, int on) {
  const uint32_t v = RD(PC_CTL) & ~CTL_KEEP_OUT;
  WR(PC_CTL, on ? v | bit : v & ~bit);
}
uint8_t bl_cm_set_interrupt_enable(int on) {
  ctl_flag(1u << 30, on);
  return BL_OK;
}
uint8_t bl_cm_set_overflow_stop(int on) {
  ctl_flag(1u << 29, on);
  return BL_OK;
}

bl_u32 bl_cm_read_overflow(void) {
  bl_u32 r = {RD(PC_OV) & 7u, BL_OK};
  return r;
}

uint8_t bl_cm_clear_overflow(uint32_t mask) {
  if (mask - 1u >= 7u) return BL_BAD_ARG;
  WR(PC_OV, mask);
  return BL_OK;
}

uint8_t bl_cm_preload(unsigned i, uint32_t value) {
  if (i >= 3) return BL_BAD_ARG;
  WR(0x100u + ((COUNTER_OFFSETS >> (8u * i)) & 0xFFu), value);
  return BL_OK;
}

/* 64-bit totals (the figures that track them): each grows by
 * (raw - last) mod 2^32 and notes a pass through zero, which the hook needs;
 * a counter reset restarts at 0 and is noted for a hook in progress. */
static struct {
  uint64_t total;
  uint32_t last;
  uint8_t passed;
} totals[3];
static uint8_t reset_in_hook;

__attribute__((always_inline)) static inline uint64_t observe(unsigned i, uint32_t raw) {
  const uint32_t d = raw - totals[i].last;
  const uint32_t to_zero = 0u - totals[i].last;
  if (to_zero != 0 && to_zero <= d) totals[i].passed = 1;
  totals[i].total += d;
  totals[i].last = raw;
  return totals[i].total;
}

bl_u64 bl_cm_read64(unsigned i) {
  bl_u64 r = {0, BL_BAD_ARG};
  if (i >= 3) return r;
  r.value = observe(i, RD(0x100u + ((COUNTER_OFFSETS >> (8u * i)) & 0xFFu)));
  r.status = BL_OK;
  return r;
}

/* The count so far is accounted, then the write; later deltas start at
 * value. A flag that rose between the two PC_OV reads (a wrap between the
 * count's read and the write) stands for no period. */
uint8_t bl_cm_preload_tracked(unsigned i, uint32_t value) {
  if (i >= 3) return BL_BAD_ARG;
  const unsigned reg = 0x100u + ((COUNTER_OFFSETS >> (8u * i)) & 0xFFu);
  const uint32_t flagged = RD(PC_OV) & (1u << i);
  (void)observe(i, RD(reg));
  WR(reg, value);
  totals[i].last = value;
  if (flagged == 0 && (RD(PC_OV) & (1u << i)) != 0) totals[i].passed = 1;
  return BL_OK;
}

uint8_t bl_cm_reset_tracked(uint32_t mask) {
  if (mask - 1u >= 7u) return BL_BAD_ARG;
  WR(PC_CTL, (RD(PC_CTL) & ~CTL_KEEP_OUT) | (count_on(mask) << 1));
  for (unsigned i = 0; i < 3; ++i) {
    if ((mask >> i) & 1u) {
      totals[i].total = 0;
      totals[i].last = 0;
      totals[i].passed = 0;
    }
  }
  reset_in_hook = (uint8_t)(reset_in_hook | mask);
  return BL_OK;
}

/* Each flag's pass counted once before the clear (a period if the values
 * showed none); after it PC_OV, then the counts again: a flag clear then
 * makes the next one a new pass; noted for a hook in progress. */
uint8_t bl_cm_clear_overflow_tracked(uint32_t mask) {
  if (mask - 1u >= 7u) return BL_BAD_ARG;
  const uint32_t flagged = RD(PC_OV);
  for (unsigned i = 0; i < 3; ++i) {
    if (((mask >> i) & 1u) == 0) continue;
    (void)observe(i, RD(0x100u + ((COUNTER_OFFSETS >> (8u * i)) & 0xFFu)));
    if ((flagged >> i) & 1u) {
      if (!totals[i].passed) totals[i].total += (uint64_t)1 << 32;
      totals[i].passed = 1;
    }
  }
  WR(PC_OV, mask);
  const uint32_t cleared = mask & ~RD(PC_OV);
  for (unsigned i = 0; i < 3; ++i) {
    if (((mask >> i) & 1u) == 0) continue;
    if ((cleared >> i) & 1u) totals[i].passed = 0;
    (void)observe(i, RD(0x100u + ((COUNTER_OFFSETS >> (8u * i)) & 0xFFu)));
  }
  reset_in_hook = (uint8_t)(reset_in_hook | mask);
  return BL_OK;
}

bl_u32 bl_cm_read(unsigned i) {
  bl_u32 r = {0, BL_BAD_ARG};
  if (i >= 3) return r;
  r.value = RD(0x100u + ((COUNTER_OFFSETS >> (8u * i)) & 0xFFu));
  r.status = BL_OK;
  return r;
}

uint8_t bl_cm_on_overflow(unsigned i, bl_callback c) {
  if (i >= 3) return BL_BAD_ARG;
  cb[i] = c;
  return BL_OK;
}

/* Snapshot PC_OV, callbacks lowest counter first, clear exactly the
 * snapshot (write 1 to clear). */
bl_u32 bl_cm_overflow_hook(void) {
  bl_u32 r = {RD(PC_OV) & 7u, BL_OK};
  if (r.value == 0) return r;
  for (uint32_t m = r.value; m != 0; m &= m - 1) {
    const unsigned i = bl_ctz32(m);
    if (cb[i].fn != 0) cb[i].fn(cb[i].ctx, i);
  }
  WR(PC_OV, r.value);
  return r;
}

/* The hook as an RTOS runs it: an ISR of the shape void(*)(void*). */
void bl_cm_overflow_isr(void* ctx) {
  (void)ctx;
  (void)bl_cm_overflow_hook();
}
