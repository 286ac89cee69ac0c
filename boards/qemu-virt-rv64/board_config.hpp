// SPDX-License-Identifier: Apache-2.0
// Board data of qemu-virt-rv64: the virt machine's data (shared with the other
// virt board) and this board's name.
#pragma once

#include "virt_config.hpp"

namespace board::config {

constexpr const char* kBoardName = "qemu-virt-rv64";

}  // namespace board::config
