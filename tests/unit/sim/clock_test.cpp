#include <QtTest>

#include <chrono>
#include <limits>

#include "sim/clock.h"
#include "sim_test.h"

using namespace pilothouse;
using namespace pilothouse::sim;
using namespace std::chrono_literals;

namespace {
constexpr qint64 kSec = 1'000'000'000;
}

void SimTest::formatRfc3339_data() {
    QTest::addColumn<qint64>("unixNanos");
    QTest::addColumn<QString>("seconds");
    QTest::addColumn<QString>("micro");
    QTest::addColumn<QString>("nano");
    QTest::newRow("unix epoch") << qint64(0) << "1970-01-01T00:00:00Z"
                                << "1970-01-01T00:00:00.000000Z"
                                << "1970-01-01T00:00:00Z";
    QTest::newRow("default sim epoch") << qint64(1704067200) * kSec << "2024-01-01T00:00:00Z"
                                       << "2024-01-01T00:00:00.000000Z"
                                       << "2024-01-01T00:00:00Z";
    QTest::newRow("leap day, fraction truncated")
        << qint64(1709251199) * kSec + 123456789 << "2024-02-29T23:59:59Z"
        << "2024-02-29T23:59:59.123456Z"
        << "2024-02-29T23:59:59.123456789Z";
    QTest::newRow("one ns before 1970 floors") << qint64(-1) << "1969-12-31T23:59:59Z"
                                               << "1969-12-31T23:59:59.999999Z"
                                               << "1969-12-31T23:59:59.999999999Z";
    QTest::newRow("century leap year, trailing zeros dropped")
        << qint64(951868800) * kSec + 500'000'000 << "2000-03-01T00:00:00Z"
        << "2000-03-01T00:00:00.500000Z"
        << "2000-03-01T00:00:00.5Z";
    QTest::newRow("past 2^31 seconds") << qint64(2147483648) * kSec + 1000 << "2038-01-19T03:14:08Z"
                                       << "2038-01-19T03:14:08.000001Z"
                                       << "2038-01-19T03:14:08.000001Z";
    QTest::newRow("latest representable instant")
        << std::numeric_limits<qint64>::max() << "2262-04-11T23:47:16Z"
        << "2262-04-11T23:47:16.854775Z"
        << "2262-04-11T23:47:16.854775807Z";
}

void SimTest::formatRfc3339() {
    QFETCH(qint64, unixNanos);
    QFETCH(QString, seconds);
    QFETCH(QString, micro);
    QFETCH(QString, nano);
    const Time t = fromUnixNanos(unixNanos);
    QCOMPARE(QString::fromStdString(sim::formatRfc3339(t)), seconds);
    QCOMPARE(QString::fromStdString(formatRfc3339Micro(t)), micro);
    QCOMPARE(QString::fromStdString(formatRfc3339Nano(t)), nano);
    // The nanosecond form parses back to the same instant.
    auto parsed = sim::parseRfc3339(formatRfc3339Nano(t));
    QVERIFY2(parsed.isOk(), parsed.status().message().c_str());
    QCOMPARE(toUnixNanos(*parsed), unixNanos);
}

void SimTest::parseRfc3339_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("unixNanos");
    const qint64 newYear = qint64(1704067200) * kSec;
    QTest::newRow("Z") << "2024-01-01T00:00:00Z" << newYear;
    QTest::newRow("positive offset") << "2024-01-01T01:00:00+01:00" << newYear;
    QTest::newRow("negative offset") << "2023-12-31T19:00:00-05:00" << newYear;
    QTest::newRow("half-hour offset") << "2024-01-01T05:30:00+05:30" << newYear;
    QTest::newRow("nine digits") << "2024-02-29T23:59:59.123456789Z"
                                 << qint64(1709251199) * kSec + 123456789;
    QTest::newRow("one digit, lower case") << "2024-01-01t00:00:00.5z" << newYear + 500'000'000;
    QTest::newRow("before 1970") << "1969-12-31T23:59:59.999999999Z" << qint64(-1);
}

void SimTest::parseRfc3339() {
    QFETCH(QString, text);
    QFETCH(qint64, unixNanos);
    auto t = sim::parseRfc3339(text.toStdString());
    QVERIFY2(t.isOk(), t.status().message().c_str());
    QCOMPARE(toUnixNanos(*t), unixNanos);
}

void SimTest::parseRfc3339Rejects_data() {
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << "";
    QTest::newRow("date only") << "2024-01-01";
    QTest::newRow("space separator") << "2024-01-01 00:00:00Z";
    QTest::newRow("letters") << "abcd-01-01T00:00:00Z";
    QTest::newRow("month 13") << "2024-13-01T00:00:00Z";
    QTest::newRow("Feb 29 in a common year") << "2023-02-29T00:00:00Z";
    QTest::newRow("hour 24") << "2024-01-01T24:00:00Z";
    QTest::newRow("minute 60") << "2024-01-01T00:60:00Z";
    QTest::newRow("second 60") << "2024-01-01T00:00:60Z";
    QTest::newRow("no zone") << "2024-01-01T00:00:00";
    QTest::newRow("dot without digits") << "2024-01-01T00:00:00.Z";
    QTest::newRow("ten fractional digits") << "2024-01-01T00:00:00.1234567890Z";
    QTest::newRow("offset without colon") << "2024-01-01T00:00:00+0100";
    QTest::newRow("trailing text") << "2024-01-01T00:00:00Zjunk";
}

void SimTest::parseRfc3339Rejects() {
    QFETCH(QString, text);
    auto t = sim::parseRfc3339(text.toStdString());
    QVERIFY(!t.isOk());
    QCOMPARE(t.status().code(), StatusCode::InvalidArgument);
    // The message quotes the input so a person can find it.
    QVERIFY2(t.status().message().find("\"" + text.toStdString() + "\"") != std::string::npos,
             t.status().message().c_str());
}

void SimTest::formatDuration_data() {
    QTest::addColumn<qint64>("nanos");
    QTest::addColumn<QString>("go");
    QTest::addColumn<QString>("elapsed");
    QTest::newRow("zero") << qint64(0) << "0s"
                          << "+0.000000000";
    QTest::newRow("1ns") << qint64(1) << "1ns"
                         << "+0.000000001";
    QTest::newRow("999ns") << qint64(999) << "999ns"
                           << "+0.000000999";
    QTest::newRow("1.5us") << qint64(1500) << QString::fromUtf8("1.5\u00b5s") << "+0.000001500";
    QTest::newRow("2ms") << qint64(2'000'000) << "2ms"
                         << "+0.002000000";
    QTest::newRow("1.5ms") << qint64(1'500'000) << "1.5ms"
                           << "+0.001500000";
    QTest::newRow("1s") << kSec << "1s"
                        << "+1.000000000";
    QTest::newRow("90s") << 90 * kSec << "1m30s"
                         << "+90.000000000";
    QTest::newRow("1h and a half second") << 3600 * kSec + 500'000'000 << "1h0m0.5s"
                                          << "+3600.500000000";
    QTest::newRow("negative") << qint64(-2'000'000) << "-2ms"
                              << "-0.002000000";
    QTest::newRow("100h") << 360000 * kSec << "100h0m0s"
                          << "+360000.000000000";
}

void SimTest::formatDuration() {
    QFETCH(qint64, nanos);
    QFETCH(QString, go);
    QFETCH(QString, elapsed);
    QCOMPARE(QString::fromStdString(sim::formatDuration(Duration{nanos})), go);
    QCOMPARE(QString::fromStdString(formatElapsed(Duration{nanos})), elapsed);
}

void SimTest::virtualClockStartsAtEpochAndNeverGoesBack() {
    VirtualClock def;
    QCOMPARE(def.nowRfc3339(), std::string("2024-01-01T00:00:00Z"));
    QCOMPARE(def.now(), kDefaultEpoch);

    auto epoch = sim::parseRfc3339("2026-01-01T00:00:00Z");
    QVERIFY(epoch.isOk());
    VirtualClock c(*epoch);
    QCOMPARE(c.nowRfc3339(), std::string("2026-01-01T00:00:00Z"));
    QCOMPARE(c.elapsed(), Duration::zero());

    QVERIFY(c.advanceTo(*epoch + 1500ms));
    QCOMPARE(c.nowRfc3339Micro(), std::string("2026-01-01T00:00:01.500000Z"));
    QCOMPARE(c.elapsed(), Duration(1500ms));
    QVERIFY(!c.advanceTo(*epoch + 1ms));  // backwards: ignored
    QCOMPARE(c.elapsed(), Duration(1500ms));
    QCOMPARE(c.epoch(), *epoch);
    // A const Clock& sees the same time (components only get the interface).
    const Clock& iface = c;
    QCOMPARE(iface.nowUnixNanos(), toUnixNanos(*epoch + 1500ms));
}

void SimTest::realClockFollowsSystemTime() {
    RealClock c;
    const auto before = std::chrono::system_clock::now();
    const Time t = c.now();
    const auto after = std::chrono::system_clock::now();
    QVERIFY(t >= std::chrono::time_point_cast<Duration>(before));
    QVERIFY(t <= std::chrono::time_point_cast<Duration>(after));
    // Far from the virtual default epoch's fixed instant only by real elapsed time: after 2024.
    QVERIFY(t > kDefaultEpoch);
}
