// SPDX-License-Identifier: Apache-2.0
// The C API (include/pmu/c/pmu.h), driven from C: the cases live in
// c_api_*.c (compiled as C11) and return 0 or the line of their first failed
// check. Here each case gets its world: the behavioural models on a ModelBus
// (results compared with the models' own state), a strict ExpectBackend
// (exact register sequence), or a NoAccessBackend (bad input touches nothing).
#include <gtest/gtest.h>

#include "c_api_tests.h"
#include "pmu_sim/cm_model.hpp"
#include "pmu_sim/grlib_pnp_model.hpp"
#include "pmu/c/pmu.h"
#include "pmu/cm/layout.hpp"
#include "pmu/status.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using pmu::test::R;
using pmu::test::W;

constexpr uintptr_t kSafesuBase = 0x80100000;
constexpr uintptr_t kGcrBase = 0x1FB80000;

// A c_api_env_t over a bus and one model.
template <typename Model>
struct Env {
  test::ModelBus& bus;
  Model& model;
  c_api_env_t c;
  Env(test::ModelBus& b, Model& m) : bus(b), model(m), c{} {
    c.self = this;
    c.advance = [](void* s, unsigned n) { static_cast<Env*>(s)->bus.advance(n); };
    c.irq_lines = [](void* s) { return static_cast<Env*>(s)->model.irq_outputs(); };
    c.set_event = [](void* s, unsigned e, bool level) { Env::set(static_cast<Env*>(s)->model, e, level); };
  }
  static void set(models::SafesuModel& m, unsigned e, bool level) { m.set_event(e, level); }
  static void set(models::CmPerfModel& m, unsigned e, bool level) { (void)m.set_event_rate(e, level ? 1 : 0); }
  static void set(models::RiscvCsrModel& m, unsigned e, bool level) { m.set_event_rate(e, level ? 1 : 0); }
};

// ---- Header facts ----------------------------------------------------------------
TEST(CApi, StatusCodesAndNamesMatchTheCxxStatus) {
  EXPECT_EQ(PMU_OK, static_cast<int>(Status::kOk));
  EXPECT_EQ(PMU_EFAILED, static_cast<int>(Status::kFailed));
  for (int s = 0; s <= 5; ++s)
    EXPECT_STREQ(pmu_status_name(static_cast<pmu_status_t>(s)), to_string(static_cast<Status>(s)));
  EXPECT_STREQ(pmu_status_name(static_cast<pmu_status_t>(9)), "unknown");
}

TEST(CApi, HandlesAreAlignedForTheirObjects) {
  EXPECT_EQ(alignof(pmu_safesu_t), alignof(uint64_t));
  EXPECT_EQ(sizeof(pmu_safesu_t), size_t{PMU_SAFESU_HANDLE_SIZE});
  EXPECT_EQ(sizeof(pmu_cm_t), size_t{PMU_CM_HANDLE_SIZE});
  EXPECT_EQ(sizeof(pmu_riscv_counters_t), size_t{PMU_RISCV_COUNTERS_HANDLE_SIZE});
}

// ---- Bad input: nothing touched ---------------------------------------------------
TEST(CApi, SafesuBadArgumentsTouchNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  EXPECT_EQ(c_api_safesu_bad_args(), 0) << "failed check at c_api_safesu.c line shown";
  EXPECT_TRUE(bus.log.empty());
}

TEST(CApi, CmBadArgumentsTouchNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  EXPECT_EQ(c_api_cm_bad_args(), 0) << "c_api_cm.c line";
  EXPECT_EQ(c_api_cm_absent_case(kGcrBase), 0) << "c_api_cm.c line";
  EXPECT_TRUE(bus.log.empty());
}

TEST(CApi, RiscvBadArgumentsTouchNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  EXPECT_EQ(c_api_riscv_bad_args(), 0) << "c_api_riscv.c line";
  EXPECT_TRUE(bus.log.empty());
}

TEST(CApi, SafesuFtHooksUnavailableWithoutFtAndTouchNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  EXPECT_EQ(c_api_safesu_ft_unavailable(kSafesuBase), 0) << "c_api_safesu.c line";
}

// ---- Exact sequences: the C layer adds no access -----------------------------------
TEST(CApi, SafesuCallsAreTheDriversExactSequences) {
  constexpr auto A = [](unsigned idx) { return uint64_t{kSafesuBase} + 4u * idx; };
  // 4c/128e: CFG0 0, counters 1.., overflow vector 26, crossbar 43.. (7-bit fields).
  test::ExpectBackend bus;
  bus.expect({R(A(0), 0), W(A(0), 1),              // counters_enable: 1R 1W
              R(A(43), 0x7F), W(A(43), 5),         // route(0, 5)
              R(A(43), 5), W(A(43), 3 | (9u << 7)),  // route_table {1,9},{0,3}: one register, 1R 1W
              R(A(4), 77),                         // counter 3
              R(A(26), 4)});                       // overflow vector
  test::ScopedBackend use(bus);
  EXPECT_EQ(c_api_safesu_sequences(kSafesuBase), 0) << "c_api_safesu.c line";
}

// ---- Scenarios on the models ------------------------------------------------------
struct CApiSafesu : ::testing::Test {
  models::SafesuModel model{models::SafesuModel::Config{}};
  test::ModelBus bus;
  Env<models::SafesuModel> env{bus, model};
  c_api_calls_t calls{};
  CApiSafesu() { bus.map(kSafesuBase, models::SafesuModel::kWindowSize, &model); }
};

TEST_F(CApiSafesu, CountsTheRoutedEventsExactlyAsTheModel) {
  test::ScopedBackend use(bus);
  uint32_t out[5] = {};
  ASSERT_EQ(c_api_safesu_count_case(&env.c, kSafesuBase, out), 0) << "c_api_safesu.c line";
  for (unsigned k = 0; k < 5; ++k) EXPECT_EQ(out[k], model.counter(k)) << "counter " << k;
}

TEST_F(CApiSafesu, OverflowHookFromC) {
  test::ScopedBackend use(bus);
  ASSERT_EQ(c_api_safesu_overflow_hook_case(&env.c, kSafesuBase, &calls), 0) << "c_api_safesu.c line";
  EXPECT_EQ(calls.n, 1u);
  EXPECT_EQ(model.overflow_flags() & (1u << 2), 0u);
}

TEST_F(CApiSafesu, MccuHookFromC) {
  test::ScopedBackend use(bus);
  ASSERT_EQ(c_api_safesu_mccu_hook_case(&env.c, kSafesuBase, &calls), 0) << "c_api_safesu.c line";
  EXPECT_EQ(model.mccu_remaining(1), 100u);
}

TEST_F(CApiSafesu, RdcHookFromC) {
  test::ScopedBackend use(bus);
  ASSERT_EQ(c_api_safesu_rdc_hook_case(&env.c, kSafesuBase, &calls), 0) << "c_api_safesu.c line";
  EXPECT_EQ(model.rdc_vector(), 0u);
}

TEST_F(CApiSafesu, SelftestReportFromC) {
  test::ScopedBackend use(bus);
  unsigned checks = 0;
  ASSERT_EQ(c_api_safesu_selftest_case(kSafesuBase, &checks), 0) << "c_api_safesu.c line";
  EXPECT_GT(checks, 5u);
}

TEST(CApiSafesuParams, CustomParametersGiveTheirLayout) {
  models::SafesuModel::Config cfg;
  cfg.n_cores = 6;
  cfg.n_soc_ev = 256;
  models::SafesuModel model{cfg};
  test::ModelBus bus;
  bus.map(kSafesuBase, models::SafesuModel::kWindowSize, &model);
  test::ScopedBackend use(bus);
  ASSERT_EQ(c_api_safesu_params_case(kSafesuBase), 0) << "c_api_safesu.c line";
}

TEST(CApiGrlib, FindsTheSafesuByPlugAndPlay) {
  using M = models::GrlibPnpModel;
  M m;
  m.set_slave(6, M::id_word(0x09, 0x003, 0, 1), M::bar_word(0x801, 0xFFF, 2));
  test::ModelBus bus;
  bus.map(PMU_GRLIB_DEFAULT_AHB_PNP, M::kSize, &m);
  test::ScopedBackend use(bus);
  ASSERT_EQ(c_api_grlib_find_case(PMU_GRLIB_DEFAULT_AHB_PNP, 0x80100000u), 0) << "c_api_safesu.c line";
  EXPECT_EQ(m.writes(), 0u);
}

struct CApiCm : ::testing::Test {
  models::CmPerfModel model;
  test::ModelBus bus;
  Env<models::CmPerfModel> env{bus, model};
  c_api_calls_t calls{};
  CApiCm() { bus.map(kGcrBase + cm::kGdbOffset, models::CmPerfModel::kWindowSize, &model); }
};

TEST_F(CApiCm, CountsAsTheModel) {
  (void)model.set_event_rate(0, 1);
  (void)model.set_event_rate(5, 1, 4);
  test::ScopedBackend use(bus);
  uint64_t totals[3] = {};
  ASSERT_EQ(c_api_cm_count_case(&env.c, kGcrBase, totals), 0) << "c_api_cm.c line";
  // The model numbers counters as the C++ driver does (cycle 0, P0 1, P1 2).
  EXPECT_EQ(totals[0], model.count(1));
  EXPECT_EQ(totals[1], model.count(2));
  EXPECT_EQ(totals[2], model.count(0));
  EXPECT_EQ(model.qualifier(2), 0x12345678u);
  EXPECT_GT(totals[1], 0u);
  EXPECT_LT(totals[1], totals[0]);
}

TEST_F(CApiCm, OverflowHookFromC) {
  (void)model.set_event_rate(0, 1);
  test::ScopedBackend use(bus);
  uint64_t total = 0;
  ASSERT_EQ(c_api_cm_overflow_hook_case(&env.c, kGcrBase, &calls, &total), 0) << "c_api_cm.c line";
  // The 64-bit total is every event since the reset: the preload does not
  // restart it, the wrap is carried.
  EXPECT_EQ(total, uint64_t{model.count(1)} + 0x100000000ull - 0xFFFFFF00u);
  EXPECT_EQ(model.ov(), 0u);
}

models::RiscvCsrConfig riscv_cfg(unsigned width, bool ame) {
  models::RiscvCsrConfig c;
  c.num_hpm = 2;
  c.width = width;
  c.sscofpmf = true;
  c.ame = ame;
  return c;
}

TEST(CApiRiscv, CountsAsTheModel) {
  models::RiscvCsrModel model{riscv_cfg(64, false)};
  model.set_event_rate(2, 3);
  test::ModelBus bus;
  bus.map_csr(&model);
  Env<models::RiscvCsrModel> env{bus, model};
  test::ScopedBackend use(bus);
  uint64_t v = 0;
  ASSERT_EQ(c_api_riscv_count_case(&env.c, &v), 0) << "c_api_riscv.c line";
  EXPECT_EQ(v, model.counter(3));
  EXPECT_EQ(model.event(4), 0u);  // prepare cleared the other selector
}

TEST(CApiRiscv, LcofiHookFromC) {
  models::RiscvCsrModel model{riscv_cfg(40, false)};
  model.set_event_rate(2, 1);
  test::ModelBus bus;
  bus.map_csr(&model);
  Env<models::RiscvCsrModel> env{bus, model};
  c_api_calls_t calls{};
  test::ScopedBackend use(bus);
  ASSERT_EQ(c_api_riscv_overflow_hook_case(&env.c, &calls), 0) << "c_api_riscv.c line";
  EXPECT_EQ(model.wraps(3), 1u);
  EXPECT_FALSE(model.lcofip());
}

TEST(CApiRiscv, AmeCompositionCountsAsTheModel) {
  models::RiscvCsrModel model{riscv_cfg(64, true)};
  model.set_ame_event_rate(1, 2);
  test::ModelBus bus;
  bus.map_csr(&model);
  Env<models::RiscvCsrModel> env{bus, model};
  test::ScopedBackend use(bus);
  uint64_t v = 0;
  ASSERT_EQ(c_api_riscv_ame_case(&env.c, &v), 0) << "c_api_riscv.c line";
  EXPECT_EQ(v, model.ame_counter(3));
  EXPECT_EQ(model.ame_event(3), 1u);  // event 1, OR, OR, OR, no inhibit
}

}  // namespace
