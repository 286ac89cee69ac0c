// SPDX-License-Identifier: Apache-2.0
// SoC event catalogues (pmu/safesu/events.hpp): the SELENE 4c/128 table
// against the SafeSU User's Manual (Oct 2022), Table 2.1 (transcribed in
// docs/hw/selene-events.md §1), lookups both ways, a user's own table, and
// the statuses of bad lookups and bad tables.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "host/backend.hpp"
#include "pmu/safesu/events.hpp"
#include "pmu/safesu/events_selene.hpp"
#include "pmu/safesu/layout.hpp"

namespace {
using namespace pmu::safesu;
using pmu::Status;

// The manual's per-core pulse rows, in the table's order (inputs 2 + 7c + k).
const char* const kPulseSignals[] = {"inst_pipe0",     "inst_pipe1", "icache_miss", "itlb_miss",
                                     "dcache_l1_miss", "dtlb_miss",  "branch_miss"};
const char* const kPulseText[] = {"Instruction count pipeline 0", "Instruction count pipeline 1",
                                  "Instruction cache miss",       "Instruction TLB miss",
                                  "Data caches L1 miss",          "Data TLB miss",
                                  "Branch predictor miss"};

// The lookups are usable in constant expressions (firmware routes by name
// at compile time).
static_assert(event_index(kSelene4c128, "const_high").value() == 0);
static_assert(event_index(kSelene4c128, "core3.branch_miss").value() == 29);
static_assert(event_at(kSelene4c128, 30).value().peer == 1);

TEST(SafesuEvents, SeleneTableIsTheManualsTable21) {
  EXPECT_EQ(kSelene4c128.n_inputs, 128u);
  EXPECT_EQ(kSelene4c128.n_cores, 4u);
  EXPECT_EQ(kSelene4c128.n_inputs, k4c128.params.n_soc_ev);
  EXPECT_EQ(kSelene4c128.n_cores, k4c128.n_cores);
  ASSERT_EQ(kSelene4c128.count, 42u);
  EXPECT_STREQ(kSelene4c128.source, "SafeSU User's Manual (Oct 2022), Table 2.1");

  // 0 and 1: the debug constants.
  const Event hi = event_at(kSelene4c128, 0).value();
  EXPECT_STREQ(hi.name, "const_high");
  EXPECT_EQ(hi.type, EventType::kDebug);
  EXPECT_EQ(hi.level, 1u);
  EXPECT_EQ(hi.core, kNoCore);
  const Event lo = event_at(kSelene4c128, 1).value();
  EXPECT_STREQ(lo.name, "const_low");
  EXPECT_EQ(lo.type, EventType::kDebug);
  EXPECT_EQ(lo.level, 0u);

  // 2..29: seven pulses per core.
  for (unsigned c = 0; c < 4; ++c) {
    for (unsigned k = 0; k < 7; ++k) {
      const unsigned index = 2 + 7 * c + k;
      const Event e = event_at(kSelene4c128, index).value();
      EXPECT_EQ(std::string(e.name), "core" + std::to_string(c) + "." + kPulseSignals[k]) << index;
      EXPECT_STREQ(e.description, kPulseText[k]) << index;
      EXPECT_EQ(e.type, EventType::kPulse) << index;
      EXPECT_EQ(e.core, c) << index;
      EXPECT_EQ(e.peer, kNoCore) << index;
    }
  }

  // 30..41: "Contention Ci over Cj", j running over the other cores.
  unsigned index = 30;
  for (unsigned i = 0; i < 4; ++i) {
    for (unsigned j = 0; j < 4; ++j) {
      if (j == i) continue;
      const Event e = event_at(kSelene4c128, index).value();
      const std::string ci = std::to_string(i);
      const std::string cj = std::to_string(j);
      EXPECT_EQ(std::string(e.name), "core" + ci + ".ccs_over_core" + cj) << index;
      EXPECT_EQ(std::string(e.description), "Contention C" + ci + " over C" + cj) << index;
      EXPECT_EQ(e.type, EventType::kContention) << index;
      EXPECT_EQ(e.core, i) << index;
      EXPECT_EQ(e.peer, j) << index;
      ++index;
    }
  }
  EXPECT_EQ(index, 42u);

  // 42..127: fillers, constant 0, no name that looks them up.
  for (unsigned f = 42; f < 128; ++f) {
    const auto e = event_at(kSelene4c128, f);
    ASSERT_TRUE(e.ok()) << f;
    EXPECT_EQ(e.value().index, f);
    EXPECT_EQ(e.value().type, EventType::kConstant);
    EXPECT_EQ(e.value().level, 0u);
    EXPECT_EQ(e.value().core, kNoCore);
    EXPECT_STREQ(e.value().name, "filler");
    EXPECT_STREQ(e.value().source, kSelene4c128.source);
  }
  EXPECT_EQ(event_index(kSelene4c128, "filler").status(), Status::kNotFound);
}

TEST(SafesuEvents, EveryEntryRoundTripsByNameAndIndex) {
  std::set<std::string> names;
  std::set<unsigned> indices;
  for (size_t i = 0; i < kSelene4c128.count; ++i) {
    const Event& e = kSelene4c128.events[i];
    EXPECT_EQ(e.index, i) << "the table is in index order";
    const auto by_name = event_index(kSelene4c128, e.name);
    ASSERT_TRUE(by_name.ok()) << e.name;
    EXPECT_EQ(by_name.value(), e.index) << e.name;
    const auto by_index = event_at(kSelene4c128, e.index);
    ASSERT_TRUE(by_index.ok()) << e.index;
    EXPECT_STREQ(by_index.value().name, e.name);
    EXPECT_STREQ(e.source, kSelene4c128.source);
    names.insert(e.name);
    indices.insert(e.index);
  }
  EXPECT_EQ(names.size(), kSelene4c128.count);
  EXPECT_EQ(indices.size(), kSelene4c128.count);
  EXPECT_EQ(validate(kSelene4c128), Status::kOk);
}

TEST(SafesuEvents, NthEventFindsACoresSignalsInTableOrder) {
  for (unsigned c = 0; c < 4; ++c) {
    for (unsigned n = 0; n < 3; ++n) {
      const auto e = nth_event(kSelene4c128, EventType::kContention, c, n);
      ASSERT_TRUE(e.ok());
      EXPECT_EQ(e.value().index, 30 + 3 * c + n);
    }
    EXPECT_EQ(nth_event(kSelene4c128, EventType::kContention, c, 3).status(), Status::kNotFound);
    EXPECT_EQ(nth_event(kSelene4c128, EventType::kPulse, c, 4).value().index, 2 + 7 * c + 4);
  }
  EXPECT_EQ(nth_event(kSelene4c128, EventType::kDebug, kNoCore, 1).value().index, 1u);
  EXPECT_EQ(nth_event(kSelene4c128, EventType::kPulse, 4, 0).status(), Status::kNotFound);
}

TEST(SafesuEvents, BadLookupsReturnAStatusAndTouchNothing) {
  pmu::test::NoAccessBackend none;
  pmu::test::ScopedBackend use(none);
  EXPECT_EQ(event_index(kSelene4c128, "core4.inst_pipe0").status(), Status::kNotFound);
  EXPECT_EQ(event_index(kSelene4c128, "core0.inst_pipe").status(), Status::kNotFound);  // a prefix
  EXPECT_EQ(event_index(kSelene4c128, "core0.inst_pipe00").status(), Status::kNotFound);
  EXPECT_EQ(event_index(kSelene4c128, "").status(), Status::kNotFound);
  EXPECT_EQ(event_index(kSelene4c128, nullptr).status(), Status::kBadArg);
  EXPECT_EQ(event_at(kSelene4c128, 128).status(), Status::kBadArg);
  EXPECT_EQ(event_at(kSelene4c128, 0xFFFFFFFFu).status(), Status::kBadArg);
  const EventCatalogue broken{"broken", 8, 2, nullptr, 3, "test"};
  EXPECT_EQ(event_index(broken, "a").status(), Status::kBadArg);
  EXPECT_EQ(event_at(broken, 0).status(), Status::kBadArg);
  EXPECT_EQ(nth_event(broken, EventType::kPulse, 0, 0).status(), Status::kBadArg);
  EXPECT_EQ(validate(broken), Status::kBadArg);
  const EventCatalogue broken_one{"broken", 8, 2, nullptr, 1, "test"};  // one entry, no table
  EXPECT_EQ(event_index(broken_one, "a").status(), Status::kBadArg);
  EXPECT_EQ(event_at(broken_one, 0).status(), Status::kBadArg);
  EXPECT_EQ(validate(broken_one), Status::kBadArg);
}

// No entries needs no table: a catalogue of fillers only is usable (at run
// time too, where the null table is checked).
TEST(SafesuEvents, ACatalogueWithoutEntriesNeedsNoTable) {
  const EventCatalogue fillers{"fillers only", 8, 2, nullptr, 0, "test"};
  EXPECT_EQ(event_index(fillers, "a").status(), Status::kNotFound);
  EXPECT_STREQ(event_at(fillers, 7).value().name, "filler");
  EXPECT_STREQ(event_at(fillers, 7).value().source, "test");
  EXPECT_EQ(event_at(fillers, 8).status(), Status::kBadArg);
  EXPECT_EQ(nth_event(fillers, EventType::kPulse, 0, 0).status(), Status::kNotFound);
  EXPECT_EQ(validate(fillers), Status::kOk);
}

// A user's own SoC: two cores, 16 inputs, its own names and source.
constexpr char kMySource[] = "my-soc integration spec rev B, table 7";
constexpr Event kMyEvents[] = {
    {"cycles", 0, EventType::kDebug, kNoCore, kNoCore, 1, "tied high", kMySource},
    {"cpu0.retired", 3, EventType::kPulse, 0, kNoCore, 0, "instruction retired", kMySource},
    {"cpu1.retired", 4, EventType::kPulse, 1, kNoCore, 0, "instruction retired", kMySource},
    {"cpu0.axi_wait", 9, EventType::kContention, 0, 1, 0, "cpu0 waits for cpu1 on the AXI port", kMySource},
};
constexpr EventCatalogue kMySoc{"my-soc 2c/16", 16, 2, kMyEvents, 4, kMySource};
static_assert(validate(kMySoc) == Status::kOk);
static_assert(event_index(kMySoc, "cpu0.axi_wait").value() == 9);

TEST(SafesuEvents, AUsersTableWorksTheSameWay) {
  EXPECT_EQ(event_index(kMySoc, "cpu1.retired").value(), 4u);
  EXPECT_STREQ(event_at(kMySoc, 9).value().name, "cpu0.axi_wait");
  EXPECT_EQ(event_at(kMySoc, 9).value().peer, 1u);
  EXPECT_STREQ(event_at(kMySoc, 3).value().source, kMySource);
  EXPECT_STREQ(event_at(kMySoc, 5).value().name, "filler");
  EXPECT_EQ(event_at(kMySoc, 16).status(), Status::kBadArg);
  EXPECT_EQ(event_index(kMySoc, "core0.inst_pipe0").status(), Status::kNotFound);
  EXPECT_EQ(nth_event(kMySoc, EventType::kPulse, 1, 0).value().index, 4u);
}

// Each rule of validate() caught by one bad table.
TEST(SafesuEvents, ValidateRefusesTablesThatBreakARule) {
  struct Case {
    const char* why;
    Event e[2];
  };
  const char* s = "src";
  const Case cases[] = {
      {"index past n_inputs", {{"a", 16, EventType::kPulse, 0, kNoCore, 0, "d", s}, {"b", 1, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
      {"two entries, one index", {{"a", 1, EventType::kPulse, 0, kNoCore, 0, "d", s}, {"b", 1, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
      {"two entries, one name", {{"a", 1, EventType::kPulse, 0, kNoCore, 0, "d", s}, {"a", 2, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
      {"core past n_cores", {{"a", 1, EventType::kPulse, 2, kNoCore, 0, "d", s}, {"b", 2, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
      {"contention without a peer", {{"a", 1, EventType::kContention, 0, kNoCore, 0, "d", s}, {"b", 2, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
      {"contention with itself", {{"a", 1, EventType::kContention, 0, 0, 0, "d", s}, {"b", 2, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
      {"peer on a pulse", {{"a", 1, EventType::kPulse, 0, 1, 0, "d", s}, {"b", 2, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
      {"level on a pulse", {{"a", 1, EventType::kPulse, 0, kNoCore, 1, "d", s}, {"b", 2, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
      {"level 2", {{"a", 1, EventType::kDebug, kNoCore, kNoCore, 2, "d", s}, {"b", 2, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
      {"named filler", {{"filler", 1, EventType::kConstant, kNoCore, kNoCore, 0, "d", s}, {"b", 2, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
      {"empty name", {{"", 1, EventType::kPulse, 0, kNoCore, 0, "d", s}, {"b", 2, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
      {"no name", {{nullptr, 1, EventType::kPulse, 0, kNoCore, 0, "d", s}, {"b", 2, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
      {"no source", {{"a", 1, EventType::kPulse, 0, kNoCore, 0, "d", nullptr}, {"b", 2, EventType::kPulse, 0, kNoCore, 0, "d", s}}},
  };
  for (const Case& c : cases) {
    const EventCatalogue cat{"bad", 16, 2, c.e, 2, s};
    EXPECT_EQ(validate(cat), Status::kBadArg) << c.why;
  }
  // The legal twin of every case above.
  const Event good[2] = {{"a", 1, EventType::kContention, 0, 1, 0, "d", s},
                         {"b", 15, EventType::kDebug, kNoCore, kNoCore, 1, "d", s}};
  EXPECT_EQ(validate(EventCatalogue{"good", 16, 2, good, 2, s}), Status::kOk);
  EXPECT_EQ(validate(EventCatalogue{"empty", 0, 2, good, 0, s}), Status::kBadArg) << "no inputs";
}

}  // namespace
