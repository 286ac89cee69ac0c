// SPDX-License-Identifier: Apache-2.0
// The host bench's tests at XLEN 32, where the RISC-V counter sequences
// differ (hi/lo/hi reads, OF in mhpmeventNh): the same tests, this binary.
#include "../access_test.cpp"  // NOLINT: one test source, built at both XLENs
