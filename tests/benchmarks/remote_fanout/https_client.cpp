#include "https_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include <chrono>
#include <stdexcept>

#include "api/codec/json.h"
#include "api/codec/proto_json.h"
#include "api/object.h"

namespace pilothouse::benchmarks {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;

namespace {

int64_t steadyNanos() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}


}  // namespace

std::string collectionPath(const api::ResourceType& type) {
    return (type.group.empty() ? "/api/" + type.version : "/apis/" + type.group + "/" + type.version) + "/" + type.resource;
}

// ---- HttpsWatch ----

HttpsWatch::HttpsWatch(net::io_context& io, std::shared_ptr<ssl::context> tls, HttpsEndpoint endpoint,
                       const api::ResourceType& type, int64_t initialObjects)
    : endpoint_(std::move(endpoint)),
      type_(type),
      initialObjects_(initialObjects),
      resolver_(net::make_strand(io)),
      stream_(resolver_.get_executor(), *tls),
      object_(type.newObject()) {
    (void)tls;  // the stream keeps a reference to the context; the caller keeps the context alive
}

void HttpsWatch::start() {
    request_ = http::request<http::empty_body>(http::verb::get, collectionPath(type_) + "?watch=true", 11);
    request_.set(http::field::host, endpoint_.host + ":" + endpoint_.port);
    request_.set(http::field::user_agent, "remote_fanout_benchmark");
    request_.set(http::field::accept, "application/json");
    parser_.body_limit(boost::none);
    onChunk_ = [this](uint64_t, beast::string_view body, beast::error_code&) {
        bytes_.fetch_add(int64_t(body.size()), std::memory_order_relaxed);
        pending_.append(body.data(), body.size());
        size_t start = 0;
        for (size_t nl; (nl = pending_.find('\n', start)) != std::string::npos; start = nl + 1)
            onLine(std::string_view(pending_).substr(start, nl - start));
        pending_.erase(0, start);
        return body.size();
    };
    parser_.on_chunk_body(onChunk_);
    auto self = shared_from_this();
    resolver_.async_resolve(endpoint_.host, endpoint_.port, [self](beast::error_code ec, tcp::resolver::results_type results) {
        if (ec) return self->fail(0);
        beast::get_lowest_layer(self->stream_).async_connect(results, [self](beast::error_code ec, const tcp::endpoint&) {
            if (ec) return self->fail(0);
            self->stream_.async_handshake(ssl::stream_base::client, [self](beast::error_code ec) {
                if (ec) return self->fail(0);
                http::async_write(self->stream_, self->request_, [self](beast::error_code ec, size_t) {
                    if (ec) return self->fail(0);
                    http::async_read_header(self->stream_, self->buffer_, self->parser_, [self](beast::error_code ec, size_t) {
                        if (ec) return self->fail(0);
                        if (self->parser_.get().result_int() != 200) return self->fail(int(self->parser_.get().result_int()));
                        self->readMore();
                    });
                });
            });
        });
    });
}

void HttpsWatch::readMore() {
    auto self = shared_from_this();
    http::async_read_some(stream_, buffer_, parser_, [self](beast::error_code ec, size_t) {
        if (ec || self->parser_.is_done()) return self->fail(200);
        self->readMore();
    });
}

void HttpsWatch::onLine(std::string_view line) {
    auto event = codec::parseJson(line);
    const codec::Value* object = event ? event->find("object") : nullptr;
    const codec::Value* type = event ? event->find("type") : nullptr;
    object_->Clear();
    std::vector<std::string> ignored;
    if (object && type && type->isString() && type->asString() == "ERROR") {
        const codec::Value* code = object->find("code");
        const codec::Value* message = object->find("message");
        std::lock_guard lock(mutex_);
        errorEvent_ = (code && code->isInt() ? std::to_string(code->asInt()) : std::string("?")) + " " +
                      (message && message->isString() ? message->asString() : std::string());
        return;
    }
    if (!object || !type || !type->isString() ||
        !codec::decodeMessage(*object, object_.get(), &ignored).isOk()) {
        decodeErrors_.fetch_add(1, std::memory_order_relaxed);
    } else {
        const int64_t rv = std::strtoll(api::metadata(*object_).resource_version().c_str(), nullptr, 10);
        if (rv > maxRevision_.load(std::memory_order_relaxed)) maxRevision_.store(rv, std::memory_order_relaxed);
    }
    events_.fetch_add(1, std::memory_order_relaxed);
    lastEventNanos_.store(steadyNanos(), std::memory_order_relaxed);
}

void HttpsWatch::fail(int code) {
    std::lock_guard lock(mutex_);
    if (done_) return;
    done_ = true;
    code_ = code;
    beast::error_code ignored;
    beast::get_lowest_layer(stream_).socket().close(ignored);
    doneChanged_.notify_all();
}

std::string HttpsWatch::errorEvent() const {
    std::lock_guard lock(mutex_);
    return errorEvent_;
}

bool HttpsWatch::done() const {
    std::lock_guard lock(mutex_);
    return done_;
}

int HttpsWatch::code() const {
    std::lock_guard lock(mutex_);
    return code_;
}

void HttpsWatch::cancel() {
    auto self = shared_from_this();
    net::post(stream_.get_executor(), [self] { self->fail(499); });
}

void HttpsWatch::waitDone() {
    std::unique_lock lock(mutex_);
    doneChanged_.wait(lock, [&] { return done_; });
}

}  // namespace pilothouse::benchmarks
