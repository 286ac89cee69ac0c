// SPDX-License-Identifier: Apache-2.0
// Static objects whose placement tools/object_ram.py must report: zero-
// initialised ones (small and large) in .sbss/.bss, initialised ones in
// .sdata/.data, a constant too large for small data in .rodata, a hidden
// one (objdump prints ".hidden" before its name), and one outside the scope.
namespace bench_ram {
struct Big {
  int words[16];
};
int zero;
int one = 1;
Big big;
Big big_set = {{1}};
extern const Big ro;
const Big ro = {{5}};
__attribute__((visibility("hidden"))) Big hidden;
}  // namespace bench_ram
int outside = 3;

extern "C" const void* const ram_fixture_keep[] = {&bench_ram::zero, &bench_ram::one, &bench_ram::big,
                                                   &bench_ram::big_set, &bench_ram::ro, &bench_ram::hidden,
                                                   &outside};
extern "C" const void* const* ram_fixture_entry() { return ram_fixture_keep; }
