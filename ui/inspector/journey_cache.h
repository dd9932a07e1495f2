// Every pod's journey as recorded so far (sim::JourneyRecord), read incrementally from the
// control plane: each update() asks only for the records after the last one seen
// (ControlPlaneClient::journeysSince), a bounded batch at a time so a long history is taken in
// over several turns of the event loop. The simulation being replaced (reset, rewind) starts the
// records again: the cache is cleared and read anew.
//
// A record that `replaces` starts its pod's stages over (observed journeys, client/
// observed_journeys.h).
//
// A pod name can be used again (a deleted pod created anew); its records then hold several
// journeys, each starting with the API server's first stage of its creation request.
#pragma once

#include <QHash>
#include <QObject>
#include <QString>

#include <vector>

#include "client/control_plane_client.h"
#include "models/timeline.h"

namespace pilothouse::ui {

class JourneyCache final : public QObject {
    Q_OBJECT
public:
    // Follows `timeline`'s present (new records are read as the simulation moves).
    JourneyCache(ControlPlaneClient* client, Timeline* timeline, QObject* parent = nullptr);

    // Reads the records after the last one seen, a batch at a time for at most a slice of the
    // turn (TurnBudget); the rest on the next turn.
    void update();
    // Reads until nothing is left (tests and screenshots).
    void updateAll();

    // Every stage recorded for a pod ("namespace/name"), in order recorded.
    const std::vector<sim::JourneyStage>& stagesOf(const QString& pod) const;
    // The first stage of each journey of the pod (indexes into stagesOf), in order.
    std::vector<size_t> journeyStarts(const QString& pod) const;
    qint64 lastSeq() const { return lastSeq_; }

    static constexpr size_t kBatch = 500;

signals:
    // Stages [first, stagesOf(pod).size()) were recorded for `pod`.
    void stagesAppended(const QString& pod, int first);
    // The pod's stages were recorded again from the start (an observed journey redrawn).
    void stagesReplaced(const QString& pod);
    // Everything was forgotten (the control plane was replaced).
    void cleared();

private:
    void clear();
    void take(const std::vector<sim::JourneyRecord>& records);

    ControlPlaneClient* client_;
    QHash<QString, std::vector<sim::JourneyStage>> stages_;
    qint64 lastSeq_ = 0;
    bool morePending_ = false;
};

}  // namespace pilothouse::ui
