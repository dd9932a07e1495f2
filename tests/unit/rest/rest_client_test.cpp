// client-go's rest client against our own HTTPS Kubernetes API: the server's certificate checked
// against the CA given (and its address), insecure-skip-tls-verify, bearer tokens (and a token
// file read again when it changes), error answers' messages, Go's wording for transport errors,
// a watch streamed event by event and cancelled from another thread, and a kubeconfig's proxy-url
// (http CONNECT, an http server's requests in absolute form, SOCKS5; with and without a user), and
// TCP keep-alive on a watch's connection.
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "apiserver/endpoints/handler.h"
#include "apiserver/server/secure_serving.h"
#include "apiserver/server/self_signed_cert.h"
#include "api/codec/json.h"
#include "client/rest/client.h"
#include "util/base64.h"
#include "controlplane/control_plane.h"
#include "remote/api_backend.h"
#include "testing/forward_proxy.h"

using namespace pilothouse;
namespace rest = client::rest;

namespace {

std::string readFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void writeFile(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
}

rest::Request get(const std::string& path, std::vector<std::pair<std::string, std::string>> query = {}) {
    rest::Request r;
    r.path = path;
    r.query = std::move(query);
    return r;
}

}  // namespace

class RestClientTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    sim::VirtualClock clock_;
    std::unique_ptr<controlplane::ControlPlane> cp_;
    std::unique_ptr<remote::DirectApiBackend> backend_;
    std::unique_ptr<apiserver::endpoints::Handler> handler_;
    std::unique_ptr<apiserver::server::SecureServing> serving_;
    std::string ca_;
    std::string host_;

    rest::Config config(const std::string& token = "admin-token") const {
        rest::Config c;
        c.host = host_;
        c.caData = ca_;
        c.bearerToken = token;
        c.timeout = std::chrono::seconds(5);
        return c;
    }

private slots:
    void initTestCase() {
        const std::string tokens = dir_.filePath(QStringLiteral("tokens.csv")).toStdString();
        writeFile(tokens, "admin-token,admin,1,\"system:masters\"\nnobody-token,nobody,2\n");
        controlplane::Options options;
        options.tokenFile = tokens;
        auto cp = controlplane::ControlPlane::start(options, clock_);
        QVERIFY2(cp.isOk(), cp.status().message().c_str());
        cp_ = std::move(*cp);
        backend_ = std::make_unique<remote::DirectApiBackend>(cp_->apiServer());
        handler_ = std::make_unique<apiserver::endpoints::Handler>(*backend_, apiserver::endpoints::HandlerOptions{});
        auto cert = apiserver::server::ensureServingCertificate(dir_.filePath(QStringLiteral("pki")).toStdString(),
                                                                {"localhost", "127.0.0.1"});
        QVERIFY(cert.isOk());
        ca_ = readFile(cert->caFile);
        // Client certificates (openssl's command line): alice in system:masters and dev-team, signed
        // by the client CA; mallory's signed by herself.
        const std::string d = dir_.path().toStdString();
        const std::string ec = " -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes ";
        const std::string script =
            "cd '" + d + "' && openssl req -x509" + ec + "-keyout client-ca.key -out client-ca.crt -subj /CN=client-ca -days 1" +
            " && openssl req" + ec + "-keyout alice.key -out alice.csr -subj '/O=system:masters/O=dev-team/CN=alice'" +
            " && openssl x509 -req -in alice.csr -CA client-ca.crt -CAkey client-ca.key -CAcreateserial -out alice.crt -days 1" +
            " && openssl req -x509" + ec + "-keyout mallory.key -out mallory.crt -subj '/O=system:masters/CN=mallory' -days 1" +
            " 2>/dev/null";
        QCOMPARE(std::system(script.c_str()), 0);
        apiserver::server::SecureServingOptions so;
        so.listenAddress = "127.0.0.1:0";
        so.certFile = cert->certFile;
        so.keyFile = cert->keyFile;
        so.clientCAFile = d + "/client-ca.crt";
        so.authenticates = true;
        so.niceness = 0;
        auto serving = apiserver::server::SecureServing::start(*handler_, so);
        QVERIFY2(serving.isOk(), serving.status().message().c_str());
        serving_ = std::move(*serving);
        host_ = "https://127.0.0.1:" + std::to_string(serving_->port());
    }
    void cleanupTestCase() { serving_->shutdown(); }

    void getsWithTheCaAndAToken() {
        auto client = rest::RESTClient::create(config());
        QVERIFY2(client.isOk(), client.status().message().c_str());
        for (int i = 0; i < 3; ++i) {  // the connection is kept alive and reused
            auto res = (*client)->send(get("/api/v1/namespaces", {{"limit", "500"}}));
            QVERIFY2(res.isOk(), res.status().message().c_str());
            QCOMPARE(res->status, 200);
            QCOMPARE(res->contentType, std::string("application/json"));
            QVERIFY(res->body.find("\"kind\":\"NamespaceList\"") != std::string::npos);
        }
        QCOMPARE(serving_->connections(), size_t(1));
    }

    // Answers of any status come back as answers; their message is the metav1.Status's.
    void errorAnswersCarryTheServersMessage_data() {
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown token") << "not-a-token" << "/api/v1/pods" << 401 << "Unauthorized";
        QTest::newRow("forbidden") << "nobody-token" << "/api/v1/pods" << 403
                                   << "pods is forbidden: User \"nobody\" cannot list resource \"pods\" in API group \"\" "
                                      "at the cluster scope";
        QTest::newRow("not found") << "admin-token" << "/api/v1/namespaces/default/pods/nope" << 404
                                   << "pods \"nope\" not found";
    }
    void errorAnswersCarryTheServersMessage() {
        QFETCH(QString, token);
        QFETCH(QString, path);
        QFETCH(int, status);
        QFETCH(QString, message);
        auto client = rest::RESTClient::create(config(token.toStdString()));
        QVERIFY(client.isOk());
        auto res = (*client)->send(get(path.toStdString()));
        QVERIFY2(res.isOk(), res.status().message().c_str());
        QCOMPARE(res->status, status);
        QCOMPARE(QString::fromStdString(rest::errorMessage(*res)), message);
    }

    // The token file is read for each request, so a rotated token is used at once.
    void tokenFileIsReadAgain() {
        const std::string file = dir_.filePath(QStringLiteral("token")).toStdString();
        writeFile(file, "nobody-token\n");
        rest::Config c = config("");
        c.bearerTokenFile = file;
        auto client = rest::RESTClient::create(c);
        QVERIFY(client.isOk());
        QCOMPARE((*client)->send(get("/api/v1/pods"))->status, 403);
        writeFile(file, "admin-token\n");
        QCOMPARE((*client)->send(get("/api/v1/pods"))->status, 200);
    }

    // Transport errors in client-go's words, with the request's URL.
    void transportErrorsInGosWords_data() {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("message");  // after `Get "URL": `
        QTest::newRow("unknown authority")
            << "system roots" << "tls: failed to verify certificate: x509: certificate signed by unknown authority";
        QTest::newRow("name not in the certificate")
            << "tls-server-name" << "tls: failed to verify certificate: x509: certificate is not valid for kubernetes.example";
        QTest::newRow("nobody listening") << "closed port" << "dial tcp 127.0.0.1:PORT: connect: connection refused";
    }
    void transportErrorsInGosWords() {
        QFETCH(QString, what);
        QFETCH(QString, message);
        rest::Config c = config();
        std::string port = std::to_string(serving_->port());
        if (what == "system roots") c.caData.clear();
        if (what == "tls-server-name") c.serverName = "kubernetes.example";
        if (what == "closed port") {
            boost::asio::io_context io;
            boost::asio::ip::tcp::acceptor a(io, {boost::asio::ip::make_address("127.0.0.1"), 0});
            port = std::to_string(a.local_endpoint().port());
            a.close();  // a port nobody listens on
            c.host = "https://127.0.0.1:" + port;
        }
        auto client = rest::RESTClient::create(c);
        QVERIFY(client.isOk());
        auto res = (*client)->send(get("/version"));
        QVERIFY(!res.isOk());
        const std::string want = "Get \"https://127.0.0.1:" + port + "/version\": " +
                                 message.replace(QStringLiteral("PORT"), QString::fromStdString(port)).toStdString();
        QCOMPARE(res.status().message(), want);
    }

    // --client-ca-file: a certificate the client CA signed authenticates as its CN in its O groups;
    // one it did not sign authenticates nobody.
    void clientCertificates_data() {
        QTest::addColumn<QString>("who");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("user");
        QTest::newRow("signed by the client CA") << "alice" << 201 << "alice system:masters,dev-team,system:authenticated";
        QTest::newRow("signed by herself") << "mallory" << 401 << "";
    }
    void clientCertificates() {
        QFETCH(QString, who);
        QFETCH(int, status);
        QFETCH(QString, user);
        rest::Config c = config("");
        const std::string base = dir_.path().toStdString() + "/" + who.toStdString();
        c.certData = readFile(base + ".crt");
        c.keyData = readFile(base + ".key");
        auto client = rest::RESTClient::create(c);
        QVERIFY2(client.isOk(), client.status().message().c_str());
        rest::Request review = get("/apis/authentication.k8s.io/v1/selfsubjectreviews");
        review.verb = "POST";
        review.contentType = "application/json";
        review.body = R"({"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"})";
        auto res = (*client)->send(review);
        QVERIFY2(res.isOk(), res.status().message().c_str());
        QCOMPARE(res->status, status);
        if (status != 201) return;
        auto doc = codec::parseJson(res->body);
        QVERIFY(doc.isOk());
        const codec::Value* info = doc->find("status")->find("userInfo");
        std::string groups;
        for (const auto& g : info->find("groups")->asArray()) groups += (groups.empty() ? "" : ",") + g.asString();
        QCOMPARE(QString::fromStdString(info->find("username")->asString() + " " + groups), user);
    }

    void insecureSkipsVerification() {
        rest::Config c = config();
        c.caData.clear();
        c.insecure = true;
        auto client = rest::RESTClient::create(c);
        QVERIFY(client.isOk());
        auto res = (*client)->send(get("/version"));
        QVERIFY2(res.isOk(), res.status().message().c_str());
        QCOMPARE(res->status, 200);
    }

    // A cluster's proxy-url: the requests go through the proxy, as Go's transport sends them, and
    // a watch streams through it; the errors are Go's (checked against kubectl 1.28 through the
    // same testing::ForwardProxy).
    void throughAProxy_data() {
        QTest::addColumn<QString>("scheme");
        QTest::addColumn<QString>("required");  // the user the proxy insists on
        QTest::addColumn<QString>("userInfo");  // as the proxy-url gives it
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<QString>("authorization");
        QTest::newRow("http CONNECT") << "http" << "" << "" << "connect" << "";
        QTest::newRow("http CONNECT with a user") << "http" << "u:p w" << "u:p%20w" << "connect"
                                                  << "Basic " + QString::fromStdString(util::base64Encode("u:p w"));
        QTest::newRow("socks5") << "socks5" << "" << "" << "socks5" << "";
        QTest::newRow("socks5 with a user") << "socks5" << "u:p w" << "u:p%20w" << "socks5" << "u:p w";
    }
    void throughAProxy() {
        QFETCH(QString, scheme);
        QFETCH(QString, required);
        QFETCH(QString, userInfo);
        QFETCH(QString, protocol);
        QFETCH(QString, authorization);
        testing::ForwardProxy proxy(required.toStdString());
        rest::Config c = config();
        c.proxyUrl = proxy.url(scheme.toStdString(), userInfo.toStdString());
        auto client = rest::RESTClient::create(c);
        QVERIFY2(client.isOk(), client.status().message().c_str());
        auto res = (*client)->send(get("/api/v1/namespaces"));
        QVERIFY2(res.isOk(), res.status().message().c_str());
        QCOMPARE(res->status, 200);
        QVERIFY(res->body.find("\"kind\":\"NamespaceList\"") != std::string::npos);
        rest::Request w = get("/api/v1/namespaces", {{"watch", "true"}});
        auto watch = (*client)->watch(w);
        QVERIFY2(watch.isOk(), watch.status().message().c_str());
        auto line = (*watch)->next();
        QVERIFY2(line.isOk() && line->has_value(), "a watch event through the proxy");
        QVERIFY((*line)->find("\"type\":\"ADDED\"") != std::string::npos);
        (*watch)->cancel();
        const auto asked = proxy.asked();
        QCOMPARE(asked.size(), size_t(2));
        const std::string server = host_.substr(std::string("https://").size());
        for (const auto& a : asked) {
            QCOMPARE(QString::fromStdString(a.protocol), protocol);
            QCOMPARE(a.target, server);
            QCOMPARE(QString::fromStdString(a.authorization), authorization);
        }
    }

    // What a proxy refuses, in Go's words (kubectl 1.28 printed each through the same proxy).
    void proxyRefusalsInGosWords_data() {
        QTest::addColumn<QString>("scheme");
        QTest::addColumn<QString>("required");
        QTest::addColumn<QString>("userInfo");
        QTest::addColumn<QString>("refuseWith");
        QTest::addColumn<QString>("message");  // after `Get "URL": `; %1: the proxy, %2: the server
        QTest::newRow("CONNECT refused") << "http" << "" << "" << "403 Forbidden" << "Forbidden";
        QTest::newRow("CONNECT without a user") << "http" << "u:p" << "" << "" << "Proxy Authentication Required";
        QTest::newRow("socks5 without a user") << "socks5" << "u:p" << "" << ""
                                               << "socks connect tcp %1->%2: no acceptable authentication methods";
        QTest::newRow("socks5 with a wrong password") << "socks5" << "u:p" << "u:bad" << ""
                                                      << "socks connect tcp %1->%2: username/password authentication failed";
    }
    void proxyRefusalsInGosWords() {
        QFETCH(QString, scheme);
        QFETCH(QString, required);
        QFETCH(QString, userInfo);
        QFETCH(QString, refuseWith);
        QFETCH(QString, message);
        testing::ForwardProxy proxy(required.toStdString(), refuseWith.toStdString());
        rest::Config c = config();
        c.proxyUrl = proxy.url(scheme.toStdString(), userInfo.toStdString());
        auto client = rest::RESTClient::create(c);
        QVERIFY(client.isOk());
        auto res = (*client)->send(get("/api/v1/namespaces"));
        QVERIFY(!res.isOk());
        const QString server = QString::fromStdString(host_.substr(std::string("https://").size()));
        const QString expected = QStringLiteral("Get \"%1/api/v1/namespaces\": ").arg(QString::fromStdString(host_)) +
                                 (message.contains(QLatin1String("%1")) ? message.arg(QStringLiteral("127.0.0.1:%1").arg(proxy.port()), server) : message);
        QCOMPARE(QString::fromStdString(res.status().message()), expected);
    }

    // No proxy-url: HTTPS_PROXY is gone through, as kubectl goes through it; NO_PROXY exempts the
    // server. The server stands at 10.255.255.1 for the client (the proxy routes it to the test's
    // server; its certificate is checked for "localhost", tls-server-name).
    void proxyFromTheEnvironment() {
        testing::ForwardProxy proxy;
        proxy.routeAllTo("127.0.0.1");
        rest::Config c = config();
        c.host = "https://10.255.255.1:" + std::to_string(serving_->port());
        c.serverName = "localhost";
        c.timeout = std::chrono::seconds(2);
        ::setenv("HTTPS_PROXY", ("127.0.0.1:" + std::to_string(proxy.port())).c_str(), 1);
        auto restore = qScopeGuard([] {
            ::unsetenv("HTTPS_PROXY");
            ::unsetenv("NO_PROXY");
        });
        auto client = rest::RESTClient::create(c);
        QVERIFY2(client.isOk(), client.status().message().c_str());
        auto res = (*client)->send(get("/api/v1/namespaces"));
        QVERIFY2(res.isOk(), res.status().message().c_str());
        QCOMPARE(res->status, 200);
        QCOMPARE(proxy.asked().size(), size_t(1));
        QCOMPARE(proxy.asked()[0].target, "10.255.255.1:" + std::to_string(serving_->port()));
        // Exempt: straight to 10.255.255.1, which nothing answers (TEST-NET-like, unrouted here).
        ::setenv("NO_PROXY", "localhost,10.0.0.0/8", 1);
        auto direct = rest::RESTClient::create(c);
        QVERIFY(direct.isOk());
        auto refused = (*direct)->send(get("/api/v1/namespaces"));
        QVERIFY(!refused.isOk());
        QCOMPARE(proxy.asked().size(), size_t(1));
    }

    void unreachableProxy() {
        // A port nothing listens on (bound, then closed).
        int port = 0;
        {
            boost::asio::io_context io;
            boost::asio::ip::tcp::acceptor a(io, {boost::asio::ip::make_address("127.0.0.1"), 0});
            port = a.local_endpoint().port();
        }
        rest::Config c = config();
        c.proxyUrl = "http://127.0.0.1:" + std::to_string(port);
        auto client = rest::RESTClient::create(c);
        QVERIFY(client.isOk());
        auto res = (*client)->send(get("/api/v1/nodes"));
        QVERIFY(!res.isOk());
        QCOMPARE(res.status().message(), "Get \"" + host_ + "/api/v1/nodes\": proxyconnect tcp: dial tcp 127.0.0.1:" +
                                             std::to_string(port) + ": connect: connection refused");
    }

    // A plain-HTTP server through an http proxy: each request names its whole URL, with the
    // proxy's credentials (the proxy answers it itself here).
    void plainServerThroughAnHttpProxy() {
        testing::ForwardProxy proxy("u:p");
        rest::Config c;
        c.host = "http://10.0.0.1:8080/prefix";
        c.proxyUrl = proxy.url("http", "u:p");
        auto client = rest::RESTClient::create(c);
        QVERIFY(client.isOk());
        auto res = (*client)->send(get("/api/v1/nodes", {{"limit", "500"}}));
        QVERIFY2(res.isOk(), res.status().message().c_str());
        QCOMPARE(res->status, 200);
        const auto asked = proxy.asked();
        QCOMPARE(asked.size(), size_t(1));
        QCOMPARE(asked[0].protocol, std::string("forward"));
        QCOMPARE(asked[0].target, std::string("http://10.0.0.1:8080/prefix/api/v1/nodes?limit=500"));
        QCOMPARE(asked[0].authorization, "Basic " + util::base64Encode("u:p"));
    }

    void badConfigsAreRefused_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("no host") << "host" << "host must be a URL or a host:port pair";
        QTest::newRow("ftp") << "scheme" << "host \"ftp://x\": the scheme must be https or http";
        QTest::newRow("bad CA") << "ca" << "unable to load root certificates: unable to parse bytes as PEM block";
        QTest::newRow("cert without key") << "cert" << "tls: both a client certificate and its key are needed";
        QTest::newRow("https proxy") << "https proxy"
                                     << "proxy-url \"https://127.0.0.1:3128\": a proxy reached over TLS (https) is not supported "
                                        "yet; an http:// or socks5:// proxy is";
        QTest::newRow("ftp proxy") << "ftp proxy"
                                   << "proxy-url \"ftp://127.0.0.1:21\": unsupported scheme \"ftp\", must be http, https, or socks5";
    }
    void badConfigsAreRefused() {
        QFETCH(QString, field);
        QFETCH(QString, message);
        rest::Config c = config();
        if (field == "host") c.host.clear();
        if (field == "scheme") c.host = "ftp://x";
        if (field == "ca") c.caData = "not a certificate";
        if (field == "cert") c.certData = ca_;
        if (field == "https proxy") c.proxyUrl = "https://127.0.0.1:3128";
        if (field == "ftp proxy") c.proxyUrl = "ftp://127.0.0.1:21";
        auto client = rest::RESTClient::create(c);
        QVERIFY(!client.isOk());
        QCOMPARE(QString::fromStdString(client.status().message()), message);
    }

    // A watch's events arrive one line each as they happen; cancel() ends the wait.
    void watchStreamsAndCancels() {
        auto client = rest::RESTClient::create(config());
        QVERIFY(client.isOk());
        auto w = (*client)->watch(get("/api/v1/namespaces/default/configmaps", {{"watch", "true"}}));
        QVERIFY2(w.isOk(), w.status().message().c_str());
        rest::Request create = get("/api/v1/namespaces/default/configmaps");
        create.verb = "POST";
        create.contentType = "application/json";
        create.body = R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"one"}})";
        auto created = (*client)->send(create);
        QVERIFY(created.isOk());
        QCOMPARE(created->status, 201);
        auto line = (*w)->next();
        QVERIFY2(line.isOk(), line.status().message().c_str());
        QVERIFY(line->has_value());
        QVERIFY2((*line)->rfind("{\"type\":\"ADDED\"", 0) == 0, (*line)->c_str());
        QVERIFY((*line)->find("\"name\":\"one\"") != std::string::npos);
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            (*w)->cancel();
        });
        auto end = (*w)->next();  // nothing more happens: only cancel() ends this
        canceller.join();
        QVERIFY(end.isOk());
        QVERIFY(!end->has_value());
    }

    // A watch refused is an error with the server's message and the HTTP status's code.
    // A watch's connection has TCP keep-alive on, 30 s as Go's dialer sets it: the kernel's
    // keep-alive timer runs on it (/proc/net/tcp: timer 2, at most 30 s off), so a peer gone
    // during a laptop's sleep is found dead instead of the watch waiting for ever.
    void watchConnectionsKeepAlive() {
        auto client = rest::RESTClient::create(config());
        QVERIFY(client.isOk());
        auto w = (*client)->watch(get("/api/v1/namespaces/default/configmaps", {{"watch", "true"}}));
        QVERIFY2(w.isOk(), w.status().message().c_str());
        char remote[16];
        std::snprintf(remote, sizeof remote, ":%04X", unsigned(serving_->port()));
        std::ifstream tcp("/proc/net/tcp");
        std::string line;
        std::vector<std::string> timers;
        while (std::getline(tcp, line)) {
            std::istringstream fields(line);
            std::string sl, local, rem, st, queues, timer;
            fields >> sl >> local >> rem >> st >> queues >> timer;
            // Our end: its remote address is the server's port, established (01).
            if (rem.size() > 5 && rem.substr(rem.size() - 5) == remote && st == "01") timers.push_back(timer);
        }
        QVERIFY(!timers.empty());
        bool keepAlive = false;
        for (const auto& t : timers) {
            // "02:00000BB8": the keep-alive timer, due in clock ticks (USER_HZ, 100 a second).
            if (t.rfind("02:", 0) != 0) continue;
            const unsigned long due = std::stoul(t.substr(3), nullptr, 16);
            keepAlive = keepAlive || (due > 0 && due <= 30 * 100);
        }
        QVERIFY2(keepAlive, timers.front().c_str());
        (*w)->cancel();
    }

    void refusedWatchIsAnError() {
        auto client = rest::RESTClient::create(config("nobody-token"));
        QVERIFY(client.isOk());
        auto w = (*client)->watch(get("/api/v1/pods", {{"watch", "true"}}));
        QVERIFY(!w.isOk());
        QCOMPARE(w.status().code(), StatusCode::PermissionDenied);
        QVERIFY2(w.status().message().find("cannot watch resource \"pods\"") != std::string::npos,
                 w.status().message().c_str());
    }
};

QTEST_GUILESS_MAIN(RestClientTest)
#include "rest_client_test.moc"
