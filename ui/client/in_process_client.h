// ControlPlaneClient over a control plane in this process. Each watched resource gets an informer
// thread that lists and then watches through the API server (never the store directly), re-listing
// when the watch is expired or closed as too slow; results reach the GUI thread as queued signals.
#pragma once

#include <QThread>

#include <atomic>
#include <memory>
#include <vector>

#include "client/control_plane_client.h"
#include "controlplane/control_plane.h"

namespace pilothouse::ui {

class InProcessClient final : public ControlPlaneClient {
    Q_OBJECT
public:
    // `controlPlane` must outlive the client.
    explicit InProcessClient(controlplane::ControlPlane& controlPlane, QObject* parent = nullptr);
    ~InProcessClient() override;

    QString endpoint() const override { return QStringLiteral("embedded"); }
    ConnectionState connectionState() const override { return ConnectionState::Connected; }
    void watchResource(const QString& resource) override;
    qint64 nowNanos() const override;

private:
    void runInformer(const QString& resource);

    controlplane::ControlPlane& controlPlane_;
    std::atomic<bool> stopping_{false};
    std::vector<std::unique_ptr<QThread>> threads_;
};

}  // namespace pilothouse::ui
