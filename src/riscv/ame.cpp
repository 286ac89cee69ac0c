// SPDX-License-Identifier: Apache-2.0
#include "pmu/riscv/ame.hpp"

namespace pmu::riscv::ame {

const char* event_name(unsigned id) {
  static constexpr const char* kNames[kNumAmeEvents] = {
      "noEvent",
      "amu_load_a_done",
      "amu_load_b_done",
      "amu_load_c_done",
      "amu_store_done",
      "amu_comp_done",
      "amu_release_done",
      "amu_mma_nonfp",
      "amu_mma_fp16",
      "amu_mma_bf16",
      "amu_mma_tf32",
      "amu_aml_active",
      "amu_bml_active",
      "amu_cml_load_active",
      "amu_mte_active",
      "amu_cml_store_active",
      "amu_mem_rd_req",
      "amu_mem_wr_req",
      "amu_mem_rd_bytes_req",
      "amu_mem_wr_bytes_req",
  };
  return id < kNumAmeEvents ? kNames[id] : nullptr;
}

}  // namespace pmu::riscv::ame
