// SPDX-License-Identifier: Apache-2.0
// Registers and fields as typed compile-time descriptors (tock-registers /
// svd2rust / Kvasir style, built from constexpr values rather than type lists).
//
// A register family is a tag type that states its word type, its access and
// the bits that must never be written back as read:
//
//   struct Cfg0 {
//     using word_t = uint32_t;
//     static constexpr Access kAccess = Access::kRW;
//     static constexpr word_t kNoWriteBack = 0x1A;  // optional; default 0
//   };
//
// Field<Cfg0>, PulseField<Cfg0>, Value<Cfg0> and Reg<Cfg0> belong to that
// register only: putting a field of register A into a value of register B,
// or a value of A into register B, does not compile.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/util/bits.hpp"

/// Typed registers: fields, values and access verbs checked at compile time.
namespace pmu::reg {

/// How software may access a register or field.
enum class Access : uint8_t {
  kRW,   ///< Read and write.
  kRO,   ///< Read only; the hardware ignores writes.
  kWO,   ///< Write only; reads return nothing useful.
  kW1C,  ///< Read; writing 1 clears, writing 0 leaves alone.
};

/// True unless a is Access::kWO.
constexpr bool readable(Access a) { return a != Access::kWO; }
/// True unless a is Access::kRO.
constexpr bool writable(Access a) { return a != Access::kRO; }

namespace detail {
template <typename...>
using void_t = void;
// Tag::kNoWriteBack if the tag declares it, else 0.
template <typename Tag, typename = void>
struct NoWriteBack {
  static constexpr typename Tag::word_t value = 0;
};
template <typename Tag>
struct NoWriteBack<Tag, void_t<decltype(Tag::kNoWriteBack)>> {
  static constexpr typename Tag::word_t value = Tag::kNoWriteBack;
};
}  // namespace detail

/// The bits of a register family that modify() and pulse() never copy from a
/// read into the value they write: level-action bits that software sets and
/// releases (soft resets, update strobes), bits whose read-back is not
/// documented, read-only fields.
template <typename Tag>
constexpr typename Tag::word_t no_write_back() {
  return detail::NoWriteBack<Tag>::value;
}

/// A field of register family Tag: 'width' bits at bit 'pos' (tag scheme: this header).
template <typename Tag>
struct Field {
  using word_t = typename Tag::word_t;                       ///< The register's word type (Tag::word_t).
  static constexpr unsigned kWordBits = sizeof(word_t) * 8;  ///< Width of the register word in bits.

  uint8_t pos;    ///< Lowest bit of the field.
  uint8_t width;  ///< Number of bits.
  Access access;  ///< Access of this field (defaults to the register's).

  /// A field of w bits at bit p with access a.
  constexpr Field(unsigned p, unsigned w, Access a = Tag::kAccess)
      : pos(static_cast<uint8_t>(p)), width(static_cast<uint8_t>(w)), access(a) {}

  /// Largest value the field holds.
  // The accessors are always inlined: at -Os
  // GCC would otherwise call them out of line with run-time masks (measured
  // on the SafeSU driver), and a typed access must cost what a hand-written
  // mask costs.
  __attribute__((always_inline)) constexpr word_t max() const {
    return width >= kWordBits ? static_cast<word_t>(~word_t{0})
                              : static_cast<word_t>((word_t{1} << width) - 1);
  }
  /// The field's bits in the register.
  __attribute__((always_inline)) constexpr word_t mask() const { return static_cast<word_t>(max() << pos); }
  /// True when v fits in the field without truncation.
  constexpr bool fits(uint64_t v) const { return v <= static_cast<uint64_t>(max()); }
  /// Well formed: non-empty and inside the register.
  constexpr bool valid() const { return width > 0 && pos + width <= kWordBits; }

  /// v placed at the field's position (truncated to the field's width).
  __attribute__((always_inline)) constexpr word_t encode(word_t v) const { return static_cast<word_t>((v & max()) << pos); }
  /// The field's value in raw, shifted down to bit 0.
  __attribute__((always_inline)) constexpr word_t extract(word_t raw) const { return static_cast<word_t>((raw >> pos) & max()); }
};

/// A one-bit field.
template <typename Tag>
constexpr Field<Tag> flag(unsigned pos, Access a = Tag::kAccess) {
  return Field<Tag>(pos, 1, a);
}

/// A level-action bit (a soft reset, an update strobe): pulse() sets it for
/// one write and releases it with the next. Only a PulseField can be pulsed.
template <typename Tag>
struct PulseField : Field<Tag> {
  /// The one-bit level-action field at bit 'bit' (the register's access).
  constexpr explicit PulseField(unsigned bit) : Field<Tag>(bit, 1) {}
};
template <typename Tag>
/// A PulseField at pos.
constexpr PulseField<Tag> pulse_flag(unsigned pos) {
  return PulseField<Tag>(pos);
}

/// A value of one register family.
template <typename Tag>
struct Value {
  using word_t = typename Tag::word_t;  ///< The register's word type (Tag::word_t).
  word_t raw;                           ///< The register word.

  /// Field f's value, shifted down to bit 0.
  __attribute__((always_inline)) constexpr word_t get(Field<Tag> f) const { return f.extract(raw); }
  /// True when field f is non-zero.
  __attribute__((always_inline)) constexpr bool test(Field<Tag> f) const { return f.extract(raw) != 0; }
  /// A copy with field f set to v (truncated to the field).
  __attribute__((always_inline)) constexpr Value with(Field<Tag> f, word_t v) const {
    return Value{static_cast<word_t>((raw & static_cast<word_t>(~f.mask())) | f.encode(v))};
  }
  /// A copy with one-bit field f set (on) or cleared.
  __attribute__((always_inline)) constexpr Value with_flag(Field<Tag> f, bool on) const { return with(f, on ? 1 : 0); }
  /// Set or clear the bits of a mask of this register (e.g. a per-counter mask).
  /// (No branch: -Os built each arm with its own copy of the address.)
  __attribute__((always_inline)) constexpr Value with_bits(word_t bits, bool on) const {
    return Value{static_cast<word_t>((raw & static_cast<word_t>(~bits)) | (bits & static_cast<word_t>(0u - on)))};
  }
  /// Same word.
  constexpr bool operator==(Value o) const { return raw == o.raw; }
  /// Different word.
  constexpr bool operator!=(Value o) const { return raw != o.raw; }
};

/// A register of a family at a byte offset from a unit's base address.
/// 'keep_out' is the register's never-write-back mask: the family's
/// (Tag::kNoWriteBack) plus, for a register whose action bits move with the
/// build (the SafeSU CFG1 update bits), the bits the layout adds.
/// Offset is uint32_t for a register a layout stores, and uintptr_t for one
/// reached through an index (RegAt, RegArray::at()): its offset is then
/// added in one register width, with no 32-bit sum to zero-extend before
/// the base is added (two instructions per indexed access on RV64).
template <typename Tag, typename Offset = uint32_t>
struct Reg {
  using word_t = typename Tag::word_t;     ///< The register's word type (Tag::word_t).
  Offset offset;                           ///< Byte offset from the unit's base address.
  word_t keep_out = no_write_back<Tag>();  ///< Bits modify() and pulse() never write back as read (see no_write_back()).

  /// Same offset and same keep_out mask (whatever the width of either offset).
  template <typename O>
  constexpr bool operator==(Reg<Tag, O> o) const {
    return offset == o.offset && keep_out == o.keep_out;
  }
  /// Not ==.
  template <typename O>
  constexpr bool operator!=(Reg<Tag, O> o) const {
    return !(*this == o);
  }
};

/// A register reached through an index: its offset in pointer width.
template <typename Tag>
using RegAt = Reg<Tag, uintptr_t>;

/// 'count' registers of one family at consecutive 32-bit words.
template <typename Tag>
struct RegArray {
  /// Bytes from one register of the array to the next (32-bit registers).
  static constexpr uint32_t kStride = 4;
  uint32_t offset;  ///< Byte offset of register 0 from the unit's base address.
  uint32_t count;   ///< Number of registers.

  /// Register i (offset + kStride i); no range check: see contains().
  __attribute__((always_inline)) constexpr RegAt<Tag> at(size_t i) const { return RegAt<Tag>{uintptr_t{offset} + kStride * i}; }
  /// True when i < count.
  constexpr bool contains(unsigned i) const { return i < count; }
};

}  // namespace pmu::reg
