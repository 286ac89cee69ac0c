// The QEMU test runtime: a tiny test framework plus the trap-and-emulate stub
// device. Test images link: board start-up + this harness + the suite's test
// files + the models they use + libpmu.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "board.hpp"
#include "pmu_sim/mmio_model.hpp"  // the model interfaces shared with host tests

namespace harness {

// ---- console -------------------------------------------------------------
void print(const char* s);
// Minimal printf: %s %c %d %u %x %08x %lu %lx %llu %llx %p %%.
void printf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// ---- test framework ------------------------------------------------------
// TEST_CASE(unit, name) { ... } registers a test in the image (a const
// descriptor in section .pmu_tests: no static constructor). The runner prints
// "PASS <board> <unit>.<name>" or "FAIL <board> <unit>.<name>" for each, then
// "SUMMARY <board> <suite> <p> passed, <f> failed" and exits 0 only if all
// passed.
struct TestCase {
  const char* unit;
  const char* name;
  void (*fn)();
};

void check_failed(const char* file, int line, const char* expr);
void check_eq_failed(const char* file, int line, const char* a, const char* b,
                     uint64_t va, uint64_t vb);
bool current_failed();

#define PMU_HARNESS_CAT2(a, b) a##b
#define PMU_HARNESS_CAT(a, b) PMU_HARNESS_CAT2(a, b)
#define TEST_CASE(unit, name)                                                  \
  static void PMU_HARNESS_CAT(test_fn_, name)();                              \
  __attribute__((used, section(".pmu_tests"))) static const ::harness::TestCase \
      PMU_HARNESS_CAT(test_desc_, name) = {#unit, #name,                        \
                                           &PMU_HARNESS_CAT(test_fn_, name)};   \
  static void PMU_HARNESS_CAT(test_fn_, name)()

#define CHECK(cond)                                                   \
  do {                                                                \
    if (!(cond)) ::harness::check_failed(__FILE__, __LINE__, #cond); \
  } while (0)
#define CHECK_EQ(a, b)                                                          \
  do {                                                                          \
    const auto pmu_va_ = (a);                                                   \
    const auto pmu_vb_ = (b);                                                   \
    if (!(pmu_va_ == pmu_vb_))                                                  \
      ::harness::check_eq_failed(__FILE__, __LINE__, #a, #b,                    \
                                 (uint64_t)(pmu_va_), (uint64_t)(pmu_vb_));     \
  } while (0)
#define CHECK_OK(expr) CHECK((expr) == ::pmu::Status::kOk)

// ---- stub MMIO device ------------------------------------------------------
// Map a model at [base, base+size). Accesses there trap (access fault on
// virt, data_access_error on leon3 with the SRMMU on) and are served by the
// model. Before each access the model is advanced by the guest cycles since
// its previous access. After each access (and in poll()) the model's output
// lines are compared: output bit i drives board line irq_lines[i] (0xFF = not
// wired); a line that is high is forced pending through the real interrupt
// path; the board handler re-checks the level before it runs the handler
// attached with attach_irq_handler(), as a level-sensitive controller would.
struct MmioMapping {
  uintptr_t base;
  uintptr_t size;
  pmu::models::MmioModel* model;
  const uint8_t* irq_lines;  // per model output bit, board line or 0xFF
  unsigned n_irq_lines;
  uint64_t last_cycles;
  uint32_t accesses;  // emulated accesses since mapped
};
constexpr unsigned kMaxMappings = 4;
// Returns the mapping slot, or nullptr if full / overlapping.
MmioMapping* map_mmio(uintptr_t base, uintptr_t size, pmu::models::MmioModel* model,
                      const uint8_t* irq_lines = nullptr, unsigned n_irq_lines = 0);
void unmap_all();

// Attach an interrupt handler on a board line through the board glue; the
// harness wraps it so that it runs only while some mapped model still
// drives that line (level semantics). Counts entries.
bool attach_irq_handler(unsigned line, board::IrqHandler handler, void* ctx);
uint32_t irq_entries(unsigned line);
// Advance all models to now and re-evaluate their lines.
void poll();

// ---- stub CSR device (RISC-V) ------------------------------------------------
// CSRs that QEMU does not implement raise an illegal-instruction trap; the
// harness decodes csrrw/csrrs/csrrc (and immediate forms) and serves them from
// the registered model. Natively implemented CSRs never reach it.
void map_csr(pmu::models::CsrModel* model, const uint8_t* irq_lines = nullptr,
             unsigned n_irq_lines = 0);
void unmap_csr();
uint32_t csr_traps();  // emulated CSR accesses so far

// A raw device access changes the model behind the compiler's back (the
// trap handler runs in between): call this before looking at a model's state
// right after a raw volatile access in the same function.
inline void model_barrier() { __asm__ volatile("" ::: "memory"); }

// Emulated-access statistics, for tests that assert access counts.
uint32_t mmio_traps();

}  // namespace harness
