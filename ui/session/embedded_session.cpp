#include "session/embedded_session.h"

#include <QFile>
#include <QTimer>

#include "api/codec/manifest.h"
#include "api/object.h"

namespace pilothouse::ui {

EmbeddedSession::EmbeddedSession() : runner_(loop_) {}
EmbeddedSession::~EmbeddedSession() = default;

StatusOr<std::unique_ptr<EmbeddedSession>> EmbeddedSession::start(const std::string& storePath) {
    std::unique_ptr<EmbeddedSession> s(new EmbeddedSession());
    controlplane::Options options;
    options.storePath = storePath;
    auto cp = controlplane::ControlPlane::start(options, s->loop_.clock());
    if (!cp) return cp.status();
    s->controlPlane_ = std::move(*cp);
    s->runner_.setRealTime();
    s->timer_ = new QTimer(s.get());
    s->wall_.start();
    QObject::connect(s->timer_, &QTimer::timeout, s.get(), [raw = s.get()] {
        raw->runner_.advance(std::chrono::nanoseconds(raw->wall_.nsecsElapsed()));
        raw->wall_.restart();
    });
    s->timer_->start(50);
    return s;
}

Status EmbeddedSession::applyManifests(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Status(StatusCode::NotFound, "cannot open \"" + path.toStdString() + "\": " +
                                                file.errorString().toStdString());
    const QByteArray text = file.readAll();
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifests(text.toStdString(), path.toStdString(), &warnings);
    if (!manifests) return manifests.status();
    for (auto& m : *manifests) {
        const auto& meta = api::metadata(*m.object);
        apiserver::Request req;
        req.verb = "create";
        req.token = controlPlane_->loopbackToken();
        req.type = m.type;
        req.namespace_ = meta.namespace_();
        const std::string where = m.location();
        req.body = std::shared_ptr<google::protobuf::Message>(std::move(m.object));
        auto resp = controlPlane_->apiServer().handle(req);
        if (!resp.ok() && resp.status.reason() != "AlreadyExists")
            return resp.status.withContext(where + ": ");
    }
    return {};
}

}  // namespace pilothouse::ui
