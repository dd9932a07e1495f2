// The Kubernetes API over HTTPS for the GUI's embedded control plane — what
// `pilothouse-server --kube-api-listen` serves, from a laptop's GUI: a student's kubectl on the
// same machine drives the cluster the window shows, and each request's journey plays there.
//
// The HTTP layer (apiserver/server/secure_serving.h, apiserver/endpoints/handler.h) runs on its
// own threads; the session lives on the GUI thread, so every request is carried out there (queued
// to this object's thread, the HTTP thread waiting for the answer). Watches are read on the HTTP
// threads and ended (410 Expired: list again) before the cluster is replaced (a rewind, a reset,
// another scenario). Requests keep their bearer token: the embedded control plane has no token
// file, so every client acts as system:admin — which is why only loopback addresses are served.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <string>

#include "remote/api_backend.h"
#include "remote/endable_watches.h"

namespace pilothouse::apiserver::endpoints {
class Handler;
}
namespace pilothouse::apiserver::server {
class SecureServing;
}

namespace pilothouse::ui {

class EmbeddedSession;

class EmbeddedKubeApi final : public QObject, public remote::ApiBackend {
    Q_OBJECT
public:
    explicit EmbeddedKubeApi(EmbeddedSession& session, QObject* parent = nullptr);
    ~EmbeddedKubeApi() override;  // stop()

    struct Options {
        std::string listenAddress = "127.0.0.1:6443";  // loopback only ("127.0.0.1:0" picks a port)
        std::string kubeconfigPath;                     // "" = none written
        std::string certDir;                            // "" = ~/.local/state/pilothouse/pki
    };
    // Starts serving (the CA and serving certificate made on first use, kept in certDir) and
    // writes the kubeconfig. Errors name the flag's value: a non-loopback address, a port in use.
    Status start(const Options& options);
    void stop();
    bool serving() const { return serving_ != nullptr; }
    // "https://127.0.0.1:6443" while serving, else "".
    QString url() const;
    // The kubeconfig written ("" when none).
    QString kubeconfigPath() const;
    // What a student types to use it: `export KUBECONFIG=FILE` (or the server flag when no file).
    QString kubeconfigCommand() const;
    // Where the preferences' serving writes its kubeconfig: $XDG_STATE_HOME/pilothouse/kubeconfig
    // (~/.local/state/pilothouse/kubeconfig).
    static std::string defaultKubeconfigPath();

    // remote::ApiBackend, called on the HTTP threads.
    apiserver::Response handle(apiserver::Request request) override;
    StatusOr<std::unique_ptr<apiserver::WatchStream>> watch(const apiserver::Request& request) override;
    Status authorize(const std::string& token, apiserver::Attributes attributes) override;
    int64_t nowUnixNanos() override { return now_.load(); }

signals:
    void servingChanged();

private:
    // Runs `work` on this object's (the GUI) thread and waits for it; Unavailable once stopping.
    template <typename T, typename F>
    T onGuiThread(F work, T whenStopping);
    void readClock();

    EmbeddedSession& session_;
    std::unique_ptr<apiserver::endpoints::Handler> handler_;
    std::unique_ptr<apiserver::server::SecureServing> serving_;
    remote::EndableWatches watches_;
    std::atomic<int64_t> now_{0};
    std::atomic<bool> stopping_{false};
    std::string url_;
    std::string kubeconfigPath_;
};

}  // namespace pilothouse::ui
