// SPDX-License-Identifier: Apache-2.0
// Internal to the C API implementation (src/capi): how a C handle holds a
// C++ driver object, and the forwarders every C call is made of. Not
// installed, not for applications.
//
// A handle is { Obj obj; uintptr_t magic; }, exactly the size and alignment
// of the public C struct (static_assert: a C++ member change breaks the
// library build, never a user's). The object holds no pointer into the
// handle, so a handle may be copied or moved by value. The magic word is the
// handle check: NULL, zero-filled or garbage handles give PMU_EBADARG before
// any access. The object comes first, so the handle's address is the C++
// 'this': a forwarder of a Status call is the check and a tail jump.
//
// Forwarders (one line per C function in src/capi/pmu_<unit>.cpp):
//   call<&Obj::member>(h, args...)        Status member(args...)
//   get<&Obj::member>(h, args...)         Result<T> member(args...), a value
//                                         or a hook's mask served; the C
//                                         function returns it as its C answer:
//     return PMU_C_ANSWER(pmu_u32_result_t, get<&Obj::member>(h, args...));
//   isr<&Obj::overflow_isr, Slot, H>(h)   an ISR adapter: void(*)(void*)
// A C answer (pmu_<type>_result_t: the value, then the status) has the bytes
// of the C++ Result<T> and comes back in the same registers, so a value call
// is the handle check and the C++ call. A C function that forwards to get<>
// is flatten: the members returning a value, and the hooks, are defined
// inline (the rest of the run-time driver is compiled once, in src/<unit>),
// so the member's body is the C function's. Called out of line instead, a
// value call pays a second frame (+21 to +23 instructions; make bench,
// docs/c-api.md).
// Each argument goes through in_range() (enums from C: any int is
// representable, values outside the C++ enum are PMU_EBADARG) and then
// static_cast to the member's parameter type; nothing else is hand-written.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/c/pmu_status.h"
#include "pmu/irq.hpp"
#include "pmu/status.hpp"
#include "pmu/util/in_place.hpp"

namespace pmu::c_api {

static_assert(sizeof(pmu_status_t) == sizeof(Status), "a C++ status is returned to C as it is");
static_assert(static_cast<int>(Status::kOk) == PMU_OK && static_cast<int>(Status::kBadArg) == PMU_EBADARG &&
              static_cast<int>(Status::kUnavailable) == PMU_EUNAVAILABLE &&
              static_cast<int>(Status::kNotFound) == PMU_ENOTFOUND &&
              static_cast<int>(Status::kMismatch) == PMU_EMISMATCH && static_cast<int>(Status::kFailed) == PMU_EFAILED,
              "pmu_status_t mirrors pmu::Status");

// The C callback pair is the C++ one.
static_assert(sizeof(pmu_irq_callback_t) == sizeof(IrqCallback) && offsetof(pmu_irq_callback_t, fn) == 0 &&
              offsetof(pmu_irq_callback_t, ctx) == offsetof(IrqCallback, ctx));

constexpr pmu_status_t to_c(Status s) { return static_cast<pmu_status_t>(s); }
constexpr pmu_status_t kBad = PMU_EBADARG;

inline IrqCallback callback(pmu_irq_fn_t fn, void* ctx) { return IrqCallback{fn, ctx}; }

// C storage that is a C++ object of type T: same size and alignment, so the
// caller's bytes are handed to the driver as they are.
template <typename T, typename C>
T* as(C* c) {
  static_assert(sizeof(C) == sizeof(T) && alignof(C) == alignof(T), "C storage must match its C++ type");
  return reinterpret_cast<T*>(c);
}
template <typename T, typename C>
const T* as(const C* c) {
  static_assert(sizeof(C) == sizeof(T) && alignof(C) == alignof(T), "C storage must match its C++ type");
  return reinterpret_cast<const T*>(c);
}

// What a handle's bytes are. Handle is the public C struct.
template <typename Handle, typename Obj, uintptr_t kMagic>
struct Slot {
  Obj obj;
  uintptr_t magic;

  static_assert(sizeof(Obj) % sizeof(uintptr_t) == 0, "no tail padding for a C copy to lose");
  static_assert(__is_standard_layout(Obj) && __has_trivial_destructor(Obj), "plain data: copyable as bytes");

  // The handle check: what every forwarder adds to the C++ call (make bench
  // measures it: docs/c-api.md).
  __attribute__((always_inline)) static Obj* get(const Handle* h) {
    static_assert(sizeof(Handle) == sizeof(Slot) && alignof(Handle) == alignof(Slot),
                  "the public handle size must be exactly the C++ object's (+ the magic word)");
    if (h == nullptr) return nullptr;
    Slot* s = reinterpret_cast<Slot*>(const_cast<Handle*>(h));
    return s->magic == kMagic ? &s->obj : nullptr;
  }
  // Build the object in the handle (touches no hardware).
  template <typename... A>
  static Obj* make(Handle* h, A&&... a) {
    Slot* s = new (h, InPlace{}) Slot{Obj(static_cast<A&&>(a)...), kMagic};
    return &s->obj;
  }
};

// ---- Argument conversion --------------------------------------------------------------
// Any value of a C type is accepted unless an in_range() overload for that
// type says otherwise. The forwarders find it by argument-dependent lookup
// only, so it is declared in the C type's namespace: the global one.
template <typename T>
constexpr bool in_range(T) {
  return true;
}

// One argument from C to the member's parameter type P: enums by value (any
// range check is in_range's), integers never narrowed.
template <typename P, typename A>
__attribute__((always_inline)) constexpr P convert(A a) {
  static_assert(__is_enum(A) || __is_class(A) || __is_same(P, bool) || sizeof(P) >= sizeof(A),
                "a C integer must not be narrowed on its way to C++");
  return static_cast<P>(a);
}

// The member's parameter types, to convert the C arguments to.
template <auto M, typename = decltype(M)>
struct Invoke;
template <auto M, typename Obj, typename R, typename... P>
struct Invoke<M, R (Obj::*)(P...)> {
  template <typename... A>
  __attribute__((always_inline)) static R on(Obj* o, A... a) {
    return (o->*M)(convert<P>(a)...);
  }
};
template <auto M, typename Obj, typename R, typename... P>
struct Invoke<M, R (Obj::*)(P...) const> {
  template <typename... A>
  __attribute__((always_inline)) static R on(const Obj* o, A... a) {
    return (o->*M)(convert<P>(a)...);
  }
};

// Forward a call returning Status (or nothing: PMU_OK).
template <auto M, typename Slot, typename H, typename... A>
__attribute__((always_inline)) inline pmu_status_t call(H* h, A... a) {
  auto* obj = Slot::get(h);
  if (obj == nullptr) return kBad;
  if (!(in_range(a) && ...)) return kBad;
  if constexpr (__is_same(decltype(Invoke<M>::on(obj, a...)), void)) {
    Invoke<M>::on(obj, a...);  // a setter that cannot fail
    return PMU_OK;
  } else {
    return to_c(Invoke<M>::on(obj, a...));
  }
}

// ---- Value answers -------------------------------------------------------------------
// The C answer of each C++ value type: a value of the same size (bool as
// it is), the status after it.
template <typename T>
constexpr auto c_answer_of() {
  if constexpr (__is_same(T, bool)) return pmu_bool_result_t{};
  else if constexpr (sizeof(T) == 1) return pmu_u8_result_t{};
  else if constexpr (sizeof(T) == 4) return pmu_u32_result_t{};
  else {
    static_assert(sizeof(T) == 8, "a C answer holds 1, 4 or 8 bytes");
    return pmu_u64_result_t{};
  }
}
template <typename R>
struct AnswerOf;
template <typename T>
struct AnswerOf<Result<T>> {
  using type = decltype(c_answer_of<T>());
};

// Whether Result<T> already has the bytes of its C answer (value first, the
// status in the byte after it, the same size): then the answer is the
// Result as it is, and a C call returns the C++ call's registers untouched.
// A big-endian target, whose one-word Result keeps the status in the
// low-address byte, converts field by field instead.
template <typename C, typename T>
constexpr bool same_bytes() {
  if constexpr (sizeof(C) != sizeof(Result<T>)) {
    return false;
  } else {
    const C v = __builtin_bit_cast(C, Result<T>(T(1)));
    const C s = __builtin_bit_cast(C, Result<T>(Status::kMismatch));
    return v.value == T(1) && v.status == PMU_OK && s.value == T() && s.status == PMU_EMISMATCH;
  }
}

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
static_assert(same_bytes<pmu_u32_result_t, uint32_t>() && same_bytes<pmu_u64_result_t, uint64_t>() &&
                  same_bytes<pmu_u8_result_t, uint8_t>() && same_bytes<pmu_bool_result_t, bool>(),
              "on a little-endian target a C answer is its Result's bytes: a value call adds only the handle check");
#endif

// The bytes of a Result's C answer: the Result itself where it has them and
// the answer comes back in registers (same_bytes; at most two words), else
// the answer built field by field (a memory answer, RV32's pmu_u64_result_t:
// a bit_cast there is a memcpy call, fields are stores into the caller's slot).
template <typename C, typename T>
__attribute__((always_inline)) inline auto answer_bytes(Result<T> r) {
  static_assert(__is_same(C, typename AnswerOf<Result<T>>::type), "the C answer of this C++ value type");
  if constexpr (same_bytes<C, T>() && sizeof(C) <= 2 * sizeof(void*)) {
    return r;
  } else {
    return C{static_cast<decltype(C::value)>(r.value()), to_c(r.status())};
  }
}

// A name lookup's answer: the name, or NULL and PMU_ENOTFOUND.
inline pmu_name_result_t name_answer(const char* name) {
  return pmu_name_result_t{name, name != nullptr ? pmu_status_t{PMU_OK} : pmu_status_t{PMU_ENOTFOUND}};
}

// The refusal of a value call or a hook, out of line and cold: the failure
// then ends in a jump, and the success path is not built around a status
// loaded before the check (GCC -Os hoists the refusal's constant above the
// compare and must then copy the handle pointer out of a0: two instructions
// per call). refused() is the C++ Result, for get() to join its paths on;
// refused_answer() the C answer, for a C function that refuses itself.
template <typename R>
__attribute__((cold, noinline)) R refused() {
  return R(Status::kBadArg);
}
template <typename C>
__attribute__((cold, noinline)) C refused_answer() {
  C c{};
  c.status = PMU_EBADARG;
  return c;
}
// The refusal of a C call returning C: a status, or a C answer (value 0).
template <typename C>
__attribute__((always_inline)) inline C refusal() {
  if constexpr (!__is_class(C)) return static_cast<C>(kBad);  // a status
  else return refused_answer<C>();
}

// Forward a call returning Result<T> (a value, or a hook's mask served),
// checked: the member's Result, or the refusal's. The C function makes it
// its C answer with PMU_C_ANSWER.
template <auto M, typename Slot, typename H, typename... A>
__attribute__((always_inline)) inline auto get(H* h, A... a) {
  using R = decltype(Invoke<M>::on(Slot::get(h), a...));
  auto* obj = Slot::get(h);
  const bool checked = obj != nullptr && (in_range(a) && ...);
  return checked ? Invoke<M>::on(obj, a...) : refused<R>();
}

// Forward an ISR adapter (shape void(*)(void*), what an RTOS registers): the
// handle check, then the unit's own C++ adapter on the object, a tail jump
// with no frame and no answer. A bad handle is ignored, as an ISR
// ignores a hook's PMU_EBADARG.
template <void (*Adapter)(void*), typename Slot, typename H>
__attribute__((always_inline)) inline void isr(void* h) {
  if (auto* obj = Slot::get(static_cast<H*>(h))) Adapter(obj);
}

}  // namespace pmu::c_api

// A value call whose C answer comes back in memory (RV32's
// pmu_u64_result_t), laid out for the path that answers a value. GCC -Os's
// simple block layout joins the value and the refusal paths before the
// stores into the answer, so the value path ends in a jump back to them; the
// trace layout (-O2's) lets it fall through, at the same size. Measured per
// call (make bench): pmu_riscv_counter_read() loses the jump; read64 and the
// hooks, whose paths branch more, came out 1-2 instructions longer under it,
// so only the former carries it. Empty under clang.
#if defined(__GNUC__) && !defined(__clang__)
#define PMU_VALUE_PATH_FALLS_THROUGH __attribute__((optimize("reorder-blocks-algorithm=stc")))
#else
#define PMU_VALUE_PATH_FALLS_THROUGH
#endif

// The C answer (pmu_<type>_result_t) of a C++ Result, written in the C
// function's own return statement. It must not be an inline function
// returning the C struct: GCC 12 then splits the struct into its fields and
// rebuilds it in a stack slot (+6 instructions and a frame on RV64); a
// bit_cast in the return statement leaves the Result's registers as they are.
#define PMU_C_ANSWER(C, ...) __builtin_bit_cast(C, ::pmu::c_api::answer_bytes<C>(__VA_ARGS__))

