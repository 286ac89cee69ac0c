// SPDX-License-Identifier: Apache-2.0
#include "pmu/profile/image_id.hpp"

#include "pmu/profile/crc32.hpp"

// Defined by the linker script; weak so a script without them links and
// image_id() falls back to the code hash.
extern "C" {
extern const uint8_t __pmu_build_id_start[] __attribute__((weak));
extern const uint8_t __pmu_build_id_end[] __attribute__((weak));
}

namespace pmu::profile {
namespace {

constexpr uint32_t kNtGnuBuildId = 3;

// Note fields are in the image's byte order, which is this machine's.
uint32_t word_at(const uint8_t* p) {
  uint32_t v = 0;
  for (unsigned i = 0; i < 4; ++i) v |= static_cast<uint32_t>(p[i]) << (kBigEndian ? 8 * (3 - i) : 8 * i);
  return v;
}

constexpr size_t align4(size_t n) { return (n + 3) & ~size_t{3}; }

}  // namespace

Status read_build_id(const void* begin, const void* end, ImageId* out) {
  if (begin == nullptr || end == nullptr || out == nullptr || end < begin) return Status::kBadArg;
  const uint8_t* p = static_cast<const uint8_t*>(begin);
  const uint8_t* const stop = static_cast<const uint8_t*>(end);
  // Each note: namesz, descsz, type (4 bytes each), the name and the
  // descriptor, each padded to 4 bytes.
  while (stop - p >= 12) {
    const uint32_t namesz = word_at(p);
    const uint32_t descsz = word_at(p + 4);
    const uint32_t type = word_at(p + 8);
    const size_t body = align4(namesz) + align4(descsz);
    if (namesz > 0xFFFF || descsz > 0xFFFF || static_cast<size_t>(stop - p - 12) < body) return Status::kMismatch;
    const uint8_t* name = p + 12;
    const bool gnu = namesz == 4 && name[0] == 'G' && name[1] == 'N' && name[2] == 'U' && name[3] == '\0';
    if (gnu && type == kNtGnuBuildId) {
      if (descsz == 0 || descsz > kMaxImageIdBytes) return Status::kMismatch;
      const uint8_t* desc = name + align4(namesz);
      *out = ImageId{};
      out->kind = ImageId::Kind::kGnuBuildId;
      out->size = static_cast<uint8_t>(descsz);
      for (uint32_t i = 0; i < descsz; ++i) out->bytes[i] = desc[i];
      return Status::kOk;
    }
    p += 12 + body;
  }
  return Status::kNotFound;
}

Status hash_text(const void* begin, const void* end, ImageId* out) {
  if (begin == nullptr || end == nullptr || out == nullptr || end <= begin) return Status::kBadArg;
  const size_t n = static_cast<size_t>(static_cast<const uint8_t*>(end) - static_cast<const uint8_t*>(begin));
  const uint32_t crc = crc32(0, begin, n);
  *out = ImageId{};
  out->kind = ImageId::Kind::kTextCrc32;
  out->size = 4;
  for (unsigned i = 0; i < 4; ++i) out->bytes[i] = static_cast<uint8_t>(crc >> (8 * i));
  out->text_start = reinterpret_cast<uintptr_t>(begin);
  out->text_size = n;
  return Status::kOk;
}

Status image_id(ImageId* out, const void* text_begin, const void* text_end) {
  const bool text = text_begin != nullptr || text_end != nullptr;
  if (out == nullptr || (text && (text_begin == nullptr || text_end == nullptr || text_end <= text_begin)))
    return Status::kBadArg;
  if (__pmu_build_id_start != nullptr && __pmu_build_id_end != nullptr &&
      read_build_id(__pmu_build_id_start, __pmu_build_id_end, out) == Status::kOk)
    return Status::kOk;
  return text ? hash_text(text_begin, text_end, out) : Status::kUnavailable;
}

}  // namespace pmu::profile
