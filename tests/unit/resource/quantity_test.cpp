// resource::Quantity against upstream's documented behaviour and its quantity_test.go tables
// (Kubernetes v1.28, k8s.io/apimachinery/pkg/api/resource), plus the v1.28 quirks we mirror.
#include <QtTest>

#include <cmath>
#include <cstdint>
#include <limits>

#include "api/resource/quantity.h"

using pilothouse::StatusCode;
using pilothouse::resource::Format;
using pilothouse::resource::formatName;
using pilothouse::resource::Quantity;
namespace scale = pilothouse::resource::scale;

namespace {

constexpr qint64 kMax = std::numeric_limits<qint64>::max();
constexpr qint64 kMin = std::numeric_limits<qint64>::min();

QString str(const std::string& s) {
    return QString::fromStdString(s);
}

Quantity mustParse(const QString& text) {
    auto q = Quantity::parse(text.toStdString());
    if (!q.isOk()) {
        qFatal("unexpected parse error for '%s': %s", qPrintable(text),
               q.status().message().c_str());
    }
    return *q;
}

QString fmt(Format f) {
    return QString::fromLatin1(formatName(f));
}

Format formatFrom(const QString& name) {
    if (name == "BinarySI")
        return Format::BinarySI;
    if (name == "DecimalExponent")
        return Format::DecimalExponent;
    return Format::DecimalSI;
}

const QString kFormatWrong = QString::fromLatin1(pilothouse::resource::kErrFormatWrong.data());
const QString kSuffix = QString::fromLatin1(pilothouse::resource::kErrSuffix.data());
const QString kNumeric = QString::fromLatin1(pilothouse::resource::kErrNumeric.data());

}  // namespace

class QuantityTest : public QObject {
    Q_OBJECT

private slots:
    void parseCanonical_data();
    void parseCanonical();
    void parseUpstreamTable_data();
    void parseUpstreamTable();
    void parseErrors_data();
    void parseErrors();
    void parseExactBoundaries_data();
    void parseExactBoundaries();
    void quantityString_data();
    void quantityString();
    void parseEmit_data();
    void parseEmit();
    void valueRounding_data();
    void valueRounding();
    void scaledValue_data();
    void scaledValue();
    void constructors_data();
    void constructors();
    void compare_data();
    void compare();
    void compareRepresentations_data();
    void compareRepresentations();
    void cmpPromotesReceiver();
    void addSub_data();
    void addSub();
    void addSubZeroKeepsSuffix();
    void addSubRoundTrip();
    void hugeExponents();
    void mul_data();
    void mul();
    void neg();
    void roundUp_data();
    void roundUp();
    void approximateFloat64_data();
    void approximateFloat64();
    void roundTrip_data();
    void roundTrip();
    void miscellany();
    void bigUInt();
};

// ---- parse -> String() ---------------------------------------------------------------------

void QuantityTest::parseCanonical_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("exact");
    QTest::addColumn<bool>("decimalHeld");

    auto row = [](const char* in, const char* out, const char* f, const char* exact, bool dec) {
        QTest::newRow(in) << QString(in) << QString(out) << QString(f) << QString(exact) << dec;
    };
    // The brief's examples.
    row("1.5Gi", "1536Mi", "BinarySI", "1610612736", true);
    row("0.5", "500m", "DecimalSI", "0.5", false);
    row("1000m", "1", "DecimalSI", "1", false);
    row("2e3", "2e3", "DecimalExponent", "2000", false);
    row("1k", "1k", "DecimalSI", "1000", false);
    row("1000", "1k", "DecimalSI", "1000", false);
    row("1500m", "1500m", "DecimalSI", "1.5", false);
    row("0.5Ki", "512", "BinarySI", "512", true);
    row("1.5Ki", "1536", "BinarySI", "1536", true);
    row("100Mi", "100Mi", "BinarySI", "104857600", false);
    row("1Gi", "1Gi", "BinarySI", "1073741824", false);
    row("12e6", "12e6", "DecimalExponent", "12000000", false);
    row("0.1n", "1n", "DecimalSI", "0.000000001", true);  // rounded up to a whole nano
    row("0", "0", "DecimalSI", "0", false);
    row("0m", "0", "DecimalSI", "0", false);
    row("0Mi", "0", "BinarySI", "0", false);
    row("0e-10", "0", "DecimalExponent", "0", true);
    row("-0", "0", "DecimalSI", "0", false);
    // Signs.
    row("-2", "-2", "DecimalSI", "-2", false);
    row("+3", "+3", "DecimalSI", "3", false);  // v1.28 keeps the parse text
    row("-1.5Gi", "-1536Mi", "BinarySI", "-1610612736", true);
    row("-500m", "-500m", "DecimalSI", "-0.5", false);
    row("-0.5", "-500m", "DecimalSI", "-0.5", false);
    row("-1000", "-1k", "DecimalSI", "-1000", false);
    row("-1Ki", "-1Ki", "BinarySI", "-1024", false);
    row(".5", "500m", "DecimalSI", "0.5", false);
    // DecimalSI suffixes.
    row("5n", "5n", "DecimalSI", "0.000000005", false);
    row("4u", "4u", "DecimalSI", "0.000004", false);
    row("3m", "3m", "DecimalSI", "0.003", false);
    row("8k", "8k", "DecimalSI", "8000", false);
    row("50k", "50k", "DecimalSI", "50000", false);
    row("7M", "7M", "DecimalSI", "7000000", false);
    row("6G", "6G", "DecimalSI", "6000000000", false);
    row("5T", "5T", "DecimalSI", "5000000000000", false);
    row("40T", "40T", "DecimalSI", "40000000000000", false);
    row("2P", "2P", "DecimalSI", "2000000000000000", false);
    row("1E", "1E", "DecimalSI", "1000000000000000000", false);
    row("12E", "12E", "DecimalSI", "12000000000000000000", false);
    row("1000M", "1G", "DecimalSI", "1000000000", false);
    row("1000k", "1M", "DecimalSI", "1000000", false);
    row("1024Mi", "1Gi", "BinarySI", "1073741824", false);
    row("8Mi", "8Mi", "BinarySI", "8388608", false);
    row("2048Ki", "2Mi", "BinarySI", "2097152", false);
    row("1536Ki", "1536Ki", "BinarySI", "1572864", false);
    row("1Pi", "1Pi", "BinarySI", "1125899906842624", true);
    row("7Ei", "7Ei", "BinarySI", "8070450532247928832", true);
    // BinarySI caps at 2^63-1 on the decimal path.
    row("8Ei", "9223372036854775807", "BinarySI", "9223372036854775807", true);
    row("9Ei", "9223372036854775807", "BinarySI", "9223372036854775807", true);
    row("9223372036854775807Ki", "9223372036854775807", "BinarySI", "9223372036854775807", true);
    // Fractional BinarySI prints as DecimalSI.
    row("100.035Ki", "102435840m", "BinarySI", "102435.84", true);
    row("0.5Mi", "512Ki", "BinarySI", "524288", true);
    row("0.05Gi", "53687091200m", "BinarySI", "53687091.2", true);
    row("0.025Ti", "27487790694400m", "BinarySI", "27487790694.4", true);
    row(".001Ki", "1024m", "BinarySI", "1.024", true);
    row("0.000000000001Ki", "2n", "DecimalSI", "0.000000002", true);
    // Exponents.
    row("1E-3", "1E-3", "DecimalExponent", "0.001", false);
    row("1e-3", "1e-3", "DecimalExponent", "0.001", false);
    row("5e-1", "500e-3", "DecimalExponent", "0.5", false);
    row("0.5e0", "500e-3", "DecimalExponent", "0.5", false);
    row("1.3E+6", "1300e3", "DecimalExponent", "1300000", false);
    row("1.2e3", "1200", "DecimalExponent", "1200", false);
    row("1e20", "100e18", "DecimalExponent", "100000000000000000000", false);
    row("1e21", "1e21", "DecimalExponent", "1000000000000000000000", false);
    row("1e-10", "1e-9", "DecimalExponent", "0.000000001", true);
    row("1.1E-9", "2e-9", "DecimalExponent", "0.000000002", true);
    row("-.484785E-7466", "-1e-9", "DecimalExponent", "-0.000000001", true);
    // Rounding to nano on parse.
    row("3.001n", "4n", "DecimalSI", "0.000000004", true);
    row("0.0000000005", "1n", "DecimalSI", "0.000000001", true);
    row("0.00000012345", "124n", "DecimalSI", "0.000000124", true);
    row("-0.00000012345", "-124n", "DecimalSI", "-0.000000124", true);
    // Beyond int64.
    row("12345678901234567890", "12345678901234567890", "DecimalSI", "12345678901234567890", true);
    row("-12345678901234567890.5", "-12345678901234567890500m", "DecimalSI",
        "-12345678901234567890.5", true);
    row("1234567890123456789012e3", "1234567890123456789012e3", "DecimalExponent",
        "1234567890123456789012000", true);
    row("18446744073709551616", "18446744073709551616", "DecimalSI", "18446744073709551616", true);
    // Texts v1.28's String() hands back verbatim.
    row("1.", "1.", "DecimalSI", "1", false);
    row("1.G", "1.G", "DecimalSI", "1000000000", false);
    row("01", "01", "DecimalSI", "1", false);
    row("0100m", "0100m", "DecimalSI", "0.1", false);
    row("100.035k", "100.035k", "DecimalSI", "100035", false);
    row("10.035M", "10.035M", "DecimalSI", "10035000", false);
    row("1.5e1000000", "1.5e1000000", "DecimalExponent", "15e999999", false);
    // Recomputed forms.
    row("1.0", "1", "DecimalSI", "1", false);
    row("1.000", "1", "DecimalSI", "1", false);
    row("0.0005k", "500m", "DecimalSI", "0.5", false);
    row("1e1000001", "100e999999", "DecimalExponent", "1e1000001", false);
    // The scanner's permissive corners.
    row(".", "0", "DecimalSI", "0", false);
    row("-", "0", "DecimalSI", "0", false);
    row("+", "0", "DecimalSI", "0", false);
    row("00", "0", "DecimalSI", "0", false);
    row("Ki", "0", "BinarySI", "0", false);
    row("Gi", "0", "BinarySI", "0", false);
    row("m", "0", "DecimalSI", "0", false);
    row("E", "0", "DecimalSI", "0", false);
    row("e5", "0", "DecimalExponent", "0", false);
    // v1.28 has no DecimalSI suffix past "E" and drops the exponent when printing.
    row("1000E", "1", "DecimalSI", "1000000000000000000000", false);
    row("1000000000000000000000", "1", "DecimalSI", "1000000000000000000000", true);
    row("10E", "10E", "DecimalSI", "10000000000000000000", false);
    row("100E", "100E", "DecimalSI", "100000000000000000000", false);
    // v1.28 narrows the parsed exponent to int32: 4294967297 becomes 1.
    row("1e4294967297", "10", "DecimalExponent", "10", false);
}

void QuantityTest::parseCanonical() {
    QFETCH(QString, input);
    QFETCH(QString, expected);
    QFETCH(QString, format);
    QFETCH(QString, exact);
    QFETCH(bool, decimalHeld);
    auto q = Quantity::parse(input.toStdString());
    QVERIFY2(q.isOk(), q.status().message().c_str());
    QCOMPARE(str(q->toString()), expected);
    QCOMPARE(fmt(q->format()), format);
    QCOMPARE(str(q->toDecimalString()), exact);
    QCOMPARE(q->isDecimalHeld(), decimalHeld);
}

// TestQuantityParse: each input against its expected value and format, also negated and with
// an explicit '+'.
void QuantityTest::parseUpstreamTable_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<qint64>("unscaled");
    QTest::addColumn<int>("exponent");
    QTest::addColumn<QString>("format");
    auto row = [](const char* in, qint64 u, int e, const char* f) {
        QTest::newRow(in) << QString(in) << u << e << QString(f);
    };
    row("0", 0, 0, "DecimalSI");
    row("0n", 0, 0, "DecimalSI");
    row("0u", 0, 0, "DecimalSI");
    row("0m", 0, 0, "DecimalSI");
    row("0Ki", 0, 0, "BinarySI");
    row("0k", 0, 0, "DecimalSI");
    row("0Mi", 0, 0, "BinarySI");
    row("0M", 0, 0, "DecimalSI");
    row("0Gi", 0, 0, "BinarySI");
    row("0G", 0, 0, "DecimalSI");
    row("0Ti", 0, 0, "BinarySI");
    row("0T", 0, 0, "DecimalSI");
    row("1", 1, 0, "DecimalSI");
    row("1Ki", 1024, 0, "BinarySI");
    row("8Ki", 8 * 1024, 0, "BinarySI");
    row("7Mi", 7 * 1024 * 1024, 0, "BinarySI");
    row("6Gi", 6LL * 1024 * 1024 * 1024, 0, "BinarySI");
    row("5Ti", 5LL * 1024 * 1024 * 1024 * 1024, 0, "BinarySI");
    row("4Pi", 4LL * 1024 * 1024 * 1024 * 1024 * 1024, 0, "BinarySI");
    row("3Ei", 3LL * 1024 * 1024 * 1024 * 1024 * 1024 * 1024, 0, "BinarySI");
    row("10Ti", 10LL * 1024 * 1024 * 1024 * 1024, 0, "BinarySI");
    row("100Ti", 100LL * 1024 * 1024 * 1024 * 1024, 0, "BinarySI");
    row("5n", 5, -9, "DecimalSI");
    row("4u", 4, -6, "DecimalSI");
    row("3m", 3, -3, "DecimalSI");
    row("9", 9, 0, "DecimalSI");
    row("8k", 8, 3, "DecimalSI");
    row("50k", 5, 4, "DecimalSI");
    row("7M", 7, 6, "DecimalSI");
    row("6G", 6, 9, "DecimalSI");
    row("5T", 5, 12, "DecimalSI");
    row("40T", 4, 13, "DecimalSI");
    row("300T", 3, 14, "DecimalSI");
    row("2P", 2, 15, "DecimalSI");
    row("1E", 1, 18, "DecimalSI");
    row("1E-3", 1, -3, "DecimalExponent");
    row("1e3", 1, 3, "DecimalExponent");
    row("1E6", 1, 6, "DecimalExponent");
    row("1e9", 1, 9, "DecimalExponent");
    row("1E12", 1, 12, "DecimalExponent");
    row("1e15", 1, 15, "DecimalExponent");
    row("1E18", 1, 18, "DecimalExponent");
    row("1e14", 1, 14, "DecimalExponent");
    row("1e13", 1, 13, "DecimalExponent");
    row("100.035k", 100035, 0, "DecimalSI");
    row("0.001", 1, -3, "DecimalSI");
    row("0.0005k", 5, -1, "DecimalSI");
    row("0.005", 5, -3, "DecimalSI");
    row("0.05", 5, -2, "DecimalSI");
    row("0.5", 5, -1, "DecimalSI");
    row("0.00050k", 5, -1, "DecimalSI");
    row("0.00500", 5, -3, "DecimalSI");
    row("0.05000", 5, -2, "DecimalSI");
    row("0.50000", 5, -1, "DecimalSI");
    row("0.5e0", 5, -1, "DecimalExponent");
    row("0.5e-1", 5, -2, "DecimalExponent");
    row("0.5e-2", 5, -3, "DecimalExponent");
    row("10.035M", 10035, 3, "DecimalSI");
    row("1.2e3", 12, 2, "DecimalExponent");
    row("1.3E+6", 13, 5, "DecimalExponent");
    row("1.40e9", 14, 8, "DecimalExponent");
    row("1.53E12", 153, 10, "DecimalExponent");
    row("1.6e15", 16, 14, "DecimalExponent");
    row("1.7E18", 17, 17, "DecimalExponent");
    row("9.01", 901, -2, "DecimalSI");
    row("8.1k", 81, 2, "DecimalSI");
    row("7.123456M", 7123456, 0, "DecimalSI");
    row("6.987654321G", 6987654321, 0, "DecimalSI");
    row("5.444T", 5444, 9, "DecimalSI");
    row("40.1T", 401, 11, "DecimalSI");
    row("300.2T", 3002, 11, "DecimalSI");
    row("2.5P", 25, 14, "DecimalSI");
    row("1.01E", 101, 16, "DecimalSI");
    row("3.001n", 4, -9, "DecimalSI");
    row("1.1E-9", 2, -9, "DecimalExponent");
    row("0.0000000001", 1, -9, "DecimalSI");
    row("0.0000000005", 1, -9, "DecimalSI");
    row("0.00000000050", 1, -9, "DecimalSI");
    row("0.5e-9", 1, -9, "DecimalExponent");
    row("0.9n", 1, -9, "DecimalSI");
    row("0.00000012345", 124, -9, "DecimalSI");
    row("0.00000012354", 124, -9, "DecimalSI");
    row("9Ei", kMax, 0, "BinarySI");
    row("9223372036854775807Ki", kMax, 0, "BinarySI");
    row("12E", 12, 18, "DecimalSI");
    row("100.035Ki", 10243584, -2, "BinarySI");
    row("0.5Mi", 524288, 0, "BinarySI");
    row("0.05Gi", 536870912, -1, "BinarySI");
    row("0.025Ti", 274877906944, -1, "BinarySI");
    row("0.000000000001Ki", 2, -9, "DecimalSI");
    row(".001", 1, -3, "DecimalSI");
    row(".0001k", 100, -3, "DecimalSI");
    row("1.", 1, 0, "DecimalSI");
    row("1.G", 1, 9, "DecimalSI");
}

void QuantityTest::parseUpstreamTable() {
    QFETCH(QString, input);
    QFETCH(qint64, unscaled);
    QFETCH(int, exponent);
    QFETCH(QString, format);
    const Quantity expect = Quantity::fromDecimal(unscaled, exponent, formatFrom(format));
    for (const QString& prefix : {QString(), QString("+"), QString("-")}) {
        const QString text = prefix + input;
        const Quantity got = mustParse(text);
        Quantity want = expect;
        if (prefix == "-")
            want.neg();
        QVERIFY2(got.compare(want) == 0, qPrintable(text + ": got " + str(got.toString()) +
                                                    " want " + str(want.toDecimalString())));
        QCOMPARE(fmt(got.format()), format);
        QCOMPARE(got.sign(), want.sign());
    }
}

void QuantityTest::parseErrors_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("message");
    auto row = [](const char* in, const QString& msg) { QTest::newRow(in) << QString(in) << msg; };
    row("", kFormatWrong);
    // Upstream's invalid list.
    row("1.1.M", kFormatWrong);
    row("1+1.0M", kFormatWrong);
    row("0.1mi", kSuffix);
    row("0.1am", kFormatWrong);
    row("aoeu", kFormatWrong);
    row(".5i", kSuffix);
    row("1i", kSuffix);
    row("-3.01i", kSuffix);
    row("-3.01e-", kSuffix);
    row(" 1", kFormatWrong);
    row("1 ", kFormatWrong);
    row("Non-Numeric", kFormatWrong);
    // More of the scanner and suffix table.
    row("1ki", kSuffix);  // v1.28 is case-sensitive
    row("1K", kSuffix);
    row("1KB", kFormatWrong);
    row("1mi", kSuffix);
    row("1e", kSuffix);
    row("1e+", kSuffix);
    row("1E-", kSuffix);
    row("1e1.5", kFormatWrong);
    row("--1", kSuffix);
    row("1-", kSuffix);
    row("1Mi5", kSuffix);
    row("1Gi1", kSuffix);
    row("1e99999999999999999999", kSuffix);
    row("1.5.", kFormatWrong);
    row("1 Gi", kFormatWrong);
    row("1\xc2\xb5", kFormatWrong);
    row("12abc", kFormatWrong);
    row("0x10", kFormatWrong);
    // Only the decimal path can fail on the number itself: nothing but a '.' to read.
    row("Pi", kNumeric);
    row(".Pi", kNumeric);
    row("-.Ei", kNumeric);
    row("-.e-10", kNumeric);
}

void QuantityTest::parseErrors() {
    QFETCH(QString, input);
    QFETCH(QString, message);
    const QByteArray bytes = input.toUtf8();
    auto q = Quantity::parse(std::string_view(bytes.constData(), size_t(bytes.size())));
    QVERIFY(!q.isOk());
    QCOMPARE(q.status().code(), StatusCode::InvalidArgument);
    QCOMPARE(str(q.status().message()), message);
}

// TestParseQuantity: what is held as an int64 amount, the exact value and the canonical text.
void QuantityTest::parseExactBoundaries_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<bool>("hasInt64");
    QTest::addColumn<qint64>("int64");
    QTest::addColumn<QString>("exact");
    QTest::addColumn<QString>("canonical");
    auto row = [](const char* in, bool has, qint64 v, const char* exact, const char* canon) {
        QTest::newRow(in) << QString(in) << has << v << QString(exact)
                          << QString(canon[0] ? canon : in);
    };
    row("-999999999999999999", true, -999999999999999999, "-999999999999999999", "");
    row("999999999999999999", true, 999999999999999999, "999999999999999999", "");
    row("-999999999999999999.0", false, 0, "-999999999999999999", "-999999999999999999");
    row("999999999999999999.0", false, 0, "999999999999999999", "999999999999999999");
    row("-999999999999999999.1", false, 0, "-999999999999999999.1", "-999999999999999999100m");
    row("999999999999999999.1", false, 0, "999999999999999999.1", "999999999999999999100m");
    row("-9999999999999999999", false, 0, "-9999999999999999999", "");
    row("9999999999999999999", false, 0, "9999999999999999999", "");
    row("-1E", true, -1000000000000000000, "-1000000000000000000", "");
    row("1E", true, 1000000000000000000, "1000000000000000000", "");
    row("-1000000000000000000", false, 0, "-1000000000000000000", "-1E");
    row("1000000000000000000", false, 0, "1000000000000000000", "1E");
    row("-9999999999999999999.0", false, 0, "-9999999999999999999", "-9999999999999999999");
    row("-1.0E", true, -1000000000000000000, "-1000000000000000000", "-1E");
    row("1.0E", true, 1000000000000000000, "1000000000000000000", "1E");
    row("1000000000000000000.0", false, 0, "1000000000000000000", "1E");
    row("9999999999999999999000m", false, 0, "9999999999999999999", "9999999999999999999");
    row("9999999999999999999.1", false, 0, "9999999999999999999.1", "9999999999999999999100m");
    row("1.0000000000000000001E", false, 0, "1000000000000000000.1", "1000000000000000000100m");
    row("-1000000000000000000.1", false, 0, "-1000000000000000000.1", "-1000000000000000000100m");
    row("1.000000000000000001E", false, 0, "1000000000000000001", "1000000000000000001");
    row("1000000000000000001", false, 0, "1000000000000000001", "");
    row("-10E", false, 0, "-10000000000000000000", "");
    row("10E", false, 0, "10000000000000000000", "");
    row("10000000000000000000", false, 0, "10000000000000000000", "10E");
    row("10.0E", false, 0, "10000000000000000000", "10E");
    row("-10000000000000000000000m", false, 0, "-10000000000000000000", "-10E");
    row("10.0000000000000000001E", false, 0, "10000000000000000000.1", "10000000000000000000100m");
    row("10.000000000000000001E", false, 0, "10000000000000000001", "10000000000000000001");
    row("-9223372036854775809", false, 0, "-9223372036854775809", "");
    row("9223372036854775806", false, 0, "9223372036854775806", "");
    row("9223372036854775806000m", false, 0, "9223372036854775806", "9223372036854775806");
    row("9223372036854775806.1", false, 0, "9223372036854775806.1", "9223372036854775806100m");
    row("-9223372036854775808", false, 0, "-9223372036854775808", "");
    row("9223372036854775807", false, 0, "9223372036854775807", "");
    row("-9223372036854775808.0", false, 0, "-9223372036854775808", "-9223372036854775808");
    row("9223372036854775807000m", false, 0, "9223372036854775807", "9223372036854775807");
    row("-9223372036854775808.1", false, 0, "-9223372036854775808.1", "-9223372036854775808100m");
    row("9223372036854775808", false, 0, "9223372036854775808", "");
    row("9223372036854775808.1", false, 0, "9223372036854775808.1", "9223372036854775808100m");
    // int64 amounts that are whole but scaled.
    row("1k", true, 1000, "1000", "");
    row("1500m", false, 0, "1.5", "");
    row("9E", true, 9000000000000000000, "9000000000000000000", "");
}

void QuantityTest::parseExactBoundaries() {
    QFETCH(QString, input);
    QFETCH(bool, hasInt64);
    QFETCH(qint64, int64);
    QFETCH(QString, exact);
    QFETCH(QString, canonical);
    const Quantity q = mustParse(input);
    const auto asInt = q.asInt64();
    QCOMPARE(asInt.has_value(), hasInt64);
    if (hasInt64)
        QCOMPARE(qint64(*asInt), int64);
    QCOMPARE(str(q.toDecimalString()), exact);
    QCOMPARE(str(q.toString()), canonical);
}

// TestQuantityString (v1.28 rows): a value prints as `expect`; parsing `expect` prints it back;
// parsing `alternate` canonicalizes to `expect`; the negation prints with a leading '-'.
void QuantityTest::quantityString_data() {
    QTest::addColumn<qint64>("unscaled");
    QTest::addColumn<int>("exponent");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("expect");
    QTest::addColumn<QString>("alternate");
    auto row = [](qint64 u, int e, const char* f, const char* expect, const char* alt) {
        QTest::newRow(qPrintable(QString("%1e%2 %3").arg(u).arg(e).arg(f)))
            << u << e << QString(f) << QString(expect) << QString(alt);
    };
    row(1024LL * 1024 * 1024, 0, "BinarySI", "1Gi", "1024Mi");
    row(300LL * 1024 * 1024, 0, "BinarySI", "300Mi", "307200Ki");
    row(6 * 1024, 0, "BinarySI", "6Ki", "");
    row(1001LL * 1024 * 1024 * 1024, 0, "BinarySI", "1001Gi", "1025024Mi");
    row(1024LL * 1024 * 1024 * 1024, 0, "BinarySI", "1Ti", "1024Gi");
    row(5, 0, "BinarySI", "5", "5000m");
    row(500, -3, "BinarySI", "500m", "0.5");
    row(1, 9, "DecimalSI", "1G", "1000M");
    row(1000, 6, "DecimalSI", "1G", "0.001T");
    row(1000000, 3, "DecimalSI", "1G", "");
    row(1000000000, 0, "DecimalSI", "1G", "");
    row(1, -3, "DecimalSI", "1m", "1000u");
    row(80, -3, "DecimalSI", "80m", "");
    row(1080, -3, "DecimalSI", "1080m", "1.08");
    row(108, -2, "DecimalSI", "1080m", "1080000000n");
    row(10800, -4, "DecimalSI", "1080m", "");
    row(300, 6, "DecimalSI", "300M", "");
    row(1, 12, "DecimalSI", "1T", "");
    row(1, 18, "DecimalSI", "1E", "");
    row(1234567, 6, "DecimalSI", "1234567M", "");
    row(1234567, -3, "BinarySI", "1234567m", "");
    row(3, 3, "DecimalSI", "3k", "");
    row(1025, 0, "BinarySI", "1025", "");
    row(0, 0, "DecimalSI", "0", "");
    row(0, 0, "BinarySI", "0", "");
    row(1, 9, "DecimalExponent", "1e9", ".001e12");
    row(1, -3, "DecimalExponent", "1e-3", "0.001e0");
    row(1, -9, "DecimalExponent", "1e-9", "1000e-12");
    row(80, -3, "DecimalExponent", "80e-3", "");
    row(300, 6, "DecimalExponent", "300e6", "");
    row(1, 12, "DecimalExponent", "1e12", "");
    row(1, 3, "DecimalExponent", "1e3", "");
    row(3, 3, "DecimalExponent", "3e3", "");
    row(0, 0, "DecimalExponent", "0", "00");
    row(1, -9, "DecimalSI", "1n", "");
    row(80, -9, "DecimalSI", "80n", "");
    row(1080, -9, "DecimalSI", "1080n", "");
    row(108, -8, "DecimalSI", "1080n", "");
    row(10800, -10, "DecimalSI", "1080n", "");
    row(1, -6, "DecimalSI", "1u", "");
    row(80, -6, "DecimalSI", "80u", "");
    row(1080, -6, "DecimalSI", "1080u", "");
}

void QuantityTest::quantityString() {
    QFETCH(qint64, unscaled);
    QFETCH(int, exponent);
    QFETCH(QString, format);
    QFETCH(QString, expect);
    QFETCH(QString, alternate);
    const Format f = formatFrom(format);
    // The same value held both ways prints the same.
    QCOMPARE(str(Quantity::fromDecimal(unscaled, exponent, f).toString()), expect);
    QCOMPARE(str(Quantity::fromScaled(unscaled, exponent, f).toString()), expect);
    QCOMPARE(str(mustParse(expect).toString()), expect);
    if (!alternate.isEmpty())
        QCOMPARE(str(mustParse(alternate).toString()), expect);
    if (unscaled != 0) {
        Quantity negated = Quantity::fromDecimal(-unscaled, exponent, f);
        QCOMPARE(str(negated.toString()), "-" + expect);
        Quantity viaNeg = Quantity::fromScaled(unscaled, exponent, f);
        viaNeg.neg();
        QCOMPARE(str(viaNeg.toString()), "-" + expect);
    }
}

// TestQuantityParseEmit.
void QuantityTest::parseEmit_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expect");
    auto row = [](const char* in, const char* out) {
        QTest::newRow(in) << QString(in) << QString(out);
    };
    row("1Ki", "1Ki");
    row("1Mi", "1Mi");
    row("1Gi", "1Gi");
    row("1024Mi", "1Gi");
    row("1000M", "1G");
    row(".001Ki", "1024m");
    row(".000001Ki", "1024u");
    row(".000000001Ki", "1024n");
    row(".000000000001Ki", "2n");
}

void QuantityTest::parseEmit() {
    QFETCH(QString, input);
    QFETCH(QString, expect);
    QCOMPARE(str(mustParse(input).toString()), expect);
    QCOMPARE(str(mustParse("-" + input).toString()), "-" + expect);
}

// ---- int64 accessors -----------------------------------------------------------------------

void QuantityTest::valueRounding_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<qint64>("value");
    QTest::addColumn<qint64>("milli");
    auto row = [](const char* in, qint64 v, qint64 m) {
        QTest::newRow(in) << QString(in) << v << m;
    };
    row("0", 0, 0);
    row("1", 1, 1000);
    row("-1", -1, -1000);
    row("100m", 1, 100);
    row("1500m", 2, 1500);
    row("-1500m", -2, -1500);
    row("0.0005", 1, 1);
    row("-0.0005", -1, -1);
    row("1n", 1, 1);
    row("-1n", -1, -1);
    row("1Ki", 1024, 1024000);
    row("1.5Gi", 1610612736, 1610612736000);
    row("128974848", 128974848, 128974848000);
    row("129e6", 129000000, 129000000000);
    row("123Mi", 128974848, 128974848000);
    row("0.1n", 1, 1);
    row(".484785E-1", 1, 49);
    row("-.484785E-1", -1, -49);
    row(".484785E-7466", 1, 1);
    // v1.28 rounds a negative inexact decimal-held value towards +inf (#110653).
    row("-.484785E-7466", 1, 1);
    row("-1.5n", 1, 1);
    row("-0.3Ki", -306, -307200);
    row("-1.5Ki", -1536, -1536000);
    row("9.5000000001Gi", 10200547329, 10200547328108);
    row("-9.5000000001Gi", -10200547328, -10200547328107);
    // Overflow: int64 amounts give up (0), decimal ones wrap like big.Int.Int64().
    row("1e20", 0, 0);
    row("9223372036854775807", kMax, -1000);
    row("12345678901234567890", -6101065172474983726, 4807115922877858896);
    row("9E", 9000000000000000000, 0);
}

void QuantityTest::valueRounding() {
    QFETCH(QString, input);
    QFETCH(qint64, value);
    QFETCH(qint64, milli);
    const Quantity q = mustParse(input);
    QCOMPARE(qint64(q.value()), value);
    QCOMPARE(qint64(q.milliValue()), milli);
    QCOMPARE(qint64(q.scaledValue(0)), value);
    QCOMPARE(qint64(q.scaledValue(scale::kMilli)), milli);
}

// TestScaledValue and TestNewScaledSet.
void QuantityTest::scaledValue_data() {
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("to");
    QTest::addColumn<qint64>("expected");
    auto row = [](int from, int to, qint64 e) {
        QTest::newRow(qPrintable(QString("%1->%2").arg(from).arg(to))) << from << to << e;
    };
    row(scale::kNano, scale::kNano, 1);
    row(scale::kNano, scale::kMicro, 1);
    row(scale::kNano, scale::kMilli, 1);
    row(scale::kNano, 0, 1);
    row(scale::kMicro, scale::kNano, 1000);
    row(scale::kMicro, scale::kMicro, 1);
    row(scale::kMicro, scale::kMilli, 1);
    row(scale::kMicro, 0, 1);
    row(scale::kMilli, scale::kNano, 1000 * 1000);
    row(scale::kMilli, scale::kMicro, 1000);
    row(scale::kMilli, scale::kMilli, 1);
    row(scale::kMilli, 0, 1);
    row(0, scale::kNano, 1000 * 1000 * 1000);
    row(0, scale::kMicro, 1000 * 1000);
    row(0, scale::kMilli, 1000);
    row(0, 0, 1);
    row(2, -2, 100 * 100);
    row(scale::kGiga, scale::kKilo, 1000000);
    row(scale::kExa, 0, 1000000000000000000);
}

void QuantityTest::scaledValue() {
    QFETCH(int, from);
    QFETCH(int, to);
    QFETCH(qint64, expected);
    const Quantity q = Quantity::fromScaled(1, from);
    QCOMPARE(qint64(q.scaledValue(to)), expected);
    const Quantity d = Quantity::fromDecimal(1, from, Format::DecimalSI);
    QCOMPARE(qint64(d.scaledValue(to)), expected);
    // Round trip through the text.
    const Quantity back = mustParse(str(q.toString()));
    QCOMPARE(qint64(back.scaledValue(from)), qint64(1));
}

// TestNewSet, TestMilliNewSet, TestNewScaledSet.
void QuantityTest::constructors_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<qint64>("value");
    QTest::addColumn<int>("scaleOrFormat");
    QTest::addColumn<QString>("expect");
    auto row = [](const char* kind, qint64 v, int sf, const char* expect) {
        QTest::newRow(qPrintable(QString("%1 %2 %3").arg(kind).arg(v).arg(sf)))
            << QString(kind) << v << sf << QString(expect);
    };
    const int dsi = int(Format::DecimalSI);
    const int bsi = int(Format::BinarySI);
    const int dex = int(Format::DecimalExponent);
    row("int", 1, dsi, "1");
    row("int", 1000, dsi, "1k");
    row("int", 1234000, dsi, "1234k");
    row("int", 1024, bsi, "1Ki");
    row("int", 1000000, dex, "1e6");
    row("int", 1024 * 1024, bsi, "1Mi");
    row("int", -5, bsi, "-5");
    row("int", kMax, dsi, "9223372036854775807");
    row("int", kMin, dsi, "-9223372036854775808");
    row("int", kMin, bsi, "-8Ei");
    row("milli", 1, dsi, "1m");
    row("milli", 1000, dsi, "1");
    row("milli", 1234000, dsi, "1234");
    row("milli", 1024, bsi, "1024m");
    row("milli", 1000000, dex, "1e3");
    row("milli", 1024 * 1024, bsi, "1048576m");
    row("scaled", 1, scale::kNano, "1n");
    row("scaled", 1000, scale::kNano, "1u");
    row("scaled", 1, scale::kMicro, "1u");
    row("scaled", 1000, scale::kMicro, "1m");
    row("scaled", 1, scale::kMilli, "1m");
    row("scaled", 1000, scale::kMilli, "1");
    row("scaled", 1, 0, "1");
    row("scaled", 0, scale::kNano, "0");
    row("scaled", 0, scale::kMicro, "0");
    row("scaled", 0, scale::kMilli, "0");
    row("scaled", 0, 0, "0");
    // No DecimalSI suffix exists below "n" in v1.28: the exponent is dropped.
    row("scaled", 1, -12, "1");
    row("scaled", 1, -10, "100");
}

void QuantityTest::constructors() {
    QFETCH(QString, kind);
    QFETCH(qint64, value);
    QFETCH(int, scaleOrFormat);
    QFETCH(QString, expect);
    Quantity q;
    Quantity viaSet;
    if (kind == "int") {
        q = Quantity::fromInt(value, Format(scaleOrFormat));
        viaSet = Quantity::fromInt(0, Format(scaleOrFormat));
        viaSet.set(value);
    } else if (kind == "milli") {
        q = Quantity::fromMilli(value, Format(scaleOrFormat));
        viaSet = Quantity::fromInt(0, Format(scaleOrFormat));
        viaSet.setMilli(value);
    } else {
        q = Quantity::fromScaled(value, scaleOrFormat);
        viaSet = Quantity::fromInt(0, Format::DecimalSI);
        viaSet.setScaled(value, scaleOrFormat);
    }
    QCOMPARE(str(q.toString()), expect);
    QCOMPARE(str(viaSet.toString()), expect);
    QCOMPARE(q.cmp(viaSet), 0);
    QVERIFY(!q.isDecimalHeld());
    if (kind == "int") {
        QCOMPARE(qint64(q.value()), value);
        QCOMPARE(qint64(*q.asInt64()), value);
    }
    if (kind == "milli" && value <= kMax / 1000)
        QCOMPARE(qint64(q.milliValue()), value);
}

// ---- comparison ----------------------------------------------------------------------------

void QuantityTest::compare_data() {
    QTest::addColumn<QString>("x");
    QTest::addColumn<QString>("y");
    QTest::addColumn<int>("expect");
    auto row = [](const char* x, const char* y, int e) {
        QTest::newRow(qPrintable(QString("%1 vs %2").arg(x, y))) << QString(x) << QString(y) << e;
    };
    row("0", "0", 0);
    row("100m", "50m", 1);
    row("50m", "100m", -1);
    row("10000T", "100Gi", 1);
    row("1", "1000m", 0);
    row("1Ki", "1024", 0);
    row("1k", "1Ki", -1);
    row("1.5Gi", "1536Mi", 0);
    row("1.5Gi", "1610612737", -1);
    row("-1", "1", -1);
    row("-2", "-1", -1);
    row("0", "-0.0001n", 1);
    row("0Mi", "0e9", 0);
    row("1n", "0", 1);
    row("1e-9", "1n", 0);
    row("1E", "999999999999999999", 1);
    row("12345678901234567890", "12345678901234567891", -1);
    row("12345678901234567890", "1234567890123456789e1", 0);
    row("-12345678901234567890", "-12345678901234567891", 1);
    row("9223372036854775807", "8Ei", 0);  // capped
    row("1e1000000", "9", 1);
    row("1e1000000", "1.0e1000000", 0);
    row("1e1000000", "10e999999", 0);
    row("1e1000000", "99999999999999999999e999980", 1);
    row("-1e1000000", "1e-9", -1);
    row("-1e1000000", "-2e999999", -1);
}

void QuantityTest::compare() {
    QFETCH(QString, x);
    QFETCH(QString, y);
    QFETCH(int, expect);
    QCOMPARE(mustParse(x).cmp(mustParse(y)), expect);
    QCOMPARE(mustParse(y).cmp(mustParse(x)), -expect);
    QCOMPARE(mustParse(x) == mustParse(y), expect == 0);
    QCOMPARE(mustParse(x) < mustParse(y), expect < 0);
}

// TestQuantityCmpInt64AndDec: every pairing of int64-held and decimal-held operands.
void QuantityTest::compareRepresentations_data() {
    QTest::addColumn<qint64>("av");
    QTest::addColumn<int>("as");
    QTest::addColumn<qint64>("bv");
    QTest::addColumn<int>("bs");
    QTest::addColumn<int>("expect");
    int n = 0;
    auto row = [&n](qint64 av, int as, qint64 bv, int bs, int e) {
        QTest::newRow(qPrintable(QString::number(n++))) << av << as << bv << bs << e;
    };
    row(901, -2, 901, -2, 0);
    row(90, -1, 901, -2, -1);
    row(901, -2, 900, -2, 1);
    row(0, 0, 0, 0, 0);
    row(0, 1, 0, -1, 0);
    row(0, -1, 0, 1, 0);
    row(800, -3, 1, 0, -1);
    row(800, -3, 79, -2, 1);
    row(kMax, 0, 1, -1, 1);
    row(kMax, 1, 1, 0, 1);
    row(kMax, 1, 1, 1, 1);
    row(kMax, 1, 0, 1, 1);
    row(kMax, -16, 1, 3, -1);
    row(kMin, 0, 0, 0, -1);
    row(kMin, -18, -1, 0, -1);
    row(kMin, -19, -1, 0, 1);
    row(1000000000000000000, -17, 1, 1, 0);
    row(1000000000000000000, -17, -10, 0, 1);
    row(-1000000000000000000, -17, -10, 0, 0);
    row(1000000000000000000, -17, 1, 0, 1);
    row(1000000000000000001, -17, 1, 1, 1);
    row(999999999999999999, -17, 1, 1, -1);
}

void QuantityTest::compareRepresentations() {
    QFETCH(qint64, av);
    QFETCH(int, as);
    QFETCH(qint64, bv);
    QFETCH(int, bs);
    QFETCH(int, expect);
    for (int mask = 0; mask < 4; ++mask) {
        const Quantity a = (mask & 1) ? Quantity::fromDecimal(av, as, Format::DecimalSI)
                                      : Quantity::fromScaled(av, as);
        const Quantity b = (mask & 2) ? Quantity::fromDecimal(bv, bs, Format::DecimalSI)
                                      : Quantity::fromScaled(bv, bs);
        QCOMPARE(a.compare(b), expect);
        QCOMPARE(b.compare(a), -expect);
        Quantity ma = a;
        Quantity mb = b;
        QCOMPARE(ma.cmp(b), expect);
        QCOMPARE(mb.cmp(a), -expect);
        QCOMPARE(ma.isDecimalHeld(), a.isDecimalHeld() || b.isDecimalHeld());
    }
}

// Upstream's Cmp converts its receiver to inf.Dec when either side is one, which changes how
// a negative inexact value rounds afterwards.
void QuantityTest::cmpPromotesReceiver() {
    Quantity q = mustParse("-1500m");
    QCOMPARE(qint64(q.value()), qint64(-2));
    const Quantity other = mustParse("1.5Gi");
    QVERIFY(other.isDecimalHeld());
    QCOMPARE(q.cmp(other), -1);
    QVERIFY(q.isDecimalHeld());
    QCOMPARE(qint64(q.value()), qint64(0));
    QCOMPARE(qint64(q.milliValue()), qint64(-1500));
    QCOMPARE(str(q.toString()), QString("-1500m"));
    // The argument is not converted; compare(), the operators and cmpInt64 convert nothing.
    Quantity r = mustParse("-1500m");
    Quantity big = other;
    QCOMPARE(big.cmp(r), 1);
    QVERIFY(!r.isDecimalHeld());
    QCOMPARE(r.compare(other), -1);
    QVERIFY(r < other);
    QVERIFY(!(r == other));
    QVERIFY(!r.isDecimalHeld());
    QCOMPARE(qint64(r.value()), qint64(-2));
    QCOMPARE(r.cmpInt64(-2), 1);
    QVERIFY(!r.isDecimalHeld());
}

// ---- arithmetic ----------------------------------------------------------------------------

void QuantityTest::addSub_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QString>("expect");
    QTest::addColumn<QString>("format");
    auto row = [](const char* a, const char* op, const char* b, const char* e, const char* f) {
        QTest::newRow(qPrintable(QString("%1 %2 %3").arg(a, op, b)))
            << QString(a) << QString(op) << QString(b) << QString(e) << QString(f);
    };
    // TestAdd / TestSub.
    row("10", "+", "1e1", "20", "DecimalSI");
    row("10", "+", "1Ki", "1034", "DecimalSI");
    row("10Ki", "+", "1", "10241", "BinarySI");
    row("0", "+", "50", "50", "DecimalSI");
    row("50", "+", "0", "50", "DecimalSI");
    row("0", "+", "0", "0", "DecimalSI");
    row("10", "-", "1e1", "0", "DecimalSI");
    row("10", "-", "1Ki", "-1014", "DecimalSI");
    row("10Ki", "-", "1", "10239", "BinarySI");
    row("0", "-", "50", "-50", "DecimalSI");
    row("50", "-", "0", "50", "DecimalSI");
    // Mixed scales and formats.
    row("100m", "+", "200m", "300m", "DecimalSI");
    row("1", "+", "500m", "1500m", "DecimalSI");
    row("1Ki", "+", "1k", "2024", "BinarySI");
    row("1.5Gi", "+", "512Mi", "2Gi", "BinarySI");
    row("1Gi", "-", "512Mi", "512Mi", "BinarySI");
    row("0", "+", "1Gi", "1Gi", "BinarySI");
    row("0", "-", "100Mi", "-100Mi", "BinarySI");
    row("1", "-", "1000m", "0", "DecimalSI");
    row("500m", "-", "1", "-500m", "DecimalSI");
    row("2e3", "+", "1k", "3e3", "DecimalExponent");
    row("1n", "+", "1", "1000000001n", "DecimalSI");
    // Past int64: the amount moves to the decimal form and stays exact.
    row("9223372036854775807", "+", "1", "9223372036854775808", "DecimalSI");
    row("1E", "+", "9E", "10E", "DecimalSI");
    row("1e20", "+", "1", "100000000000000000001", "DecimalExponent");
    row("1n", "+", "1E", "1000000000000000000000000001n", "DecimalSI");
    row("-9223372036854775807", "-", "2", "-9223372036854775809", "DecimalSI");
    row("12345678901234567890", "-", "12345678901234567890", "0", "DecimalSI");
    row("12345678901234567890", "+", "-12345678901234567891", "-1", "DecimalSI");
    row("1.5Gi", "-", "1.5Gi", "0", "BinarySI");
}

void QuantityTest::addSub() {
    QFETCH(QString, a);
    QFETCH(QString, op);
    QFETCH(QString, b);
    QFETCH(QString, expect);
    QFETCH(QString, format);
    Quantity q = mustParse(a);
    const Quantity y = mustParse(b);
    if (op == "+") {
        q.add(y);
    } else {
        q.sub(y);
    }
    QCOMPARE(str(q.toString()), expect);
    QCOMPARE(fmt(q.format()), format);
    QCOMPARE(q.cmp(mustParse(expect)), 0);
    // Undo it.
    if (op == "+") {
        q.sub(y);
    } else {
        q.add(y);
    }
    QCOMPARE(q.cmp(mustParse(a)), 0);
}

// TestQuantityAddZeroPreservesSuffix / TestQuantitySubZeroPreservesSuffix.
void QuantityTest::addSubZeroKeepsSuffix() {
    for (const char* text : {"100m", "1Gi"}) {
        const Quantity value = mustParse(text);
        const Quantity zero = mustParse("0");
        Quantity v1 = value;
        v1.add(zero);
        QCOMPARE(str(v1.toString()), QString(text));
        Quantity v2 = zero;
        v2.add(value);
        QCOMPARE(str(v2.toString()), QString(text));
        Quantity v3 = value;
        v3.sub(zero);
        QCOMPARE(str(v3.toString()), QString(text));
        Quantity v4 = zero;
        v4.sub(value);
        Quantity negated = value;
        negated.neg();
        QCOMPARE(str(v4.toString()), str(negated.toString()));
        QCOMPARE(str(v4.toString()), "-" + QString(text));
    }
}

// TestAddSubRoundTrip / TestAddSubRoundTripAcrossScales, with a fixed generator.
void QuantityTest::addSubRoundTrip() {
    uint64_t state = 0x9e3779b97f4a7c15ULL;
    auto next = [&state]() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return qint64(state >> 1);
    };
    for (int k = -10; k <= 10; ++k) {
        Quantity q;
        std::vector<qint64> order;
        for (int i = 0; i < 100; ++i) {
            order.push_back(next());
            q.add(Quantity::fromScaled(order.back(), k));
        }
        QVERIFY(q.isDecimalHeld());  // the sum left int64 long ago
        for (qint64 j : order) q.sub(Quantity::fromScaled(j, k));
        QVERIFY2(q.isZero(), q.toString().c_str());
    }
    Quantity q;
    std::vector<qint64> order;
    for (int i = 0; i < 100; ++i) {
        order.push_back(next());
        q.add(Quantity::fromScaled(order.back(), int(order.back() % 20) - 10));
    }
    for (qint64 j : order) q.sub(Quantity::fromScaled(j, int(j % 20) - 10));
    QVERIFY2(q.isZero(), q.toString().c_str());
}

void QuantityTest::hugeExponents() {
    // Nothing here writes a million digits out.
    Quantity big = mustParse("1e1000000");
    QCOMPARE(str(big.toString()), QString("10e999999"));
    QCOMPARE(qint64(big.value()), qint64(0));  // v1.28: int64 amount overflow gives 0
    QCOMPARE(big.asApproximateFloat64(), std::numeric_limits<double>::infinity());
    Quantity sum = big;
    sum.add(mustParse("1"));
    QCOMPARE(sum.cmp(big), 1);
    QCOMPARE(sum.cmp(mustParse("1.000000001e1000000")), -1);
    // Decimal-held huge values keep their exponent implicit.
    Quantity dec = mustParse("12345678901234567890e1000000");
    QVERIFY(dec.isDecimalHeld());
    QCOMPARE(str(dec.toString()), QString("123456789012345678900e999999"));
    QCOMPARE(dec.cmp(big), 1);
    QCOMPARE(qint64(dec.value()), qint64(0));  // low 64 bits of a multiple of 10^64
    Quantity tiny = mustParse("12345678901234567890e-1000000");
    QCOMPARE(str(tiny.toString()), QString("1e-9"));
    QCOMPARE(qint64(tiny.value()), qint64(1));
    // v1.28 narrows the exponent to int32 before negating it: -2^31 flips to +2^31.
    Quantity flipped = mustParse("12345678901234567890e-2147483648");
    QCOMPARE(flipped.sign(), 1);
    QCOMPARE(flipped.cmp(big), 1);
}

// TestMul.
void QuantityTest::mul_data() {
    QTest::addColumn<qint64>("a");
    QTest::addColumn<qint64>("factor");
    QTest::addColumn<QString>("expect");
    QTest::addColumn<bool>("ok");
    auto row = [](qint64 a, qint64 f, const char* e, bool ok) {
        QTest::newRow(qPrintable(QString("%1*%2").arg(a).arg(f))) << a << f << QString(e) << ok;
    };
    row(10, 10, "100", true);
    row(10, 1, "10", true);
    row(0, 50, "0", true);
    row(50, 0, "0", true);
    row(10, -10, "-100", true);
    row(-10, 1, "-10", true);
    row(-50, -50, "2500", true);
    row(kMax, 0, "0", true);
    row(kMax, 1, "9223372036854775807", true);
    row(kMax, -1, "-9223372036854775807", true);
    row(kMax / 2, 2, "9223372036854775806", true);
    row(kMax / -2, -2, "9223372036854775806", true);
    row(kMax, 2, "18446744073709551614", false);
    row(kMax, 10, "92233720368547758070", false);
    row(kMax, -10, "-92233720368547758070", false);
    row(kMin, 0, "0", true);
    row(kMin, 1, "-9223372036854775808", true);
    row(kMin, -1, "9223372036854775808", false);
    row(kMin / 2, 2, "-9223372036854775808", true);
    row(kMin / -2, -2, "-9223372036854775808", true);
    row(kMin, 2, "-18446744073709551616", false);
    row(kMin, 10, "-92233720368547758080", false);
    row(kMin, -10, "92233720368547758080", false);
}

void QuantityTest::mul() {
    QFETCH(qint64, a);
    QFETCH(qint64, factor);
    QFETCH(QString, expect);
    QFETCH(bool, ok);
    for (bool decimal : {false, true}) {
        Quantity q = decimal ? Quantity::fromDecimal(a, 0, Format::DecimalSI)
                             : Quantity::fromInt(a, Format::DecimalSI);
        QCOMPARE(q.mul(factor), ok);
        QCOMPARE(str(q.toDecimalString()), expect);
    }
}

void QuantityTest::neg() {
    Quantity a = Quantity::fromScaled(901, -2);
    a.neg();
    QCOMPARE(str(a.toString()), QString("-9010m"));
    Quantity b = Quantity::fromDecimal(901, -2, Format::DecimalSI);
    b.neg();
    QCOMPARE(str(b.toString()), QString("-9010m"));
    b.neg();
    QCOMPARE(str(b.toString()), QString("9010m"));
    Quantity zero;
    zero.neg();
    QCOMPARE(zero.sign(), 0);
    QCOMPARE(str(zero.toString()), QString("0"));
    // Exact where v1.28 would wrap INT64_MIN back onto itself.
    Quantity m = Quantity::fromInt(kMin, Format::DecimalSI);
    m.neg();
    QCOMPARE(str(m.toString()), QString("9223372036854775808"));
    Quantity s;
    s.sub(Quantity::fromInt(kMin, Format::DecimalSI));
    QCOMPARE(str(s.toString()), QString("9223372036854775808"));
    // Neg drops the remembered parse text.
    Quantity p = mustParse("+3");
    p.neg();
    QCOMPARE(str(p.toString()), QString("-3"));
}

// TestQuantityRoundUp, both representations.
void QuantityTest::roundUp_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("scale");
    QTest::addColumn<qint64>("unscaled");
    QTest::addColumn<int>("exponent");
    QTest::addColumn<bool>("exact");
    auto row = [](const char* in, int s, qint64 u, int e, bool ok) {
        QTest::newRow(qPrintable(QString("%1@%2").arg(in).arg(s)))
            << QString(in) << s << u << e << ok;
    };
    row("9.01", -3, 901, -2, true);
    row("9.01", -2, 901, -2, true);
    row("9.01", -1, 91, -1, false);
    row("9.01", 0, 10, 0, false);
    row("9.01", 1, 10, 0, false);
    row("9.01", 2, 100, 0, false);
    row("-9.01", -3, -901, -2, true);
    row("-9.01", -2, -901, -2, true);
    row("-9.01", -1, -91, -1, false);
    row("-9.01", 0, -10, 0, false);
    row("-9.01", 1, -10, 0, false);
    row("-9.01", 2, -100, 0, false);
}

void QuantityTest::roundUp() {
    QFETCH(QString, input);
    QFETCH(int, scale);
    QFETCH(qint64, unscaled);
    QFETCH(int, exponent);
    QFETCH(bool, exact);
    const Quantity expect = Quantity::fromDecimal(unscaled, exponent, Format::DecimalSI);
    for (bool decimal : {false, true}) {
        Quantity q = mustParse(input);
        if (decimal)
            (void)q.cmp(mustParse("1.5Ki"));  // converts q like AsDec
        QCOMPARE(q.isDecimalHeld(), decimal);
        QCOMPARE(q.roundUp(scale), exact);
        QCOMPARE(q.cmp(expect), 0);
    }
}

// ---- float ---------------------------------------------------------------------------------

void QuantityTest::approximateFloat64_data() {
    QTest::addColumn<QString>("kind");  // "dec", "int" or "text"
    QTest::addColumn<qint64>("unscaled");
    QTest::addColumn<int>("exponent");
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("expect");
    int n = 0;
    auto row = [&n](const char* kind, qint64 u, int e, const char* text, double out) {
        QTest::newRow(qPrintable(QString("%1 %2").arg(n++).arg(kind)))
            << QString(kind) << u << e << QString(text) << out;
    };
    const double m7 = 7.0 * 1024 * 1024;
    for (const char* kind : {"dec", "int"}) {
        row(kind, 0, 0, "", 0.0);
        row(kind, 0, -500, "", 0.0);
        row(kind, 1, 0, "", 1);
        row(kind, 1024, 0, "", 1024);
        row(kind, 8 * 1024, 0, "", 8 * 1024);
        row(kind, 7 * 1024 * 1024, 0, "", m7);
        row(kind, 7 * 1024 * 1024, 1, "", m7 * 10);
        row(kind, 7 * 1024 * 1024, 4, "", m7 * 10000);
        row(kind, 7 * 1024 * 1024, 8, "", m7 * 100000000);
        row(kind, 7 * 1024 * 1024, -1, "", m7 * 0.1);  // Go's Pow10(-1) is 1/10
        row(kind, 7 * 1024 * 1024, -8, "", m7 / 100000000.0);
        row(kind, kMax, 0, "", 9223372036854775807.0);
        row(kind, 12, 18, "", 1.2e19);
        row(kind, 12, 500, "", std::numeric_limits<double>::infinity());
        row(kind, -12, 500, "", -std::numeric_limits<double>::infinity());
    }
    row("text", 0, 0, "2Ki", 2048);
    row("text", 0, 0, "1.1Ki", 1126.4);
    row("text", 0, 0, "1Mi", 1.048576e+06);
    row("text", 0, 0, "2Gi", 2.147483648e+09);
    row("text", 0, 0, "1500m", 1.5);
    row("text", 0, 0, "1e400", std::numeric_limits<double>::infinity());
    row("text", 0, 0, "1e-400", 1e-9);
}

void QuantityTest::approximateFloat64() {
    QFETCH(QString, kind);
    QFETCH(qint64, unscaled);
    QFETCH(int, exponent);
    QFETCH(QString, text);
    QFETCH(double, expect);
    Quantity q;
    if (kind == "dec") {
        q = Quantity::fromDecimal(unscaled, exponent, Format::DecimalSI);
    } else if (kind == "int") {
        q = Quantity::fromScaled(unscaled, exponent);
    } else {
        q = mustParse(text);
    }
    QCOMPARE(q.asApproximateFloat64(), expect);
}

// ---- round trip ----------------------------------------------------------------------------

void QuantityTest::roundTrip_data() {
    QTest::addColumn<QString>("input");
    const char* inputs[] = {
        "0",
        "1",
        "-1",
        "+1",
        "100m",
        "1500m",
        "0.5",
        ".5",
        "1.",
        "1.G",
        "01",
        "0100m",
        "1k",
        "1000",
        "1.5Gi",
        "0.5Ki",
        "1.5Ki",
        "100Mi",
        "1Gi",
        "7Ei",
        "8Ei",
        "9Ei",
        "12e6",
        "2e3",
        "1E-3",
        "5e-1",
        "1e20",
        "1e21",
        "1e-10",
        "0.1n",
        "3.001n",
        "100.035Ki",
        "0.05Gi",
        "-0.025Ti",
        "12345678901234567890",
        "-12345678901234567890.5",
        "1234567890123456789012e3",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "999999999999999999.1",
        "1.0000000000000000001E",
        "10E",
        "12E",
        "1e1000000",
        "1.5e1000000",
        "1e1000001",
        "12345678901234567890e1000000",
        "-.484785E-7466",
        "1e4294967297",
        "0.000000000001Ki",
        "Ki",
        ".",
        "-",
        "1.3E+6",
        "6.987654321G",
        "9.5000000001Gi",
        "-9.5000000001Gi",
        "1.01E",
        "300.2T",
    };
    for (const char* in : inputs) QTest::newRow(in) << QString(in);
}

void QuantityTest::roundTrip() {
    QFETCH(QString, input);
    const Quantity q = mustParse(input);
    const std::string text = q.toString();
    const Quantity back = mustParse(str(text));
    QVERIFY2(back.compare(q) == 0, text.c_str());
    QCOMPARE(back.toString(), text);
    // The canonical text without the remembered input round-trips too.
    Quantity fresh = q;
    fresh.setFormat(q.format());
    const Quantity again = mustParse(str(fresh.toString()));
    QVERIFY2(again.compare(q) == 0, fresh.toString().c_str());
    // The arithmetic results round-trip as well, except a BinarySI text past 2^63-1, which
    // parsing caps ("7Ei" doubled prints "14Ei").
    Quantity doubled = q;
    doubled.add(q);
    const Quantity reparsed = mustParse(str(doubled.toString()));
    if (doubled.format() == Format::BinarySI && doubled.cmpInt64(kMax) > 0 &&
        reparsed.format() == Format::BinarySI) {
        QCOMPARE(reparsed.cmpInt64(kMax), 0);
    } else {
        QCOMPARE(reparsed.compare(doubled), 0);
    }
}

void QuantityTest::miscellany() {
    QCOMPARE(QString(formatName(Format::DecimalExponent)), QString("DecimalExponent"));
    QCOMPARE(QString(formatName(Format::BinarySI)), QString("BinarySI"));
    QCOMPARE(QString(formatName(Format::DecimalSI)), QString("DecimalSI"));
    QCOMPARE(kFormatWrong, QString("quantities must match the regular expression "
                                   "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"));

    // The default value is a DecimalSI zero.
    const Quantity zero;
    QVERIFY(zero.isZero());
    QCOMPARE(zero.sign(), 0);
    QCOMPARE(str(zero.toString()), QString("0"));
    QCOMPARE(fmt(zero.format()), QString("DecimalSI"));
    QCOMPARE(qint64(zero.value()), qint64(0));
    QCOMPARE(zero.asApproximateFloat64(), 0.0);

    // v1.28 drops the exponent of DecimalSI values past "E": "1000E" does not round-trip.
    const Quantity huge = mustParse("1000E");
    QCOMPARE(str(huge.toString()), QString("1"));
    QVERIFY(mustParse(str(huge.toString())).cmp(huge) != 0);

    // setFormat re-renders (and forgets the remembered text).
    Quantity q = mustParse("1500M");
    QCOMPARE(str(q.toString()), QString("1500M"));
    q.setFormat(Format::DecimalExponent);
    QCOMPARE(str(q.toString()), QString("1500e6"));
    q.setFormat(Format::BinarySI);
    QCOMPARE(str(q.toString()), QString("1500000000"));

    // Sign and zero tests across both forms.
    QCOMPARE(mustParse("-1.5Gi").sign(), -1);
    QCOMPARE(mustParse("0.0Pi").sign(), 0);
    QVERIFY(mustParse("0.0Pi").isZero());
    QCOMPARE(mustParse("0.0Pi").cmpInt64(0), 0);
    QCOMPARE(mustParse("1.5Ki").cmpInt64(1536), 0);
    QCOMPARE(mustParse("1.5Ki").cmpInt64(1537), -1);
    QCOMPARE(mustParse("-1.5Ki").cmpInt64(-1537), 1);

    // A whole BinarySI value past "Ei" has no suffix in v1.28 either.
    Quantity e = mustParse("1Ei");
    QVERIFY(!e.mul(1024));
    QCOMPARE(str(e.toString()), QString("1"));

    // mustParse returns the parsed value.
    QCOMPARE(str(Quantity::mustParse("250m").toString()), QString("250m"));

    // The (0 * +inf) of upstream's float conversion is mirrored.
    QVERIFY(std::isnan(Quantity::fromScaled(0, 500).asApproximateFloat64()));
}

// The helper integer behind the decimal form: digit counts, text and float conversion.
void QuantityTest::bigUInt() {
    using pilothouse::resource::detail::BigUInt;
    for (uint64_t k = 1; k <= 400; ++k) {
        BigUInt p(1);
        p.mulPow10(k);
        QCOMPARE(p.decimalDigits(), size_t(k + 1));
        QCOMPARE(p.toDecimal(), "1" + std::string(k, '0'));
        BigUInt below = p;
        below.sub(BigUInt(1));
        QCOMPARE(below.decimalDigits(), size_t(k));
        QCOMPARE(below.toDecimal(), std::string(k, '9'));
        QCOMPARE(*BigUInt::fromDecimal(below.toDecimal()), below);
        // Correctly rounded like strtod.
        QCOMPARE(p.toDouble(), std::strtod(p.toDecimal().c_str(), nullptr));
        QCOMPARE(below.toDouble(), std::strtod(below.toDecimal().c_str(), nullptr));
        BigUInt odd = p;
        odd.mulSmall(7);
        odd.addSmall(123456789);
        QCOMPARE(odd.toDouble(), std::strtod(odd.toDecimal().c_str(), nullptr));
        BigUInt q = odd;
        QCOMPARE(q.divPow10(k), true);
        QCOMPARE(
            q.toDecimal(),
            std::string(k > 9 ? "7" : std::to_string((7 * p.low64() + 123456789) / p.low64())));
    }
    // Ties to even just above 2^64: 2^64 + 2^11 is halfway between two doubles.
    BigUInt tie(1);
    tie.shiftLeft(64);
    BigUInt half = tie;
    tie.add(BigUInt(2048));
    QCOMPARE(tie.toDouble(), std::ldexp(1.0, 64));
    half.add(BigUInt(2049));
    QCOMPARE(half.toDouble(), std::ldexp(1.0, 64) + 4096.0);
    QVERIFY(!BigUInt::fromDecimal("12a").has_value());
    BigUInt huge(1);
    huge.shiftLeft(1100);
    QCOMPARE(huge.toDouble(), std::numeric_limits<double>::infinity());
    QCOMPARE(huge.trailingZeroBits(), uint64_t(1100));
}

QTEST_APPLESS_MAIN(QuantityTest)
#include "quantity_test.moc"
