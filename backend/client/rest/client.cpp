#include "client/rest/client.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <mutex>
#include <sstream>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include "client/rest/proxy_from_environment.h"
#include "client/util/flowcontrol/throttle.h"
#include "api/codec/json.h"
#include "util/base64.h"

namespace pilothouse::client::rest {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool isIpAddress(const std::string& host) {
    beast::error_code ec;
    asio::ip::make_address(host, ec);
    return !ec;
}

// Go's x509 wording for what OpenSSL's verification refused.
std::string x509Reason(long verifyResult, const std::string& checkedName) {
    switch (verifyResult) {
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
        case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
        case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
        case X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
            return "tls: failed to verify certificate: x509: certificate signed by unknown authority";
        case X509_V_ERR_CERT_HAS_EXPIRED:
        case X509_V_ERR_CERT_NOT_YET_VALID:
            return "tls: failed to verify certificate: x509: certificate has expired or is not yet valid";
        case X509_V_ERR_HOSTNAME_MISMATCH:
        case X509_V_ERR_IP_ADDRESS_MISMATCH:
            return "tls: failed to verify certificate: x509: certificate is not valid for " + checkedName;
        default:
            return std::string("tls: failed to verify certificate: x509: ") + X509_verify_cert_error_string(verifyResult);
    }
}

struct Target {
    std::string scheme;  // "https" or "http"
    std::string host;    // without brackets
    std::string port;
    std::string prefix;  // path prefix without a trailing '/'
    std::string hostPort() const {
        return (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + port;
    }
};

// A proxy-url's parts: scheme "http" or "socks5", where it listens, and its user and password
// (percent-decoded) if the URL names them.
struct ProxyTarget {
    std::string scheme;
    std::string host;
    std::string port;
    bool hasUser = false;
    std::string user;
    std::string password;
    std::string hostPort() const { return (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + port; }
    // Go's Proxy-Authorization for an http proxy's URL with a user: Basic, as url.User gives it.
    std::string basicAuthorization() const { return "Basic " + util::base64Encode(user + ":" + password); }
};

// `source`: where the URL came from ("proxy-url", "HTTPS_PROXY"), for the errors.
StatusOr<std::optional<ProxyTarget>> parseProxy(const std::string& proxyUrl, const std::string& source) {
    if (proxyUrl.empty()) return std::optional<ProxyTarget>();
    auto parsed = boost::urls::parse_uri(proxyUrl);
    if (!parsed) return Status(StatusCode::InvalidArgument, source + " \"" + proxyUrl + "\" is not a URL");
    ProxyTarget p;
    p.scheme = lower(parsed->scheme());
    if (p.scheme == "https")
        return Status(StatusCode::Unimplemented, source + " \"" + proxyUrl +
                                                     "\": a proxy reached over TLS (https) is not supported yet; an http:// or "
                                                     "socks5:// proxy is");
    if (p.scheme != "http" && p.scheme != "socks5")
        return Status(StatusCode::InvalidArgument, source + " \"" + proxyUrl + "\": unsupported scheme \"" + p.scheme +
                                                       "\", must be http, https, or socks5");
    p.host = std::string(parsed->host_address());
    if (p.host.empty()) return Status(StatusCode::InvalidArgument, source + " \"" + proxyUrl + "\" names no host");
    // Go's default ports for a proxy URL without one (net/http's canonicalAddr).
    p.port = parsed->has_port() ? std::string(parsed->port()) : (p.scheme == "socks5" ? "1080" : "80");
    if (parsed->has_userinfo()) {
        p.hasUser = true;
        p.user = std::string(parsed->user());
        p.password = std::string(parsed->password());
    }
    return std::optional<ProxyTarget>(std::move(p));
}

StatusOr<Target> parseHost(const std::string& hostUrl) {
    if (hostUrl.empty()) return Status(StatusCode::InvalidArgument, "host must be a URL or a host:port pair");
    // client-go's DefaultServerURL: a host without a scheme is https://host.
    std::string text = hostUrl.find("://") == std::string::npos ? "https://" + hostUrl : hostUrl;
    auto parsed = boost::urls::parse_uri(text);
    if (!parsed) return Status(StatusCode::InvalidArgument, "host must be a URL or a host:port pair: \"" + hostUrl + "\"");
    Target t;
    t.scheme = lower(parsed->scheme());
    if (t.scheme != "https" && t.scheme != "http")
        return Status(StatusCode::InvalidArgument, "host \"" + hostUrl + "\": the scheme must be https or http");
    t.host = std::string(parsed->host_address());
    if (t.host.empty()) return Status(StatusCode::InvalidArgument, "host \"" + hostUrl + "\" names no host");
    t.port = parsed->has_port() ? std::string(parsed->port()) : (t.scheme == "https" ? "443" : "80");
    t.prefix = std::string(parsed->encoded_path());
    while (!t.prefix.empty() && t.prefix.back() == '/') t.prefix.pop_back();
    return t;
}

// A client certificate (chain) and key given for one connection (an exec plugin's), loaded into
// its TLS session: the first certificate is the client's, the rest its chain.
Status useClientCertificate(SSL* ssl, const std::string& certPem, const std::string& keyPem) {
    using Bio = std::unique_ptr<BIO, decltype(&BIO_free)>;
    Bio certs(BIO_new_mem_buf(certPem.data(), int(certPem.size())), &BIO_free);
    X509* leaf = PEM_read_bio_X509(certs.get(), nullptr, nullptr, nullptr);
    if (!leaf) return Status(StatusCode::InvalidArgument, "tls: failed to find any PEM data in certificate input");
    const int used = SSL_use_certificate(ssl, leaf);
    X509_free(leaf);
    if (used != 1) return Status(StatusCode::InvalidArgument, "tls: failed to use the client certificate");
    while (X509* next = PEM_read_bio_X509(certs.get(), nullptr, nullptr, nullptr))
        SSL_add0_chain_cert(ssl, next);  // owned by the session from here
    ERR_clear_error();  // the end of the PEM data
    Bio key(BIO_new_mem_buf(keyPem.data(), int(keyPem.size())), &BIO_free);
    EVP_PKEY* pkey = PEM_read_bio_PrivateKey(key.get(), nullptr, nullptr, nullptr);
    if (!pkey) return Status(StatusCode::InvalidArgument, "tls: failed to find any PEM data in key input");
    const int keyUsed = SSL_use_PrivateKey(ssl, pkey);
    EVP_PKEY_free(pkey);
    if (keyUsed != 1 || SSL_check_private_key(ssl) != 1)
        return Status(StatusCode::InvalidArgument, "tls: private key does not match public key");
    return Status::ok();
}

// One connection to the server, with its own I/O context: the calling thread runs it for the
// length of one operation.
class Connection {
public:
    explicit Connection(ssl::context* tls) {
        if (tls) tls_ = std::make_unique<Tls>(io_, *tls);
        else plain_ = std::make_unique<Plain>(io_);
    }

    // Connects (TCP, through the proxy if there is one, then the TLS handshake); the error in Go's
    // words, without the URL.
    Status connect(const Target& target, const ProxyTarget* proxy, const std::string& verifyName, bool insecure,
                   std::chrono::milliseconds timeout, const std::pair<std::string, std::string>* certificate = nullptr) {
        bool done = false;
        beast::error_code ec;
        if (Status st = dial(proxy ? proxy->host : target.host, proxy ? proxy->port : target.port,
                             proxy ? proxy->hostPort() : target.hostPort(), timeout);
            !st.isOk())
            // Go's transport: an error reaching the proxy is a "proxyconnect" one.
            return proxy ? Status(st.code(), "proxyconnect tcp: " + st.message()) : st;
        if (proxy && proxy->scheme == "socks5") {
            if (Status st = socksConnect(target, *proxy, timeout); !st.isOk()) return st;
        } else if (proxy && tls_) {
            if (Status st = httpConnect(target, *proxy, timeout); !st.isOk()) return st;
        }
        if (Tls* tls = tls_.get()) {
            SSL* handle = tls->native_handle();
            if (certificate && !certificate->first.empty())
                if (Status st = useClientCertificate(handle, certificate->first, certificate->second); !st.isOk()) return st;
            if (!isIpAddress(verifyName)) SSL_set_tlsext_host_name(handle, verifyName.c_str());
            if (!insecure) {
                X509_VERIFY_PARAM* param = SSL_get0_param(handle);
                if (isIpAddress(verifyName)) X509_VERIFY_PARAM_set1_ip_asc(param, verifyName.c_str());
                else X509_VERIFY_PARAM_set1_host(param, verifyName.c_str(), 0);
            }
            done = false;
            tls->async_handshake(ssl::stream_base::client, [&](beast::error_code e) {
                ec = e;
                done = true;
            });
            run(done);
            if (ec) {
                if (ec == beast::error::timeout) return Status(StatusCode::DeadlineExceeded, "net/http: TLS handshake timeout");
                const long verify = SSL_get_verify_result(handle);
                if (!insecure && verify != X509_V_OK) return Status(StatusCode::Unavailable, x509Reason(verify, verifyName));
                return Status(StatusCode::Unavailable, "remote error: tls: " + ec.message());
            }
        }
        return Status::ok();
    }

    Status write(http::request<http::string_body>& req, std::chrono::milliseconds timeout) {
        beast::error_code ec;
        bool done = false;
        lowest().expires_after(timeout);
        onStream([&](auto& s) { http::async_write(s, req, [&](beast::error_code e, size_t) { ec = e; done = true; }); });
        run(done);
        return ioStatus(ec);
    }

    // A whole answer.
    StatusOr<http::response<http::string_body>> read(std::chrono::milliseconds timeout) {
        beast::error_code ec;
        bool done = false;
        http::response_parser<http::string_body> parser;
        parser.body_limit(boost::none);
        lowest().expires_after(timeout);
        onStream([&](auto& s) { http::async_read(s, buffer_, parser, [&](beast::error_code e, size_t) { ec = e; done = true; }); });
        run(done);
        if (Status st = ioStatus(ec); !st.isOk()) return st;
        return parser.release();
    }

    // The head of an answer whose body is then read piece by piece (readSome).
    Status readHeader(std::chrono::milliseconds timeout) {
        parser_.emplace();
        parser_->body_limit(boost::none);
        beast::error_code ec;
        bool done = false;
        lowest().expires_after(timeout);
        onStream([&](auto& s) { http::async_read_header(s, buffer_, *parser_, [&](beast::error_code e, size_t) { ec = e; done = true; }); });
        run(done);
        return ioStatus(ec);
    }
    http::response_parser<http::buffer_body>& parser() { return *parser_; }

    // Appends what arrives of the body to `out`; false at its end. No timeout: a watch is open
    // for as long as the server keeps it, and cancel() ends the wait.
    StatusOr<bool> readSome(std::string* out) {
        if (parser_->is_done()) return false;
        char chunk[16384];
        parser_->get().body().data = chunk;
        parser_->get().body().size = sizeof chunk;
        beast::error_code ec;
        bool done = false;
        lowest().expires_never();
        onStream([&](auto& s) { http::async_read_some(s, buffer_, *parser_, [&](beast::error_code e, size_t) { ec = e; done = true; }); });
        run(done);
        out->append(chunk, sizeof chunk - parser_->get().body().size);
        if (ec == http::error::need_buffer) ec = {};
        if (cancelled_) return false;
        if (ec == http::error::end_of_stream || ec == asio::error::eof) return false;
        if (Status st = ioStatus(ec); !st.isOk()) return st;
        return !parser_->is_done() || sizeof chunk != parser_->get().body().size;
    }

    // From another thread: closes the socket so that the operation in progress ends.
    void cancel() {
        cancelled_ = true;
        asio::post(io_, [this] {
            beast::error_code ignored;
            lowest().socket().shutdown(tcp::socket::shutdown_both, ignored);
            lowest().close();
        });
    }

private:
    // TCP to host:port (`shown` as Go prints the address).
    Status dial(const std::string& host, const std::string& port, const std::string& shown, std::chrono::milliseconds timeout) {
        beast::error_code ec;
        tcp::resolver resolver(io_);
        auto endpoints = resolver.resolve(host, port, ec);
        if (ec) return Status(StatusCode::Unavailable, "dial tcp: lookup " + host + ": " + ec.message());
        lowest().expires_after(timeout);
        bool done = false;
        lowest().async_connect(endpoints, [&](beast::error_code e, const tcp::endpoint&) {
            ec = e;
            done = true;
        });
        run(done);
        if (ec) {
            if (ec == beast::error::timeout) return Status(StatusCode::DeadlineExceeded, "dial tcp " + shown + ": i/o timeout");
            const std::string what = ec == asio::error::connection_refused ? "connect: connection refused" : "connect: " + ec.message();
            return Status(StatusCode::Unavailable, "dial tcp " + shown + ": " + what);
        }
        keepAlive();
        return Status::ok();
    }

    // TCP keep-alive as Go's dialer sets it for client-go (KeepAlive: 30 s, both the idle time and
    // the probes' interval): a connection whose other end is gone — a laptop that slept, a cable
    // pulled, a server restarted behind a NAT — is found dead by the kernel instead of leaving a
    // watch waiting for ever on an answer that cannot come.
    void keepAlive() {
        auto& socket = lowest().socket();
        beast::error_code ignored;
        socket.set_option(asio::socket_base::keep_alive(true), ignored);
        const int seconds = 30;
        ::setsockopt(socket.native_handle(), IPPROTO_TCP, TCP_KEEPIDLE, &seconds, sizeof seconds);
        ::setsockopt(socket.native_handle(), IPPROTO_TCP, TCP_KEEPINTVL, &seconds, sizeof seconds);
    }

    // An http proxy's tunnel to the server (RFC 9110's CONNECT), asked as Go's transport asks it;
    // an answer other than 200 fails with its reason phrase, as Go reports it ("Forbidden",
    // "Proxy Authentication Required").
    Status httpConnect(const Target& target, const ProxyTarget& proxy, std::chrono::milliseconds timeout) {
        http::request<http::empty_body> req{http::verb::connect, target.hostPort(), 11};
        req.set(http::field::host, target.hostPort());
        if (proxy.hasUser) req.set(http::field::proxy_authorization, proxy.basicAuthorization());
        beast::error_code ec;
        bool done = false;
        lowest().expires_after(timeout);
        http::async_write(lowest(), req, [&](beast::error_code e, size_t) { ec = e; done = true; });
        run(done);
        if (ec) return Status(StatusCode::Unavailable, "proxyconnect tcp: " + ioStatus(ec).message());
        http::response_parser<http::empty_body> parser;
        parser.skip(true);  // a CONNECT's answer has no body: the tunnel follows it
        done = false;
        http::async_read_header(lowest(), buffer_, parser, [&](beast::error_code e, size_t) { ec = e; done = true; });
        run(done);
        if (ec) return Status(StatusCode::Unavailable, "proxyconnect tcp: " + ioStatus(ec).message());
        const auto& res = parser.get();
        if (res.result_int() != 200) {
            const std::string reason(res.reason());
            return Status(res.result_int() == 407 ? StatusCode::Unauthenticated : StatusCode::Unavailable,
                          reason.empty() ? std::string("unknown status code") : reason);
        }
        if (buffer_.size() != 0) return Status(StatusCode::Unavailable, "proxyconnect tcp: the proxy sent data before the tunnel was used");
        return Status::ok();
    }

    // A SOCKS5 proxy's connection to the server (RFC 1928; with a user, RFC 1929's username and
    // password), the server named by its host name as Go's dialer names it. Errors as Go's
    // internal/socks words them: "socks connect tcp PROXY->SERVER: unknown error connection refused".
    Status socksConnect(const Target& target, const ProxyTarget& proxy, std::chrono::milliseconds timeout) {
        const std::string where = "socks connect tcp " + proxy.hostPort() + "->" + target.hostPort() + ": ";
        auto failed = [&](const std::string& what) { return Status(StatusCode::Unavailable, where + what); };
        lowest().expires_after(timeout);
        std::string greeting = proxy.hasUser ? std::string("\x05\x02\x00\x02", 4) : std::string("\x05\x01\x00", 3);
        std::string answer;
        if (Status st = exchange(greeting, 2, &answer); !st.isOk()) return failed(st.message());
        if (answer[0] != 0x05) return failed("unexpected protocol version " + std::to_string(int(uint8_t(answer[0]))));
        const uint8_t method = uint8_t(answer[1]);
        if (method == 0xFF) return failed("no acceptable authentication methods");
        if (method == 0x02) {
            if (!proxy.hasUser || proxy.user.size() > 255 || proxy.password.size() > 255) return failed("unsupported authentication method 2");
            std::string auth;
            auth += char(0x01);
            auth += char(proxy.user.size());
            auth += proxy.user;
            auth += char(proxy.password.size());
            auth += proxy.password;
            if (Status st = exchange(auth, 2, &answer); !st.isOk()) return failed(st.message());
            if (answer[1] != 0x00) return failed("username/password authentication failed");
        } else if (method != 0x00) {
            return failed("unsupported authentication method " + std::to_string(method));
        }
        std::string request("\x05\x01\x00", 3);
        beast::error_code ec;
        const auto ip = asio::ip::make_address(target.host, ec);
        if (!ec && ip.is_v4()) {
            const auto bytes = ip.to_v4().to_bytes();
            request += char(0x01);
            request.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        } else if (!ec) {
            const auto bytes = ip.to_v6().to_bytes();
            request += char(0x04);
            request.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        } else {
            if (target.host.size() > 255) return failed("FQDN too long");
            request += char(0x03);
            request += char(target.host.size());
            request += target.host;
        }
        const int port = std::atoi(target.port.c_str());
        request += char((port >> 8) & 0xFF);
        request += char(port & 0xFF);
        if (Status st = exchange(request, 4, &answer); !st.isOk()) return failed(st.message());
        if (answer[0] != 0x05) return failed("unexpected protocol version " + std::to_string(int(uint8_t(answer[0]))));
        if (answer[1] != 0x00) return failed("unknown error " + socksReply(uint8_t(answer[1])));
        // The address the proxy bound, read and dropped.
        size_t rest = 0;
        switch (uint8_t(answer[3])) {
            case 0x01: rest = 4 + 2; break;
            case 0x04: rest = 16 + 2; break;
            case 0x03: {
                if (Status st = exchange({}, 1, &answer); !st.isOk()) return failed(st.message());
                rest = size_t(uint8_t(answer[0])) + 2;
                break;
            }
            default: return failed("unknown address type " + std::to_string(int(uint8_t(answer[3]))));
        }
        if (Status st = exchange({}, rest, &answer); !st.isOk()) return failed(st.message());
        return Status::ok();
    }

    static std::string socksReply(uint8_t code) {
        switch (code) {
            case 0x01: return "general SOCKS server failure";
            case 0x02: return "connection not allowed by ruleset";
            case 0x03: return "network unreachable";
            case 0x04: return "host unreachable";
            case 0x05: return "connection refused";
            case 0x06: return "TTL expired";
            case 0x07: return "command not supported";
            case 0x08: return "address type not supported";
            default: return "unknown code: " + std::to_string(code);
        }
    }

    // Sends `out` (if any), then reads exactly `in` bytes into `answer`, on the plain socket.
    Status exchange(const std::string& out, size_t in, std::string* answer) {
        beast::error_code ec;
        bool done = false;
        if (!out.empty()) {
            asio::async_write(lowest(), asio::buffer(out), [&](beast::error_code e, size_t) { ec = e; done = true; });
            run(done);
            if (ec) return ioStatus(ec);
        }
        answer->assign(in, '\0');
        done = false;
        asio::async_read(lowest(), asio::buffer(answer->data(), in), [&](beast::error_code e, size_t) { ec = e; done = true; });
        run(done);
        return ioStatus(ec);
    }

    using Plain = beast::tcp_stream;
    using Tls = beast::ssl_stream<beast::tcp_stream>;

    template <typename F>
    void onStream(F&& f) {
        if (tls_) f(*tls_);
        else f(*plain_);
    }
    beast::tcp_stream& lowest() { return tls_ ? beast::get_lowest_layer(*tls_) : *plain_; }
    void run(bool& done) {
        io_.restart();
        while (!done && io_.run_one() > 0) {
        }
    }
    static Status ioStatus(const beast::error_code& ec) {
        if (!ec) return Status::ok();
        if (ec == beast::error::timeout) return Status(StatusCode::DeadlineExceeded, "context deadline exceeded (Client.Timeout exceeded while awaiting headers)");
        if (ec == http::error::end_of_stream || ec == asio::error::eof || ec == ssl::error::stream_truncated)
            return Status(StatusCode::Unavailable, "EOF");
        return Status(StatusCode::Unavailable, ec.message());
    }

    asio::io_context io_;
    std::unique_ptr<Plain> plain_;
    std::unique_ptr<Tls> tls_;
    beast::flat_buffer buffer_;
    std::optional<http::response_parser<http::buffer_body>> parser_;
    std::atomic<bool> cancelled_{false};
};

}  // namespace

std::string Response::header(std::string_view name) const {
    const std::string want = lower(name);
    for (const auto& [k, v] : headers)
        if (lower(k) == want) return v;
    return {};
}

std::string errorMessage(const Response& response) {
    if (auto status = codec::parseJson(response.body); status && status->isObject()) {
        const codec::Value* kind = status->find("kind");
        const codec::Value* message = status->find("message");
        if (kind && kind->isString() && kind->asString() == "Status" && message && message->isString())
            return message->asString();
    }
    std::string body = response.body;
    while (!body.empty() && std::isspace(static_cast<unsigned char>(body.back()))) body.pop_back();
    if (!body.empty()) return body;
    return "the server responded with the status code " + std::to_string(response.status) + " but did not return more information";
}

Status errorStatus(const Response& response) {
    Status out(codeOfHttpStatus(response.status), errorMessage(response));
    auto status = codec::parseJson(response.body);
    if (!status || !status->isObject()) return out;
    auto text = [](const codec::Value* v, const char* key) {
        const codec::Value* x = v ? v->find(key) : nullptr;
        return x && x->isString() ? x->asString() : std::string();
    };
    const codec::Value* code = status->find("code");
    out.setReason(text(&*status, "reason"), code && code->isInt() ? int(code->asInt()) : response.status);
    if (const codec::Value* details = status->find("details"))
        if (const codec::Value* causes = details->find("causes"); causes && causes->isArray())
            for (const auto& c : causes->asArray()) out.addCause({text(&c, "reason"), text(&c, "message"), text(&c, "field")});
    return out;
}

struct RESTClient::Impl {
    Config config;
    Target target;
    std::optional<ProxyTarget> proxy;
    std::optional<ssl::context> tls;
    std::unique_ptr<flowcontrol::TokenBucketRateLimiter> throttle;
    std::mutex mutex;
    std::vector<std::unique_ptr<Connection>> idle;  // kept-alive connections, guarded by mutex
    // The token file's contents as last read, guarded by mutex.
    std::string fileToken;

    std::string verifyName() const { return config.serverName.empty() ? target.host : config.serverName; }

    std::string target_(const Request& request) const {
        boost::urls::url u;
        u.set_path(target.prefix + request.path);
        for (const auto& [k, v] : request.query) u.params().append({k, v});
        return std::string(u.encoded_target());
    }

    StatusOr<std::string> token(const std::string* rejected = nullptr) {
        if (config.tokenSource) return config.tokenSource(rejected);
        if (config.bearerTokenFile.empty()) return config.bearerToken;
        std::ifstream in(config.bearerTokenFile);
        if (!in) {
            std::lock_guard lock(mutex);
            if (!fileToken.empty()) return fileToken;  // as client-go: keep the last token read
            return Status(StatusCode::Unauthenticated, "failed to read token file \"" + config.bearerTokenFile + "\"");
        }
        std::stringstream ss;
        ss << in.rdbuf();
        std::string t = ss.str();
        while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
        std::lock_guard lock(mutex);
        fileToken = t;
        return t;
    }

    StatusOr<http::request<http::string_body>> httpRequest(const Request& request, const std::string* rejected = nullptr) {
        http::request<http::string_body> req;
        req.method_string(request.verb);
        // Through an http proxy, a plain server's request names its whole URL (the proxy sends it
        // on), with the proxy's credentials; an HTTPS one goes through the tunnel as it is.
        const bool forwarded = proxy && proxy->scheme == "http" && !tls;
        req.target(forwarded ? target.scheme + "://" + target.hostPort() + target_(request) : target_(request));
        if (forwarded && proxy->hasUser) req.set(http::field::proxy_authorization, proxy->basicAuthorization());
        req.version(11);
        req.set(http::field::host, target.hostPort());
        req.set(http::field::user_agent, config.userAgent);
        req.set(http::field::accept, request.accept);
        auto bearer = token(rejected);
        if (!bearer) return bearer.status();
        if (!bearer->empty()) {
            req.set(http::field::authorization, "Bearer " + *bearer);
        } else if (!config.username.empty() || !config.password.empty()) {
            req.set(http::field::authorization, "Basic " + util::base64Encode(config.username + ":" + config.password));
        }
        if (!request.contentType.empty()) req.set(http::field::content_type, request.contentType);
        req.body() = request.body;
        req.prepare_payload();
        req.keep_alive(true);
        return req;
    }

    StatusOr<std::unique_ptr<Connection>> connection(bool reuse) {
        if (reuse) {
            std::lock_guard lock(mutex);
            if (!idle.empty()) {
                auto c = std::move(idle.back());
                idle.pop_back();
                return c;
            }
        }
        auto c = std::make_unique<Connection>(tls ? &*tls : nullptr);
        std::optional<std::pair<std::string, std::string>> certificate;
        if (config.certificateSource && tls) {
            auto given = config.certificateSource();
            if (!given) return given.status();
            certificate = std::move(*given);
        }
        if (Status st = c->connect(target, proxy ? &*proxy : nullptr, verifyName(), config.insecure, config.timeout,
                                   certificate ? &*certificate : nullptr);
            !st.isOk())
            return st;
        return c;
    }

    void giveBack(std::unique_ptr<Connection> c) {
        std::lock_guard lock(mutex);
        if (idle.size() < 4) idle.push_back(std::move(c));
    }
};

RESTClient::RESTClient(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
RESTClient::~RESTClient() = default;

const Config& RESTClient::config() const { return impl_->config; }

std::string RESTClient::url(const Request& request) const {
    return impl_->target.scheme + "://" + impl_->target.hostPort() + impl_->target_(request);
}

StatusOr<std::unique_ptr<RESTClient>> RESTClient::create(Config config) {
    auto target = parseHost(config.host);
    if (!target) return target.status();
    // No proxy-url: the environment's (HTTPS_PROXY, NO_PROXY), as Go's transport for client-go.
    const std::string proxyUrl = !config.proxyUrl.empty() ? config.proxyUrl
                                                          : proxyFor(ProxyEnvironment::fromProcess(), target->scheme, target->host, target->port);
    auto proxy = parseProxy(proxyUrl, !config.proxyUrl.empty() ? "proxy-url" : target->scheme == "https" ? "HTTPS_PROXY" : "HTTP_PROXY");
    if (!proxy) return proxy.status();
    auto impl = std::make_unique<Impl>();
    impl->target = *target;
    impl->proxy = std::move(*proxy);
    if (target->scheme == "https") {
        impl->tls.emplace(ssl::context::tls_client);
        auto& tls = *impl->tls;
        tls.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                        ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
        beast::error_code ec;
        if (config.insecure) {
            tls.set_verify_mode(ssl::verify_none);
        } else {
            tls.set_verify_mode(ssl::verify_peer);
            if (config.caData.empty()) tls.set_default_verify_paths(ec);
            else tls.add_certificate_authority(asio::buffer(config.caData), ec);
            if (ec) return Status(StatusCode::InvalidArgument, "unable to load root certificates: unable to parse bytes as PEM block");
        }
        if (!config.certData.empty() || !config.keyData.empty()) {
            if (config.certData.empty() || config.keyData.empty())
                return Status(StatusCode::InvalidArgument, "tls: both a client certificate and its key are needed");
            tls.use_certificate_chain(asio::buffer(config.certData), ec);
            if (ec) return Status(StatusCode::InvalidArgument, "tls: failed to find any PEM data in certificate input");
            tls.use_private_key(asio::buffer(config.keyData), ssl::context::pem, ec);
            if (ec) return Status(StatusCode::InvalidArgument, "tls: failed to find any PEM data in key input");
            if (SSL_CTX_check_private_key(tls.native_handle()) != 1)
                return Status(StatusCode::InvalidArgument, "tls: private key does not match public key");
        }
    }
    impl->throttle = std::make_unique<flowcontrol::TokenBucketRateLimiter>(config.qps, config.burst);
    impl->config = std::move(config);
    return std::unique_ptr<RESTClient>(new RESTClient(std::move(impl)));
}

StatusOr<Response> RESTClient::send(const Request& request) {
    impl_->throttle->accept();
    auto response = sendOnce(request, nullptr);
    // A token source's token refused: it is asked for another, and a safe request goes again.
    if (response && response->status == 401 && impl_->config.tokenSource && (request.verb == "GET" || request.verb == "HEAD")) {
        auto used = impl_->token();
        if (!used) return used.status();
        if (impl_->config.certificateSource) {
            // The refused certificate is the kept-alive connections': new ones present the next.
            std::lock_guard lock(impl_->mutex);
            impl_->idle.clear();
        }
        return sendOnce(request, &*used);
    }
    return response;
}

StatusOr<Response> RESTClient::sendOnce(const Request& request, const std::string* rejected) {
    auto req = impl_->httpRequest(request, rejected);
    const std::string where = request.verb.substr(0, 1) + lower(request.verb.substr(1)) + " \"" + url(request) + "\": ";
    if (!req) return req.status().withContext(where);
    // A kept-alive connection the server has closed meanwhile fails at once: try a new one then,
    // as Go's transport retries a request that could not have reached the server.
    for (int attempt = 0; attempt < 2; ++attempt) {
        auto conn = impl_->connection(attempt == 0);
        if (!conn) return conn.status().withContext(where);
        if (Status st = (*conn)->write(*req, impl_->config.timeout); !st.isOk()) {
            if (attempt == 0) continue;
            return st.withContext(where);
        }
        auto res = (*conn)->read(impl_->config.timeout);
        if (!res) {
            if (attempt == 0 && res.status().message() == "EOF") continue;
            return res.status().withContext(where);
        }
        Response out;
        out.status = int(res->result_int());
        out.contentType = std::string((*res)[http::field::content_type]);
        for (const auto& field : *res) out.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
        out.body = std::move(res->body());
        if (res->keep_alive()) impl_->giveBack(std::move(*conn));
        return out;
    }
    return Status(StatusCode::Unavailable, where + "EOF");
}

namespace {

class StreamingWatch final : public Watch {
public:
    explicit StreamingWatch(std::unique_ptr<Connection> conn) : conn_(std::move(conn)) {}

    StatusOr<std::optional<std::string>> next() override {
        while (true) {
            if (auto nl = pending_.find('\n'); nl != std::string::npos) {
                std::string line = pending_.substr(0, nl);
                pending_.erase(0, nl + 1);
                if (line.empty() || line == "\r") continue;
                return std::optional<std::string>(std::move(line));
            }
            if (ended_) {
                if (pending_.empty()) return std::optional<std::string>();
                std::string last = std::move(pending_);
                pending_.clear();
                return std::optional<std::string>(std::move(last));
            }
            auto more = conn_->readSome(&pending_);
            if (!more) return more.status();
            if (!*more) ended_ = true;
        }
    }

    void cancel() override { conn_->cancel(); }

private:
    std::unique_ptr<Connection> conn_;
    std::string pending_;
    bool ended_ = false;
};

}  // namespace

StatusOr<std::unique_ptr<Watch>> RESTClient::watch(const Request& request) {
    impl_->throttle->accept();
    auto req = impl_->httpRequest(request);
    const std::string where = request.verb.substr(0, 1) + lower(request.verb.substr(1)) + " \"" + url(request) + "\": ";
    if (!req) return req.status().withContext(where);
    auto conn = impl_->connection(false);
    if (!conn) return conn.status().withContext(where);
    if (Status st = (*conn)->write(*req, impl_->config.timeout); !st.isOk()) return st.withContext(where);
    if (Status st = (*conn)->readHeader(impl_->config.timeout); !st.isOk()) return st.withContext(where);
    auto& head = (*conn)->parser().get();
    if (head.result_int() != 200) {
        // The error answer's body is small: read it whole.
        std::string body;
        while (true) {
            auto more = (*conn)->readSome(&body);
            if (!more || !*more) break;
        }
        Response res;
        res.status = int(head.result_int());
        res.body = std::move(body);
        return Status(codeOfHttpStatus(res.status), errorMessage(res));
    }
    return std::unique_ptr<Watch>(new StreamingWatch(std::move(*conn)));
}

StatusCode codeOfHttpStatus(int status) {
    switch (status) {
        case 400: return StatusCode::InvalidArgument;
        case 401: return StatusCode::Unauthenticated;
        case 403: return StatusCode::PermissionDenied;
        case 404: return StatusCode::NotFound;
        case 409: return StatusCode::Aborted;
        case 410: return StatusCode::OutOfRange;  // Expired / Gone
        case 422: return StatusCode::InvalidArgument;
        case 429: return StatusCode::ResourceExhausted;
        default: return status >= 500 ? StatusCode::Unavailable : StatusCode::Unknown;
    }
}


}  // namespace pilothouse::client::rest
