// SPDX-License-Identifier: Apache-2.0
// The trap-and-emulate runtime core: console printf, the table of stub
// devices and the level-sensitive interrupt glue. The per-architecture
// trap decoders (riscv/, sparc/) call into detail::mmio_access/csr_access.
#include "pmu_sim/harness.hpp"

#include <stdarg.h>

#include "detail.hpp"

namespace harness {
namespace {

MmioMapping g_maps[kMaxMappings];
unsigned g_n_maps;

struct CsrMapping {
  pmu::models::CsrModel* model;
  const uint8_t* irq_lines;
  unsigned n_irq_lines;
  uint64_t last_cycles;
};
CsrMapping g_csr;

struct IrqWrap {
  board::IrqHandler handler;
  void* ctx;
  unsigned line;
  uint32_t entries;
  uint32_t storm;  // consecutive entries with the line still high after return
};
IrqWrap g_irq[board::kMaxIrqLines];
uint32_t g_level_prev;  // lines seen high at the previous evaluation
uint32_t g_mmio_traps;
uint32_t g_csr_traps;

constexpr uint32_t kStormLimit = 100000;

void put_unsigned(unsigned long long v, unsigned base, int width, char pad) {
  char buf[24];
  int n = 0;
  do {
    const unsigned d = static_cast<unsigned>(v % base);
    buf[n++] = static_cast<char>(d < 10 ? '0' + d : 'a' + d - 10);
    v /= base;
  } while (v != 0);
  while (n < width) buf[n++] = pad;
  while (n > 0) board::putc(buf[--n]);
}

}  // namespace
}  // namespace harness

namespace harness {
namespace detail {
// The emulation accounts (pmu_sim/harness.hpp): written in trap context and
// read outside it, so volatile.
volatile uint64_t g_exception_time;
volatile uint64_t g_declared_time;
volatile uint32_t g_exception_count;
}  // namespace detail

namespace {

// Guest time as the program experiences it: the board's cycles minus the
// time spent emulating device accesses (the model's own work).
uint64_t guest_now() { return board::cycles() - emulation_time(); }

void advance_all() {
  const uint64_t now = guest_now();
  for (unsigned i = 0; i < g_n_maps; ++i) {
    MmioMapping& m = g_maps[i];
    if (now > m.last_cycles) m.model->advance(now - m.last_cycles);
    m.last_cycles = now;
  }
  if (g_csr.model != nullptr) {
    if (now > g_csr.last_cycles) g_csr.model->advance(now - g_csr.last_cycles);
    g_csr.last_cycles = now;
  }
}

uint32_t route(uint32_t outputs, const uint8_t* lines, unsigned n) {
  uint32_t level = 0;
  for (unsigned bit = 0; bit < n && bit < 32; ++bit)
    if ((outputs >> bit & 1u) != 0 && lines[bit] < board::kMaxIrqLines) level |= 1u << lines[bit];
  return level;
}

// The board lines the models drive right now.
uint32_t current_levels() {
  uint32_t level = 0;
  for (unsigned i = 0; i < g_n_maps; ++i)
    level |= route(g_maps[i].model->irq_outputs(), g_maps[i].irq_lines, g_maps[i].n_irq_lines);
  if (g_csr.model != nullptr) level |= route(g_csr.model->irq_outputs(), g_csr.irq_lines, g_csr.n_irq_lines);
  return level;
}

// Force every line that rose since the last look.
void update_lines() {
  const uint32_t level = current_levels();
  uint32_t rising = level & ~g_level_prev;
  g_level_prev = level;
  while (rising != 0) {
    const unsigned line = static_cast<unsigned>(__builtin_ctz(rising));
    rising &= rising - 1;
    if (g_irq[line].handler != nullptr) board::irq_force(line);
  }
}

// Board-level handler for a harness line: run the test's handler only while
// a model still drives the line (level semantics), and re-raise if the
// handler left it high (as a level-sensitive controller would).
// Every level is looked at through update_lines(), so a line that rose
// meanwhile (another device's, during the handler's time) is forced too.
void irq_trampoline(void* ctx) {
  auto* w = static_cast<IrqWrap*>(ctx);
  const unsigned line = w->line;
  advance_all();
  update_lines();
  if ((g_level_prev >> line & 1u) == 0) return;  // spurious: the level dropped before the CPU took it
  ++w->entries;
  w->handler(w->ctx);
  advance_all();
  update_lines();
  if ((g_level_prev >> line & 1u) != 0) {
    if (++w->storm > kStormLimit) {
      printf("interrupt storm on line %u: the handler never clears it\n", line);
      board::exit(5);
    }
    board::irq_force(line);
  } else {
    w->storm = 0;
  }
}

}  // namespace

// ---- console ------------------------------------------------------------------
void print(const char* s) {
  while (*s != '\0') board::putc(*s++);
}

void printf(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  for (const char* p = fmt; *p != '\0'; ++p) {
    if (*p != '%') {
      board::putc(*p);
      continue;
    }
    ++p;
    char pad = ' ';
    int width = 0;
    if (*p == '0') {
      pad = '0';
      ++p;
    }
    while (*p >= '0' && *p <= '9') width = width * 10 + (*p++ - '0');
    int longs = 0;
    while (*p == 'l') {
      ++longs;
      ++p;
    }
    switch (*p) {
      case 's': print(va_arg(ap, const char*)); break;
      case 'c': board::putc(static_cast<char>(va_arg(ap, int))); break;
      case 'd': {
        long long v = longs >= 2 ? va_arg(ap, long long) : longs == 1 ? va_arg(ap, long) : va_arg(ap, int);
        if (v < 0) {
          board::putc('-');
          v = -v;
        }
        put_unsigned(static_cast<unsigned long long>(v), 10, width, pad);
        break;
      }
      case 'u':
      case 'x': {
        unsigned long long v = longs >= 2   ? va_arg(ap, unsigned long long)
                               : longs == 1 ? va_arg(ap, unsigned long)
                                            : va_arg(ap, unsigned);
        put_unsigned(v, *p == 'u' ? 10 : 16, width, pad);
        break;
      }
      case 'p':
        print("0x");
        put_unsigned(reinterpret_cast<uintptr_t>(va_arg(ap, void*)), 16, 0, '0');
        break;
      case '%': board::putc('%'); break;
      default: board::putc('?'); break;
    }
  }
  va_end(ap);
}

// ---- stub devices -------------------------------------------------------------------
MmioMapping* map_mmio(uintptr_t base, uintptr_t size, pmu::models::MmioModel* model,
                      const uint8_t* irq_lines, unsigned n_irq_lines) {
  if (g_n_maps >= kMaxMappings || model == nullptr || size == 0) return nullptr;
  for (unsigned i = 0; i < g_n_maps; ++i)
    if (base < g_maps[i].base + g_maps[i].size && g_maps[i].base < base + size) return nullptr;
  MmioMapping& m = g_maps[g_n_maps++];
  m = MmioMapping{base, size, model, irq_lines, irq_lines == nullptr ? 0 : n_irq_lines,
                  guest_now(), 0};
  return &m;
}

// The models usually live on the finished test's stack: forget them without
// touching them.
void unmap_all() {
  g_n_maps = 0;
  g_level_prev = 0;
}

void map_csr(pmu::models::CsrModel* model, const uint8_t* irq_lines, unsigned n_irq_lines) {
  g_csr = CsrMapping{model, irq_lines, irq_lines == nullptr ? 0 : n_irq_lines, guest_now()};
}

void unmap_csr() { g_csr = CsrMapping{nullptr, nullptr, 0, 0}; }
uint32_t csr_traps() { return g_csr_traps; }
uint32_t mmio_traps() { return g_mmio_traps; }

void add_emulation_time(uint64_t cycles) { detail::g_declared_time = detail::g_declared_time + cycles; }

bool attach_irq_handler(unsigned line, board::IrqHandler handler, void* ctx) {
  if (line >= board::kMaxIrqLines || handler == nullptr) return false;
  g_irq[line] = IrqWrap{handler, ctx, line, 0, 0};
  if (!board::irq_attach(line, &irq_trampoline, &g_irq[line])) return false;
  // A line already high (it rose with no handler, so none was forced) is
  // taken as soon as it is enabled, as a level-sensitive controller does.
  advance_all();
  update_lines();
  if ((g_level_prev >> line & 1u) != 0) board::irq_force(line);
  return true;
}

uint32_t irq_entries(unsigned line) { return line < board::kMaxIrqLines ? g_irq[line].entries : 0; }

void poll() {
  advance_all();
  update_lines();
}

namespace {
// A model drives the whole 32-bit word, as a bus slave does; a narrow load
// takes the lanes its address selects (offset 0: bits 7:0 little-endian,
// bits 31:24 big-endian), zero-extended: the decoder sign-extends.
uint32_t lanes_loaded(uint32_t word, uint32_t offset, unsigned size) {
  if (size >= 4) return word;
  const unsigned at = offset & 3u & ~(size - 1u);  // a naturally aligned lane
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  const unsigned shift = (4u - size - at) * 8u;
#else
  const unsigned shift = at * 8u;
#endif
  return (word >> shift) & (size == 1 ? 0xFFu : 0xFFFFu);
}
}  // namespace

namespace detail {

bool mmio_access(uintptr_t addr, unsigned size, bool is_write, uint64_t* value) {
  MmioMapping* m = nullptr;
  for (unsigned i = 0; i < g_n_maps; ++i)
    if (addr >= g_maps[i].base && addr - g_maps[i].base < g_maps[i].size) m = &g_maps[i];
  if (m == nullptr) return false;
  ++g_mmio_traps;
  advance_all();
  const uint32_t off = static_cast<uint32_t>(addr - m->base);
  if (size == 8) {
    if (is_write) {
      m->model->write(off, 4, static_cast<uint32_t>(*value));
      m->model->write(off + 4, 4, static_cast<uint32_t>(*value >> 32));
    } else {
      const uint64_t lo = m->model->read(off, 4);
      const uint64_t hi = m->model->read(off + 4, 4);
      *value = lo | hi << 32;
    }
    m->accesses += 2;
  } else {
    if (is_write) {
      m->model->write(off, size, static_cast<uint32_t>(*value));
    } else {
      *value = lanes_loaded(m->model->read(off, size), off, size);
    }
    ++m->accesses;
  }
  update_lines();
  return true;
}

void account_exception(uint64_t spent) {
  g_exception_count = g_exception_count + 1;
  g_exception_time = g_exception_time + spent;
}

bool csr_access(uint32_t csr, unsigned op, uint64_t operand, bool read_needed, bool write_needed, uint64_t* old) {
  if (g_csr.model == nullptr) return false;
  advance_all();
  // A write to a read-only CSR (address bits 11:10 = 3, the privileged
  // specification's convention) stays an illegal instruction, as the
  // hardware raises it: nothing read, nothing written.
  if (write_needed && (csr >> 10) == 3) return false;
  uint64_t v = 0;  // (a csrrw that reads nothing needs no old value: it writes the operand)
  if (read_needed && !g_csr.model->csr_read(csr, &v)) return false;
  if (write_needed) {
    // So does a write the model refuses.
    const uint64_t next = op == 1 ? operand : op == 2 ? (v | operand) : (v & ~operand);
    if (!g_csr.model->csr_write(csr, next)) return false;
  }
  ++g_csr_traps;
  *old = v;
  update_lines();
  return true;
}

}  // namespace detail

void reset() {
  board::irq_global_disable();
  for (unsigned line = 0; line < board::kMaxIrqLines; ++line) {
    if (g_irq[line].handler != nullptr) board::irq_detach(line);
    g_irq[line] = IrqWrap{nullptr, nullptr, line, 0, 0};
  }
  unmap_all();
  unmap_csr();
}

}  // namespace harness

