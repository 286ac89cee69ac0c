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
#include "pmu/riscv/ame.hpp"
#include "pmu/safesu/safesu.hpp"
#include "pmu/status.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "pmu_sim/riscv_sbi_model.hpp"
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
  EXPECT_EQ(sizeof(pmu_safesu_t), PMU_SAFESU_HANDLE_WORDS * sizeof(void*));
  EXPECT_EQ(sizeof(pmu_cm_t), PMU_CM_HANDLE_WORDS * sizeof(void*));
  EXPECT_EQ(sizeof(pmu_riscv_counters_t), PMU_RISCV_COUNTERS_HANDLE_WORDS * sizeof(void*));
  EXPECT_EQ(sizeof(pmu_riscv_ibex_t), PMU_RISCV_IBEX_HANDLE_WORDS * sizeof(void*));
}

// An answer is aligned to its size (two pointers at most), so that the
// compiler holds it as one integer or a register pair, as pmu::Result<T>
// (pmu_status.h, PMU_ANSWER_ALIGN): a field-aligned one went through the
// stack on rv64.
template <typename C>
constexpr size_t kAnswerAlign = sizeof(C) <= 2 * sizeof(void*) ? sizeof(C) : 2 * sizeof(void*);
TEST(CApi, AnswersAreAlignedToTheirSize) {
  EXPECT_EQ(alignof(pmu_u32_result_t), kAnswerAlign<pmu_u32_result_t>);
  EXPECT_EQ(alignof(pmu_u64_result_t), kAnswerAlign<pmu_u64_result_t>);
  EXPECT_EQ(alignof(pmu_u8_result_t), kAnswerAlign<pmu_u8_result_t>);
  EXPECT_EQ(alignof(pmu_bool_result_t), kAnswerAlign<pmu_bool_result_t>);
  EXPECT_EQ(alignof(pmu_name_result_t), kAnswerAlign<pmu_name_result_t>);
  EXPECT_EQ(sizeof(pmu_u32_result_t), 8u);  // the sizes are those of the fields
  EXPECT_EQ(sizeof(pmu_u64_result_t), 16u);
  EXPECT_EQ(c_api_answer_alignments_match(), 1) << "the same from C (c_api_safesu.c)";
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

TEST(CApi, SafesuWrapperIrqLinesTouchNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  EXPECT_EQ(c_api_safesu_wrapper_case(), 0) << "c_api_safesu.c line";
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
  EXPECT_EQ(calls.n, 2u);  // the hook, then the ISR adapter on the moved handle
  EXPECT_EQ(model.overflow_flags() & (1u << 2), 0u);
}

TEST_F(CApiSafesu, MccuHookFromC) {
  test::ScopedBackend use(bus);
  ASSERT_EQ(c_api_safesu_mccu_hook_case(&env.c, kSafesuBase, &calls), 0) << "c_api_safesu.c line";
  EXPECT_EQ(calls.n, 2u);                  // the hook (refill), then the ISR adapter (clear only)
  EXPECT_EQ(model.mccu_remaining(1), 0u);  // the clear-only policy did not refill
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

// The same calls from C and from C++ on two fresh models: the same accesses,
// in the same order (the C layer is the C++ call after a handle check).
TEST(CApiSafesuMirror, CCallsMakeTheCxxAccesses) {
  std::vector<test::Access> from_c, from_cxx;
  uint32_t served_c = 0;
  {
    models::SafesuModel model{models::SafesuModel::Config{}};
    test::ModelBus bus;
    bus.map(kSafesuBase, models::SafesuModel::kWindowSize, &model);
    Env<models::SafesuModel> env{bus, model};
    test::ScopedBackend use(bus);
    ASSERT_EQ(c_api_safesu_mirror_case(&env.c, kSafesuBase, &served_c), 0) << "c_api_safesu.c line";
    from_c = bus.log;
  }
  {
    using namespace pmu::safesu;
    models::SafesuModel model{models::SafesuModel::Config{}};
    test::ModelBus bus;
    bus.map(kSafesuBase, models::SafesuModel::kWindowSize, &model);
    test::ScopedBackend use(bus);
    static Callbacks cbs{};
    static Totals totals{};
    static const uint8_t weights[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    Route table[24];
    for (unsigned k = 0; k < 24; ++k) table[k] = Route{static_cast<uint8_t>(23 - k), static_cast<uint16_t>(k + 1)};
    SafeSU su{kSafesuBase, k4c128};
    ASSERT_EQ(su.attach_callbacks(&cbs), Status::kOk);
    ASSERT_EQ(su.track_totals(&totals), Status::kOk);
    ASSERT_EQ(su.route_table(table, 24), Status::kOk);
    ASSERT_EQ(su.set_weights(weights, 8), Status::kOk);
    ASSERT_EQ(su.reset(), Status::kOk);
    ASSERT_EQ(su.set_overflow_irq(5, true), Status::kOk);
    ASSERT_EQ(su.enable_overflow(true), Status::kOk);
    ASSERT_EQ(su.write(5, 0xFFFFFFF0u), Status::kOk);
    ASSERT_EQ(su.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
    ASSERT_EQ(su.start(su.all_counters()), Status::kOk);
    bus.advance(40);
    const Result<uint32_t> served = su.handle_overflow_irq();
    ASSERT_TRUE(served.ok());
    EXPECT_EQ(served.value(), served_c);
    ASSERT_EQ(su.stop(su.all_counters()), Status::kOk);
    ASSERT_TRUE(su.read(5).ok());
    ASSERT_TRUE(su.read64(5).ok());
    from_cxx = bus.log;
  }
  EXPECT_EQ(served_c, 1u << 5);
  EXPECT_EQ(test::to_string(from_c), test::to_string(from_cxx));
  // The 24-entry table: each crossbar register (43..48 for 7-bit fields)
  // written exactly once.
  for (unsigned r = 43; r <= 48; ++r) {
    unsigned writes = 0;
    for (const test::Access& a : from_c)
      if (a.kind == test::Access::kWrite && a.addr == kSafesuBase + 4u * r) ++writes;
    EXPECT_EQ(writes, 1u) << "crossbar register " << r;
  }
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
  // The handle's overflow source (PMU_RISCV_OVERFLOW_SCOUNTOVF): the hook
  // took its snapshot from scountovf.
  bool read_scountovf = false;
  for (const auto& a : bus.log) read_scountovf |= a.kind == test::Access::kCsrRead && a.addr == 0xDA0;
  EXPECT_TRUE(read_scountovf);
}

// S-mode under SBI: the CSR model at S privilege behind the SBI model, set
// up as OpenSBI leaves it (shadows open, LCOFI delegated).
TEST(CApiRiscv, SbiBackendFromSupervisorMode) {
  models::RiscvCsrConfig mc = riscv_cfg(64, false);
  mc.num_hpm = 4;
  models::RiscvCsrModel csrs{mc};
  models::SbiPmuModel sbi{&csrs};
  ASSERT_TRUE(csrs.csr_write(0x306, 0xFFFFFFFF));  // mcounteren
  ASSERT_TRUE(csrs.csr_write(0x303, uint64_t{1} << 13));  // mideleg.LCOFI
  ASSERT_TRUE(csrs.csr_write(0x320, 0xFFFFFFFF));  // mcountinhibit
  csrs.set_privilege(models::Priv::kS);
  csrs.set_event_rate(2, 1);  // the selector SBI writes for hardware event 2 (instructions)
  test::ModelBus bus(0);
  bus.map_csr(&csrs);
  bus.map_sbi(&sbi);
  Env<models::RiscvCsrModel> env{bus, csrs};
  c_api_calls_t calls{};
  uint64_t total = 0;
  test::ScopedBackend use(bus);
  ASSERT_EQ(c_api_riscv_sbi_case(&env.c, &calls, &total), 0) << "c_api_riscv.c line";
  EXPECT_EQ(total, csrs.counter(3) + 100);  // every count since the write of -100, across the wrap
  EXPECT_FALSE(csrs.lcofip());
  EXPECT_EQ(csrs.illegal_accesses(), 0u);  // nothing machine-only from S-mode
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
  riscv::ame::Composition mixed;
  mixed.event[0] = 1;
  mixed.event[1] = 2;
  mixed.event[2] = 3;
  mixed.event[3] = 4;
  mixed.op[0] = riscv::ame::OpType::kAnd;
  mixed.op[1] = riscv::ame::OpType::kXor;
  mixed.op[2] = riscv::ame::OpType::kAdd;
  mixed.inhibit = riscv::inhibit::kAll;  // every mode: the largest mask
  EXPECT_EQ(model.ame_event(4), riscv::ame::encode_ame(mixed).value().raw);
}

}  // namespace

// The one answer given with a status other than PMU_OK: Ibex discovery says
// what the core has also when it is not the handle's configuration.
TEST(CApiRiscv, IbexDiscoverAnswersTheCoresCountersAlsoOnAMismatch) {
  models::RiscvCsrConfig mc;
  mc.ibex = true;
  mc.num_hpm = 10;
  mc.width = 40;
  models::RiscvCsrModel model{mc};
  test::ModelBus bus(0);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  pmu_riscv_ibex_t same;
  pmu_riscv_ibex_t fewer;
  ASSERT_EQ(pmu_riscv_ibex_init(&same, 10, 40), PMU_OK);
  ASSERT_EQ(pmu_riscv_ibex_init(&fewer, 4, 40), PMU_OK);
  const pmu_u32_result_t a = pmu_riscv_ibex_discover(&same);
  EXPECT_EQ(a.status, PMU_OK);
  EXPECT_EQ(a.value, 0x1FFDu);
  const pmu_u32_result_t b = pmu_riscv_ibex_discover(&fewer);
  EXPECT_EQ(b.status, PMU_EMISMATCH);
  EXPECT_EQ(b.value, 0x1FFDu);  // what the core has, not the handle's 4 counters
}
