// SPDX-License-Identifier: Apache-2.0
// The image identity: build-id notes as ld writes them (found among other
// notes, malformed ones refused), the code hash, and the fallback order.
#include <gtest/gtest.h>

#include <link.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "pmu/profile/crc32.hpp"
#include "pmu/profile/image_id.hpp"

namespace {
using namespace pmu;
using namespace pmu::profile;

void put32(std::vector<uint8_t>& v, uint32_t x) {
  for (int i = 0; i < 4; ++i) v.push_back(static_cast<uint8_t>(x >> (8 * i)));  // host: little-endian
}

// One ELF note: namesz, descsz, type, name and descriptor padded to 4.
void note(std::vector<uint8_t>& v, const char* name, uint32_t namesz, uint32_t type, std::vector<uint8_t> desc) {
  put32(v, namesz);
  put32(v, static_cast<uint32_t>(desc.size()));
  put32(v, type);
  for (uint32_t i = 0; i < namesz; ++i) v.push_back(static_cast<uint8_t>(name[i]));
  while (v.size() % 4) v.push_back(0);
  v.insert(v.end(), desc.begin(), desc.end());
  while (v.size() % 4) v.push_back(0);
}

std::vector<uint8_t> sha1_id() {
  std::vector<uint8_t> id(20);
  for (int i = 0; i < 20; ++i) id[i] = static_cast<uint8_t>(0xA0 + i);
  return id;
}

TEST(ImageId, ReadsTheGnuBuildIdNote) {
  std::vector<uint8_t> notes;
  note(notes, "GNU", 4, 3, sha1_id());
  ImageId id;
  ASSERT_EQ(read_build_id(notes.data(), notes.data() + notes.size(), &id), Status::kOk);
  EXPECT_EQ(id.kind, ImageId::Kind::kGnuBuildId);
  ASSERT_EQ(id.size, 20);
  EXPECT_EQ(std::memcmp(id.bytes, sha1_id().data(), 20), 0);
}

TEST(ImageId, SkipsOtherNotesBeforeTheBuildId) {
  std::vector<uint8_t> notes;
  note(notes, "GNU", 4, 1, {0, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0});  // ABI tag
  note(notes, "Xen", 4, 3, {1, 2, 3});                                       // type 3, not GNU
  note(notes, "GNU", 4, 3, {9, 8, 7, 6, 5, 4, 3, 2});
  ImageId id;
  ASSERT_EQ(read_build_id(notes.data(), notes.data() + notes.size(), &id), Status::kOk);
  ASSERT_EQ(id.size, 8);
  EXPECT_EQ(id.bytes[0], 9);
  EXPECT_EQ(id.bytes[7], 2);
}

TEST(ImageId, RefusesMissingTruncatedAndOversizedNotes) {
  ImageId id;
  id.size = 77;  // untouched unless kOk
  std::vector<uint8_t> other;
  note(other, "GNU", 4, 1, {1, 2, 3, 4});
  EXPECT_EQ(read_build_id(other.data(), other.data() + other.size(), &id), Status::kNotFound);
  EXPECT_EQ(read_build_id(other.data(), other.data(), &id), Status::kNotFound) << "empty section";
  std::vector<uint8_t> full;
  note(full, "GNU", 4, 3, sha1_id());
  EXPECT_EQ(read_build_id(full.data(), full.data() + full.size() - 4, &id), Status::kMismatch) << "truncated";
  std::vector<uint8_t> big;
  note(big, "GNU", 4, 3, std::vector<uint8_t>(kMaxImageIdBytes + 4, 1));
  EXPECT_EQ(read_build_id(big.data(), big.data() + big.size(), &id), Status::kMismatch);
  EXPECT_EQ(read_build_id(nullptr, full.data(), &id), Status::kBadArg);
  EXPECT_EQ(read_build_id(full.data() + 4, full.data(), &id), Status::kBadArg);
  EXPECT_EQ(read_build_id(full.data(), full.data() + full.size(), nullptr), Status::kBadArg);
  EXPECT_EQ(id.size, 77);
}

TEST(ImageId, HashesCodeWithItsAddressRange) {
  const uint8_t code[] = {0x13, 0x00, 0x00, 0x00, 0x67, 0x80, 0x00, 0x00};
  ImageId id;
  ASSERT_EQ(hash_text(code, code + sizeof(code), &id), Status::kOk);
  EXPECT_EQ(id.kind, ImageId::Kind::kTextCrc32);
  ASSERT_EQ(id.size, 4);
  const uint32_t crc = crc32(0, code, sizeof(code));
  EXPECT_EQ(id.bytes[0] | id.bytes[1] << 8 | id.bytes[2] << 16 | static_cast<uint32_t>(id.bytes[3]) << 24, crc);
  EXPECT_EQ(id.text_start, reinterpret_cast<uintptr_t>(code));
  EXPECT_EQ(id.text_size, sizeof(code));
  EXPECT_EQ(hash_text(code, code, &id), Status::kBadArg);
}

// The host build has no linker-script symbols: image_id() falls back to the
// code hash when given a range, and says kUnavailable when not.
TEST(ImageId, FallsBackToTheCodeHashWithoutBuildIdSymbols) {
  const uint8_t code[] = {1, 2, 3, 4};
  ImageId id;
  EXPECT_EQ(image_id(&id), Status::kUnavailable);
  ASSERT_EQ(image_id(&id, code, code + 4), Status::kOk);
  EXPECT_EQ(id.kind, ImageId::Kind::kTextCrc32);
  EXPECT_EQ(image_id(&id, code, nullptr), Status::kBadArg);
  EXPECT_EQ(image_id(nullptr), Status::kBadArg);
}

// Real notes, as the host's ld wrote them into this test binary (Debian
// links with --build-id): the reader finds the same id readelf -n prints.
TEST(ImageId, ReadsTheBuildIdLdWroteIntoThisBinary) {
  struct Found {
    ImageId id;
    Status status = Status::kNotFound;
  } found;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* ctx) -> int {
        auto* f = static_cast<Found*>(ctx);
        for (int i = 0; i < info->dlpi_phnum && f->status != Status::kOk; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_NOTE) continue;
          const auto* begin = reinterpret_cast<const uint8_t*>(info->dlpi_addr + ph.p_vaddr);
          f->status = read_build_id(begin, begin + ph.p_memsz, &f->id);
        }
        return 1;  // the first object is the executable
      },
      &found);
  if (found.status == Status::kNotFound) GTEST_SKIP() << "this binary was linked without --build-id";
  ASSERT_EQ(found.status, Status::kOk);
  std::string hex;
  for (unsigned i = 0; i < found.id.size; ++i) {
    char b[3];
    std::snprintf(b, sizeof(b), "%02x", found.id.bytes[i]);
    hex += b;
  }
  char self[4096] = {};
  ASSERT_GT(readlink("/proc/self/exe", self, sizeof(self) - 1), 0);
  FILE* p = popen(("readelf -n '" + std::string(self) + "' 2>/dev/null").c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string text;
  char buf[256];
  while (std::fgets(buf, sizeof(buf), p) != nullptr) text += buf;
  pclose(p);
  if (text.find("Build ID") == std::string::npos) GTEST_SKIP() << "no readelf";
  EXPECT_NE(text.find("Build ID: " + hex), std::string::npos) << hex << "\n" << text;
}

}  // namespace
