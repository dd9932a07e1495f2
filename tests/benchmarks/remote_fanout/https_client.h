// The benchmark's Kubernetes-API watch over HTTPS (HTTP/1.1, Boost.Beast, as kubectl falls back to
// when the server has no HTTP/2), for the fan-out part: it reads a chunked answer event by event
// (the request connection, testing/https_client.h, serves the other parts). Every event line is
// parsed and its object decoded into the typed message, as kubectl's (client-go's) decoder does.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "../../unit/testing/https_client.h"
#include "api/scheme.h"
#include "watch_probe.h"

namespace pilothouse::benchmarks {

using testing::HttpsConnection;
using testing::HttpsEndpoint;
using testing::newTlsContext;

// "/api/v1/pods", "/apis/apps/v1/deployments": a resource's collection in all namespaces.
std::string collectionPath(const api::ResourceType& type);

// GET {collection}?watch=true without a resourceVersion: the current objects as ADDED, then every
// change, one JSON line each. Runs on the given io_context (the caller runs it on its threads).
class HttpsWatch final : public WatchProbe, public std::enable_shared_from_this<HttpsWatch> {
public:
    HttpsWatch(boost::asio::io_context& io, std::shared_ptr<boost::asio::ssl::context> tls, HttpsEndpoint endpoint,
               const api::ResourceType& type, int64_t initialObjects);
    void start();

    const api::ResourceType& type() const override { return type_; }
    bool listed() const override { return events_.load() >= initialObjects_; }
    int64_t events() const override { return events_.load(); }
    int64_t bytes() const override { return bytes_.load(); }
    int64_t maxRevision() const override { return maxRevision_.load(); }
    int64_t decodeErrors() const override { return decodeErrors_.load(); }
    int64_t lastEventNanos() const override { return lastEventNanos_.load(); }
    bool done() const override;
    int code() const override;
    // The Status of an ERROR event the server sent ("" when none): "429 the watcher fell behind ...".
    std::string errorEvent() const;
    void cancel() override;
    void waitDone() override;

private:
    void fail(int code);
    void readMore();
    void onLine(std::string_view line);

    HttpsEndpoint endpoint_;
    const api::ResourceType& type_;
    const int64_t initialObjects_;
    boost::asio::ip::tcp::resolver resolver_;
    boost::beast::ssl_stream<boost::beast::tcp_stream> stream_;
    boost::beast::flat_buffer buffer_;
    boost::beast::http::request<boost::beast::http::empty_body> request_;
    boost::beast::http::response_parser<boost::beast::http::empty_body> parser_;
    std::function<size_t(uint64_t, boost::beast::string_view, boost::beast::error_code&)> onChunk_;
    std::string pending_;  // the part of a line not yet complete
    std::unique_ptr<google::protobuf::Message> object_;
    std::atomic<int64_t> events_{0}, bytes_{0}, maxRevision_{0}, decodeErrors_{0}, lastEventNanos_{0};
    mutable std::mutex mutex_;
    std::condition_variable doneChanged_;
    bool done_ = false;
    int code_ = -1;
    std::string errorEvent_;
};

}  // namespace pilothouse::benchmarks
