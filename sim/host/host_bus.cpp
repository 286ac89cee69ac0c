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
  pmu::models::SbiRetModel sbi_call(uint32_t, uint32_t, const uint64_t*) override { return {-2, 0}; }
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
    case Access::kSbi: return "SBI";
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
  char buf[256];
  if (a.kind == Access::kSbi) {
    std::snprintf(buf, sizeof buf,
                  "SBI(eid 0x%llx fid %llu, a=[0x%llx 0x%llx 0x%llx 0x%llx 0x%llx 0x%llx]) -> error %lld value 0x%llx",
                  static_cast<unsigned long long>(a.addr >> 8), static_cast<unsigned long long>(a.addr & 0xFF),
                  static_cast<unsigned long long>(a.args[0]), static_cast<unsigned long long>(a.args[1]),
                  static_cast<unsigned long long>(a.args[2]), static_cast<unsigned long long>(a.args[3]),
                  static_cast<unsigned long long>(a.args[4]), static_cast<unsigned long long>(a.args[5]),
                  static_cast<long long>(a.error), static_cast<unsigned long long>(a.value));
    return buf;
  }
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
pmu::models::SbiRetModel Backend::sbi_call(uint32_t eid, uint32_t fid, const uint64_t a[6]) {
  Access x{Access::kSbi, (uint64_t{eid} << 8) | fid, 0};
  for (unsigned k = 0; k < 6; ++k) x.args[k] = a[k];
  x.error = -2;  // SBI_ERR_NOT_SUPPORTED
  fault("SBI call with no SBI implementation below: " + to_string(x));
  log.push_back(x);
  return {x.error, 0};
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
// A refused CSR access is an illegal instruction on hardware: the CSR is not
// modelled, read-only, or above the code's privilege (RiscvCsrModel).
uint64_t ModelBus::csr_read(uint32_t csr) {
  uint64_t v = 0;
  if (csr_ == nullptr || !csr_->csr_read(csr, &v))
    fault("read of CSR " + hex(csr) + " refused (illegal instruction: not modelled, or not accessible at this privilege)");
  log.push_back(CR(csr, v));
  advance(idle_cycles_);
  return v;
}
void ModelBus::csr_write(uint32_t csr, uint64_t value) {
  if (csr_ == nullptr || !csr_->csr_write(csr, value))
    fault("write of CSR " + hex(csr) +
          " refused (illegal instruction: not modelled, not writable or not accessible at this privilege)");
  log.push_back(CW(csr, value));
  advance(idle_cycles_);
}
uint64_t ModelBus::csr_rmw(uint32_t csr, uint64_t bits, bool set) {
  uint64_t old = 0;
  if (csr_ == nullptr || !csr_->csr_read(csr, &old)) {
    fault(std::string(set ? "csrrs" : "csrrc") + " of CSR " + hex(csr) +
          " refused (illegal instruction: not modelled, or not accessible at this privilege)");
    log.push_back(CR(csr, 0));
    return 0;
  }
  log.push_back(CR(csr, old));
  // One instruction: nothing happens between its read and its write (the
  // gap of each of its two log entries passes after it). A gap between them
  // let an overflow set OF that the write then cleared with the old value.
  csr_write(csr, set ? old | bits : old & ~bits);
  advance(idle_cycles_);
  return old;
}
uint64_t ModelBus::csr_set(uint32_t csr, uint64_t bits) { return csr_rmw(csr, bits, true); }
uint64_t ModelBus::csr_clear(uint32_t csr, uint64_t bits) { return csr_rmw(csr, bits, false); }
pmu::models::SbiRetModel ModelBus::sbi_call(uint32_t eid, uint32_t fid, const uint64_t a[6]) {
  if (sbi_ == nullptr) return Backend::sbi_call(eid, fid, a);
  const pmu::models::SbiRetModel r = sbi_->call(eid, fid, a);
  Access x{Access::kSbi, (uint64_t{eid} << 8) | fid, r.value};
  for (unsigned k = 0; k < 6; ++k) x.args[k] = a[k];
  x.error = r.error;
  log.push_back(x);
  advance(idle_cycles_);
  return r;
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
pmu_host_sbiret_t pmu_host_sbi_call(uint32_t eid, uint32_t fid, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
                                    uint64_t a4, uint64_t a5) {
  const uint64_t a[6] = {a0, a1, a2, a3, a4, a5};
  const pmu::models::SbiRetModel r = pmu_sim::current().sbi_call(eid, fid, a);
  return pmu_host_sbiret_t{r.error, static_cast<int64_t>(r.value)};
}
}
