// SPDX-License-Identifier: Apache-2.0
// Constructing an object in storage the caller owns. The freestanding build
// has no <new>, so pmukit has a placement form of its own; the tag keeps it
// apart from the standard one (and from an application's).
#pragma once

#include <stddef.h>

namespace pmu {
/// The tag of pmukit's placement new: new (where, pmu::InPlace{}) T(...).
struct InPlace {};
}  // namespace pmu

inline void* operator new(size_t, void* where, pmu::InPlace) noexcept { return where; }
inline void operator delete(void*, void*, pmu::InPlace) noexcept {}
