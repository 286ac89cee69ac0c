// SPDX-License-Identifier: Apache-2.0
// Counter reports without printf: the board (or the test) gives a character
// sink; the formatter prints a snapshot as an aligned table for people or as
// CSV lines for scripts. Validation images log with it; nothing in the
// drivers prints.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/status.hpp"

namespace pmu::report {

struct Sink {
  void (*put)(void* ctx, char c) = nullptr;
  void* ctx = nullptr;
};

// One line of a report: what was counted and how much. 'index' is the
// counter (or core, or input) number as the hardware numbers it.
struct Row {
  uint32_t index;
  const char* label;  // event name; nullptr prints "-"
  uint64_t value;
};

enum class Format : uint8_t {
  kTable,  // "  #  event ... value" header, aligned columns
  kCsv,    // "title,index,label,value" per row, no header line
};

// Prints 'title' and the rows. kBadArg (and nothing printed) if the sink has
// no function, title is null, or rows is null with n > 0.
Status print(const Sink& sink, const char* title, const Row* rows, size_t n, Format format);

// Building blocks, also used by examples.
void put_str(const Sink& sink, const char* s);
void put_dec(const Sink& sink, uint64_t v, unsigned min_width = 0);
void put_hex(const Sink& sink, uint64_t v, unsigned digits);

}  // namespace pmu::report
