// SPDX-License-Identifier: Apache-2.0
// What a RISC-V counter file has: which counters, Sscofpmf or not, and where
// the overflow vector comes from. Plain data, constexpr-constructible.
//
// A counter file takes its configuration from one of two policies (the
// Config parameter of CounterFile, counter_file.hpp), which answer the same
// questions:
//   RunTimeConfig    the CounterConfig given to the constructor, held in the
//                    object with the word the overflow hook reads (plug&play
//                    discovery, the C API, a configuration found at start-up)
//   FixedConfig<C>   C, known at build time: no bytes in the object, and
//                    every test of the configuration folds to a constant
#pragma once

#include <stdint.h>

#include "pmu/riscv/csr_numbers.hpp"

namespace pmu::riscv {

/// Where the overflow vector comes from. QEMU 7.2 masks scountovf with
/// mcounteren even in M-mode, so M-mode code there either sets mcounteren or
/// reads the OF bits one counter at a time (docs/hw/riscv-counters.md §2.5).
enum class OverflowSource : uint8_t {
  kScountovf,  ///< One read of scountovf (needs mcounteren on QEMU 7.2 in M-mode).
  kEventOf     ///< The OF bit of each implemented hpm counter's mhpmevent, one CSR read per counter.
};

/// What a RISC-V counter file has (plain data, constexpr).
struct CounterConfig {
  uint32_t counters = 0;                                        ///< Implemented counters: bit 0 cycle, 2 instret, 3..31 hpm.
  bool sscofpmf = false;                                        ///< Sscofpmf: OF/xINH bits, mhpmeventNh on RV32, scountovf, LCOFI.
  bool present = true;                                          ///< false: every call is kUnavailable (AME not declared).
  OverflowSource overflow_source = OverflowSource::kScountovf;  ///< Where handle_overflow_irq() reads the overflow vector.
};

/// What the overflow hook needs of a configuration, in one word: the hpm
/// counters (bits 31:3) and two flags beside them (bits 0..2 are never hpm
/// counters). With neither flag set the word is the mask the vector CSR is
/// read through, so the usual hook tests one field and ANDs the word as is.
namespace hook_word {
constexpr uint32_t kNone = 1u << 0;    ///< No overflow vector: the hook is kUnavailable (check_of() says why).
constexpr uint32_t kEachOf = 1u << 1;  ///< The vector is read one OF bit at a time (OverflowSource::kEventOf).
constexpr uint32_t kFlags = kNone | kEachOf;  ///< Either flag: not the vector CSR's path.
/// The hook word of c.
constexpr uint32_t of(const CounterConfig& c) {
  return !(c.present && c.sscofpmf)
             ? kNone
             : (c.counters & kHpmSlots) | (c.overflow_source == OverflowSource::kEventOf ? kEachOf : 0);
}
}  // namespace hook_word

/// A configuration given at run time: the CounterConfig and its hook word,
/// held in the object (12 bytes). What Counters, SbiCounters, AmeCounters and
/// IbexCounters (and the C API's handles) use.
class RunTimeConfig {
 public:
  static constexpr bool kFixed = false;                ///< Held in the object.
  static constexpr uint32_t kPossible = ~uint32_t{0};  ///< The counters the file may have, as the build knows them: any.
  /// Holds c; touches no hardware (constexpr).
  constexpr explicit RunTimeConfig(const CounterConfig& c) : cfg_(c), hook_(hook_word::of(c)) {}
  /// The configuration.
  constexpr const CounterConfig& cfg() const { return cfg_; }
  /// hook_word::of(cfg()), computed once: the hook reads one word.
  constexpr uint32_t hook() const { return hook_; }

 private:
  CounterConfig cfg_;
  uint32_t hook_;
};

/// A configuration fixed at build time: C must be a constexpr CounterConfig
/// with static storage duration. No bytes; every answer is a constant.
template <const CounterConfig& C>
struct FixedConfig {
  static constexpr bool kFixed = true;               ///< Known at build time.
  static constexpr uint32_t kPossible = C.counters;  ///< The counters the file may have: C's.
  /// C.
  static constexpr const CounterConfig& cfg() { return C; }
  /// hook_word::of(C), a constant.
  static constexpr uint32_t hook() { return kHook; }

 private:
  static constexpr uint32_t kHook = hook_word::of(C);
};

}  // namespace pmu::riscv
