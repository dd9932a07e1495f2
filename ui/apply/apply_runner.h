// Runs kubectl apply (or kubectl diff's dry run) over the objects of a manifest through a
// ControlPlaneClient: one object after the other, as kubectl does, each object's requests one at a
// time (kubectl::ObjectApply decides them), never blocking the GUI thread. Deleting the runner
// drops the answers still on their way.
#pragma once

#include <QObject>

#include <memory>
#include <vector>

#include "client/control_plane_client.h"
#include "kubectl/apply.h"

namespace pilothouse::ui::apply {

class ApplyRunner final : public QObject {
    Q_OBJECT
public:
    ApplyRunner(ControlPlaneClient& client, std::vector<kubectl::ApplyObject> objects,
                kubectl::ApplyMode mode, kubectl::DryRun dryRun, QObject* parent = nullptr);

    // Starts sending; objectFinished() follows for every object in order, then finished().
    void start();
    // Stops: no further request is sent, no further signal emitted (answers on their way are
    // dropped).
    void cancel();
    bool isRunning() const { return running_; }
    int count() const { return int(applies_.size()); }
    // The object being worked on (count() once finished).
    int current() const { return current_; }
    const kubectl::ObjectApply& at(int index) const { return *applies_[size_t(index)]; }

signals:
    void objectFinished(int index);
    void finished();

private:
    void step();

    ControlPlaneClient& client_;
    std::vector<std::unique_ptr<kubectl::ObjectApply>> applies_;
    int current_ = 0;
    bool running_ = false;
    bool cancelled_ = false;
};

}  // namespace pilothouse::ui::apply
