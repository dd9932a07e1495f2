// A forward proxy for tests of a kubeconfig's proxy-url, on 127.0.0.1 and an ephemeral port, one
// thread per connection. It speaks what client-go's transport asks of a proxy:
//   - HTTP CONNECT (an http:// proxy-url and an https server): "200 Connection established",
//     then the bytes both ways; or the refusal it was told to give ("403 Forbidden"), or 407 when
//     a user is required and the Proxy-Authorization does not name it;
//   - a plain request in absolute form (an http:// proxy-url and an http server): answered by the
//     proxy itself with 200 and an empty JSON object (what it was sent is what the test checks);
//   - SOCKS5 (a socks5:// proxy-url): no authentication, or username and password when a user is
//     required; CONNECT to an IPv4 address or a domain name, then the bytes both ways.
// It records what each client asked (the tunnel's target, the credentials), so a test checks the
// client's side of the conversation; a real kubectl through the same proxy checks the proxy's.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "util/base64.h"

namespace pilothouse::testing {

class ForwardProxy {
public:
    struct Asked {
        std::string protocol;       // "connect", "forward" or "socks5"
        std::string target;         // "host:port", or the absolute URL forwarded
        std::string authorization;  // Proxy-Authorization, or "user:password" given to SOCKS5
    };

    // requiredUser: "user:password" the proxy insists on ("" = anyone). refuseWith: an HTTP status
    // line's code and reason every CONNECT is answered with instead ("" = tunnels are made).
    explicit ForwardProxy(std::string requiredUser = {}, std::string refuseWith = {})
        : requiredUser_(std::move(requiredUser)), refuseWith_(std::move(refuseWith)), acceptor_(io_) {
        using boost::asio::ip::tcp;
        tcp::endpoint at(boost::asio::ip::make_address("127.0.0.1"), 0);
        acceptor_.open(at.protocol());
        acceptor_.set_option(tcp::acceptor::reuse_address(true));
        acceptor_.bind(at);
        acceptor_.listen();
        port_ = acceptor_.local_endpoint().port();
        thread_ = std::thread([this] { acceptLoop(); });
    }
    ~ForwardProxy() {
        stopping_ = true;
        boost::system::error_code ignored;
        acceptor_.close(ignored);
        // Wakes the accept: a connection to ourselves.
        boost::asio::io_context io;
        boost::asio::ip::tcp::socket s(io);
        s.connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<boost::asio::ip::port_type>(port_)}, ignored);
        thread_.join();
        std::lock_guard lock(mutex_);
        for (auto& c : sockets_) c->shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
        for (auto& t : workers_) t.join();
    }
    ForwardProxy(const ForwardProxy&) = delete;
    ForwardProxy& operator=(const ForwardProxy&) = delete;

    int port() const { return port_; }
    // Every tunnel to `host` whatever it asked for (the proxy's own view of a cluster's network:
    // a test's server on 127.0.0.1 stands for one at an address the client cannot reach).
    void routeAllTo(std::string host) {
        std::lock_guard lock(mutex_);
        routeTo_ = std::move(host);
    }
    std::string url(const std::string& scheme, const std::string& userInfo = {}) const {
        return scheme + "://" + (userInfo.empty() ? "" : userInfo + "@") + "127.0.0.1:" + std::to_string(port_);
    }
    std::vector<Asked> asked() const {
        std::lock_guard lock(mutex_);
        return asked_;
    }

private:
    using Socket = boost::asio::ip::tcp::socket;

    void acceptLoop() {
        while (!stopping_) {
            auto socket = std::make_shared<Socket>(io_);
            boost::system::error_code ec;
            acceptor_.accept(*socket, ec);
            if (ec || stopping_) return;
            std::lock_guard lock(mutex_);
            sockets_.push_back(socket);
            workers_.emplace_back([this, socket] { serve(socket); });
        }
    }

    void record(Asked a) {
        std::lock_guard lock(mutex_);
        asked_.push_back(std::move(a));
    }

    void serve(const std::shared_ptr<Socket>& client) {
        namespace http = boost::beast::http;
        boost::system::error_code ec;
        unsigned char first = 0;
        if (client->receive(boost::asio::buffer(&first, 1), Socket::message_peek, ec) != 1 || ec) return;
        if (first == 0x05) return socks(client);
        boost::beast::flat_buffer buffer;
        http::request<http::string_body> req;
        http::read(*client, buffer, req, ec);
        if (ec) return;
        const std::string authorization(req[http::field::proxy_authorization]);
        const bool connect = req.method() == http::verb::connect;
        record({connect ? "connect" : "forward", std::string(req.target()), authorization});
        auto answer = [&](const std::string& statusLine, const std::string& extra = {}) {
            const std::string text = "HTTP/1.1 " + statusLine + "\r\n" + extra + "\r\n";
            boost::asio::write(*client, boost::asio::buffer(text), ec);
        };
        if (!requiredUser_.empty() && authorization != "Basic " + util::base64Encode(requiredUser_))
            return answer("407 Proxy Authentication Required", "Proxy-Authenticate: Basic realm=\"test\"\r\nContent-Length: 0\r\n");
        if (!connect) {
            // The body after the head's blank line: the head's own ends the extra fields.
            const std::string text = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";
            boost::asio::write(*client, boost::asio::buffer(text), ec);
            return;
        }
        if (!refuseWith_.empty()) return answer(refuseWith_, "Content-Length: 0\r\n");
        const std::string target(req.target());
        const auto colon = target.rfind(':');
        auto upstream = dial(target.substr(0, colon), target.substr(colon + 1));
        if (!upstream) return answer("502 Bad Gateway", "Content-Length: 0\r\n");
        answer("200 Connection established");
        relay(client, upstream);
    }

    void socks(const std::shared_ptr<Socket>& client) {
        boost::system::error_code ec;
        auto read = [&](size_t n) {
            std::string s(n, '\0');
            boost::asio::read(*client, boost::asio::buffer(s.data(), n), ec);
            return ec ? std::string() : s;
        };
        auto write = [&](const std::string& s) { boost::asio::write(*client, boost::asio::buffer(s), ec); };
        const std::string head = read(2);
        if (head.size() != 2) return;
        const std::string methods = read(size_t(static_cast<unsigned char>(head[1])));
        const bool offersUser = methods.find('\x02') != std::string::npos;
        std::string given;
        if (!requiredUser_.empty()) {
            if (!offersUser) return write(std::string("\x05\xFF", 2));
            write(std::string("\x05\x02", 2));
            const std::string version = read(2);
            if (version.size() != 2) return;
            const std::string user = read(size_t(static_cast<unsigned char>(version[1])));
            const std::string length = read(1);
            if (length.size() != 1) return;
            const std::string password = read(size_t(static_cast<unsigned char>(length[0])));
            given = user + ":" + password;
            if (given != requiredUser_) return write(std::string("\x01\x01", 2));
            write(std::string("\x01\x00", 2));
        } else {
            write(std::string("\x05\x00", 2));
        }
        const std::string request = read(4);
        if (request.size() != 4) return;
        std::string host;
        if (request[3] == 0x01) {
            const std::string a = read(4);
            if (a.size() != 4) return;
            host = std::to_string(static_cast<unsigned char>(a[0])) + "." + std::to_string(static_cast<unsigned char>(a[1])) + "." +
                   std::to_string(static_cast<unsigned char>(a[2])) + "." + std::to_string(static_cast<unsigned char>(a[3]));
        } else if (request[3] == 0x03) {
            const std::string n = read(1);
            if (n.size() != 1) return;
            host = read(size_t(static_cast<unsigned char>(n[0])));
        } else {
            return write(std::string("\x05\x08\x00\x01\0\0\0\0\0\0", 10));
        }
        const std::string p = read(2);
        if (p.size() != 2) return;
        const int port = static_cast<unsigned char>(p[0]) * 256 + static_cast<unsigned char>(p[1]);
        record({"socks5", host + ":" + std::to_string(port), given});
        auto upstream = dial(host, std::to_string(port));
        if (!upstream) return write(std::string("\x05\x05\x00\x01\0\0\0\0\0\0", 10));
        write(std::string("\x05\x00\x00\x01\x7f\x00\x00\x01\x00\x00", 10));
        relay(client, upstream);
    }

    std::shared_ptr<Socket> dial(std::string host, const std::string& port) {
        {
            std::lock_guard lock(mutex_);
            if (!routeTo_.empty()) host = routeTo_;
        }
        auto s = std::make_shared<Socket>(io_);
        boost::system::error_code ec;
        boost::asio::ip::tcp::resolver resolver(io_);
        auto endpoints = resolver.resolve(host == "localhost" ? "127.0.0.1" : host, port, ec);
        if (ec) return nullptr;
        boost::asio::connect(*s, endpoints, ec);
        if (ec) return nullptr;
        std::lock_guard lock(mutex_);
        sockets_.push_back(s);
        return s;
    }

    // The bytes both ways until either side closes.
    static void relay(const std::shared_ptr<Socket>& a, const std::shared_ptr<Socket>& b) {
        auto pump = [](const std::shared_ptr<Socket>& from, const std::shared_ptr<Socket>& to) {
            char chunk[16384];
            boost::system::error_code ec;
            for (;;) {
                const size_t n = from->read_some(boost::asio::buffer(chunk), ec);
                if (ec || n == 0) break;
                boost::asio::write(*to, boost::asio::buffer(chunk, n), ec);
                if (ec) break;
            }
            to->shutdown(Socket::shutdown_send, ec);
        };
        std::thread back(pump, b, a);
        pump(a, b);
        back.join();
    }

    std::string requiredUser_;
    std::string refuseWith_;
    std::string routeTo_;  // guarded by mutex_
    boost::asio::io_context io_;
    boost::asio::ip::tcp::acceptor acceptor_;
    int port_ = 0;
    std::atomic<bool> stopping_{false};
    std::thread thread_;
    mutable std::mutex mutex_;
    std::vector<Asked> asked_;
    std::vector<std::shared_ptr<Socket>> sockets_;
    std::vector<std::thread> workers_;
};

}  // namespace pilothouse::testing
