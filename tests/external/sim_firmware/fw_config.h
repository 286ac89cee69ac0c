/* SPDX-License-Identifier: Apache-2.0 */
/* The firmware's own build configuration, forced into every compile with
 * -include (CMakeLists.txt, Makefile), as many firmware builds do: beside
 * the package's own -include of pmukit_abi.h, both must reach the compiler. */
#ifndef FW_CONFIG_H
#define FW_CONFIG_H
#define FW_CONFIG_FORCED 1
#endif
