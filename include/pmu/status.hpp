// SPDX-License-Identifier: Apache-2.0
// pmu::Status — the one result type every pmukit call returns.
//
// Contract (OpenTitan dif_result_t style):
//   kOk           the call did what it says.
//   kBadArg       an argument was out of range; NO register was touched.
//   kUnavailable  the unit or feature is absent on this build/board (e.g. FT
//                 hooks without FT, a probe that found nothing); a retry is
//                 side-effect free.
//   kNotFound     a discovery scan completed and did not find the unit.
//   kMismatch     the hardware answered, but not what the layout expects
//                 (e.g. a probe register with the wrong value).
//   kFailed       a self-test or verification step observed a wrong value.
#pragma once

#include <stdint.h>

// Linked against an installed package, C++ names must carry uint32_t as the
// package's compiler had it (its ABI check, pmukit_abi.h, names the type).
// On RV32 GCC's uint32_t is unsigned long and clang's unsigned int: clang
// code would compile and then find none of the package's C++ functions.
#ifdef PMUKIT_PACKAGE_UINT32_T
static_assert(__is_same(uint32_t, PMUKIT_PACKAGE_UINT32_T),
              "pmukit: this package's C++ API was compiled with another uint32_t type than this compiler's (RV32: "
              "GCC's is unsigned long, clang's unsigned int), so its C++ names would not link: call it through "
              "the C API (pmu/c/), or build pmukit from source with this compiler (pmukit.mk, add_subdirectory)");
#endif

/// pmukit: drivers for performance-monitoring units (SafeSU, CM, GRLIB, RISC-V counters), freestanding C++17.
namespace pmu {

/// The outcome of a pmukit call (this header's contract); [[nodiscard]], so a dropped status does not compile under -Werror.
enum class [[nodiscard]] Status : uint8_t {
  kOk = 0,           ///< The call did what it says.
  kBadArg = 1,       ///< An argument was out of range; no register was touched.
  kUnavailable = 2,  ///< Unit or feature absent on this build/board; a retry is side-effect free.
  kNotFound = 3,     ///< A discovery scan completed and did not find the unit.
  kMismatch = 4,     ///< The hardware answered, but not what the layout expects.
  kFailed = 5,       ///< A self-test or verification step observed a wrong value.
};

/// True for Status::kOk.
constexpr bool ok(Status s) { return s == Status::kOk; }

/// A short lower-case name for s ("ok", "bad-arg", ...); "unknown" for a value outside the enum.
constexpr const char* to_string(Status s) {
  switch (s) {
    case Status::kOk: return "ok";
    case Status::kBadArg: return "bad-arg";
    case Status::kUnavailable: return "unavailable";
    case Status::kNotFound: return "not-found";
    case Status::kMismatch: return "mismatch";
    case Status::kFailed: return "failed";
  }
  return "unknown";
}

namespace detail {
// An unsigned integer of N bytes (1, 2, 4 or 8).
template <unsigned N>
constexpr auto uint_of_size() {
  static_assert(N == 1 || N == 2 || N == 4 || N == 8, "an unsigned integer of 1, 2, 4 or 8 bytes");
  if constexpr (N == 1) return uint8_t{};
  else if constexpr (N == 2) return uint16_t{};
  else if constexpr (N == 4) return uint32_t{};
  else return uint64_t{};
}
template <unsigned N>
struct UintOfSize {
  using type = decltype(uint_of_size<N>());
};

// How a Result<T> is laid out: the status kept as wide as T is aligned (at
// most a register), so the pair has no padding; and the pair aligned to its
// whole size when that is at most two registers, so GCC gives it an integer
// mode and builds it in registers. A one-byte status left padding, and a
// pair aligned as T alone had no integer mode: GCC -Os then assembled the
// returned registers on the stack (a frame, a byte store, a load: up to 4
// more instructions in every call returning a Result<uint32_t>). A larger
// pair (Result<uint64_t> on RV32) is returned in memory either way.
template <typename T>
struct ResultLayout {
  static constexpr unsigned kStatusBytes = alignof(T) < sizeof(void*) ? alignof(T) : sizeof(void*);
  using StatusWord = typename UintOfSize<kStatusBytes>::type;
  static constexpr unsigned kPair = sizeof(T) + kStatusBytes;
  static constexpr bool kWholeAligned =
      sizeof(T) == kStatusBytes && kPair <= 2 * sizeof(void*) && (kPair & (kPair - 1)) == 0;
  static constexpr unsigned kAlign = kWholeAligned ? kPair : alignof(T);
  // A pair that fits one register is held as one integer, the value in the
  // low half and the status in the high half. Each return then builds its
  // own word (a success: the value zero-extended; a failure: a constant), and
  // the paths meet on one register. Held as two members, -Os joined the paths
  // first and packed after the join, in every such call: a zero status
  // shifted and or-ed in, and the value zero-extended again (8 bytes per
  // getter on RV64).
  static constexpr bool kOneWord = kWholeAligned && kPair <= sizeof(void*) && __is_trivially_copyable(T);
};

// The storage of a Result<T>: a value and a status (the general case).
template <typename T, bool kOneWord = ResultLayout<T>::kOneWord>
class ResultStorage {
  using StatusWord = typename ResultLayout<T>::StatusWord;

 public:
  constexpr ResultStorage(T value, StatusWord status) : value_(value), status_(status) {}
  constexpr StatusWord status_word() const { return status_; }
  constexpr T value() const { return value_; }

 private:
  T value_;
  StatusWord status_;
};

// One register: value | status << (8 * sizeof(T)).
template <typename T>
class ResultStorage<T, true> {
  using StatusWord = typename ResultLayout<T>::StatusWord;
  using Word = typename UintOfSize<ResultLayout<T>::kPair>::type;
  static constexpr unsigned kShift = 8 * sizeof(T);

 public:
  constexpr ResultStorage(T value, StatusWord status)
      : word_(static_cast<Word>(__builtin_bit_cast(StatusWord, value) | (static_cast<Word>(status) << kShift))) {}
  constexpr StatusWord status_word() const { return static_cast<StatusWord>(word_ >> kShift); }
  constexpr T value() const { return __builtin_bit_cast(T, static_cast<StatusWord>(word_)); }

 private:
  Word word_;
};
}  // namespace detail

/// A value or a status: what a call that reads something returns.
template <typename T>
class [[nodiscard]] alignas(detail::ResultLayout<T>::kAlign) Result {
  using StatusWord = typename detail::ResultLayout<T>::StatusWord;

 public:
  /// A successful result holding value (implicit, so `return v;` works).
  constexpr Result(T value) : held_(value, 0) {}  // NOLINT
  /// A failed result: status (should not be kOk); value() is then T{}.
  constexpr Result(Status status) : held_(T(), static_cast<StatusWord>(status)) {}  // NOLINT
  /// True when the call succeeded and value() is meaningful.
  constexpr bool ok() const { return held_.status_word() == 0; }
  /// The call's status (kOk on success).
  constexpr Status status() const { return static_cast<Status>(held_.status_word()); }
  /// The value; T{} when !ok().
  constexpr T value() const { return held_.value(); }
  /// The value when ok(), else fallback.
  constexpr T value_or(T fallback) const { return ok() ? held_.value() : fallback; }

 private:
  detail::ResultStorage<T> held_;
};

/// A Result as the type its caller returns: the Result itself, or a
/// trivially copyable type of its size whose bytes it has (the C API's
/// answers: src/capi/handle.hpp checks them field by field). For a hook's
/// out-of-line step, so that a C function, which returns its answer struct,
/// reaches the step by a tail jump as the C++ hook does. (A C function's
/// own return statement converts with PMU_C_ANSWER instead: handle.hpp says
/// why an inline function returning the struct costs there.)
template <typename Answer, typename T>
__attribute__((always_inline)) constexpr Answer answer_as(Result<T> r) {
  if constexpr (__is_same(Answer, Result<T>)) {
    return r;
  } else {
    static_assert(sizeof(Answer) == sizeof(Result<T>) && __is_trivially_copyable(Answer),
                  "an answer has its Result's size and bytes");
    return __builtin_bit_cast(Answer, r);
  }
}

}  // namespace pmu
