// A self-signed certificate for 127.0.0.1 and localhost, made with openssl in a temporary folder,
// for tests that serve over TLS. The certificate is also its own CA file.
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace pilothouse::testing {

struct SelfSignedCertificate {
    QTemporaryDir dir;
    QString certFile = dir.filePath(QStringLiteral("cert.pem"));
    QString keyFile = dir.filePath(QStringLiteral("key.pem"));
    QString error;  // empty when both files were made

    SelfSignedCertificate() {
        QProcess openssl;
        openssl.start(QStringLiteral("openssl"),
                      {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                       QStringLiteral("-nodes"), QStringLiteral("-keyout"), keyFile, QStringLiteral("-out"), certFile,
                       QStringLiteral("-days"), QStringLiteral("1"), QStringLiteral("-subj"), QStringLiteral("/CN=localhost"),
                       QStringLiteral("-addext"), QStringLiteral("subjectAltName=IP:127.0.0.1,DNS:localhost")});
        if (!openssl.waitForFinished(60000)) error = QStringLiteral("openssl did not finish");
        else if (openssl.exitStatus() != QProcess::NormalExit || openssl.exitCode() != 0)
            error = QStringLiteral("openssl failed: ") + QString::fromUtf8(openssl.readAllStandardError());
    }
};

}  // namespace pilothouse::testing
