/* SPDX-License-Identifier: Apache-2.0 */
/* RISC-V counter baselines: the CSR work of each pmukit counter-file call,
 * written as the leanest C for a hart whose counters are known at build
 * time (CSR numbers from docs/hw/riscv-counters.md). */
#include "baseline.h"

#ifdef PMU_HOST
#define CSRR(csr) pmu_host_csr_read(csr)
#define CSRS(csr, bits) (void)pmu_host_csr_set(csr, bits)
#define CSRC(csr, bits) (void)pmu_host_csr_clear(csr, bits)
#else
#define CSRR(csr)                                                      \
  __extension__({                                                      \
    unsigned long v_;                                                  \
    __asm__ volatile("csrr %0, %1" : "=r"(v_) : "i"(csr) : "memory"); \
    v_;                                                                \
  })
#define CSRS(csr, bits) __asm__ volatile("csrs %0, %1" : : "i"(csr), "r"(bits) : "memory")
#define CSRC(csr, bits) __asm__ volatile("csrc %0, %1" : : "i"(csr), "r"(bits) : "memory")
#endif

#define MCOUNTINHIBIT 0x320
#define MIP 0x344
#define LCOFIP (1u << 13)
#define SCOUNTOVF 0xDA0
#define HPM_SLOTS 0xFFFFFFF8u
#if BL_XLEN == 32
#define MHPMEVENT3_OF 0x723 /* mhpmevent3h, OF = bit 31 */
#define OF_BIT (1ul << 31)
#else
#define MHPMEVENT3_OF 0x323 /* mhpmevent3, OF = bit 63 */
#define OF_BIT (1ul << 63)
#define AME_SCOUNTOVF 0xDE0
#define AME_MHPMEVENT_OF (1ul << 63)
#endif

static bl_callback counter_cb[32];

__attribute__((always_inline)) static inline void call(const bl_callback* cb, unsigned source) {
  if (cb->fn != 0) cb->fn(cb->ctx, source);
}

/* cycle and instret are 64 bits wide: their total is the raw value (an hpm
 * counter's needs tracking this baseline has not). RV32 reads hi, lo, hi
 * and retries if the high half moved. */
bl_u64 bl_riscv_read64(unsigned i) {
  bl_u64 r = {0, BL_BAD_ARG};
  if (i >= 32 || ((BL_RISCV_COUNTERS >> i) & 1u) == 0) return r;
  r.status = BL_UNAVAILABLE;
  if (i >= 3) return r;
  r.status = BL_OK;
#if BL_XLEN == 32
  uint32_t hi = (uint32_t)(i == 0 ? CSRR(0xB80) : CSRR(0xB82));
  for (;;) {
    const uint32_t lo = (uint32_t)(i == 0 ? CSRR(0xB00) : CSRR(0xB02));
    const uint32_t hi2 = (uint32_t)(i == 0 ? CSRR(0xB80) : CSRR(0xB82));
    if (hi2 == hi) {
      r.value = ((uint64_t)hi << 32) | lo;
      return r;
    }
    hi = hi2;
  }
#else
  r.value = i == 0 ? CSRR(0xB00) : CSRR(0xB02);
  return r;
#endif
}

uint8_t bl_riscv_start(uint32_t mask) {
  if (mask == 0 || (mask & ~BL_RISCV_COUNTERS) != 0) return BL_BAD_ARG;
  CSRC(MCOUNTINHIBIT, mask);
  return BL_OK;
}

uint8_t bl_riscv_stop(uint32_t mask) {
  if (mask == 0 || (mask & ~BL_RISCV_COUNTERS) != 0) return BL_BAD_ARG;
  CSRS(MCOUNTINHIBIT, mask);
  return BL_OK;
}

uint8_t bl_riscv_on_overflow(unsigned i, bl_callback cb) {
  if (i >= 32 || ((BL_RISCV_COUNTERS & HPM_SLOTS) >> i & 1u) == 0) return BL_BAD_ARG;
  counter_cb[i] = cb;
  return BL_OK;
}

/* LCOFI: clear mip.LCOFIP before the snapshot (an overflow from here on
 * raises it again), snapshot scountovf, callbacks lowest counter first,
 * clear OF of what was seen (hpm counter 3 is the only one). */
bl_u32 bl_riscv_lcofi_hook(void) {
  CSRC(MIP, LCOFIP);
  bl_u32 r = {(uint32_t)CSRR(SCOUNTOVF) & (BL_RISCV_COUNTERS & HPM_SLOTS), BL_OK};
  for (uint32_t m = r.value; m != 0; m &= m - 1) {
    const unsigned i = bl_ctz32(m);
    call(&counter_cb[i], i);
  }
  if (r.value & (1u << 3)) CSRC(MHPMEVENT3_OF, OF_BIT);
  return r;
}

#if BL_XLEN == 64  /* AME is RV64 only */
static bl_callback ame_cb[32];

uint8_t bl_ame_on_overflow(unsigned i, bl_callback cb) {
  if (i >= 32 || ((BL_AME_COUNTERS & HPM_SLOTS) >> i & 1u) == 0) return BL_BAD_ARG;
  ame_cb[i] = cb;
  return BL_OK;
}

/* One AME counter's OF clear: the CSR number is an immediate, so a counter
 * index picks its instruction. */
static void ame_clear_of(unsigned i) {
  switch (i) {
#define AME_CASE(n) \
  case n:           \
    CSRC(0xBC0 + n, AME_MHPMEVENT_OF); \
    break;
    AME_CASE(3) AME_CASE(4) AME_CASE(5) AME_CASE(6) AME_CASE(7) AME_CASE(8) AME_CASE(9) AME_CASE(10)
    AME_CASE(11) AME_CASE(12) AME_CASE(13) AME_CASE(14) AME_CASE(15) AME_CASE(16) AME_CASE(17)
    AME_CASE(18) AME_CASE(19) AME_CASE(20) AME_CASE(21) AME_CASE(22) AME_CASE(23) AME_CASE(24)
    AME_CASE(25) AME_CASE(26) AME_CASE(27) AME_CASE(28) AME_CASE(29) AME_CASE(30) AME_CASE(31)
#undef AME_CASE
    default:
      break;
  }
}

/* The AME overflow line: no pending latch to clear (not LCOFI), snapshot
 * the AME scountovf, callbacks, clear OF of each counter seen. */
bl_u32 bl_ame_hook(void) {
  bl_u32 r = {(uint32_t)CSRR(AME_SCOUNTOVF) & (BL_AME_COUNTERS & HPM_SLOTS), BL_OK};
  for (uint32_t m = r.value; m != 0; m &= m - 1) {
    const unsigned i = bl_ctz32(m);
    call(&ame_cb[i], i);
  }
  for (uint32_t m = r.value; m != 0; m &= m - 1) ame_clear_of(bl_ctz32(m));
  return r;
}
#endif
