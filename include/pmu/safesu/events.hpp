// SPDX-License-Identifier: Apache-2.0
// SoC event catalogues: what each SafeSU crossbar input means on one SoC.
//
// The SafeSU counts whatever the SoC integration wires to its event inputs;
// the unit itself does not name them (docs/hw/selene-events.md). A catalogue
// is that SoC's table as data: one Event per named input (name, crossbar
// index, type, core, and where the number comes from), looked up both ways
// at compile time or run time. Firmware on silicon routes by name with it,
// and pmukit's emulated SoC drives its inputs by the same table.
//
// Everything here is constexpr data and constexpr functions over it: no
// heap, no static constructors, no registers touched. A lookup walks the
// table once (O(entries)). The SELENE table is events_selene.hpp; a SoC of
// your own is a constexpr array of Event and an EventCatalogue over it
// (docs/safesu.md "Event catalogues").
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/status.hpp"

namespace pmu::safesu {

/// What kind of signal an input carries (docs/hw/selene-events.md).
enum class EventType : uint8_t {
  kPulse,       ///< high for one cycle per event (an instruction, a miss)
  kContention,  ///< contention cycle stack (CCS): high for as long as the condition lasts
  kDebug,       ///< tied to a fixed level for tests and debugging (see Event::level)
  kConstant,    ///< filler: tied to a fixed level, carries nothing (see Event::level)
};

/// Event::core / Event::peer of an input that belongs to no core.
constexpr uint8_t kNoCore = 0xFF;

/// One named crossbar input of a SoC.
struct Event {
  const char* name;         ///< unique within the catalogue, e.g. "core0.icache_miss"
  uint16_t index;           ///< crossbar input (the value Route::event takes)
  EventType type;           ///< signal kind
  uint8_t core;             ///< core the signal belongs to, or kNoCore
  uint8_t peer;             ///< kContention: the core whose traffic it waits for; else kNoCore
  uint8_t level;            ///< kDebug/kConstant: the fixed level (0 or 1); else 0
  const char* description;  ///< what the source says the signal is
  const char* source;       ///< where the number comes from (document and table)
};

/// One SoC's table. Inputs below n_inputs that no entry names are fillers:
/// event_at() answers them with type kConstant, level 0 and the name
/// "filler" (which event_index() does not accept: it names many inputs).
struct EventCatalogue {
  const char* soc;      ///< the SoC and SafeSU build, e.g. "SELENE 4c/128"
  uint16_t n_inputs;    ///< N_SOC_EV of the build the table describes
  uint8_t n_cores;      ///< cores of the build (MCCU_N_CORES)
  const Event* events;  ///< the named inputs
  size_t count;         ///< number of entries in events
  const char* source;   ///< where the table comes from (also each unlisted input's source)
};

namespace detail {
constexpr bool same_name(const char* a, const char* b) {
  for (; *a != '\0' && *a == *b; ++a, ++b) {
  }
  return *a == *b;
}
// In a constant expression a null table cannot be read anyway (the compiler
// refuses), and GCC's -fsanitize=null makes "&array != nullptr" non-constant:
// the table pointer is checked at run time only.
constexpr bool catalogue_usable(const EventCatalogue& c) {
  if (c.soc == nullptr || c.source == nullptr) return false;
  return __builtin_is_constant_evaluated() || c.events != nullptr || c.count == 0;
}
}  // namespace detail

/// The crossbar input named 'name'. kBadArg: name is null or the catalogue
/// is unusable (null pointers); kNotFound: no entry has that name. No
/// register access; O(entries) string compares.
constexpr Result<uint16_t> event_index(const EventCatalogue& cat, const char* name) {
  if (name == nullptr || !detail::catalogue_usable(cat)) return Status::kBadArg;
  for (size_t i = 0; i < cat.count; ++i)
    if (cat.events[i].name != nullptr && detail::same_name(cat.events[i].name, name)) return cat.events[i].index;
  return Status::kNotFound;
}

/// The entry of crossbar input 'index' (a filler entry for an input no
/// entry names, see EventCatalogue). kBadArg: index >= n_inputs or the
/// catalogue is unusable. No register access; O(entries).
constexpr Result<Event> event_at(const EventCatalogue& cat, unsigned index) {
  if (!detail::catalogue_usable(cat) || index >= cat.n_inputs) return Status::kBadArg;
  for (size_t i = 0; i < cat.count; ++i)
    if (cat.events[i].index == index) return cat.events[i];
  return Event{"filler", static_cast<uint16_t>(index), EventType::kConstant, kNoCore, kNoCore, 0,
               "filler signal, constant 0", cat.source};
}

/// The n-th entry (table order, from 0) of type 'type' that belongs to
/// 'core' (kNoCore: inputs of no core): e.g. core 2's second contention
/// signal. kBadArg: unusable catalogue; kNotFound: fewer such entries.
/// No register access; O(entries).
constexpr Result<Event> nth_event(const EventCatalogue& cat, EventType type, unsigned core, unsigned n) {
  if (!detail::catalogue_usable(cat)) return Status::kBadArg;
  for (size_t i = 0; i < cat.count; ++i) {
    const Event& e = cat.events[i];
    if (e.type == type && e.core == core) {
      if (n == 0) return e;
      --n;
    }
  }
  return Status::kNotFound;
}

/// Checks a table (yours, or a shipped one) once, e.g. in a static_assert:
/// every entry has a name and a description, an index below n_inputs and a
/// core (and peer) below n_cores or kNoCore; a kContention entry has a core
/// and a peer; fixed-level entries have level 0 or 1, others 0; no two
/// entries share an index or a name; no entry is named "filler". kBadArg
/// names the first rule broken only by returning it; check entries by hand
/// to find which. No register access; O(entries^2).
constexpr Status validate(const EventCatalogue& cat) {
  if (!detail::catalogue_usable(cat) || cat.n_inputs == 0) return Status::kBadArg;
  for (size_t i = 0; i < cat.count; ++i) {
    const Event& e = cat.events[i];
    if (e.name == nullptr || e.description == nullptr || e.source == nullptr) return Status::kBadArg;
    if (detail::same_name(e.name, "filler") || e.name[0] == '\0') return Status::kBadArg;
    if (e.index >= cat.n_inputs) return Status::kBadArg;
    if (e.core != kNoCore && e.core >= cat.n_cores) return Status::kBadArg;
    if (e.peer != kNoCore && (e.peer >= cat.n_cores || e.peer == e.core)) return Status::kBadArg;
    const bool contention = e.type == EventType::kContention;
    if (contention != (e.peer != kNoCore) || (contention && e.core == kNoCore)) return Status::kBadArg;
    const bool fixed = e.type == EventType::kDebug || e.type == EventType::kConstant;
    if (e.level > 1 || (!fixed && e.level != 0)) return Status::kBadArg;
    for (size_t j = 0; j < i; ++j)
      if (cat.events[j].index == e.index || detail::same_name(cat.events[j].name, e.name)) return Status::kBadArg;
  }
  return Status::kOk;
}

/// A short word for a type, for printing ("pulse", "ccs", "debug", "constant").
constexpr const char* to_string(EventType t) {
  switch (t) {
    case EventType::kPulse: return "pulse";
    case EventType::kContention: return "ccs";
    case EventType::kDebug: return "debug";
    case EventType::kConstant: return "constant";
  }
  return "?";
}

}  // namespace pmu::safesu
