// SPDX-License-Identifier: Apache-2.0
// The capture format of pmukit record (docs/profiling.md, "Capture format"):
// the constants both ends agree on and the description of a capture that
// the header carries. Version 1.0.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace pmu::profile {

// ---- limits ------------------------------------------------------------------
constexpr unsigned kMaxGroup = 8;         ///< counters whose deltas a sample carries
constexpr unsigned kMaxDepth = 16;        ///< return addresses a sample carries
constexpr unsigned kMaxSspesaWords = 4;   ///< Sspesa detail words a sample carries
constexpr unsigned kMaxImageIdBytes = 32; ///< GNU build id (sha1: 20 bytes) or hash
constexpr unsigned kMaxNameBytes = 63;    ///< board and counter names

// ---- versions and magics -------------------------------------------------------
constexpr uint8_t kVersionMajor = 1;  ///< a reader refuses another major
constexpr uint8_t kVersionMinor = 0;  ///< a reader accepts any minor (fields only appended)
constexpr char kStreamMagic[4] = {'P', 'M', 'U', 'K'};  ///< after the 'H' of the header record
constexpr char kDumpMagic[4] = {'P', 'M', 'U', 'D'};    ///< first bytes of a ring in RAM

/// Record types: the first byte of each record in the record stream.
enum class RecordType : uint8_t { kHeader = 'H', kSample = 'S', kTrailer = 'T' };

/// Text framing: one line per frame, "@pmu:" + base64(frame) + "\n", where
/// frame = seq (u16 LE) | payload | CRC-32 (u32 LE) over seq and payload.
constexpr char kLinePrefix[] = "@pmu:";
constexpr unsigned kMaxFramePayload = 96;  ///< bytes of record stream per line

// ---- what a capture describes -------------------------------------------------
/// The architecture a capture comes from.
enum class Arch : uint8_t { kHost = 0, kRiscv = 1, kSparc = 2 };

#if defined(PMU_HOST)
constexpr Arch kThisArch = Arch::kHost;  ///< This build's architecture.
#elif defined(__riscv)
constexpr Arch kThisArch = Arch::kRiscv;  ///< This build's architecture.
#elif defined(__sparc__)
constexpr Arch kThisArch = Arch::kSparc;  ///< This build's architecture.
#else
constexpr Arch kThisArch = Arch::kHost;  ///< This build's architecture.
#endif
constexpr bool kBigEndian = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;  ///< This build stores words big-endian (LEON3).
/// Sample words (ring slots, dumps) are uintptr_t: XLEN on RISC-V, 32 on LEON3.
constexpr uint8_t kWordBits = sizeof(uintptr_t) * 8;

/// The unit a counter belongs to (how the host tool names it).
enum class Unit : uint8_t { kOther = 0, kSafesu = 1, kCm = 2, kRiscv = 3, kAme = 4 };

/// How the call chains were walked (the host tool adjusts addresses by it).
enum class ChainKind : uint8_t {
  kNone = 0,
  kRiscvFramePointer = 1,  // return addresses (the instruction after the call)
  kSparcWindows = 2,       // %i7 values (the call instruction itself)
};

/// A counter as the capture names it.
struct CounterInfo {
  Unit unit = Unit::kOther;  ///< the unit it belongs to
  uint8_t index = 0;        ///< the unit's counter index (counter_unit.hpp numbering)
  uint8_t width = 64;       ///< bits of the raw hardware value (1..64)
  const char* name = "";    ///< e.g. "instret", "cpu0.dcache_miss"; printed by the host tool
};

/// Which image the samples come from. The host tool refuses an ELF whose
/// identity differs (image_id.hpp computes it on the target).
struct ImageId {
  /// How the image is identified: not at all, by its GNU build id, by a CRC-32 of its code.
  enum class Kind : uint8_t { kNone = 0, kGnuBuildId = 1, kTextCrc32 = 2 };
  Kind kind = Kind::kNone;  ///< which identity 'bytes' holds
  uint8_t size = 0;                  ///< bytes used in 'bytes'
  uint8_t bytes[kMaxImageIdBytes] = {};  ///< the build id, or the CRC little-endian
  uintptr_t text_start = 0;          ///< kTextCrc32: the hashed address range
  uintptr_t text_size = 0;           ///< kTextCrc32: its size in bytes
};

/// Everything the header record carries. The ring's slot layout follows from
/// max_depth, group_count and sspesa_words.
struct CaptureInfo {
  ImageId image;                    ///< which image the samples come from
  const char* board = "";           ///< the board's name (board::name())
  Arch arch = kThisArch;            ///< the target's architecture
  CounterInfo trigger;              ///< the counter whose overflow takes the samples
  uint64_t period = 0;              ///< events between samples (the mean, with jitter)
  uint8_t jitter_bits = 0;          ///< period varies by +-2^(jitter_bits-1)
  ChainKind chain = ChainKind::kNone;  ///< how call chains were walked
  uint8_t max_depth = 0;            ///< return addresses per sample, at most
  uint8_t sspesa_words = 0;         ///< Sspesa detail words per sample
  uint8_t group_count = 0;          ///< group counters (kMaxGroup at most)
  const CounterInfo* group = nullptr;  ///< group_count entries: the deltas' order
};

/// Sample flags (a sample record's flags byte, bits 24..31 of a slot's meta word).
constexpr uint8_t kFlagDeltaSaturated = 0x01;  ///< a delta did not fit a word
constexpr uint8_t kFlagChainTruncated = 0x02;  ///< the walk stopped at max_depth
constexpr uint8_t kFlagSspesa = 0x04;          ///< the Sspesa words are valid

/// What a sample holds besides pc and hart: fixes a ring slot's size and how
/// a sample record is decoded.
struct SampleShape {
  uint8_t max_depth = 0;     ///< call-chain words per slot
  uint8_t group_count = 0;   ///< delta words per slot
  uint8_t sspesa_words = 0;  ///< Sspesa words per slot
  /// Words of a ring slot: pc, meta (hart | depth << 16 | flags << 24), the
  /// chain, the deltas, the Sspesa words.
  constexpr unsigned slot_words() const { return 2u + max_depth + group_count + sspesa_words; }
  /// The same three counts.
  constexpr bool operator==(const SampleShape& o) const {
    return max_depth == o.max_depth && group_count == o.group_count && sspesa_words == o.sspesa_words;
  }
};
/// The shape a capture description gives its samples.
constexpr SampleShape shape_of(const CaptureInfo& info) {
  return SampleShape{info.max_depth, info.group_count, info.sspesa_words};
}

/// A sample as the writer encodes it (the ring stores the same as words).
struct Sample {
  uintptr_t pc = 0;    ///< the interrupted pc
  uint16_t hart = 0;   ///< the interrupted hart
  uint8_t flags = 0;   ///< kFlag* bits
  uint8_t depth = 0;                 ///< entries in 'chain'
  const uintptr_t* chain = nullptr;  ///< innermost caller first
  const uintptr_t* deltas = nullptr; ///< CaptureInfo::group_count entries
  const uintptr_t* sspesa = nullptr; ///< CaptureInfo::sspesa_words entries
};

}  // namespace pmu::profile
