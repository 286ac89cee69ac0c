// SPDX-License-Identifier: Apache-2.0
// The Sampler around a unit for the tests that run a unit's table against
// its model (units_*_test.cpp): one trigger, one group counter, every
// sample at pc 0x80000100, into a ring of its own.
#pragma once

#include <cstdint>
#include <vector>

#include "pmu/profile/ring.hpp"
#include "pmu/profile/sampler.hpp"

namespace pmu::profile::model_test {

struct OneGroupSampling {
  std::vector<uint64_t> storage = std::vector<uint64_t>(1024);
  SampleRing ring;
  Sampler sampler;
  GroupCounter group[1];
  CounterInfo names[1];

  // Configures the ring and the sampler, then starts the sampler (which arms the trigger).
  Status start(const Trigger& trigger, uint64_t period, const GroupCounter& counter, const CounterInfo& trigger_name,
               const CounterInfo& group_name) {
    group[0] = counter;
    names[0] = group_name;
    SamplerConfig cfg;
    cfg.trigger = trigger;
    cfg.period = period;
    cfg.group = group;
    cfg.group_count = 1;
    cfg.context = [](InterruptedContext* out) {
      *out = InterruptedContext{0x80000100, 0, 0, 0, 0, 0, 0};
      return true;
    };
    CaptureInfo info = capture_info_for(cfg);
    info.trigger = trigger_name;
    info.group = names;
    if (Status s = ring.init(storage.data(), storage.size() * 8, info); s != Status::kOk) return s;
    if (Status s = sampler.configure(cfg, &ring); s != Status::kOk) return s;
    return sampler.start();
  }
};

}  // namespace pmu::profile::model_test
