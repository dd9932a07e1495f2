#include "eviction_test.h"

#include <QtTest>

#include <fstream>

#include "api/codec/manifest.h"
#include "api/object.h"
#include "apiserver/errors.h"
#include "core_v1.pb.h"
#include "policy_v1.pb.h"

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;
namespace policy = k8s::io::api::policy::v1;

namespace {

constexpr const char* kAdmin = "admin-token";
constexpr const char* kViolates = "Cannot evict pod as it would violate the pod's disruption budget.";

const api::ResourceType* type(const char* name) { return api::Scheme::instance().byName(name); }

apiserver::Response must(apiserver::Response resp) {
    if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
    return resp;
}

void create(apiserver::APIServer& server, const std::string& yaml) {
    std::vector<std::string> warnings;
    auto ms = codec::loadManifests(yaml, "test.yaml", &warnings);
    if (!ms) qFatal("%s", ms.status().message().c_str());
    for (auto& m : *ms) {
        apiserver::Request r;
        r.verb = "create";
        r.type = m.type;
        r.namespace_ = "default";
        r.token = kAdmin;
        r.body = std::shared_ptr<google::protobuf::Message>(std::move(m.object));
        must(server.handle(r));
    }
}

template <typename T>
std::unique_ptr<T> get(apiserver::APIServer& server, const char* resource, const std::string& name) {
    apiserver::Request r;
    r.verb = "get";
    r.type = type(resource);
    r.namespace_ = "default";
    r.name = name;
    r.token = kAdmin;
    auto resp = server.handle(r);
    if (!resp.ok()) return nullptr;
    return std::unique_ptr<T>(static_cast<T*>(resp.object.release()));
}

void updateStatus(apiserver::APIServer& server, const char* resource, const google::protobuf::Message& object) {
    apiserver::Request r;
    r.verb = "update";
    r.type = type(resource);
    r.namespace_ = "default";
    r.name = api::metadata(object).name();
    r.subresource = "status";
    r.token = kAdmin;
    r.body = std::shared_ptr<google::protobuf::Message>(object.New());
    std::const_pointer_cast<google::protobuf::Message>(r.body)->CopyFrom(object);
    must(server.handle(r));
}

// A pod of app=web on node-1, in `phase`, Ready or not.
void makePod(apiserver::APIServer& server, const std::string& name, const std::string& phase, bool ready) {
    create(server, "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name +
                       ", labels: {app: web}}\nspec:\n  nodeName: node-1\n  containers: [{name: c, image: nginx}]\n");
    auto pod = get<core::Pod>(server, "pods", name);
    pod->mutable_status()->set_phase(phase);
    auto* cond = pod->mutable_status()->add_conditions();
    cond->set_type("Ready");
    cond->set_status(ready ? "True" : "False");
    updateStatus(server, "pods", *pod);
}

// A budget over app=web with the status the disruption controller would have written.
void makeBudget(apiserver::APIServer& server, const std::string& name, const std::string& policy, int observedGeneration,
                int allowed, int current, int desired) {
    create(server, "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: " + name +
                       "}\nspec:\n  minAvailable: " + std::to_string(desired) +
                       "\n  selector: {matchLabels: {app: web}}\n" +
                       (policy.empty() ? "" : "  unhealthyPodEvictionPolicy: " + policy + "\n"));
    auto pdb = get<policy::PodDisruptionBudget>(server, "poddisruptionbudgets", name);
    auto* st = pdb->mutable_status();
    st->set_observed_generation(observedGeneration);
    st->set_disruptions_allowed(allowed);
    st->set_current_healthy(current);
    st->set_desired_healthy(desired);
    st->set_expected_pods(current);
    updateStatus(server, "poddisruptionbudgets", *pdb);
}

apiserver::Request evictionRequest(const std::string& urlName, const std::string& bodyName) {
    auto eviction = std::make_shared<policy::Eviction>();
    eviction->set_api_version("policy/v1");
    eviction->set_kind("Eviction");
    eviction->mutable_metadata()->set_name(bodyName);
    eviction->mutable_metadata()->set_namespace_("default");
    apiserver::Request r;
    r.verb = "create";
    r.type = type("pods");
    r.subresource = "eviction";
    r.namespace_ = "default";
    r.name = urlName;
    r.token = kAdmin;
    r.body = eviction;
    return r;
}

}  // namespace

void EvictionTest::init() {
    const std::string tokens = dir_.filePath(QStringLiteral("tokens.csv")).toStdString();
    std::ofstream(tokens) << "admin-token,alice,1,system:masters\n"
                             "student-token,bob,2,\"students\"\n";
    controlplane::Options o;
    o.tokenFile = tokens;
    auto cp = controlplane::ControlPlane::start(o, clock_);
    QVERIFY2(cp.isOk(), cp.status().message().c_str());
    cp_ = std::move(*cp);
}

void EvictionTest::cleanup() { cp_.reset(); }

void EvictionTest::evict_data() {
    QTest::addColumn<QString>("phase");       // the pod web-1's phase
    QTest::addColumn<bool>("ready");
    QTest::addColumn<int>("budgets");         // budgets over app=web: 0, 1 or 2
    QTest::addColumn<QString>("policy");      // unhealthyPodEvictionPolicy ("" = unset: IfHealthyBudget)
    QTest::addColumn<int>("observed");        // status.observedGeneration (the budget's generation is 1)
    QTest::addColumn<int>("allowed");         // status.disruptionsAllowed
    QTest::addColumn<int>("current");         // status.currentHealthy
    QTest::addColumn<int>("desired");         // status.desiredHealthy (and spec.minAvailable)
    QTest::addColumn<QString>("urlName");
    QTest::addColumn<QString>("bodyName");
    QTest::addColumn<bool>("dryRun");
    QTest::addColumn<int>("code");            // HTTP code; 201 = evicted
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("cause");       // the DisruptionBudget cause's message
    QTest::addColumn<bool>("podDeleted");     // the pod is gone or being deleted
    QTest::addColumn<int>("allowedAfter");    // the budget's disruptionsAllowed afterwards (-1: no budget)
    QTest::addColumn<bool>("disrupted");      // web-1 recorded in status.disruptedPods

    const QString violates = QString::fromLatin1(kViolates);
    QTest::newRow("no budget: deleted") << "Running" << true << 0 << "" << 1 << 0 << 0 << 0 << "web-1" << "web-1"
                                        << false << 201 << "" << "" << "" << true << -1 << false;
    QTest::newRow("budget allows: charged") << "Running" << true << 1 << "" << 1 << 1 << 3 << 2 << "web-1" << "web-1"
                                            << false << 201 << "" << "" << "" << true << 0 << true;
    QTest::newRow("budget exhausted: 429")
        << "Running" << true << 1 << "" << 1 << 0 << 2 << 2 << "web-1" << "web-1" << false << 429 << "TooManyRequests"
        << violates << "The disruption budget web-pdb needs 2 healthy pods and has 2 currently" << false << 0 << false;
    QTest::newRow("status not observed yet: 429")
        << "Running" << true << 1 << "" << 0 << 1 << 3 << 2 << "web-1" << "web-1" << false << 429 << "TooManyRequests"
        << violates << "The disruption budget web-pdb is still being processed by the server." << false << 1 << false;
    QTest::newRow("two budgets: 500")
        << "Running" << true << 2 << "" << 1 << 1 << 3 << 2 << "web-1" << "web-1" << false << 500 << ""
        << "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support." << ""
        << false << 1 << false;
    QTest::newRow("pod not found: 404") << "Running" << true << 1 << "" << 1 << 1 << 3 << 2 << "ghost" << "ghost"
                                        << false << 404 << "NotFound" << "pods \"ghost\" not found" << "" << false << 1
                                        << false;
    QTest::newRow("name mismatch: 400")
        << "Running" << true << 1 << "" << 1 << 1 << 3 << 2 << "web-1" << "web-2" << false << 400 << "BadRequest"
        << "name in URL does not match name in Eviction object" << "" << false << 1 << false;
    QTest::newRow("dry run: nothing written") << "Running" << true << 1 << "" << 1 << 1 << 3 << 2 << "web-1" << "web-1"
                                              << true << 201 << "" << "" << "" << false << 1 << false;
    QTest::newRow("dry run still refused: 429")
        << "Running" << true << 1 << "" << 1 << 0 << 2 << 2 << "web-1" << "web-1" << true << 429 << "TooManyRequests"
        << violates << "The disruption budget web-pdb needs 2 healthy pods and has 2 currently" << false << 0 << false;
    QTest::newRow("terminal pod: budget ignored") << "Succeeded" << false << 1 << "" << 1 << 0 << 2 << 2 << "web-1"
                                                  << "web-1" << false << 201 << "" << "" << "" << true << 0 << false;
    QTest::newRow("pending pod: budget ignored") << "Pending" << false << 1 << "" << 1 << 0 << 2 << 2 << "web-1"
                                                 << "web-1" << false << 201 << "" << "" << "" << true << 0 << false;
    QTest::newRow("unready pod, budget met: not charged") << "Running" << false << 1 << "" << 1 << 0 << 2 << 2
                                                          << "web-1" << "web-1" << false << 201 << "" << "" << ""
                                                          << true << 0 << false;
    QTest::newRow("unready pod, budget not met: 429")
        << "Running" << false << 1 << "" << 1 << 0 << 1 << 2 << "web-1" << "web-1" << false << 429 << "TooManyRequests"
        << violates << "The disruption budget web-pdb needs 2 healthy pods and has 1 currently" << false << 0 << false;
    QTest::newRow("unready pod, AlwaysAllow: not charged")
        << "Running" << false << 1 << "AlwaysAllow" << 1 << 0 << 1 << 2 << "web-1" << "web-1" << false << 201 << ""
        << "" << "" << true << 0 << false;
}

void EvictionTest::evict() {
    QFETCH(QString, phase);
    QFETCH(bool, ready);
    QFETCH(int, budgets);
    QFETCH(QString, policy);
    QFETCH(int, observed);
    QFETCH(int, allowed);
    QFETCH(int, current);
    QFETCH(int, desired);
    QFETCH(QString, urlName);
    QFETCH(QString, bodyName);
    QFETCH(bool, dryRun);
    QFETCH(int, code);
    QFETCH(QString, reason);
    QFETCH(QString, message);
    QFETCH(QString, cause);
    QFETCH(bool, podDeleted);
    QFETCH(int, allowedAfter);
    QFETCH(bool, disrupted);

    auto& server = cp_->apiServer();
    makePod(server, "web-1", phase.toStdString(), ready);
    if (budgets >= 1) makeBudget(server, "web-pdb", policy.toStdString(), observed, allowed, current, desired);
    if (budgets >= 2) makeBudget(server, "web-pdb-2", "", observed, allowed, current, desired);

    auto req = evictionRequest(urlName.toStdString(), bodyName.toStdString());
    req.dryRun = dryRun;
    auto resp = server.handle(req);
    if (code == 201) {
        QVERIFY2(resp.ok(), resp.status.message().c_str());
        const auto* status = dynamic_cast<const k8s::io::apimachinery::pkg::apis::meta::v1::Status*>(resp.object.get());
        QVERIFY(status);
        QCOMPARE(QString::fromStdString(status->status()), QStringLiteral("Success"));
        QCOMPARE(status->code(), 201);
    } else {
        QVERIFY(!resp.ok());
        QCOMPARE(resp.status.httpCode(), code);
        QCOMPARE(QString::fromStdString(resp.status.reason()), reason);
        QCOMPARE(QString::fromStdString(resp.status.message()), message);
        if (!cause.isEmpty()) {
            QCOMPARE(resp.status.causes().size(), size_t(1));
            QCOMPARE(QString::fromStdString(resp.status.causes()[0].type), QStringLiteral("DisruptionBudget"));
            QCOMPARE(QString::fromStdString(resp.status.causes()[0].message), cause);
        }
    }

    auto pod = get<core::Pod>(server, "pods", "web-1");
    QCOMPARE(!pod || pod->metadata().has_deletion_timestamp(), podDeleted);
    if (podDeleted && pod) {
        // The pod learns why it goes.
        const core::PodCondition* target = nullptr;
        for (const auto& c : pod->status().conditions())
            if (c.type() == "DisruptionTarget") target = &c;
        QVERIFY(target);
        QCOMPARE(QString::fromStdString(target->status()), QStringLiteral("True"));
        QCOMPARE(QString::fromStdString(target->reason()), QStringLiteral("EvictionByEvictionAPI"));
        QCOMPARE(QString::fromStdString(target->message()), QStringLiteral("Eviction API: evicting"));
    }
    if (allowedAfter >= 0) {
        auto pdb = get<policy::PodDisruptionBudget>(server, "poddisruptionbudgets", "web-pdb");
        QVERIFY(pdb);
        QCOMPARE(pdb->status().disruptions_allowed(), allowedAfter);
        QCOMPARE(pdb->status().disrupted_pods().contains("web-1"), disrupted);
        if (disrupted) {
            // The budget ran out: DisruptionAllowed False, InsufficientPods.
            QCOMPARE(pdb->status().conditions_size(), 1);
            QCOMPARE(QString::fromStdString(pdb->status().conditions(0).type()), QStringLiteral("DisruptionAllowed"));
            QCOMPARE(QString::fromStdString(pdb->status().conditions(0).status()), QStringLiteral("False"));
            QCOMPARE(QString::fromStdString(pdb->status().conditions(0).reason()), QStringLiteral("InsufficientPods"));
            QCOMPARE(QString::fromStdString(pdb->status().disrupted_pods().at("web-1")), QStringLiteral("2024-01-01T00:00:00Z"));
        }
    }
}

void EvictionTest::deleteOptionsApply() {
    auto& server = cp_->apiServer();
    makePod(server, "web-1", "Running", true);
    makePod(server, "web-2", "Running", true);
    // gracePeriodSeconds 7: the pod's deletion is 7 s away instead of its own 30 s.
    auto req = evictionRequest("web-1", "web-1");
    auto body = std::make_shared<policy::Eviction>(static_cast<const policy::Eviction&>(*req.body));
    body->mutable_delete_options()->set_grace_period_seconds(7);
    req.body = body;
    QVERIFY(server.handle(req).ok());
    auto pod = get<core::Pod>(server, "pods", "web-1");
    QVERIFY(pod);
    QCOMPARE(pod->metadata().deletion_grace_period_seconds(), int64_t(7));
    // A UID precondition that does not hold: 409, the pod stays.
    auto req2 = evictionRequest("web-2", "web-2");
    auto body2 = std::make_shared<policy::Eviction>(static_cast<const policy::Eviction&>(*req2.body));
    body2->mutable_delete_options()->mutable_preconditions()->set_uid("not-the-uid");
    req2.body = body2;
    auto resp = server.handle(req2);
    QCOMPARE(resp.status.httpCode(), 409);
    auto pod2 = get<core::Pod>(server, "pods", "web-2");
    QVERIFY(pod2 && !pod2->metadata().has_deletion_timestamp());
    QCOMPARE(QString::fromStdString(resp.status.message()),
             QStringLiteral("Operation cannot be fulfilled on Pod \"web-2\": the UID in the precondition (not-the-uid) "
                            "does not match the UID in record (") +
                 QString::fromStdString(pod2->metadata().uid()) +
                 QStringLiteral("). The object might have been deleted and then recreated"));
}

void EvictionTest::authorizedAsPodsEviction() {
    auto& server = cp_->apiServer();
    makePod(server, "web-1", "Running", true);
    auto req = evictionRequest("web-1", "web-1");
    req.token = "student-token";
    auto resp = server.handle(req);
    QCOMPARE(resp.status.httpCode(), 403);
    QCOMPARE(QString::fromStdString(resp.status.message()),
             QStringLiteral("pods \"web-1\" is forbidden: User \"bob\" cannot create resource \"pods/eviction\" in API "
                            "group \"\" in the namespace \"default\""));
}

void EvictionTest::statusObjects() {
    auto& server = cp_->apiServer();
    makePod(server, "web-1", "Running", true);
    makeBudget(server, "web-pdb", "", 1, 0, 2, 2);
    makeBudget(server, "web-pdb-2", "", 1, 0, 2, 2);
    auto multi = apiserver::toStatusObject(server.handle(evictionRequest("web-1", "web-1")).status);
    QCOMPARE(multi.code(), 500);
    QCOMPARE(QString::fromStdString(multi.reason()), QString());
    QCOMPARE(QString::fromStdString(multi.status()), QStringLiteral("Failure"));
    // The 429 as a client sees it: reason, cause and no retry hint for an exhausted budget.
    auto reqOne = evictionRequest("web-1", "web-1");
    apiserver::Request del;
    del.verb = "delete";
    del.type = type("poddisruptionbudgets");
    del.namespace_ = "default";
    del.name = "web-pdb-2";
    del.token = kAdmin;
    must(server.handle(del));
    auto tooMany = apiserver::toStatusObject(server.handle(reqOne).status);
    QCOMPARE(tooMany.code(), 429);
    QCOMPARE(QString::fromStdString(tooMany.reason()), QStringLiteral("TooManyRequests"));
    QCOMPARE(tooMany.details().causes_size(), 1);
    QCOMPARE(QString::fromStdString(tooMany.details().causes(0).reason()), QStringLiteral("DisruptionBudget"));
    QCOMPARE(tooMany.details().retry_after_seconds(), 0);
}

void EvictionTest::traceNamesTheBudget() {
    auto& server = cp_->apiServer();
    makePod(server, "web-1", "Running", true);
    makePod(server, "web-2", "Running", true);
    makeBudget(server, "web-pdb", "", 1, 1, 2, 1);
    const auto find = [](const apiserver::RequestTrace& trace, const std::string& step) -> const apiserver::StageRecord* {
        for (const auto& r : trace)
            if (r.step == step) return &r;
        return nullptr;
    };
    auto granted = server.handle(evictionRequest("web-1", "web-1"));
    QVERIFY(granted.ok());
    const auto* decided = find(granted.trace, "eviction: PodDisruptionBudget web-pdb");
    QVERIFY(decided);
    QCOMPARE(decided->stage, std::string("registry"));
    QVERIFY(decided->passed);
    QCOMPARE(decided->detail, std::string("disruptionsAllowed 1 -> 0"));
    // The budget's status write and the pod's graceful delete follow, as storage stages.
    QVERIFY(granted.trace.back().passed);
    QCOMPARE(granted.trace.back().stage, std::string("storage"));

    auto refused = server.handle(evictionRequest("web-2", "web-2"));
    QCOMPARE(refused.status.httpCode(), 429);
    QVERIFY(!refused.trace.back().passed);
    QCOMPARE(refused.trace.back().detail,
             std::string(kViolates) + " The disruption budget web-pdb needs 1 healthy pods and has 2 currently");
}

QTEST_GUILESS_MAIN(EvictionTest)
