// The Kubernetes API over HTTPS (k8s.io/apiserver/pkg/server/secure_serving.go): HTTP/1.1 with
// keep-alive over TLS, by Boost.Beast and Boost.Asio, in front of an endpoints::Handler.
//
//   I/O thread (one, at a lower priority): accept, TLS handshakes, reading requests, writing
//       answers and watch chunks — all asynchronous, so a connection costs no thread
//   worker threads (a few): Handler::serve(), which may wait for the simulation between ticks
//   a watch: its WatchBody notifies the I/O thread, which takes the ready events and writes them
//       as one chunk; one write in flight per connection
//
// Bounds: a request's headers and body must arrive within 30 s (a half-sent request is cut off);
// a body over 3 MiB is answered 413 without being read; a write that does not finish within 60 s
// (a client that stopped reading) closes the connection, and a watch never queues more than the
// store keeps for one watcher (store/watch_hub.h: it is cut off with an ERROR event beyond that).
//
// The rule: a non-loopback address is refused unless requests are authenticated (a token file).
//
// Thread-safety: start() and shutdown() from one thread.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "apiserver/endpoints/handler.h"
#include "util/status.h"

namespace pilothouse::apiserver::server {

struct SecureServingOptions {
    std::string listenAddress = "127.0.0.1:6443";  // HOST:PORT; port 0 picks a free one
    std::string certFile;                            // PEM: the serving certificate (chain)
    std::string keyFile;                             // PEM: its private key
    // --client-ca-file: client certificates this CA signed authenticate their requests as the
    // certificate's CN, in its O groups (kube-apiserver's x509 authenticator). Empty: none asked.
    std::string clientCAFile;
    bool authenticates = false;  // requests are authenticated (required off loopback)
    int workers = 4;             // threads that run the handler
    int niceness = 19;           // added to the threads' nice value (see remote/server.h)
};

class SecureServing {
public:
    // Errors: InvalidArgument (address), FailedPrecondition (non-loopback without
    // authentication), NotFound / InvalidArgument (certificate files), Unavailable (bind).
    // `handler` must outlive the server.
    static StatusOr<std::unique_ptr<SecureServing>> start(endpoints::Handler& handler, const SecureServingOptions& options);
    ~SecureServing();  // shutdown()

    int port() const;
    // "127.0.0.1:6443": the listen host with the bound port.
    const std::string& address() const;
    // Open connections (for tests and the status bar).
    size_t connections() const;

    // Stops accepting, ends every watch and connection, and joins the threads.
    void shutdown();

    class Impl;

private:
    explicit SecureServing(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace pilothouse::apiserver::server
