#include "journey/journey_model.h"

#include <algorithm>
#include <cmath>

#include "api/object.h"
#include "core_v1.pb.h"
#include "i18n/phrase_text.h"
#include "models/cluster_state.h"
#include "models/timeline.h"
#include "models/turn_budget.h"

namespace pilothouse::ui::journey {

namespace {

constexpr qint64 kNever = std::numeric_limits<qint64>::max();

float easeInOut(double x) {
    x = std::clamp(x, 0.0, 1.0);
    return float(x < 0.5 ? 4 * x * x * x : 1 - std::pow(-2 * x + 2, 3) / 2);
}

// How long the move from a station takes: a fraction of the time spent there, capped, and no
// longer than the stay at the next station.
qint64 travelTime(qint64 stayBefore, qint64 stayAfter) {
    return std::min({qint64(double(stayBefore) * JourneyModel::kTravelFraction), JourneyModel::kMaxTravelNanos,
                     std::max<qint64>(stayAfter, 0)});
}

// A generated name ends in "-" and five characters of utilrand's alphabet (generateName: the
// pods of ReplicaSets, Jobs, DaemonSets).
bool looksGenerated(const QString& name) {
    static const QString alphabet = QStringLiteral("bcdfghjklmnpqrstvwxz2456789");
    if (name.size() < 7 || name[name.size() - 6] != QLatin1Char('-')) return false;
    for (qsizetype i = name.size() - 5; i < name.size(); ++i)
        if (!alphabet.contains(name[i])) return false;
    return true;
}

// A Deployment's ReplicaSet is "<deployment>-<pod-template-hash>".
bool looksLikeTemplateHash(QStringView s) {
    if (s.size() < 6 || s.size() > 10) return false;
    bool digit = false;
    for (QChar c : s) {
        if (!c.isLower() && !c.isDigit()) return false;
        digit = digit || c.isDigit();
    }
    return digit;
}

QString guessOwner(const QString& name) {
    if (!looksGenerated(name)) return name;
    const QString prefix = name.left(name.size() - 6);
    const qsizetype dash = prefix.lastIndexOf(QLatin1Char('-'));
    if (dash > 0 && looksLikeTemplateHash(QStringView(prefix).mid(dash + 1))) return QStringLiteral("ReplicaSet/") + prefix;
    return prefix;
}

bool isImageWait(const std::string& reason) {
    return reason == "ErrImagePull" || reason == "ImagePullBackOff" || reason == "ErrImageNeverPull" ||
           reason == "InvalidImageName";
}

bool isContainerWait(const std::string& reason) {
    return reason == "CrashLoopBackOff" || reason == "CreateContainerConfigError" || reason == "CreateContainerError" ||
           reason == "RunContainerError";
}

QString fromStd(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

struct JourneyModel::Step {
    qint64 start = 0;
    qint64 end = 0;
    int detail = 0;
    int stage = 0;
    Station station = Station::Client;
    bool failed = false;
    bool terminating = false;
    bool observed = false;  // read back from the cluster's records, in its words
};

struct JourneyModel::Visit {
    qint64 arrive = 0;  // when the pod reached the station
    qint64 end = 0;     // when its last step there ended
    int firstStep = -1;  // its steps: [firstStep, lastStep]; none for the origin
    int lastStep = -1;
    Station station = Station::Client;
    bool terminating = false;
    bool failedLast = false;
};

struct JourneyModel::FailSpan {
    qint64 from = 0;
    qint64 until = kNever;
    int step = -1;
    Station station = Station::Client;
};

struct JourneyModel::StatusFailure {
    bool valid = false;
    Station station = Station::Containers;
    QString message;  // "CrashLoopBackOff: back-off 20s restarting failed container=..."
};

struct JourneyModel::Pod {
    QString key;
    QString name;
    QString owner;
    bool ownerKnown = false;  // from the cluster
    bool controlled = false;  // a controller made it
    std::vector<Step> steps;
    std::vector<Visit> visits;
    std::vector<FailSpan> failures;
    quint32 visited = 0;  // stations it reached, a bit each
    QString node;
    QString image;
    qint64 createdRevision = 0;
    bool inState = false;    // in the cluster as ClusterState shows it
    bool seenLive = false;   // it was in the live cluster once
    bool deleting = false;   // the cluster shows a deletionTimestamp
    bool observed = false;   // its journey was read back from a real cluster's records
    StatusFailure status;
};

static_assert(kStationCount <= 32, "Pod::visited is a 32-bit mask");

JourneyModel::JourneyModel(ControlPlaneClient* client, Timeline* timeline, ClusterState* state, QObject* parent)
    : QObject(parent), client_(client), timeline_(timeline), state_(state) {
    texts_.emplace_back();
    textIndex_.insert(QByteArray(), 0);
    connect(client_, &ControlPlaneClient::controlPlaneReplaced, this, [this] {
        clear();
        emit modelReset();
    });
    if (timeline_) connect(timeline_, &Timeline::presentChanged, this, [this] { poll(); });
    if (state_) {
        connect(state_, &ClusterState::reset, this, &JourneyModel::onStateReset);
        connect(state_, &ClusterState::changed, this, &JourneyModel::onStateChanged);
        nodeCount_ = int(state_->objects(QStringLiteral("nodes")).size());
    }
}

JourneyModel::~JourneyModel() = default;

void JourneyModel::clear() {
    lastSeq_ = 0;
    backlog_ = false;
    pods_.clear();
    index_.clear();
    texts_.resize(1);
    said_.clear();
    textIndex_.clear();
    textIndex_.insert(QByteArray(), 0);
    for (auto& a : arrivals_) a.clear();
    for (auto& a : firstArrivals_) a.clear();
    for (auto& a : failTimes_) a.clear();
    tokens_.clear();
    tokenOfPod_.clear();
    for (auto& b : byStation_) b.clear();
    stations_ = {};
    activityKeys_ = {};
    failureKeys_ = {};
    time_ = std::numeric_limits<qint64>::min();
    observedPods_ = 0;
}

int JourneyModel::poll(size_t limit) {
    // In batches, until `limit` records or the turn's slice: a second of a busy cluster's records
    // is not taken in one go.
    const TurnBudget budget;
    size_t read = 0;
    backlog_ = false;
    while (read < limit) {
        const size_t want = std::min(kPollBatch, limit - read);
        const auto records = client_->journeysSince(lastSeq_, want);
        for (const auto& r : records) {
            // A gap (or an older seq) means another control plane: start over from its first record.
            if (r.seq != lastSeq_ + 1) {
                clear();
                emit modelReset();
                return 0;
            }
            ingest(r);
            lastSeq_ = r.seq;
        }
        read += records.size();
        if (records.size() < want) break;
        if (read >= limit || budget.spent()) {
            backlog_ = true;
            break;
        }
    }
    if (read > 0) emit recordsAdded();
    return int(read);
}

int JourneyModel::intern(const std::string& text) {
    const QByteArray key = QByteArray::fromRawData(text.data(), qsizetype(text.size()));
    auto it = textIndex_.constFind(key);
    if (it != textIndex_.constEnd()) return it.value();
    const int index = int(texts_.size());
    texts_.push_back(text);
    textIndex_.insert(QByteArray(text.data(), qsizetype(text.size())), index);
    return index;
}

int JourneyModel::internDetail(const sim::JourneyStage& stage) {
    const int index = intern(stage.detail);
    if (!stage.phrases.empty()) {
        if (said_.size() <= size_t(index)) said_.resize(size_t(index) + 1);
        said_[size_t(index)] = stage.phrases;
    }
    return index;
}

QString JourneyModel::detailText(int index) const {
    if (size_t(index) < said_.size() && !said_[size_t(index)].empty()) return i18n::phrasesText(said_[size_t(index)]);
    return fromStd(text(index));
}

int JourneyModel::podFor(const std::string& key) {
    const QString k = fromStd(key);
    auto it = index_.constFind(k);
    if (it != index_.constEnd()) return it.value();
    const int index = int(pods_.size());
    Pod pod;
    pod.key = k;
    const qsizetype slash = k.indexOf(QLatin1Char('/'));
    pod.name = slash < 0 ? k : k.mid(slash + 1);
    pod.owner = guessOwner(pod.name);
    pod.controlled = looksGenerated(pod.name);
    pods_.push_back(std::move(pod));
    index_.insert(k, index);
    if (state_) {
        if (ObjectPtr object = state_->object(ObjectRef::pod(k))) {
            pods_.back().inState = true;
            pods_.back().seenLive = state_->live();
            readPodObject(pods_.back(), object);
        }
    }
    return index;
}

void JourneyModel::addVisit(int p, Visit visit) {
    Pod& pod = pods_[size_t(p)];
    const auto s = size_t(visit.station);
    const int index = int(pod.visits.size());
    if (!visit.terminating) {
        arrivals_[s].add(Arrival{visit.arrive, p, index});
        if (!(pod.visited & (1u << s))) {
            pod.visited |= 1u << s;
            firstArrivals_[s].add(visit.arrive);
        }
    }
    pod.visits.push_back(visit);
}

void JourneyModel::setOrigin(int p, Station origin) {
    Pod& pod = pods_[size_t(p)];
    if (pod.visits.empty() || pod.visits.front().firstStep >= 0 || pod.visits.front().station == origin) return;
    Visit& v = pod.visits.front();
    const auto from = size_t(v.station), to = size_t(origin);
    auto& arrivals = arrivals_[from].values();
    arrivals.erase(std::remove_if(arrivals.begin(), arrivals.end(),
                                  [p](const Arrival& a) { return a.pod == p && a.visit == 0; }),
                   arrivals.end());
    auto& first = firstArrivals_[from].values();
    if (auto it = std::lower_bound(first.begin(), first.end(), v.arrive); it != first.end() && *it == v.arrive)
        first.erase(it);
    pod.visited &= ~(1u << from);
    v.station = origin;
    arrivals_[to].add(Arrival{v.arrive, p, 0});
    if (!(pod.visited & (1u << to))) {
        pod.visited |= 1u << to;
        firstArrivals_[to].add(v.arrive);
    }
}

void JourneyModel::forgetJourney(int p) {
    Pod& pod = pods_[size_t(p)];
    auto eraseOne = [](std::vector<qint64>& v, qint64 at) {
        if (auto it = std::lower_bound(v.begin(), v.end(), at); it != v.end() && *it == at) v.erase(it);
    };
    quint32 first = 0;
    for (const Visit& v : pod.visits) {
        if (v.terminating) continue;
        const auto s = size_t(v.station);
        auto& arrivals = arrivals_[s].values();
        auto it = std::lower_bound(arrivals.begin(), arrivals.end(), v.arrive,
                                   [](const Arrival& a, qint64 at) { return a.at < at; });
        for (; it != arrivals.end() && it->at == v.arrive; ++it)
            if (it->pod == p) {
                arrivals.erase(it);
                break;
            }
        if (!(first & (1u << s))) {
            first |= 1u << s;
            eraseOne(firstArrivals_[s].values(), v.arrive);
        }
    }
    for (const Step& step : pod.steps)
        if (step.failed) eraseOne(failTimes_[size_t(step.station)].values(), step.end);
    pod.steps.clear();
    pod.visits.clear();
    pod.failures.clear();
    pod.visited = 0;
    // What the stations said may have come from this pod's visits: said again.
    activityKeys_ = {};
    failureKeys_ = {};
}

void JourneyModel::ingest(const sim::JourneyRecord& record) {
    const auto& st = record.stage;
    if (record.replaces) {
        const int known = podIndex(QString::fromStdString(record.pod));
        if (known >= 0) forgetJourney(known);
    }
    const StageMapping mapping = Stations::forStage(st.stage, st.detail, st.failed);
    if (mapping.count == 0 && !mapping.terminating) return;  // a stage the diagram does not show
    const int p = podFor(record.pod);
    Pod& pod = pods_[size_t(p)];
    if (st.observed && !pod.observed) {
        pod.observed = true;
        ++observedPods_;
    }
    const qint64 start = sim::toUnixNanos(st.start);
    const qint64 end = std::max<qint64>(sim::toUnixNanos(st.end), start);
    Step step;
    step.detail = internDetail(st);
    step.stage = intern(st.stage);
    step.failed = st.failed;
    step.observed = st.observed;

    for (const sim::Phrase& said : st.phrases) {
        if (said.id == sim::Phrase::Id::Bound) pod.node = fromStd(said.arg(1));
        if (said.id == sim::Phrase::Id::Stored && mapping.count > 0 && mapping.stations[0] == Station::Etcd)
            pod.createdRevision = std::atoll(said.arg(2).c_str());
    }

    if (mapping.terminating) {
        // Deleted: the pod stays where it was, terminating, until the kubelet is done.
        if (pod.visits.empty()) return;
        const Visit& last = pod.visits.back();
        step.station = last.station;
        step.start = start;
        step.end = end;
        step.terminating = true;
        pod.steps.push_back(step);
        Visit v;
        v.arrive = std::max(start, last.arrive);
        v.end = std::max(end, v.arrive);
        v.firstStep = v.lastStep = int(pod.steps.size()) - 1;
        v.station = last.station;
        v.terminating = true;
        addVisit(p, v);
        return;
    }

    const bool fromClient = mapping.count == 1 && mapping.stations[0] == Station::Client;
    if (pod.visits.empty() || pod.visits.back().terminating) {
        // A new journey: from kubectl, or from the controller that made the pod.
        Visit origin;
        origin.arrive = origin.end = pod.visits.empty() ? start : std::max(start, pod.visits.back().end);
        origin.station = pod.controlled ? Station::Controllers : Station::Client;
        if (fromClient) {
            // The request as the client sent it ("kubectl apply: POST /api/v1/..."): the origin's step.
            step.station = Station::Client;
            step.start = step.end = origin.arrive;
            pod.steps.push_back(step);
            origin.station = Station::Client;
            origin.firstStep = origin.lastStep = int(pod.steps.size()) - 1;
        }
        addVisit(p, origin);
        if (fromClient) return;
    }
    if (fromClient) return;  // a client record within a journey (not its start) adds no visit

    // A scheduling attempt that placed the pod: filter for the first half, score for the rest.
    const qint64 mid = start + (end - start) / 2;
    for (int i = 0; i < mapping.count; ++i) {
        Step s = step;
        s.station = mapping.stations[i];
        s.start = mapping.count == 2 && i == 1 ? mid : start;
        s.end = mapping.count == 2 && i == 0 ? mid : end;
        applyStep(p, s);
    }
}

void JourneyModel::applyStep(int p, Step step) {
    Pod& pod = pods_[size_t(p)];
    const int index = int(pod.steps.size());
    pod.steps.push_back(step);
    Visit& last = pod.visits.back();
    if (last.station == step.station && !last.terminating && last.firstStep >= 0) {
        last.lastStep = index;
        last.end = std::max(last.end, step.end);
        last.failedLast = step.failed;
    } else {
        Visit v;
        // It gets here when the stage before ended (or when this one started, if later).
        v.arrive = std::max({step.start, last.end, last.arrive});
        v.end = std::max(step.end, v.arrive);
        v.firstStep = v.lastStep = index;
        v.station = step.station;
        v.failedLast = step.failed;
        addVisit(p, v);
    }
    if (step.failed) {
        failTimes_[size_t(step.station)].add(step.end);
        pod.failures.push_back({step.end, kNever, index, step.station});
    } else {
        // Past the station that failed it (or further on): the failure is over.
        for (auto& f : pod.failures)
            if (f.until == kNever && Stations::order(f.station) <= Stations::order(step.station))
                f.until = std::max(step.start, f.from);
    }
}

void JourneyModel::readPodObject(Pod& pod, const ObjectPtr& object) {
    const auto& p = static_cast<const k8s::io::api::core::v1::Pod&>(*object);
    for (const auto& ref : p.metadata().owner_references()) {
        if (!ref.controller()) continue;
        const QString owner = fromStd(ref.kind()) + QLatin1Char('/') + fromStd(ref.name());
        pod.ownerKnown = true;
        pod.controlled = true;
        pod.owner = owner;
        break;
    }
    if (!pod.ownerKnown) {
        pod.ownerKnown = true;
        pod.controlled = false;
        pod.owner = pod.name;
    }
    pod.deleting = p.metadata().has_deletion_timestamp();
    if (p.spec().containers_size() > 0) pod.image = fromStd(p.spec().containers(0).image());
    if (pod.node.isEmpty() && !p.spec().node_name().empty()) pod.node = fromStd(p.spec().node_name());
    pod.status = {};
    auto look = [&pod](const auto& statuses) {
        for (const auto& cs : statuses) {
            if (!cs.state().has_waiting()) continue;
            const std::string& reason = cs.state().waiting().reason();
            const bool image = isImageWait(reason);
            if (!image && !isContainerWait(reason)) continue;
            pod.status.valid = true;
            pod.status.station = image ? Station::ImagePull : Station::Containers;
            pod.status.message = fromStd(reason);
            if (!cs.state().waiting().message().empty())
                pod.status.message += QStringLiteral(": ") + fromStd(cs.state().waiting().message());
            return;
        }
    };
    look(p.status().init_container_statuses());
    if (!pod.status.valid) look(p.status().container_statuses());
}

void JourneyModel::onStateReset(const QString& resource) {
    if (resource == QLatin1String("nodes")) {
        nodeCount_ = int(state_->objects(resource).size());
        return;
    }
    if (resource != QLatin1String("pods")) return;
    const auto& objects = state_->objects(resource);
    const bool live = state_->live();
    for (size_t i = 0; i < pods_.size(); ++i) {
        Pod& pod = pods_[i];
        const ObjectPtr object = objects.value(pod.key);
        pod.inState = object != nullptr;
        if (!object) {
            pod.status = {};
            pod.deleting = false;
            continue;
        }
        if (live) pod.seenLive = true;
        const bool wasControlled = pod.controlled;
        readPodObject(pod, object);
        if (pod.controlled != wasControlled) setOrigin(int(i), pod.controlled ? Station::Controllers : Station::Client);
    }
    emit ownersChanged();
}

void JourneyModel::onStateChanged(const QString& resource, const QString& key, const ObjectPtr& object) {
    if (resource == QLatin1String("nodes")) {
        nodeCount_ = int(state_->objects(resource).size());
        return;
    }
    if (resource != QLatin1String("pods")) return;
    const int p = podIndex(key);
    if (p < 0) return;
    Pod& pod = pods_[size_t(p)];
    pod.inState = object != nullptr;
    if (!object) {
        pod.status = {};
        pod.deleting = false;
        return;
    }
    pod.seenLive = true;
    const QString owner = pod.owner;
    const bool wasControlled = pod.controlled;
    readPodObject(pod, object);
    if (pod.controlled != wasControlled) setOrigin(p, pod.controlled ? Station::Controllers : Station::Client);
    if (pod.owner != owner) emit ownersChanged();
}

bool JourneyModel::hidden(const Pod& pod) const {
    if (!state_ || pod.inState) return false;
    // Gone from the cluster (deleted before a kubelet ran it, or its termination not yet read).
    if (state_->live()) return pod.seenLive;
    return pod.createdRevision > 0 && pod.createdRevision <= state_->revision();
}

bool JourneyModel::place(int p, qint64 t, Token* tok, const Visit** at, bool* expected) const {
    const Pod& pod = pods_[size_t(p)];
    const auto& v = pod.visits;
    if (v.empty() || t < v.front().arrive) return false;
    const auto it = std::upper_bound(v.begin(), v.end(), t, [](qint64 time, const Visit& x) { return time < x.arrive; });
    const size_t k = size_t(it - v.begin()) - 1;
    const Visit& cur = v[k];
    const bool last = k + 1 == v.size();
    *at = &cur;
    *expected = false;
    tok->pod = p;
    tok->terminating = cur.terminating;
    tok->expected = false;
    tok->progress = 1.f;
    if (cur.terminating) {
        if (t >= cur.end) return false;  // deleted: off the diagram until it is created again
        tok->from = tok->to = cur.station;
        tok->arrived = cur.arrive;
        return true;
    }
    std::optional<Station> next;
    if (last) {
        const Step* s = cur.lastStep >= 0 ? &pod.steps[size_t(cur.lastStep)] : nullptr;
        next = Stations::expectedNext(cur.station, s && s->failed, s ? text(s->detail) : std::string());
        if (next == cur.station) next.reset();
    }
    if (next && t >= cur.end) {
        // Its next stage is in progress and not recorded yet: it is on its way to, or at, the
        // station expected next.
        const qint64 d = travelTime(cur.end - cur.arrive, kNever);
        tok->from = cur.station;
        tok->to = *next;
        tok->arrived = cur.end;
        tok->expected = true;
        *expected = true;
        if (d > 0 && t - cur.end < d) tok->progress = easeInOut(double(t - cur.end) / double(d));
        else tok->from = tok->to;
        return true;
    }
    tok->to = cur.station;
    tok->from = cur.station;
    tok->arrived = cur.arrive;
    if (k > 0 && !v[k - 1].terminating && v[k - 1].station != cur.station) {
        const qint64 stay = last ? (next ? cur.end - cur.arrive : kNever) : v[k + 1].arrive - cur.arrive;
        const qint64 d = travelTime(cur.arrive - v[k - 1].arrive, stay);
        if (d > 0 && t - cur.arrive < d) {
            tok->from = v[k - 1].station;
            tok->progress = easeInOut(double(t - cur.arrive) / double(d));
        }
    }
    return true;
}

int JourneyModel::podCount() const { return int(pods_.size()); }
const QString& JourneyModel::podKey(int pod) const { return pods_[size_t(pod)].key; }
const QString& JourneyModel::podName(int pod) const { return pods_[size_t(pod)].name; }
const QString& JourneyModel::podOwner(int pod) const { return pods_[size_t(pod)].owner; }

const JourneyModel::Token* JourneyModel::tokenOf(int pod) const {
    if (pod < 0 || size_t(pod) >= tokenOfPod_.size() || tokenOfPod_[size_t(pod)] < 0) return nullptr;
    return &tokens_[size_t(tokenOfPod_[size_t(pod)])];
}

void JourneyModel::evaluate(qint64 t) {
    time_ = t;
    tokens_.clear();
    tokenOfPod_.assign(pods_.size(), -1);
    for (auto& b : byStation_) b.clear();
    struct Newest {
        qint64 at = std::numeric_limits<qint64>::min();
        int pod = -1;
        int visit = -1;
        bool expected = false;
    };
    std::array<Newest, kStationCount> newest;
    struct Failing {
        qint64 from = std::numeric_limits<qint64>::min();
        int pod = -1;
        int step = -1;  // -1: from the pod's status
        int count = 0;
    };
    std::array<Failing, kStationCount> failing;
    std::array<int, kStationCount> expectedArrivals{};
    std::array<int, kStationCount> failingHere{};

    for (size_t p = 0; p < pods_.size(); ++p) {
        const Pod& pod = pods_[p];
        if (pod.visits.empty() || hidden(pod)) continue;
        Token tok;
        const Visit* visit = nullptr;
        bool expected = false;
        if (!place(int(p), t, &tok, &visit, &expected)) continue;
        // A failed step still holding it.
        const FailSpan* span = nullptr;
        for (auto f = pod.failures.rbegin(); f != pod.failures.rend() && !span; ++f)
            if (f->from <= t && t < f->until) span = &*f;
        // A container waiting in back-off, as the cluster shows it at t: its reason and message
        // are the newer word (ImagePullBackOff after the ErrImagePull the record saw).
        const bool status = pod.status.valid && !tok.terminating;
        if (span || status) {
            tok.failing = true;
            const Station where = status ? pod.status.station : span->station;
            const qint64 from = span ? span->from : tok.arrived;
            Failing& fs = failing[size_t(where)];
            ++fs.count;
            if (from >= fs.from) fs = {from, int(p), status ? -1 : span->step, fs.count};
            // Crash-looping: back at the containers.
            if (status && where == Station::Containers && tok.atStation() &&
                Stations::order(tok.to) > Stations::order(Station::Containers))
                tok.from = tok.to = Station::Containers;
        }
        // Deleted, the kubelet still stopping it (its termination is recorded when it is done).
        if (pod.deleting && pod.inState) tok.terminating = true;
        tokenOfPod_[p] = int(tokens_.size());
        // At a station its stage has not been recorded for yet: it has reached it all the same.
        if (tok.expected && tok.atStation() && !(pod.visited & (1u << quint32(tok.to)))) ++expectedArrivals[size_t(tok.to)];
        if (tok.atStation()) {
            const auto s = size_t(tok.to);
            byStation_[s].push_back(int(tokens_.size()));
            if (tok.failing) ++failingHere[s];
            if (tok.arrived >= newest[s].at)
                newest[s] = {tok.arrived, int(p), int(visit - pod.visits.data()), expected};
        }
        tokens_.push_back(tok);
    }

    for (int i = 0; i < kStationCount; ++i) {
        const auto s = size_t(i);
        StationState& st = stations_[s];
        auto& here = byStation_[s];
        st.here = int(here.size());
        const auto& first = firstArrivals_[s].values();
        const auto& failTimes = failTimes_[s].values();
        st.passed = int(std::upper_bound(first.begin(), first.end(), t) - first.begin()) +
                    expectedArrivals[s];
        st.failures = int(std::upper_bound(failTimes.begin(), failTimes.end(), t) - failTimes.begin());
        // The first ones in arrival order (a queue: the earliest first).
        const auto byArrival = [this](int a, int b) {
            const Token& x = tokens_[size_t(a)];
            const Token& y = tokens_[size_t(b)];
            return x.arrived != y.arrived ? x.arrived < y.arrived : x.pod < y.pod;
        };
        const auto shown = here.begin() + std::min<qsizetype>(qsizetype(here.size()), kShownPerStation);
        std::partial_sort(here.begin(), shown, here.end(), byArrival);

        // What it is doing: the newest arrival here; else what it did last.
        ActivityKey key;
        key.busy = st.here > 0;
        if (key.busy) {
            key.pod = newest[s].pod;
            key.visit = newest[s].visit;
            key.expected = newest[s].expected;
        } else {
            const auto& arrivals = arrivals_[s].values();
            auto it = std::upper_bound(arrivals.begin(), arrivals.end(), t,
                                       [](qint64 time, const Arrival& a) { return time < a.at; });
            if (it != arrivals.begin()) {
                --it;
                key.pod = it->pod;
                key.visit = it->visit;
            }
        }
        if (key.pod >= 0 && !key.expected) {
            const Visit& v = pods_[size_t(key.pod)].visits[size_t(key.visit)];
            key.step = v.firstStep;
            for (int j = v.firstStep; j >= 0 && j <= v.lastStep; ++j)
                if (pods_[size_t(key.pod)].steps[size_t(j)].start <= t) key.step = j;
        }
        key.extra = Stations::isQueue(Station(i)) ? st.here : (Station(i) == Station::Filter ? nodeCount_ : 0);
        if (!(key == activityKeys_[s])) {
            activityKeys_[s] = key;
            st.busy = key.busy;
            if (key.pod < 0) {
                st.activity.clear();
            } else {
                const QString what = describe(key.pod, pods_[size_t(key.pod)].visits[size_t(key.visit)], t,
                                              key.expected, Station(i));
                st.activity = key.busy ? what : tr("last: %1").arg(what);
            }
        }
        const Failing& f = failing[s];
        st.failingPods = f.count;
        st.failingHere = failingHere[s];
        const std::pair<int, int> fkey = {f.pod, f.step};
        if (fkey != failureKeys_[s] || (f.pod >= 0 && f.step < 0)) {
            failureKeys_[s] = fkey;
            if (f.pod < 0) st.failure.clear();
            else if (f.step < 0) st.failure = pods_[size_t(f.pod)].status.message;
            else st.failure = detailText(pods_[size_t(f.pod)].steps[size_t(f.step)].detail);
        }
    }
}

QString JourneyModel::describe(int p, const Visit& visit, qint64 t, bool expected, Station at) const {
    const Pod& pod = pods_[size_t(p)];
    const QString& name = pod.name;
    const QString node = pod.node.isEmpty() ? tr("its node") : pod.node;
    if (expected || visit.firstStep < 0) {
        // Not recorded yet (the stage is in progress), or the pod's origin.
        switch (at) {
            case Station::Client: return tr("POST pod %1").arg(name);
            case Station::Controllers: return tr("%1 creates %2").arg(pod.owner, name);
            case Station::QueueActive:
            case Station::QueueBackoff:
            case Station::QueueUnschedulable: {
                const int here = stations_[size_t(at)].here;
                return here > 1 ? tr("%n pods waiting", nullptr, here) : tr("%1 waiting").arg(name);
            }
            case Station::Filter: return tr("filtering %1").arg(name);
            case Station::KubeletAdmission: return tr("admitting %1 on %2").arg(name, node);
            case Station::Sandbox: return tr("creating the sandbox of %1").arg(name);
            case Station::ImagePull:
                return pod.image.isEmpty() ? tr("pulling the image of %1").arg(name) : tr("pulling %1").arg(pod.image);
            case Station::Containers: return tr("starting the containers of %1").arg(name);
            case Station::Probes: return tr("probing %1").arg(name);
            default: return name;
        }
    }
    int stepIndex = visit.firstStep;
    for (int j = visit.firstStep; j <= visit.lastStep; ++j)
        if (pod.steps[size_t(j)].start <= t) stepIndex = j;
    const Step& step = pod.steps[size_t(stepIndex)];
    const QString detail = detailText(step.detail);
    // Observed: what the cluster recorded, in its words ("Pulling image \"nginx\"", "Ready=True").
    if (step.observed && !(at == Station::Filter && step.failed) && at != Station::Score) return tr("%1: %2").arg(name, detail);
    const std::string& stage = text(step.stage);
    const auto colon = stage.find(": ");
    const QString plugin = colon == std::string::npos ? QString() : fromStd(stage.substr(colon + 2));
    switch (at) {
        case Station::Authentication:
        case Station::Authorization:
        case Station::MutatingAdmission:
        case Station::Validation:
        case Station::ValidatingAdmission:
            if (plugin.isEmpty()) return tr("%1: %2").arg(name, detail);
            return tr("%1 · %2: %3").arg(name, plugin, detail);
        case Station::Client: return plugin.isEmpty() ? detail : tr("%1: %2").arg(plugin, detail);
        case Station::Etcd: return detail;
        case Station::QueueActive:
        case Station::QueueBackoff:
        case Station::QueueUnschedulable: {
            const int here = stations_[size_t(at)].here;
            return here > 1 ? tr("%n pods waiting", nullptr, here) : tr("%1 waiting").arg(name);
        }
        case Station::Filter:
            if (step.failed) return tr("%1: no node fits").arg(name);
            if (nodeCount_ > 0) return tr("filtering %1 against %n node(s)", nullptr, nodeCount_).arg(name);
            return tr("filtering %1").arg(name);
        case Station::Score: return tr("scoring nodes for %1: %2 wins").arg(name, node);
        case Station::Bind: return tr("binding %1 to %2").arg(name, node);
        case Station::KubeletAdmission:
            if (step.failed) return tr("%1 rejected by %2").arg(name, node);
            return tr("admitting %1 on %2").arg(name, node);
        case Station::Sandbox:
            if (step.failed) return tr("no sandbox for %1").arg(name);
            return tr("%1 gets IP %2").arg(name, detail);
        case Station::ImagePull: {
            const auto* said = size_t(step.detail) < said_.size() ? &said_[size_t(step.detail)] : nullptr;
            if (said && !said->empty() && said->front().id == sim::Phrase::Id::ImagePresent)
                return tr("%1 already on %2").arg(fromStd(said->front().arg(0)), node);
            if (step.failed) return tr("pulling %1").arg(detail);
            return tr("pulled %1").arg(detail);
        }
        case Station::Containers: return tr("started %1 in %2").arg(detail, name);
        case Station::Probes:
            if (stage == sim::kStageRunning) return tr("%1 Running, probing").arg(name);
            return tr("%1: %2").arg(name, detail);
        case Station::RunningReady: return tr("%1 Ready on %2").arg(name, node);
        case Station::Endpoints: return detail;
        default: return name;
    }
}

QString JourneyModel::activityOf(int pod) const {
    const Token* tok = tokenOf(pod);
    if (!tok) return {};
    const Pod& p = pods_[size_t(pod)];
    const auto it = std::upper_bound(p.visits.begin(), p.visits.end(), time_,
                                     [](qint64 time, const Visit& x) { return time < x.arrive; });
    if (it == p.visits.begin()) return {};
    return describe(pod, *(it - 1), time_, tok->expected, tok->expected ? tok->to : (it - 1)->station);
}

QString JourneyModel::failureOf(int pod) const {
    const Token* tok = tokenOf(pod);
    if (!tok || !tok->failing) return {};
    const Pod& p = pods_[size_t(pod)];
    if (p.status.valid) return p.status.message;
    for (auto f = p.failures.rbegin(); f != p.failures.rend(); ++f)
        if (f->from <= time_ && time_ < f->until) return detailText(p.steps[size_t(f->step)].detail);
    return {};
}

QList<Station> JourneyModel::route(int pod, qint64 t) const {
    QList<Station> out;
    if (pod < 0 || size_t(pod) >= pods_.size()) return out;
    for (const Visit& v : pods_[size_t(pod)].visits) {
        if (v.arrive > t) break;
        if (v.terminating) continue;
        if (out.isEmpty() || out.back() != v.station) out.push_back(v.station);
    }
    return out;
}

bool JourneyModel::observed(int pod) const { return pod >= 0 && size_t(pod) < pods_.size() && pods_[size_t(pod)].observed; }

QList<Station> JourneyModel::unrecorded(int pod, qint64 t) const {
    QList<Station> out;
    const QList<Station> way = route(pod, t);
    for (qsizetype i = 0; i + 1 < way.size(); ++i) {
        const int to = Stations::order(way[i + 1]);
        std::optional<Station> s = way[i];
        // The diagram's way from one recorded station to the next; a step back (a retry) has none.
        for (int guard = 0; guard < kStationCount; ++guard) {
            s = Stations::expectedNext(*s, false, {});
            if (!s || Stations::order(*s) >= to) break;
            if (!out.contains(*s) && !way.contains(*s)) out.push_back(*s);
        }
    }
    return out;
}

}  // namespace pilothouse::ui::journey
