// SPDX-License-Identifier: Apache-2.0
// Where a driver finds its opt-in storage (a callback table, 64-bit totals):
// the application owns it, the driver only refers to it. Two ways, chosen
// per driver type by a template parameter:
//
//   AttachedStorage<T>      a pointer in the object, set at run time
//                           (attach(); nullptr: none). Every use tests it.
//   StaticStorage<T, &obj>  fixed at build time: no bytes in the object,
//                           and every "is it there?" test folds away.
//   NoStorage<T>            the feature compiled out (StaticStorage of
//                           nullptr): the hooks call nobody, totals are
//                           kUnavailable, and nothing is tested for it.
//
// A driver asks get() (the storage or nullptr) and kAttachable (whether
// attach() exists). The run-time objects (and the C API's handles) use
// AttachedStorage; a build-time object whose storage is known at build
// time costs nothing for a feature it does not use.
#pragma once

/// Driver-independent building blocks.
namespace pmu {

/// Storage attached at run time: one pointer in the object.
template <typename T>
class AttachedStorage {
 public:
  /// attach() may change it at run time.
  static constexpr bool kAttachable = true;
  /// The attached storage, or nullptr.
  constexpr T* get() const { return p_; }
  /// Attaches p (nullptr detaches). Touches no hardware.
  constexpr void attach(T* p) { p_ = p; }

 private:
  T* p_ = nullptr;
};

/// Storage fixed at build time: P is the address of an object with static
/// storage duration, or nullptr (see NoStorage).
template <typename T, T* P>
struct StaticStorage {
  /// Fixed: there is no attach().
  static constexpr bool kAttachable = false;
  /// P, a constant.
  static constexpr T* get() { return P; }
};

/// No storage of this kind: the feature is compiled out.
template <typename T>
using NoStorage = StaticStorage<T, nullptr>;

}  // namespace pmu
