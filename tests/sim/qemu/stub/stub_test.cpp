// SPDX-License-Identifier: Apache-2.0
// The trap-and-emulate harness, proved with a small device on each board:
// every piece (MMIO load/store emulation, narrow and wide accesses, time,
// interrupt injection through a real trap, CSR emulation) has a test that
// fails if that piece is broken.
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"
#include "pmu_sim/stub_test_device.hpp"

namespace {

using pmu::models::StubTestDevice;
// The test device where the machine has nothing (an access there traps) and
// a line no other device of the emulated SoCs drives.
#if defined(__sparc__)
constexpr uintptr_t kBase = 0x90000000;
#else
constexpr uintptr_t kBase = 0x1D000000;
#endif
constexpr uint8_t kTestLine = 1;
// A second device and line for the tests of two lines (line 3: free on every
// board, the UART's on leon3, whose interrupt the board never enables).
constexpr uintptr_t kBase2 = kBase + 0x100;
constexpr uint8_t kTestLine2 = 3;
#if defined(__sparc__)
constexpr bool kBigEndian = true;
#else
constexpr bool kBigEndian = false;
#endif

volatile uint32_t* reg(uint32_t offset) { return reinterpret_cast<volatile uint32_t*>(kBase + offset); }

// Maps dev at kBase with its interrupt output on kTestLine.
bool map_on_test_line(StubTestDevice& dev) {
  static const uint8_t kLines[] = {kTestLine};
  return harness::map_mmio(kBase, 0x100, &dev, kLines, 1) != nullptr;
}

// Interrupts on until 'calls', which a handler counts, reaches n (read as
// volatile: the handler writes it behind the compiler's back), or 'spins'
// loops pass; then off again.
void run_interrupts_until(const uint32_t& calls, uint32_t n, int spins) {
  const volatile uint32_t& seen = calls;
  board::irq_global_enable();
  for (volatile int i = 0; i < spins && seen < n; i = i + 1) {
  }
  board::irq_global_disable();
}

}  // namespace

TEST_CASE(stub, rw_register_round_trips_through_the_model) {
  StubTestDevice dev;
  CHECK(harness::map_mmio(kBase, 0x100, &dev) != nullptr);
  const uint32_t traps = harness::mmio_traps();
  *reg(StubTestDevice::kScratch) = 0xA5A55A5A;
  CHECK_EQ(dev.writes(), 1u);
  CHECK_EQ(*reg(StubTestDevice::kScratch), 0xA5A55A5Au);
  CHECK_EQ(dev.reads(), 1u);
  CHECK_EQ(harness::mmio_traps() - traps, 2u);
}

TEST_CASE(stub, read_only_register_ignores_writes) {
  StubTestDevice dev;
  CHECK(harness::map_mmio(kBase, 0x100, &dev) != nullptr);
  CHECK_EQ(*reg(StubTestDevice::kId), StubTestDevice::kIdValue);
  *reg(StubTestDevice::kId) = 0;
  CHECK_EQ(*reg(StubTestDevice::kId), StubTestDevice::kIdValue);
}

TEST_CASE(stub, w1c_register_clears_only_written_ones) {
  StubTestDevice dev;
  CHECK(harness::map_mmio(kBase, 0x100, &dev) != nullptr);
  *reg(StubTestDevice::kRaise) = 0x16;
  CHECK_EQ(*reg(StubTestDevice::kStatus), 0x16u);
  *reg(StubTestDevice::kStatus) = 0x12;
  CHECK_EQ(*reg(StubTestDevice::kStatus), 0x04u);
  *reg(StubTestDevice::kStatus) = 0;
  CHECK_EQ(*reg(StubTestDevice::kStatus), 0x04u);
}

// The device drives the whole word, as every model and bus slave does; the
// CPU takes the bytes its address selects: offset 0 is the least significant
// byte on little-endian RISC-V and the most significant on big-endian SPARC.
TEST_CASE(stub, narrow_loads_pick_the_lane_and_sign_extend) {
  StubTestDevice dev;
  CHECK(harness::map_mmio(kBase, 0x100, &dev) != nullptr);
  *reg(StubTestDevice::kScratch) = 0x8081F0F1;
  const auto* b = reinterpret_cast<volatile int8_t*>(kBase);
  const auto* ub = reinterpret_cast<volatile uint8_t*>(kBase);
  const auto* h = reinterpret_cast<volatile int16_t*>(kBase);
  const auto* uh = reinterpret_cast<volatile uint16_t*>(kBase);
  const uint32_t bytes[4] = {kBigEndian ? 0x80u : 0xF1u, kBigEndian ? 0x81u : 0xF0u,
                             kBigEndian ? 0xF0u : 0x81u, kBigEndian ? 0xF1u : 0x80u};
  const uint32_t halves[2] = {kBigEndian ? 0x8081u : 0xF0F1u, kBigEndian ? 0xF0F1u : 0x8081u};
  for (unsigned i = 0; i < 4; ++i) {
    CHECK_EQ(static_cast<uint32_t>(ub[i]), bytes[i]);
    CHECK_EQ(static_cast<int32_t>(b[i]), static_cast<int32_t>(static_cast<int8_t>(bytes[i])));
  }
  for (unsigned i = 0; i < 2; ++i) {
    CHECK_EQ(static_cast<uint32_t>(uh[i]), halves[i]);
    CHECK_EQ(static_cast<int32_t>(h[i]), static_cast<int32_t>(static_cast<int16_t>(halves[i])));
  }
  // And the ID register, read-only, at offset 4.
  CHECK_EQ(static_cast<uint32_t>(ub[4 + (kBigEndian ? 0 : 3)]), StubTestDevice::kIdValue >> 24);
}

TEST_CASE(stub, wide_access_is_two_word_accesses) {
  StubTestDevice dev;
  CHECK(harness::map_mmio(kBase, 0x100, &dev) != nullptr);
  *reg(StubTestDevice::kScratch) = 0x11223344;
  const uint32_t reads = dev.reads();
  harness::model_barrier();
  const uint64_t both = *reinterpret_cast<volatile uint64_t*>(kBase);
  harness::model_barrier();
  CHECK_EQ(dev.reads() - reads, 2u);
  // scratch (offset 0) and the ID register (offset 4), in the CPU's byte order.
  const uint64_t expected = kBigEndian ? (uint64_t{0x11223344} << 32 | StubTestDevice::kIdValue)
                                       : (uint64_t{StubTestDevice::kIdValue} << 32 | 0x11223344);
  CHECK_EQ(both, expected);
}

TEST_CASE(stub, time_advances_with_guest_execution) {
  StubTestDevice dev;
  CHECK(harness::map_mmio(kBase, 0x100, &dev) != nullptr);
  const uint32_t t0 = *reg(StubTestDevice::kTime);
  for (volatile int i = 0; i < 2000; i = i + 1) {
  }
  const uint32_t t1 = *reg(StubTestDevice::kTime);
  const uint32_t t2 = *reg(StubTestDevice::kTime);
  CHECK(t1 - t0 >= 2000u);    // a loop of 2000 iterations takes longer than 2000 cycles
  CHECK(t2 - t1 < t1 - t0);   // back-to-back reads are close together
  CHECK(t2 >= t1);
}

namespace {
struct IrqProbe {
  uint32_t calls;
  uint32_t status_seen;
};
void on_test_irq(void* ctx) {
  auto* p = static_cast<IrqProbe*>(ctx);
  ++p->calls;
  p->status_seen = *reg(StubTestDevice::kStatus);
  *reg(StubTestDevice::kStatus) = 1;  // acknowledge: the level drops
}
}  // namespace

// The stub's line raised with interrupts off, before or after its handler
// is attached: nothing runs until they are on, then the handler runs once,
// sees the status and acknowledges it.
void one_interrupt_through_a_real_trap(bool raised_before_attach) {
  StubTestDevice dev;
  CHECK(map_on_test_line(dev));
  IrqProbe probe{0, 0};
  if (raised_before_attach) *reg(StubTestDevice::kRaise) = 1;  // high, no handler yet
  CHECK(harness::attach_irq_handler(kTestLine, on_test_irq, &probe));
  if (!raised_before_attach) *reg(StubTestDevice::kRaise) = 1;
  CHECK_EQ(probe.calls, 0u);
  run_interrupts_until(probe.calls, 1, 1000);
  CHECK_EQ(probe.calls, 1u);
  CHECK_EQ(probe.status_seen, 1u);
  CHECK_EQ(*reg(StubTestDevice::kStatus), 0u);
  CHECK_EQ(harness::irq_entries(kTestLine), 1u);
}

TEST_CASE(stub, interrupt_reaches_handler_through_a_real_trap) { one_interrupt_through_a_real_trap(false); }

TEST_CASE(stub, level_interrupt_without_ack_reenters_until_cleared) {
  StubTestDevice dev;
  CHECK(map_on_test_line(dev));
  struct Ctx {
    uint32_t calls;
  } ctx{0};
  // Acknowledge only on the third entry: a level line re-enters until then.
  auto handler = [](void* c) {
    auto* x = static_cast<Ctx*>(c);
    if (++x->calls == 3) *reg(StubTestDevice::kStatus) = 1;
  };
  CHECK(harness::attach_irq_handler(kTestLine, handler, &ctx));
  *reg(StubTestDevice::kRaise) = 1;
  run_interrupts_until(ctx.calls, 3, 100);
  CHECK_EQ(ctx.calls, 3u);
}

// A line that rises while another line's handler runs, with no bus access
// after it (here: raised through the model, as a line rises with time), is
// delivered once that handler returns; before, the harness took its level
// as seen and never forced it.
TEST_CASE(stub, a_line_rising_during_another_handler_is_delivered) {
  StubTestDevice a;
  StubTestDevice b;
  static const uint8_t kLinesA[] = {kTestLine};
  static const uint8_t kLinesB[] = {kTestLine2};
  CHECK(harness::map_mmio(kBase, 0x100, &a, kLinesA, 1) != nullptr);
  CHECK(harness::map_mmio(kBase2, 0x100, &b, kLinesB, 1) != nullptr);
  struct Ctx {
    StubTestDevice* b;
    uint32_t a_calls;
    uint32_t b_calls;
  } ctx{&b, 0, 0};
  auto on_a = [](void* c) {
    auto* x = static_cast<Ctx*>(c);
    ++x->a_calls;
    *reg(StubTestDevice::kStatus) = 1;          // acknowledge A (the last bus access)
    x->b->write(StubTestDevice::kRaise, 4, 1);  // B's line rises during A's handler
  };
  auto on_b = [](void* c) {
    auto* x = static_cast<Ctx*>(c);
    ++x->b_calls;
    *reinterpret_cast<volatile uint32_t*>(kBase2 + StubTestDevice::kStatus) = 1;
  };
  CHECK(harness::attach_irq_handler(kTestLine, on_a, &ctx));
  CHECK(harness::attach_irq_handler(kTestLine2, on_b, &ctx));
  *reg(StubTestDevice::kRaise) = 1;
  run_interrupts_until(ctx.b_calls, 1, 1000);
  CHECK_EQ(ctx.a_calls, 1u);
  CHECK_EQ(ctx.b_calls, 1u);
  CHECK_EQ(b.irq_outputs(), 0u);
}

// A line already high when its handler is attached is taken once
// interrupts are on, as a level-sensitive controller would.
TEST_CASE(stub, a_line_high_before_its_handler_is_attached_is_delivered) { one_interrupt_through_a_real_trap(true); }

#if defined(__riscv) && defined(__riscv_flen) && __riscv_flen == 64 && __riscv_xlen == 64
// With an FPU the start code turns it on, and the trap entry keeps the
// interrupted code's caller-saved FP registers and fcsr: a handler that
// overwrites fa0, ft0 and the flags leaves the interrupted code its own.
namespace {
void clobber_fp(void* ctx) {
  ++*static_cast<uint32_t*>(ctx);
  __asm__ volatile("fmv.d.x fa0, zero\n fmv.d.x ft0, zero\n fsflags zero" ::: "fa0", "ft0");
  *reg(StubTestDevice::kStatus) = 1;
}
}  // namespace

TEST_CASE(stub, fp_registers_survive_an_interrupt) {
  StubTestDevice dev;
  CHECK(map_on_test_line(dev));
  uint32_t calls = 0;
  CHECK(harness::attach_irq_handler(kTestLine, clobber_fp, &calls));
  const uint64_t a = 0x400921FB54442D18u;  // pi
  const uint64_t t = 0xC000000000000000u;  // -2.0
  uint64_t a_out = 0, t_out = 0;
  uintptr_t flags = 0;
  board::irq_global_enable();
  // Raise the line (an emulated store), then spin until the handler has
  // run: the interrupt lands between the FP registers' set and their read
  // back, wherever in the loop QEMU takes it.
  __asm__ volatile(
      "fmv.d.x fa0, %[a]\n fmv.d.x ft0, %[t]\n fsflags %[nx]\n"
      "sw %[one], 0(%[raise])\n"
      "li t1, 1000000\n1: lw t2, 0(%[calls])\n bnez t2, 2f\n addi t1, t1, -1\n bnez t1, 1b\n"
      "2: fmv.x.d %[ao], fa0\n fmv.x.d %[to], ft0\n frflags %[fo]"
      : [ao] "=&r"(a_out), [to] "=&r"(t_out), [fo] "=&r"(flags)
      : [a] "r"(a), [t] "r"(t), [nx] "r"(uintptr_t{1}), [one] "r"(uintptr_t{1}),
        [raise] "r"(kBase + StubTestDevice::kRaise), [calls] "r"(&calls)
      : "fa0", "ft0", "t1", "t2", "memory");
  board::irq_global_disable();
  CHECK_EQ(calls, 1u);
  CHECK_EQ(a_out, a);
  CHECK_EQ(t_out, t);
  CHECK_EQ(flags, uintptr_t{1});
}
#endif

#if defined(__sparc__) && !defined(_SOFT_FLOAT)
// The LEON3 start code turns the FPU on, and the trap entry keeps the
// interrupted code's FP registers (all caller-saved in the SPARC ABI) and
// FSR: a handler that overwrites %f0/%f1, %f30/%f31 and the FSR leaves the
// interrupted code its own.
namespace {
void clobber_fp(void* ctx) {
  ++*static_cast<uint32_t*>(ctx);
  static const uint32_t kZero[2] = {0, 0};
  __asm__ volatile("ldd [%0], %%f0\n ldd [%0], %%f30\n ld [%0], %%fsr\n nop" ::"r"(kZero)
                   : "f0", "f1", "f30", "f31", "memory");
  *reg(StubTestDevice::kStatus) = 1;
}
}  // namespace

TEST_CASE(stub, fp_registers_survive_an_interrupt) {
  StubTestDevice dev;
  CHECK(map_on_test_line(dev));
  uint32_t calls = 0;
  CHECK(harness::attach_irq_handler(kTestLine, clobber_fp, &calls));
  alignas(8) static const uint32_t kIn[5] = {0x400921FBu, 0x54442D18u,  // pi
                                             0xC0000000u, 0x00000000u,  // -2.0
                                             0x00000820u};              // FSR: fcc = 2, aexc.nx
  alignas(8) uint32_t out[5] = {};
  board::irq_global_enable();
  // Raise the line (an emulated store), then spin until the handler has
  // run (QEMU takes the interrupt some way into the loop): it lands between
  // the FP registers' set and their read back.
  __asm__ volatile(
      "ldd [%[in]], %%f0\n ldd [%[in] + 8], %%f30\n ld [%[in] + 16], %%fsr\n nop\n"
      "st %[one], [%[raise]]\n"
      "set 1000000, %%g1\n"
      "1: ld [%[calls]], %%g2\n cmp %%g2, 0\n bne 2f\n subcc %%g1, 1, %%g1\n bne 1b\n nop\n"
      "2: std %%f0, [%[out]]\n std %%f30, [%[out] + 8]\n st %%fsr, [%[out] + 16]"
      :
      : [in] "r"(kIn), [out] "r"(out), [one] "r"(1u), [raise] "r"(kBase + StubTestDevice::kRaise),
        [calls] "r"(&calls)
      : "f0", "f1", "f30", "f31", "g1", "g2", "cc", "memory");
  board::irq_global_disable();
  CHECK_EQ(calls, 1u);
  CHECK_EQ(out[0], kIn[0]);
  CHECK_EQ(out[1], kIn[1]);
  CHECK_EQ(out[2], kIn[2]);
  CHECK_EQ(out[3], kIn[3]);
  CHECK_EQ(out[4] & ~(7u << 17), kIn[4]);  // FSR.ver (19:17) is the FPU's own
}
#endif

#if defined(__riscv)
#include "stub_test_csr.inc"
#endif
