// SPDX-License-Identifier: Apache-2.0
// Where a driver finds its opt-in storage (a callback table, 64-bit totals):
// the application owns it, the driver only refers to it. Three kinds, chosen
// per driver type by a template parameter:
//
//   AttachedStorage<T>     a pointer in the object, set at run time
//                          (attach(); nullptr: none). Every use tests it.
//   StaticStorage<T, obj>  fixed at build time to obj, an object with static
//                          storage duration: no bytes in the object, and
//                          every "is it there?" test folds away.
//   NoStorage<T>           the feature compiled out: the hooks call nobody,
//                          totals are kUnavailable, nothing is tested for it.
//
// A driver asks held() (is there storage?) and get() (the storage), and
// forwards its attach_callbacks()/track_totals() to attach(), which on a
// storage fixed at build time does not compile, with one message for every
// driver (kAttachable says which kind it is). It tests held(), never
// get() != nullptr: for build-time storage held() is a constant of the type,
// where comparing an object's address with nullptr is a -Waddress warning
// and, for an inline variable, not a constant. A driver that calls member
// functions of its storage (the SafeSU's Totals) goes through a
// non-constexpr accessor instead: GCC 12 reports a call through NoStorage's
// constexpr nullptr (-Wnonnull) even in a branch held() folds away. The run-time objects (and the
// C API's handles) use AttachedStorage; a build-time object whose storage is
// known at build time costs nothing for a feature it does not use.
#pragma once

/// Driver-independent building blocks.
namespace pmu {

/// Storage attached at run time: one pointer in the object.
template <typename T>
class AttachedStorage {
 public:
  /// attach() may change it at run time.
  static constexpr bool kAttachable = true;
  /// Whether storage is attached.
  constexpr bool held() const { return p_ != nullptr; }
  /// The attached storage, or nullptr.
  constexpr T* get() const { return p_; }
  /// Attaches p (nullptr detaches). Touches no hardware.
  constexpr void attach(T* p) { p_ = p; }

 private:
  T* p_ = nullptr;
};

namespace detail {
// attach() of a storage fixed at build time: it exists only to say why a
// driver's attach_callbacks()/track_totals() does not compile on it.
template <typename U>
void refuse_attach(U*) {
  static_assert(sizeof(U) == 0, "storage fixed at build time (StaticStorage/NoStorage): nothing to attach");
}
}  // namespace detail

/// Storage fixed at build time: Obj (a reference, so never null; for none
/// use NoStorage).
template <typename T, T& Obj>
struct StaticStorage {
  /// Fixed: there is no attach().
  static constexpr bool kAttachable = false;
  /// Always.
  static constexpr bool held() { return true; }
  /// &Obj, a constant.
  static constexpr T* get() { return &Obj; }
  /// Does not compile: the storage is fixed.
  template <typename U>
  static void attach(U* p) { detail::refuse_attach(p); }
};

/// No storage of this kind: the feature compiled out.
template <typename T>
struct NoStorage {
  /// Fixed: there is no attach().
  static constexpr bool kAttachable = false;
  /// Never.
  static constexpr bool held() { return false; }
  /// nullptr.
  static constexpr T* get() { return nullptr; }
  /// Does not compile: there is no storage to attach.
  template <typename U>
  static void attach(U* p) { detail::refuse_attach(p); }
};

}  // namespace pmu
