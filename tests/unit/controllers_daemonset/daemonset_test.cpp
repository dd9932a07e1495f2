#include "daemonset_test.h"

#include <QtTest>

#include <map>
#include <set>

#include "api/codec/json.h"
#include "api/codec/yaml.h"
#include "api/object.h"
#include "api/scheme.h"
#include "apps_v1.pb.h"
#include "cluster/cluster.h"
#include "cluster/components.h"
#include "core_v1.pb.h"
#include "testing/create_manifests.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;
namespace apps = k8s::io::api::apps::v1;

namespace {

void must(const Status& s) {
    if (!s.isOk()) qFatal("%s", s.toString().c_str());
}

std::string nodeYaml(const std::string& name, const std::string& labels = "", const std::string& specExtra = "") {
    return "apiVersion: v1\nkind: Node\nmetadata: {name: " + name + ", labels: {kubernetes.io/hostname: " + name +
           (labels.empty() ? "" : ", " + labels) + "}}\nspec: {podCIDR: 10.244." +
           std::to_string(std::hash<std::string>{}(name) % 200 + 1) + ".0/24" +
           (specExtra.empty() ? "" : ", " + specExtra) +
           "}\nstatus: {capacity: {cpu: \"4\", memory: 8Gi, pods: \"110\"}}\n---\n";
}

// A DaemonSet "agent" (app: agent) in default; `spec` and `podSpec` are extra flow-map entries.
std::string dsYaml(const std::string& spec = "", const std::string& podSpec = "", const std::string& image = "busybox:1.36") {
    return "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent, namespace: default}\n"
           "spec: {selector: {matchLabels: {app: agent}}" + (spec.empty() ? "" : ", " + spec) +
           ", template: {metadata: {labels: {app: agent}}, spec: {" + (podSpec.empty() ? "" : podSpec + ", ") +
           "containers: [{name: agent, image: \"" + image + "\"}]}}}\n";
}

struct Env {
    std::unique_ptr<cluster::Cluster> c;
    cluster::ScenarioRunner::NodeActionHandler nodeActions;

    explicit Env(uint64_t seed = 1) {
        cluster::ClusterOptions o;
        o.seed = seed;
        auto created = cluster::Cluster::create(o);
        if (!created) qFatal("%s", created.status().message().c_str());
        c = std::move(*created);
        auto handler = cluster::addStandardComponents(*c);
        if (!handler) qFatal("%s", handler.status().message().c_str());
        nodeActions = *handler;
    }

    void apply(const std::string& yaml) {
        testing::createManifests(c->apiServer(), yaml);
        must(c->settle());
    }
    void run(int seconds) { must(c->runFor(std::chrono::seconds(seconds))); }

    apiserver::Response request(const char* verb, const char* resource, const std::string& name = "",
                                const std::string& ns = "default") {
        apiserver::Request r;
        r.verb = verb;
        r.type = api::Scheme::instance().byName(resource);
        r.namespace_ = r.type->namespaced ? ns : "";
        r.name = name;
        return c->apiServer().handle(r);
    }
    template <typename T>
    std::vector<T> list(const char* resource) {
        std::vector<T> out;
        for (auto& e : request("list", resource).items) out.push_back(static_cast<const T&>(*e));
        return out;
    }
    apps::DaemonSet ds(const std::string& name = "agent") {
        auto resp = request("get", "daemonsets", name);
        if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
        return static_cast<const apps::DaemonSet&>(*resp.object);
    }
    // A merge patch (JSON text) through the API server.
    Status patch(const char* resource, const std::string& name, const std::string& json, const std::string& sub = "") {
        apiserver::Request r;
        r.verb = "patch";
        r.type = api::Scheme::instance().byName(resource);
        r.namespace_ = r.type->namespaced ? "default" : "";
        r.name = name;
        r.subresource = sub;
        auto v = codec::parseJson(json);
        if (!v) qFatal("%s", v.status().message().c_str());
        r.patch = *v;
        Status st = c->apiServer().handle(r).status;
        if (st.isOk()) st = c->settle();
        return st;
    }
    Status remove(const char* resource, const std::string& name) {
        Status st = request("delete", resource, name).status;
        if (st.isOk()) st = c->settle();
        return st;
    }
    // The DaemonSet's pods not being deleted.
    std::vector<core::Pod> daemonPods() {
        std::vector<core::Pod> out;
        for (auto& p : list<core::Pod>("pods")) {
            if (p.metadata().has_deletion_timestamp()) continue;
            for (const auto& ref : p.metadata().owner_references())
                if (ref.kind() == "DaemonSet" && ref.controller()) out.push_back(p);
        }
        return out;
    }
    // node -> number of live daemon pods bound there ("" = unscheduled).
    std::map<std::string, int> podsPerNode() {
        std::map<std::string, int> out;
        for (const auto& p : daemonPods()) ++out[p.spec().node_name()];
        return out;
    }
    std::vector<core::Event> events(const std::string& reason) {
        std::vector<core::Event> out;
        for (auto& e : list<core::Event>("events"))
            if (e.reason() == reason) out.push_back(e);
        return out;
    }
};

bool ready(const core::Pod& pod) {
    for (const auto& c : pod.status().conditions())
        if (c.type() == "Ready") return c.status() == "True";
    return false;
}

std::string joined(const std::map<std::string, int>& perNode) {
    std::string out;
    for (const auto& [node, n] : perNode) out += (out.empty() ? "" : ",") + (node.empty() ? "<none>" : node) + (n == 1 ? "" : "x" + std::to_string(n));
    return out;
}

}  // namespace

void DaemonSetTest::defaultsAndValidation_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("podSpec");
    QTest::addColumn<QString>("error");  // "" = accepted
    QTest::newRow("defaults") << "" << "" << "";
    QTest::newRow("OnDelete") << "updateStrategy: {type: OnDelete}" << "" << "";
    QTest::newRow("surge") << "updateStrategy: {rollingUpdate: {maxUnavailable: 0, maxSurge: 25%}}" << "" << "";
    QTest::newRow("both set") << "updateStrategy: {rollingUpdate: {maxUnavailable: 1, maxSurge: 1}}" << ""
                              << "spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: "
                                 "intstr.IntOrString{Type:0, IntVal:1, StrVal:\"\"}: may not be set when maxUnavailable is non-zero";
    QTest::newRow("both zero") << "updateStrategy: {rollingUpdate: {maxUnavailable: 0}}" << ""
                               << "spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0";
    QTest::newRow("over 100%") << "updateStrategy: {rollingUpdate: {maxUnavailable: 120%}}" << ""
                               << "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "
                                  "intstr.IntOrString{Type:1, IntVal:0, StrVal:\"120%\"}: must not be greater than 100%";
    QTest::newRow("unknown type") << "updateStrategy: {type: Sometimes}" << ""
                                  << "spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:\"Sometimes\", "
                                     "RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: \"RollingUpdate\", \"OnDelete\"";
    QTest::newRow("restartPolicy") << "" << "restartPolicy: Never"
                                   << "spec.template.spec.restartPolicy: Unsupported value: \"Never\": supported values: \"Always\"";
    QTest::newRow("negative history") << "revisionHistoryLimit: -1" << ""
                                      << "spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0";
}

void DaemonSetTest::defaultsAndValidation() {
    QFETCH(QString, spec);
    QFETCH(QString, podSpec);
    QFETCH(QString, error);
    Env env;
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifests(dsYaml(spec.toStdString(), podSpec.toStdString()), "test.yaml", &warnings);
    QVERIFY(manifests.isOk());
    apiserver::Request r;
    r.verb = "create";
    r.type = (*manifests)[0].type;
    r.namespace_ = "default";
    r.body = std::shared_ptr<google::protobuf::Message>(std::move((*manifests)[0].object));
    auto resp = env.c->apiServer().handle(r);
    if (!error.isEmpty()) {
        QVERIFY(!resp.ok());
        QVERIFY2(QString::fromStdString(resp.status.message()).contains(error), resp.status.message().c_str());
        return;
    }
    QVERIFY2(resp.ok(), resp.status.message().c_str());
    const apps::DaemonSet ds = env.ds();
    QCOMPARE(ds.metadata().annotations().at("deprecated.daemonset.template.generation"), std::string("1"));
    QCOMPARE(ds.spec().revision_history_limit(), 10);
    if (QTest::currentDataTag() == QLatin1String("defaults")) {
        QCOMPARE(ds.spec().update_strategy().type(), std::string("RollingUpdate"));
        QCOMPARE(ds.spec().update_strategy().rolling_update().max_unavailable().int_val(), 1);
        QVERIFY(ds.spec().update_strategy().rolling_update().has_max_surge());
        QCOMPARE(ds.spec().update_strategy().rolling_update().max_surge().int_val(), 0);
        // The template generation follows template changes only.
        must(env.patch("daemonsets", "agent", R"({"metadata":{"labels":{"team":"infra"}}})"));
        QCOMPARE(env.ds().metadata().annotations().at("deprecated.daemonset.template.generation"), std::string("1"));
        must(env.patch("daemonsets", "agent",
                       R"({"spec":{"template":{"spec":{"containers":[{"name":"agent","image":"busybox:1.37"}]}}}})"));
        QCOMPARE(env.ds().metadata().annotations().at("deprecated.daemonset.template.generation"), std::string("2"));
        QCOMPARE(env.ds().metadata().generation(), int64_t(2));
    }
    if (QTest::currentDataTag() == QLatin1String("OnDelete"))
        QVERIFY(!ds.spec().update_strategy().has_rolling_update());
}

void DaemonSetTest::placement_data() {
    QTest::addColumn<QString>("nodes");
    QTest::addColumn<QString>("podSpec");
    QTest::addColumn<QString>("expected");  // nodes with one pod each
    const std::string abc = nodeYaml("a") + nodeYaml("b") + nodeYaml("c");
    QTest::newRow("every node") << QString::fromStdString(abc) << "" << "a,b,c";
    QTest::newRow("nodeSelector")
        << QString::fromStdString(nodeYaml("a", "disk: ssd") + nodeYaml("b") + nodeYaml("c", "disk: ssd"))
        << "nodeSelector: {disk: ssd}" << "a,c";
    QTest::newRow("required node affinity")
        << QString::fromStdString(nodeYaml("a", "zone: z1") + nodeYaml("b", "zone: z2") + nodeYaml("c"))
        << "affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: "
           "[{matchExpressions: [{key: zone, operator: In, values: [z1, z2]}]}]}}}"
        << "a,b";
    QTest::newRow("NoSchedule taint not tolerated")
        << QString::fromStdString(nodeYaml("a") + nodeYaml("b", "", "taints: [{key: dedicated, value: gpu, effect: NoSchedule}]") +
                                  nodeYaml("c"))
        << "" << "a,c";
    QTest::newRow("NoSchedule taint tolerated")
        << QString::fromStdString(nodeYaml("a") + nodeYaml("b", "", "taints: [{key: dedicated, value: gpu, effect: NoSchedule}]") +
                                  nodeYaml("c"))
        << "tolerations: [{key: dedicated, operator: Exists, effect: NoSchedule}]" << "a,b,c";
    QTest::newRow("NoExecute taint not tolerated")
        << QString::fromStdString(nodeYaml("a") + nodeYaml("b") + nodeYaml("c", "", "taints: [{key: maintenance, effect: NoExecute}]"))
        << "" << "a,b";
    QTest::newRow("PreferNoSchedule ignored")
        << QString::fromStdString(nodeYaml("a", "", "taints: [{key: spot, effect: PreferNoSchedule}]") + nodeYaml("b"))
        << "" << "a,b";
    QTest::newRow("cordoned node still runs it")
        << QString::fromStdString(nodeYaml("a") + nodeYaml("b", "", "unschedulable: true")) << "" << "a,b";
    QTest::newRow("template nodeName") << QString::fromStdString(abc) << "nodeName: b" << "b";
}

void DaemonSetTest::placement() {
    QFETCH(QString, nodes);
    QFETCH(QString, podSpec);
    QFETCH(QString, expected);
    Env env;
    env.apply(nodes.toStdString());
    env.run(5);
    env.apply(dsYaml("", podSpec.toStdString()));
    env.run(30);
    QCOMPARE(QString::fromStdString(joined(env.podsPerNode())), expected);
    const apps::DaemonSet ds = env.ds();
    const int n = static_cast<int>(expected.split(',').size());
    QCOMPARE(ds.status().desired_number_scheduled(), n);
    QCOMPARE(ds.status().current_number_scheduled(), n);
    QCOMPARE(ds.status().number_misscheduled(), 0);
}

void DaemonSetTest::podShape() {
    Env env;
    env.apply(nodeYaml("a") + nodeYaml("b"));
    env.run(5);
    env.apply(dsYaml("", "hostNetwork: true"));
    env.run(20);
    const auto pods = env.daemonPods();
    QCOMPARE(pods.size(), size_t(2));
    const apps::DaemonSet ds = env.ds();
    auto revisions = env.list<apps::ControllerRevision>("controllerrevisions");
    QCOMPARE(revisions.size(), size_t(1));
    const auto& rev = revisions[0];
    const std::string hash = rev.metadata().labels().at("controller-revision-hash");
    QCOMPARE(rev.metadata().name(), "agent-" + hash);
    QCOMPARE(rev.revision(), int64_t(1));
    QVERIFY(QString::fromStdString(rev.data()).startsWith(R"({"spec":{"template":{"$patch":"replace","metadata":)"));
    QCOMPARE(rev.metadata().owner_references(0).uid(), ds.metadata().uid());
    std::set<std::string> created;
    for (const auto& e : env.events("SuccessfulCreate")) {
        QCOMPARE(e.source().component(), std::string("daemonset-controller"));
        QCOMPARE(e.involved_object().kind(), std::string("DaemonSet"));
        created.insert(e.message());
    }
    for (const auto& pod : pods) {
        QVERIFY(created.contains("Created pod: " + pod.metadata().name()));
        QVERIFY(pod.metadata().name().starts_with("agent-"));
        QCOMPARE(pod.metadata().labels().at("controller-revision-hash"), hash);
        QCOMPARE(pod.metadata().labels().at("pod-template-generation"), std::string("1"));
        const auto& ref = pod.metadata().owner_references(0);
        QCOMPARE(ref.api_version(), std::string("apps/v1"));
        QCOMPARE(ref.kind(), std::string("DaemonSet"));
        QCOMPARE(ref.name(), std::string("agent"));
        QVERIFY(ref.controller() && ref.block_owner_deletion());
        const auto& terms = pod.spec().affinity().node_affinity().required_during_scheduling_ignored_during_execution().node_selector_terms();
        QCOMPARE(terms.size(), 1);
        QCOMPARE(terms[0].match_fields(0).key(), std::string("metadata.name"));
        QCOMPARE(terms[0].match_fields(0).operator_(), std::string("In"));
        QCOMPARE(terms[0].match_fields(0).values(0), pod.spec().node_name());
        std::set<std::string> tolerated;
        for (const auto& t : pod.spec().tolerations()) {
            QCOMPARE(t.operator_(), std::string("Exists"));
            QVERIFY(!t.has_toleration_seconds());  // DefaultTolerationSeconds left them alone
            tolerated.insert(t.key() + ":" + t.effect());
        }
        QCOMPARE(tolerated, (std::set<std::string>{
                                "node.kubernetes.io/not-ready:NoExecute", "node.kubernetes.io/unreachable:NoExecute",
                                "node.kubernetes.io/disk-pressure:NoSchedule", "node.kubernetes.io/memory-pressure:NoSchedule",
                                "node.kubernetes.io/pid-pressure:NoSchedule", "node.kubernetes.io/unschedulable:NoSchedule",
                                "node.kubernetes.io/network-unavailable:NoSchedule"}));
    }
}

void DaemonSetTest::followsNodes() {
    Env env;
    env.apply(nodeYaml("a", "role: agent") + nodeYaml("b", "role: agent"));
    env.run(5);
    env.apply(dsYaml("", "nodeSelector: {role: agent}"));
    env.run(20);
    QCOMPARE(QString::fromStdString(joined(env.podsPerNode())), QStringLiteral("a,b"));
    // A new node that matches gets a pod; one that does not, none.
    env.apply(nodeYaml("c", "role: agent") + nodeYaml("d"));
    env.run(20);
    QCOMPARE(QString::fromStdString(joined(env.podsPerNode())), QStringLiteral("a,b,c"));
    // A node labelled away loses its pod.
    must(env.patch("nodes", "b", R"({"metadata":{"labels":{"role":null}}})"));
    env.run(40);
    QCOMPARE(QString::fromStdString(joined(env.podsPerNode())), QStringLiteral("a,c"));
    bool deleted = false;
    for (const auto& e : env.events("SuccessfulDelete")) deleted = deleted || e.message().starts_with("Deleted pod: agent-");
    QVERIFY(deleted);
    QCOMPARE(env.ds().status().desired_number_scheduled(), 2);
}

void DaemonSetTest::statusCounts() {
    Env env;
    env.apply(nodeYaml("a") + nodeYaml("b") + nodeYaml("c"));
    env.run(5);
    env.apply(dsYaml("minReadySeconds: 10"));
    env.run(60);
    auto s = env.ds().status();
    QCOMPARE(s.desired_number_scheduled(), 3);
    QCOMPARE(s.current_number_scheduled(), 3);
    QCOMPARE(s.number_ready(), 3);
    QCOMPARE(s.number_available(), 3);
    QCOMPARE(s.number_unavailable(), 0);
    QCOMPARE(s.updated_number_scheduled(), 3);
    QCOMPARE(s.number_misscheduled(), 0);
    QCOMPARE(s.observed_generation(), env.ds().metadata().generation());
    // A NoSchedule taint keeps new pods away but lets the running one stay: misscheduled.
    must(env.patch("nodes", "c", R"({"spec":{"taints":[{"key":"dedicated","value":"db","effect":"NoSchedule"}]}})"));
    env.run(10);
    s = env.ds().status();
    QCOMPARE(env.podsPerNode().at("c"), 1);
    QCOMPARE(s.desired_number_scheduled(), 2);
    QCOMPARE(s.current_number_scheduled(), 2);
    QCOMPARE(s.number_misscheduled(), 1);
    // NoExecute: the pod must go.
    must(env.patch("nodes", "c", R"({"spec":{"taints":[{"key":"dedicated","value":"db","effect":"NoExecute"}]}})"));
    env.run(60);
    s = env.ds().status();
    QVERIFY(!env.podsPerNode().contains("c"));
    QCOMPARE(s.number_misscheduled(), 0);
    QCOMPARE(s.desired_number_scheduled(), 2);
}

void DaemonSetTest::rollingUpdate_data() {
    QTest::addColumn<int>("maxUnavailable");
    QTest::addColumn<int>("maxSurge");
    QTest::newRow("maxUnavailable 1") << 1 << 0;
    QTest::newRow("maxUnavailable 2") << 2 << 0;
    QTest::newRow("maxSurge 1") << 0 << 1;
}

void DaemonSetTest::rollingUpdate() {
    QFETCH(int, maxUnavailable);
    QFETCH(int, maxSurge);
    const int nodes = 5;
    Env env;
    std::string yaml;
    for (int i = 1; i <= nodes; ++i) yaml += nodeYaml("n" + std::to_string(i));
    env.apply(yaml);
    env.run(5);
    env.apply(dsYaml("updateStrategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: " +
                     std::to_string(maxUnavailable) + ", maxSurge: " + std::to_string(maxSurge) + "}}"));
    env.run(60);
    QCOMPARE(env.ds().status().number_available(), nodes);
    must(env.patch("daemonsets", "agent",
                   R"({"spec":{"template":{"spec":{"containers":[{"name":"agent","image":"busybox:1.37"}]}}}})"));
    int worstUnavailable = 0, worstDoubled = 0;
    for (int t = 0; t < 300; ++t) {
        std::map<std::string, int> readyPods, livePods;
        for (const auto& p : env.daemonPods()) {
            ++livePods[p.spec().node_name()];
            if (ready(p)) ++readyPods[p.spec().node_name()];
        }
        int unavailable = 0, doubled = 0;
        for (int i = 1; i <= nodes; ++i) {
            const std::string n = "n" + std::to_string(i);
            if (!readyPods.contains(n)) ++unavailable;
            if (livePods[n] > 1) ++doubled;
            QVERIFY(livePods[n] <= 2);
        }
        worstUnavailable = std::max(worstUnavailable, unavailable);
        worstDoubled = std::max(worstDoubled, doubled);
        env.run(1);
    }
    QVERIFY2(worstUnavailable <= maxUnavailable, qPrintable(QStringLiteral("%1 unavailable").arg(worstUnavailable)));
    QVERIFY2(worstDoubled <= maxSurge, qPrintable(QStringLiteral("%1 nodes with two pods").arg(worstDoubled)));
    if (maxUnavailable > 0) QCOMPARE(worstUnavailable, maxUnavailable);  // the budget is used
    const auto pods = env.daemonPods();
    QCOMPARE(pods.size(), size_t(nodes));
    for (const auto& p : pods) QCOMPARE(p.spec().containers(0).image(), std::string("busybox:1.37"));
    const auto s = env.ds().status();
    QCOMPARE(s.updated_number_scheduled(), nodes);
    QCOMPARE(s.number_available(), nodes);
    QCOMPARE(s.observed_generation(), int64_t(2));
}

void DaemonSetTest::onDelete() {
    Env env;
    env.apply(nodeYaml("a") + nodeYaml("b") + nodeYaml("c"));
    env.run(5);
    env.apply(dsYaml("updateStrategy: {type: OnDelete}"));
    env.run(40);
    must(env.patch("daemonsets", "agent",
                   R"({"spec":{"template":{"spec":{"containers":[{"name":"agent","image":"busybox:1.37"}]}}}})"));
    env.run(60);
    std::string victim;
    for (const auto& p : env.daemonPods()) {
        QCOMPARE(p.spec().containers(0).image(), std::string("busybox:1.36"));
        if (p.spec().node_name() == "b") victim = p.metadata().name();
    }
    QCOMPARE(env.ds().status().updated_number_scheduled(), 0);
    QCOMPARE(env.ds().status().observed_generation(), int64_t(2));
    // Deleting a pod is what updates it.
    must(env.remove("pods", victim));
    env.run(60);
    for (const auto& p : env.daemonPods())
        QCOMPARE(p.spec().containers(0).image(), std::string(p.spec().node_name() == "b" ? "busybox:1.37" : "busybox:1.36"));
    QCOMPARE(env.ds().status().updated_number_scheduled(), 1);
    QCOMPARE(env.ds().status().number_available(), 3);
}

void DaemonSetTest::failedPodReplaced() {
    Env env;
    env.apply(nodeYaml("a") + nodeYaml("b"));
    env.run(5);
    env.apply(dsYaml());
    env.run(30);
    std::string failed;
    for (const auto& p : env.daemonPods())
        if (p.spec().node_name() == "a") failed = p.metadata().name();
    QVERIFY(!failed.empty());
    // The kubelet stops; the pod is reported Failed (as a kubelet that rejected it would).
    cluster::ScenarioAction stop;
    stop.action = "failNode";
    stop.node = "a";
    must(env.nodeActions(stop));
    must(env.patch("pods", failed, R"({"status":{"phase":"Failed","reason":"UnexpectedAdmissionError"}})", "status"));
    env.run(2);
    const auto warnings = env.events("FailedDaemonPod");
    QCOMPARE(warnings.size(), size_t(1));
    QCOMPARE(warnings[0].type(), std::string("Warning"));
    QCOMPARE(warnings[0].message(), "Found failed daemon pod default/" + failed + " on node a, will try to kill it");
    QVERIFY(!env.request("get", "pods", failed).ok());
    std::string replacement;
    for (const auto& p : env.daemonPods())
        if (p.spec().node_name() == "a") replacement = p.metadata().name();
    QVERIFY(!replacement.empty());
    QVERIFY(replacement != failed);
    cluster::ScenarioAction start;
    start.action = "recoverNode";
    start.node = "a";
    must(env.nodeActions(start));
    env.run(30);
    auto pod = env.request("get", "pods", replacement);
    QVERIFY(pod.ok());
    QCOMPARE(static_cast<const core::Pod&>(*pod.object).status().phase(), std::string("Running"));
    QCOMPARE(env.ds().status().number_ready(), 2);
}

void DaemonSetTest::revisionHistory() {
    Env env;
    env.apply(nodeYaml("a") + nodeYaml("b"));
    env.run(5);
    env.apply(dsYaml("revisionHistoryLimit: 1"));
    env.run(30);
    for (const char* image : {"busybox:1.37", "busybox:1.38"}) {
        must(env.patch("daemonsets", "agent",
                       std::string(R"({"spec":{"template":{"spec":{"containers":[{"name":"agent","image":")") + image +
                           R"("}]}}}})"));
        env.run(90);
    }
    auto revisions = env.list<apps::ControllerRevision>("controllerrevisions");
    QCOMPARE(revisions.size(), size_t(2));  // the current one and one old one
    int64_t newest = 0;
    std::string currentHash;
    for (const auto& r : revisions) {
        if (r.revision() > newest) {
            newest = r.revision();
            currentHash = r.metadata().labels().at("controller-revision-hash");
        }
    }
    QCOMPARE(newest, int64_t(3));
    for (const auto& p : env.daemonPods()) {
        QCOMPARE(p.metadata().labels().at("controller-revision-hash"), currentHash);
        QCOMPARE(p.metadata().labels().at("pod-template-generation"), std::string("3"));
    }
}

QTEST_GUILESS_MAIN(DaemonSetTest)
