// SPDX-License-Identifier: Apache-2.0
// The allowance the C API's figures are held to (bench/capi/baseline.c) is a
// real handle check: it refuses a NULL handle and one whose magic word is
// not the C API's without calling the driver, and forwards a good one with
// the handle's address as the object. And the C handle it models has the
// C API's shape: the object first, the magic word last.
#include <gtest/gtest.h>
#include <stddef.h>
#include <string.h>

#include "../../../bench/capi/baseline.h"
#include "pmu/c/pmu_safesu.h"

namespace {

TEST(BenchCapiHandleCheck, RefusesNullAndAWrongMagicWithoutCallingTheDriver) {
  bl_capi_handle_t h = bl_capi_handle;
  h.magic = BL_CAPI_MAGIC + 1;
  h.object[0] = 0x1234;
  EXPECT_EQ(bl_capi_forward(nullptr, 5), BL_BAD_ARG);
  EXPECT_EQ(bl_capi_forward(&h, 5), BL_BAD_ARG);
  EXPECT_EQ(h.object[0], 0x1234u);  // the driver call (it writes the mask there) did not run
}

TEST(BenchCapiHandleCheck, ForwardsAGoodHandleAsTheObject) {
  bl_capi_handle_t h = bl_capi_handle;
  EXPECT_EQ(h.magic, BL_CAPI_MAGIC);
  h.object[0] = 0;
  EXPECT_EQ(bl_capi_forward(&h, 5), BL_OK);
  EXPECT_EQ(static_cast<uint32_t>(h.object[0]), 5u);
}

TEST(BenchCapiHandleCheck, ModelsTheSafesuHandle) {
  EXPECT_EQ(sizeof(bl_capi_handle_t), sizeof(pmu_safesu_t));
  EXPECT_EQ(offsetof(bl_capi_handle_t, magic), sizeof(pmu_safesu_t) - sizeof(uintptr_t));
  // The same magic word as a handle pmu_safesu_init() made (it touches no hardware).
  pmu_safesu_t su;
  ASSERT_EQ(pmu_safesu_init(&su, 0x80000000u, PMU_SAFESU_LAYOUT_4C128), PMU_OK);
  uintptr_t magic = 0;
  memcpy(&magic, reinterpret_cast<const char*>(&su) + sizeof su - sizeof magic, sizeof magic);
  EXPECT_EQ(magic, uintptr_t{BL_CAPI_MAGIC});
}

}  // namespace
