// SPDX-License-Identifier: Apache-2.0
// The SafeSU as pmukit's emulated SoCs integrate it: the builds the QEMU
// boards emulate, by name, and the wiring of the model's interrupt outputs
// to board lines (written once, for every board, suite and example).
#pragma once

#include <stdint.h>

#include "pmu/safesu/layout.hpp"
#include "pmu_sim/safesu_model.hpp"

namespace pmu_sim {

/// A SafeSU model build (the RTL parameters the model follows).
using SafesuConfig = pmu::models::SafesuModel::Config;

/// A shipped build (pmu::safesu::shipped_params): 24 counters, no FT, the
/// current RTL's RDC and weight-0 behaviour, SoC event 0 not tied high.
constexpr SafesuConfig safesu_config(uint32_t n_soc_ev, uint32_t n_cores) {
  SafesuConfig c{};
  c.n_counters = 24;
  c.n_soc_ev = n_soc_ev;
  c.n_cores = n_cores;
  c.ft = false;
  c.rdc_new_vintage = true;
  c.weight0_triggers = false;
  c.event0_high = false;
  return c;
}
/// The model twin of a driver layout: the same counters, events, cores, FT
/// and RTL vintage (RDC bits, weight 0), so a test or an emulated SoC cannot
/// pair a layout with a model of another build. SoC event 0 is not tied high.
constexpr SafesuConfig safesu_config(const pmu::safesu::Layout& l) {
  SafesuConfig c = safesu_config(l.n_soc_ev, l.n_cores);
  c.n_counters = l.n_counters;
  c.ft = l.params.ft;
  c.rdc_new_vintage = l.params.vintage == pmu::safesu::RdcVintage::kMay2025;
  c.weight0_triggers = !l.params.weight0_never_fires;
  return c;
}
/// The build pmu::safesu::k4c128 describes.
constexpr SafesuConfig safesu_config_4c128() { return safesu_config(128, 4); }
/// The build pmu::safesu::k6c256 describes.
constexpr SafesuConfig safesu_config_6c256() { return safesu_config(256, 6); }

/// A model output that drives no board line (harness::map_mmio's "not wired").
constexpr uint8_t kNoLine = 0xFF;

/// The board lines of one SafeSU instance (kNoLine: not wired); MCCU core c
/// is on mccu0 + c.
struct SafesuLines {
  uint8_t overflow;  ///< counter overflow
  uint8_t quota;     ///< quota (deprecated unit)
  uint8_t rdc;       ///< request-duration counters
  uint8_t mccu0;     ///< MCCU core 0; core c is mccu0 + c
};

/// Model output bit -> board line, as harness::map_mmio takes it: overflow,
/// quota, RDC, FT1, FT2 (not wired), -, -, -, MCCU core 0..n_cores-1.
struct SafesuWiring {
  uint8_t lines[pmu::models::SafesuModel::kIrqMccuShift + pmu::models::SafesuModel::kMaxCores];  ///< line per output bit
  unsigned count;  ///< output bits in use
};

/// The wiring of a SafeSU with n_cores MCCU outputs on the lines l.
constexpr SafesuWiring safesu_wiring(const SafesuLines& l, unsigned n_cores) {
  using Model = pmu::models::SafesuModel;
  static_assert(Model::kIrqOverflow == 1u << 0 && Model::kIrqQuota == 1u << 1 && Model::kIrqRdc == 1u << 2,
                "output bits as the table below lays them out");
  SafesuWiring w{};
  for (uint8_t& line : w.lines) line = kNoLine;
  w.lines[0] = l.overflow;
  w.lines[1] = l.quota;
  w.lines[2] = l.rdc;
  for (unsigned c = 0; c < n_cores && c < Model::kMaxCores && l.mccu0 != kNoLine; ++c)
    w.lines[Model::kIrqMccuShift + c] = static_cast<uint8_t>(l.mccu0 + c);
  w.count = Model::kIrqMccuShift + (n_cores < Model::kMaxCores ? n_cores : Model::kMaxCores);
  return w;
}

}  // namespace pmu_sim
