// SPDX-License-Identifier: Apache-2.0
#include "pmu/profile/record.hpp"
#include "pmu/util/text.hpp"

namespace pmu::profile {
namespace {

using util::length;

bool valid_name(const char* s) { return s != nullptr && length(s) <= kMaxNameBytes; }

bool valid_counter(const CounterInfo& c) { return valid_name(c.name) && c.width >= 1 && c.width <= 64; }

void put_byte(const ByteOut& out, uint8_t b) { out.put(out.ctx, b); }

void put_string(const ByteOut& out, const char* s) {
  const size_t n = length(s);
  put_uleb(out, n);
  for (size_t i = 0; i < n; ++i) put_byte(out, static_cast<uint8_t>(s[i]));
}

void put_counter(const ByteOut& out, const CounterInfo& c) {
  put_byte(out, static_cast<uint8_t>(c.unit));
  put_uleb(out, c.index);
  put_byte(out, c.width);
  put_string(out, c.name);
}

void count_byte(void* ctx, uint8_t) { ++*static_cast<size_t*>(ctx); }

}  // namespace

bool valid(const CaptureInfo& info) {
  if (!valid_name(info.board) || !valid_counter(info.trigger)) return false;
  if (info.max_depth > kMaxDepth || info.sspesa_words > kMaxSspesaWords || info.group_count > kMaxGroup) return false;
  if (info.group_count > 0 && info.group == nullptr) return false;
  for (unsigned i = 0; i < info.group_count; ++i)
    if (!valid_counter(info.group[i])) return false;
  if (info.image.size > kMaxImageIdBytes || info.jitter_bits > 15) return false;
  if (info.arch != Arch::kHost && info.arch != Arch::kRiscv && info.arch != Arch::kSparc) return false;
  return info.chain == ChainKind::kNone || info.chain == ChainKind::kRiscvFramePointer ||
         info.chain == ChainKind::kSparcWindows;
}

void put_uleb(const ByteOut& out, uint64_t v) {
  while (v >= 0x80) {
    put_byte(out, static_cast<uint8_t>(v | 0x80));
    v >>= 7;
  }
  put_byte(out, static_cast<uint8_t>(v));
}

void put_u32le(const ByteOut& out, uint32_t v) {
  for (unsigned i = 0; i < 4; ++i) put_byte(out, static_cast<uint8_t>(v >> (8 * i)));
}

// The header's body: everything after the type byte and the length.
static void put_header_body(const CaptureInfo& info, const ByteOut& out) {
  for (char c : kStreamMagic) put_byte(out, static_cast<uint8_t>(c));
  put_byte(out, kVersionMajor);
  put_byte(out, kVersionMinor);
  put_byte(out, static_cast<uint8_t>(info.arch));
  put_byte(out, kWordBits);
  put_byte(out, kBigEndian ? 1 : 0);
  put_byte(out, static_cast<uint8_t>(info.image.kind));
  put_byte(out, info.image.size);
  for (unsigned i = 0; i < info.image.size; ++i) put_byte(out, info.image.bytes[i]);
  put_uleb(out, info.image.text_start);
  put_uleb(out, info.image.text_size);
  put_string(out, info.board);
  put_counter(out, info.trigger);
  put_uleb(out, info.period);
  put_byte(out, info.jitter_bits);
  put_byte(out, static_cast<uint8_t>(info.chain));
  put_byte(out, info.max_depth);
  put_byte(out, info.sspesa_words);
  put_byte(out, info.group_count);
  for (unsigned i = 0; i < info.group_count; ++i) put_counter(out, info.group[i]);
}

Status encode_header(const CaptureInfo& info, const ByteOut& out) {
  if (out.put == nullptr || !valid(info)) return Status::kBadArg;
  size_t body = 0;
  put_header_body(info, ByteOut{count_byte, &body});
  put_byte(out, static_cast<uint8_t>(RecordType::kHeader));
  put_uleb(out, body);  // a reader skips fields a later minor version appends
  put_header_body(info, out);
  return Status::kOk;
}

size_t header_size(const CaptureInfo& info) {
  size_t n = 0;
  return encode_header(info, ByteOut{count_byte, &n}) == Status::kOk ? n : 0;
}

void encode_sample(const SampleShape& shape, const Sample& s, const ByteOut& out) {
  const unsigned depth = s.depth <= shape.max_depth ? s.depth : shape.max_depth;
  put_byte(out, static_cast<uint8_t>(RecordType::kSample));
  put_byte(out, s.flags);
  put_uleb(out, s.hart);
  put_uleb(out, s.pc);
  put_uleb(out, depth);
  for (unsigned i = 0; i < depth; ++i) put_uleb(out, s.chain[i]);
  for (unsigned i = 0; i < shape.group_count; ++i) put_uleb(out, s.deltas[i]);
  for (unsigned i = 0; i < shape.sspesa_words; ++i) put_uleb(out, s.sspesa[i]);
}

void encode_trailer(uint32_t samples, uint32_t dropped, uint32_t stream_crc, const ByteOut& out) {
  put_byte(out, static_cast<uint8_t>(RecordType::kTrailer));
  put_uleb(out, samples);
  put_uleb(out, dropped);
  put_u32le(out, stream_crc);
}

}  // namespace pmu::profile
