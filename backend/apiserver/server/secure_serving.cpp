#include "apiserver/server/secure_serving.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "apiserver/endpoints/responses.h"
#include "util/listen_address.h"
#include "util/thread_priority.h"

namespace pilothouse::apiserver::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;

namespace {
constexpr auto kReadTimeout = std::chrono::seconds(30);
constexpr auto kWriteTimeout = std::chrono::seconds(60);
// The largest request header kube-apiserver's Go HTTP server reads (1 MiB).
constexpr uint32_t kHeaderLimit = 1 << 20;
}  // namespace

class Connection;

class SecureServing::Impl {
public:
    net::io_context io{1};
    // Keeps io.run() going while there is nothing to do.
    net::executor_work_guard<net::io_context::executor_type> work = net::make_work_guard(io);
    ssl::context tls{ssl::context::tls_server};
    tcp::acceptor acceptor{io};
    std::unique_ptr<net::thread_pool> workers;
    std::thread ioThread;
    endpoints::Handler* handler = nullptr;
    std::string address;
    int port = 0;
    std::atomic<bool> stopping{false};

    std::mutex connectionsMutex;
    std::set<std::shared_ptr<Connection>> open;

    void accept();
    void add(const std::shared_ptr<Connection>& c) {
        std::lock_guard lock(connectionsMutex);
        open.insert(c);
    }
    void remove(const std::shared_ptr<Connection>& c) {
        std::lock_guard lock(connectionsMutex);
        open.erase(c);
    }
};

// One client connection: TLS handshake, then requests one after another (keep-alive); a watch
// holds the connection until it ends.
class Connection : public std::enable_shared_from_this<Connection> {
public:
    Connection(SecureServing::Impl& server, tcp::socket socket)
        : server_(server), stream_(std::move(socket), server.tls), timer_(stream_.get_executor()) {}

    void start() {
        beast::get_lowest_layer(stream_).expires_after(kReadTimeout);
        stream_.async_handshake(ssl::stream_base::server,
                                [self = shared_from_this()](beast::error_code ec) { self->onHandshake(ec); });
    }

    // From any thread: ends the connection.
    void stop() {
        net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->close(); });
    }

private:
    void onHandshake(beast::error_code ec) {
        if (ec) return close();
        certificateUser_ = certificateUser(stream_.native_handle());
        read();
    }

    // The verified client certificate's user: CN, and each O as a group. A certificate that did
    // not verify authenticates nobody (the request's token, if any, still may).
    static std::optional<apiserver::UserInfo> certificateUser(SSL* ssl) {
        X509* cert = SSL_get1_peer_certificate(ssl);
        if (!cert) return std::nullopt;
        std::optional<apiserver::UserInfo> user;
        if (SSL_get_verify_result(ssl) == X509_V_OK) {
            auto entries = [&](int nid) {
                std::vector<std::string> out;
                X509_NAME* subject = X509_get_subject_name(cert);
                for (int i = X509_NAME_get_index_by_NID(subject, nid, -1); i >= 0; i = X509_NAME_get_index_by_NID(subject, nid, i)) {
                    const ASN1_STRING* data = X509_NAME_ENTRY_get_data(X509_NAME_get_entry(subject, i));
                    out.emplace_back(reinterpret_cast<const char*>(ASN1_STRING_get0_data(data)), size_t(ASN1_STRING_length(data)));
                }
                return out;
            };
            const auto names = entries(NID_commonName);
            if (!names.empty() && !names.front().empty()) user = apiserver::UserInfo{names.front(), "", entries(NID_organizationName)};
        }
        X509_free(cert);
        return user;
    }

    void read() {
        parser_.emplace();
        parser_->header_limit(kHeaderLimit);
        parser_->body_limit(endpoints::kMaxRequestBodyBytes);
        beast::get_lowest_layer(stream_).expires_after(kReadTimeout);
        http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](beast::error_code ec, size_t) { self->onRead(ec); });
    }

    void onRead(beast::error_code ec) {
        if (ec == http::error::body_limit) {
            // Answered without reading the rest; the connection cannot be reused.
            keepAlive_ = false;
            return write(endpoints::errorResponse(newRequestEntityTooLarge(endpoints::kMaxRequestBodyBytes)));
        }
        if (ec) return close();
        beast::get_lowest_layer(stream_).expires_never();
        auto& message = parser_->get();
        keepAlive_ = message.keep_alive();
        auto request = std::make_shared<endpoints::HttpRequest>();
        request->method = std::string(message.method_string());
        request->target = std::string(message.target());
        for (const auto& field : message) {
            std::string name(field.name_string());
            for (auto& ch : name) ch = char(std::tolower(static_cast<unsigned char>(ch)));
            auto& value = request->headers[name];
            value = value.empty() ? std::string(field.value()) : value + "," + std::string(field.value());
        }
        request->body = std::move(message.body());
        request->certificateUser = certificateUser_;
        // The handler may wait (a write waits for the simulation's tick): off the I/O thread.
        net::post(*server_.workers, [self = shared_from_this(), request] {
            auto response = std::make_shared<endpoints::HttpResponse>(self->server_.handler->serve(*request));
            net::post(self->stream_.get_executor(), [self, response]() mutable { self->respond(std::move(*response)); });
        });
    }

    void respond(endpoints::HttpResponse response) {
        if (response.watch) return startWatch(std::move(response));
        write(std::move(response));
    }

    template <typename Message>
    void setHeaders(Message& m, const endpoints::HttpResponse& response) {
        m.set(http::field::content_type, response.contentType);
        for (const auto& [name, value] : response.headers) m.insert(name, value);
        m.keep_alive(keepAlive_);
    }

    void write(endpoints::HttpResponse response) {
        auto message = std::make_shared<http::response<http::string_body>>(http::status(response.status), 11);
        setHeaders(*message, response);
        message->body() = std::move(response.body);
        message->prepare_payload();
        beast::get_lowest_layer(stream_).expires_after(kWriteTimeout);
        http::async_write(stream_, *message, [self = shared_from_this(), message](beast::error_code ec, size_t) {
            if (ec || !self->keepAlive_ || self->server_.stopping) return self->close();
            self->read();
        });
    }

    // ---- Watch: a chunked answer, one chunk per batch of events ----
    void startWatch(endpoints::HttpResponse response) {
        watch_ = response.watch;
        watchHeader_ = std::make_shared<http::response<http::empty_body>>(http::status::ok, 11);
        setHeaders(*watchHeader_, response);
        watchHeader_->chunked(true);
        watchSerializer_ = std::make_shared<http::response_serializer<http::empty_body>>(*watchHeader_);
        std::weak_ptr<Connection> weak = weak_from_this();
        auto executor = stream_.get_executor();
        watch_->setNotify([weak, executor] {
            if (auto self = weak.lock()) net::post(executor, [self] { self->pumpWatch(); });
        });
        armWatchTimer();
        writing_ = true;
        beast::get_lowest_layer(stream_).expires_after(kWriteTimeout);
        http::async_write_header(stream_, *watchSerializer_, [self = shared_from_this()](beast::error_code ec, size_t) {
            self->writing_ = false;
            if (ec) return self->close();
            self->pumpWatch();
        });
    }

    // Wakes the watch at its next bookmark or deadline.
    void armWatchTimer() {
        if (!watch_ || watch_->done()) return;
        // Not sooner than a little from now: a deadline that passed while a write was in flight is
        // taken once the write is done.
        timer_.expires_at(std::max(watch_->nextWake(), std::chrono::steady_clock::now() + std::chrono::milliseconds(100)));
        std::weak_ptr<Connection> weak = weak_from_this();
        timer_.async_wait([weak](beast::error_code ec) {
            if (auto self = weak.lock(); self && !ec) {
                self->pumpWatch();
                self->armWatchTimer();
            }
        });
    }

    void pumpWatch() {
        if (!watch_ || closed_) return;
        // A write in flight (a slow reader): take what the watch has ready off the store's log,
        // so that only this connection's own (bounded) queue waits for the client.
        if (writing_) return watch_->absorb();
        std::string lines = watch_->take();
        const bool done = watch_->done() || server_.stopping;
        if (lines.empty() && !done) return;
        chunk_ = std::move(lines);
        writing_ = true;
        beast::get_lowest_layer(stream_).expires_after(kWriteTimeout);
        auto after = [self = shared_from_this(), done](beast::error_code ec, size_t) {
            self->writing_ = false;
            if (ec) return self->close();
            if (!done) return self->pumpWatch();
            self->endWatch();
        };
        if (chunk_.empty()) {
            net::async_write(stream_, http::make_chunk_last(), std::move(after));
        } else if (done) {
            // The last events, then the terminating chunk.
            net::async_write(stream_, http::make_chunk(net::buffer(chunk_)), [self = shared_from_this()](beast::error_code ec, size_t) {
                if (ec) return self->close();
                net::async_write(self->stream_, http::make_chunk_last(), [self](beast::error_code ec2, size_t) {
                    self->writing_ = false;
                    if (ec2) return self->close();
                    self->endWatch();
                });
            });
        } else {
            net::async_write(stream_, http::make_chunk(net::buffer(chunk_)), std::move(after));
        }
    }

    void endWatch() {
        timer_.cancel();
        watch_.reset();
        watchSerializer_.reset();
        watchHeader_.reset();
        if (!keepAlive_ || server_.stopping) return close();
        read();
    }

    void close() {
        if (closed_) return;
        closed_ = true;
        timer_.cancel();
        watch_.reset();
        beast::error_code ignored;
        beast::get_lowest_layer(stream_).socket().shutdown(tcp::socket::shutdown_both, ignored);
        beast::get_lowest_layer(stream_).close();
        server_.remove(shared_from_this());
    }

    SecureServing::Impl& server_;
    beast::ssl_stream<beast::tcp_stream> stream_;
    net::steady_timer timer_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    bool keepAlive_ = true;
    std::optional<apiserver::UserInfo> certificateUser_;  // the handshake's (certificateUser)
    bool closed_ = false;
    bool writing_ = false;
    std::shared_ptr<endpoints::WatchBody> watch_;
    std::shared_ptr<http::response<http::empty_body>> watchHeader_;
    std::shared_ptr<http::response_serializer<http::empty_body>> watchSerializer_;
    std::string chunk_;
};

void SecureServing::Impl::accept() {
    acceptor.async_accept(net::make_strand(io), [this](beast::error_code ec, tcp::socket socket) {
        if (stopping) return;
        if (!ec) {
            // Each answer goes out as soon as it is written: with Nagle's algorithm, a large
            // answer's last segment waits for the client's delayed ACK (40 ms a list).
            beast::error_code ignored;
            socket.set_option(tcp::no_delay(true), ignored);
            auto c = std::make_shared<Connection>(*this, std::move(socket));
            add(c);
            c->start();
        }
        accept();
    });
}

SecureServing::SecureServing(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

SecureServing::~SecureServing() { shutdown(); }

int SecureServing::port() const { return impl_->port; }
const std::string& SecureServing::address() const { return impl_->address; }
size_t SecureServing::connections() const {
    std::lock_guard lock(impl_->connectionsMutex);
    return impl_->open.size();
}

StatusOr<std::unique_ptr<SecureServing>> SecureServing::start(endpoints::Handler& handler, const SecureServingOptions& options) {
    auto listen = util::parseListenAddress(options.listenAddress);
    if (!listen) return listen.status();
    if (!options.authenticates && !util::isLoopback(options.listenAddress))
        return Status(StatusCode::FailedPrecondition,
                      "refusing to serve the Kubernetes API on " + options.listenAddress +
                          " without authentication: anyone who can reach that address could change the cluster. "
                          "Give a token file (--tokens FILE) or listen on a loopback address (127.0.0.1:PORT)");
    for (const auto* file : {&options.certFile, &options.keyFile})
        if (file->empty() || !std::filesystem::exists(*file))
            return Status(StatusCode::NotFound, "TLS file not found: \"" + *file + "\"");

    auto impl = std::make_unique<Impl>();
    impl->handler = &handler;
    beast::error_code ec;
    impl->tls.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                          ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
    impl->tls.use_certificate_chain_file(options.certFile, ec);
    if (ec) return Status(StatusCode::InvalidArgument, "TLS certificate " + options.certFile + ": " + ec.message());
    impl->tls.use_private_key_file(options.keyFile, ssl::context::pem, ec);
    if (ec) return Status(StatusCode::InvalidArgument, "TLS key " + options.keyFile + ": " + ec.message());
    if (!options.clientCAFile.empty()) {
        // Asked for, not required; checked here, judged by the authenticator (certificateUser): a
        // client whose certificate does not verify is not cut off at the handshake, as with Go's
        // tls.RequestClientCert in kube-apiserver.
        impl->tls.load_verify_file(options.clientCAFile, ec);
        if (ec) return Status(StatusCode::InvalidArgument, "--client-ca-file " + options.clientCAFile + ": " + ec.message());
        if (STACK_OF(X509_NAME)* names = SSL_load_client_CA_file(options.clientCAFile.c_str()))
            SSL_CTX_set_client_CA_list(impl->tls.native_handle(), names);
        impl->tls.set_verify_mode(ssl::verify_peer);
        impl->tls.set_verify_callback([](bool, ssl::verify_context&) { return true; });
    }

    const std::string host = listen->host == "localhost" ? "127.0.0.1" : listen->host;
    auto ip = net::ip::make_address(host.empty() ? "0.0.0.0" : host, ec);
    if (ec) return Status(StatusCode::InvalidArgument, "listen address \"" + options.listenAddress + "\": not an IP address");
    tcp::endpoint endpoint(ip, static_cast<unsigned short>(listen->port));
    impl->acceptor.open(endpoint.protocol(), ec);
    if (!ec) impl->acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) impl->acceptor.bind(endpoint, ec);
    if (!ec) impl->acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec) return Status(StatusCode::Unavailable, "cannot listen on " + options.listenAddress + ": " + ec.message());
    impl->port = impl->acceptor.local_endpoint().port();
    const std::string shownHost = ip.is_v6() ? "[" + ip.to_string() + "]" : ip.to_string();
    impl->address = shownHost + ":" + std::to_string(impl->port);

    const int niceness = options.niceness;
    // Threads started from a thread with a lowered priority inherit it.
    std::thread starter([&impl, niceness, workers = options.workers] {
        util::lowerThreadPriority(niceness);
        impl->workers = std::make_unique<net::thread_pool>(size_t(std::max(1, workers)));
        Impl* raw = impl.get();
        impl->ioThread = std::thread([raw] { raw->io.run(); });
    });
    starter.join();
    Impl* raw = impl.get();
    net::post(impl->io, [raw] { raw->accept(); });
    return std::unique_ptr<SecureServing>(new SecureServing(std::move(impl)));
}

void SecureServing::shutdown() {
    if (!impl_ || impl_->stopping.exchange(true)) return;
    Impl* raw = impl_.get();
    net::post(impl_->io, [raw] {
        beast::error_code ignored;
        raw->acceptor.close(ignored);
    });
    std::vector<std::shared_ptr<Connection>> open;
    {
        std::lock_guard lock(impl_->connectionsMutex);
        open.assign(impl_->open.begin(), impl_->open.end());
    }
    for (auto& c : open) c->stop();
    impl_->workers->join();
    // Let the closes run, then stop the loop.
    impl_->work.reset();
    net::post(impl_->io, [raw] { raw->io.stop(); });
    if (impl_->ioThread.joinable()) impl_->ioThread.join();
    std::lock_guard lock(impl_->connectionsMutex);
    impl_->open.clear();
}

}  // namespace pilothouse::apiserver::server
