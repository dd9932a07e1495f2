// The explainer's state: "why is this pod pending?" answered by the scheduler itself
// (scheduler::explainPod) for the selected pod, on the cluster as it is at the moment the timeline
// shows — live, or read back from the store's history. The objects are listed through the client
// on the GUI thread (ControlPlaneClient::listAt); the scheduling attempt runs on a worker thread,
// and a result that a newer selection or moment has overtaken is dropped.
#pragma once

#include <QObject>
#include <QString>

#include <optional>

#include "client/control_plane_client.h"
#include "models/selection_model.h"
#include "models/timeline.h"
#include "scheduler/explainer.h"

class QTimer;

namespace pilothouse::ui {

// What the scheduler reads (scheduler::readForScheduling), listed through the client at a store
// revision; with `withControllers`, also the Deployments, ReplicaSets, ReplicationControllers,
// StatefulSets, DaemonSets and Jobs a what-if's pod-side change is made on. Kinds the control plane
// does not serve are left out.
std::vector<std::shared_ptr<const google::protobuf::Message>> listForScheduling(ControlPlaneClient* client, qint64 revision,
                                                                                bool withControllers = false);
// The resources listForScheduling lists.
QStringList resourcesForScheduling(bool withControllers = false);

class PodExplainer final : public QObject {
    Q_OBJECT
public:
    PodExplainer(ControlPlaneClient* client, Timeline* timeline, SelectionModel* selection, QObject* parent = nullptr);
    ~PodExplainer() override;

    // The pod explained ("namespace/name"), empty when no pod is selected.
    const QString& pod() const { return pod_; }
    // The answer for pod() at the moment shown; unset while it is being computed or on error.
    const std::optional<scheduler::PodExplanation>& explanation() const { return explanation_; }
    const QString& error() const { return error_; }
    bool busy() const { return running_ || pending_ || waitingForLists_; }

    // Explains `podKey` now (tests and screenshots: waits for the answer).
    void explainNow(const QString& podKey);
    // An answer found before the control plane was up (EmbeddedSession::startingExplanation: the
    // pod tried on the objects its control plane is being started with). While the client is
    // Connecting it is the answer for that pod, and no other pod is explained; once connected, the
    // pod is explained again on the control plane.
    void setStartingAnswer(const QString& pod, std::optional<scheduler::PodExplanation> answer, const QString& error);
    // Whether what is shown is that answer.
    bool showsStartingAnswer() const { return showsStartingAnswer_; }
    // While inactive (its view is hidden), changes only mark the answer stale; it is computed when
    // the explainer becomes active again. Active by default.
    void setActive(bool active);

signals:
    // explanation() or error() changed.
    void explained();

private:
    void schedule();
    void start();

    ControlPlaneClient* client_;
    Timeline* timeline_;
    SelectionModel* selection_;
    QTimer* debounce_;
    QString pod_;
    std::optional<scheduler::PodExplanation> explanation_;
    QString error_;
    quint64 generation_ = 0;  // of the request whose answer is wanted
    bool running_ = false;
    bool pending_ = false;    // another request waits for the running one
    bool waitingForLists_ = false;  // until the client has listed what the scheduler reads (hasListed)
    qint64 askedRevision_ = -1;  // the revision the last answer was asked at
    qint64 lastMillis_ = 0;      // how long the last answer took
    bool active_ = true;
    bool stale_ = false;      // asked while inactive
    QString startingPod_;
    std::optional<scheduler::PodExplanation> startingAnswer_;
    QString startingError_;
    bool showsStartingAnswer_ = false;
};

}  // namespace pilothouse::ui
