// RESTClient: HTTP/1.1 requests to a Kubernetes API server (client-go's rest client), over TLS by
// Boost.Beast on OpenSSL: the server's certificate checked against the config's CA bundle (or the
// system's roots) and its host name or IP address; a client certificate, a bearer token (or token
// file) or basic authentication; keep-alive connections reused. A watch streams the answer's body
// one line (one event) at a time.
//
// Errors are worded as client-go's (Go's url.Error: `Get "https://10.0.0.1:6443/api": dial tcp
// 10.0.0.1:6443: connect: connection refused`, `...: tls: failed to verify certificate: x509:
// certificate signed by unknown authority`), so that what a person reads here is what kubectl
// would have told them.
//
// Thread-safety: send() and watch() may be called from several threads at once; a Watch is read
// by one thread and may be cancelled from any.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "client/rest/config.h"
#include "util/status.h"

namespace pilothouse::client::rest {

struct Request {
    std::string verb = "GET";
    std::string path;                                         // "/api/v1/namespaces/default/pods"
    std::vector<std::pair<std::string, std::string>> query;  // percent-encoded by the client
    std::string accept = "application/json";
    std::string contentType;  // with a body
    std::string body;
};

struct Response {
    int status = 0;
    std::string contentType;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
    // The first header of that name (case-insensitive), "" without one.
    std::string header(std::string_view name) const;
};

class Watch {
public:
    virtual ~Watch() = default;
    // The next line of the body (one watch event), or nullopt once the server ended the stream
    // or cancel() was called. An error when the connection failed.
    virtual StatusOr<std::optional<std::string>> next() = 0;
    // From any thread: a next() waiting returns nullopt, and every later one.
    virtual void cancel() = 0;
};

class RESTClient {
public:
    // Refuses a config it cannot use (no host, a URL it cannot parse, a PEM that does not load),
    // naming the field.
    static StatusOr<std::unique_ptr<RESTClient>> create(Config config);
    ~RESTClient();

    // The answer, of any HTTP status; an error only when none came (could not connect, TLS,
    // timeout, the connection dropped).
    StatusOr<Response> send(const Request& request);
    // A watch's answer streamed. A status other than 200 is an error carrying the server's
    // message (its metav1.Status) and the HTTP status as the code.
    StatusOr<std::unique_ptr<Watch>> watch(const Request& request);

    // The request's full URL, as errors show it.
    std::string url(const Request& request) const;
    const Config& config() const;

private:
    // `rejected`: the token a 401 refused (the token source is asked for another).
    StatusOr<Response> sendOnce(const Request& request, const std::string* rejected);
    struct Impl;
    explicit RESTClient(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

// The message of an error answer: its metav1.Status's message when the body is one, else the
// body (trimmed), else the HTTP status's text, as client-go words an unexpected answer.
std::string errorMessage(const Response& response);

// An error answer as a Status: errorMessage()'s text, the code from codeOfHttpStatus, and — when
// the body is a metav1.Status — its reason, code and causes (each cause's reason, message, field).
Status errorStatus(const Response& response);

// An HTTP status as a StatusCode: 401 Unauthenticated, 403 PermissionDenied, 404 NotFound, 409
// Aborted, 410 (Gone, Expired) OutOfRange, 400 and 422 InvalidArgument, 429 ResourceExhausted, 5xx
// Unavailable.
StatusCode codeOfHttpStatus(int status);

}  // namespace pilothouse::client::rest
