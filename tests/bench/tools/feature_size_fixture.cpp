// SPDX-License-Identifier: Apache-2.0
// A program whose symbols tools/feature_size.py must read right: a member
// function with namespaced parameter types (the old tool dropped those), a
// function template (its demangled name starts with its return type), a
// class template's member, functions GCC clones (constprop, isra), one it
// inlines away, and a helper
// outside the counted scope. Compiled at -O2 (cloning) with
// -ffunction-sections and linked with --gc-sections.
namespace outer::inner {
struct Thing {
  int a;
  int b;
};
}  // namespace outer::inner

namespace lib {

struct Unit {
  __attribute__((noinline)) int route(const outer::inner::Thing* t, unsigned long n);
};

int Unit::route(const outer::inner::Thing* t, unsigned long n) {
  int s = 0;
  for (unsigned long i = 0; i < n; ++i) s += t[i].a * 3 + t[i].b;
  return s;
}

template <typename T>
struct Box {
  __attribute__((noinline)) T twice(T v) const { return v + v + static_cast<T>(k); }
  int k;
};

// A function template: its demangled name starts with its return type.
template <typename T>
__attribute__((noinline)) T pick(T a, T b) {
  return a > b ? a - b : b * 3;
}

// Called only with scale = 7: GCC makes scaled.constprop.0.
static __attribute__((noinline)) int scaled(const outer::inner::Thing* t, int scale) {
  int s = 0;
  for (int i = 0; i < t->a; ++i) s += (t->b ^ i) * scale;
  return s;
}

// Always inlined: no symbol of its own.
__attribute__((always_inline)) inline int tiny(int x) { return x * 5 + 1; }

}  // namespace lib

// Outside the counted scope (the program's own code).
extern "C" __attribute__((noinline)) int unrelated(int x) { return x ^ 0x55; }

extern "C" int fixture_entry(int x) {
  outer::inner::Thing t[2] = {{x, 2}, {3, x}};
  lib::Unit u;
  lib::Box<long> box{4};
  volatile int k = 7;
  (void)k;
  return u.route(t, 2) + lib::scaled(&t[0], 7) + lib::scaled(&t[1], 7) + lib::tiny(x) +
         static_cast<int>(box.twice(x)) + static_cast<int>(lib::pick<long>(x, 9)) + unrelated(x);
}
