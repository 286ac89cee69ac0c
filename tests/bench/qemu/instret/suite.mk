# SPDX-License-Identifier: Apache-2.0
# make bench's instruction counter (bench/target/bench.hpp) against code of
# known length, on the boards the bench runs on.
SUITE_BOARDS := qemu-virt-rv64 qemu-virt-rv32
SUITE_SRCS := bench/target/callback.cpp
# Its checks count the instructions of known code as GCC -Os builds it (the
# bench is built so).
SUITE_OPT_ONLY := -Os
SUITE_COMPILER_ONLY := gcc
