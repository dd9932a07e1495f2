// A temporary directory of kubeconfig files and the files they name, for the clientcmd tests.
// Texts may say $DIR for the directory, so that rows can name absolute paths before it exists.
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <string>

// QCOMPARE of std::string prints both values.
namespace QTest {
template <>
inline char* toString(const std::string& s) {
    return qstrdup(s.c_str());
}
}  // namespace QTest

class KubeconfigDir {
public:
    bool isValid() const { return dir_.isValid(); }
    std::string path() const { return dir_.path().toStdString(); }
    // `relative` under the directory, as an absolute path.
    std::string file(const QString& relative) const {
        return dir_.filePath(relative).toStdString();
    }
    // $DIR replaced by the directory.
    std::string expand(const QString& text) const {
        QString t = text;
        return t.replace(QStringLiteral("$DIR"), dir_.path()).toStdString();
    }
    // Writes `text` ($DIR expanded) to `relative`, creating folders; returns its absolute path.
    std::string write(const QString& relative, const QString& text) const {
        const QString p = dir_.filePath(relative);
        QDir().mkpath(QFileInfo(p).path());
        QFile f(p);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        f.write(QByteArray::fromStdString(expand(text)));
        return p.toStdString();
    }
    void mkdir(const QString& relative) const { QDir().mkpath(dir_.filePath(relative)); }

private:
    QTemporaryDir dir_;
};
