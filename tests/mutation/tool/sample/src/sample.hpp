// SPDX-License-Identifier: Apache-2.0
#pragma once

constexpr int kLimit = 8;

int clamp(int n);
int scale(int n);
