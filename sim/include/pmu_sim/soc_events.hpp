// SPDX-License-Identifier: Apache-2.0
// The emulated SoC's event catalogue: the SafeSU crossbar inputs (SoC event
// numbers) it drives from the workload phases (sim/soc/soc.cpp), and that
// the examples route.
//
// The SafeSU does not define what its event inputs mean: the SoC integration
// wires them, and each integration has its own list (the public SELENE
// drivers even disagree with the manual). On your SoC, take the numbers
// from its event list instead.
#pragma once

namespace pmu_sim::soc {

constexpr unsigned kCpu0Cycles = 1;       // core 0 clock running: high every cycle
constexpr unsigned kCpu0Compute = 2;      // core 0 integer pipeline busy
constexpr unsigned kCpu0LoadStore = 3;    // core 0 load/store unit busy
constexpr unsigned kCpu0DcacheMiss = 4;   // core 0 data-cache miss pending
constexpr unsigned kBusContention0 = 40;  // core c waits for the AHB bus: 40 + c
constexpr unsigned kBusRequest0 = 44;     // core c holds an AHB request: 44 + c

constexpr unsigned bus_contention(unsigned core) { return kBusContention0 + core; }
constexpr unsigned bus_request(unsigned core) { return kBusRequest0 + core; }

}  // namespace pmu_sim::soc
