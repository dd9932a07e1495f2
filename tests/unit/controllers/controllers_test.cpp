#include "controllers_test.h"

#include <QtTest>

#include <set>

#include "testing/create_manifests.h"
#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/object.h"
#include "apps_v1.pb.h"
#include "cluster/cluster.h"
#include "cluster/scheduler_component.h"
#include "controllers/deployment/deployment_controller.h"
#include "controllers/deployment/util/deployment_util.h"
#include "controllers/endpoint/endpoints_controller.h"
#include "controllers/garbagecollector/garbage_collector.h"
#include "controllers/nodelifecycle/node_lifecycle_controller.h"
#include "controllers/replicaset/replica_set.h"
#include "core_v1.pb.h"
#include "fake_kubelet.h"
#include "scheduler/apis/config/load.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;
namespace apps = k8s::io::api::apps::v1;

namespace {

struct Env {
    std::unique_ptr<cluster::Cluster> c;
    testing::FakeKubelet* kubelet = nullptr;

    // nodes empty: no kubelet and no scheduler (pods stay unscheduled).
    explicit Env(std::vector<std::string> nodes = {}, uint64_t seed = 1) {
        cluster::ClusterOptions o;
        o.seed = seed;
        auto created = cluster::Cluster::create(o);
        if (!created) qFatal("%s", created.status().message().c_str());
        c = std::move(*created);
        if (!nodes.empty()) {
            auto k = std::make_unique<testing::FakeKubelet>(c->apiServer(), c->clock(), nodes);
            kubelet = k.get();
            must(c->add(std::move(k)));
            scheduler::SchedulerOptions so;
            so.config = scheduler::config::defaultConfiguration();
            so.seed = seed;
            must(c->add(std::make_unique<cluster::SchedulerComponent>(c->apiServer(), c->clock(), so)));
        }
        controller::replicaset::ReplicaSetControllerOptions rso;
        rso.seed = seed;
        must(c->add(std::make_unique<controller::replicaset::ReplicaSetController>(c->apiServer(), c->clock(), rso)));
        must(c->add(std::make_unique<controller::deployment::DeploymentController>(c->apiServer(), c->clock())));
        must(c->add(std::make_unique<controller::garbagecollector::GarbageCollector>(c->apiServer(), c->clock())));
        must(c->add(std::make_unique<controller::nodelifecycle::NodeLifecycleController>(c->apiServer(), c->clock())));
    }

    static void must(const Status& s) {
        if (!s.isOk()) qFatal("%s", s.toString().c_str());
    }

    void apply(const std::string& yaml) {
        testing::createManifests(c->apiServer(), yaml);
        must(c->settle());
    }
    void run(int seconds) { must(c->runFor(std::chrono::seconds(seconds))); }

    template <typename T>
    std::vector<T> list(const char* resource) {
        apiserver::Request r;
        r.verb = "list";
        r.type = api::Scheme::instance().byName(resource);
        std::vector<T> out;
        for (auto& e : c->apiServer().handle(r).items) out.push_back(static_cast<const T&>(*e));
        return out;
    }
    template <typename T>
    T get(const char* resource, const std::string& name, const std::string& ns = "default") {
        apiserver::Request r;
        r.verb = "get";
        r.type = api::Scheme::instance().byName(resource);
        r.namespace_ = ns;
        r.name = name;
        auto resp = c->apiServer().handle(r);
        if (!resp.ok()) return T();
        return static_cast<const T&>(*resp.object);
    }
    // Merge patch.
    void patch(const char* resource, const std::string& name, const std::string& json) {
        apiserver::Request r;
        r.verb = "patch";
        r.type = api::Scheme::instance().byName(resource);
        r.namespace_ = "default";
        r.name = name;
        auto v = codec::parseJson(json);
        if (!v) qFatal("%s", v.status().message().c_str());
        r.patch = *v;
        auto resp = c->apiServer().handle(r);
        if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
        must(c->settle());
    }
    void remove(const char* resource, const std::string& name, const std::string& propagationPolicy = "") {
        apiserver::Request r;
        r.verb = "delete";
        r.type = api::Scheme::instance().byName(resource);
        r.namespace_ = "default";
        r.name = name;
        r.propagationPolicy = propagationPolicy;
        auto resp = c->apiServer().handle(r);
        if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
        must(c->settle());
    }
    std::vector<core::Event> events(const std::string& reason) {
        std::vector<core::Event> out;
        for (auto& e : list<core::Event>("events"))
            if (e.reason() == reason) out.push_back(e);
        return out;
    }
    std::vector<core::Pod> activePods() {
        std::vector<core::Pod> out;
        for (auto& p : list<core::Pod>("pods"))
            if (!p.metadata().has_deletion_timestamp()) out.push_back(p);
        return out;
    }
};

bool ready(const core::Pod& p) {
    for (const auto& c : p.status().conditions())
        if (c.type() == "Ready") return c.status() == "True";
    return false;
}

const char* kReplicaSet = R"(
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web, namespace: default}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m, memory: 64Mi}}}]
)";

std::string deployment(const std::string& strategy, int replicas, const std::string& image, int historyLimit = 10) {
    return R"(
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: )" + std::to_string(replicas) +
           R"(
  revisionHistoryLimit: )" + std::to_string(historyLimit) +
           R"(
  selector: {matchLabels: {app: web}}
  strategy: {type: )" + strategy +
           R"(}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: )" + image +
           R"(, resources: {requests: {cpu: 100m, memory: 64Mi}}}]
)";
}

}  // namespace

void ControllersTest::replicaSetCreatesAndDeletes() {
    Env env;
    env.apply(kReplicaSet);
    auto rs = env.get<apps::ReplicaSet>("replicasets", "web");
    auto pods = env.activePods();
    QCOMPARE(pods.size(), size_t(3));
    for (const auto& p : pods) {
        QVERIFY(QString::fromStdString(p.metadata().name()).startsWith("web-"));
        QCOMPARE(p.metadata().name().size(), size_t(9));
        for (char ch : p.metadata().name().substr(4)) QVERIFY(std::string(controller::kNameAlphabet).find(ch) != std::string::npos);
        QCOMPARE(p.metadata().generate_name(), std::string("web-"));
        QCOMPARE(p.metadata().owner_references_size(), 1);
        const auto& ref = p.metadata().owner_references(0);
        QCOMPARE(ref.kind(), std::string("ReplicaSet"));
        QCOMPARE(ref.api_version(), std::string("apps/v1"));
        QCOMPARE(ref.uid(), rs.metadata().uid());
        QVERIFY(ref.controller() && ref.block_owner_deletion());
    }
    auto created = env.events("SuccessfulCreate");
    QCOMPARE(created.size(), size_t(3));
    std::set<std::string> names;
    for (const auto& p : pods) names.insert("Created pod: " + p.metadata().name());
    for (const auto& e : created) {
        QVERIFY(names.contains(e.message()));
        QCOMPARE(e.source().component(), std::string("replicaset-controller"));
        QCOMPARE(e.involved_object().kind(), std::string("ReplicaSet"));
    }
    QCOMPARE(rs.status().replicas(), 3);
    QCOMPARE(rs.status().fully_labeled_replicas(), 3);
    QCOMPARE(rs.status().ready_replicas(), 0);
    QCOMPARE(rs.status().observed_generation(), rs.metadata().generation());

    env.patch("replicasets", "web", R"({"spec":{"replicas":1}})");
    QCOMPARE(env.activePods().size(), size_t(1));
    auto deleted = env.events("SuccessfulDelete");
    QCOMPARE(deleted.size(), size_t(2));
    QVERIFY(QString::fromStdString(deleted[0].message()).startsWith("Deleted pod: web-"));
    rs = env.get<apps::ReplicaSet>("replicasets", "web");
    QCOMPARE(rs.status().replicas(), 1);
    QCOMPARE(rs.status().observed_generation(), int64_t(2));

    // A deleted pod is replaced.
    env.remove("pods", env.activePods()[0].metadata().name());
    QCOMPARE(env.activePods().size(), size_t(1));
}

void ControllersTest::replicaSetAdoptsAndReleases() {
    Env env;
    env.apply(R"(
apiVersion: v1
kind: Pod
metadata: {name: orphan, namespace: default, labels: {app: web}}
spec:
  containers: [{name: c, image: nginx}]
)");
    env.apply(kReplicaSet);
    auto rs = env.get<apps::ReplicaSet>("replicasets", "web");
    QCOMPARE(env.activePods().size(), size_t(3));  // the orphan and two new ones
    auto orphan = env.get<core::Pod>("pods", "orphan");
    QCOMPARE(orphan.metadata().owner_references_size(), 1);
    QCOMPARE(orphan.metadata().owner_references(0).uid(), rs.metadata().uid());
    QCOMPARE(env.events("SuccessfulCreate").size(), size_t(2));

    // Relabelled: released, and replaced.
    env.patch("pods", "orphan", R"({"metadata":{"labels":{"app":"other"}}})");
    orphan = env.get<core::Pod>("pods", "orphan");
    QCOMPARE(orphan.metadata().owner_references_size(), 0);
    int owned = 0;
    for (const auto& p : env.activePods())
        if (p.metadata().owner_references_size() == 1) ++owned;
    QCOMPARE(owned, 3);
}

void ControllersTest::deploymentRollingUpdateStaysWithinBounds() {
    Env env({"node-a", "node-b"});
    env.apply(deployment("RollingUpdate", 4, "nginx:1.24"));
    env.run(30);
    auto d = env.get<apps::Deployment>("deployments", "web");
    auto rss = env.list<apps::ReplicaSet>("replicasets");
    QCOMPARE(rss.size(), size_t(1));
    const apps::ReplicaSet rs1 = rss[0];
    const std::string hash = rs1.metadata().labels().at("pod-template-hash");
    QCOMPARE(rs1.metadata().name(), "web-" + hash);
    QCOMPARE(rs1.spec().selector().match_labels().at("pod-template-hash"), hash);
    QCOMPARE(rs1.metadata().annotations().at("deployment.kubernetes.io/revision"), std::string("1"));
    QCOMPARE(rs1.metadata().annotations().at("deployment.kubernetes.io/desired-replicas"), std::string("4"));
    QCOMPARE(rs1.metadata().annotations().at("deployment.kubernetes.io/max-replicas"), std::string("5"));
    QCOMPARE(d.metadata().annotations().at("deployment.kubernetes.io/revision"), std::string("1"));
    QCOMPARE(d.status().replicas(), 4);
    QCOMPARE(d.status().updated_replicas(), 4);
    QCOMPARE(d.status().available_replicas(), 4);
    QCOMPARE(d.status().unavailable_replicas(), 0);
    const auto* avail = controller::deployment::util::condition(d.status(), "Available");
    const auto* prog = controller::deployment::util::condition(d.status(), "Progressing");
    QVERIFY(avail && prog);
    QCOMPARE(avail->reason(), std::string("MinimumReplicasAvailable"));
    QCOMPARE(avail->message(), std::string("Deployment has minimum availability."));
    QCOMPARE(prog->reason(), std::string("NewReplicaSetAvailable"));
    QCOMPARE(prog->message(), "ReplicaSet \"" + rs1.metadata().name() + "\" has successfully progressed.");
    auto scaling = env.events("ScalingReplicaSet");
    QCOMPARE(scaling.size(), size_t(1));
    QCOMPARE(scaling[0].message(), "Scaled up replica set " + rs1.metadata().name() + " to 4");

    // Roll out a new image; check the bounds at every instant something happens.
    env.patch("deployments", "web", R"({"spec":{"template":{"spec":{"containers":[{"name":"c","image":"nginx:1.25"}]}}}})");
    const sim::Time end = env.c->loop().now() + std::chrono::seconds(120);
    int steps = 0;
    for (;;) {
        int32_t specTotal = 0;
        for (const auto& rs : env.list<apps::ReplicaSet>("replicasets")) specTotal += rs.spec().replicas();
        QVERIFY2(specTotal <= 5, "ReplicaSets above replicas + maxSurge");
        int active = 0, readyCount = 0;
        for (const auto& p : env.activePods()) {
            ++active;
            if (ready(p)) ++readyCount;
        }
        QVERIFY2(active <= 5, "pods above replicas + maxSurge");
        QVERIFY2(readyCount >= 3, "available pods below replicas - maxUnavailable");
        auto next = env.c->loop().nextEventTime();
        if (!next || *next > end) break;
        Env::must(env.c->runUntil(*next));
        ++steps;
    }
    QVERIFY(steps > 3);
    d = env.get<apps::Deployment>("deployments", "web");
    rss = env.list<apps::ReplicaSet>("replicasets");
    QCOMPARE(rss.size(), size_t(2));
    const apps::ReplicaSet* newRS = nullptr;
    for (const auto& rs : rss)
        if (rs.metadata().uid() != rs1.metadata().uid()) newRS = &rs;
    QVERIFY(newRS);
    QCOMPARE(newRS->metadata().annotations().at("deployment.kubernetes.io/revision"), std::string("2"));
    QCOMPARE(d.metadata().annotations().at("deployment.kubernetes.io/revision"), std::string("2"));
    QCOMPARE(newRS->spec().replicas(), 4);
    QCOMPARE(d.status().updated_replicas(), 4);
    QCOMPARE(d.status().available_replicas(), 4);
    QCOMPARE(d.status().replicas(), 4);
    QCOMPARE(controller::deployment::util::condition(d.status(), "Progressing")->reason(),
             std::string("NewReplicaSetAvailable"));
    for (const auto& p : env.activePods()) QCOMPARE(p.spec().containers(0).image(), std::string("nginx:1.25"));
    bool sawFrom = false;
    for (const auto& e : env.events("ScalingReplicaSet"))
        if (QString::fromStdString(e.message())
                .startsWith(QString::fromStdString("Scaled down replica set " + rs1.metadata().name() + " to 0 from ")))
            sawFrom = true;
    QVERIFY(sawFrom);
}

void ControllersTest::deploymentRecreate() {
    Env env({"node-a"});
    env.apply(deployment("Recreate", 3, "nginx:1.24"));
    env.run(20);
    const apps::ReplicaSet old = env.list<apps::ReplicaSet>("replicasets").at(0);
    env.patch("deployments", "web", R"({"spec":{"template":{"spec":{"containers":[{"name":"c","image":"nginx:1.25"}]}}}})");
    const sim::Time end = env.c->loop().now() + std::chrono::seconds(60);
    for (;;) {
        int oldPods = 0, newPods = 0;
        for (const auto& p : env.list<core::Pod>("pods")) {
            (p.metadata().owner_references(0).uid() == old.metadata().uid() ? oldPods : newPods)++;
        }
        QVERIFY2(oldPods == 0 || newPods == 0, "Recreate ran old and new pods together");
        auto next = env.c->loop().nextEventTime();
        if (!next || *next > end) break;
        Env::must(env.c->runUntil(*next));
    }
    auto d = env.get<apps::Deployment>("deployments", "web");
    QCOMPARE(d.status().updated_replicas(), 3);
    QCOMPARE(d.status().available_replicas(), 3);
    QCOMPARE(env.activePods().size(), size_t(3));
}

void ControllersTest::deploymentScalingAndHistoryLimit() {
    Env env({"node-a", "node-b"});
    env.apply(deployment("RollingUpdate", 4, "nginx:1", 1));
    env.run(30);
    for (const char* image : {"nginx:2", "nginx:3"}) {
        env.patch("deployments", "web",
                  std::string(R"({"spec":{"template":{"spec":{"containers":[{"name":"c","image":")") + image + R"("}]}}}})");
        env.run(60);
    }
    auto rss = env.list<apps::ReplicaSet>("replicasets");
    QCOMPARE(rss.size(), size_t(2));  // the new one and revisionHistoryLimit = 1 old one
    std::set<std::string> revisions;
    for (const auto& rs : rss) revisions.insert(rs.metadata().annotations().at("deployment.kubernetes.io/revision"));
    QCOMPARE(revisions, (std::set<std::string>{"2", "3"}));

    env.patch("deployments", "web", R"({"spec":{"replicas":6}})");
    env.run(30);
    auto d = env.get<apps::Deployment>("deployments", "web");
    QCOMPARE(d.status().replicas(), 6);
    QCOMPARE(d.status().available_replicas(), 6);
    QCOMPARE(env.activePods().size(), size_t(6));
    std::string newName;
    for (const auto& rs : env.list<apps::ReplicaSet>("replicasets"))
        if (rs.spec().replicas() == 6) newName = rs.metadata().name();
    QVERIFY(!newName.empty());
    // The deployment has had more than ten different ScalingReplicaSet messages within ten
    // minutes by now: the event correlator records this one combined.
    bool saw = false;
    for (const auto& e : env.events("ScalingReplicaSet"))
        saw = saw || e.message() == "(combined from similar events): Scaled up replica set " + newName + " to 6 from 4";
    QVERIFY(saw);
}

void ControllersTest::garbageCollectorCascades() {
    Env env({"node-a"});
    env.apply(deployment("RollingUpdate", 2, "nginx", 10));
    env.run(20);
    QCOMPARE(env.list<apps::ReplicaSet>("replicasets").size(), size_t(1));
    QCOMPARE(env.list<core::Pod>("pods").size(), size_t(2));
    env.remove("deployments", "web");
    env.run(10);
    QCOMPARE(env.list<apps::ReplicaSet>("replicasets").size(), size_t(0));
    QCOMPARE(env.list<core::Pod>("pods").size(), size_t(0));
}

void ControllersTest::garbageCollectorForeground() {
    Env env({"node-a"});
    env.apply(deployment("RollingUpdate", 2, "nginx", 10));
    env.run(20);
    QCOMPARE(env.activePods().size(), size_t(2));
    env.remove("deployments", "web", "Foreground");
    // The Deployment waits (deletingDependents) for its ReplicaSet, which waits for its pods.
    auto d = env.get<apps::Deployment>("deployments", "web");
    QVERIFY(d.metadata().has_deletion_timestamp());
    QCOMPARE(std::vector<std::string>(d.metadata().finalizers().begin(), d.metadata().finalizers().end()),
             std::vector<std::string>{"foregroundDeletion"});
    auto rsList = env.list<apps::ReplicaSet>("replicasets");
    QCOMPARE(rsList.size(), size_t(1));
    QVERIFY(rsList[0].metadata().has_deletion_timestamp());
    QCOMPARE(rsList[0].metadata().finalizers(0), std::string("foregroundDeletion"));
    auto pods = env.list<core::Pod>("pods");
    QCOMPARE(pods.size(), size_t(2));
    for (const auto& p : pods) QVERIFY(p.metadata().has_deletion_timestamp());  // terminating, not replaced
    env.run(10);
    QCOMPARE(env.list<core::Pod>("pods").size(), size_t(0));
    QCOMPARE(env.list<apps::ReplicaSet>("replicasets").size(), size_t(0));
    QCOMPARE(env.list<apps::Deployment>("deployments").size(), size_t(0));
}

void ControllersTest::garbageCollectorOrphan() {
    Env env({"node-a"});
    env.apply(deployment("RollingUpdate", 2, "nginx", 10));
    env.run(20);
    env.remove("deployments", "web", "Orphan");
    env.run(10);
    QCOMPARE(env.list<apps::Deployment>("deployments").size(), size_t(0));
    auto rsList = env.list<apps::ReplicaSet>("replicasets");
    QCOMPARE(rsList.size(), size_t(1));  // orphaned: it stays, without the reference
    QCOMPARE(rsList[0].metadata().owner_references_size(), 0);
    QVERIFY(!rsList[0].metadata().has_deletion_timestamp());
    QCOMPARE(rsList[0].metadata().finalizers_size(), 0);
    auto pods = env.activePods();
    QCOMPARE(pods.size(), size_t(2));  // still owned by the ReplicaSet
    for (const auto& p : pods) QCOMPARE(p.metadata().owner_references(0).name(), rsList[0].metadata().name());
    // The ReplicaSet still does its job.
    env.remove("replicasets", rsList[0].metadata().name(), "Background");
    env.run(10);
    QCOMPARE(env.list<core::Pod>("pods").size(), size_t(0));
}

const char* kEndpointsWorkload = R"(
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: c
        image: nginx
        ports: [{name: http, containerPort: 8080}]
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: default, labels: {tier: front}}
spec:
  selector: {app: web}
  ports:
  - {name: http, port: 80, targetPort: http}
  - {name: metrics, port: 9090}
---
apiVersion: v1
kind: Service
metadata: {name: db, namespace: default}
spec:
  clusterIP: None
  selector: {app: web}
---
apiVersion: v1
kind: Service
metadata: {name: external, namespace: default}
spec:
  ports: [{port: 5432}]
---
apiVersion: v1
kind: Endpoints
metadata: {name: external, namespace: default}
subsets:
- addresses: [{ip: 192.0.2.10}]
  ports: [{port: 5432}]
)";

void ControllersTest::endpointsController() {
    Env env({"node-a", "node-b"});
    controller::endpoint::EndpointsControllerOptions o;
    o.maxCapacity = 3;
    Env::must(env.c->add(std::make_unique<controller::endpoint::EndpointsController>(env.c->apiServer(), env.c->clock(), o)));
    env.apply(kEndpointsWorkload);
    env.run(10);

    auto ep = env.get<core::Endpoints>("endpoints", "web");
    QCOMPARE(ep.metadata().labels().at("tier"), std::string("front"));
    QVERIFY(ep.metadata().annotations().contains("endpoints.kubernetes.io/last-change-trigger-time"));
    QCOMPARE(ep.subsets_size(), 1);
    const auto& ss = ep.subsets(0);
    QCOMPARE(ss.addresses_size(), 2);
    QCOMPARE(ss.not_ready_addresses_size(), 0);
    QVERIFY(ss.addresses(0).ip() < ss.addresses(1).ip());  // sorted by IP
    for (const auto& a : ss.addresses()) {
        QCOMPARE(a.target_ref().kind(), std::string("Pod"));
        QVERIFY(!a.node_name().empty());
    }
    QCOMPARE(ss.ports_size(), 2);
    std::map<std::string, int32_t> ports;
    for (const auto& p : ss.ports()) {
        ports[p.name()] = p.port();
        QCOMPARE(p.protocol(), std::string("TCP"));
    }
    QCOMPARE(ports, (std::map<std::string, int32_t>{{"http", 8080}, {"metrics", 9090}}));  // named targetPort resolved

    // Headless without ports: addresses only, and the headless label.
    auto db = env.get<core::Endpoints>("endpoints", "db");
    QVERIFY(db.metadata().labels().contains("service.kubernetes.io/headless"));
    QCOMPARE(db.subsets_size(), 1);
    QCOMPARE(db.subsets(0).addresses_size(), 2);
    QCOMPARE(db.subsets(0).ports_size(), 0);
    // A Service without a selector: its Endpoints are the user's, left alone.
    auto ext = env.get<core::Endpoints>("endpoints", "external");
    QCOMPARE(ext.subsets(0).addresses(0).ip(), std::string("192.0.2.10"));
    QCOMPARE(ext.subsets(0).ports(0).protocol(), std::string("TCP"));  // defaulted

    // A pod that turns unready moves to notReadyAddresses.
    const std::string unready = ss.addresses(0).target_ref().name();
    apiserver::Request st;
    st.verb = "patch";
    st.type = api::Scheme::instance().byName("pods");
    st.namespace_ = "default";
    st.name = unready;
    st.subresource = "status";
    st.patch = *codec::parseJson(R"({"status":{"conditions":[{"type":"Ready","status":"False"}]}})");
    QVERIFY(env.c->apiServer().handle(st).ok());
    env.run(1);
    ep = env.get<core::Endpoints>("endpoints", "web");
    QCOMPARE(ep.subsets(0).addresses_size(), 1);
    QCOMPARE(ep.subsets(0).not_ready_addresses_size(), 1);
    QCOMPARE(ep.subsets(0).not_ready_addresses(0).target_ref().name(), unready);

    // Over capacity (3 here, 1000 upstream): ready addresses are kept first, the object says so.
    env.patch("replicasets", "web", R"({"spec":{"replicas":4}})");
    env.run(10);
    ep = env.get<core::Endpoints>("endpoints", "web");
    QCOMPARE(ep.subsets(0).addresses_size() + ep.subsets(0).not_ready_addresses_size(), 3);
    QCOMPARE(ep.subsets(0).addresses_size(), 3);
    QCOMPARE(ep.metadata().annotations().at("endpoints.kubernetes.io/over-capacity"), std::string("truncated"));

    // The Service goes, and its Endpoints with it.
    env.remove("services", "web");
    env.run(1);
    QCOMPARE(env.list<core::Endpoints>("endpoints").size(), size_t(3));  // db, external and kubernetes
    // kube-apiserver's own, for the kubernetes Service, is not the controller's to touch.
    auto api = env.get<core::Endpoints>("endpoints", "kubernetes");
    QCOMPARE(api.subsets(0).addresses(0).ip(), std::string("10.0.0.1"));
    QCOMPARE(api.subsets(0).ports(0).port(), 6443);
}

void ControllersTest::nodeLifecycleTaintsAndEvicts() {
    Env env({"node-a", "node-b"});
    env.apply(deployment("RollingUpdate", 2, "nginx", 10));
    env.run(20);
    auto pods = env.activePods();
    QCOMPARE(pods.size(), size_t(2));
    const std::string victim = pods[0].spec().node_name();
    const std::string survivor = victim == "node-a" ? "node-b" : "node-a";
    QVERIFY(!env.events("RegisteredNode").empty());
    env.kubelet->stopNode(victim);
    const sim::Time stopped = env.c->loop().now();

    env.run(35);
    auto node = env.get<core::Node>("nodes", victim, "");
    for (const auto& c : node.status().conditions())
        if (c.type() == "Ready") QCOMPARE(c.status(), std::string("True"));  // within the grace period
    env.run(15);  // 50 s: past 40 s grace + a monitor period + the tainting pass
    node = env.get<core::Node>("nodes", victim, "");
    const core::NodeCondition* readyCond = nullptr;
    for (const auto& c : node.status().conditions())
        if (c.type() == "Ready") readyCond = &c;
    QVERIFY(readyCond);
    QCOMPARE(readyCond->status(), std::string("Unknown"));
    QCOMPARE(readyCond->reason(), std::string("NodeStatusUnknown"));
    QCOMPARE(readyCond->message(), std::string("Kubelet stopped posting node status."));
    std::set<std::string> taints;
    for (const auto& t : node.spec().taints()) {
        taints.insert(t.key() + ":" + t.effect());
        QVERIFY(t.has_time_added());
    }
    QVERIFY(taints.contains("node.kubernetes.io/unreachable:NoSchedule"));
    QVERIFY(taints.contains("node.kubernetes.io/unreachable:NoExecute"));
    bool nodeEvent = false;
    for (const auto& e : env.events("NodeNotReady")) {
        if (e.involved_object().kind() == "Pod") {
            QCOMPARE(e.message(), std::string("Node is not ready"));
            QCOMPARE(e.type(), std::string("Warning"));
        } else {
            nodeEvent = nodeEvent || e.message() == "Node " + victim + " status is now: NodeNotReady";
        }
    }
    QVERIFY(nodeEvent);
    QVERIFY(env.events("TaintManagerEviction").empty());

    // DefaultTolerationSeconds: 300 s after the NoExecute taint the pods go.
    env.run(290);
    QVERIFY(env.events("TaintManagerEviction").empty());
    env.run(20);
    auto evictions = env.events("TaintManagerEviction");
    QVERIFY(!evictions.empty());
    for (const auto& e : evictions) {
        QVERIFY(QString::fromStdString(e.message()).startsWith("Marking for deletion Pod default/web-"));
        QCOMPARE(e.source().component(), std::string("taint-controller"));
    }
    env.run(10);
    int onSurvivor = 0;
    for (const auto& p : env.activePods()) {
        QCOMPARE(p.spec().node_name(), survivor);
        if (ready(p)) ++onSurvivor;
    }
    QCOMPARE(onSurvivor, 2);
    Q_UNUSED(stopped);
}

void ControllersTest::deterministic() {
    auto once = [] {
        Env env({"node-a", "node-b"});
        env.apply(deployment("RollingUpdate", 3, "nginx:1", 10));
        env.run(20);
        env.patch("deployments", "web", R"({"spec":{"template":{"spec":{"containers":[{"name":"c","image":"nginx:2"}]}}}})");
        env.run(40);
        std::vector<std::string> out;
        for (const auto& p : env.list<core::Pod>("pods")) out.push_back(p.metadata().name() + "@" + p.spec().node_name());
        for (const auto& e : env.list<core::Event>("events")) out.push_back(e.reason() + ":" + e.message());
        return out;
    };
    const auto a = once();
    const auto b = once();
    QVERIFY(a.size() > 5);
    QCOMPARE(a, b);
}

void ControllersTest::podTemplateHash() {
    core::PodTemplateSpec t;
    (*t.mutable_metadata()->mutable_labels())["app"] = "web";
    t.mutable_spec()->add_containers()->set_image("nginx");
    const std::string h = controller::deployment::util::computeHash(t, std::nullopt);
    QVERIFY(!h.empty());
    for (char ch : h) QVERIFY(std::string("456789bcdf").find(ch) != std::string::npos);
    QCOMPARE(controller::deployment::util::computeHash(t, std::nullopt), h);
    QVERIFY(controller::deployment::util::computeHash(t, 1) != h);
    // maxSurge / maxUnavailable rounding.
    apps::Deployment d;
    d.mutable_spec()->set_replicas(10);
    d.mutable_spec()->mutable_strategy()->set_type("RollingUpdate");
    auto* ru = d.mutable_spec()->mutable_strategy()->mutable_rolling_update();
    ru->mutable_max_surge()->set_type(1);
    ru->mutable_max_surge()->set_str_val("25%");
    ru->mutable_max_unavailable()->set_type(1);
    ru->mutable_max_unavailable()->set_str_val("25%");
    QCOMPARE(controller::deployment::util::maxSurge(d), 3);        // 2.5 up
    QCOMPARE(controller::deployment::util::maxUnavailable(d), 2);  // 2.5 down
    ru->mutable_max_surge()->set_str_val("0%");
    ru->mutable_max_unavailable()->set_str_val("0%");
    QCOMPARE(controller::deployment::util::maxUnavailable(d), 1);  // both 0: unavailable 1
}

QTEST_GUILESS_MAIN(ControllersTest)
