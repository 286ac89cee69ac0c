// SPDX-License-Identifier: Apache-2.0
// The host seam routed to the installed backend, and ModelBus (models at
// addresses). See pmu_sim/host_bus.hpp.
#include "pmu_sim/host_bus.hpp"

#include <cstdio>
#include <cstdlib>

#include "pmu/hal/host_seam.h"

namespace pmu_sim {
namespace {
Backend* g_backend = nullptr;

void abort_on_fault(const std::string& what) {
  std::fprintf(stderr, "pmu_sim host bus: %s\n", what.c_str());
  std::abort();
}
FaultHandler g_fault = &abort_on_fault;

// Serves nothing: what the seam uses when no backend is installed.
class NoBackend final : public Backend {
 public:
  uint32_t mmio_read32(uintptr_t) override { return 0; }
  void mmio_write32(uintptr_t, uint32_t) override {}
  uint64_t csr_read(uint32_t) override { return 0; }
  void csr_write(uint32_t, uint64_t) override {}
};

Backend& current() {
  if (g_backend == nullptr) {
    fault("register access with no backend installed");
    static NoBackend none;
    return none;
  }
  return *g_backend;
}

const char* kind_name(Access::Kind k) {
  switch (k) {
    case Access::kRead: return "R";
    case Access::kWrite: return "W";
    case Access::kCsrRead: return "CSR-R";
    case Access::kCsrWrite: return "CSR-W";
    case Access::kCsrSet: return "CSR-S";
    case Access::kCsrClear: return "CSR-C";
  }
  return "?";
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}
}  // namespace

FaultHandler set_fault_handler(FaultHandler handler) {
  const FaultHandler previous = g_fault;
  g_fault = handler != nullptr ? handler : &abort_on_fault;
  return previous;
}
void fault(const std::string& what) { g_fault(what); }

std::string to_string(const Access& a) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s(0x%llx, 0x%llx)", kind_name(a.kind),
                static_cast<unsigned long long>(a.addr), static_cast<unsigned long long>(a.value));
  return buf;
}

std::string to_string(const std::vector<Access>& log) {
  std::string s;
  for (const auto& a : log) s += to_string(a) + "\n";
  return s;
}

uint64_t Backend::csr_set(uint32_t csr, uint64_t bits) {
  const uint64_t old = csr_read(csr);
  csr_write(csr, old | bits);
  return old;
}
uint64_t Backend::csr_clear(uint32_t csr, uint64_t bits) {
  const uint64_t old = csr_read(csr);
  csr_write(csr, old & ~bits);
  return old;
}
size_t Backend::mmio_accesses() const {
  size_t n = 0;
  for (const auto& a : log) n += (a.kind == Access::kRead || a.kind == Access::kWrite);
  return n;
}
size_t Backend::csr_accesses() const { return log.size() - mmio_accesses(); }

ScopedBackend::ScopedBackend(Backend& b) : previous_(g_backend) { g_backend = &b; }
ScopedBackend::~ScopedBackend() { g_backend = previous_; }

// ---- ModelBus ----
void ModelBus::map(uintptr_t base, uintptr_t size, pmu::models::MmioModel* m) {
  regions_.push_back({base, size, m});
}
ModelBus::Region* ModelBus::find(uintptr_t addr) {
  for (auto& r : regions_)
    if (addr >= r.base && addr - r.base < r.size) return &r;
  return nullptr;
}
void ModelBus::advance(uint64_t cycles) {
  for (auto& r : regions_) r.model->advance(cycles);
  if (csr_ != nullptr) csr_->advance(cycles);
}
uint32_t ModelBus::mmio_read32(uintptr_t addr) {
  Region* r = find(addr);
  if (r == nullptr) {
    fault("read of unmapped address " + hex(addr));
    return 0;
  }
  const uint32_t v = r->model->read(static_cast<uint32_t>(addr - r->base), 4);
  log.push_back(R(addr, v));
  advance(idle_cycles_);
  return v;
}
void ModelBus::mmio_write32(uintptr_t addr, uint32_t value) {
  Region* r = find(addr);
  if (r == nullptr) {
    fault("write of unmapped address " + hex(addr));
    return;
  }
  r->model->write(static_cast<uint32_t>(addr - r->base), 4, value);
  log.push_back(W(addr, value));
  advance(idle_cycles_);
}
uint64_t ModelBus::csr_read(uint32_t csr) {
  uint64_t v = 0;
  if (csr_ == nullptr || !csr_->csr_read(csr, &v)) fault("read of unmodelled CSR " + hex(csr));
  log.push_back(CR(csr, v));
  advance(idle_cycles_);
  return v;
}
void ModelBus::csr_write(uint32_t csr, uint64_t value) {
  if (csr_ == nullptr || !csr_->csr_write(csr, value)) fault("write of unmodelled CSR " + hex(csr));
  log.push_back(CW(csr, value));
  advance(idle_cycles_);
}

}  // namespace pmu_sim

// ---- the public host seam, routed to the current backend ----
extern "C" {
uint32_t pmu_host_mmio_read32(uintptr_t addr) { return pmu_sim::current().mmio_read32(addr); }
void pmu_host_mmio_write32(uintptr_t addr, uint32_t value) { pmu_sim::current().mmio_write32(addr, value); }
uint64_t pmu_host_csr_read(uint32_t csr) { return pmu_sim::current().csr_read(csr); }
void pmu_host_csr_write(uint32_t csr, uint64_t value) { pmu_sim::current().csr_write(csr, value); }
uint64_t pmu_host_csr_set(uint32_t csr, uint64_t bits) { return pmu_sim::current().csr_set(csr, bits); }
uint64_t pmu_host_csr_clear(uint32_t csr, uint64_t bits) { return pmu_sim::current().csr_clear(csr, bits); }
}
