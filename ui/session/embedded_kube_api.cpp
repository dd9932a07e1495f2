#include "session/embedded_kube_api.h"

#include <QMetaObject>
#include <QThread>

#include <chrono>
#include <cstdlib>
#include <future>

#include "apiserver/endpoints/handler.h"
#include "apiserver/errors.h"
#include "apiserver/server/admin_kubeconfig.h"
#include "apiserver/server/secure_serving.h"
#include "apiserver/server/self_signed_cert.h"
#include "session/embedded_session.h"
#include "util/listen_address.h"

namespace pilothouse::ui {

namespace {


// 503 ServiceUnavailable (apimachinery's NewServiceUnavailable): the control plane is starting,
// or this window's API is stopping.
Status serviceUnavailable(Status status) {
    status.setReason("ServiceUnavailable", 503);
    return status;
}
Status serviceUnavailable(const std::string& message) { return serviceUnavailable(Status(StatusCode::Unavailable, message)); }

}  // namespace

EmbeddedKubeApi::EmbeddedKubeApi(EmbeddedSession& session, QObject* parent) : QObject(parent), session_(session) {
    // Before the old cluster goes, every watch of it ends; clients list and watch again.
    auto endWatches = [this] {
        watches_.endAll(apiserver::newResourceExpired("the simulation was rewound, reset or restarted and its store "
                                                      "started again; list again"));
    };
    connect(&session_, &EmbeddedSession::clusterAboutToBeReplaced, this, endWatches, Qt::DirectConnection);
    connect(&session_, &EmbeddedSession::restarting, this, endWatches, Qt::DirectConnection);
    connect(&session_, &EmbeddedSession::timeChanged, this, &EmbeddedKubeApi::readClock);
    connect(&session_, &EmbeddedSession::clusterReplaced, this, &EmbeddedKubeApi::readClock);
    readClock();
}

EmbeddedKubeApi::~EmbeddedKubeApi() {
    // Whoever listens may be going too (the window's other children): nothing is said on the way out.
    blockSignals(true);
    stop();
}

void EmbeddedKubeApi::readClock() {
    if (session_.isStarted()) now_.store(session_.cluster().clock().nowUnixNanos());
}

Status EmbeddedKubeApi::start(const Options& options) {
    stop();
    auto listen = util::parseListenAddress(options.listenAddress);
    if (!listen) return listen.status().withContext("--kube-api-listen: ");
    if (!util::isLoopback(options.listenAddress))
        return Status(StatusCode::FailedPrecondition,
                      "--kube-api-listen: refusing to serve the Kubernetes API on " + options.listenAddress +
                          ": the GUI's control plane authenticates nobody (every client acts as system:admin), so "
                          "it serves only this machine (127.0.0.1); for students on other machines run "
                          "pilothouse-server --kube-api-listen with --tokens");
    const std::string certDir = options.certDir.empty() ? apiserver::server::defaultStateDir() + "/pki" : options.certDir;
    auto cert = apiserver::server::ensureServingCertificate(certDir, apiserver::server::certificateHosts(listen->host));
    if (!cert) return cert.status().withContext("--kube-api-listen: ");
    auto caPem = apiserver::server::readPem(cert->caFile);
    if (!caPem) return caPem.status();

    stopping_ = false;
    handler_ = std::make_unique<apiserver::endpoints::Handler>(*this, apiserver::endpoints::HandlerOptions{});
    apiserver::server::SecureServingOptions serving;
    serving.listenAddress = options.listenAddress;
    serving.certFile = cert->certFile;
    serving.keyFile = cert->keyFile;
    auto started = apiserver::server::SecureServing::start(*handler_, serving);
    if (!started) {
        handler_.reset();
        return started.status().withContext("--kube-api-listen: ");
    }
    serving_ = std::move(*started);
    const std::string host = apiserver::server::advertisedHost(listen->host);
    const std::string hostPort =
        (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + std::to_string(serving_->port());
    handler_->setServerAddress(hostPort);
    url_ = "https://" + hostPort;
    kubeconfigPath_ = options.kubeconfigPath;
    if (!kubeconfigPath_.empty()) {
        if (Status st = apiserver::server::writeAdminKubeconfig(kubeconfigPath_, url_, *caPem, ""); !st.isOk()) {
            stop();
            return st.withContext("--write-kubeconfig: ");
        }
    }
    emit servingChanged();
    return {};
}

void EmbeddedKubeApi::stop() {
    if (!serving_) return;
    // HTTP threads waiting for the GUI thread give up first: shutdown() joins them.
    stopping_ = true;
    watches_.endAll(serviceUnavailable("the Kubernetes API of this Pilothouse window was stopped"));
    serving_->shutdown();
    serving_.reset();
    handler_.reset();
    url_.clear();
    emit servingChanged();
}

std::string EmbeddedKubeApi::defaultKubeconfigPath() { return apiserver::server::defaultStateDir() + "/kubeconfig"; }

QString EmbeddedKubeApi::url() const { return QString::fromStdString(url_); }

QString EmbeddedKubeApi::kubeconfigPath() const { return QString::fromStdString(kubeconfigPath_); }

QString EmbeddedKubeApi::kubeconfigCommand() const {
    if (url_.empty()) return {};
    if (kubeconfigPath_.empty()) return QStringLiteral("kubectl --server %1 --insecure-skip-tls-verify").arg(url());
    return QStringLiteral("export KUBECONFIG=%1").arg(kubeconfigPath());
}

template <typename T, typename F>
T EmbeddedKubeApi::onGuiThread(F work, T whenStopping) {
    if (QThread::currentThread() == thread()) return work();
    auto promise = std::make_shared<std::promise<T>>();
    std::future<T> answer = promise->get_future();
    QMetaObject::invokeMethod(this, [promise, work]() mutable { promise->set_value(work()); }, Qt::QueuedConnection);
    while (answer.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready)
        if (stopping_) return whenStopping;
    return answer.get();
}

apiserver::Response EmbeddedKubeApi::handle(apiserver::Request request) {
    apiserver::Response stopped;
    stopped.status = serviceUnavailable("the Kubernetes API of this Pilothouse window is stopping");
    return onGuiThread<apiserver::Response>(
        [this, request = std::move(request)]() mutable { return session_.clientRequest(std::move(request)); },
        std::move(stopped));
}

StatusOr<std::unique_ptr<apiserver::WatchStream>> EmbeddedKubeApi::watch(const apiserver::Request& request) {
    using Result = StatusOr<std::unique_ptr<apiserver::WatchStream>>;
    // A move-only answer through a future: carried in a shared_ptr.
    auto answer = onGuiThread<std::shared_ptr<Result>>(
        [this, request] {
            if (!session_.isStarted()) return std::make_shared<Result>(serviceUnavailable(session_.notStarted()));
            auto stream = session_.cluster().apiServer().watch(request);
            if (!stream) return std::make_shared<Result>(stream.status());
            return std::make_shared<Result>(watches_.adopt(std::move(*stream)));
        },
        std::make_shared<Result>(serviceUnavailable("the Kubernetes API of this Pilothouse window is stopping")));
    return std::move(*answer);
}

Status EmbeddedKubeApi::authorize(const std::string& token, apiserver::Attributes attributes) {
    return onGuiThread<Status>(
        [this, token, attributes = std::move(attributes)]() mutable {
            if (!session_.isStarted()) return serviceUnavailable(session_.notStarted());
            return session_.cluster().apiServer().authorizeRequest(token, std::move(attributes));
        },
        serviceUnavailable("the Kubernetes API of this Pilothouse window is stopping"));
}

}  // namespace pilothouse::ui
