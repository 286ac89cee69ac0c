# SPDX-License-Identifier: Apache-2.0
# Sampling profiles through Sscofpmf: the known-shape workload sampled on
# cycles, then on instructions, each overflow a real LCOFI; the captures go
# out through the console. `make profile-demo` runs it on qemu-virt-rv64 and
# prints pmukit-profile's reports. Frame pointers for the call chains, and
# no sibling calls, so a function that ends in a call stays its callee's
# caller in the chains (docs/profiling.md).
EXAMPLE_BOARDS := qemu-virt-rv64 qemu-virt-rv32
EXAMPLE_CXXFLAGS := -fno-omit-frame-pointer -fno-optimize-sibling-calls
EXAMPLE_SYMBOLS := shape_sixty shape_thirty shape_ten
