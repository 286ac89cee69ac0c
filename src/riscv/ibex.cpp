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

Status IbexCounters::init() {
  if (!valid(cfg_)) return Status::kBadArg;
  for (uint32_t m = counters(); m != 0; m &= m - 1) {
    const unsigned i = util::ctz32(m);
    const Status s = file_.set_width(i, i < kFirstHpm ? 64 : cfg_.mhpm_counter_width);
    if (s != Status::kOk) return s;
    if (Status r = file_.reset_extended(i); r != Status::kOk) return r;
  }
  return Status::kOk;
}

Result<uint32_t> IbexCounters::discover() const {
  if (!valid(cfg_)) return Status::kBadArg;
  uint32_t mask = 0x5;
  for (unsigned i = kFirstHpm; i < kFirstHpm + kMaxHpmCounters; ++i)
    if (CsrBank<csr::kMhpmeventBase>::read(i) != 0) mask |= 1u << i;
  if (mask != counters()) return Status::kMismatch;
  return mask;
}

Result<uint64_t> IbexCounters::read_event(Event e) const {
  const Result<unsigned> c = counter_for_event(static_cast<unsigned>(e), cfg_);
  if (!c.ok()) return c.status();
  return file_.read(c.value());
}

}  // namespace pmu::riscv::ibex
