// The journey view's model: every pod's journey records (ControlPlaneClient::journeysSince, read
// incrementally) turned into visits to the diagram's stations, and, for any virtual time t, where
// each pod's token is and what each station is doing. Live or in the past, the answer is a pure
// function of the records (and of the cluster as ClusterState shows it at t): dragging the
// timeline back shows the past exactly.
//
// A pod's visits. Records are mapped to stations (Stations::forStage); consecutive records at one
// station make one visit (the five mutating admission plugins). A pod reaches its next station
// when the stage before it ended (or when its own stage started, if later): the API server's
// stages take modelled time, the kubelet's overlap (the containers stage spans the image pull).
// The token travels there for a short time taken from the record times — kTravelFraction of the
// time it spent at the station it leaves, at most kMaxTravelNanos, never longer than its stay at
// the next — so a stage that took seconds has a visible move and a 0.1 ms admission plugin has
// none. Its first visit is its origin: kubectl, or the controllers for a pod a controller made.
//
// The present. A stage is recorded when it ends, so at the live edge the stage in progress (the
// image being pulled) has no record yet: the token then waits at the station expected next
// (Stations::expectedNext), where the record will put it when it comes.
//
// Failures. A failed record (Forbidden, Invalid, FailedScheduling, ErrImagePull, a node's
// admission refusal) holds the pod in failure from the moment it failed until it gets past that
// station (a later successful step there or further on); the station shows the record's message.
// With a ClusterState, a container waiting in ImagePullBackOff, ErrImagePull or CrashLoopBackOff
// shows the same way (the message from the pod's status, as it was at t), and a crash-looping pod
// goes back to the containers station. A pod being deleted (its termination stage) stays where
// it was, terminating, and leaves the diagram when the kubelet is done; with a ClusterState, a pod
// deleted before a kubelet ran it leaves when it is gone from the cluster.
#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <array>
#include <limits>
#include <string>
#include <vector>

#include "client/control_plane_client.h"
#include "journey/stations.h"
#include "journey/time_ordered.h"

namespace pilothouse::ui {
class ClusterState;
class Timeline;
}  // namespace pilothouse::ui

namespace pilothouse::ui::journey {

class JourneyModel final : public QObject {
    Q_OBJECT
public:
    static constexpr double kTravelFraction = 0.3;
    static constexpr qint64 kMaxTravelNanos = 600'000'000;
    // Records read per poll() at most: a huge backlog is taken in over several frames. They are
    // read kPollBatch at a time, and a poll also stops when its turn's slice is spent (TurnBudget).
    static constexpr size_t kPollLimit = 20'000;
    static constexpr size_t kPollBatch = 500;
    // Tokens at one station beyond which the view shows a count (stationTokens() sorts this many).
    static constexpr int kShownPerStation = 12;

    struct Token {
        int pod = -1;
        Station from = Station::Client;  // from == to: at a station
        Station to = Station::Client;
        float progress = 1.f;    // eased, 0 at `from` .. 1 at `to`
        qint64 arrived = 0;      // when it left for (or reached) `to`: tokens at a station queue in this order
        bool failing = false;    // held by a failed step
        bool terminating = false;
        bool expected = false;   // at the station expected next; its stage is not recorded yet
        bool atStation() const { return from == to; }
    };

    struct StationState {
        int passed = 0;    // pods that reached it, by the time shown
        int here = 0;      // tokens at it now (travelling ones not counted)
        int failures = 0;  // failed steps it recorded, by the time shown
        bool busy = false;  // a pod is here: `activity` is what it is doing; else what it did last
        QString activity;
        QString failure;     // the message of a failed step whose pod it still holds, else empty
        int failingPods = 0;  // pods it holds in failure (wherever their tokens wait)
        int failingHere = 0;  // tokens here that a failure holds
    };

    // `state` may be null (owners then come from pod names; no pod status). The model reads
    // records when the timeline's present moves and starts over when the control plane is
    // replaced; evaluate() is the caller's (the view calls it once per frame).
    JourneyModel(ControlPlaneClient* client, Timeline* timeline, ClusterState* state = nullptr, QObject* parent = nullptr);
    ~JourneyModel() override;

    // Reads the records recorded since the last read, at most `limit` and for at most a slice of
    // the turn; returns how many.
    int poll(size_t limit = kPollLimit);
    // True when records are waiting to be read (the last poll hit its limit or its slice).
    bool backlog() const { return backlog_; }
    // Puts the tokens and stations at virtual time `t` (Unix nanoseconds).
    void evaluate(qint64 t);
    qint64 time() const { return time_; }
    qint64 lastSeq() const { return lastSeq_; }

    // The tokens on the diagram at time(): at stations and travelling.
    const std::vector<Token>& tokens() const { return tokens_; }
    // Indexes into tokens() of those at station `s`, the first min(here, kShownPerStation) in
    // arrival order (the rest unordered).
    const std::vector<int>& stationTokens(Station s) const { return byStation_[size_t(s)]; }
    const StationState& station(Station s) const { return stations_[size_t(s)]; }

    int podCount() const;
    // -1 when no record names the pod.
    int podIndex(const QString& key) const { return index_.value(key, -1); }
    const QString& podKey(int pod) const;
    const QString& podName(int pod) const;
    // Its controller ("ReplicaSet/web-5d4f7c9b8") from the cluster, else guessed from its name;
    // its own name for a pod nobody owns.
    const QString& podOwner(int pod) const;
    // Its token at time(); null when it is not on the diagram.
    const Token* tokenOf(int pod) const;
    // What it is doing at time(), and the message of the step holding it in failure (else empty).
    QString activityOf(int pod) const;
    QString failureOf(int pod) const;
    // The stations it visited up to `t`, in order (a station once per stay): the route the view
    // draws for the selected pod and what the tests compare with the records.
    QList<Station> route(int pod, qint64 t) const;
    // Its journey was read back from a real cluster's records (sim::JourneyStage::observed).
    bool observed(int pod) const;
    // Stations the pod passed between two on its route (by the diagram's way, Stations::
    // expectedNext) that nobody recorded it at: shown as unknown for an observed journey.
    QList<Station> unrecorded(int pod, qint64 t) const;
    // Pods whose journey was observed.
    int observedPods() const { return observedPods_; }

signals:
    // Everything was forgotten (the control plane was replaced); records are read again.
    void modelReset();
    void recordsAdded();
    // Pods' owners changed (their colours): the view repaints their tokens.
    void ownersChanged();

private:
    struct Step;
    struct Visit;
    struct FailSpan;
    struct StatusFailure;
    struct Pod;
    struct Arrival {
        qint64 at;
        int pod;
        int visit;
        bool operator<(const Arrival& o) const { return at < o.at; }
    };

    void clear();
    void ingest(const sim::JourneyRecord& record);
    // A record `replaces`: the pod's visits, steps and failures taken out of every index.
    void forgetJourney(int pod);
    int podFor(const std::string& key);
    void addVisit(int pod, Visit visit);
    void applyStep(int pod, Step step);
    void setOrigin(int pod, Station origin);
    int intern(const std::string& text);
    // A stage's detail, interned, with its phrases when it is Pilothouse's own words.
    int internDetail(const sim::JourneyStage& stage);
    // The detail at `index` as shown: its phrases in the user's language, else the text itself.
    QString detailText(int index) const;
    void onStateReset(const QString& resource);
    void onStateChanged(const QString& resource, const QString& key, const ObjectPtr& object);
    void readPodObject(Pod& pod, const ObjectPtr& object);
    bool hidden(const Pod& pod) const;
    bool place(int podIndex, qint64 t, Token* token, const Visit** visit, bool* pastEnd) const;
    QString describe(int pod, const Visit& visit, qint64 t, bool expected, Station at) const;
    const std::string& text(int index) const { return texts_[size_t(index)]; }

    ControlPlaneClient* client_;
    Timeline* timeline_;
    ClusterState* state_;
    qint64 lastSeq_ = 0;
    bool backlog_ = false;
    qint64 time_ = std::numeric_limits<qint64>::min();

    std::vector<Pod> pods_;
    QHash<QString, int> index_;
    std::vector<std::string> texts_;  // interned details and stage names
    std::vector<std::vector<sim::Phrase>> said_;  // by text index: a detail's phrases (sim/phrase.h)
    QHash<QByteArray, int> textIndex_;

    std::array<TimeOrdered<Arrival>, kStationCount> arrivals_;   // every visit, by arrival
    std::array<TimeOrdered<qint64>, kStationCount> firstArrivals_;  // per pod, its first visit
    std::array<TimeOrdered<qint64>, kStationCount> failTimes_;  // failed steps, by end

    std::vector<Token> tokens_;
    std::vector<int> tokenOfPod_;  // per pod: its index in tokens_, or -1
    std::array<std::vector<int>, kStationCount> byStation_;
    std::array<StationState, kStationCount> stations_;
    // What each station's activity text was made from: rebuilt only when it changes.
    struct ActivityKey {
        int pod = -1;
        int visit = -1;
        int step = -1;
        bool busy = false;
        bool expected = false;
        int extra = 0;
        bool operator==(const ActivityKey&) const = default;
    };
    std::array<ActivityKey, kStationCount> activityKeys_;
    std::array<std::pair<int, int>, kStationCount> failureKeys_;
    int nodeCount_ = 0;
    int observedPods_ = 0;
};

}  // namespace pilothouse::ui::journey
