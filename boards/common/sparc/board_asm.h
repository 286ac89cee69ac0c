/* SPDX-License-Identifier: Apache-2.0 */
/* Constants shared by start.S and trap.S. */
#pragma once

#define NWINDOWS 8
#define PSR_CWP_MASK 0x1f
/* EF: the FPU is on (read-only 0 on a LEON3 without one). */
#define PSR_EF 0x1000
#define PSR_ET 0x20
#define PSR_PS 0x40
#define PSR_S 0x80
#define PSR_PIL_MASK 0xf00
/* Minimum stack frame: 16-word register save area, hidden struct-return
 * word, 6 argument words, rounded to 8 bytes. */
#define MIN_FRAME 96
