// SPDX-License-Identifier: Apache-2.0
// make_capture: writes captures with the library's own ring and writer, for
// the pmukit-profile tests. Reads a spec on stdin:
//
//   image build-id <hex> | image text-crc <start> <size> <crc> | image none
//   board <name>            arch riscv|sparc|host
//   trigger <unit> <index> <width> <name>
//   period <n>   jitter <bits>   chain none|riscv|sparc <max_depth>   sspesa <words>
//   group <unit> <index> <width> <name>          (repeated, in delta order)
//   ring <slots>                                 (default 1024)
//   sample <hart> <pc> [c=<ra>,...] [d=<delta>,...] [s=<word>,...] [f=<flags>]
//   drain                                        (drain the ring now, end the line)
//   say <text>                                   (a console line between frames)
//
// Units: other safesu cm riscv ame. Numbers: decimal or 0x hex. Samples go
// through SampleRing::reserve/commit like the overflow hook's; --dump FILE
// writes the ring's storage (the RAM-dump form) after the last sample and
// before the final drain; --text FILE the text capture.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "pmu/profile/record.hpp"
#include "pmu/profile/ring.hpp"
#include "pmu/profile/writer.hpp"

namespace {
using namespace pmu::profile;

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "make_capture: %s\n", why.c_str());
  std::exit(2);
}

uint64_t number(const std::string& s) {
  char* end = nullptr;
  const uint64_t v = std::strtoull(s.c_str(), &end, 0);
  if (s.empty() || *end != '\0') die("not a number: " + s);
  return v;
}

std::vector<uintptr_t> numbers(const std::string& list) {
  std::vector<uintptr_t> v;
  std::stringstream ss(list);
  for (std::string item; std::getline(ss, item, ',');) v.push_back(static_cast<uintptr_t>(number(item)));
  return v;
}

Unit unit(const std::string& s) {
  const char* names[] = {"other", "safesu", "cm", "riscv", "ame"};
  for (unsigned i = 0; i < 5; ++i)
    if (s == names[i]) return static_cast<Unit>(i);
  die("unknown unit: " + s);
}

std::string rest(std::istringstream& in) {
  std::string r;
  std::getline(in >> std::ws, r);
  return r;
}

void put_file(void* f, char c) { std::fputc(c, static_cast<FILE*>(f)); }

struct Names {  // storage for the strings CaptureInfo points to
  std::string board = "test-board", trigger = "instret";
  std::vector<std::string> group;
};

}  // namespace

int main(int argc, char** argv) {
  const char* text_path = nullptr;
  const char* dump_path = nullptr;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--text") == 0) text_path = argv[i + 1];
    else if (std::strcmp(argv[i], "--dump") == 0) dump_path = argv[i + 1];
    else die(std::string("unknown option ") + argv[i]);
  }
  if (text_path == nullptr && dump_path == nullptr) die("usage: make_capture [--text FILE] [--dump FILE] < spec");
  FILE* text = text_path != nullptr ? std::fopen(text_path, "w") : std::fopen("/dev/null", "w");
  if (text == nullptr) die("cannot write the text capture");

  CaptureInfo info;
  info.arch = Arch::kRiscv;
  Names names;
  std::vector<CounterInfo> group;
  size_t slots = 1024;
  std::vector<uint64_t> storage;
  SampleRing ring;
  CaptureWriter writer(pmu::report::Sink{put_file, text});
  bool started = false;

  auto start = [&] {
    if (started) return;
    started = true;
    info.board = names.board.c_str();
    info.trigger.name = names.trigger.c_str();
    for (size_t i = 0; i < group.size(); ++i) group[i].name = names.group[i].c_str();
    info.group = group.data();
    info.group_count = static_cast<uint8_t>(group.size());
    const size_t words = ring_slots_offset(header_size(info)) / 8 + slots * shape_of(info).slot_words();
    storage.assign(words, 0);
    if (ring.init(storage.data(), storage.size() * 8, info) != pmu::Status::kOk) die("ring.init refused the spec");
    if (writer.begin(ring) != pmu::Status::kOk) die("writer.begin failed");
  };

  std::string line;
  for (unsigned n = 1; std::getline(std::cin, line); ++n) {
    std::istringstream in(line);
    std::string key;
    if (!(in >> key) || key[0] == '#') continue;
    if (key == "image") {
      std::string kind;
      in >> kind;
      info.image = ImageId{};
      if (kind == "build-id") {
        std::string hex;
        in >> hex;
        info.image.kind = ImageId::Kind::kGnuBuildId;
        info.image.size = static_cast<uint8_t>(hex.size() / 2);
        for (size_t i = 0; i < hex.size() / 2; ++i)
          info.image.bytes[i] = static_cast<uint8_t>(std::strtoul(hex.substr(2 * i, 2).c_str(), nullptr, 16));
      } else if (kind == "text-crc") {
        std::string a, b, c;
        in >> a >> b >> c;
        info.image.kind = ImageId::Kind::kTextCrc32;
        info.image.size = 4;
        info.image.text_start = static_cast<uintptr_t>(number(a));
        info.image.text_size = static_cast<uintptr_t>(number(b));
        const uint32_t crc = static_cast<uint32_t>(number(c));
        for (unsigned i = 0; i < 4; ++i) info.image.bytes[i] = static_cast<uint8_t>(crc >> (8 * i));
      } else if (kind != "none") {
        die("line " + std::to_string(n) + ": image build-id|text-crc|none");
      }
    } else if (key == "board") {
      names.board = rest(in);
    } else if (key == "arch") {
      const std::string a = rest(in);
      info.arch = a == "sparc" ? Arch::kSparc : a == "host" ? Arch::kHost : Arch::kRiscv;
    } else if (key == "trigger" || key == "group") {
      std::string u, idx, width;
      in >> u >> idx >> width;
      CounterInfo c{unit(u), static_cast<uint8_t>(number(idx)), static_cast<uint8_t>(number(width)), ""};
      if (key == "trigger") {
        info.trigger = c;
        names.trigger = rest(in);
      } else {
        group.push_back(c);
        names.group.push_back(rest(in));
      }
    } else if (key == "period") {
      info.period = number(rest(in));
    } else if (key == "jitter") {
      info.jitter_bits = static_cast<uint8_t>(number(rest(in)));
    } else if (key == "chain") {
      std::string kind, depth;
      in >> kind >> depth;
      info.chain = kind == "riscv" ? ChainKind::kRiscvFramePointer
                   : kind == "sparc" ? ChainKind::kSparcWindows
                                     : ChainKind::kNone;
      info.max_depth = static_cast<uint8_t>(number(depth));
    } else if (key == "sspesa") {
      info.sspesa_words = static_cast<uint8_t>(number(rest(in)));
    } else if (key == "ring") {
      slots = number(rest(in));
    } else if (key == "sample") {
      start();
      std::string hart, pc, field;
      in >> hart >> pc;
      std::vector<uintptr_t> chain, deltas, sspesa;
      uintptr_t flags = 0;
      while (in >> field) {
        if (field.rfind("c=", 0) == 0) chain = numbers(field.substr(2));
        else if (field.rfind("d=", 0) == 0) deltas = numbers(field.substr(2));
        else if (field.rfind("s=", 0) == 0) sspesa = numbers(field.substr(2));
        else if (field.rfind("f=", 0) == 0) flags = static_cast<uintptr_t>(number(field.substr(2)));
        else die("line " + std::to_string(n) + ": unknown sample field " + field);
      }
      const SampleShape shape = ring.shape();
      if (chain.size() > shape.max_depth || deltas.size() != shape.group_count || sspesa.size() > shape.sspesa_words)
        die("line " + std::to_string(n) + ": sample does not fit the header");
      uintptr_t* slot = ring.reserve();
      if (slot == nullptr) continue;  // full: the ring counts the drop
      slot[0] = static_cast<uintptr_t>(number(pc));
      slot[1] = slot_meta(static_cast<uint16_t>(number(hart)), static_cast<uint8_t>(chain.size()),
                          static_cast<uint8_t>(flags));
      for (size_t i = 0; i < chain.size(); ++i) slot[kSlotChain + i] = chain[i];
      for (size_t i = 0; i < deltas.size(); ++i) slot[slot_deltas(shape) + i] = deltas[i];
      for (size_t i = 0; i < sspesa.size(); ++i) slot[slot_sspesa(shape) + i] = sspesa[i];
      ring.commit();
    } else if (key == "drain") {
      start();
      writer.drain(ring);
      writer.flush();
    } else if (key == "say") {
      writer.flush();
      std::fprintf(text, "%s\n", rest(in).c_str());
    } else {
      die("line " + std::to_string(n) + ": unknown key " + key);
    }
  }
  start();
  if (dump_path != nullptr) {
    FILE* d = std::fopen(dump_path, "wb");
    if (d == nullptr || std::fwrite(storage.data(), 8, storage.size(), d) != storage.size()) die("cannot write the dump");
    std::fclose(d);
  }
  writer.drain(ring);
  if (writer.end(ring) != pmu::Status::kOk) die("writer.end failed");
  std::fclose(text);
  return 0;
}
