// SPDX-License-Identifier: Apache-2.0
// The records of a capture's record stream, byte by byte
// (docs/profiling.md, "Records"): the header, one record per sample, the
// trailer. Integers are unsigned LEB128 unless the format says otherwise;
// strings are a LEB128 length and the bytes. The header carries its length
// after the type byte (so readers skip fields a later minor version
// appends); samples and the trailer have a fixed form. The same header
// bytes open both the text capture and the RAM dump.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/profile/format.hpp"
#include "pmu/status.hpp"

namespace pmu::profile {

/// Where encoded bytes go.
struct ByteOut {
  void (*put)(void* ctx, uint8_t b) = nullptr;  ///< takes one byte
  void* ctx = nullptr;                          ///< passed back to put
};

/// True if the description can be encoded: strings and group present, names
/// of at most kMaxNameBytes, every count within its limit, widths in 1..64,
/// known arch and chain kinds.
bool valid(const CaptureInfo& info);

/// The header record. kBadArg (nothing written) if !valid(info) or out has no
/// function.
Status encode_header(const CaptureInfo& info, const ByteOut& out);
/// Its size in bytes (0 if !valid(info)).
size_t header_size(const CaptureInfo& info);

/// One sample record; 'shape' says how many deltas and Sspesa words the
/// sample carries (the chain is s.depth entries, at most shape.max_depth).
void encode_sample(const SampleShape& shape, const Sample& s, const ByteOut& out);

/// The trailer: samples written in this capture, samples the ring dropped,
/// and the CRC-32 of every record-stream byte before the trailer.
void encode_trailer(uint32_t samples, uint32_t dropped, uint32_t stream_crc, const ByteOut& out);

/// Writes v as unsigned LEB128 (a building block; also what the host tool decodes).
void put_uleb(const ByteOut& out, uint64_t v);
/// Writes v as 4 bytes, little-endian.
void put_u32le(const ByteOut& out, uint32_t v);

}  // namespace pmu::profile
