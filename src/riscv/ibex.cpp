// SPDX-License-Identifier: Apache-2.0
#include "pmu/riscv/ibex.hpp"

#include "pmu/riscv/csr_bank.hpp"

namespace pmu::riscv::ibex {

const char* event_name(unsigned id) {
  switch (id) {
    case 0: return "NumCycles";
    case 2: return "NumInstrRet";
    case 3: return "NumCyclesLSU";
    case 4: return "NumCyclesIF";
    case 5: return "NumLoads";
    case 6: return "NumStores";
    case 7: return "NumJumps";
    case 8: return "NumBranches";
    case 9: return "NumBranchesTaken";
    case 10: return "NumInstrRetC";
    case 11: return "NumCyclesMulWait";
    case 12: return "NumCyclesDivWait";
    default: return nullptr;
  }
}

Found probe_core() {
  Found f;
  for (unsigned i = kFirstHpm; i < kFirstHpm + kMaxHpmCounters; ++i)
    if (CsrBank<csr::kMhpmeventBase>::read(i) != 0) f.counters |= 1u << i;
  if (f.counters != counter_mask(0)) {
    // Probe mhpmcounter3 through a file that has it (Ibex: a write needs no
    // event, an unimplemented counter reads 0).
    IbexCounters probe(Config{1, 64});
    const Result<unsigned> w = probe.probe_width(kFirstHpm);
    f.width = w.ok() ? w.value() : 0;
  }
  return f;
}

Status discover(const Config& cfg, Found* found) {
  if (!valid(cfg)) return Status::kBadArg;
  const Found f = probe_core();
  if (found != nullptr) *found = f;
  if (f.counters != counter_mask(cfg.mhpm_counter_num)) return Status::kMismatch;
  if (cfg.mhpm_counter_num != 0 && f.width != cfg.mhpm_counter_width) return Status::kMismatch;
  return Status::kOk;
}

Status init(IbexCounters& file, const Config& cfg) {
  if (!valid(cfg) || file.config().counters != counter_mask(cfg.mhpm_counter_num)) return Status::kBadArg;
  if (cfg.mhpm_counter_num != 0) {
    const Result<unsigned> w = file.probe_width(kFirstHpm);
    if (!w.ok()) return w.status() == Status::kUnavailable ? Status::kMismatch : w.status();
    if (w.value() != cfg.mhpm_counter_width) return Status::kMismatch;
  }
  for (uint32_t m = file.config().counters; m != 0; m &= m - 1) {
    const unsigned i = util::ctz32(m);
    if (Status s = file.set_width(i, i < kFirstHpm ? 64 : cfg.mhpm_counter_width); s != Status::kOk) return s;
  }
  return Status::kOk;
}

Result<uint64_t> read_event(const IbexCounters& file, const Config& cfg, Event e) {
  const Result<unsigned> c = counter_for_event(static_cast<unsigned>(e), cfg);
  if (!c.ok()) return c.status();
  return file.read(c.value());
}

}  // namespace pmu::riscv::ibex
