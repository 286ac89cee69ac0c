// SPDX-License-Identifier: Apache-2.0
// The flag side of the 64-bit software extension (pmu/util/wide_counter.hpp):
// a pass of the flag point counts once per setting of the flag, whether the
// values showed it or only the flag did, and a flag software clears or sets
// counts nothing.
#include <gtest/gtest.h>

#include "pmu/util/wide_counter.hpp"

namespace {

using pmu::util::BasicWideCounter;
using pmu::util::FlagAt;
using pmu::util::WideCounter;
using pmu::util::WideCounter32;

constexpr uint64_t k12 = 1u << 12;

TEST(WideCounterFlag, AReadWithTheFlagSetCountsAnUnseenWrapOnce) {
  WideCounter c(12);
  c.restart(0x100);
  EXPECT_EQ(c.observe_flag_set(0x180), k12 + 0x80);  // a whole period went by: only the flag says so
  EXPECT_EQ(c.observe_flag_set(0x190), k12 + 0x90);  // the same flag: not again
  EXPECT_EQ(c.observe_flagged(0x1A0), k12 + 0xA0);   // the hook, which clears it: not again
  EXPECT_EQ(c.observe_flagged(0x1B0), 2 * k12 + 0xB0);  // a new setting: the next period
}

TEST(WideCounterFlag, AWrapTheValuesShowIsNotCountedAgainByTheFlag) {
  WideCounter c(12);
  c.restart(k12 - 0x10);
  EXPECT_EQ(c.observe(0x20), 0x30u);              // wrapped: seen in the values
  EXPECT_EQ(c.observe_flag_set(0x40), 0x50u);     // the flag that wrap set
  EXPECT_EQ(c.observe_flag_set(0x10), k12 + 0x20);  // a later wrap, flag still set: from the values
}

TEST(WideCounterFlag, AFlagSoftwareClearedOrSetCountsNothing) {
  WideCounter c(12);
  c.restart(0x100);
  EXPECT_EQ(c.observe(0x200), 0x100u);
  c.flag_occupied();                              // set by software: no pass
  EXPECT_EQ(c.observe_flag_set(0x300), 0x200u);
  c.flag_cleared();                               // cleared by software
  EXPECT_EQ(c.observe(0x400), 0x300u);
  EXPECT_EQ(c.observe_flag_set(0x380), k12 + 0x280);  // now a real, unseen wrap
  WideCounter d(12);
  d.restart(0x100, 0, true);                      // restarted with the flag set
  EXPECT_EQ(d.observe_flag_set(0x110), 0x10u);
}

// The CM's documents differ on where the flag sets (all ones or the wrap):
// a hook that finds the counter at all ones (stopped there by Perf_Ovf_Stop)
// counts no wrap; one that finds it wrapped counts the wrap once.
TEST(WideCounterFlag, AllOnesOrWrapCountsTheRightTotalForEitherReading) {
  using Cm = BasicWideCounter<uint32_t, FlagAt::kAllOnesOrWrap>;
  Cm at_all_ones;
  at_all_ones.restart(0x10);
  EXPECT_EQ(at_all_ones.observe_flagged(0xFFFFFFFFu), 0xFFFFFFEFu);
  Cm wrapped;
  wrapped.restart(0x10);
  EXPECT_EQ(wrapped.observe_flagged(0x5), 0x100000000ull - 0x10 + 0x5);  // the values show the wrap
  Cm seen;
  seen.restart(0xFFFFFFF0u);
  EXPECT_EQ(seen.observe_flagged(0x5), 0x15u);
  // On the wrap-only reading the same hook adds a period.
  WideCounter32 wrap_only;
  wrap_only.restart(0x10);
  EXPECT_EQ(wrap_only.observe_flagged(0xFFFFFFFFu), 0x100000000ull + 0xFFFFFFEFu);
}

// A whole period to the count with the flag set: the value is where it was
// (a delta of 0), and only the flag says a period went by. On the wrap-to-0
// reading the flag point is 0 itself, so a counter last seen at 0 and seen at
// 0 again has passed it, once.
TEST(WideCounterFlag, AWholePeriodWithNoDeltaIsCountedByTheFlag) {
  WideCounter at_zero(12);
  at_zero.restart(0);
  EXPECT_EQ(at_zero.observe_flag_set(0), k12);
  EXPECT_EQ(at_zero.observe_flag_set(0), k12);  // the same flag: not again
  WideCounter elsewhere(12);
  elsewhere.restart(0x123);
  EXPECT_EQ(elsewhere.observe_flagged(0x123), k12);
}

// Last seen on all ones, the all-ones point is behind the counter: only the
// wrap is still ahead, and a delta that shows it counts it (no period more).
TEST(WideCounterFlag, AllOnesOrWrapFromAllOnesCountsTheWrapTheValuesShow) {
  using Cm = BasicWideCounter<uint32_t, FlagAt::kAllOnesOrWrap>;
  Cm c;
  c.restart(0xFFFFFFFFu);
  EXPECT_EQ(c.observe_flag_set(0x5), 0x6u);
  Cm hooked;
  hooked.restart(0x10);
  EXPECT_EQ(hooked.observe_flagged(0xFFFFFFFFu), 0xFFFFFFEFu);  // the hook at all ones clears the flag
  EXPECT_EQ(hooked.observe_flagged(0x5), 0xFFFFFFEFu + 0x6u);    // the wrap after it sets it again: in the values
}

// flag_seen() after an observation made with the flag set: the pass that
// set it counts once, a period only when no observation showed it (the CM's
// clear_overflow() reads the flags of several counters before their counts).
TEST(WideCounterFlag, FlagSeenCountsAPassNoObservationShowedOnce) {
  using Cm = BasicWideCounter<uint32_t, FlagAt::kAllOnesOrWrap>;
  constexpr uint64_t k32 = uint64_t{1} << 32;
  Cm hidden;  // a whole period only the flag shows
  hidden.restart(0x10, 100);
  (void)hidden.observe(0x20);
  hidden.flag_seen();
  EXPECT_EQ(hidden.total(), 100 + 0x10 + k32);
  hidden.flag_seen();  // the same flag: not again
  (void)hidden.observe(0x30);
  hidden.flag_seen();
  EXPECT_EQ(hidden.total(), 100 + 0x20 + k32);
  Cm shown;  // the delta passed all ones and the wrap: that is the pass
  shown.restart(0xFFFFFFF0u, 100);
  (void)shown.observe(0x8);
  shown.flag_seen();
  EXPECT_EQ(shown.total(), 100u + 0x18u);
  Cm counted;  // an earlier observation showed the pass
  counted.restart(0xFFFFFFF0u, 100);
  (void)counted.observe(0xFFFFFFFFu);
  (void)counted.observe(0xFFFFFFFFu);
  counted.flag_seen();
  EXPECT_EQ(counted.total(), 100u + 0xFu);
  Cm occupied;  // restarted with the flag standing for no pass
  occupied.restart(0x10, 100, true);
  (void)occupied.observe(0x20);
  occupied.flag_seen();
  EXPECT_EQ(occupied.total(), 100u + 0x10u);
  WideCounter narrow(12);
  narrow.restart(0x100);
  (void)narrow.observe(0x180);
  narrow.flag_seen();
  EXPECT_EQ(narrow.total(), k12 + 0x80);
}

// Where a delta shows the pass, against a statement free of the counter's
// modular arithmetic: the values last + 1 .. last + d, as plain integers,
// include a flag point (2^w, the wrap; for all ones or the wrap, 2^w - 1
// too). observe() then flag_seen() adds the period exactly when they do not.
template <typename Raw, FlagAt kAt>
void ExpectPassShownExactlyWhenAFlagPointIsCrossed(unsigned width, uint64_t last, uint64_t d) {
  const uint64_t period = uint64_t{1} << width;
  const auto crossed = [last, d](uint64_t point) { return last < point && point <= last + d; };
  const bool shown = crossed(period) || (kAt == FlagAt::kAllOnesOrWrap && crossed(period - 1));
  BasicWideCounter<Raw, kAt> c(width);
  c.restart(last);
  c.observe((last + d) & (period - 1));
  c.flag_seen();
  ASSERT_EQ(c.total(), d + (shown ? 0 : period)) << "width " << width << " last " << last << " d " << d;
}

TEST(WideCounterFlag, ADeltaShowsThePassExactlyWhenItCrossesAFlagPoint) {
  for (unsigned width = 1; width <= 6; ++width) {
    const uint64_t top = (uint64_t{1} << width) - 1;
    for (uint64_t last = 0; last <= top; ++last) {
      for (uint64_t d = 0; d <= top; ++d) {
        ExpectPassShownExactlyWhenAFlagPointIsCrossed<uint64_t, FlagAt::kWrapToZero>(width, last, d);
        ExpectPassShownExactlyWhenAFlagPointIsCrossed<uint64_t, FlagAt::kAllOnesOrWrap>(width, last, d);
      }
    }
  }
  // Exactly 32 bits (the CM's counters) and 63 (a probed RISC-V width): the
  // edges around both points, from either side.
  const struct {
    unsigned width;
    uint64_t top;
  } wide[] = {{32, 0xFFFFFFFFull}, {63, (uint64_t{1} << 63) - 1}};
  for (const auto& w : wide) {
    const uint64_t lasts[] = {0, 1, 2, w.top / 2, w.top / 2 + 1, w.top - 2, w.top - 1, w.top};
    for (const uint64_t last : lasts) {
      const uint64_t to_top = w.top - last;
      const uint64_t ds[] = {0, 1, 2, to_top - 1, to_top, to_top + 1, to_top + 2, w.top - 1, w.top};
      for (const uint64_t d : ds) {
        if (d > w.top) continue;  // to_top - 1 when last is the top
        if (w.width == 32) {
          ExpectPassShownExactlyWhenAFlagPointIsCrossed<uint32_t, FlagAt::kWrapToZero>(32, last, d);
          ExpectPassShownExactlyWhenAFlagPointIsCrossed<uint32_t, FlagAt::kAllOnesOrWrap>(32, last, d);
        }
        ExpectPassShownExactlyWhenAFlagPointIsCrossed<uint64_t, FlagAt::kWrapToZero>(w.width, last, d);
        ExpectPassShownExactlyWhenAFlagPointIsCrossed<uint64_t, FlagAt::kAllOnesOrWrap>(w.width, last, d);
      }
    }
  }
}

}  // namespace
