/* SPDX-License-Identifier: Apache-2.0 */
/** @file
 * pmukit C API: GRLIB AMBA plug&play discovery of the SafeSU (vendor 0x09 or
 * 0x0E, device 0x003). Reads only. Wraps pmu::grlib::find_safesu. */
#ifndef PMU_C_GRLIB_H
#define PMU_C_GRLIB_H

#include "pmu/c/pmu_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The usual AHB plug&play area. */
#define PMU_GRLIB_DEFAULT_AHB_PNP ((uintptr_t)0xFFFFF000u)

/** A device found in the plug&play table. */
typedef struct pmu_grlib_device {
  uint8_t vendor;   /**< vendor id */
  uint16_t device;  /**< device id */
  uint8_t version;  /**< version field */
  uint8_t irq;      /**< the P&P IRQ field (a constant 1 on SELENE's SafeSU, not a line) */
  uint8_t index;    /**< slave index in the table */
  uint8_t bar_type; /**< 2 = AHB memory, 3 = AHB I/O */
  uintptr_t base;   /**< first usable BAR: pass it to pmu_safesu_init() */
  uint32_t size;    /**< bytes decoded by that BAR */
} pmu_grlib_device_t;

/** Find the 'instance'-th SafeSU in the AHB P&P area 'area' (4 KiB aligned,
 * usually PMU_GRLIB_DEFAULT_AHB_PNP). PMU_ENOTFOUND: none; PMU_EMISMATCH: the
 * entry has no usable BAR. */
pmu_status_t pmu_grlib_safesu_find(unsigned instance, uintptr_t area, pmu_grlib_device_t* out);

#ifdef __cplusplus
}
#endif

#endif /* PMU_C_GRLIB_H */
