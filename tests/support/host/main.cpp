// Host test entry: GoogleTest, plus one "PASS host <Suite>.<Test>" /
// "FAIL host ..." line per test, the form `make test` counts.
#include <gtest/gtest.h>

#include <cstdio>

#include "host/backend.hpp"

namespace {

class LinePrinter : public ::testing::EmptyTestEventListener {
 public:
  explicit LinePrinter(const char* tag) : tag_(tag) {}
  void OnTestEnd(const ::testing::TestInfo& info) override {
    const char* verdict = info.result()->Skipped() ? "SKIP" : info.result()->Passed() ? "PASS" : "FAIL";
    std::printf("%s %s %s.%s\n", verdict, tag_, info.test_suite_name(), info.name());
    std::fflush(stdout);
  }

 private:
  const char* tag_;
};

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  pmu::test::report_bus_faults_as_failures();
#if PMU_HOST_XLEN == 32
  const char* tag = "host-xlen32";
#else
  const char* tag = "host";
#endif
  ::testing::UnitTest::GetInstance()->listeners().Append(new LinePrinter(tag));
  return RUN_ALL_TESTS();
}
