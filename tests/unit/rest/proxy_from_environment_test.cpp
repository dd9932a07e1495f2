// Which proxy a server is reached through when the kubeconfig names none: Go's
// http.ProxyFromEnvironment's rules (golang.org/x/net/http/httpproxy), case by case.
#include <QTest>

#include <map>

#include "client/rest/proxy_from_environment.h"

using namespace pilothouse::client::rest;

class ProxyFromEnvironmentTest : public QObject {
    Q_OBJECT
private slots:
    void proxyFor_data() {
        QTest::addColumn<QString>("environment");  // NAME=value;NAME=value
        QTest::addColumn<QString>("server");       // scheme host port
        QTest::addColumn<QString>("proxy");
        const QString https = QStringLiteral("HTTPS_PROXY=http://proxy:3128");
        QTest::newRow("none set") << "" << "https api.corp 6443" << "";
        QTest::newRow("HTTPS_PROXY") << https << "https api.corp 6443" << "http://proxy:3128";
        QTest::newRow("lower case") << "https_proxy=http://lower:1" << "https api.corp 6443" << "http://lower:1";
        QTest::newRow("upper case first") << "HTTPS_PROXY=http://upper:1;https_proxy=http://lower:1" << "https api.corp 6443"
                                          << "http://upper:1";
        QTest::newRow("without a scheme: http") << "HTTPS_PROXY=proxy.corp:3128" << "https api.corp 6443"
                                                << "http://proxy.corp:3128";
        QTest::newRow("socks5") << "HTTPS_PROXY=socks5://s:1080" << "https api.corp 6443" << "socks5://s:1080";
        QTest::newRow("http server: HTTP_PROXY") << https + ";HTTP_PROXY=http://plain:80" << "http api.corp 8080"
                                                 << "http://plain:80";
        QTest::newRow("http server under CGI") << "HTTP_PROXY=http://plain:80;REQUEST_METHOD=GET" << "http api.corp 8080" << "";
        QTest::newRow("localhost") << https << "https localhost 6443" << "";
        QTest::newRow("loopback") << https << "https 127.0.0.2 6443" << "";
        QTest::newRow("IPv6 loopback") << https << "https ::1 6443" << "";
        QTest::newRow("NO_PROXY *") << https + ";NO_PROXY=*" << "https api.corp 6443" << "";
        QTest::newRow("no_proxy lower case") << https + ";no_proxy=api.corp" << "https api.corp 6443" << "";
        QTest::newRow("domain itself") << https + ";NO_PROXY=corp" << "https corp 6443" << "";
        QTest::newRow("domain's subdomain") << https + ";NO_PROXY=corp" << "https api.corp 6443" << "";
        QTest::newRow("not a suffix of the label") << https + ";NO_PROXY=corp" << "https api.mycorp 6443" << "http://proxy:3128";
        QTest::newRow(".domain: subdomains") << https + ";NO_PROXY=.corp" << "https api.corp 6443" << "";
        QTest::newRow(".domain: not itself") << https + ";NO_PROXY=.corp" << "https corp 6443" << "http://proxy:3128";
        QTest::newRow("*.domain") << https + ";NO_PROXY=*.corp" << "https api.corp 6443" << "";
        QTest::newRow("case and spaces") << https + ";NO_PROXY= other , API.Corp " << "https api.corp 6443" << "";
        QTest::newRow("domain with its port") << https + ";NO_PROXY=api.corp:6443" << "https api.corp 6443" << "";
        QTest::newRow("domain with another port") << https + ";NO_PROXY=api.corp:443" << "https api.corp 6443"
                                                  << "http://proxy:3128";
        QTest::newRow("IP") << https + ";NO_PROXY=10.0.0.1" << "https 10.0.0.1 6443" << "";
        QTest::newRow("another IP") << https + ";NO_PROXY=10.0.0.1" << "https 10.0.0.2 6443" << "http://proxy:3128";
        QTest::newRow("IP with its port") << https + ";NO_PROXY=10.0.0.1:6443" << "https 10.0.0.1 6443" << "";
        QTest::newRow("CIDR") << https + ";NO_PROXY=10.0.0.0/8" << "https 10.200.3.4 6443" << "";
        QTest::newRow("outside the CIDR") << https + ";NO_PROXY=10.0.0.0/8" << "https 11.0.0.1 6443" << "http://proxy:3128";
        QTest::newRow("IPv6 CIDR") << https + ";NO_PROXY=fd00::/8" << "https fd12::1 6443" << "";
        QTest::newRow("IPv6 in brackets with a port") << https + ";NO_PROXY=[fd12::1]:6443" << "https fd12::1 6443" << "";
        QTest::newRow("a CIDR does not exempt a name") << https + ";NO_PROXY=10.0.0.0/8" << "https api.corp 6443"
                                                       << "http://proxy:3128";
    }
    void proxyFor() {
        QFETCH(QString, environment);
        QFETCH(QString, server);
        QFETCH(QString, proxy);
        std::map<std::string, std::string> vars;
        for (const QString& kv : environment.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
            const qsizetype eq = kv.indexOf(QLatin1Char('='));
            vars[kv.left(eq).toStdString()] = kv.mid(eq + 1).toStdString();
        }
        const auto env = ProxyEnvironment::from([&](const char* name) {
            auto it = vars.find(name);
            return it == vars.end() ? std::string() : it->second;
        });
        const QStringList parts = server.split(QLatin1Char(' '));
        QCOMPARE(QString::fromStdString(pilothouse::client::rest::proxyFor(env, parts[0].toStdString(), parts[1].toStdString(),
                                                                           parts[2].toStdString())),
                 proxy);
    }
};

QTEST_GUILESS_MAIN(ProxyFromEnvironmentTest)
#include "proxy_from_environment_test.moc"
