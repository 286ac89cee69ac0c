// SPDX-License-Identifier: Apache-2.0
// Which image is running, so the host tool can refuse a capture taken from
// another ELF: the GNU build id (ld --build-id) where the linker script keeps
// the note between two symbols, otherwise a CRC-32 of the code, computed at
// start-up, that the host tool recomputes from the ELF.
//
// Linker script (every pmukit board's script has it):
//   .note.gnu.build-id : ALIGN(4) {
//     __pmu_build_id_start = .;
//     KEEP(*(.note.gnu.build-id))
//     __pmu_build_id_end = .;
//   } > RAM
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/profile/format.hpp"
#include "pmu/status.hpp"

namespace pmu::profile {

/// Reads the NT_GNU_BUILD_ID note (type 3, owner "GNU") from the ELF notes
/// in [begin, end). kNotFound if there is none; kMismatch if a note header
/// runs past 'end' or the id is longer than kMaxImageIdBytes; kBadArg if an
/// argument is null or end < begin. 'out' is written only on kOk.
Status read_build_id(const void* begin, const void* end, ImageId* out);

/// CRC-32 of the bytes in [begin, end), recorded with their address range.
/// kBadArg if an argument is null or end <= begin.
Status hash_text(const void* begin, const void* end, ImageId* out);

/// This image's identity: the build id between __pmu_build_id_start and
/// __pmu_build_id_end (weak: absent in a script without them); if that is
/// missing or empty, the CRC-32 of [text_begin, text_end) when given.
/// kBadArg if out is null or only one text bound is given or end <= begin;
/// kUnavailable if there is no build id and no text range.
Status image_id(ImageId* out, const void* text_begin = nullptr, const void* text_end = nullptr);

}  // namespace pmu::profile
