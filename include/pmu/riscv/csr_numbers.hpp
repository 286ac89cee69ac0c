// SPDX-License-Identifier: Apache-2.0
// RISC-V counter CSR numbers (privileged spec csrs.adoc; Sscofpmf; the
// XiangShan CUTE "AME" proposal). All compile-time constants: csrr/csrw take
// the CSR number as an immediate, so runtime indices go through
// csr_bank.hpp's dispatch tables.
#pragma once

#include <stdint.h>

/// RISC-V CSR numbers and bits the counter files use (docs/hw/riscv-counters.md §2.1).
namespace pmu::riscv::csr {

// ---- standard machine counters (Zicntr/Zihpm) ----------------------------
constexpr uint32_t kMcycle = 0xB00;            ///< mcycle.
constexpr uint32_t kMinstret = 0xB02;          ///< minstret.
constexpr uint32_t kMhpmcounterBase = 0xB00;   ///< mhpmcounterN = base + N (N = 3..31).
constexpr uint32_t kMcycleh = 0xB80;           ///< mcycleh (RV32 only).
constexpr uint32_t kMinstreth = 0xB82;         ///< minstreth (RV32 only).
constexpr uint32_t kMhpmcounterhBase = 0xB80;  ///< mhpmcounterNh = base + N (RV32 only).
constexpr uint32_t kMhpmeventBase = 0x320;     ///< mhpmeventN = base + N (N = 3..31).
constexpr uint32_t kMhpmeventhBase = 0x720;    ///< mhpmeventNh = base + N (RV32 with Sscofpmf only).
constexpr uint32_t kMcountinhibit = 0x320;     ///< mcountinhibit: shares the mhpmevent base (index 0).
constexpr uint32_t kMcounteren = 0x306;        ///< mcounteren.
constexpr uint32_t kScounteren = 0x106;        ///< scounteren.
constexpr uint32_t kHcounteren = 0x606;        ///< hcounteren.
constexpr uint32_t kScountovf = 0xDA0;         ///< scountovf (Sscofpmf, supervisor read-only).
// Unprivileged read-only shadows.
constexpr uint32_t kCycle = 0xC00;            ///< cycle (unprivileged read-only shadow).
constexpr uint32_t kInstret = 0xC02;          ///< instret.
constexpr uint32_t kHpmcounterBase = 0xC00;   ///< hpmcounterN = base + N.
constexpr uint32_t kCycleh = 0xC80;           ///< cycleh (RV32).
constexpr uint32_t kHpmcounterhBase = 0xC80;  ///< hpmcounterNh = base + N (RV32).
// Interrupt enable/pending; LCOFI (Sscofpmf) is local interrupt 13.
constexpr uint32_t kMie = 0x304;                  ///< mie.
constexpr uint32_t kMip = 0x344;                  ///< mip.
constexpr uint32_t kSie = 0x104;                  ///< sie.
constexpr uint32_t kSip = 0x144;                  ///< sip.
constexpr unsigned kLcofiBit = 13;                ///< LCOFI (Sscofpmf) is local interrupt 13.
constexpr uint32_t kLcofiMask = 1u << kLcofiBit;  ///< mip/mie/sip/sie bit of LCOFI.

/// CSR number of mhpmcounterN.
constexpr uint32_t mhpmcounter(unsigned n) { return kMhpmcounterBase + n; }
/// CSR number of mhpmcounterNh.
constexpr uint32_t mhpmcounterh(unsigned n) { return kMhpmcounterhBase + n; }
/// CSR number of mhpmeventN.
constexpr uint32_t mhpmevent(unsigned n) { return kMhpmeventBase + n; }
/// CSR number of mhpmeventNh.
constexpr uint32_t mhpmeventh(unsigned n) { return kMhpmeventhBase + n; }

static_assert(mhpmcounter(3) == 0xB03 && mhpmcounter(31) == 0xB1F);
static_assert(mhpmcounterh(3) == 0xB83 && mhpmcounterh(31) == 0xB9F);
static_assert(mhpmevent(3) == 0x323 && mhpmevent(31) == 0x33F);
static_assert(mhpmeventh(3) == 0x723 && mhpmeventh(31) == 0x73F);

// ---- XiangShan CUTE AME counters (custom ranges; RV64, no h halves) --------
// These numbers are other CSRs on other cores (0x7E8/0x7E9 are MIPS P8700
// PMA CSRs): never probe them; a board declares AME support.
constexpr uint32_t kAmeScounteren = 0x5E6;       ///< ame_scounteren.
constexpr uint32_t kAmeHcounteren = 0x6C6;       ///< ame_hcounteren.
constexpr uint32_t kAmeMcounteren = 0x7E8;       ///< ame_mcounteren (also a MIPS P8700 PMA CSR: never probe).
constexpr uint32_t kAmeMcountinhibit = 0x7E9;    ///< ame_mcountinhibit (also a MIPS P8700 PMA CSR).
constexpr uint32_t kAmeMhpmeventBase = 0xBC0;    ///< ame_mhpmeventN = base + N (N = 3..31).
constexpr uint32_t kAmeMcycle = 0xBE0;           ///< ame_mcycle.
constexpr uint32_t kAmeMinstret = 0xBE2;         ///< ame_minstret.
constexpr uint32_t kAmeMhpmcounterBase = 0xBE0;  ///< ame_mhpmcounterN = base + N.
constexpr uint32_t kAmeCycle = 0xCE0;            ///< ame_cycle (unprivileged read-only shadow).
constexpr uint32_t kAmeInstret = 0xCE2;          ///< ame_instret.
constexpr uint32_t kAmeHpmcounterBase = 0xCE0;   ///< ame_hpmcounterN = base + N.
constexpr uint32_t kAmeScountovf = 0xDE0;        ///< ame_scountovf.

/// CSR number of ame_mhpmeventN.
constexpr uint32_t ame_mhpmevent(unsigned n) { return kAmeMhpmeventBase + n; }
/// CSR number of ame_mhpmcounterN.
constexpr uint32_t ame_mhpmcounter(unsigned n) { return kAmeMhpmcounterBase + n; }
/// CSR number of ame_hpmcounterN.
constexpr uint32_t ame_hpmcounter(unsigned n) { return kAmeHpmcounterBase + n; }

static_assert(ame_mhpmevent(3) == 0xBC3 && ame_mhpmevent(31) == 0xBDF);
static_assert(ame_mhpmcounter(3) == 0xBE3 && ame_mhpmcounter(31) == 0xBFF);
static_assert(ame_hpmcounter(3) == 0xCE3 && ame_hpmcounter(31) == 0xCFF);

}  // namespace pmu::riscv::csr

namespace pmu::riscv {

// Counter indices as in mcountinhibit/mcounteren: 0 = cycle, 1 = time (not a
// machine counter), 2 = instret, 3..31 = hpm counters.
constexpr unsigned kCounterCycle = 0;      ///< Index of cycle (mcountinhibit bit 0).
constexpr unsigned kCounterTime = 1;       ///< Index of time (not a machine counter).
constexpr unsigned kCounterInstret = 2;    ///< Index of instret.
constexpr unsigned kFirstHpm = 3;          ///< First hpm counter index.
constexpr unsigned kLastHpm = 31;          ///< Last hpm counter index.
constexpr unsigned kNumCounterSlots = 32;  ///< Counter indices 0..31.
// The bits of a counter mask that can name a machine counter.
constexpr uint32_t kMachineCounterSlots = ~uint32_t{1u << kCounterTime};  ///< Mask bits that can name a machine counter: every index but time.
constexpr uint32_t kHpmSlots = ~uint32_t{7};  ///< The hpm counters 3..31.

}  // namespace pmu::riscv
