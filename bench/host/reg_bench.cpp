// SPDX-License-Identifier: Apache-2.0
// The typed-register layer's own cost: modify() is one read and one write.
#include "bench_host.hpp"
#include "pmu/reg/mmio_reg.hpp"

namespace {
struct Tag {
  using word_t = uint32_t;
  static constexpr pmu::reg::Access kAccess = pmu::reg::Access::kRW;
};
constexpr pmu::reg::Field<Tag> kField{4, 3};

class Ram : public pmu_sim::Backend {
 public:
  uint32_t mmio_read32(uintptr_t a) override { log.push_back(pmu_sim::R(a, 0)); return 0; }
  void mmio_write32(uintptr_t a, uint32_t v) override { log.push_back(pmu_sim::W(a, v)); }
  uint64_t csr_read(uint32_t) override { return 0; }
  void csr_write(uint32_t, uint64_t) override {}
};
}  // namespace

PMU_BENCH(reg_modify) {
  Ram bus;
  pmu_sim::ScopedBackend use(bus);
  pmu::reg::modify(0x1000, pmu::reg::Reg<Tag>{0}, [](auto v) { return v.with(kField, 5); });
  pmu::bench::report("reg.modify", bus);
}
