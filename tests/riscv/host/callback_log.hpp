// SPDX-License-Identifier: Apache-2.0
// A callback that records which sources it was called for, and (if given a
// backend) how many accesses had been made at each call, so a test can say
// "every callback ran before any acknowledge".
#pragma once

#include <cstddef>
#include <vector>

#include "host/backend.hpp"

namespace pmu::test {

struct CallbackLog {
  std::vector<unsigned> order;
  Backend* bus = nullptr;
  std::vector<size_t> log_at_call;
};

inline void record_callback(void* ctx, unsigned source) {
  auto* s = static_cast<CallbackLog*>(ctx);
  s->order.push_back(source);
  if (s->bus != nullptr) s->log_at_call.push_back(s->bus->log.size());
}

}  // namespace pmu::test
