// SPDX-License-Identifier: Apache-2.0
// The libgcc helpers GCC calls for 64-bit arithmetic and bit builtins on
// SPARC V8. Debian's 32-bit sparc64-linux-gnu libgcc is built for V8+
// (UltraSPARC: movcc, srlx, return), which LEON3 cannot execute and which
// marks the ELF "Sparc v8+" so qemu-system-sparc refuses to load it. This
// board therefore links without -lgcc and provides the helpers here, written
// with 32-bit operations only so none of them calls itself.
#include <stdint.h>

namespace {

struct U64 {
  uint32_t hi;
  uint32_t lo;
};

inline U64 split(uint64_t v) { return U64{static_cast<uint32_t>(v >> 32), static_cast<uint32_t>(v)}; }
inline uint64_t join(U64 v) { return (static_cast<uint64_t>(v.hi) << 32) | v.lo; }

int clz32(uint32_t x) {
  if (x == 0) return 32;
  int n = 0;
  if ((x & 0xFFFF0000u) == 0) { n += 16; x <<= 16; }
  if ((x & 0xFF000000u) == 0) { n += 8; x <<= 8; }
  if ((x & 0xF0000000u) == 0) { n += 4; x <<= 4; }
  if ((x & 0xC0000000u) == 0) { n += 2; x <<= 2; }
  if ((x & 0x80000000u) == 0) { n += 1; }
  return n;
}

int ctz32(uint32_t x) {
  if (x == 0) return 32;
  int n = 0;
  while ((x & 1u) == 0) { ++n; x >>= 1; }
  return n;
}

int popcount32(uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return static_cast<int>((x * 0x01010101u) >> 24);
}

U64 shl(U64 v, unsigned s) {
  if (s == 0) return v;
  if (s >= 32) return U64{v.lo << (s - 32), 0};
  return U64{(v.hi << s) | (v.lo >> (32 - s)), v.lo << s};
}

U64 shr(U64 v, unsigned s) {
  if (s == 0) return v;
  if (s >= 32) return U64{0, v.hi >> (s - 32)};
  return U64{v.hi >> s, (v.lo >> s) | (v.hi << (32 - s))};
}

// Restoring division, one quotient bit per step, from the numerator's
// highest set bit. Division by zero returns quotient all ones (no trap).
uint64_t udivmod(uint64_t num, uint64_t den, uint64_t* rem) {
  const U64 n = split(num);
  const U64 d = split(den);
  if (n.hi == 0 && d.hi == 0) {
    if (d.lo == 0) {
      if (rem != nullptr) *rem = num;
      return ~0ull;
    }
    if (rem != nullptr) *rem = n.lo % d.lo;
    return n.lo / d.lo;
  }
  if (den == 0) {
    if (rem != nullptr) *rem = num;
    return ~0ull;
  }
  const int top = n.hi != 0 ? 63 - clz32(n.hi) : 31 - clz32(n.lo);
  U64 q{0, 0};
  U64 r{0, 0};
  for (int i = top; i >= 0; --i) {
    r = shl(r, 1);
    const uint32_t bit = i >= 32 ? (n.hi >> (i - 32)) & 1u : (n.lo >> i) & 1u;
    r.lo |= bit;
    q = shl(q, 1);
    if (join(r) >= den) {
      r = split(join(r) - den);
      q.lo |= 1u;
    }
  }
  if (rem != nullptr) *rem = join(r);
  return join(q);
}

uint64_t neg_if(uint64_t v, bool neg) { return neg ? 0 - v : v; }

}  // namespace

extern "C" {

uint64_t __udivdi3(uint64_t a, uint64_t b) { return udivmod(a, b, nullptr); }

uint64_t __umoddi3(uint64_t a, uint64_t b) {
  uint64_t r = 0;
  (void)udivmod(a, b, &r);
  return r;
}

int64_t __divdi3(int64_t a, int64_t b) {
  const bool na = a < 0;
  const bool nb = b < 0;
  const uint64_t q = udivmod(neg_if(static_cast<uint64_t>(a), na), neg_if(static_cast<uint64_t>(b), nb), nullptr);
  return static_cast<int64_t>(neg_if(q, na != nb));
}

int64_t __moddi3(int64_t a, int64_t b) {
  const bool na = a < 0;
  uint64_t r = 0;
  (void)udivmod(neg_if(static_cast<uint64_t>(a), na), neg_if(static_cast<uint64_t>(b), b < 0), &r);
  return static_cast<int64_t>(neg_if(r, na));
}

int64_t __ashldi3(int64_t a, int s) {
  return static_cast<int64_t>(join(shl(split(static_cast<uint64_t>(a)), static_cast<unsigned>(s) & 63)));
}

uint64_t __lshrdi3(uint64_t a, int s) { return join(shr(split(a), static_cast<unsigned>(s) & 63)); }

int64_t __ashrdi3(int64_t a, int s) {
  const unsigned n = static_cast<unsigned>(s) & 63;
  const U64 v = split(static_cast<uint64_t>(a));
  const int32_t hi = static_cast<int32_t>(v.hi);  // GCC: >> of a negative int is arithmetic
  if (n == 0) return a;
  if (n >= 32) {
    return static_cast<int64_t>(join(U64{static_cast<uint32_t>(hi >> 31), static_cast<uint32_t>(hi >> (n - 32))}));
  }
  return static_cast<int64_t>(join(U64{static_cast<uint32_t>(hi >> n), (v.lo >> n) | (v.hi << (32 - n))}));
}

int64_t __muldi3(int64_t a, int64_t b) {
  const U64 x = split(static_cast<uint64_t>(a));
  const U64 y = split(static_cast<uint64_t>(b));
  uint64_t p = static_cast<uint64_t>(x.lo) * y.lo;  // umul: 32x32 -> 64 in hardware
  const uint32_t cross = x.hi * y.lo + x.lo * y.hi;
  U64 r = split(p);
  r.hi += cross;
  return static_cast<int64_t>(join(r));
}

int __clzsi2(uint32_t x) { return clz32(x); }
int __ctzsi2(uint32_t x) { return ctz32(x); }
int __clzdi2(uint64_t x) {
  const U64 v = split(x);
  return v.hi != 0 ? clz32(v.hi) : 32 + clz32(v.lo);
}
int __ctzdi2(uint64_t x) {
  const U64 v = split(x);
  return v.lo != 0 ? ctz32(v.lo) : 32 + ctz32(v.hi);
}
int __popcountsi2(uint32_t x) { return popcount32(x); }
int __popcountdi2(uint64_t x) {
  const U64 v = split(x);
  return popcount32(v.hi) + popcount32(v.lo);
}
int __paritysi2(uint32_t x) { return popcount32(x) & 1; }
int __paritydi2(uint64_t x) { return __popcountdi2(x) & 1; }
int __ffssi2(uint32_t x) { return x == 0 ? 0 : ctz32(x) + 1; }
int __ffsdi2(uint64_t x) { return x == 0 ? 0 : __ctzdi2(x) + 1; }
uint32_t __bswapsi2(uint32_t x) {
  return (x >> 24) | ((x >> 8) & 0xFF00u) | ((x << 8) & 0xFF0000u) | (x << 24);
}
uint64_t __bswapdi2(uint64_t x) {
  const U64 v = split(x);
  return join(U64{__bswapsi2(v.lo), __bswapsi2(v.hi)});
}
int __cmpdi2(int64_t a, int64_t b) { return a < b ? 0 : a > b ? 2 : 1; }
int __ucmpdi2(uint64_t a, uint64_t b) { return a < b ? 0 : a > b ? 2 : 1; }

}  // extern "C"
