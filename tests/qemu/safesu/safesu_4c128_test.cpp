// SafeSU scenarios on the 4-core/128-event instance at the board's SafeSU
// address, lines per wrapper version A (board_config.hpp).
#include "board_config.hpp"
#include "pmu/safesu/layout.hpp"
#include "pmu_sim/safesu_model.hpp"

namespace safesu_suite {
constexpr uintptr_t kBase = board::config::kSafesuBase;
constexpr const pmu::safesu::Layout& kLayout = pmu::safesu::k4c128;
constexpr pmu::models::SafesuModel::Config kModelConfig{24, 128, 4, false, true, false, false};
constexpr unsigned kOverflowLine = board::config::kSafesuIrqOverflow;
constexpr unsigned kRdcLine = board::config::kSafesuIrqRdc;
constexpr unsigned kMccuLine0 = board::config::kSafesuIrqMccu0;
constexpr uint8_t kNo = 0xFF;
// Model output bit -> board line: overflow, quota, RDC, FT1, FT2, -, -, -, MCCU 0..3.
constexpr uint8_t kLines[] = {kOverflowLine, board::config::kSafesuIrqQuota, kRdcLine, kNo, kNo,
                              kNo, kNo, kNo, kMccuLine0, kMccuLine0 + 1, kMccuLine0 + 2,
                              kMccuLine0 + 3};
}  // namespace safesu_suite

#define SAFESU_UNIT safesu
#include "scenarios.inc"
