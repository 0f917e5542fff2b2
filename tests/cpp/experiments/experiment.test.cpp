// The lecture's timing experiment (experiment.cpp): the loop over heads and the weight split give
// the same numbers, each row is timed, and a bad list of head counts is refused.
#include <catch2/catch.hpp>
#include <vector>

#include "support/check.hpp"

using namespace attention;

TEST_CASE("the lecture's experiment: loop over heads against the weight split", "[experiment]") {
  HeadExperimentOptions o;
  o.heads = {2, 40};
  o.repeats = 3;
  const std::vector<HeadExperimentRow> rows = head_experiment(o);
  REQUIRE(rows.size() == 2);
  for (const HeadExperimentRow& row : rows) {
    CHECK(row.loop_ms > 0.0);
    CHECK(row.fused_ms > 0.0);
    CHECK(row.max_difference <= 1e-6);
  }
  CHECK(rows[1].heads == 40);
  o.heads = {};
  CHECK_THROWS_AS(head_experiment(o), OptionError);
  o.heads = {0};
  CHECK_THROWS_AS(head_experiment(o), OptionError);
}
