// HTTPS serving of the Kubernetes API: the self-made CA and serving certificate (made once, kept,
// made again for a new address), and requests over TLS with keep-alive, as kubectl sends them.
#include <QTemporaryDir>
#include <QTest>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <filesystem>

#include "apiserver/endpoints/handler.h"
#include "apiserver/server/secure_serving.h"
#include "apiserver/server/self_signed_cert.h"
#include "controlplane/control_plane.h"
#include "remote/api_backend.h"

using namespace pilothouse;
namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

class SecureServingTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void certificateIsKeptAndRenewedForNewHosts() {
        const std::string pki = dir_.filePath(QStringLiteral("pki")).toStdString();
        auto first = apiserver::server::ensureServingCertificate(pki, {"localhost", "127.0.0.1"});
        QVERIFY2(first.isOk(), first.status().message().c_str());
        QVERIFY(first->created);
        const auto ca = std::filesystem::last_write_time(first->caFile);
        auto again = apiserver::server::ensureServingCertificate(pki, {"localhost", "127.0.0.1"});
        QVERIFY(again.isOk());
        QVERIFY(!again->created);  // reused
        auto wider = apiserver::server::ensureServingCertificate(pki, {"localhost", "127.0.0.1", "10.1.2.3"});
        QVERIFY(wider.isOk());
        QVERIFY(wider->created);  // a new address: a new serving certificate ...
        QCOMPARE(std::filesystem::last_write_time(wider->caFile), ca);  // ... from the same CA
        QCOMPARE(std::filesystem::status(wider->keyFile).permissions() & std::filesystem::perms::others_read,
                 std::filesystem::perms::none);
    }

    void servesOverTlsWithKeepAlive() {
        sim::VirtualClock clock;
        auto cp = controlplane::ControlPlane::start({}, clock);
        QVERIFY(cp.isOk());
        remote::DirectApiBackend backend((*cp)->apiServer());
        apiserver::endpoints::Handler handler(backend, {});
        const std::string pki = dir_.filePath(QStringLiteral("pki2")).toStdString();
        auto cert = apiserver::server::ensureServingCertificate(pki, {"localhost", "127.0.0.1"});
        QVERIFY(cert.isOk());
        apiserver::server::SecureServingOptions options;
        options.listenAddress = "127.0.0.1:0";
        options.certFile = cert->certFile;
        options.keyFile = cert->keyFile;
        options.niceness = 0;
        auto serving = apiserver::server::SecureServing::start(handler, options);
        QVERIFY2(serving.isOk(), serving.status().message().c_str());

        net::io_context io;
        net::ssl::context tls(net::ssl::context::tls_client);
        tls.load_verify_file(cert->caFile);
        tls.set_verify_mode(net::ssl::verify_peer);
        beast::ssl_stream<beast::tcp_stream> stream(io, tls);
        net::ip::tcp::resolver resolver(io);
        beast::get_lowest_layer(stream).connect(resolver.resolve("127.0.0.1", std::to_string((*serving)->port())));
        stream.set_verify_callback(net::ssl::host_name_verification("127.0.0.1"));
        stream.handshake(net::ssl::stream_base::client);
        beast::flat_buffer buffer;
        for (const char* target : {"/healthz", "/version", "/api/v1/namespaces"}) {
            http::request<http::empty_body> req(http::verb::get, target, 11);
            req.set(http::field::host, "127.0.0.1");
            req.keep_alive(true);
            http::write(stream, req);
            http::response<http::string_body> res;
            http::read(stream, buffer, res);
            QCOMPARE(res.result_int(), 200u);
            QVERIFY(res.keep_alive());
        }
        // A body over 3 MiB is refused without being read.
        http::request<http::string_body> big(http::verb::post, "/api/v1/namespaces/default/configmaps", 11);
        big.set(http::field::host, "127.0.0.1");
        big.set(http::field::content_type, "application/json");
        big.body() = std::string(4 * 1024 * 1024, ' ');
        big.prepare_payload();
        beast::error_code ec;
        http::write(stream, big, ec);
        http::response<http::string_body> refused;
        http::read(stream, buffer, refused, ec);
        QCOMPARE(refused.result_int(), 413u);
        (*serving)->shutdown();
    }

    // Off loopback without authentication: refused, as for gRPC.
    void refusesUnauthenticatedNetworkAddress() {
        sim::VirtualClock clock;
        auto cp = controlplane::ControlPlane::start({}, clock);
        remote::DirectApiBackend backend((*cp)->apiServer());
        apiserver::endpoints::Handler handler(backend, {});
        apiserver::server::SecureServingOptions options;
        options.listenAddress = "0.0.0.0:0";
        auto serving = apiserver::server::SecureServing::start(handler, options);
        QVERIFY(!serving.isOk());
        QCOMPARE(serving.status().code(), StatusCode::FailedPrecondition);
    }
};

QTEST_GUILESS_MAIN(SecureServingTest)
#include "secure_serving_test.moc"
