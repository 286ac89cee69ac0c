// SPDX-License-Identifier: Apache-2.0
// Where a SafeSU is: its base address and its layout. The driver (BasicSafeSU in
// safesu.hpp) is written once over a "place" policy:
//
//   RuntimePlace            base and layout chosen at run time (plug&play
//                           discovery, a configuration read from board data):
//                           checked once, when the object is made.
//   FixedPlace<Base, L>     base and layout known at build time: every offset
//                           and mask folds to an immediate; checked by
//                           static_assert.
//
// Both answer base(), layout() and usable(), and kBuildTime: whether they
// fold. The driver keeps a helper many calls share out of line for a
// run-time place (one copy of the code that loads the layout) and inline for
// a fixed one (where it reduces to a few immediates). The driver asks
// usable() only in calls whose arguments the layout's sizes do not already
// bound: an unusable RuntimePlace reports the empty layout (every size 0),
// so every bounded argument is out of range and the call returns kBadArg
// before any access.
#pragma once

#include <stdint.h>

#include "pmu/safesu/layout.hpp"

namespace pmu::safesu {

/// The layout an unusable run-time object reports: every size and offset 0.
inline constexpr Layout kNoUnit{};

/// Base and layout chosen at run time.
class RuntimePlace {
 public:
  /// Base and layout are values loaded at run time.
  static constexpr bool kBuildTime = false;

  /// Keeps base and layout if base_fits(base, layout) (a valid layout; base
  /// non-zero and a multiple of the decode window, layout.hpp), else
  /// becomes unusable: base 0 and kNoUnit. Touches no hardware.
  constexpr RuntimePlace(uintptr_t base, const Layout& layout)
      : base_(base_fits(base, layout) ? base : 0), layout_(base_fits(base, layout) ? &layout : &kNoUnit) {}

  /// The unit's base address (0 if unusable).
  constexpr uintptr_t base() const { return base_; }
  /// The unit's layout (kNoUnit if unusable).
  constexpr const Layout& layout() const { return *layout_; }
  /// Made from a valid layout and a base that fits it.
  constexpr bool usable() const { return base_ != 0; }

 private:
  uintptr_t base_;
  const Layout* layout_;
};

/// Base and layout known at build time. L is a Layout with static storage
/// (k4c128, or a constexpr Layout of the application's own).
template <uintptr_t Base, const Layout& L>
class FixedPlace {
  static_assert(L.valid, "SafeSU layout: parameters outside the RTL's limits (layout.hpp params_valid)");
  static_assert(base_fits(Base, L), "SafeSU base: must be non-zero and a multiple of Layout::window (§4.2)");

 public:
  /// Base and layout are constants: every offset and mask folds.
  static constexpr bool kBuildTime = true;

  /// The unit's base address.
  static constexpr uintptr_t base() { return Base; }
  /// The unit's layout.
  static constexpr const Layout& layout() { return L; }
  /// Always: the static_asserts checked it.
  static constexpr bool usable() { return true; }
};

}  // namespace pmu::safesu
