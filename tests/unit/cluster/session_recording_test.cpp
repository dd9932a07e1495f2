#include "session_recording_test.h"

#include <QtTest>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/object.h"
#include "api/scheme.h"
#include "authentication_v1.pb.h"
#include "authorization_v1.pb.h"
#include "cluster/session.h"

using namespace pilothouse;
using namespace std::chrono_literals;

Q_DECLARE_METATYPE(std::string)

namespace {

// One node, and a pod and a node no scheduler or kubelet touches after they are created: the pod
// names a scheduler that does not exist.
const char* kScenario = R"(
apiVersion: pilothouse.dev/v1alpha1
kind: Scenario
metadata: {name: recording}
spec: {seed: 7}
---
apiVersion: v1
kind: Node
metadata: {name: a, labels: {kubernetes.io/hostname: a}}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}, allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: default}
spec: {schedulerName: nobody, containers: [{name: c, image: nginx}]}
)";

codec::Value json(const std::string& text) {
    auto v = codec::parseJson(text);
    if (!v) qFatal("%s", v.status().message().c_str());
    return std::move(*v);
}

std::shared_ptr<google::protobuf::Message> object(const std::string& yaml) {
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifests(yaml, "test", &warnings);
    if (!manifests || manifests->size() != 1) qFatal("bad manifest");
    return std::shared_ptr<google::protobuf::Message>(std::move((*manifests)[0].object));
}

// The object as JSON, or "" when it does not exist; `path` ("spec.nodeName") picks a part.
std::string read(cluster::Session& s, const char* resource, const std::string& ns, const std::string& name,
                 const std::string& path) {
    apiserver::Request get;
    get.verb = "get";
    get.type = api::Scheme::instance().byName(resource);
    get.namespace_ = ns;
    get.name = name;
    get.token = s.controlPlane().loopbackToken();
    auto r = s.controlPlane().apiServer().handle(get);
    if (!r.ok()) return "";
    codec::Value v = codec::encodeMessage(*r.object);
    const codec::Value* at = &v;
    size_t start = 0;
    while (at && start <= path.size()) {
        const size_t dot = path.find('.', start);
        at = at->find(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    return at ? codec::toJson(*at, codec::JsonStyle::Compact) : std::string("<none>");
}

}  // namespace

void SessionRecordingTest::writesReplayedAfterRewind_data() {
    QTest::addColumn<std::string>("verb");
    QTest::addColumn<std::string>("resource");
    QTest::addColumn<std::string>("name");
    QTest::addColumn<std::string>("subresource");
    QTest::addColumn<std::string>("body");  // JSON patch, or the object for create/update
    QTest::addColumn<std::string>("path");
    QTest::addColumn<std::string>("expected");
    QTest::addColumn<std::string>("recorded");  // the actions recorded, space-separated

    QTest::newRow("JSON patch of a pod's labels")
        << std::string("patch") << std::string("pods") << std::string("p") << std::string("")
        << std::string(R"([{"op": "add", "path": "/metadata/labels", "value": {"tier": "db"}}])")
        << std::string("metadata.labels") << std::string(R"({"tier":"db"})") << std::string("patch");
    QTest::newRow("JSON patch removing a node's label")
        << std::string("patch") << std::string("nodes") << std::string("a") << std::string("")
        << std::string(R"([{"op": "remove", "path": "/metadata/labels/kubernetes.io~1hostname"}])")
        // (The labels left are the kubelet's defaults, which it gave the node when it started.)
        << std::string("metadata.labels")
        << std::string(R"({"beta.kubernetes.io/arch":"amd64","beta.kubernetes.io/os":"linux",)"
                       R"("kubernetes.io/arch":"amd64","kubernetes.io/os":"linux"})")
        << std::string("patch");
    QTest::newRow("pods/binding")
        << std::string("create") << std::string("pods") << std::string("p") << std::string("binding")
        << std::string("apiVersion: v1\nkind: Binding\nmetadata: {name: p, namespace: default}\ntarget: {kind: Node, name: a}\n")
        << std::string("spec.nodeName") << std::string(R"("a")") << std::string("bind");
    QTest::newRow("update of pods/status")
        << std::string("update") << std::string("pods") << std::string("p") << std::string("status")
        << std::string("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\n"
                       "spec: {schedulerName: nobody, containers: [{name: c, image: nginx}]}\n"
                       "status: {phase: Pending, conditions: [{type: example.com/gate, status: \"True\"}]}\n")
        << std::string("status.conditions")
        << std::string(R"([{"lastProbeTime":null,"lastTransitionTime":null,"status":"True","type":"example.com/gate"}])")
        << std::string("patch");
}

void SessionRecordingTest::writesReplayedAfterRewind() {
    QFETCH(std::string, verb);
    QFETCH(std::string, resource);
    QFETCH(std::string, name);
    QFETCH(std::string, subresource);
    QFETCH(std::string, body);
    QFETCH(std::string, path);
    QFETCH(std::string, expected);
    QFETCH(std::string, recorded);

    std::vector<std::string> warnings;
    auto scenario = cluster::loadScenario(kScenario, "recording.yaml", &warnings);
    QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
    auto session = cluster::Session::start({}, std::move(*scenario));
    QVERIFY2(session.isOk(), session.status().message().c_str());
    cluster::Session& s = **session;
    QVERIFY(s.runFor(1s).isOk());

    const std::string ns = resource == "pods" ? "default" : "";
    apiserver::Request req;
    req.verb = verb;
    req.type = api::Scheme::instance().byName(resource);
    req.namespace_ = ns;
    req.name = name;
    req.subresource = subresource;
    req.token = s.controlPlane().loopbackToken();
    if (verb == "patch") {
        req.patchType = apiserver::PatchType::Json;
        req.patch = json(body);
    } else {
        auto obj = object(body);
        if (verb == "update") {
            // The resourceVersion it was read at, as a client's update carries.
            const std::string rv = read(s, resource.c_str(), ns, name, "metadata.resourceVersion");
            api::mutableMetadata(obj.get())->set_resource_version(rv.substr(1, rv.size() - 2));
        }
        req.body = std::move(obj);
    }
    const size_t before = s.recordedActions().size();
    auto response = s.request(req);
    QVERIFY2(response.ok(), response.status.message().c_str());
    QCOMPARE(QString::fromStdString(read(s, resource.c_str(), ns, name, path)), QString::fromStdString(expected));
    std::string actions;
    for (size_t i = before; i < s.recordedActions().size(); ++i)
        actions += (actions.empty() ? "" : " ") + s.recordedActions()[i].action;
    QCOMPARE(actions, recorded);

    // Later, back to a moment after the write: the cluster is built again and the write replayed.
    QVERIFY(s.runFor(2s).isOk());
    QVERIFY2(s.rewindTo(1500ms).isOk(), "rewind");
    QCOMPARE(read(s, resource.c_str(), ns, name, path), expected);
    // And before it: not there.
    QVERIFY2(s.rewindTo(500ms).isOk(), "rewind");
    QVERIFY(read(s, resource.c_str(), ns, name, path) != expected);
}

void SessionRecordingTest::reviewsAreNotWrites_data() {
    QTest::addColumn<std::string>("resource");
    QTest::newRow("SelfSubjectReview") << std::string("selfsubjectreviews");
    QTest::newRow("SelfSubjectAccessReview") << std::string("selfsubjectaccessreviews");
}

void SessionRecordingTest::reviewsAreNotWrites() {
    QFETCH(std::string, resource);
    std::vector<std::string> warnings;
    auto scenario = cluster::loadScenario(kScenario, "recording.yaml", &warnings);
    QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
    auto session = cluster::Session::start({}, std::move(*scenario));
    QVERIFY2(session.isOk(), session.status().message().c_str());
    cluster::Session& s = **session;
    QVERIFY(s.runFor(1s).isOk());
    apiserver::Request req;
    req.verb = "create";
    req.type = api::Scheme::instance().byName(resource);
    req.token = s.controlPlane().loopbackToken();
    if (resource == "selfsubjectreviews") {
        req.body = std::make_shared<k8s::io::api::authentication::v1::SelfSubjectReview>();
    } else {
        auto review = std::make_shared<k8s::io::api::authorization::v1::SelfSubjectAccessReview>();
        review->mutable_spec()->mutable_resource_attributes()->set_verb("get");
        req.body = review;
    }
    const size_t before = s.recordedActions().size();
    const auto elapsed = s.elapsed();
    auto response = s.request(req);
    QVERIFY2(response.ok(), response.status.message().c_str());
    QCOMPARE(s.recordedActions().size(), before);
    QCOMPARE(s.elapsed().count(), elapsed.count());
}

QTEST_GUILESS_MAIN(SessionRecordingTest)
