// SPDX-License-Identifier: Apache-2.0
#include "pmu/profile/writer.hpp"

#include "pmu/profile/crc32.hpp"
#include "pmu/profile/record.hpp"

namespace pmu::profile {
namespace {

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Standard base64 with '=' padding (RFC 4648 section 4).
void put_base64(const report::Sink& sink, const uint8_t* p, unsigned n) {
  for (unsigned i = 0; i < n; i += 3) {
    const unsigned left = n - i;
    const uint32_t v = static_cast<uint32_t>(p[i]) << 16 | (left > 1 ? static_cast<uint32_t>(p[i + 1]) << 8 : 0) |
                       (left > 2 ? p[i + 2] : 0);
    sink.put(sink.ctx, kBase64[(v >> 18) & 63]);
    sink.put(sink.ctx, kBase64[(v >> 12) & 63]);
    sink.put(sink.ctx, left > 1 ? kBase64[(v >> 6) & 63] : '=');
    sink.put(sink.ctx, left > 2 ? kBase64[v & 63] : '=');
  }
}

}  // namespace

void CaptureWriter::put_byte(void* self, uint8_t b) {
  CaptureWriter* w = static_cast<CaptureWriter*>(self);
  w->frame_[2 + w->fill_++] = b;
  if (w->fill_ == kMaxFramePayload) w->emit_frame();
}

void CaptureWriter::emit_frame() {
  if (fill_ == 0) return;
  frame_[0] = static_cast<uint8_t>(seq_);
  frame_[1] = static_cast<uint8_t>(seq_ >> 8);
  const unsigned n = 2u + fill_;
  const uint32_t crc = crc32(0, frame_, n);
  for (unsigned i = 0; i < 4; ++i) frame_[n + i] = static_cast<uint8_t>(crc >> (8 * i));
  stream_crc_ = crc32(stream_crc_, frame_ + 2, fill_);
  report::put_str(sink_, kLinePrefix);
  put_base64(sink_, frame_, n + 4);
  sink_.put(sink_.ctx, '\n');
  ++seq_;
  fill_ = 0;
}

void CaptureWriter::start() {
  open_ = true;
  seq_ = 0;
  fill_ = 0;
  samples_ = 0;
  stream_crc_ = 0;
}

Status CaptureWriter::begin(const CaptureInfo& info) {
  if (sink_.put == nullptr || open_ || !valid(info)) return Status::kBadArg;
  start();
  shape_ = shape_of(info);
  return encode_header(info, ByteOut{put_byte, this});
}

Status CaptureWriter::begin(const SampleRing& ring) {
  if (sink_.put == nullptr || open_ || ring.header() == nullptr) return Status::kBadArg;
  start();
  shape_ = ring.shape();
  const uint8_t* h = ring.header();
  for (size_t i = 0; i < ring.header_bytes(); ++i) put_byte(this, h[i]);
  return Status::kOk;
}

Status CaptureWriter::write(const Sample& s) {
  if (!open_ || s.depth > shape_.max_depth || (s.depth > 0 && s.chain == nullptr) ||
      (shape_.group_count > 0 && s.deltas == nullptr) || (shape_.sspesa_words > 0 && s.sspesa == nullptr))
    return Status::kBadArg;
  encode_sample(shape_, s, ByteOut{put_byte, this});
  ++samples_;
  return Status::kOk;
}

uint32_t CaptureWriter::drain(SampleRing& ring, uint32_t max) {
  if (!open_ || !(ring.shape() == shape_)) return 0;
  uint32_t n = 0;
  for (const uintptr_t* slot; n < max && (slot = ring.peek()) != nullptr; ++n) {
    (void)write(slot_sample(slot, shape_));
    ring.release();
  }
  return n;
}

void CaptureWriter::flush() {
  if (open_) emit_frame();
}

Status CaptureWriter::end(uint32_t dropped) {
  if (!open_) return Status::kBadArg;
  const uint32_t crc = crc32(stream_crc_, frame_ + 2, fill_);
  encode_trailer(samples_, dropped, crc, ByteOut{put_byte, this});
  emit_frame();
  open_ = false;
  return Status::kOk;
}

}  // namespace pmu::profile
