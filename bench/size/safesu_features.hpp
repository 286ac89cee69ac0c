// SPDX-License-Identifier: Apache-2.0
// The reference drivers' SafeSU feature set (docs/hw/safesu.md §5.1) as
// pmukit calls on an object `su`: what a firmware that needs exactly what
// the reference drivers offer links. The one list of it: the size programs
// (safesu_size.cpp) call it, the host bench prints it for the docs.
//
// X(reference function, pmukit member, (parameters), (arguments))
#pragma once

#define BENCH_SAFESU_REFERENCE_FEATURES(X)                                                            \
  X(counters_enable, start, (uint32_t mask), (mask))                                                  \
  X(counters_disable, stop, (uint32_t mask), (mask))                                                  \
  X(counters_reset, reset, (), ())                                                                    \
  X(counters_print, read_all, (uint32_t* out, unsigned n), (out, n))                                  \
  X(configure_crossbar, route, (unsigned output, unsigned event), (output, event))                    \
  X(register_events, route_table, (const pmu::safesu::Route* r, size_t n), (r, n))                    \
  X(overflow_enable, enable_overflow, (), ())                                                         \
  X(overflow_disable, disable_overflow, (), ())                                                       \
  X(overflow_reset, clear_overflow, (), ())                                                           \
  X(overflow_enable_interrupt, set_overflow_irq, (unsigned k, bool on), (k, on))                      \
  X(overflow_get_iv, overflow_vector, (), ())                                                         \
  X(mccu_enable, enable_mccu, (), ())                                                                 \
  X(mccu_disable, disable_mccu, (), ())                                                               \
  X(mccu_reset, reset_mccu, (), ())                                                                   \
  X(mccu_set_quota_limit, set_budget, (unsigned core, uint32_t limit), (core, limit))                 \
  X(mccu_refill_quota, refill_cores, (uint32_t cores), (cores))                                       \
  X(mccu_get_quota_remaining, remaining_budget, (unsigned core), (core))                              \
  X(mccu_set_event_weigths, set_weight, (unsigned input, unsigned weight), (input, weight))           \
  X(mccu_enable_HQ, set_hw_quota, (bool on), (on))                                                    \
  X(rdc_enable, enable_rdc, (), ())                                                                   \
  X(rdc_disable, disable_rdc, (), ())                                                                 \
  X(rdc_reset, reset_rdc, (), ())                                                                     \
  X(rdc_read_watermark, watermark, (unsigned input), (input))                                         \
  X(rdc_read_iv, rdc_vector, (), ())                                                                  \
  X(rdc_get_interrupt, rdc_fired, (unsigned input), (input))                                          \
  X(select_test_mode, set_selftest_mode, (pmu::safesu::SelftestMode m), (m))
