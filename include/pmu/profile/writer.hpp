// SPDX-License-Identifier: Apache-2.0
// The capture writer: a capture as text lines through a character sink (the
// board's console, a UART), so it survives a terminal or a log file
// (docs/profiling.md, "Text capture"). Each line is one frame:
//   @pmu:<base64 of: seq u16 LE | up to 96 record-stream bytes | CRC-32 u32 LE>
// The record stream is the header record, one record per sample, the
// trailer. Frames carry consecutive pieces of it; a record may span frames.
//
// Runs in thread context (the drainer), never in the overflow hook. No heap:
// one frame buffer (about 100 bytes) in the object.
#pragma once

#include <stdint.h>

#include "pmu/profile/format.hpp"
#include "pmu/profile/ring.hpp"
#include "pmu/report.hpp"
#include "pmu/status.hpp"

namespace pmu::profile {

/// Writes a capture as text lines through a character sink (see the file comment).
class CaptureWriter {
 public:
  /// A writer to 'sink' (a pmu::report::Sink: the console, a UART). Writes nothing yet.
  constexpr explicit CaptureWriter(const report::Sink& sink) : sink_(sink) {}

  /// Starts a capture with the header record of 'info', or with the header
  /// the ring holds. kBadArg (nothing written) if the sink has no function,
  /// info is not valid() / the ring is not initialised, or a capture is open.
  Status begin(const CaptureInfo& info);
  /// As begin(info), with the header record 'ring' holds.
  Status begin(const SampleRing& ring);

  /// One sample record. kBadArg (nothing written) if no capture is open or
  /// the sample does not fit the header's shape (depth > max_depth, missing
  /// deltas or Sspesa words).
  Status write(const Sample& s);

  /// Writes and releases up to 'max' samples from the ring; returns how many.
  /// 0 if no capture is open or the ring's shape is not the capture's.
  uint32_t drain(SampleRing& ring, uint32_t max = 0xFFFFFFFFu);

  /// Writes the partial frame now, so a periodic drain leaves whole lines.
  void flush();

  /// Ends the capture: the trailer (samples written, 'dropped', the stream
  /// CRC), then flush. kBadArg if no capture is open.
  Status end(uint32_t dropped);
  /// end() with the samples 'ring' dropped.
  Status end(const SampleRing& ring) { return end(ring.dropped()); }

  /// Samples written in the open (or the last) capture.
  uint32_t samples() const { return samples_; }
  /// A capture is open: begin() was called and end() not yet.
  bool open() const { return open_; }

 private:
  static void put_byte(void* self, uint8_t b);
  void start();
  void emit_frame();

  report::Sink sink_;
  SampleShape shape_{};
  bool open_ = false;
  uint16_t seq_ = 0;
  uint8_t fill_ = 0;  ///< payload bytes in frame_
  uint32_t samples_ = 0;
  uint32_t stream_crc_ = 0;  ///< over the payload of every frame emitted
  uint8_t frame_[2 + kMaxFramePayload + 4] = {};
};

}  // namespace pmu::profile
