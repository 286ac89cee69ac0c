// SPDX-License-Identifier: Apache-2.0
// Internal to the C API implementation (src/capi): how a C handle's opaque
// bytes hold a C++ driver object. Not installed, not for applications.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/c/pmu_status.h"
#include "pmu/irq.hpp"
#include "pmu/status.hpp"

namespace pmu::c_api {

// A placement form of our own (the freestanding build has no <new>): the tag
// makes it distinct from the standard placement new.
struct InPlace {};

static_assert(static_cast<int>(Status::kOk) == PMU_OK && static_cast<int>(Status::kBadArg) == PMU_EBADARG &&
              static_cast<int>(Status::kUnavailable) == PMU_EUNAVAILABLE &&
              static_cast<int>(Status::kNotFound) == PMU_ENOTFOUND &&
              static_cast<int>(Status::kMismatch) == PMU_EMISMATCH && static_cast<int>(Status::kFailed) == PMU_EFAILED,
              "pmu_status_t mirrors pmu::Status");

constexpr pmu_status_t to_c(Status s) { return static_cast<pmu_status_t>(s); }
constexpr pmu_status_t kBad = PMU_EBADARG;

inline IrqCallback callback(pmu_irq_fn_t fn, void* ctx) { return IrqCallback{fn, ctx}; }

// What a handle's bytes hold: a magic word at offset 0 (so a zeroed or
// garbage handle is refused) and the driver object. Obj is built in place by
// the Ctor functor; Handle is the C struct.
template <typename Obj, uint32_t kMagic>
struct Slot {
  uint32_t magic;
  Obj obj;

  template <typename Handle>
  static Obj* get(Handle* h) {
    if (h == nullptr) return nullptr;
    uint32_t m;
    __builtin_memcpy(&m, h->opaque.bytes, sizeof m);
    if (m != kMagic) return nullptr;
    return &reinterpret_cast<Slot*>(h->opaque.bytes)->obj;
  }
  template <typename Handle>
  static const Obj* get(const Handle* h) {
    return get(const_cast<Handle*>(h));
  }
  template <typename Handle>
  static constexpr bool fits() {
    return sizeof(Slot) <= sizeof(Handle::opaque.bytes) && alignof(Slot) <= alignof(Handle) &&
           offsetof(Slot, magic) == 0;
  }
};

}  // namespace pmu::c_api

inline void* operator new(size_t, void* p, pmu::c_api::InPlace) noexcept { return p; }
inline void operator delete(void*, void*, pmu::c_api::InPlace) noexcept {}
