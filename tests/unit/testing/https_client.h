// A synchronous HTTPS client for tests and benchmarks (Boost.Beast, HTTP/1.1 keep-alive, the
// server's certificate checked against a CA file), as kubectl talks to an API server it reaches
// without HTTP/2. Throws boost::system::system_error on transport errors.
#pragma once

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <map>
#include <memory>
#include <stdexcept>
#include <string>

namespace pilothouse::testing {

// "https://127.0.0.1:6443" → host and port.
struct HttpsEndpoint {
    std::string host;
    std::string port;
    std::string caFile;  // PEM the server's certificate chains to
    static HttpsEndpoint parse(const std::string& url, const std::string& caFile) {
        const std::string prefix = "https://";
        if (url.rfind(prefix, 0) != 0) throw std::invalid_argument("not an https URL: " + url);
        const std::string hostPort = url.substr(prefix.size());
        const auto colon = hostPort.rfind(':');
        if (colon == std::string::npos) throw std::invalid_argument("no port in " + url);
        return {hostPort.substr(0, colon), hostPort.substr(colon + 1), caFile};
    }
};

inline std::shared_ptr<boost::asio::ssl::context> newTlsContext(const std::string& caFile) {
    auto tls = std::make_shared<boost::asio::ssl::context>(boost::asio::ssl::context::tls_client);
    tls->load_verify_file(caFile);
    tls->set_verify_mode(boost::asio::ssl::verify_peer);
    return tls;
}

class HttpsConnection {
public:
    HttpsConnection(const HttpsEndpoint& endpoint, std::shared_ptr<boost::asio::ssl::context> tls)
        : endpoint_(endpoint), tls_(std::move(tls)), stream_(io_, *tls_) {
        boost::asio::ip::tcp::resolver resolver(io_);
        boost::beast::get_lowest_layer(stream_).connect(resolver.resolve(endpoint_.host, endpoint_.port));
        boost::beast::get_lowest_layer(stream_).socket().set_option(boost::asio::ip::tcp::no_delay(true));
        stream_.set_verify_callback(boost::asio::ssl::host_name_verification(endpoint_.host));
        stream_.handshake(boost::asio::ssl::stream_base::client);
    }
    ~HttpsConnection() {
        boost::beast::error_code ignored;
        boost::beast::get_lowest_layer(stream_).socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
    }

    struct Response {
        int status = 0;
        std::string body;
    };
    // `headers` besides Host, Accept (application/json unless given) and Content-Type.
    Response request(const std::string& method, const std::string& target, const std::string& contentType = {},
                     const std::string& body = {}, const std::map<std::string, std::string>& headers = {}) {
        namespace http = boost::beast::http;
        http::request<http::string_body> req(http::string_to_verb(method), target, 11);
        req.set(http::field::host, endpoint_.host + ":" + endpoint_.port);
        req.set(http::field::accept, "application/json");
        for (const auto& [name, value] : headers) req.set(name, value);
        if (!contentType.empty()) req.set(http::field::content_type, contentType);
        req.keep_alive(true);
        req.body() = body;
        req.prepare_payload();
        http::write(stream_, req);
        http::response_parser<http::string_body> parser;
        parser.body_limit(boost::none);
        http::read(stream_, buffer_, parser);
        auto res = parser.release();
        return {int(res.result_int()), std::move(res.body())};
    }

private:
    HttpsEndpoint endpoint_;
    std::shared_ptr<boost::asio::ssl::context> tls_;
    boost::asio::io_context io_;
    boost::beast::ssl_stream<boost::beast::tcp_stream> stream_;
    boost::beast::flat_buffer buffer_;
};

}  // namespace pilothouse::testing
