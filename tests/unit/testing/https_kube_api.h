// A control plane serving its Kubernetes API over HTTPS on a loopback port, for the tests of
// clients of real clusters (rest, pager, reflector, cluster snapshots, the GUI's Kubernetes
// client): bearer tokens from a tokens file, objects created as an admin, a serving certificate
// and the PEM of its CA. Serving can stop and start again on the same port over the same control
// plane: a server restarted under its clients.
#pragma once

#include <QTemporaryDir>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "apiserver/endpoints/handler.h"
#include "apiserver/server/secure_serving.h"
#include "apiserver/server/self_signed_cert.h"
#include "client/rest/client.h"
#include "controlplane/control_plane.h"
#include "remote/api_backend.h"
#include "testing/create_manifests.h"

namespace pilothouse::testing {

class HttpsKubeApi {
public:
    // `tokens`: the tokens file's lines ("admin-token,admin,1,\"system:masters\"\n..."); `manifests`
    // are created with `adminToken`. An error's message, or "".
    std::string start(const std::string& tokens, const std::string& manifests, const std::string& adminToken) {
        const std::string tokenFile = dir_.filePath(QStringLiteral("tokens.csv")).toStdString();
        std::ofstream(tokenFile) << tokens;
        controlplane::Options options;
        options.tokenFile = tokenFile;
        auto cp = controlplane::ControlPlane::start(options, clock_);
        if (!cp) return cp.status().message();
        cp_ = std::move(*cp);
        if (!manifests.empty()) createManifests(cp_->apiServer(), manifests.c_str(), adminToken);
        backend_ = std::make_unique<remote::DirectApiBackend>(cp_->apiServer());
        handler_ = std::make_unique<apiserver::endpoints::Handler>(*backend_, apiserver::endpoints::HandlerOptions{});
        auto cert = apiserver::server::ensureServingCertificate(dir_.filePath(QStringLiteral("pki")).toStdString(),
                                                                {"localhost", "127.0.0.1"});
        if (!cert) return cert.status().message();
        certFile_ = cert->certFile;
        keyFile_ = cert->keyFile;
        caFile_ = cert->caFile;
        std::ifstream in(cert->caFile);
        std::stringstream ss;
        ss << in.rdbuf();
        ca_ = ss.str();
        return serve("127.0.0.1:0");
    }

    // The server gone (its connections and watches closed), the control plane kept.
    void stopServing() {
        if (serving_) serving_->shutdown();
        serving_.reset();
    }
    bool serving() const { return serving_ != nullptr; }
    // Serving again on the port it had.
    std::string restartServing() { return serve("127.0.0.1:" + std::to_string(port_)); }

    std::unique_ptr<client::rest::RESTClient> client(const std::string& token) const {
        client::rest::Config c;
        c.host = host();
        c.caData = ca_;
        c.bearerToken = token;
        c.qps = 0;  // tests are not throttled
        auto made = client::rest::RESTClient::create(c);
        if (!made) throw std::runtime_error(made.status().message());
        return std::move(*made);
    }

    std::string host() const { return "https://127.0.0.1:" + std::to_string(port_); }
    const std::string& ca() const { return ca_; }
    const std::string& caFile() const { return caFile_; }
    const QTemporaryDir& dir() const { return dir_; }
    controlplane::ControlPlane& controlPlane() { return *cp_; }
    sim::VirtualClock& clock() { return clock_; }

    ~HttpsKubeApi() { stopServing(); }

private:
    std::string serve(const std::string& address) {
        apiserver::server::SecureServingOptions so;
        so.listenAddress = address;
        so.certFile = certFile_;
        so.keyFile = keyFile_;
        so.authenticates = true;
        so.niceness = 0;
        auto serving = apiserver::server::SecureServing::start(*handler_, so);
        if (!serving) return serving.status().message();
        serving_ = std::move(*serving);
        port_ = serving_->port();
        return {};
    }

    QTemporaryDir dir_;
    sim::VirtualClock clock_;
    std::unique_ptr<controlplane::ControlPlane> cp_;
    std::unique_ptr<remote::DirectApiBackend> backend_;
    std::unique_ptr<apiserver::endpoints::Handler> handler_;
    std::unique_ptr<apiserver::server::SecureServing> serving_;
    std::string certFile_, keyFile_, caFile_, ca_;
    int port_ = 0;
};

}  // namespace pilothouse::testing
