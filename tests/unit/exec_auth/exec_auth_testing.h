// Shared by the exec_auth tests: QCOMPARE of std::string, and the test keys in data/ (see
// data/README).
#pragma once

#include <QFile>
#include <QString>
#include <QTest>

#include <string>

namespace QTest {
template <>
inline char* toString(const std::string& s) {
    return qstrdup(s.c_str());
}
}  // namespace QTest

// The content of data/<name>, or "" when it cannot be read.
inline std::string testData(const QString& name) {
    QFile f(QStringLiteral(PH_TEST_DATA_DIR "/") + name);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}
