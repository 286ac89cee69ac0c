// SPDX-License-Identifier: Apache-2.0
#include "pmu/profile/sampler.hpp"

#include "pmu/profile/call_chain.hpp"
#include "pmu/util/bits.hpp"

namespace pmu::profile {

Status Sampler::configure(const SamplerConfig& cfg, SampleRing* ring) {
  if (running_ || ring == nullptr || cfg.context == nullptr || cfg.trigger.ops == nullptr ||
      cfg.trigger.ops->arm == nullptr || cfg.trigger.ops->rearm == nullptr || cfg.trigger.ops->disarm == nullptr)
    return Status::kBadArg;
  // A period of 1 ends at the next event, inside the hook, before the hook
  // acknowledges the overflow, which is then lost and sampling stops. The
  // jitter window [period - half, period + half - 1] must not wrap.
  const uint64_t half = cfg.jitter_bits > 0 ? uint64_t{1} << (cfg.jitter_bits - 1) : 0;
  if (cfg.jitter_bits > 15 || cfg.period < 2 || (half > 0 && cfg.period <= half) ||
      cfg.period - 1 > ~uint64_t{0} - half)
    return Status::kBadArg;
  if (cfg.group_count > kMaxGroup || (cfg.group_count > 0 && cfg.group == nullptr) || cfg.max_depth > kMaxDepth)
    return Status::kBadArg;
  for (unsigned i = 0; i < cfg.group_count; ++i) {
    const GroupCounter& g = cfg.group[i];
    if (g.read == nullptr || g.width == 0 || g.width > 64) return Status::kBadArg;
    if (g.unit == cfg.trigger.unit && g.index == cfg.trigger.index) return Status::kBadArg;
  }
  const SampleShape& shape = ring->shape();
  if (shape.max_depth != cfg.max_depth || shape.group_count != cfg.group_count ||
      (cfg.sspesa != nullptr) != (shape.sspesa_words > 0))
    return Status::kMismatch;
  cfg_ = cfg;
  for (unsigned i = 0; i < cfg.group_count; ++i) mask_[i] = util::low_mask64(cfg.group[i].width);
  ring_ = ring;
  jitter_ = Jitter(cfg.period, cfg.jitter_bits, cfg.seed);
  interrupts_ = 0;  // the statistics are this configuration's
  no_context_ = 0;
  configured_ = true;
  return Status::kOk;
}

Status Sampler::start() {
  if (!configured_ || running_) return Status::kBadArg;
  (void)read_group(nullptr);
  // The first period is the mean, which arm() checks against the unit's
  // range: a jittered one near the top of that range would pass or fail by
  // the seed. The jitter starts with the first re-arm.
  const Status s = cfg_.trigger.ops->arm(cfg_.trigger.unit, cfg_.trigger.index, jitter_.period(),
                                         IrqCallback{on_overflow, this});
  running_ = s == Status::kOk;
  return s;
}

Status Sampler::stop() {
  if (!running_) return Status::kBadArg;
  running_ = false;
  return cfg_.trigger.ops->disarm(cfg_.trigger.unit, cfg_.trigger.index);
}

void Sampler::on_overflow(void* self, unsigned source) {
  Sampler* s = static_cast<Sampler*>(self);
  if (s != nullptr && s->running_ && source == s->cfg_.trigger.index) s->sample();
}

uint8_t Sampler::read_group(uintptr_t* out) {
  uint8_t flags = 0;
  const GroupCounter* g = cfg_.group;
  for (unsigned i = 0; i < cfg_.group_count; ++i, ++g) {
    const uint64_t raw = g->read(g->unit, g->index);
    const uint64_t delta = (raw - last_[i]) & mask_[i];
    last_[i] = raw;
    if (out == nullptr) continue;
    if (delta > static_cast<uintptr_t>(-1)) {  // only where words are 32 bits
      out[i] = static_cast<uintptr_t>(-1);
      flags |= kFlagDeltaSaturated;
    } else {
      out[i] = static_cast<uintptr_t>(delta);
    }
  }
  return flags;
}

// The hook's path: one indirect call for the context, the ring's reserve and
// commit inlined, one indirect call per group counter, one for the re-arm.
void Sampler::sample() {
  if (!configured_) return;
  ++interrupts_;
  InterruptedContext ctx;
  uintptr_t* slot = nullptr;
  if (cfg_.context(&ctx)) {
    slot = ring_->reserve();
  } else {
    ++no_context_;
  }
  const SampleShape& shape = ring_->shape();
  // A refused sample still advances the baselines, so the next sample's
  // deltas cover only its own period.
  uint8_t flags = read_group(slot != nullptr ? slot + slot_deltas(shape) : nullptr);
  if (slot != nullptr) {
    Chain chain;
    if (cfg_.max_depth > 0) chain = walk_call_chain(ctx, slot + kSlotChain, cfg_.max_depth);
    if (chain.truncated) flags |= kFlagChainTruncated;
    if (cfg_.sspesa != nullptr && cfg_.sspesa(cfg_.sspesa_ctx, slot + slot_sspesa(shape), shape.sspesa_words))
      flags |= kFlagSspesa;
    slot[0] = ctx.pc;
    slot[1] = slot_meta(ctx.hart, chain.depth, flags);
    ring_->commit();
  }
  (void)cfg_.trigger.ops->rearm(cfg_.trigger.unit, cfg_.trigger.index, jitter_.next());
}

CaptureInfo capture_info_for(const SamplerConfig& cfg) {
  CaptureInfo info;
  info.period = cfg.period;
  info.jitter_bits = cfg.jitter_bits;
  info.chain = cfg.max_depth > 0 ? kThisChain : ChainKind::kNone;
  info.max_depth = cfg.max_depth;
  info.group_count = cfg.group_count;
  return info;
}

}  // namespace pmu::profile
