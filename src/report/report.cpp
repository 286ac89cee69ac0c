// SPDX-License-Identifier: Apache-2.0
#include "pmu/report.hpp"
#include "pmu/util/text.hpp"

namespace pmu::report {
namespace {

using util::length;

unsigned dec_digits(uint64_t v) {
  unsigned n = 1;
  while (v >= 10) {
    v /= 10;
    ++n;
  }
  return n;
}

void pad(const Sink& sink, size_t n) {
  while (n-- > 0) sink.put(sink.ctx, ' ');
}

// CSV fields are written as they are unless they hold a comma, quote or
// line break (CR or LF); then they are quoted with doubled quotes (RFC 4180).
void put_csv_field(const Sink& sink, const char* s) {
  bool quote = false;
  for (const char* p = s; *p != '\0'; ++p) quote |= (*p == ',' || *p == '"' || *p == '\n' || *p == '\r');
  if (!quote) {
    put_str(sink, s);
    return;
  }
  sink.put(sink.ctx, '"');
  for (const char* p = s; *p != '\0'; ++p) {
    if (*p == '"') sink.put(sink.ctx, '"');
    sink.put(sink.ctx, *p);
  }
  sink.put(sink.ctx, '"');
}

}  // namespace

void put_str(const Sink& sink, const char* s) {
  while (*s != '\0') sink.put(sink.ctx, *s++);
}

void put_dec(const Sink& sink, uint64_t v, unsigned min_width) {
  char buf[20];
  unsigned n = 0;
  do {
    buf[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  for (unsigned i = n; i < min_width; ++i) sink.put(sink.ctx, ' ');
  while (n > 0) sink.put(sink.ctx, buf[--n]);
}

void put_hex(const Sink& sink, uint64_t v, unsigned digits) {
  static const char kDigits[] = "0123456789abcdef";
  if (digits > 16) digits = 16;
  for (unsigned i = digits; i > 0; --i) sink.put(sink.ctx, kDigits[(v >> (4 * (i - 1))) & 0xF]);
}

Status print(const Sink& sink, const char* title, const Row* rows, size_t n, Format format) {
  if (sink.put == nullptr || title == nullptr || (rows == nullptr && n > 0)) return Status::kBadArg;
  if (format != Format::kTable && format != Format::kCsv) return Status::kBadArg;

  if (format == Format::kCsv) {
    for (size_t i = 0; i < n; ++i) {
      put_csv_field(sink, title);
      sink.put(sink.ctx, ',');
      put_dec(sink, rows[i].index);
      sink.put(sink.ctx, ',');
      put_csv_field(sink, rows[i].label != nullptr ? rows[i].label : "-");
      sink.put(sink.ctx, ',');
      put_dec(sink, rows[i].value);
      sink.put(sink.ctx, '\n');
    }
    return Status::kOk;
  }

  // Column widths from the data, so the table is aligned whatever it holds.
  size_t label_w = 5;  // "event"
  unsigned index_w = 1;
  unsigned value_w = 5;  // "value"
  for (size_t i = 0; i < n; ++i) {
    const size_t l = rows[i].label != nullptr ? length(rows[i].label) : 1;
    if (l > label_w) label_w = l;
    if (dec_digits(rows[i].index) > index_w) index_w = dec_digits(rows[i].index);
    if (dec_digits(rows[i].value) > value_w) value_w = dec_digits(rows[i].value);
  }
  put_str(sink, title);
  sink.put(sink.ctx, '\n');
  pad(sink, index_w + 1);
  sink.put(sink.ctx, '#');
  put_str(sink, "  event");
  pad(sink, label_w - 5 + 2 + value_w - 5);
  put_str(sink, "value\n");
  for (size_t i = 0; i < n; ++i) {
    put_dec(sink, rows[i].index, index_w + 2);
    put_str(sink, "  ");
    const char* label = rows[i].label != nullptr ? rows[i].label : "-";
    put_str(sink, label);
    pad(sink, label_w - length(label) + 2);
    put_dec(sink, rows[i].value, value_w);
    sink.put(sink.ctx, '\n');
  }
  return Status::kOk;
}

}  // namespace pmu::report
