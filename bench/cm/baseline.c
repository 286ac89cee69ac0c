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
static inline uint32_t count_on(uint32_t mask) { return ((mask & 1u) | ((mask & 2u) << 1) | ((mask & 4u) << 2)) << 4; }

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
