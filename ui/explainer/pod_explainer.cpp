#include "explainer/pod_explainer.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPointer>
#include <QThread>
#include <QTimer>

#include <set>

#include "api/scheme.h"
#include "scheduler/apis/config/load.h"
#include "util/thread_priority.h"

namespace pilothouse::ui {

PodExplainer::PodExplainer(ControlPlaneClient* client, Timeline* timeline, SelectionModel* selection, QObject* parent)
    : QObject(parent), client_(client), timeline_(timeline), selection_(selection), debounce_(new QTimer(this)) {
    debounce_->setSingleShot(true);
    debounce_->setInterval(150);  // a burst of changes (a playing simulation) asks once
    connect(debounce_, &QTimer::timeout, this, &PodExplainer::start);
    connect(selection_, &SelectionModel::selectionChanged, this, [this](const ObjectRef& ref) {
        if (ref.resource != QLatin1String("pods")) return;  // a node selected: keep explaining the pod
        pod_ = ref.key();
        explanation_.reset();
        error_.clear();
        emit explained();
        schedule();
    });
    // Time passing changes no answer (no filter or score reads the clock): only what was written.
    // A live view follows the present every second (a live cluster's clock): asked again only when
    // the cluster changed.
    auto onTime = [this] {
        if (timeline_->live() && client_->currentRevision() == askedRevision_) return;
        schedule();
    };
    connect(timeline_, &Timeline::viewChanged, this, onTime);
    connect(timeline_, &Timeline::presentChanged, this, onTime);
    connect(client_, &ControlPlaneClient::controlPlaneReplaced, this, &PodExplainer::schedule);
    connect(client_, &ControlPlaneClient::connectionStateChanged, this, &PodExplainer::schedule);
    // The kinds a live cluster's client was listing for it: asked again once they are in.
    connect(client_, &ControlPlaneClient::listedChanged, this, [this] {
        if (!waitingForLists_) return;
        waitingForLists_ = false;
        schedule();
    });
    if (selection_->selected().resource == QLatin1String("pods")) {
        pod_ = selection_->selected().key();
        schedule();
    }
}

PodExplainer::~PodExplainer() = default;

QStringList resourcesForScheduling(bool withControllers) {
    static const std::set<std::string> controllers = {"Deployment", "ReplicaSet", "ReplicationController",
                                                      "StatefulSet", "DaemonSet", "Job"};
    QStringList out;
    for (const api::ResourceType& type : api::Scheme::instance().types())
        if (scheduler::readForScheduling(type.kind) || (withControllers && controllers.contains(type.kind)))
            out.push_back(QString::fromStdString(type.resource));
    return out;
}

std::vector<std::shared_ptr<const google::protobuf::Message>> listForScheduling(ControlPlaneClient* client, qint64 revision,
                                                                                bool withControllers) {
    std::vector<std::shared_ptr<const google::protobuf::Message>> objects;
    for (const QString& resource : resourcesForScheduling(withControllers)) {
        auto listed = client->listAt(resource, revision);
        if (!listed) continue;  // a kind this control plane does not serve
        for (const auto& o : *listed) objects.push_back(o);
    }
    return objects;
}

void PodExplainer::schedule() {
    if (pod_.isEmpty()) return;
    if (!active_) {
        stale_ = true;
        return;
    }
    // Answers that take long (150,000 pods: seconds) are asked again at most every twice their
    // time, so that a busy cluster's stream of changes leaves the GUI room.
    debounce_->setInterval(int(std::clamp<qint64>(2 * lastMillis_, 150, 30'000)));
    if (!debounce_->isActive()) debounce_->start();
}

void PodExplainer::setActive(bool active) {
    active_ = active;
    if (active_ && stale_) {
        stale_ = false;
        schedule();
    }
}

void PodExplainer::explainNow(const QString& podKey) {
    pod_ = podKey;
    debounce_->stop();
    start();
    while (busy()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (debounce_->isActive()) {
            debounce_->stop();
            start();
        }
    }
}

void PodExplainer::setStartingAnswer(const QString& pod, std::optional<scheduler::PodExplanation> answer, const QString& error) {
    startingPod_ = pod;
    startingAnswer_ = std::move(answer);
    startingError_ = error;
    if (pod_ == pod && client_->connectionState() == ControlPlaneClient::ConnectionState::Connecting) start();
}

void PodExplainer::start() {
    if (pod_.isEmpty()) return;
    if (client_->connectionState() == ControlPlaneClient::ConnectionState::Connecting) {
        // Nothing to list yet: the answer found before the start, or none until connected.
        showsStartingAnswer_ = pod_ == startingPod_;
        explanation_ = showsStartingAnswer_ ? startingAnswer_ : std::nullopt;
        error_ = showsStartingAnswer_ ? startingError_ : QString();
        emit explained();
        return;
    }
    if (running_) {
        pending_ = true;  // asked again when the running one is done
        return;
    }
    pending_ = false;
    // What the scheduler reads, held by the client before it is asked for: a live cluster's kinds
    // no view watches are listed over the network, never on this thread.
    if (timeline_->live() && !client_->hasListed(resourcesForScheduling())) {
        waitingForLists_ = true;
        return;
    }
    waitingForLists_ = false;
    const qint64 revision = timeline_->live() ? client_->currentRevision() : client_->revisionAt(timeline_->viewNanos());
    askedRevision_ = revision;
    auto objects = listForScheduling(client_, revision);
    // The configuration kube-scheduler ran with at that moment.
    auto config = client_->schedulerConfigurationAt(timeline_->live() ? client_->nowNanos() : timeline_->viewNanos());
    running_ = true;
    const quint64 generation = ++generation_;
    const std::string key = pod_.toStdString();
    QPointer<PodExplainer> self(this);
    QElapsedTimer took;
    took.start();
    QThread* worker = QThread::create([self, objects = std::move(objects), config = std::move(config), key, generation, took]() mutable {
        util::lowerThreadPriority(util::kBackgroundNiceness);
        std::shared_ptr<void> leftovers;  // freed after the answer is passed on
        auto result = scheduler::explainPod(objects, key, config, {}, leftovers);
        objects.clear();
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, result = std::move(result), generation, took]() mutable {
                if (!self) return;
                self->running_ = false;
                self->lastMillis_ = took.elapsed();
                if (generation == self->generation_) {
                    self->showsStartingAnswer_ = false;
                    if (result) {
                        self->explanation_ = std::move(*result);
                        self->error_.clear();
                    } else {
                        self->explanation_.reset();
                        self->error_ = QString::fromStdString(result.status().message());
                    }
                    emit self->explained();
                }
                if (self->pending_) self->schedule();  // through the debounce: not back to back
            },
            Qt::QueuedConnection);
        leftovers.reset();
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

}  // namespace pilothouse::ui
