// SPDX-License-Identifier: Apache-2.0
// leon3-grlib's own start-up: find the SafeSU by AMBA plug&play and say what
// was found, one console line. board::safesu() is the found unit's record
// (board_config.hpp's build and lines with the base plug&play gave), or
// nullptr on a bitstream without a SafeSU. The scan only reads the P&P area.
// No MMU map is set up, so MMU traps have no fault status to add.
#include <stdint.h>

#include "board.hpp"
#include "board_config.hpp"
#include "board_console.hpp"
#include "pmu/grlib/pnp.hpp"
#include "sparc/machine.hpp"

namespace {
board::SafesuInstance g_safesu;
bool g_found;

void say_found(const pmu::grlib::AhbDevice& d) {
  board::put_str("leon3-grlib: SafeSU (plug&play ");
  board::put_hex(d.vendor, 2);
  board::put_str(":");
  board::put_hex(d.device, 3);
  board::put_str(", AHB slave ");
  board::put_dec(d.index);
  board::put_str(") at 0x");
  board::put_hex(d.base, 8);
  board::put_str("\n");
}
}  // namespace

namespace board {

const SafesuInstance* safesu() { return g_found ? &g_safesu : nullptr; }

namespace sparc {

void machine_init() {
  const auto found = pmu::grlib::find_safesu(0, config::kAhbPnp);
  if (!found.ok()) {
    board::put_str("leon3-grlib: no SafeSU in the AHB plug&play table\n");
    return;
  }
  g_safesu = config::kSafesuBuild;
  g_safesu.base = found.value().base;
  g_found = true;
  say_found(found.value());
}

void read_fault_status(TrapFrame*) {}

}  // namespace sparc
}  // namespace board
