// SPDX-License-Identifier: Apache-2.0
// GRLIB APBUART, the console of the GRLIB boards (qemu-leon3, leon3-grlib,
// selene-noelv): data +0x0, status +0x4, control +0x8 (GRLIB IP core manual,
// APBUART; the addresses and QEMU's reset values are docs/hw/grlib-leon3-qemu.md
// §6.3). Transmit only: the baud rate stays as the boot loader or GRMON set
// it. Every access goes through typed registers (pmu::reg), so host tests
// see the exact sequence (tests/boards/host/grlib_apbuart_test.cpp).
#pragma once

#include <stdint.h>

#include "../board_reg.hpp"

namespace board::grlib {

namespace apbuart {
using pmu::reg::Access;
struct Data : Reg32<Access::kRW> {};  // write: transmit; read: receive
struct Status : Reg32<Access::kRO> {};
struct Ctrl : Reg32<Access::kRW> {};
constexpr pmu::reg::Reg<Data> kData{0x0};
constexpr pmu::reg::Reg<Status> kStatus{0x4};
constexpr pmu::reg::Reg<Ctrl> kCtrl{0x8};
constexpr pmu::reg::Field<Data> kDataByte{0, 8};
// Transmitter FIFO (or holding register) empty: room for a character.
constexpr pmu::reg::Field<Status> kStatusTe = pmu::reg::flag<Status>(2);
constexpr pmu::reg::Field<Ctrl> kCtrlRe = pmu::reg::flag<Ctrl>(0);  // receiver enable
constexpr pmu::reg::Field<Ctrl> kCtrlTe = pmu::reg::flag<Ctrl>(1);  // transmitter enable
}  // namespace apbuart

class Apbuart {
 public:
  constexpr explicit Apbuart(uintptr_t base) : base_(base) {}

  // Turns transmitter and receiver on and keeps every other control bit
  // (flow control, loop-back, FIFO settings) as it was: 1 read, 1 write.
  void enable() const;
  // Waits until the transmitter has room (one status read per poll), then
  // writes the character: n reads, 1 write.
  void putc(char c) const;

 private:
  uintptr_t base_;
};

}  // namespace board::grlib
