// rest.Config's transport and credential fields (client-go, k8s.io/client-go/rest): where the API
// server is and how to reach it and prove who we are. clientcmd resolves a kubeconfig context into
// one; RESTClient (client.h) sends requests with it.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <utility>

#include "util/status.h"

namespace pilothouse::client::rest {

struct Config {
    // The server's URL: "https://host:port" (or http://), possibly with a path prefix.
    std::string host;
    // TLS: the CA bundle that signs the server's certificate (PEM; empty: the system's roots),
    // or no verification at all (insecure-skip-tls-verify). serverName replaces the URL's host in
    // SNI and in the certificate check (tls-server-name).
    std::string caData;
    bool insecure = false;
    std::string serverName;
    // The cluster's proxy-url: "http://[user:password@]host[:port]" (an HTTPS server is reached
    // through a CONNECT tunnel, a plain one by sending the proxy each request's whole URL) or
    // "socks5://[user:password@]host[:port]" (RFC 1928, with RFC 1929's user and password). Empty:
    // the environment's HTTPS_PROXY / HTTP_PROXY / NO_PROXY decide (proxy_from_environment.h).
    std::string proxyUrl;
    // Client certificate authentication: the certificate (chain) and its key, PEM.
    std::string certData;
    std::string keyData;
    // Bearer token, or a file holding it (read again when it changes, as client-go's cached token
    // source does every minute), or basic authentication.
    std::string bearerToken;
    std::string bearerTokenFile;
    std::string username;
    std::string password;
    // A source of bearer tokens that may change (an exec credential plugin's): asked for the token
    // of each request; after a 401 asked again with `rejected` set to the token refused, and a safe
    // request (GET, HEAD) is sent once more with the new one. Used instead of bearerToken when set.
    std::function<StatusOr<std::string>(const std::string* rejected)> tokenSource;
    // A source of client certificates that may change (an exec credential plugin's): asked for the
    // certificate (chain) and key, PEM, as each connection is made, as client-go's
    // GetClientCertificate is at each TLS handshake (both empty: none). Used instead of
    // certData/keyData when set. After a 401 the kept-alive connections are dropped, so the next
    // one presents what the source gives then.
    std::function<StatusOr<std::pair<std::string, std::string>>()> certificateSource;
    std::string userAgent = "pilothouse";
    // Requests (and watches) a second, and how many may go at once: client-go's rest.Config
    // defaults (5 and 10). kubectl raises them to 50 and 300.
    double qps = 5;
    int burst = 10;
    // How long connecting (TCP and TLS) and one request's whole answer may take; a watch's body
    // streams for as long as the server keeps it open.
    std::chrono::milliseconds timeout{std::chrono::seconds(32)};
};

}  // namespace pilothouse::client::rest
