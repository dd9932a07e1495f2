#include "disruption_test.h"

#include <QtTest>

#include "api/codec/manifest.h"
#include "api/object.h"
#include "cluster/cluster.h"
#include "controllers/disruption/disruption.h"
#include "core_v1.pb.h"
#include "policy_v1.pb.h"
#include "util/rfc3339.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;
namespace policy = k8s::io::api::policy::v1;
using namespace std::chrono_literals;

namespace {

// A cluster running only the disruption controller: the test plays every other part (workloads,
// their pods and the pods' readiness) through the API server.
struct Env {
    std::unique_ptr<cluster::Cluster> c;

    Env() {
        auto created = cluster::Cluster::create({});
        if (!created) qFatal("%s", created.status().message().c_str());
        c = std::move(*created);
        must(c->add(std::make_unique<controller::disruption::DisruptionController>(c->apiServer(), c->clock())));
    }
    static void must(const Status& s) {
        if (!s.isOk()) qFatal("%s", s.toString().c_str());
    }
    apiserver::APIServer& server() { return c->apiServer(); }

    // Creates the object; returns its UID.
    std::string create(const std::string& yaml) {
        std::vector<std::string> warnings;
        auto ms = codec::loadManifests(yaml, "test.yaml", &warnings);
        if (!ms || ms->size() != 1) qFatal("bad manifest: %s", ms ? "not one object" : ms.status().message().c_str());
        apiserver::Request r;
        r.verb = "create";
        r.type = (*ms)[0].type;
        r.namespace_ = "default";
        r.body = std::shared_ptr<google::protobuf::Message>(std::move((*ms)[0].object));
        auto resp = server().handle(r);
        if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
        return api::metadata(*resp.object).uid();
    }
    template <typename T>
    T get(const char* resource, const std::string& name) {
        apiserver::Request r;
        r.verb = "get";
        r.type = api::Scheme::instance().byName(resource);
        r.namespace_ = "default";
        r.name = name;
        auto resp = server().handle(r);
        if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
        return static_cast<const T&>(*resp.object);
    }
    void updateStatus(const char* resource, const google::protobuf::Message& object) {
        apiserver::Request r;
        r.verb = "update";
        r.type = api::Scheme::instance().byName(resource);
        r.namespace_ = "default";
        r.name = api::metadata(object).name();
        r.subresource = "status";
        std::shared_ptr<google::protobuf::Message> copy(object.New());
        copy->CopyFrom(object);
        r.body = copy;
        auto resp = server().handle(r);
        if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
    }
    // A Running pod labelled app=web, controlled by `owner` ("" for none), Ready or not.
    void pod(const std::string& name, const std::string& ownerKind, const std::string& ownerName,
             const std::string& ownerUID, bool ready) {
        std::string yaml = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name + "\n  labels: {app: web}\n";
        if (!ownerKind.empty())
            yaml += "  ownerReferences: [{apiVersion: apps/v1, kind: " + ownerKind + ", name: " + ownerName +
                    ", uid: " + ownerUID + ", controller: true}]\n";
        yaml += "spec:\n  nodeName: node-1\n  containers: [{name: c, image: nginx}]\n";
        create(yaml);
        auto p = get<core::Pod>("pods", name);
        p.mutable_status()->set_phase("Running");
        auto* cond = p.mutable_status()->add_conditions();
        cond->set_type("Ready");
        cond->set_status(ready ? "True" : "False");
        updateStatus("pods", p);
    }
    void settle() { must(c->settle()); }
    void runFor(sim::Duration d) { must(c->runFor(d)); }

    std::vector<core::Event> events(const std::string& reason) {
        apiserver::Request r;
        r.verb = "list";
        r.type = api::Scheme::instance().byName("events");
        std::vector<core::Event> out;
        for (auto& e : server().handle(r).items) {
            const auto& ev = static_cast<const core::Event&>(*e);
            if (ev.reason() == reason) out.push_back(ev);
        }
        return out;
    }
};

std::string workloadTemplate() {
    return "  selector: {matchLabels: {app: web}}\n"
           "  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: c, image: nginx}]}\n";
}

// A Deployment of `replicas` with its ReplicaSet and `pods` pods, `ready` of them Ready.
void deploymentWithPods(Env& env, int replicas, int pods, int ready) {
    const std::string dUID = env.create("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: " +
                                        std::to_string(replicas) + "\n" + workloadTemplate());
    const std::string rsUID = env.create(
        "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata:\n  name: web-7c5d\n  ownerReferences: [{apiVersion: apps/v1, "
        "kind: Deployment, name: web, uid: " + dUID + ", controller: true}]\nspec:\n  replicas: " +
        std::to_string(replicas) + "\n" + workloadTemplate());
    for (int i = 0; i < pods; ++i) env.pod("web-" + std::to_string(i), "ReplicaSet", "web-7c5d", rsUID, i < ready);
}

std::string budget(const std::string& rule, const std::string& app = "web") {
    return "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: web-pdb}\nspec:\n  " + rule +
           "\n  selector: {matchLabels: {app: " + app + "}}\n";
}

const policy::Condition* disruptionAllowed(const policy::PodDisruptionBudget& pdb) {
    for (const auto& c : pdb.status().conditions())
        if (c.type() == "DisruptionAllowed") return &c;
    return nullptr;
}

}  // namespace

void DisruptionTest::status_data() {
    QTest::addColumn<QString>("workload");  // "deployment" or "statefulset"
    QTest::addColumn<int>("replicas");      // the controller's spec.replicas
    QTest::addColumn<int>("pods");
    QTest::addColumn<int>("ready");
    QTest::addColumn<bool>("barePod");      // one more Ready app=web pod without a controller
    QTest::addColumn<QString>("rule");      // the budget's minAvailable / maxUnavailable line
    QTest::addColumn<QString>("app");       // the budget's selector app=
    QTest::addColumn<int>("expectedPods");
    QTest::addColumn<int>("desiredHealthy");
    QTest::addColumn<int>("currentHealthy");
    QTest::addColumn<int>("disruptionsAllowed");
    QTest::addColumn<QString>("event");     // a reason the budget's events include ("" = none)

    QTest::newRow("minAvailable int") << "deployment" << 4 << 4 << 3 << false << "minAvailable: 2" << "web" << 4 << 2
                                      << 3 << 1 << "";
    QTest::newRow("minAvailable int above healthy")
        << "deployment" << 4 << 4 << 3 << false << "minAvailable: 4" << "web" << 4 << 4 << 3 << 0 << "";
    QTest::newRow("minAvailable percent of the Deployment's scale")
        << "deployment" << 6 << 4 << 3 << false << "minAvailable: 50%" << "web" << 6 << 3 << 3 << 0 << "";
    QTest::newRow("minAvailable percent rounds up")
        << "deployment" << 4 << 4 << 4 << false << "minAvailable: 30%" << "web" << 4 << 2 << 4 << 2 << "";
    QTest::newRow("maxUnavailable int") << "deployment" << 4 << 4 << 4 << false << "maxUnavailable: 1" << "web" << 4
                                        << 3 << 4 << 1 << "";
    QTest::newRow("maxUnavailable percent rounds up")
        << "deployment" << 4 << 4 << 4 << false << "maxUnavailable: 30%" << "web" << 4 << 2 << 4 << 2 << "";
    QTest::newRow("maxUnavailable above the scale")
        << "deployment" << 4 << 4 << 4 << false << "maxUnavailable: 6" << "web" << 4 << 0 << 4 << 4 << "";
    QTest::newRow("maxUnavailable with pods missing")
        << "deployment" << 6 << 4 << 3 << false << "maxUnavailable: 1" << "web" << 6 << 5 << 3 << 0 << "";
    QTest::newRow("StatefulSet percent") << "statefulset" << 3 << 3 << 3 << false << "minAvailable: 67%" << "web" << 3
                                         << 3 << 3 << 0 << "";
    QTest::newRow("unmanaged pod left out of the scale")
        << "deployment" << 4 << 4 << 4 << true << "maxUnavailable: 1" << "web" << 4 << 3 << 5 << 2 << "UnmanagedPods";
    QTest::newRow("unmanaged pod counted by an integer minAvailable")
        << "deployment" << 4 << 4 << 4 << true << "minAvailable: 3" << "web" << 5 << 3 << 5 << 2 << "";
    QTest::newRow("no pods") << "deployment" << 4 << 4 << 4 << false << "minAvailable: 1" << "nothing" << 0 << 1 << 0
                             << 0 << "NoPods";
}

void DisruptionTest::status() {
    QFETCH(QString, workload);
    QFETCH(int, replicas);
    QFETCH(int, pods);
    QFETCH(int, ready);
    QFETCH(bool, barePod);
    QFETCH(QString, rule);
    QFETCH(QString, app);
    QFETCH(int, expectedPods);
    QFETCH(int, desiredHealthy);
    QFETCH(int, currentHealthy);
    QFETCH(int, disruptionsAllowed);
    QFETCH(QString, event);

    Env env;
    if (workload == "deployment") {
        deploymentWithPods(env, replicas, pods, ready);
    } else {
        const std::string uid = env.create("apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  "
                                           "serviceName: db\n  replicas: " + std::to_string(replicas) + "\n" +
                                           workloadTemplate());
        for (int i = 0; i < pods; ++i) env.pod("db-" + std::to_string(i), "StatefulSet", "db", uid, i < ready);
    }
    if (barePod) env.pod("bare", "", "", "", true);
    env.create(budget(rule.toStdString(), app.toStdString()));
    env.settle();

    auto pdb = env.get<policy::PodDisruptionBudget>("poddisruptionbudgets", "web-pdb");
    const auto& st = pdb.status();
    QCOMPARE(st.expected_pods(), expectedPods);
    QCOMPARE(st.desired_healthy(), desiredHealthy);
    QCOMPARE(st.current_healthy(), currentHealthy);
    QCOMPARE(st.disruptions_allowed(), disruptionsAllowed);
    QCOMPARE(st.observed_generation(), pdb.metadata().generation());
    const policy::Condition* cond = disruptionAllowed(pdb);
    QVERIFY(cond);
    QCOMPARE(QString::fromStdString(cond->status()), disruptionsAllowed > 0 ? QStringLiteral("True") : QStringLiteral("False"));
    QCOMPARE(QString::fromStdString(cond->reason()),
             disruptionsAllowed > 0 ? QStringLiteral("SufficientPods") : QStringLiteral("InsufficientPods"));
    QCOMPARE(cond->observed_generation(), int64_t(1));
    if (!event.isEmpty()) {
        auto found = env.events(event.toStdString());
        QVERIFY2(!found.empty(), qPrintable(event));
        QCOMPARE(found[0].involved_object().kind(), std::string("PodDisruptionBudget"));
        QCOMPARE(found[0].source().component(), std::string("controllermanager"));
        if (event == "UnmanagedPods")
            QCOMPARE(QString::fromStdString(found[0].message()),
                     QStringLiteral("Pods selected by this PodDisruptionBudget (selector: &LabelSelector{MatchLabels:"
                                    "map[string]string{app: web,},MatchExpressions:[]LabelSelectorRequirement{},}) were "
                                    "found to be unmanaged. As a result, the status of the PDB cannot be calculated "
                                    "correctly, which may result in undefined behavior. To account for these pods please "
                                    "set \".spec.minAvailable\" field of the PDB to an integer value."));
        if (event == "NoPods") QCOMPARE(found[0].message(), std::string("No matching pods found"));
    } else {
        QVERIFY(env.events("UnmanagedPods").empty());
    }
}

void DisruptionTest::disruptedPodsExpire() {
    Env env;
    deploymentWithPods(env, 4, 4, 4);
    env.create(budget("minAvailable: 3"));
    env.settle();
    QCOMPARE(env.get<policy::PodDisruptionBudget>("poddisruptionbudgets", "web-pdb").status().disruptions_allowed(), 1);

    // As the eviction subresource would: web-0's eviction granted now; its delete never comes.
    auto pdb = env.get<policy::PodDisruptionBudget>("poddisruptionbudgets", "web-pdb");
    (*pdb.mutable_status()->mutable_disrupted_pods())["web-0"] = rfc3339::format(env.c->clock().nowUnixNanos());
    pdb.mutable_status()->set_disruptions_allowed(0);
    env.updateStatus("poddisruptionbudgets", pdb);
    env.settle();
    pdb = env.get<policy::PodDisruptionBudget>("poddisruptionbudgets", "web-pdb");
    QCOMPARE(pdb.status().current_healthy(), 3);  // web-0 no longer counts
    QCOMPARE(pdb.status().disruptions_allowed(), 0);
    QVERIFY(pdb.status().disrupted_pods().contains("web-0"));

    env.runFor(1min);
    QVERIFY(env.get<policy::PodDisruptionBudget>("poddisruptionbudgets", "web-pdb").status().disrupted_pods().contains("web-0"));
    // DeletionTimeout (2 minutes) later the controller gives up on that delete.
    env.runFor(61s);
    pdb = env.get<policy::PodDisruptionBudget>("poddisruptionbudgets", "web-pdb");
    QVERIFY(pdb.status().disrupted_pods().empty());
    QCOMPARE(pdb.status().current_healthy(), 4);
    QCOMPARE(pdb.status().disruptions_allowed(), 1);
    auto notDeleted = env.events("NotDeleted");
    QCOMPARE(notDeleted.size(), size_t(1));
    QCOMPARE(notDeleted[0].involved_object().name(), std::string("web-0"));
    QCOMPARE(notDeleted[0].type(), std::string("Warning"));
    // Upstream's text names the budget's namespace twice.
    QCOMPARE(notDeleted[0].message(), std::string("Pod was expected by PDB default/default to be deleted but it wasn't"));
}

void DisruptionTest::staleDisruptionTargetReset() {
    Env env;
    env.pod("lone", "", "", "", true);
    auto p = env.get<core::Pod>("pods", "lone");
    auto* cond = p.mutable_status()->add_conditions();
    cond->set_type("DisruptionTarget");
    cond->set_status("True");
    cond->set_reason("EvictionByEvictionAPI");
    cond->set_message("Eviction API: evicting");
    cond->set_last_transition_time(rfc3339::format(env.c->clock().nowUnixNanos()));
    env.updateStatus("pods", p);
    env.settle();
    const auto target = [&] {
        const auto pod = env.get<core::Pod>("pods", "lone");
        for (const auto& c : pod.status().conditions())
            if (c.type() == "DisruptionTarget") return c;
        return core::PodCondition();
    };
    env.runFor(119s);
    QCOMPARE(target().status(), std::string("True"));
    env.runFor(2s);
    QCOMPARE(target().status(), std::string("False"));
    QCOMPARE(target().reason(), std::string());
}

void DisruptionTest::syncFailedForControllerWithoutScale() {
    Env env;
    const std::string uid =
        env.create("apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent}\nspec:\n" + workloadTemplate());
    env.pod("agent-x", "DaemonSet", "agent", uid, true);
    env.create(budget("minAvailable: 50%"));
    env.settle();
    auto pdb = env.get<policy::PodDisruptionBudget>("poddisruptionbudgets", "web-pdb");
    QCOMPARE(pdb.status().disruptions_allowed(), 0);
    const policy::Condition* cond = disruptionAllowed(pdb);
    QVERIFY(cond);
    QCOMPARE(cond->status(), std::string("False"));
    QCOMPARE(cond->reason(), std::string("SyncFailed"));
    QCOMPARE(cond->message(), std::string("daemonsets.apps does not implement the scale subresource"));
    auto failed = env.events("CalculateExpectedPodCountFailed");
    QVERIFY(!failed.empty());
    QCOMPARE(failed[0].type(), std::string("Warning"));
    QCOMPARE(failed[0].message(),
             std::string("Failed to calculate the number of expected pods: daemonsets.apps does not implement the scale "
                         "subresource"));
}

QTEST_GUILESS_MAIN(DisruptionTest)
