// Base64 as Go's StdEncoding: what a Secret's data looks like in JSON.
#include <QTest>

#include "util/base64.h"

using namespace pilothouse;

class Base64Test : public QObject {
    Q_OBJECT

private slots:
    void roundTrips_data() {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("text");
        QTest::newRow("empty") << QByteArray() << "";
        QTest::newRow("one") << QByteArray("a") << "YQ==";
        QTest::newRow("two") << QByteArray("ab") << "YWI=";
        QTest::newRow("three") << QByteArray("abc") << "YWJj";
        QTest::newRow("binary") << QByteArray("\x00\xff\x10", 3) << "AP8Q";
    }
    void roundTrips() {
        QFETCH(QByteArray, data);
        QFETCH(QString, text);
        const std::string bytes(data.constData(), size_t(data.size()));
        QCOMPARE(QString::fromStdString(util::base64Encode(bytes)), text);
        auto decoded = util::base64Decode(text.toStdString());
        QVERIFY(decoded.isOk());
        QCOMPARE(*decoded, bytes);
    }
    void rejectsWhatGoRejects_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("bad character") << "YW*j" << "illegal base64 data at input byte 2";
        QTest::newRow("short") << "YWJ" << "illegal base64 data at input byte 3";
        QTest::newRow("data after padding") << "YQ==YQ==" << "illegal base64 data at input byte 4";
    }
    void rejectsWhatGoRejects() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        auto decoded = util::base64Decode(text.toStdString());
        QVERIFY(!decoded.isOk());
        QCOMPARE(QString::fromStdString(decoded.status().message()), message);
    }
};

QTEST_GUILESS_MAIN(Base64Test)
#include "base64_test.moc"
