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

// A callback that records its source and detaches its file's callback
// table: the hook must call no later callback, and still acknowledge.
template <typename File>
struct Detacher {
  File* file;
  std::vector<unsigned> order;
  static void detach(void* ctx, unsigned source) {
    auto* d = static_cast<Detacher*>(ctx);
    d->order.push_back(source);
    d->file->attach_callbacks(nullptr);
  }
};

}  // namespace pmu::test
