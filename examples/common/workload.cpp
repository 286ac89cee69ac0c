// SPDX-License-Identifier: Apache-2.0
#include "workload.hpp"

#include "devices.hpp"

// On QEMU boards the emulated SoC raises each phase's events (its event
// wires); on real boards the SoC's own wires do.
#if EXAMPLES_EMULATED
namespace soc = pmu_sim::soc;
#else
namespace soc {
inline void phase_begin(examples::Phase) {}
inline void phase_round(examples::Phase, unsigned) {}
inline void phase_end(examples::Phase) {}
}  // namespace soc
#endif

namespace examples {

// The stream buffers have external linkage and the source is filled at run
// time: a compiler that sees a never-written static array knows it is zero
// and folds the copy away (at -Os the whole stream phase became
// `check += 16 * round`, and neither symbol was in the image). The copy's
// result is checked by stream_did_its_work(), so the stores are live too.
constexpr unsigned kWords = 1024;  // 4 KiB source and destination
uint32_t g_src[kWords];
uint32_t g_dst[kWords];

namespace {

volatile uint32_t g_device_word;  // stands in for a slow device register
uint32_t g_stream_rounds;         // rounds of the last stream phase

void fill_source() {
  for (unsigned i = 0; i < kWords; ++i) g_src[i] = i * 2654435761u;
}

uint32_t compute_round(uint32_t x) {
  for (unsigned i = 0; i < 32; ++i) {
    x = x * 1103515245u + 12345u;
    x ^= x >> 7;
  }
  return x;
}

uint32_t stream_round(unsigned round) {
  const unsigned base = (round * 16u) % kWords;
  // Each word of the block once: 16 loads and 16 stores per round.
  uint32_t sum = 0;
  for (unsigned i = 0; i < 16; ++i) {
    const uint32_t v = g_src[base + i] + round;
    g_dst[base + i] = v;
    sum += v;
  }
  return sum;
}

uint32_t long_request_round() {
  uint32_t sum = 0;
  for (unsigned i = 0; i < 16; ++i) sum += g_device_word;
  return sum;
}

uint32_t matrix_round(unsigned round) {
  uint32_t a[4][4];
  uint32_t b[4][4];
  for (unsigned i = 0; i < 4; ++i)
    for (unsigned j = 0; j < 4; ++j) {
      a[i][j] = g_src[(round + 4 * i + j) % kWords] + i;
      b[i][j] = j + round;
    }
  uint32_t trace = 0;
  for (unsigned i = 0; i < 4; ++i) {
    uint32_t c = 0;
    for (unsigned k = 0; k < 4; ++k) c += a[i][k] * b[k][i];
    trace += c;
  }
  return trace;
}

}  // namespace

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::kCompute: return "compute";
    case Phase::kStream: return "stream";
    case Phase::kLongRequest: return "long-request";
    case Phase::kMatrix: return "matrix";
  }
  return "?";
}

uint32_t run_phase(Phase p, unsigned rounds, const volatile uint32_t* stop, unsigned* rounds_done) {
  uint32_t check = 0x9E3779B9u;
  unsigned r = 0;
  if (p == Phase::kStream) fill_source();
  soc::phase_begin(p);
  for (; r < rounds; ++r) {
    if (stop != nullptr && *stop != 0) break;
    soc::phase_round(p, r);
    switch (p) {
      case Phase::kCompute: check = compute_round(check); break;
      case Phase::kStream: check += stream_round(r); break;
      case Phase::kLongRequest: check += long_request_round(); break;
      case Phase::kMatrix: check += matrix_round(r); break;
    }
    service_devices();
  }
  soc::phase_end(p);
  if (p == Phase::kStream) g_stream_rounds = r;
  if (rounds_done != nullptr) *rounds_done = r;
  return check;
}

bool stream_did_its_work() {
  if (g_stream_rounds == 0) return false;
  // The last round that wrote each block: dst = src + round.
  for (unsigned r = g_stream_rounds > kWords / 16 ? g_stream_rounds - kWords / 16 : 0; r < g_stream_rounds; ++r) {
    const unsigned base = (r * 16u) % kWords;
    for (unsigned i = 0; i < 16; ++i)
      if (g_dst[base + i] != g_src[base + i] + r) return false;
  }
  return true;
}

}  // namespace examples
