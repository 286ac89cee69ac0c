// SPDX-License-Identifier: Apache-2.0
// Counter reports without printf: the board (or the test) gives a character
// sink; the formatter prints a snapshot as an aligned table for people or as
// CSV lines for scripts. Validation images log with it; nothing in the
// drivers prints.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/status.hpp"

/// Counter reports as text through a character sink.
namespace pmu::report {

/// A character sink the board or test provides (a UART, a buffer): the formatter's only output.
struct Sink {
  void (*put)(void* ctx, char c) = nullptr;  ///< Writes one character; nullptr makes print() return kBadArg.
  void* ctx = nullptr;                       ///< Passed back to put untouched.
};

/// One line of a report: what was counted and how much.
struct Row {
  uint32_t index;     ///< Counter (or core, or input) number as the hardware numbers it.
  const char* label;  ///< Event name; nullptr prints "-".
  uint64_t value;     ///< The count (events or cycles, as the counter counts).
};

/// How print() lays out the rows.
enum class Format : uint8_t {
  kTable,  ///< "  #  event ... value" header, aligned columns (for people).
  kCsv,    ///< "title,index,label,value" per row, no header line (for scripts).
};

/// Prints 'title' and the rows. kBadArg (and nothing printed) if the sink has
/// no function, title is null, or rows is null with n > 0.
Status print(const Sink& sink, const char* title, const Row* rows, size_t n, Format format);

/// Writes the NUL-terminated string s to the sink (a building block, also used by examples).
void put_str(const Sink& sink, const char* s);
/// Writes v in decimal, right-aligned in at least min_width characters.
void put_dec(const Sink& sink, uint64_t v, unsigned min_width = 0);
/// Writes the low 'digits' hex digits of v, zero-padded, no "0x" prefix.
void put_hex(const Sink& sink, uint64_t v, unsigned digits);

}  // namespace pmu::report
