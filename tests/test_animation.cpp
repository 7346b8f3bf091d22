// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <numbers>
#include <random>

#include "skinlab/animation/clip_sampler.hpp"

using namespace skinlab;

namespace {

using R = TangentRule;
using E = Extrapolation;

// Keys (0, 0), (1, 10), (3, 0) with one rule everywhere.
Channel peak(R rule, E before = E::constant, E after = E::constant) {
  return Channel({{0, 0, rule, rule}, {1, 10, rule, rule}, {3, 0, rule, rule}}, before, after);
}

}  // namespace

TEST(Channel, PassesThroughItsKeys) {
  for (R rule : {R::flat, R::linear, R::smooth}) {
    const Channel c = peak(rule);
    EXPECT_DOUBLE_EQ(c.evaluate(0.0), 0.0);
    EXPECT_DOUBLE_EQ(c.evaluate(1.0), 10.0);
    EXPECT_DOUBLE_EQ(c.evaluate(3.0), 0.0);
  }
}

TEST(Channel, TangentRulesGiveHandComputedMidSpanValues) {
  // Linear: tangents are the chord slopes (10, then -5), so spans are straight lines.
  const Channel linear = peak(R::linear);
  EXPECT_DOUBLE_EQ(linear.out_tangent(0), 10.0);
  EXPECT_DOUBLE_EQ(linear.in_tangent(0), 10.0);  // no key before: borrows the other side
  EXPECT_DOUBLE_EQ(linear.out_tangent(1), -5.0);
  EXPECT_DOUBLE_EQ(linear.evaluate(0.5), 5.0);
  EXPECT_DOUBLE_EQ(linear.evaluate(2.5), 2.5);
  // Flat: h01(s) = -2s^3 + 3s^2; s = 0.25 gives 0.15625 of the rise.
  EXPECT_DOUBLE_EQ(peak(R::flat).evaluate(0.25), 1.5625);
  // Smooth at key 1: Catmull-Rom (0 - 0) / (3 - 0) = 0; key 0 falls back to linear (10).
  // Span 0 at s = 0.5: 0.125 * 1 * 10 + 0.5 * 10 - 0.125 * 1 * 0 = 6.25.
  const Channel smooth = peak(R::smooth);
  EXPECT_DOUBLE_EQ(smooth.in_tangent(1), 0.0);
  EXPECT_DOUBLE_EQ(smooth.out_tangent(0), 10.0);
  EXPECT_DOUBLE_EQ(smooth.evaluate(0.5), 6.25);
  // Mixed rules on one key: incoming flat, outgoing linear.
  const Channel mixed({{0, 0, R::linear, R::flat}, {2, 4, R::linear, R::linear}}, E::constant, E::constant);
  EXPECT_DOUBLE_EQ(mixed.out_tangent(0), 0.0);
  EXPECT_DOUBLE_EQ(mixed.in_tangent(1), 2.0);
  // s = 0.5, h = 2: 0.5 * 4 + (-0.125) * 2 * 2 = 1.5.
  EXPECT_DOUBLE_EQ(mixed.evaluate(1.0), 1.5);
}

TEST(Channel, ExtrapolationModesMatchHandComputedValues) {
  EXPECT_DOUBLE_EQ(peak(R::linear, E::constant, E::constant).evaluate(-1), 0.0);
  EXPECT_DOUBLE_EQ(peak(R::linear, E::constant, E::constant).evaluate(5), 0.0);
  // Linear: the end tangents, 10 before and -5 after.
  EXPECT_DOUBLE_EQ(peak(R::linear, E::linear, E::linear).evaluate(-1), -10.0);
  EXPECT_DOUBLE_EQ(peak(R::linear, E::linear, E::linear).evaluate(4), -5.0);
  // Cycle: period 3.
  EXPECT_DOUBLE_EQ(peak(R::linear, E::cycle, E::cycle).evaluate(4), 10.0);
  EXPECT_DOUBLE_EQ(peak(R::linear, E::cycle, E::cycle).evaluate(3.5), 5.0);
  EXPECT_DOUBLE_EQ(peak(R::linear, E::cycle, E::cycle).evaluate(-2.5), 5.0);
  // Bounce: the second period runs backwards (t = 3.5 reads t = 2.5), before 0 mirrors.
  EXPECT_DOUBLE_EQ(peak(R::linear, E::bounce, E::bounce).evaluate(3.5), 2.5);
  EXPECT_DOUBLE_EQ(peak(R::linear, E::bounce, E::bounce).evaluate(-1), 10.0);
  EXPECT_DOUBLE_EQ(peak(R::linear, E::bounce, E::bounce).evaluate(6.5), 5.0);  // third period: forwards
  // Cycle with offset: keys (0, 0), (2, 10) rise 10 per period.
  const Channel ramp({{0, 0, R::linear, R::linear}, {2, 10, R::linear, R::linear}}, E::cycle_offset, E::cycle_offset);
  EXPECT_DOUBLE_EQ(ramp.evaluate(3), 15.0);
  EXPECT_DOUBLE_EQ(ramp.evaluate(-1), -5.0);
  EXPECT_DOUBLE_EQ(ramp.evaluate(7), 35.0);
  // One key: every mode holds it.
  const Channel single({{1, 7, R::smooth, R::smooth}}, E::linear, E::bounce);
  EXPECT_DOUBLE_EQ(single.evaluate(-3), 7.0);
  EXPECT_DOUBLE_EQ(single.evaluate(9), 7.0);
}

TEST(Channel, CachedLookupEqualsBinarySearch) {
  std::mt19937 rng(21);
  std::vector<ClipKey> keys;
  double t = 0;
  std::uniform_real_distribution<double> step(0.05, 1.0), value(-90, 90);
  for (int k = 0; k < 40; ++k) {
    keys.push_back({t, value(rng), static_cast<R>(k % 3), static_cast<R>((k + 1) % 3)});
    t += step(rng);
  }
  const Channel c(keys, E::bounce, E::cycle_offset);
  std::uniform_real_distribution<double> anywhere(-10, t + 10);
  int span = 0;
  // Forward playback, backward playback, then random jumps.
  for (double u = -2; u < t + 2; u += 0.013) EXPECT_DOUBLE_EQ(c.evaluate(u, span), c.evaluate(u));
  for (double u = t + 2; u > -2; u -= 0.029) EXPECT_DOUBLE_EQ(c.evaluate(u, span), c.evaluate(u));
  for (int i = 0; i < 2000; ++i) {
    const double u = anywhere(rng);
    EXPECT_DOUBLE_EQ(c.evaluate(u, span), c.evaluate(u));
  }
}

TEST(ClipSampler, FillsJointAnglesInRadiansAndTheMover) {
  ClipFile clip =
      parse_clip("c.clip",
                 "animation { range 0 2 numChannels 3"
                 " channel arm.ry { extrapolate constant constant keys 2 { 0 0 linear linear 1 90 linear linear } }"
                 " channel 0 { extrapolate constant constant keys 1 { 0 -10 flat flat } }"
                 " channel mover.tx { extrapolate constant constant keys 1 { 0 0.25 flat flat } } }");
  const SkelFile skel = parse_skel("s.skel", "ROOT body 0 0 0 0 0 0 { JOINT arm 0 0 0 0 0 0 { End Site } }");
  ClipSampler sampler(clip, resolve_clip_dofs(clip, skel), 2);
  Pose pose;
  sampler.sample(0.5, pose);
  ASSERT_EQ(pose.angles.size(), 6u);
  EXPECT_NEAR(pose.angles[4], std::numbers::pi / 4, 1e-15);
  EXPECT_NEAR(pose.angles[0], -10 * std::numbers::pi / 180, 1e-15);
  EXPECT_EQ(pose.angles[5], 0.0);
  EXPECT_EQ(pose.mover[0], 0.25);
  EXPECT_EQ(sampler.end(), 2.0);
}
