// SPDX-License-Identifier: Apache-2.0
// The trap-and-emulate runtime (the "stub harness"): behavioural models served
// as devices at addresses where the machine has nothing, their interrupt
// outputs delivered as level-sensitive board lines, and a console printf.
// Images that use it link: board start-up + sim/runtime + the models they map
// + libpmu. The QEMU test framework (TEST_CASE, CHECK) is tests/support/qemu.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "board.hpp"
#include "pmu_sim/mmio_model.hpp"  // the model interfaces shared with host tests

/// The trap-and-emulate runtime (the "stub harness"): models as devices, level interrupts, console.
namespace harness {

// ---- console -------------------------------------------------------------
/// Writes s to the board console.
void print(const char* s);
/// Writes formatted output to the console; a minimal printf: %s %c %d %u %x %08x %lu %lx %llu %llx %p %%.
void printf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// ---- stub MMIO device ------------------------------------------------------
/// A model mapped at [base, base+size). Accesses there trap (access fault on
/// virt, data_access_error on leon3 with the SRMMU on) and are served by the
/// model. Before each access the model is advanced by the guest cycles since
/// its previous access. After each access (and in poll()) the model's output
/// lines are compared: output bit i drives board line irq_lines[i] (0xFF = not
/// wired); a line that is high is forced pending through the real interrupt
/// path; the board handler re-checks the level before it runs the handler
/// attached with attach_irq_handler(), as a level-sensitive controller would.
struct MmioMapping {
  uintptr_t base;                 ///< First byte address of the mapping.
  uintptr_t size;                 ///< Size of the mapping in bytes.
  pmu::models::MmioModel* model;  ///< The model that serves it.
  const uint8_t* irq_lines;       ///< Per model output bit, the board line it drives (0xFF: not wired).
  unsigned n_irq_lines;           ///< Number of entries in irq_lines.
  uint64_t last_cycles;           ///< Guest cycles at the model's previous access (what advance() is given from).
  uint32_t accesses;              ///< Emulated accesses since mapped.
};
constexpr unsigned kMaxMappings = 4;  ///< Number of mapping slots.
/// Maps model at [base, base+size) (see MmioMapping); returns the mapping slot, or nullptr if full / overlapping.
MmioMapping* map_mmio(uintptr_t base, uintptr_t size, pmu::models::MmioModel* model,
                      const uint8_t* irq_lines = nullptr, unsigned n_irq_lines = 0);
/// Removes every mapping.
void unmap_all();

/// Attaches an interrupt handler on a board line through the board glue; the
/// harness wraps it so that it runs only while some mapped model still
/// drives that line (level semantics). Counts entries.
bool attach_irq_handler(unsigned line, board::IrqHandler handler, void* ctx);
/// Handler entries on board line 'line' so far.
uint32_t irq_entries(unsigned line);
/// Advances all models to now and re-evaluate their lines.
void poll();

// ---- stub CSR device (RISC-V) ------------------------------------------------
/// Registers the CSR model: CSRs that QEMU does not implement raise an illegal-instruction trap; the
/// harness decodes csrrw/csrrs/csrrc (and immediate forms) and serves them from
/// the registered model. Natively implemented CSRs never reach it.
void map_csr(pmu::models::CsrModel* model, const uint8_t* irq_lines = nullptr,
             unsigned n_irq_lines = 0);
/// Unregisters the CSR model.
void unmap_csr();
uint32_t csr_traps();  ///< Emulated CSR accesses so far.

/// A compiler barrier. A raw device access changes the model behind the compiler's back (the
/// trap handler runs in between): call this before looking at a model's state
/// right after a raw volatile access in the same function.
inline void model_barrier() { __asm__ volatile("" ::: "memory"); }

/// Emulated MMIO accesses so far, for tests that assert access counts.
uint32_t mmio_traps();

// ---- emulation time ------------------------------------------------------------
// Guest time (board::cycles() units) spent inside trap-and-emulate, and the
// number of exceptions the runtime saw. The models' clock is cycles() minus
// emulation_time(), so a model sees the program's time, not the cost of its
// own emulation; `make bench` takes both out of instruction counts. Model
// bookkeeping done outside a trap (e.g. an emulated SoC changing event
// levels) declares its cost with add_emulation_time(); call it from thread
// context only, never from an interrupt handler.
//
// Two accounts, each with a single writer (exception context; thread
// context), so an interrupt whose handler traps cannot lose an update in
// the middle of the other's read-modify-write. Inline reads, so a measured
// callback that records them stays a leaf function.
namespace detail {
extern volatile uint64_t g_exception_time;  // written by the arch decoders only
extern volatile uint64_t g_declared_time;   // written by add_emulation_time only
extern volatile uint32_t g_exception_count;
}  // namespace detail
/// Guest cycles spent inside trap-and-emulate (board::cycles() units), both accounts.
inline uint64_t emulation_time() { return detail::g_exception_time + detail::g_declared_time; }
/// Exceptions the runtime has seen.
inline uint32_t emulation_traps() { return detail::g_exception_count; }
/// Declares model bookkeeping done outside a trap as emulation time (thread context only).
void add_emulation_time(uint64_t cycles);

/// Resets the runtime between two tests (or two uses of the devices): interrupts off, handlers
/// detached, devices unmapped.
void reset();

}  // namespace harness
