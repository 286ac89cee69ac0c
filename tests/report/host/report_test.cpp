// SPDX-License-Identifier: Apache-2.0
// The report formatter: exact text for table and CSV, bad input prints nothing.
#include <gtest/gtest.h>

#include <string>

#include "pmu/report.hpp"

namespace {
using namespace pmu;

void append(void* ctx, char c) { static_cast<std::string*>(ctx)->push_back(c); }

TEST(Report, TableIsAlignedToTheWidestLabelAndValue) {
  std::string out;
  report::Sink sink{append, &out};
  const report::Row rows[] = {{0, "cycles", 1234567}, {1, "icache miss", 42}, {12, nullptr, 0}};
  ASSERT_EQ(report::print(sink, "SafeSU counters", rows, 3, report::Format::kTable), Status::kOk);
  EXPECT_EQ(out,
            "SafeSU counters\n"
            "   #  event          value\n"
            "   0  cycles       1234567\n"
            "   1  icache miss       42\n"
            "  12  -                  0\n");
}

TEST(Report, CsvHasOneParsableLinePerRowAndQuotesWhenNeeded) {
  std::string out;
  report::Sink sink{append, &out};
  const report::Row rows[] = {{3, "a,b", 18446744073709551615ull}, {4, "say \"hi\"", 7}};
  ASSERT_EQ(report::print(sink, "run1", rows, 2, report::Format::kCsv), Status::kOk);
  EXPECT_EQ(out, "run1,3,\"a,b\",18446744073709551615\nrun1,4,\"say \"\"hi\"\"\",7\n");
}

// A line break of either kind inside a field, and a title that needs
// quoting, stay inside one quoted field: a CSV reader sees one record a row.
TEST(Report, CsvQuotesLineBreaksAndTheTitle) {
  std::string out;
  report::Sink sink{append, &out};
  const report::Row rows[] = {{1, "a\rb", 5}, {2, "c\nd", 6}};
  ASSERT_EQ(report::print(sink, "run,1", rows, 2, report::Format::kCsv), Status::kOk);
  EXPECT_EQ(out, "\"run,1\",1,\"a\rb\",5\n\"run,1\",2,\"c\nd\",6\n");
}

TEST(Report, BadArgumentsPrintNothing) {
  std::string out;
  report::Sink sink{append, &out};
  const report::Row rows[] = {{0, "x", 1}};
  EXPECT_EQ(report::print(report::Sink{}, "t", rows, 1, report::Format::kTable), Status::kBadArg);
  EXPECT_EQ(report::print(sink, nullptr, rows, 1, report::Format::kTable), Status::kBadArg);
  EXPECT_EQ(report::print(sink, "t", nullptr, 1, report::Format::kCsv), Status::kBadArg);
  EXPECT_EQ(report::print(sink, "t", rows, 1, static_cast<report::Format>(9)), Status::kBadArg);
  EXPECT_TRUE(out.empty());
}

TEST(Report, HexAndDecimalBuildingBlocks) {
  std::string out;
  report::Sink sink{append, &out};
  report::put_hex(sink, 0xCAFE01A1, 8);
  report::put_str(sink, " ");
  report::put_dec(sink, 0, 3);
  EXPECT_EQ(out, "cafe01a1   0");
}
}  // namespace
