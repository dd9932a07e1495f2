// The embedded control plane a GUI runs on when it is not attached to a server: a virtual clock
// advanced in real time by the simulation runner, the control plane on a store (in memory by
// default), and manifests applied through the API server at start (the demo cluster).
#pragma once

#include <QObject>
#include <QElapsedTimer>

#include <memory>

#include "controlplane/control_plane.h"
#include "sim/event_loop.h"
#include "sim/runner.h"
#include "util/status.h"

class QTimer;

namespace pilothouse::ui {

class EmbeddedSession final : public QObject {
    Q_OBJECT
public:
    static StatusOr<std::unique_ptr<EmbeddedSession>> start(const std::string& storePath);
    ~EmbeddedSession() override;

    controlplane::ControlPlane& controlPlane() { return *controlPlane_; }
    sim::EventLoop& loop() { return loop_; }

    // Creates every object of a manifest file (YAML/JSON, multi-document) through the API server,
    // in order. Objects that already exist are left as they are. Errors name file, document and
    // field, and the server's reason.
    Status applyManifests(const QString& path);

private:
    EmbeddedSession();
    sim::EventLoop loop_;
    sim::Runner runner_;
    std::unique_ptr<controlplane::ControlPlane> controlPlane_;
    QTimer* timer_ = nullptr;
    QElapsedTimer wall_;
};

}  // namespace pilothouse::ui
