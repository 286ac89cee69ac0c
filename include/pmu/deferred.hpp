// SPDX-License-Identifier: Apache-2.0
// A static home for a driver object that can only be made at run time: a
// SafeSU found by plug&play, a CM block at a base read from the GCR. A
// namespace-scope object needs constant arguments (pmukit has no static
// constructors); a function-local static tests a guard at every use.
// Deferred<T> is zero at load, so a static one lands in .bss like an
// uninitialised array, and emplace() makes the object in it at boot:
//
//   pmu::Deferred<pmu::safesu::SafeSU> g_su;            // .bss, sizeof(SafeSU)
//   ...
//   g_su.emplace(dev.value().base, pmu::safesu::k6c256); // once, at boot
//   g_su->start(0xF);                                    // the same code as a static SafeSU
//
// It holds nothing but the object (no "made yet?" flag: that would cost RAM
// and a test at every use), so the rule is the one of any object: make it
// before using it. get() before the first emplace() is undefined.
#pragma once

#include "pmu/util/in_place.hpp"

namespace pmu {

/// A static home for a T made at boot: zero bytes at load (in .bss), the
/// object after emplace(). T must be trivially destructible.
template <typename T>
class Deferred {
  // Nothing runs at exit: a static Deferred needs no destructor call (and
  // the union below has none to call).
  static_assert(__has_trivial_destructor(T), "Deferred<T>: T must be trivially destructible");

 public:
  /// Zero bytes, no object yet: constant-initialised, so a static one is in .bss.
  constexpr Deferred() : none_() {}
  Deferred(const Deferred&) = delete;
  Deferred& operator=(const Deferred&) = delete;

  /// Makes the object from 'args' (T's constructor) and returns it. Called
  /// again, it makes a new object in place of the old one (T is trivially
  /// destructible: nothing to end). Touches no hardware unless T's
  /// constructor does (no pmukit driver's does).
  template <typename... A>
  T& emplace(A&&... args) {
    return *new (static_cast<void*>(&value_), InPlace{}) T(static_cast<A&&>(args)...);
  }

  /// The object emplace() made.
  T& get() { return value_; }
  /// The object emplace() made.
  const T& get() const { return value_; }
  /// The object emplace() made.
  T& operator*() { return value_; }
  /// The object emplace() made.
  const T& operator*() const { return value_; }
  /// The object emplace() made, for a member call: su->start(mask).
  T* operator->() { return &value_; }
  /// The object emplace() made, for a member call.
  const T* operator->() const { return &value_; }

 private:
  struct None {};
  union {
    None none_;
    T value_;
  };
};

}  // namespace pmu
