// SPDX-License-Identifier: Apache-2.0
#include "pmu/profile/call_chain.hpp"

namespace pmu::profile {
namespace {

constexpr uintptr_t kWord = sizeof(uintptr_t);

uintptr_t word_at(uintptr_t addr) { return *reinterpret_cast<const uintptr_t*>(addr); }

// [lo, hi) words inside the stack, aligned.
bool in_stack(const InterruptedContext& c, uintptr_t lo, uintptr_t hi) {
  return (lo & (kWord - 1)) == 0 && lo >= c.stack_lo && hi <= c.stack_hi && lo < hi;
}

bool is_stack_address(const InterruptedContext& c, uintptr_t v) { return v >= c.stack_lo && v < c.stack_hi; }

}  // namespace

Chain walk_riscv(const InterruptedContext& c, uintptr_t* out, unsigned max) {
  Chain chain;
  if (out == nullptr) return chain;
  uintptr_t fp = c.fp;
  for (bool first = true; fp >= 2 * kWord && in_stack(c, fp - 2 * kWord, fp); first = false) {
    uintptr_t ra = word_at(fp - kWord);
    uintptr_t next = word_at(fp - 2 * kWord);
    if (first && is_stack_address(c, ra)) {  // a leaf: fp-1 word is the saved fp
      next = ra;
      ra = c.ra;
    }
    if (ra == 0) break;
    if (chain.depth == max) {
      chain.truncated = true;
      break;
    }
    out[chain.depth++] = ra;
    if (next <= fp) break;  // the chain only goes up the stack
    fp = next;
  }
  return chain;
}

Chain walk_sparc(const InterruptedContext& c, uintptr_t* out, unsigned max) {
  Chain chain;
  if (out == nullptr || c.ra == 0) return chain;
  if (max == 0) {
    chain.truncated = true;
    return chain;
  }
  out[chain.depth++] = c.ra;
  for (uintptr_t fp = c.fp; in_stack(c, fp, fp + 16 * kWord);) {
    const uintptr_t ra = word_at(fp + 15 * kWord);
    const uintptr_t next = word_at(fp + 14 * kWord);
    if (ra == 0) break;
    if (chain.depth == max) {
      chain.truncated = true;
      break;
    }
    out[chain.depth++] = ra;
    if (next <= fp) break;
    fp = next;
  }
  return chain;
}

}  // namespace pmu::profile
