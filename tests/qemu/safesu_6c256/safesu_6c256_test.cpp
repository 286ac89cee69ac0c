// SafeSU scenarios on the 6-core/256-event (SELENE) instance.
#include "board_config.hpp"
#include "pmu/safesu/layout.hpp"
#include "pmu_sim/safesu_model.hpp"

namespace safesu_suite {
constexpr uintptr_t kBase = board::config::kSafesu6c256Base;
constexpr const pmu::safesu::Layout& kLayout = pmu::safesu::k6c256;
constexpr pmu::models::SafesuModel::Config kModelConfig{24, 256, 6, false, true, false, false};
constexpr unsigned kOverflowLine = board::config::kSafesu6cIrqOverflow;
constexpr unsigned kRdcLine = board::config::kSafesu6cIrqRdc;
constexpr unsigned kMccuLine0 = board::config::kSafesu6cIrqMccu0;
constexpr uint8_t kNo = 0xFF;
// Model output bit -> board line: overflow, quota (not wired), RDC, FT1, FT2, -, -, -, MCCU 0..5.
constexpr uint8_t kLines[] = {kOverflowLine, kNo, kRdcLine, kNo, kNo, kNo, kNo, kNo,
                              kMccuLine0, kMccuLine0 + 1, kMccuLine0 + 2, kMccuLine0 + 3,
                              kMccuLine0 + 4, kMccuLine0 + 5};
}  // namespace safesu_suite

#define SAFESU_UNIT safesu6c256
#include "../safesu/scenarios.inc"
