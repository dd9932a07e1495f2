#include "scheduling_queue_test.h"

#include <QtTest>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "../scheduler_testing/scheduler_testing.h"
#include "scheduler/queue/scheduling_queue.h"

using namespace pilothouse;
using namespace pilothouse::scheduler;
using framework::ClusterEvent;
using framework::Pod;
using framework::QueuedPodInfo;
using queue::PriorityQueue;

namespace {

constexpr int64_t kSec = queue::kNanosPerSecond;
constexpr int64_t kMs = 1'000'000;
constexpr int64_t kStart = 1704067200LL * kSec;  // 2024-01-01T00:00:00Z

QString qs(const std::string& s) { return QString::fromStdString(s); }

// ---- PrioritySort's Less: higher priority first, then the earlier timestamp ----
int32_t priorityOf(const Pod& p) { return p.spec().has_priority() ? p.spec().priority() : 0; }

bool prioritySortLess(const QueuedPodInfo& a, const QueuedPodInfo& b) {
    const int32_t pa = priorityOf(a.pod());
    const int32_t pb = priorityOf(b.pod());
    return pa > pb || (pa == pb && a.timestampNanos < b.timestampNanos);
}

// ---- pods ----
class PodBuilder {
public:
    explicit PodBuilder(const std::string& name) {
        pod_.set_api_version("v1");
        pod_.set_kind("Pod");
        pod_.mutable_metadata()->set_name(name);
        pod_.mutable_metadata()->set_namespace_("default");
    }
    PodBuilder& ns(const std::string& v) { pod_.mutable_metadata()->set_namespace_(v); return *this; }
    PodBuilder& uid(const std::string& v) { pod_.mutable_metadata()->set_uid(v); return *this; }
    PodBuilder& priority(int32_t v) { pod_.mutable_spec()->set_priority(v); return *this; }
    PodBuilder& nominatedNodeName(const std::string& v) { pod_.mutable_status()->set_nominated_node_name(v); return *this; }
    PodBuilder& node(const std::string& v) { pod_.mutable_spec()->set_node_name(v); return *this; }
    PodBuilder& label(const std::string& k, const std::string& v) {
        (*pod_.mutable_metadata()->mutable_labels())[k] = v;
        return *this;
    }
    PodBuilder& annotation(const std::string& k, const std::string& v) {
        (*pod_.mutable_metadata()->mutable_annotations())[k] = v;
        return *this;
    }
    PodBuilder& schedulingGate(const std::string& name) {
        pod_.mutable_spec()->add_scheduling_gates()->set_name(name);
        return *this;
    }
    PodBuilder& unschedulableCondition() {
        auto* c = pod_.mutable_status()->add_conditions();
        c->set_type("PodScheduled");
        c->set_status("False");
        c->set_reason("Unschedulable");
        return *this;
    }
    std::shared_ptr<Pod> obj() const { return std::make_shared<Pod>(pod_); }

private:
    Pod pod_;
};

std::shared_ptr<Pod> copyOf(const Pod& p) { return std::make_shared<Pod>(p); }

// upstream's fixture pods
constexpr int32_t lowPriority = 0, midPriority = 100, highPriority = 1000;
constexpr int32_t mediumPriority = (lowPriority + highPriority) / 2;

std::shared_ptr<Pod> highPriorityPod() { return PodBuilder("hpp").ns("ns1").uid("hppns1").priority(highPriority).obj(); }
std::shared_ptr<Pod> highPriNominatedPod() {
    return PodBuilder("hpp").ns("ns1").uid("hppns1").priority(highPriority).nominatedNodeName("node1").obj();
}
std::shared_ptr<Pod> medPriorityPod() {
    return PodBuilder("mpp").ns("ns2").uid("mppns2").annotation("annot2", "val2").priority(mediumPriority)
        .nominatedNodeName("node1").obj();
}
std::shared_ptr<Pod> unschedulablePod() {
    return PodBuilder("up").ns("ns1").uid("upns1").annotation("annot2", "val2").priority(lowPriority)
        .nominatedNodeName("node1").unschedulableCondition().obj();
}
std::shared_ptr<Pod> nonExistentPod() { return PodBuilder("ne").ns("ns1").uid("nens1").obj(); }
std::shared_ptr<Pod> scheduledPod() { return PodBuilder("sp").ns("ns1").uid("spns1").node("foo").obj(); }

// ---- PreEnqueue plugins ----
class AllowlistPlugin : public framework::PreEnqueuePlugin {
public:
    AllowlistPlugin(std::string name, std::vector<std::string> allowlist)
        : name_(std::move(name)), allowlist_(std::move(allowlist)) {}
    std::string name() const override { return name_; }
    framework::Status preEnqueue(const Pod& pod) override {
        for (const auto& allowed : allowlist_)
            if (pod.metadata().labels().contains(allowed)) return {};
        return framework::Status(framework::Code::UnschedulableAndUnresolvable, "pod name not in allowlists");
    }

private:
    std::string name_;
    std::vector<std::string> allowlist_;
};

// Like the SchedulingGates plugin: holds back pods that still have scheduling gates.
class GatesPlugin : public framework::PreEnqueuePlugin {
public:
    std::string name() const override { return "SchedulingGates"; }
    framework::Status preEnqueue(const Pod& pod) override {
        if (pod.spec().scheduling_gates().empty()) return {};
        std::string gates;
        for (const auto& g : pod.spec().scheduling_gates()) gates += (gates.empty() ? "" : " ") + g.name();
        return framework::Status(framework::Code::UnschedulableAndUnresolvable,
                                 "waiting for scheduling gates: [" + gates + "]");
    }
};

// Rejects pods labelled "blocked".
class BlockedLabelPlugin : public framework::PreEnqueuePlugin {
public:
    std::string name() const override { return "BlockedLabel"; }
    framework::Status preEnqueue(const Pod& pod) override {
        if (pod.metadata().labels().contains("blocked"))
            return framework::Status(framework::Code::UnschedulableAndUnresolvable, "blocked");
        return {};
    }
};

// ---- a queue on a fake clock ----
struct Fixture {
    int64_t now = kStart;
    queue::PriorityQueueOptions options;
    std::unique_ptr<PriorityQueue> queue;

    Fixture() {
        options.less = prioritySortLess;
        options.now = [this] { return now; };
    }
    Fixture(const Fixture&) = delete;
    Fixture& operator=(const Fixture&) = delete;

    PriorityQueue& q() {
        if (!queue) queue = std::make_unique<PriorityQueue>(options);
        return *queue;
    }
    void step(int64_t nanos) { now += nanos; }
};

// ---- events by label, and registrations written as "Resource/Action|Action" ----
const std::map<QString, ClusterEvent>& eventsByLabel() {
    static const std::map<QString, ClusterEvent> events = [] {
        std::map<QString, ClusterEvent> m;
        for (const auto& e : {queue::AssignedPodAdd, queue::NodeAdd, queue::AssignedPodUpdate, queue::AssignedPodDelete,
                              queue::NodeSpecUnschedulableChange, queue::NodeAllocatableChange, queue::NodeLabelChange,
                              queue::NodeTaintChange, queue::NodeConditionChange, queue::PvAdd, queue::PvUpdate,
                              queue::PvcAdd, queue::PvcUpdate, queue::StorageClassAdd, queue::StorageClassUpdate,
                              queue::CSINodeAdd, queue::CSINodeUpdate, queue::CSIDriverAdd, queue::CSIDriverUpdate,
                              queue::CSIStorageCapacityAdd, queue::CSIStorageCapacityUpdate, queue::WildCardEvent,
                              queue::UnschedulableTimeout})
            m[qs(e.label)] = e;
        return m;
    }();
    return events;
}

int actionFromName(const QString& name) {
    static const std::map<QString, int> actions = {
        {"Add", framework::kAdd},
        {"Delete", framework::kDelete},
        {"UpdateNodeAllocatable", framework::kUpdateNodeAllocatable},
        {"UpdateNodeLabel", framework::kUpdateNodeLabel},
        {"UpdateNodeTaint", framework::kUpdateNodeTaint},
        {"UpdateNodeCondition", framework::kUpdateNodeCondition},
        {"Update", framework::kUpdate},
        {"All", framework::kAll},
    };
    auto it = actions.find(name);
    return it == actions.end() ? 0 : it->second;
}

std::vector<ClusterEvent> registrations(const QStringList& specs) {
    std::vector<ClusterEvent> out;
    for (const QString& spec : specs) {
        if (spec == "default") {
            for (const auto& e : queue::defaultClusterEvents()) out.push_back(e);
            continue;
        }
        const QStringList parts = spec.split('/');
        ClusterEvent e;
        e.resource = parts.value(0).toStdString();
        for (const QString& a : parts.value(1).split('|')) e.actionType |= actionFromName(a);
        out.push_back(e);
    }
    return out;
}

std::set<std::string> toSet(const QStringList& list) {
    std::set<std::string> out;
    for (const auto& s : list) out.insert(s.toStdString());
    return out;
}

QStringList popAllNames(PriorityQueue& q) {
    QStringList names;
    while (auto info = q.pop()) names << qs(info->pod().metadata().name());
    return names;
}

QString formatNominated(const queue::Nominator& n) {
    QStringList parts;
    for (const auto& [node, pods] : n.nominatedPodKeysByNode()) {
        QStringList keys;
        for (const auto& k : pods) keys << qs(k);
        parts << qs(node) + "=[" + keys.join(',') + "]";
    }
    return parts.join("; ");
}

QString formatPodToNode(const queue::Nominator& n) {
    QStringList parts;
    for (const auto& [uid, node] : n.nominatedPodToNode()) parts << qs(uid) + "->" + qs(node);
    return parts.join("; ");
}

QString formatTransition(const queue::QueueTransition& t) {
    return QString("%1: %2->%3 %4 @%5ms%6")
        .arg(qs(t.podKey), qs(t.from), qs(t.to), qs(t.event))
        .arg((t.timeNanos - kStart) / kMs)
        .arg(t.gated ? " gated" : "");
}

QStringList formatTransitions(const std::vector<queue::QueueTransition>& ts) {
    QStringList out;
    for (const auto& t : ts) out << formatTransition(t);
    return out;
}

QStringList formatPending(const PriorityQueue& q) {
    QStringList out;
    for (const auto& p : q.pendingPods())
        out << qs(p.queue) + ":" + qs(framework::podKey(p.info.pod())) + (p.info.gated ? "(gated)" : "");
    return out;
}

}  // namespace

// ============================================================================ heap

void SchedulingQueueTest::heapOrderAndUpdates() {
    queue::KeyedHeap<int> h([](int a, int b) { return a < b; });
    QVERIFY(h.upsert("c", 3));
    QVERIFY(h.upsert("a", 1));
    QVERIFY(h.upsert("d", 2));
    QVERIFY(h.upsert("b", 2));
    QCOMPARE(*h.peek(), 1);
    QCOMPARE(*h.peekKey(), std::string("a"));
    QVERIFY(!h.upsert("a", 5));  // an update moves "a" behind the others
    QCOMPARE(h.size(), size_t(4));
    // Equal items come out by key.
    QCOMPARE(*h.peekKey(), std::string("b"));
    std::vector<int> ordered;
    for (const int* v : h.ordered()) ordered.push_back(*v);
    QCOMPARE(ordered, (std::vector<int>{2, 2, 3, 5}));
    QCOMPARE(h.remove("d").value_or(-1), 2);
    QVERIFY(!h.remove("d").has_value());
    QVERIFY(!h.contains("d"));
    QCOMPARE(*h.get("c"), 3);
    QCOMPARE(h.pop().value_or(-1), 2);
    QCOMPARE(h.pop().value_or(-1), 3);
    QCOMPARE(h.pop().value_or(-1), 5);
    QVERIFY(!h.pop().has_value());
    QVERIFY(h.empty());
}

// ============================================================================ activeQ order

void SchedulingQueueTest::addPopOrder_data() {
    // Each add is "name:priority@seconds" (priority "-" = unset); the clock is set to the seconds
    // before the add.
    QTest::addColumn<QStringList>("adds");
    QTest::addColumn<QStringList>("wantPops");
    QTest::newRow("upstream Add: high, then medium, then low")
        << QStringList{"mpp:500@0", "up:0@0", "hpp:1000@0"} << QStringList{"hpp", "mpp", "up"};
    QTest::newRow("FIFO within a priority")
        << QStringList{"a:0@0", "b:0@1", "c:0@2"} << QStringList{"a", "b", "c"};
    QTest::newRow("same priority and timestamp: arrival order, not name order")
        << QStringList{"z:5@0", "y:5@0", "x:5@0"} << QStringList{"z", "y", "x"};
    QTest::newRow("priority beats age")
        << QStringList{"old:1@0", "new:10@5"} << QStringList{"new", "old"};
    QTest::newRow("unset priority is 0, above negative")
        << QStringList{"neg:-5@0", "none:-@1"} << QStringList{"none", "neg"};
    QTest::newRow("mixed")
        << QStringList{"l1:0@0", "h1:100@1", "l2:0@2", "h2:100@3", "m1:50@4"}
        << QStringList{"h1", "h2", "m1", "l1", "l2"};
}

void SchedulingQueueTest::addPopOrder() {
    QFETCH(QStringList, adds);
    QFETCH(QStringList, wantPops);
    Fixture f;
    auto& q = f.q();
    for (const QString& spec : adds) {
        const QString name = spec.section(':', 0, 0);
        const QString prio = spec.section(':', 1).section('@', 0, 0);
        const int secs = spec.section('@', 1).toInt();
        f.now = kStart + secs * kSec;
        PodBuilder b(name.toStdString());
        b.ns("ns").uid(name.toStdString());
        if (prio != "-") b.priority(prio.toInt());
        const auto r = q.add(b.obj());
        QCOMPARE(qs(r.queue), QString(queue::kActiveQ));
        QVERIFY(!r.gated);
    }
    QCOMPARE(int(q.activeQLen()), adds.size());
    QCOMPARE(popAllNames(q), wantPops);
    QCOMPARE(q.schedulingCycle(), int64_t(adds.size()));
}

void SchedulingQueueTest::addRecordsNominatedPods() {
    Fixture f;
    auto& q = f.q();
    auto med = medPriorityPod(), up = unschedulablePod(), high = highPriorityPod();
    q.add(med);
    q.add(up);
    q.add(high);
    QCOMPARE(formatNominated(q.nominator()), QString("node1=[ns2/mpp,ns1/up]"));
    QCOMPARE(formatPodToNode(q.nominator()), QString("mppns2->node1; upns1->node1"));
    auto p1 = q.pop();
    QVERIFY(p1 && p1->podInfo->pod == high);
    auto p2 = q.pop();
    QVERIFY(p2 && p2->podInfo->pod == med);
    auto p3 = q.pop();
    QVERIFY(p3 && p3->podInfo->pod == up);
    // Popping does not drop nominations.
    QCOMPARE(int(q.nominatedPodsForNode("node1").size()), 2);
    QCOMPARE(p1->attempts, 1);
    QCOMPARE(p1->initialAttemptNanos, kStart);
}

void SchedulingQueueTest::popOnEmptyQueue() {
    Fixture f;
    auto& q = f.q();
    QVERIFY(!q.pop().has_value());
    QCOMPARE(q.schedulingCycle(), int64_t(0));
    q.add(highPriorityPod());
    QVERIFY(q.pop().has_value());
    QVERIFY(!q.pop().has_value());
    QCOMPARE(q.schedulingCycle(), int64_t(1));
}

// ============================================================================ failed attempts

void SchedulingQueueTest::addUnschedulableIfNotPresent() {
    Fixture f;
    auto& q = f.q();
    auto hpn = highPriNominatedPod(), up = unschedulablePod();
    q.add(hpn);
    // Already in activeQ: must not add anything.
    auto st = q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(hpn), q.schedulingCycle());
    QCOMPARE(st.code(), StatusCode::AlreadyExists);
    QCOMPARE(qs(st.message()), QString("Pod ns1/hpp is already present in the active queue"));
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(up), q.schedulingCycle()).isOk());
    QCOMPARE(formatNominated(q.nominator()), QString("node1=[ns1/hpp,ns1/up]"));
    auto p = q.pop();
    QVERIFY(p && p->podInfo->pod == hpn);
    QCOMPARE(int(q.nominator().nominatedPodKeysByNode().size()), 1);
    QCOMPARE(qs(q.queueOf(*up)), QString(queue::kUnschedulablePods));
    QVERIFY(q.get(framework::podKey(*up))->podInfo->pod == up);
    st = q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(up), q.schedulingCycle());
    QCOMPARE(qs(st.message()), QString("Pod ns1/up is already present in unschedulable queue"));
}

void SchedulingQueueTest::addUnschedulableIfNotPresentBackoff() {
    Fixture f;
    auto& q = f.q();
    const int total = 10;
    std::vector<std::shared_ptr<Pod>> pods;
    for (int i = 0; i < total; ++i) {
        auto p = PodBuilder("pod" + std::to_string(i)).ns("ns" + std::to_string(i)).uid("upns" + std::to_string(i))
                     .priority(i).obj();
        pods.push_back(p);
        q.add(p);
    }
    // Pop all pods except the first one.
    for (int i = total - 1; i > 0; --i) {
        auto p = q.pop();
        QVERIFY(p && p->podInfo->pod == pods[i]);
    }
    // A move request while they are being scheduled.
    q.moveAllToActiveOrBackoffQueue(ClusterEvent{"test", 0, ""});
    const int64_t oldCycle = q.schedulingCycle();
    auto first = q.pop();
    QVERIFY(first && first->podInfo->pod == pods[0]);
    for (int i = 1; i < total; ++i) {
        auto p = PodBuilder(pods[i]->metadata().name()).ns(pods[i]->metadata().namespace_())
                     .uid(pods[i]->metadata().uid()).priority(i).unschedulableCondition().obj();
        QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(p), oldCycle).isOk());
    }
    // The move request came in the same cycle as oldCycle: backoffQ.
    for (int i = 1; i < total; ++i) QCOMPARE(qs(q.queueOf(*pods[i])), QString(queue::kBackoffQ));
    QCOMPARE(int(q.backoffQLen()), total - 1);
}

void SchedulingQueueTest::moveRequestDecidesSubQueue_data() {
    QTest::addColumn<bool>("eventBeforePop");
    QTest::addColumn<bool>("eventDuringAttempt");
    QTest::addColumn<QString>("want");
    QTest::newRow("no cluster event") << false << false << QString(queue::kUnschedulablePods);
    QTest::newRow("event while the pod was being scheduled") << false << true << QString(queue::kBackoffQ);
    QTest::newRow("event before the pod was popped") << true << false << QString(queue::kUnschedulablePods);
    QTest::newRow("events before and during") << true << true << QString(queue::kBackoffQ);
}

void SchedulingQueueTest::moveRequestDecidesSubQueue() {
    QFETCH(bool, eventBeforePop);
    QFETCH(bool, eventDuringAttempt);
    QFETCH(QString, want);
    Fixture f;
    auto& q = f.q();
    auto p = PodBuilder("p").uid("p").obj();
    q.add(p);
    if (eventBeforePop) q.moveAllToActiveOrBackoffQueue(queue::NodeAdd);
    auto info = q.pop();
    QVERIFY(info);
    const int64_t cycle = q.schedulingCycle();
    if (eventDuringAttempt) q.moveAllToActiveOrBackoffQueue(queue::NodeAdd);
    info->unschedulablePlugins = {"NodeResourcesFit"};
    QVERIFY(q.addUnschedulableIfNotPresent(*info, cycle).isOk());
    QCOMPARE(qs(q.queueOf(*p)), want);
}

// ============================================================================ backoff

void SchedulingQueueTest::backoffDuration_data() {
    QTest::addColumn<qint64>("initialMs");
    QTest::addColumn<qint64>("maxMs");
    QTest::addColumn<int>("attempts");
    QTest::addColumn<qint64>("wantMs");
    QTest::newRow("default, 0 attempts") << qint64(1000) << qint64(10000) << 0 << qint64(1000);
    QTest::newRow("default, 1 attempt") << qint64(1000) << qint64(10000) << 1 << qint64(1000);
    QTest::newRow("default, 2 attempts") << qint64(1000) << qint64(10000) << 2 << qint64(2000);
    QTest::newRow("default, 3 attempts") << qint64(1000) << qint64(10000) << 3 << qint64(4000);
    QTest::newRow("default, 4 attempts") << qint64(1000) << qint64(10000) << 4 << qint64(8000);
    QTest::newRow("default, 5 attempts: capped") << qint64(1000) << qint64(10000) << 5 << qint64(10000);
    QTest::newRow("default, 6 attempts") << qint64(1000) << qint64(10000) << 6 << qint64(10000);
    QTest::newRow("default, 100 attempts: no overflow") << qint64(1000) << qint64(10000) << 100 << qint64(10000);
    QTest::newRow("3s/60s, 4 attempts") << qint64(3000) << qint64(60000) << 4 << qint64(24000);
    QTest::newRow("3s/60s, 5 attempts") << qint64(3000) << qint64(60000) << 5 << qint64(48000);
    QTest::newRow("3s/60s, 6 attempts: capped") << qint64(3000) << qint64(60000) << 6 << qint64(60000);
    QTest::newRow("initial equals max") << qint64(5000) << qint64(5000) << 3 << qint64(5000);
}

void SchedulingQueueTest::backoffDuration() {
    QFETCH(qint64, initialMs);
    QFETCH(qint64, maxMs);
    QFETCH(int, attempts);
    QFETCH(qint64, wantMs);
    Fixture f;
    f.options.podInitialBackoffNanos = initialMs * kMs;
    f.options.podMaxBackoffNanos = maxMs * kMs;
    auto& q = f.q();
    QueuedPodInfo info = q.newQueuedPodInfo(PodBuilder("p").obj());
    info.attempts = attempts;
    QCOMPARE(q.backoffDurationNanos(info), int64_t(wantMs) * kMs);
    QCOMPARE(q.backoffExpiryNanos(info), kStart + int64_t(wantMs) * kMs);
    QVERIFY(q.isPodBackingOff(info));
    f.step(wantMs * kMs - 1);
    QVERIFY(q.isPodBackingOff(info));
    f.step(1);
    QVERIFY(!q.isPodBackingOff(info));
}

void SchedulingQueueTest::backoffFlow() {
    Fixture f;
    auto& q = f.q();
    auto pod = PodBuilder("test-pod").ns("test-ns").uid("test-uid").obj();
    const std::string key = framework::podKey(*pod);
    QCOMPARE(qs(q.add(pod).queue), QString(queue::kActiveQ));
    const int64_t wantBackoff[] = {1, 2, 4, 8, 10, 10, 10};
    for (int i = 0; i < 7; ++i) {
        const int64_t timestamp = f.now;
        // A scheduling attempt.
        auto info = q.pop();
        QVERIFY(info);
        QCOMPARE(info->attempts, i + 1);
        QVERIFY(q.addUnschedulableIfNotPresent(*info, i).isOk());
        // An event happens.
        q.moveAllToActiveOrBackoffQueue(queue::UnschedulableTimeout);
        QCOMPARE(qs(q.queueOf(key)), QString(queue::kBackoffQ));
        const int64_t backoff = q.backoffExpiryNanos(*q.get(key)) - timestamp;
        QCOMPARE(backoff, wantBackoff[i] * kSec);
        // The routine flushing the backoff queue: still backing off after an early flush...
        f.step(kMs);
        q.flushBackoffQCompleted();
        QCOMPARE(qs(q.queueOf(key)), QString(queue::kBackoffQ));
        // ...and out once the backoff is over.
        f.step(backoff);
        q.flushBackoffQCompleted();
        QCOMPARE(qs(q.queueOf(key)), QString(queue::kActiveQ));
    }
}

void SchedulingQueueTest::flushBackoffQCompleted() {
    Fixture f;
    f.options.preEnqueuePlugins = {std::make_shared<BlockedLabelPlugin>()};
    auto& q = f.q();
    q.moveAllToActiveOrBackoffQueue(queue::NodeAdd);  // a move request in cycle 0
    auto a = PodBuilder("a").ns("ns").uid("a").obj();
    auto b = PodBuilder("b").ns("ns").uid("b").priority(10).obj();
    auto c = PodBuilder("c").ns("ns").uid("c").label("blocked", "").obj();
    QueuedPodInfo ia = q.newQueuedPodInfo(a);
    ia.attempts = 1;  // 1 s
    QueuedPodInfo ib = q.newQueuedPodInfo(b);
    ib.attempts = 3;  // 4 s
    QueuedPodInfo ic = q.newQueuedPodInfo(c);
    ic.attempts = 2;  // 2 s
    QVERIFY(q.addUnschedulableIfNotPresent(ia, 0).isOk());
    QVERIFY(q.addUnschedulableIfNotPresent(ib, 0).isOk());
    QVERIFY(q.addUnschedulableIfNotPresent(ic, 0).isOk());
    QCOMPARE(int(q.backoffQLen()), 3);
    QCOMPARE(formatPending(q), (QStringList{"backoffQ:ns/a", "backoffQ:ns/c", "backoffQ:ns/b"}));
    q.clearTransitions();

    f.step(999 * kMs);
    q.flushBackoffQCompleted();
    QCOMPARE(int(q.backoffQLen()), 3);
    f.step(kMs);
    q.flushBackoffQCompleted();
    QCOMPARE(qs(q.queueOf(*a)), QString(queue::kActiveQ));
    QCOMPARE(int(q.backoffQLen()), 2);
    // c's backoff ends, but PreEnqueue holds it back: gated in unschedulablePods.
    f.step(kSec);
    q.flushBackoffQCompleted();
    QCOMPARE(qs(q.queueOf(*c)), QString(queue::kUnschedulablePods));
    QVERIFY(q.get("ns/c")->gated);
    QVERIFY(q.get("ns/c")->unschedulablePlugins.count("BlockedLabel"));
    QCOMPARE(qs(q.queueOf(*b)), QString(queue::kBackoffQ));
    f.step(2 * kSec);
    q.flushBackoffQCompleted();
    QCOMPARE(qs(q.queueOf(*b)), QString(queue::kActiveQ));
    QCOMPARE(formatTransitions(q.transitions()),
             (QStringList{"ns/a: backoffQ->activeQ BackoffComplete @1000ms",
                          "ns/c: backoffQ->unschedulablePods BackoffComplete @2000ms gated",
                          "ns/b: backoffQ->activeQ BackoffComplete @4000ms"}));
    QCOMPARE(popAllNames(q), (QStringList{"b", "a"}));
}

// ============================================================================ cluster events

void SchedulingQueueTest::moveOnEvents_data() {
    QTest::addColumn<QStringList>("registered");  // fooPlugin's registered events
    QTest::addColumn<QStringList>("rejectedBy");  // the pod's unschedulable plugins
    QTest::addColumn<QString>("event");
    QTest::addColumn<qint64>("elapsedMs");  // since the pod came back
    QTest::addColumn<QString>("want");
    const QString active = queue::kActiveQ, backoff = queue::kBackoffQ, unsched = queue::kUnschedulablePods;
    QTest::newRow("matching event, still backing off")
        << QStringList{"Node/Add"} << QStringList{"fooPlugin"} << "NodeAdd" << qint64(0) << backoff;
    QTest::newRow("matching event, 1 ms before the backoff ends")
        << QStringList{"Node/Add"} << QStringList{"fooPlugin"} << "NodeAdd" << qint64(999) << backoff;
    QTest::newRow("matching event, backoff over")
        << QStringList{"Node/Add"} << QStringList{"fooPlugin"} << "NodeAdd" << qint64(1000) << active;
    QTest::newRow("other action on the registered resource")
        << QStringList{"Node/Add"} << QStringList{"fooPlugin"} << "NodeTaintChange" << qint64(1000) << unsched;
    QTest::newRow("registered action on another resource")
        << QStringList{"Node/Add"} << QStringList{"fooPlugin"} << "AssignedPodAdd" << qint64(1000) << unsched;
    QTest::newRow("Update registration matches a label change")
        << QStringList{"Node/Update"} << QStringList{"fooPlugin"} << "NodeLabelChange" << qint64(0) << backoff;
    QTest::newRow("UpdateNodeTaint matches NodeSpecUnschedulableChange")
        << QStringList{"Node/UpdateNodeTaint"} << QStringList{"fooPlugin"} << "NodeSpecUnschedulableChange"
        << qint64(0) << backoff;
    QTest::newRow("UpdateNodeTaint does not match NodeAllocatableChange")
        << QStringList{"Node/UpdateNodeTaint"} << QStringList{"fooPlugin"} << "NodeAllocatableChange" << qint64(0)
        << unsched;
    QTest::newRow("Add|Update matches NodeConditionChange")
        << QStringList{"Node/Add|Update"} << QStringList{"fooPlugin"} << "NodeConditionChange" << qint64(2000)
        << active;
    QTest::newRow("Pod/Delete matches AssignedPodDelete")
        << QStringList{"Pod/Delete", "Node/Add"} << QStringList{"fooPlugin"} << "AssignedPodDelete" << qint64(0)
        << backoff;
    QTest::newRow("Pod/Delete does not match AssignedPodUpdate")
        << QStringList{"Pod/Delete"} << QStringList{"fooPlugin"} << "AssignedPodUpdate" << qint64(0) << unsched;
    QTest::newRow("rejecting plugin registered nothing")
        << QStringList{"Node/Add"} << QStringList{"barPlugin"} << "NodeAdd" << qint64(1000) << unsched;
    QTest::newRow("one of the rejecting plugins registered the event")
        << QStringList{"Node/Add"} << QStringList{"barPlugin", "fooPlugin"} << "NodeAdd" << qint64(0) << backoff;
    QTest::newRow("no rejecting plugin (an Error): any event")
        << QStringList{"Node/Add"} << QStringList{} << "PvcUpdate" << qint64(0) << backoff;
    QTest::newRow("UnschedulableTimeout is a wildcard")
        << QStringList{"Node/Add"} << QStringList{"barPlugin"} << "UnschedulableTimeout" << qint64(1000) << active;
    QTest::newRow("WildCardEvent")
        << QStringList{} << QStringList{"fooPlugin"} << "WildCardEvent" << qint64(0) << backoff;
    QTest::newRow("default events (no EnqueueExtensions): PvcAdd")
        << QStringList{"default"} << QStringList{"fooPlugin"} << "PvcAdd" << qint64(0) << backoff;
    QTest::newRow("default events (no EnqueueExtensions): CSIDriverAdd is not among them")
        << QStringList{"default"} << QStringList{"fooPlugin"} << "CSIDriverAdd" << qint64(0) << unsched;
}

void SchedulingQueueTest::moveOnEvents() {
    QFETCH(QStringList, registered);
    QFETCH(QStringList, rejectedBy);
    QFETCH(QString, event);
    QFETCH(qint64, elapsedMs);
    QFETCH(QString, want);
    QVERIFY(eventsByLabel().count(event));
    const ClusterEvent ev = eventsByLabel().at(event);

    Fixture f;
    f.options.pluginEvents["fooPlugin"] = registrations(registered);
    auto& q = f.q();
    auto pod = PodBuilder("p").ns("ns1").uid("p1").obj();
    q.add(pod);
    auto info = q.pop();
    QVERIFY(info);
    info->unschedulablePlugins = toSet(rejectedBy);
    QVERIFY(q.addUnschedulableIfNotPresent(*info, q.schedulingCycle()).isOk());
    QCOMPARE(qs(q.queueOf(*pod)), QString(queue::kUnschedulablePods));

    f.step(elapsedMs * kMs);
    q.clearTransitions();
    q.moveAllToActiveOrBackoffQueue(ev);
    QCOMPARE(qs(q.queueOf(*pod)), want);
    if (want == queue::kUnschedulablePods) {
        QVERIFY(q.transitions().empty());
    } else {
        QCOMPARE(formatTransitions(q.transitions()),
                 QStringList{QString("ns1/p: unschedulablePods->%1 %2 @%3ms").arg(want, event).arg(elapsedMs)});
    }
}

void SchedulingQueueTest::moveAllToActiveOrBackoffQueue() {
    Fixture f;
    f.options.pluginEvents["fooPlugin"] = {queue::NodeAdd};
    auto& q = f.q();
    auto med = medPriorityPod(), up = unschedulablePod(), high = highPriorityPod();
    auto hpp1 = PodBuilder("hpp1").ns("ns1").uid("hpp1").priority(highPriority).obj();
    auto hpp2 = PodBuilder("hpp2").ns("ns1").uid("hpp2").priority(highPriority).obj();
    q.add(med);
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(up, {"fooPlugin"}), q.schedulingCycle()).isOk());
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(high, {"fooPlugin"}), q.schedulingCycle()).isOk());
    // A pod whose failure is associated with no plugin.
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(hpp1), q.schedulingCycle()).isOk());
    // A pod rejected by a plugin that did not register NodeAdd.
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(hpp2, {"barPlugin"}), q.schedulingCycle()).isOk());
    // Pods still backing off go to backoffQ; hpp2 is not moved.
    q.moveAllToActiveOrBackoffQueue(queue::NodeAdd);
    QCOMPARE(int(q.activeQLen()), 1);
    QCOMPARE(int(q.backoffQLen()), 3);
    QCOMPARE(qs(q.queueOf(*hpp2)), QString(queue::kUnschedulablePods));

    // Backoff over: all three reach activeQ, and everything there is tried.
    f.step(kSec);
    q.flushBackoffQCompleted();
    QCOMPARE(int(q.activeQLen()), 4);
    QCOMPARE(popAllNames(q), (QStringList{"hpp", "hpp1", "mpp", "up"}));

    // They fail again in a later cycle: unschedulablePods.
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(up, {"fooPlugin"}), q.schedulingCycle()).isOk());
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(high, {"fooPlugin"}), q.schedulingCycle()).isOk());
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(hpp1), q.schedulingCycle()).isOk());
    for (const auto& p : {up, high, hpp1, hpp2}) QCOMPARE(qs(q.queueOf(*p)), QString(queue::kUnschedulablePods));
    // Once the backoff is over, the event moves them straight to activeQ; hpp2 stays regardless.
    f.step(kSec);
    q.moveAllToActiveOrBackoffQueue(queue::NodeAdd);
    QCOMPARE(int(q.activeQLen()), 3);
    QCOMPARE(int(q.backoffQLen()), 0);
    QCOMPARE(qs(q.queueOf(*hpp2)), QString(queue::kUnschedulablePods));
}

void SchedulingQueueTest::moveAllWithPreCheck() {
    // upstream TestMoveAllToActiveOrBackoffQueue_PreEnqueueChecks
    for (const bool withCheck : {false, true}) {
        Fixture f;
        auto& q = f.q();
        std::vector<std::shared_ptr<Pod>> pods;
        for (int i = 0; i < 5; ++i) {
            auto p = PodBuilder("p" + std::to_string(i)).ns("ns").uid("p" + std::to_string(i)).priority(i).obj();
            pods.push_back(p);
            QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(p), q.schedulingCycle()).isOk());
        }
        f.step(kSec);
        queue::PreEnqueueCheck check;
        if (withCheck) check = [](const Pod& p) { return priorityOf(p) >= 2; };
        q.moveAllToActiveOrBackoffQueue(queue::NodeAdd, check);
        QStringList active;
        for (const auto& p : q.pendingPods())
            if (p.queue == queue::kActiveQ) active << qs(p.info.pod().metadata().name());
        QCOMPARE(active, withCheck ? (QStringList{"p4", "p3", "p2"}) : (QStringList{"p4", "p3", "p2", "p1", "p0"}));
        QCOMPARE(int(q.unschedulablePodsLen()), withCheck ? 2 : 0);
    }
}

void SchedulingQueueTest::highPriorityBackoff() {
    Fixture f;
    auto& q = f.q();
    auto mid = PodBuilder("test-midpod").ns("ns1").uid("tp-mid").priority(midPriority).nominatedNodeName("node1").obj();
    auto high =
        PodBuilder("test-highpod").ns("ns1").uid("tp-high").priority(highPriority).nominatedNodeName("node1").obj();
    q.add(mid);
    q.add(high);
    // Popped, found unschedulable, then moved back by an event.
    auto p = q.pop();
    QVERIFY(p && p->podInfo->pod == high);
    QVERIFY(q.addUnschedulableIfNotPresent(*p, q.schedulingCycle()).isOk());
    q.moveAllToActiveOrBackoffQueue(ClusterEvent{"test", 0, ""});
    QCOMPARE(qs(q.queueOf(*high)), QString(queue::kBackoffQ));
    p = q.pop();
    QVERIFY(p && p->podInfo->pod == mid);
}

void SchedulingQueueTest::failedPodDoesNotBlockNewerPod() {
    // upstream TestPodFailedSchedulingMultipleTimesDoesNotBlockNewerPod
    Fixture f;
    auto& q = f.q();
    auto unsched = PodBuilder("test-pod-unscheduled").ns("ns1").uid("tp001").priority(highPriority)
                       .nominatedNodeName("node1").unschedulableCondition().obj();
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(unsched), q.schedulingCycle()).isOk());
    f.step(kSec + kSec);
    q.moveAllToActiveOrBackoffQueue(queue::UnschedulableTimeout);
    auto p1 = q.pop();
    QVERIFY(p1 && p1->podInfo->pod == unsched);

    // A newer pod arrives while the first one is being scheduled...
    auto newer = PodBuilder("test-newer-pod").ns("ns1").uid("tp002").priority(highPriority)
                     .nominatedNodeName("node1").obj();
    q.add(newer);
    // ...which fails again.
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(unsched), q.schedulingCycle()).isOk());
    f.step(kSec + kSec);
    q.moveAllToActiveOrBackoffQueue(queue::UnschedulableTimeout);
    // The newer pod comes first: the other was (re-)queued after it.
    auto p2 = q.pop();
    QVERIFY(p2 && p2->podInfo->pod == newer);
}

void SchedulingQueueTest::timestampOrder_data() {
    QTest::addColumn<QString>("route");
    QTest::addColumn<qint64>("gapMs");  // between the two pods' failures
    QTest::addColumn<QStringList>("wantPops");
    QTest::newRow("via unschedulablePods, b failed first") << "unschedulable" << qint64(1000) << QStringList{"b", "a"};
    QTest::newRow("via backoffQ, b failed first") << "backoff" << qint64(1000) << QStringList{"b", "a"};
    QTest::newRow("same timestamp: the order they failed in") << "unschedulable" << qint64(0) << QStringList{"b", "a"};
}

void SchedulingQueueTest::timestampOrder() {
    QFETCH(QString, route);
    QFETCH(qint64, gapMs);
    QFETCH(QStringList, wantPops);
    Fixture f;
    auto& q = f.q();
    if (route == "backoff") q.moveAllToActiveOrBackoffQueue(queue::NodeAdd);
    auto b = PodBuilder("b").ns("ns").uid("b").obj();
    auto a = PodBuilder("a").ns("ns").uid("a").obj();
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(b), 0).isOk());
    f.step(gapMs * kMs);
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(a), 0).isOk());
    const QString via = route == "backoff" ? queue::kBackoffQ : queue::kUnschedulablePods;
    QCOMPARE(qs(q.queueOf(*a)), via);
    QCOMPARE(qs(q.queueOf(*b)), via);
    f.step(2 * kSec);
    if (route == "backoff") q.flushBackoffQCompleted();
    else q.moveAllToActiveOrBackoffQueue(queue::UnschedulableTimeout);
    QCOMPARE(int(q.activeQLen()), 2);
    QCOMPARE(popAllNames(q), wantPops);
}

// ============================================================================ the 5-minute flush

void SchedulingQueueTest::flushUnschedulablePodsLeftover_data() {
    QTest::addColumn<qint64>("maxSeconds");  // 0 = default (5 min)
    QTest::addColumn<qint64>("elapsedNs");
    QTest::addColumn<bool>("moved");
    QTest::newRow("default: 299 s") << qint64(0) << qint64(299 * kSec) << false;
    QTest::newRow("default: exactly 5 min") << qint64(0) << qint64(300 * kSec) << false;
    QTest::newRow("default: 5 min + 1 ns") << qint64(0) << qint64(300 * kSec + 1) << true;
    QTest::newRow("default: 6 min") << qint64(0) << qint64(360 * kSec) << true;
    QTest::newRow("30 s: exactly 30 s") << qint64(30) << qint64(30 * kSec) << false;
    QTest::newRow("30 s: 31 s") << qint64(30) << qint64(31 * kSec) << true;
}

void SchedulingQueueTest::flushUnschedulablePodsLeftover() {
    QFETCH(qint64, maxSeconds);
    QFETCH(qint64, elapsedNs);
    QFETCH(bool, moved);
    Fixture f;
    f.options.pluginEvents["fakePlugin"] = {queue::NodeAdd};
    if (maxSeconds) f.options.podMaxInUnschedulablePodsNanos = maxSeconds * kSec;
    auto& q = f.q();
    auto pod = PodBuilder("p").ns("ns1").uid("p").obj();
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(pod, {"fakePlugin"}), q.schedulingCycle()).isOk());
    q.clearTransitions();
    f.step(elapsedNs);
    q.flushUnschedulablePodsLeftover();
    QCOMPARE(qs(q.queueOf(*pod)), moved ? QString(queue::kActiveQ) : QString(queue::kUnschedulablePods));
    if (moved) {
        QCOMPARE(int(q.transitions().size()), 1);
        QCOMPARE(qs(q.transitions()[0].event), QString("UnschedulableTimeout"));
    } else {
        QVERIFY(q.transitions().empty());
    }
}

void SchedulingQueueTest::highPriorityFlushUnschedulablePodsLeftover() {
    Fixture f;
    f.options.pluginEvents["fakePlugin"] = {queue::NodeAdd};
    auto& q = f.q();
    auto mid = PodBuilder("test-midpod").ns("ns1").uid("tp-mid").priority(midPriority).nominatedNodeName("node1")
                   .unschedulableCondition().obj();
    auto high = PodBuilder("test-highpod").ns("ns1").uid("tp-high").priority(highPriority)
                    .nominatedNodeName("node1").unschedulableCondition().obj();
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(high, {"fakePlugin"}), q.schedulingCycle()).isOk());
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(mid, {"fakePlugin"}), q.schedulingCycle()).isOk());
    f.step(queue::kDefaultPodMaxInUnschedulablePodsNanos + kSec);
    q.flushUnschedulablePodsLeftover();
    auto p = q.pop();
    QVERIFY(p && p->podInfo->pod == high);
    p = q.pop();
    QVERIFY(p && p->podInfo->pod == mid);
}

void SchedulingQueueTest::podMaxInUnschedulablePodsDuration_data() {
    QTest::addColumn<qint64>("maxSeconds");
    QTest::newRow("default podMaxInUnschedulablePodsDuration") << qint64(0);
    QTest::newRow("user-defined podMaxInUnschedulablePodsDuration") << qint64(30);
}

void SchedulingQueueTest::podMaxInUnschedulablePodsDuration() {
    QFETCH(qint64, maxSeconds);
    Fixture f;
    if (maxSeconds) f.options.podMaxInUnschedulablePodsNanos = maxSeconds * kSec;
    auto& q = f.q();
    auto pod1 = PodBuilder("test-pod-1").ns("ns1").uid("tp-1").nominatedNodeName("node1").obj();
    auto pod2 = PodBuilder("test-pod-2").ns("ns2").uid("tp-2").nominatedNodeName("node2").obj();
    // pod2 became unschedulable 2 s ago, pod1 1 s ago.
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(pod2), 0).isOk());
    f.step(kSec);
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(pod1), 0).isOk());
    f.step(kSec);
    f.step(maxSeconds ? maxSeconds * kSec : queue::kDefaultPodMaxInUnschedulablePodsNanos);
    q.flushUnschedulablePodsLeftover();
    QCOMPARE(int(q.activeQLen()), 2);
    QCOMPARE(popAllNames(q), (QStringList{"test-pod-2", "test-pod-1"}));
}

// ============================================================================ PreEnqueue

void SchedulingQueueTest::preEnqueue_data() {
    // One allowlist ("a,b") per PreEnqueue plugin, named pre0, pre1, ...
    QTest::addColumn<QStringList>("allowlists");
    QTest::addColumn<QString>("podName");  // also its only label
    QTest::addColumn<QString>("wantGatedBy");
    QTest::newRow("no plugins registered") << QStringList{} << "p" << "";
    QTest::newRow("pod name not in allowlists") << QStringList{"", ""} << "p" << "pre0";
    QTest::newRow("pod failed one preEnqueue plugin") << QStringList{"foo,bar", "foo"} << "bar" << "pre1";
    QTest::newRow("pod passed all preEnqueue plugins") << QStringList{"foo,bar", "bar"} << "bar" << "";
}

void SchedulingQueueTest::preEnqueue() {
    QFETCH(QStringList, allowlists);
    QFETCH(QString, podName);
    QFETCH(QString, wantGatedBy);
    const bool wantGated = !wantGatedBy.isEmpty();
    Fixture f;
    for (int i = 0; i < allowlists.size(); ++i) {
        std::vector<std::string> allow;
        for (const QString& a : allowlists[i].split(',', Qt::SkipEmptyParts)) allow.push_back(a.toStdString());
        f.options.preEnqueuePlugins.push_back(std::make_shared<AllowlistPlugin>("pre" + std::to_string(i), allow));
    }
    f.options.podInitialBackoffNanos = 30 * kSec;
    f.options.podMaxBackoffNanos = 60 * kSec;
    auto& q = f.q();
    auto pod = PodBuilder(podName.toStdString()).ns("ns").uid("u").label(podName.toStdString(), "").obj();
    const auto r = q.add(pod);
    QCOMPARE(r.gated, wantGated);
    QCOMPARE(qs(r.queue), wantGated ? QString(queue::kUnschedulablePods) : QString(queue::kActiveQ));
    QCOMPARE(int(q.unschedulablePodsLen()), wantGated ? 1 : 0);
    QCOMPARE(qs(r.gatingPlugin), wantGatedBy);
    if (wantGated) {
        QCOMPARE(r.gatingStatus.code(), framework::Code::UnschedulableAndUnresolvable);
        QCOMPARE(qs(r.gatingStatus.plugin()), wantGatedBy);
        const auto pending = q.pendingPods();
        QCOMPARE(int(pending.size()), 1);
        QVERIFY(pending[0].info.gated);
        QCOMPARE(qs(pending[0].gatingPlugin), wantGatedBy);
        QCOMPARE(qs(pending[0].gatingMessage), QString("pod name not in allowlists"));
        QVERIFY(pending[0].info.unschedulablePlugins.count(wantGatedBy.toStdString()));
        QVERIFY(!q.isPodBackingOff(pending[0].info));
        QCOMPARE(formatTransitions(q.transitions()),
                 QStringList{QString("ns/%1: ->unschedulablePods PodAdd @0ms gated").arg(podName)});
    }
    // An update that does not change what the plugins look at keeps the pod where it is.
    auto clone = copyOf(*pod);
    (*clone->mutable_metadata()->mutable_annotations())["foo"] = "";
    q.update(pod, clone);
    QCOMPARE(int(q.unschedulablePodsLen()), wantGated ? 1 : 0);
    QCOMPARE(int(q.activeQLen()), wantGated ? 0 : 1);
}

void SchedulingQueueTest::gatedPodLifecycle() {
    Fixture f;
    f.options.preEnqueuePlugins = {std::make_shared<GatesPlugin>()};
    f.options.pluginEvents["SchedulingGates"] = {ClusterEvent{queue::kResourcePod, framework::kUpdate, ""}};
    auto& q = f.q();
    auto gated = PodBuilder("g").ns("ns").uid("g").schedulingGate("example.com/wait").obj();
    const auto r = q.add(gated);
    QVERIFY(r.gated);
    QCOMPARE(qs(r.gatingStatus.message()), QString("waiting for scheduling gates: [example.com/wait]"));
    QCOMPARE(q.pendingPodsSummary(), std::string("activeQ:0; backoffQ:0; unschedulablePods:1"));

    // Neither cluster events nor the timeout release a gated pod: PreEnqueue runs again.
    q.moveAllToActiveOrBackoffQueue(queue::UnschedulableTimeout);
    q.moveAllToActiveOrBackoffQueue(queue::AssignedPodUpdate);
    f.step(6 * 60 * kSec);
    q.flushUnschedulablePodsLeftover();
    q.flushBackoffQCompleted();
    QCOMPARE(qs(q.queueOf(*gated)), QString(queue::kUnschedulablePods));
    QVERIFY(q.get("ns/g")->gated);
    QCOMPARE(int(q.transitions().size()), 1);

    // A status-only update is no reason to look again.
    auto statusOnly = copyOf(*gated);
    statusOnly->mutable_status()->set_message("still waiting");
    const auto rs = q.update(gated, statusOnly);
    QCOMPARE(qs(rs.queue), QString(queue::kUnschedulablePods));
    QVERIFY(rs.gated);
    QCOMPARE(qs(rs.gatingPlugin), QString("SchedulingGates"));
    QCOMPARE(qs(rs.gatingStatus.message()), QString("waiting for scheduling gates: [example.com/wait]"));
    // Another change re-runs PreEnqueue, which still holds it.
    auto relabelled = copyOf(*statusOnly);
    (*relabelled->mutable_metadata()->mutable_labels())["app"] = "web";
    const auto r2 = q.update(statusOnly, relabelled);
    QVERIFY(r2.gated);
    QCOMPARE(qs(r2.queue), QString(queue::kUnschedulablePods));
    QCOMPARE(int(q.transitions().size()), 1);

    // Gates removed: straight to activeQ (a gated pod has no backoff to wait out).
    f.step(kSec);
    auto released = copyOf(*relabelled);
    released->mutable_spec()->clear_scheduling_gates();
    const auto r3 = q.update(relabelled, released);
    QVERIFY(!r3.gated);
    QCOMPARE(qs(r3.queue), QString(queue::kActiveQ));
    QCOMPARE(formatTransitions(q.transitions()),
             (QStringList{"ns/g: ->unschedulablePods PodAdd @0ms gated",
                          "ns/g: unschedulablePods->activeQ PodUpdate @361000ms"}));
    auto info = q.pop();
    QVERIFY(info && info->podInfo->pod == released);
    // The first attempt is counted from when the pod entered activeQ.
    QCOMPARE(info->initialAttemptNanos, kStart + 361 * kSec);
    QCOMPARE(info->attempts, 1);
    // v1.28 leaves the PreEnqueue plugin among the unschedulable plugins until the scheduler
    // replaces them after a failed attempt.
    QVERIFY(info->unschedulablePlugins.count("SchedulingGates"));
}

// ============================================================================ update / delete / activate

void SchedulingQueueTest::update() {
    Fixture f;
    auto& q = f.q();
    auto high = highPriorityPod(), highNom = highPriNominatedPod(), up = unschedulablePod(), med = medPriorityPod();

    // Not queued: added to activeQ.
    QCOMPARE(qs(q.update(nullptr, high).queue), QString(queue::kActiveQ));
    QCOMPARE(int(q.nominator().size()), 0);
    // Updated in activeQ, now with a nominated node.
    q.update(high, highNom);
    QCOMPARE(int(q.activeQLen()), 1);
    QCOMPARE(int(q.nominator().size()), 1);
    QCOMPARE(q.nominator().nominatedNodeFor(*highNom), std::string("node1"));
    // An unschedulable pod in no sub-queue: added to activeQ.
    q.update(up, up);
    QCOMPARE(qs(q.queueOf(*up)), QString(queue::kActiveQ));
    // Updating a pod already in activeQ leaves it there.
    q.update(up, up);
    QCOMPARE(int(q.unschedulablePodsLen()), 0);
    QCOMPARE(qs(q.queueOf(*up)), QString(queue::kActiveQ));
    auto p = q.pop();
    QVERIFY(p && p->podInfo->pod == highNom);

    // In unschedulablePods and still backing off: an update moves it to backoffQ.
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(med), q.schedulingCycle()).isOk());
    QCOMPARE(int(q.unschedulablePodsLen()), 1);
    auto updated = copyOf(*med);
    (*updated->mutable_metadata()->mutable_annotations())["foo"] = "test";
    QCOMPARE(qs(q.update(med, updated).queue), QString(queue::kBackoffQ));
    QVERIFY(q.get("ns2/mpp")->podInfo->pod == updated);
    // In backoffQ: updated in place.
    auto updatedAgain = copyOf(*updated);
    updatedAgain->mutable_metadata()->set_resource_version("7");
    QCOMPARE(qs(q.update(updated, updatedAgain).queue), QString(queue::kBackoffQ));
    QVERIFY(q.get("ns2/mpp")->podInfo->pod == updatedAgain);
    q.deletePod(*updatedAgain);
    QCOMPARE(qs(q.queueOf(*med)), QString());

    // In unschedulablePods, backoff over: an update moves it to activeQ.
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(med), q.schedulingCycle()).isOk());
    QCOMPARE(int(q.unschedulablePodsLen()), 1);
    auto updated1 = copyOf(*med);
    (*updated1->mutable_metadata()->mutable_annotations())["foo"] = "test1";
    f.step(q.backoffDurationNanos(*q.get("ns2/mpp")));
    QCOMPARE(qs(q.update(med, updated1).queue), QString(queue::kActiveQ));
    // up (still in activeQ, priority 0) comes after med (500).
    p = q.pop();
    QVERIFY(p && p->podInfo->pod == updated1);
}

void SchedulingQueueTest::updateOfUnschedulablePod_data() {
    QTest::addColumn<QString>("change");
    QTest::addColumn<bool>("backoffOver");
    QTest::addColumn<QString>("want");
    const QString active = queue::kActiveQ, backoff = queue::kBackoffQ, unsched = queue::kUnschedulablePods;
    QTest::newRow("status condition only") << "status" << true << unsched;
    QTest::newRow("status.nominatedNodeName only") << "nominated" << true << unsched;
    QTest::newRow("resourceVersion and generation only") << "resourceVersion" << true << unsched;
    QTest::newRow("finalizers only") << "finalizers" << true << unsched;
    QTest::newRow("annotation") << "annotation" << true << active;
    QTest::newRow("label") << "label" << true << active;
    QTest::newRow("spec (priority)") << "priority" << true << active;
    QTest::newRow("annotation while backing off") << "annotation" << false << backoff;
    QTest::newRow("status only while backing off") << "status" << false << unsched;
}

void SchedulingQueueTest::updateOfUnschedulablePod() {
    QFETCH(QString, change);
    QFETCH(bool, backoffOver);
    QFETCH(QString, want);
    Fixture f;
    auto& q = f.q();
    auto pod = PodBuilder("p").ns("ns").uid("p").priority(3).label("app", "a").obj();
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(pod, {"NodeResourcesFit"}), q.schedulingCycle()).isOk());
    if (backoffOver) f.step(kSec);
    auto changed = copyOf(*pod);
    if (change == "status") {
        auto* c = changed->mutable_status()->add_conditions();
        c->set_type("PodScheduled");
        c->set_status("False");
    } else if (change == "nominated") {
        changed->mutable_status()->set_nominated_node_name("node9");
    } else if (change == "resourceVersion") {
        changed->mutable_metadata()->set_resource_version("42");
        changed->mutable_metadata()->set_generation(3);
    } else if (change == "finalizers") {
        changed->mutable_metadata()->add_finalizers("example.com/keep");
    } else if (change == "annotation") {
        (*changed->mutable_metadata()->mutable_annotations())["x"] = "y";
    } else if (change == "label") {
        (*changed->mutable_metadata()->mutable_labels())["app"] = "b";
    } else if (change == "priority") {
        changed->mutable_spec()->set_priority(4);
    } else {
        QFAIL("unknown change");
    }
    const auto r = q.update(pod, changed);
    QCOMPARE(qs(r.queue), want);
    QCOMPARE(qs(q.queueOf(*pod)), want);
    // Wherever it is, the queue holds the new version.
    QVERIFY(q.get("ns/p")->podInfo->pod == changed);
    QCOMPARE(q.get("ns/p")->unschedulablePlugins, std::set<std::string>{"NodeResourcesFit"});
}

void SchedulingQueueTest::deletePod() {
    Fixture f;
    auto& q = f.q();
    auto high = highPriorityPod(), highNom = highPriNominatedPod(), up = unschedulablePod();
    q.update(high, highNom);
    q.add(up);
    q.deletePod(*highNom);
    QCOMPARE(qs(q.queueOf(*up)), QString(queue::kActiveQ));
    QCOMPARE(qs(q.queueOf(*highNom)), QString());
    QCOMPARE(formatNominated(q.nominator()), QString("node1=[ns1/up]"));
    q.deletePod(*up);
    QCOMPARE(int(q.nominator().size()), 0);
    QCOMPARE(int(q.activeQLen()), 0);

    // From backoffQ and unschedulablePods too.
    auto a = PodBuilder("a").ns("ns").uid("a").obj();
    auto b = PodBuilder("b").ns("ns").uid("b").obj();
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(a), q.schedulingCycle()).isOk());
    q.moveAllToActiveOrBackoffQueue(queue::NodeAdd);
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(b), q.schedulingCycle()).isOk());
    QCOMPARE(qs(q.queueOf(*a)), QString(queue::kBackoffQ));
    QCOMPARE(qs(q.queueOf(*b)), QString(queue::kBackoffQ));
    q.deletePod(*a);
    q.deletePod(*b);
    q.deletePod(*b);  // deleting twice is harmless
    QCOMPARE(q.pendingPodsSummary(), std::string("activeQ:0; backoffQ:0; unschedulablePods:0"));
    const QStringList log = formatTransitions(q.transitions());
    QCOMPARE(log.filter("PodDelete"),
             (QStringList{"ns1/hpp: activeQ-> PodDelete @0ms", "ns1/up: activeQ-> PodDelete @0ms",
                          "ns/a: backoffQ-> PodDelete @0ms", "ns/b: backoffQ-> PodDelete @0ms"}));
}

void SchedulingQueueTest::activate_data() {
    QTest::addColumn<QString>("where");
    QTest::addColumn<int>("wantActive");
    QTest::newRow("pod already in activeQ") << "activeQ" << 1;
    QTest::newRow("pod not in unschedulablePods/podBackoffQ") << "" << 0;
    QTest::newRow("pod in unschedulablePods") << "unschedulablePods" << 1;
    QTest::newRow("pod in backoffQ") << "backoffQ" << 1;
}

void SchedulingQueueTest::activate() {
    QFETCH(QString, where);
    QFETCH(int, wantActive);
    Fixture f;
    auto& q = f.q();
    auto pod = highPriNominatedPod();
    if (where == queue::kActiveQ) {
        q.add(pod);
    } else if (where == queue::kUnschedulablePods) {
        QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(pod), q.schedulingCycle()).isOk());
    } else if (where == queue::kBackoffQ) {
        q.moveAllToActiveOrBackoffQueue(queue::NodeAdd);
        QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(pod), q.schedulingCycle()).isOk());
    }
    QCOMPARE(qs(q.queueOf(*pod)), where);
    q.clearTransitions();
    q.activate({{"test_pod", pod}});
    QCOMPARE(int(q.activeQLen()), wantActive);
    if (wantActive) QCOMPARE(qs(q.queueOf(*pod)), QString(queue::kActiveQ));
    if (where == queue::kUnschedulablePods || where == queue::kBackoffQ) {
        QCOMPARE(formatTransitions(q.transitions()),
                 QStringList{QString("ns1/hpp: %1->activeQ ForceActivate @0ms").arg(where)});
        QCOMPARE(q.nominator().nominatedNodeFor(*pod), std::string("node1"));
    } else {
        QVERIFY(q.transitions().empty());
    }
}

void SchedulingQueueTest::assignedPodAdded_data() {
    QTest::addColumn<QString>("registered");   // fakePlugin's Pod actions
    QTest::addColumn<QString>("assignedNs");
    QTest::addColumn<QString>("assignedLabel");  // key=value
    QTest::addColumn<bool>("viaUpdate");
    QTest::addColumn<bool>("wantMoved");
    QTest::newRow("upstream: matching assigned pod added") << "Add" << "ns1" << "service=securityscan" << false << true;
    QTest::newRow("label value does not matter (Exists)") << "Add" << "ns1" << "service=web" << false << true;
    QTest::newRow("no matching label") << "Add" << "ns1" << "app=web" << false << false;
    QTest::newRow("other namespace") << "Add" << "ns2" << "service=securityscan" << false << false;
    QTest::newRow("update, Pod/Update registered") << "Add|Update" << "ns1" << "service=securityscan" << true << true;
    QTest::newRow("update, only Pod/Add registered") << "Add" << "ns1" << "service=securityscan" << true << false;
}

void SchedulingQueueTest::assignedPodAdded() {
    QFETCH(QString, registered);
    QFETCH(QString, assignedNs);
    QFETCH(QString, assignedLabel);
    QFETCH(bool, viaUpdate);
    QFETCH(bool, wantMoved);
    auto affinityPod = testing::pod(R"(
metadata:
  name: afp
  namespace: ns1
  uid: afpns1
  annotations: {annot2: val2}
spec:
  priority: 500
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector:
          matchExpressions:
          - {key: service, operator: Exists}
        topologyKey: region
  containers: [{name: c, image: pause}]
status:
  nominatedNodeName: node1
)");
    QCOMPARE(int(framework::PodInfo::make(affinityPod)->requiredAffinityTerms.size()), 1);
    auto labelPod = PodBuilder("lbp").ns(assignedNs.toStdString()).node("node1")
                        .label(assignedLabel.section('=', 0, 0).toStdString(), assignedLabel.section('=', 1).toStdString())
                        .obj();

    Fixture f;
    f.options.pluginEvents["fakePlugin"] = registrations({"Pod/" + registered});
    auto& q = f.q();
    auto med = medPriorityPod(), up = unschedulablePod();
    q.add(med);
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(up, {"fakePlugin"}), q.schedulingCycle()).isOk());
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(affinityPod, {"fakePlugin"}), q.schedulingCycle()).isOk());
    // Backoff over.
    f.step(queue::kDefaultPodInitialBackoffNanos + kSec);
    if (viaUpdate) {
        auto before = copyOf(*labelPod);
        before->mutable_metadata()->clear_labels();
        q.assignedPodUpdated(*before, *labelPod);
    } else {
        q.assignedPodAdded(*labelPod);
    }
    QCOMPARE(qs(q.queueOf(*affinityPod)), wantMoved ? QString(queue::kActiveQ) : QString(queue::kUnschedulablePods));
    // The pod without affinity stays.
    QCOMPARE(qs(q.queueOf(*up)), QString(queue::kUnschedulablePods));
    if (wantMoved)
        QCOMPARE(qs(q.transitions().back().event), viaUpdate ? QString("AssignedPodUpdate") : QString("AssignedPodAdd"));
}

// ============================================================================ nominator

void SchedulingQueueTest::nominatedPodsForNode() {
    Fixture f;
    auto& q = f.q();
    auto med = medPriorityPod(), up = unschedulablePod(), high = highPriorityPod();
    q.add(med);
    q.add(up);
    q.add(high);
    auto p = q.pop();
    QVERIFY(p && p->podInfo->pod == high);
    const auto node1 = q.nominatedPodsForNode("node1");
    QCOMPARE(int(node1.size()), 2);
    QVERIFY(node1[0]->pod == med);
    QVERIFY(node1[1]->pod == up);
    QVERIFY(q.nominatedPodsForNode("node2").empty());
}

void SchedulingQueueTest::updateNominatedPodForNode() {
    auto med = medPriorityPod(), up = unschedulablePod(), high = highPriorityPod(), scheduled = scheduledPod();
    // The informer cache: what the pod lister sees.
    std::map<std::string, std::shared_ptr<const Pod>> cache;
    for (const auto& p : {med, up, high, scheduled}) cache[framework::podKey(*p)] = p;
    Fixture f;
    f.options.podLister = [&cache](const std::string& ns, const std::string& name) -> std::shared_ptr<const Pod> {
        auto it = cache.find(ns + "/" + name);
        return it == cache.end() ? nullptr : it->second;
    };
    auto& q = f.q();
    q.add(med);
    // Nominated to nodes other than the ones in the pod objects.
    q.addNominatedPod(framework::PodInfo::make(up), {queue::NominatingMode::Override, "node5"});
    q.addNominatedPod(framework::PodInfo::make(high), {queue::NominatingMode::Override, "node2"});
    QCOMPARE(formatPodToNode(q.nominator()), QString("hppns1->node2; mppns2->node1; upns1->node5"));
    QCOMPARE(formatNominated(q.nominator()), QString("node1=[ns2/mpp]; node2=[ns1/hpp]; node5=[ns1/up]"));
    auto p = q.pop();
    QVERIFY(p && p->podInfo->pod == med);
    // Popping does not change the nominations.
    QCOMPARE(formatNominated(q.nominator()), QString("node1=[ns2/mpp]; node2=[ns1/hpp]; node5=[ns1/up]"));

    // Re-nominating a pod moves it.
    q.addNominatedPod(framework::PodInfo::make(high), {queue::NominatingMode::Override, "node4"});
    QCOMPARE(formatPodToNode(q.nominator()), QString("hppns1->node4; mppns2->node1; upns1->node5"));
    QCOMPARE(formatNominated(q.nominator()), QString("node1=[ns2/mpp]; node4=[ns1/hpp]; node5=[ns1/up]"));
    // A pod the informer no longer has is not nominated.
    q.addNominatedPod(framework::PodInfo::make(nonExistentPod()), {queue::NominatingMode::Override, "node1"});
    // Nor one the informer already sees bound (even if this copy is not).
    auto unboundCopy = copyOf(*scheduled);
    unboundCopy->mutable_spec()->clear_node_name();
    q.addNominatedPod(framework::PodInfo::make(unboundCopy), {queue::NominatingMode::Override, "node1"});
    QCOMPARE(formatNominated(q.nominator()), QString("node1=[ns2/mpp]; node4=[ns1/hpp]; node5=[ns1/up]"));
    // Deleting a nominated pod.
    q.deleteNominatedPodIfExists(*high);
    QCOMPARE(formatPodToNode(q.nominator()), QString("mppns2->node1; upns1->node5"));
    QCOMPARE(formatNominated(q.nominator()), QString("node1=[ns2/mpp]; node5=[ns1/up]"));
}

void SchedulingQueueTest::nominatorRules() {
    queue::Nominator n;
    auto plain = PodBuilder("plain").ns("ns").uid("plain").obj();
    auto withStatus = PodBuilder("ws").ns("ns").uid("ws").nominatedNodeName("node1").obj();
    // Noop mode follows status.nominatedNodeName; none means nothing to record.
    n.addNominatedPod(framework::PodInfo::make(plain));
    QCOMPARE(int(n.size()), 0);
    n.addNominatedPod(framework::PodInfo::make(withStatus));
    QCOMPARE(n.nominatedNodeFor(*withStatus), std::string("node1"));
    // Override with an empty node records the pod under "" (as upstream does).
    n.addNominatedPod(framework::PodInfo::make(plain), {queue::NominatingMode::Override, ""});
    QVERIFY(n.isNominated(*plain));
    QCOMPARE(formatNominated(n), QString("=[ns/plain]; node1=[ns/ws]"));
    n.deleteNominatedPodIfExists(*plain);

    // Nomination order is kept per node, and a pod is recorded once.
    for (const char* name : {"c", "a", "b"})
        n.addNominatedPod(framework::PodInfo::make(PodBuilder(name).ns("ns").uid(name).obj()),
                          {queue::NominatingMode::Override, "node2"});
    n.addNominatedPod(framework::PodInfo::make(PodBuilder("a").ns("ns").uid("a").obj()),
                      {queue::NominatingMode::Override, "node2"});
    QCOMPARE(formatNominated(n), QString("node1=[ns/ws]; node2=[ns/c,ns/b,ns/a]"));

    // An update where neither version carries a nomination keeps the scheduler's.
    auto c = PodBuilder("c").ns("ns").uid("c").obj();
    auto cRelabelled = PodBuilder("c").ns("ns").uid("c").label("x", "y").obj();
    n.updateNominatedPod(*c, framework::PodInfo::make(cRelabelled));
    QCOMPARE(n.nominatedNodeFor(*c), std::string("node2"));
    QVERIFY(n.nominatedPodsForNode("node2").back()->pod == cRelabelled);
    // An update that sets one follows it.
    auto cNominated = PodBuilder("c").ns("ns").uid("c").nominatedNodeName("node7").obj();
    n.updateNominatedPod(*cRelabelled, framework::PodInfo::make(cNominated));
    QCOMPARE(n.nominatedNodeFor(*c), std::string("node7"));
    // An update that clears it drops the nomination.
    n.updateNominatedPod(*cNominated, framework::PodInfo::make(c));
    QVERIFY(!n.isNominated(*c));

    // Pods without a UID are tracked by namespace/name.
    auto noUid = PodBuilder("nouid").ns("ns").nominatedNodeName("node3").obj();
    n.addNominatedPod(framework::PodInfo::make(noUid));
    QCOMPARE(n.nominatedPodToNode().at("ns/nouid"), std::string("node3"));
}

// ============================================================================ inspection

void SchedulingQueueTest::pendingPods() {
    Fixture f;
    auto& q = f.q();
    auto med = medPriorityPod(), up = unschedulablePod(), high = highPriorityPod();
    q.add(med);
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(up), q.schedulingCycle()).isOk());
    QVERIFY(q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(high), q.schedulingCycle()).isOk());
    QCOMPARE(formatPending(q),
             (QStringList{"activeQ:ns2/mpp", "unschedulablePods:ns1/up", "unschedulablePods:ns1/hpp"}));
    QCOMPARE(q.pendingPodsSummary(), std::string("activeQ:1; backoffQ:0; unschedulablePods:2"));
    // Moved: the same pods, now in backoffQ (still backing off), by backoff expiry.
    q.moveAllToActiveOrBackoffQueue(queue::WildCardEvent);
    QCOMPARE(formatPending(q), (QStringList{"activeQ:ns2/mpp", "backoffQ:ns1/up", "backoffQ:ns1/hpp"}));
    QCOMPARE(q.pendingPodsSummary(), std::string("activeQ:1; backoffQ:2; unschedulablePods:0"));
    const auto pending = q.pendingPods();
    QCOMPARE(pending[1].backoffExpiryNanos, kStart + kSec);
    QCOMPARE(int(q.activeQLen()), 1);
    QCOMPARE(int(q.backoffQLen()), 2);
    QCOMPARE(int(q.unschedulablePodsLen()), 0);
}

void SchedulingQueueTest::transitionLog() {
    Fixture f;
    f.options.pluginEvents["fooPlugin"] = {queue::NodeAdd};
    auto& q = f.q();
    auto p = PodBuilder("p").ns("ns1").uid("u1").obj();
    q.add(p);
    auto info = q.pop();
    QVERIFY(info);
    info->unschedulablePlugins = {"fooPlugin"};
    QVERIFY(q.addUnschedulableIfNotPresent(*info, q.schedulingCycle()).isOk());
    f.step(500 * kMs);
    q.moveAllToActiveOrBackoffQueue(queue::NodeTaintChange);  // not registered: no move
    q.moveAllToActiveOrBackoffQueue(queue::NodeAdd);
    f.step(500 * kMs);
    q.flushBackoffQCompleted();
    q.deletePod(*p);
    const QStringList want{
        "ns1/p: ->activeQ PodAdd @0ms",
        "ns1/p: activeQ-> Pop @0ms",
        "ns1/p: ->unschedulablePods ScheduleAttemptFailure @0ms",
        "ns1/p: unschedulablePods->backoffQ NodeAdd @500ms",
        "ns1/p: backoffQ->activeQ BackoffComplete @1000ms",
        "ns1/p: activeQ-> PodDelete @1000ms",
    };
    QCOMPARE(formatTransitions(q.transitions()), want);
    QCOMPARE(q.transitions()[0].podUID, std::string("u1"));
    QCOMPARE(q.transitions()[3].timeNanos, kStart + 500 * kMs);
    const auto taken = q.takeTransitions();
    QCOMPARE(formatTransitions(taken), want);
    QVERIFY(q.transitions().empty());
    q.add(p);
    QCOMPARE(int(q.transitions().size()), 1);
    q.clearTransitions();
    QVERIFY(q.transitions().empty());
}

void SchedulingQueueTest::determinism() {
    // The same operations give the same queue and the same log, and pods leave unschedulablePods
    // in the order they entered it, whatever their names.
    auto run = [](QStringList* log, QStringList* pending) {
        Fixture f;
        f.options.pluginEvents["fooPlugin"] = {queue::NodeAdd};
        auto& q = f.q();
        for (const char* name : {"zeta", "alpha", "mid", "beta"}) {
            auto p = PodBuilder(name).ns("ns").uid(name).priority(7).obj();
            q.addUnschedulableIfNotPresent(q.newQueuedPodInfo(p, {"fooPlugin"}), q.schedulingCycle());
        }
        q.add(PodBuilder("fresh").ns("ns").uid("fresh").priority(7).obj());
        f.step(2 * kSec);
        q.moveAllToActiveOrBackoffQueue(queue::NodeAdd);
        *pending = formatPending(q);
        *log = formatTransitions(q.transitions());
    };
    QStringList log1, log2, pending1, pending2;
    run(&log1, &pending1);
    run(&log2, &pending2);
    QCOMPARE(log1, log2);
    QCOMPARE(pending1, pending2);
    QCOMPARE(log1.filter("NodeAdd"),
             (QStringList{"ns/zeta: unschedulablePods->activeQ NodeAdd @2000ms",
                          "ns/alpha: unschedulablePods->activeQ NodeAdd @2000ms",
                          "ns/mid: unschedulablePods->activeQ NodeAdd @2000ms",
                          "ns/beta: unschedulablePods->activeQ NodeAdd @2000ms"}));
    // All share a priority and a timestamp: pop order is the order they were queued.
    QCOMPARE(pending1, (QStringList{"activeQ:ns/zeta", "activeQ:ns/alpha", "activeQ:ns/mid", "activeQ:ns/beta",
                                    "activeQ:ns/fresh"}));
}

QTEST_APPLESS_MAIN(SchedulingQueueTest)
