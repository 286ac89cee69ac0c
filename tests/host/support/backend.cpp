#include "support/backend.hpp"

#include <gtest/gtest.h>

#include <cstdio>

#include "pmu/hal/host_seam.h"

namespace pmu::test {
namespace {
Backend* g_backend = nullptr;

Backend& current() {
  if (g_backend == nullptr) {
    ADD_FAILURE() << "register access with no test backend installed";
    static NoAccessBackend fallback;
    return fallback;
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
}  // namespace

std::string to_string(const Access& a) {
  char buf[256];
  if (a.kind == Access::kSbi) {
    std::snprintf(buf, sizeof buf, "SBI(eid 0x%llx fid %llu, a=[0x%llx 0x%llx 0x%llx 0x%llx 0x%llx 0x%llx]) -> error %lld value 0x%llx",
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
models::SbiRetModel Backend::sbi_call(uint32_t eid, uint32_t fid, const uint64_t a[6]) {
  ADD_FAILURE() << "SBI call eid 0x" << std::hex << eid << " fid " << fid << " with no SBI below";
  Access x{Access::kSbi, (uint64_t{eid} << 8) | fid, 0};
  for (unsigned k = 0; k < 6; ++k) x.args[k] = a[k];
  log.push_back(x);
  return {-2, 0};
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
void ModelBus::map(uintptr_t base, uintptr_t size, models::MmioModel* m) {
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
    ADD_FAILURE() << "read of unmapped address 0x" << std::hex << addr;
    return 0;
  }
  const uint32_t v = r->model->read(static_cast<uint32_t>(addr - r->base), 4);
  log.push_back(R(addr, v));
  advance(cycles_per_access_);
  return v;
}
void ModelBus::mmio_write32(uintptr_t addr, uint32_t value) {
  Region* r = find(addr);
  if (r == nullptr) {
    ADD_FAILURE() << "write of unmapped address 0x" << std::hex << addr;
    return;
  }
  r->model->write(static_cast<uint32_t>(addr - r->base), 4, value);
  log.push_back(W(addr, value));
  advance(cycles_per_access_);
}
models::SbiRetModel ModelBus::sbi_call(uint32_t eid, uint32_t fid, const uint64_t a[6]) {
  if (sbi_ == nullptr) return Backend::sbi_call(eid, fid, a);
  const models::SbiRetModel r = sbi_->call(eid, fid, a);
  Access x{Access::kSbi, (uint64_t{eid} << 8) | fid, r.value};
  for (unsigned k = 0; k < 6; ++k) x.args[k] = a[k];
  x.error = r.error;
  log.push_back(x);
  advance(cycles_per_access_);
  return r;
}
uint64_t ModelBus::csr_rmw(uint32_t csr, uint64_t bits, bool set) {
  uint64_t old = 0;
  if (csr_ == nullptr || !csr_->csr_read(csr, &old)) {
    ADD_FAILURE() << (set ? "csrrs" : "csrrc") << " of CSR 0x" << std::hex << csr
                  << " refused (illegal instruction: not modelled, or not accessible at this privilege)";
    log.push_back(CR(csr, 0));
    return 0;
  }
  log.push_back(CR(csr, old));
  advance(cycles_per_access_);
  csr_write(csr, set ? old | bits : old & ~bits);
  return old;
}
uint64_t ModelBus::csr_set(uint32_t csr, uint64_t bits) { return csr_rmw(csr, bits, true); }
uint64_t ModelBus::csr_clear(uint32_t csr, uint64_t bits) { return csr_rmw(csr, bits, false); }
uint64_t ModelBus::csr_read(uint32_t csr) {
  uint64_t v = 0;
  if (csr_ == nullptr || !csr_->csr_read(csr, &v))
    ADD_FAILURE() << "read of CSR 0x" << std::hex << csr
                  << " refused (illegal instruction: not modelled, or not accessible at this privilege)";
  log.push_back(CR(csr, v));
  advance(cycles_per_access_);
  return v;
}
void ModelBus::csr_write(uint32_t csr, uint64_t value) {
  if (csr_ == nullptr || !csr_->csr_write(csr, value))
    ADD_FAILURE() << "write of CSR 0x" << std::hex << csr
                  << " refused (illegal instruction: not modelled, not writable or not accessible at this privilege)";
  log.push_back(CW(csr, value));
  advance(cycles_per_access_);
}

// ---- ExpectBackend ----
ExpectBackend& ExpectBackend::expect(const Access& a) {
  expected_.push_back(a);
  return *this;
}
ExpectBackend& ExpectBackend::expect(std::initializer_list<Access> seq) {
  for (const auto& a : seq) expected_.push_back(a);
  return *this;
}
uint64_t ExpectBackend::take(Access::Kind kind, uint64_t addr, uint64_t value) {
  const bool is_read = kind == Access::kRead || kind == Access::kCsrRead;
  if (next_ >= expected_.size()) {
    ADD_FAILURE() << "unexpected access " << to_string(Access{kind, addr, value}) << " after "
                  << expected_.size() << " expected";
    log.push_back({kind, addr, value});
    return 0;
  }
  const Access& e = expected_[next_++];
  if (e.kind != kind || e.addr != addr || (!is_read && e.value != value)) {
    ADD_FAILURE() << "access #" << (next_ - 1) << ": expected " << to_string(e) << ", got "
                  << to_string(Access{kind, addr, value});
  }
  const uint64_t v = is_read ? e.value : value;
  log.push_back({kind, addr, v});
  return v;
}
void ExpectBackend::verify() {
  verified_ = true;
  if (next_ != expected_.size()) {
    std::string missing;
    for (size_t i = next_; i < expected_.size(); ++i) missing += to_string(expected_[i]) + " ";
    ADD_FAILURE() << (expected_.size() - next_) << " expected access(es) not made: " << missing;
  }
}
ExpectBackend::~ExpectBackend() {
  if (!verified_) verify();
}
uint32_t ExpectBackend::mmio_read32(uintptr_t addr) {
  return static_cast<uint32_t>(take(Access::kRead, addr, 0));
}
void ExpectBackend::mmio_write32(uintptr_t addr, uint32_t value) { take(Access::kWrite, addr, value); }
uint64_t ExpectBackend::csr_read(uint32_t csr) { return take(Access::kCsrRead, csr, 0); }
void ExpectBackend::csr_write(uint32_t csr, uint64_t value) { take(Access::kCsrWrite, csr, value); }
uint64_t ExpectBackend::csr_set(uint32_t csr, uint64_t bits) {
  // The scripted entry's value is the bits; csrrs returns the old value, which
  // an expectation can script with a following CR(...) if the test needs it.
  take(Access::kCsrSet, csr, bits);
  return 0;
}
uint64_t ExpectBackend::csr_clear(uint32_t csr, uint64_t bits) {
  take(Access::kCsrClear, csr, bits);
  return 0;
}

models::SbiRetModel ExpectBackend::sbi_call(uint32_t eid, uint32_t fid, const uint64_t a[6]) {
  Access got{Access::kSbi, (uint64_t{eid} << 8) | fid, 0};
  for (unsigned k = 0; k < 6; ++k) got.args[k] = a[k];
  if (next_ >= expected_.size()) {
    ADD_FAILURE() << "unexpected " << to_string(got) << " after " << expected_.size() << " expected";
    log.push_back(got);
    return {-2, 0};
  }
  const Access& e = expected_[next_++];
  bool same = e.kind == got.kind && e.addr == got.addr;
  for (unsigned k = 0; k < 6; ++k) same = same && e.args[k] == got.args[k];
  if (!same) ADD_FAILURE() << "access #" << (next_ - 1) << ": expected " << to_string(e) << ", got " << to_string(got);
  got.value = e.value;
  got.error = e.error;
  log.push_back(got);
  return {e.error, e.value};
}

// ---- NoAccessBackend ----
uint32_t NoAccessBackend::mmio_read32(uintptr_t addr) {
  ADD_FAILURE() << "MMIO read at 0x" << std::hex << addr << " where no access was allowed";
  log.push_back(R(addr, 0));
  return 0;
}
void NoAccessBackend::mmio_write32(uintptr_t addr, uint32_t value) {
  ADD_FAILURE() << "MMIO write at 0x" << std::hex << addr << " where no access was allowed";
  log.push_back(W(addr, value));
}
uint64_t NoAccessBackend::csr_read(uint32_t csr) {
  ADD_FAILURE() << "CSR read 0x" << std::hex << csr << " where no access was allowed";
  log.push_back(CR(csr, 0));
  return 0;
}
void NoAccessBackend::csr_write(uint32_t csr, uint64_t value) {
  ADD_FAILURE() << "CSR write 0x" << std::hex << csr << " where no access was allowed";
  log.push_back(CW(csr, value));
}

}  // namespace pmu::test

// ---- the public host seam, routed to the current backend ----
extern "C" {
uint32_t pmu_host_mmio_read32(uintptr_t addr) { return pmu::test::current().mmio_read32(addr); }
void pmu_host_mmio_write32(uintptr_t addr, uint32_t value) { pmu::test::current().mmio_write32(addr, value); }
uint64_t pmu_host_csr_read(uint32_t csr) { return pmu::test::current().csr_read(csr); }
void pmu_host_csr_write(uint32_t csr, uint64_t value) { pmu::test::current().csr_write(csr, value); }
uint64_t pmu_host_csr_set(uint32_t csr, uint64_t bits) { return pmu::test::current().csr_set(csr, bits); }
uint64_t pmu_host_csr_clear(uint32_t csr, uint64_t bits) { return pmu::test::current().csr_clear(csr, bits); }
pmu_host_sbiret_t pmu_host_sbi_call(uint32_t eid, uint32_t fid, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
                                    uint64_t a4, uint64_t a5) {
  const uint64_t a[6] = {a0, a1, a2, a3, a4, a5};
  const pmu::models::SbiRetModel r = pmu::test::current().sbi_call(eid, fid, a);
  return pmu_host_sbiret_t{r.error, static_cast<int64_t>(r.value)};
}
}
