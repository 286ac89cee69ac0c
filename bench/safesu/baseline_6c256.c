/* SPDX-License-Identifier: Apache-2.0 */
/* The SafeSU baselines for the 6-core/256-event unit (SELENE), whose
 * crossbar fields are 8 bits (none straddles): baseline.c with that
 * configuration's constants, names bl_safesu6_*. */
#define BL_SAFESU_6C256 1
#include "baseline.c"
