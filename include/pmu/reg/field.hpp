// SPDX-License-Identifier: Apache-2.0
// Registers and fields as typed compile-time descriptors (tock-registers /
// svd2rust / Kvasir style, built from constexpr values rather than type lists).
//
// A register family is a tag type that says its word type and its access:
//
//   struct Cfg0Tag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRW; };
//
// Field<Cfg0Tag> and Value<Cfg0Tag> belong to that register only: putting a
// field of register A into a value of register B does not compile.
#pragma once

#include <stdint.h>

#include "pmu/util/bits.hpp"

namespace pmu::reg {

enum class Access : uint8_t {
  kRW,   // read and write
  kRO,   // read only; writes are ignored by the hardware
  kWO,   // write only; reads return nothing useful
  kW1C,  // read; writing 1 clears, writing 0 leaves alone
};

constexpr bool readable(Access a) { return a != Access::kWO; }
constexpr bool writable(Access a) { return a != Access::kRO; }

template <typename Tag>
struct Field {
  using word_t = typename Tag::word_t;
  static constexpr unsigned kWordBits = sizeof(word_t) * 8;

  uint8_t pos;
  uint8_t width;
  Access access;

  constexpr Field(unsigned p, unsigned w, Access a = Tag::kAccess)
      : pos(static_cast<uint8_t>(p)), width(static_cast<uint8_t>(w)), access(a) {}

  // Largest value the field holds.
  constexpr word_t max() const {
    return width >= kWordBits ? static_cast<word_t>(~word_t{0})
                              : static_cast<word_t>((word_t{1} << width) - 1);
  }
  // The field's bits in the register.
  constexpr word_t mask() const { return static_cast<word_t>(max() << pos); }
  constexpr bool fits(uint64_t v) const { return v <= static_cast<uint64_t>(max()); }
  // Well formed: non-empty and inside the register.
  constexpr bool valid() const { return width > 0 && pos + width <= kWordBits; }

  constexpr word_t encode(word_t v) const { return static_cast<word_t>((v & max()) << pos); }
  constexpr word_t extract(word_t raw) const { return static_cast<word_t>((raw >> pos) & max()); }
};

// A one-bit field.
template <typename Tag>
constexpr Field<Tag> flag(unsigned pos, Access a = Tag::kAccess) {
  return Field<Tag>(pos, 1, a);
}

// A value of one register family.
template <typename Tag>
struct Value {
  using word_t = typename Tag::word_t;
  word_t raw;

  constexpr word_t get(Field<Tag> f) const { return f.extract(raw); }
  constexpr bool test(Field<Tag> f) const { return f.extract(raw) != 0; }
  constexpr Value with(Field<Tag> f, word_t v) const {
    return Value{static_cast<word_t>((raw & static_cast<word_t>(~f.mask())) | f.encode(v))};
  }
  constexpr Value with_flag(Field<Tag> f, bool on) const { return with(f, on ? 1 : 0); }
  constexpr bool operator==(Value o) const { return raw == o.raw; }
  constexpr bool operator!=(Value o) const { return raw != o.raw; }
};

// A register of a family at a byte offset from a unit's base address.
template <typename Tag>
struct Reg {
  uint32_t offset;
  constexpr bool operator==(Reg o) const { return offset == o.offset; }
};

}  // namespace pmu::reg
