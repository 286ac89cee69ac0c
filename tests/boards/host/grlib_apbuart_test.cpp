// SPDX-License-Identifier: Apache-2.0
// The GRLIB APBUART console driver (boards/common/grlib/apbuart.*): exact
// register sequences.
#include <gtest/gtest.h>

// Board code is not part of libpmu: the test compiles the driver directly.
#include "../../../boards/common/grlib/apbuart.cpp"
#include "host/backend.hpp"

namespace {
using board::grlib::Apbuart;
using namespace pmu::test;  // ExpectBackend, NoAccessBackend, R, W, ScopedBackend

constexpr uintptr_t kBase = 0x80000100;  // APBUART 0 on leon3_generic (docs/hw/grlib-leon3-qemu.md §6.3)
constexpr Apbuart kUart(kBase);

TEST(GrlibApbuart, EnableSetsTransmitterAndReceiverAndKeepsTheRest) {
  // Flow control (bit 6) and loop-back (bit 7) as the boot loader left them.
  ExpectBackend b;
  b.expect({R(kBase + 0x8, 0xC0), W(kBase + 0x8, 0xC3)});
  ScopedBackend use(b);
  kUart.enable();
}

TEST(GrlibApbuart, PutcWaitsForTheTransmitterThenWritesTheByte) {
  // Status 0x200 (FIFO full, TE clear) twice, then 0x6 (QEMU's idle value:
  // TS and TE set).
  ExpectBackend b;
  b.expect({R(kBase + 0x4, 0x200), R(kBase + 0x4, 0x200), R(kBase + 0x4, 0x6), W(kBase + 0x0, 'k')});
  ScopedBackend use(b);
  kUart.putc('k');
}

TEST(GrlibApbuart, PutcWritesTheByteZeroExtended) {
  // A char above 0x7F is one byte on the wire, not a sign-extended word.
  ExpectBackend b;
  b.expect({R(kBase + 0x4, 0x4), W(kBase + 0x0, 0xE9)});
  ScopedBackend use(b);
  kUart.putc(static_cast<char>(0xE9));
}

}  // namespace
