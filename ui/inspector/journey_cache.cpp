#include "inspector/journey_cache.h"

#include <QSet>
#include <QTimer>

#include "apiserver/trace.h"
#include "models/turn_budget.h"

namespace pilothouse::ui {

namespace {
const std::vector<sim::JourneyStage> kNone;
}  // namespace

JourneyCache::JourneyCache(ControlPlaneClient* client, Timeline* timeline, QObject* parent)
    : QObject(parent), client_(client) {
    connect(timeline, &Timeline::presentChanged, this, &JourneyCache::update);
    connect(client_, &ControlPlaneClient::controlPlaneReplaced, this, [this] {
        clear();
        update();
    });
    update();
}

void JourneyCache::clear() {
    stages_.clear();
    lastSeq_ = 0;
    emit cleared();
}

void JourneyCache::update() {
    // In batches until nothing is left or the turn's slice is spent; the rest on the next turn.
    const TurnBudget budget;
    for (;;) {
        const std::vector<sim::JourneyRecord> records = client_->journeysSince(lastSeq_, kBatch);
        if (records.empty()) return;
        take(records);
        if (records.size() < kBatch) return;
        if (budget.spent()) break;
    }
    if (!morePending_) {
        morePending_ = true;
        QTimer::singleShot(0, this, [this] {
            morePending_ = false;
            update();
        });
    }
}

void JourneyCache::take(const std::vector<sim::JourneyRecord>& records) {
    // Grouped by pod so each pod is announced once.
    QHash<QString, int> firstNew;
    std::vector<QString> order;
    QSet<QString> replaced;
    for (const auto& r : records) {
        lastSeq_ = r.seq;
        const QString pod = QString::fromStdString(r.pod);
        auto& stages = stages_[pod];
        if (!firstNew.contains(pod)) {
            firstNew.insert(pod, int(stages.size()));
            order.push_back(pod);
        }
        if (r.replaces) {
            stages.clear();
            replaced.insert(pod);
        }
        stages.push_back(r.stage);
    }
    for (const QString& pod : order) {
        if (replaced.contains(pod)) emit stagesReplaced(pod);
        else emit stagesAppended(pod, firstNew.value(pod));
    }
}

void JourneyCache::updateAll() {
    for (qint64 before = -1; before != lastSeq_;) {
        before = lastSeq_;
        update();
    }
}

const std::vector<sim::JourneyStage>& JourneyCache::stagesOf(const QString& pod) const {
    auto it = stages_.constFind(pod);
    return it == stages_.constEnd() ? kNone : *it;
}

std::vector<size_t> JourneyCache::journeyStarts(const QString& pod) const {
    std::vector<size_t> starts;
    const auto& stages = stagesOf(pod);
    for (size_t i = 0; i < stages.size(); ++i)
        if (i == 0 || stages[i].stage.rfind(apiserver::kStageAuthentication, 0) == 0) {
            if (starts.empty() || starts.back() != i) starts.push_back(i);
        }
    return starts;
}

}  // namespace pilothouse::ui
