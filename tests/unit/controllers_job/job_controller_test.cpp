#include "job_controller_test.h"

#include <QtTest>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "api/codec/manifest.h"
#include "api/object.h"
#include "api/scheme.h"
#include "batch_v1.pb.h"
#include "cluster/cluster.h"
#include "cluster/components.h"
#include "controllers/controller_utils.h"
#include "controllers/job/backoff_utils.h"
#include "controllers/job/indexed_job_utils.h"
#include "controllers/job/job_controller.h"
#include "sim/clock.h"
#include "testing/create_manifests.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace core = k8s::io::api::core::v1;
namespace batch = k8s::io::api::batch::v1;

namespace {

const char kNodes[] = R"(
apiVersion: v1
kind: Node
metadata: {name: node-1, labels: {kubernetes.io/hostname: node-1}}
spec: {podCIDR: 10.244.1.0/24}
status:
  capacity: {cpu: "8", memory: 16Gi, pods: "110"}
  allocatable: {cpu: "8", memory: 16Gi, pods: "110"}
---
apiVersion: v1
kind: Node
metadata: {name: node-2, labels: {kubernetes.io/hostname: node-2}}
spec: {podCIDR: 10.244.2.0/24}
status:
  capacity: {cpu: "8", memory: 16Gi, pods: "110"}
  allocatable: {cpu: "8", memory: 16Gi, pods: "110"}
)";

// A Job whose containers exit `exitCode` after `exitAfter`; `specExtra` adds lines to its spec
// (two spaces indented).
std::string jobYaml(const std::string& name, const std::string& specExtra, const std::string& exitAfter = "30s",
                    int exitCode = 0, const std::string& restartPolicy = "Never") {
    return "apiVersion: batch/v1\nkind: Job\nmetadata: {name: " + name + ", namespace: default}\nspec:\n" + specExtra +
           "  template:\n"
           "    metadata:\n"
           "      annotations: {pilothouse.dev/exit-after: \"" + exitAfter + "\", pilothouse.dev/exit-code: \"" +
           std::to_string(exitCode) + "\"}\n"
           "    spec:\n"
           "      restartPolicy: " + restartPolicy + "\n"
           "      containers:\n"
           "      - {name: work, image: busybox:1.36, resources: {requests: {cpu: 100m, memory: 64Mi}}}\n";
}

std::unique_ptr<cluster::Cluster> newCluster() {
    auto c = cluster::Cluster::create({});
    if (!c) qFatal("%s", c.status().message().c_str());
    auto h = cluster::addStandardComponents(**c);
    if (!h) qFatal("%s", h.status().message().c_str());
    testing::createManifests((*c)->apiServer(), kNodes);
    if (!(*c)->settle().isOk()) qFatal("settle failed");
    return std::move(*c);
}

apiserver::Response request(cluster::Cluster& c, const std::string& verb, const char* resource,
                            const std::string& name = "", std::shared_ptr<google::protobuf::Message> body = nullptr,
                            const std::string& subresource = "") {
    apiserver::Request r;
    r.verb = verb;
    r.type = api::Scheme::instance().byName(resource);
    r.namespace_ = "default";
    r.name = name;
    r.body = std::move(body);
    r.subresource = subresource;
    return c.apiServer().handle(r);
}

std::optional<batch::Job> getJob(cluster::Cluster& c, const std::string& name) {
    auto resp = request(c, "get", "jobs", name);
    if (!resp.ok()) return std::nullopt;
    return static_cast<const batch::Job&>(*resp.object);
}

std::vector<core::Pod> jobPods(cluster::Cluster& c, const std::string& job) {
    apiserver::Request r;
    r.verb = "list";
    r.type = api::Scheme::instance().byName("pods");
    r.namespace_ = "default";
    r.labelSelector = "batch.kubernetes.io/job-name=" + job;
    auto resp = c.apiServer().handle(r);
    std::vector<core::Pod> out;
    for (const auto& item : resp.items) out.push_back(static_cast<const core::Pod&>(*item));
    return out;
}

std::vector<core::Event> jobEvents(cluster::Cluster& c, const std::string& job, const std::string& reason) {
    auto resp = request(c, "list", "events");
    std::vector<core::Event> out;
    for (const auto& item : resp.items) {
        const auto& e = static_cast<const core::Event&>(*item);
        if (e.involved_object().kind() == "Job" && e.involved_object().name() == job && e.reason() == reason)
            out.push_back(e);
    }
    return out;
}

const batch::JobCondition* condition(const batch::Job& job, const std::string& type) {
    for (const auto& c : job.status().conditions())
        if (c.type() == type) return &c;
    return nullptr;
}

bool active(const core::Pod& p) {
    return p.status().phase() != "Succeeded" && p.status().phase() != "Failed" && !p.metadata().has_deletion_timestamp();
}

// Runs second by second until the Job finishes (or `limit` passes); returns the most pods that
// were active at once.
int runUntilFinished(cluster::Cluster& c, const std::string& name, sim::Duration limit) {
    int maxActive = 0;
    const sim::Time end = c.clock().now() + limit;
    while (c.clock().now() < end) {
        if (!c.runFor(1s).isOk()) qFatal("run failed");
        int n = 0;
        for (const auto& p : jobPods(c, name)) n += active(p) ? 1 : 0;
        maxActive = std::max(maxActive, n);
        auto job = getJob(c, name);
        if (!job || controller::job::isJobFinished(*job)) break;
    }
    return maxActive;
}

std::string createError(cluster::Cluster& c, const std::string& yaml) {
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifests(yaml, "test.yaml", &warnings);
    if (!manifests) return "decode: " + manifests.status().message();
    auto& m = (*manifests)[0];
    apiserver::Request r;
    r.verb = "create";
    r.type = m.type;
    r.namespace_ = "default";
    r.body = std::shared_ptr<google::protobuf::Message>(std::move(m.object));
    auto resp = c.apiServer().handle(r);
    return resp.ok() ? "" : resp.status.message();
}

}  // namespace

// ---- indexed_job_utils and backoff_utils ----

void JobControllerTest::completedIndexes_data() {
    QTest::addColumn<QString>("previous");
    QTest::addColumn<QList<int>>("added");
    QTest::addColumn<int>("completions");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<int>("total");
    QTest::newRow("empty") << "" << QList<int>{} << 10 << "" << 0;
    QTest::newRow("one") << "" << QList<int>{3} << 10 << "3" << 1;
    QTest::newRow("neighbours print with a comma") << "" << QList<int>{1, 2} << 10 << "1,2" << 2;
    QTest::newRow("ranges") << "1,3-5" << QList<int>{} << 10 << "1,3-5" << 4;
    QTest::newRow("merging") << "1,3-5" << QList<int>{2, 7} << 10 << "1-5,7" << 6;
    QTest::newRow("beyond completions dropped") << "0-9" << QList<int>{} << 4 << "0-3" << 4;
    QTest::newRow("neighbours parsed") << "0,1" << QList<int>{2} << 5 << "0-2" << 3;
}

void JobControllerTest::completedIndexes() {
    QFETCH(QString, previous);
    QFETCH(QList<int>, added);
    QFETCH(int, completions);
    QFETCH(QString, expected);
    QFETCH(int, total);
    using controller::job::OrderedIntervals;
    const auto prev = OrderedIntervals::parse(previous.toStdString(), completions);
    const auto now = prev.withOrderedIndexes(std::vector<int>(added.begin(), added.end()));
    QCOMPARE(QString::fromStdString(now.toString()), expected);
    QCOMPARE(now.total(), total);
}

void JobControllerTest::backoffRecord() {
    using controller::job::BackoffStore;
    auto pod = [](const char* finishedAt) {
        core::Pod p;
        auto* cs = p.mutable_status()->add_container_statuses();
        cs->mutable_state()->mutable_terminated()->set_finished_at(finishedAt);
        return p;
    };
    BackoffStore store;
    const core::Pod f1 = pod("2024-01-01T00:00:10Z"), f2 = pod("2024-01-01T00:00:30Z"), s1 = pod("2024-01-01T00:00:20Z");
    auto r = store.newBackoffRecord("default/j", {}, {&f1});
    QCOMPARE(r.failuresAfterLastSuccess, 1);
    const sim::Time t10 = sim::fromUnixNanos(controller::parseTime("2024-01-01T00:00:10Z"));
    QCOMPARE(r.remainingTime(t10 + 4s), sim::Duration(6s));
    store.update(r);
    r = store.newBackoffRecord("default/j", {}, {&f2});
    QCOMPARE(r.failuresAfterLastSuccess, 2);  // 20 s after the second failure
    const sim::Time t30 = sim::fromUnixNanos(controller::parseTime("2024-01-01T00:00:30Z"));
    QCOMPARE(r.remainingTime(t30), sim::Duration(20s));
    // A success in between: only the failure after it counts.
    r = store.newBackoffRecord("default/j", {&s1}, {&f1, &f2});
    QCOMPARE(r.failuresAfterLastSuccess, 1);
    // Doubling stops at 6 minutes.
    controller::job::BackoffRecord many{"k", 12, t30};
    QCOMPARE(many.remainingTime(t30), sim::Duration(6min));
    QCOMPARE(many.remainingTime(t30 + 7min), sim::Duration::zero());
}

// ---- API: defaults, selector generation, validation ----

void JobControllerTest::defaultsAndSelector() {
    auto c = newCluster();
    testing::createManifests(c->apiServer(), jobYaml("pi", ""));
    auto job = getJob(*c, "pi");
    QVERIFY(job);
    const auto& s = job->spec();
    QCOMPARE(s.completions(), 1);
    QCOMPARE(s.parallelism(), 1);
    QCOMPARE(s.backoff_limit(), 6);
    QCOMPARE(s.completion_mode(), std::string("NonIndexed"));
    QVERIFY(s.has_suspend() && !s.suspend());
    const std::string uid = job->metadata().uid();
    const auto& labels = s.template_().metadata().labels();
    QCOMPARE(labels.at("controller-uid"), uid);
    QCOMPARE(labels.at("batch.kubernetes.io/controller-uid"), uid);
    QCOMPARE(labels.at("job-name"), std::string("pi"));
    QCOMPARE(labels.at("batch.kubernetes.io/job-name"), std::string("pi"));
    QCOMPARE(int(s.selector().match_labels().size()), 1);
    QCOMPARE(s.selector().match_labels().at("batch.kubernetes.io/controller-uid"), uid);
    QCOMPARE(job->metadata().generation(), int64_t(1));
    // Only parallelism given: completions stays unset.
    testing::createManifests(c->apiServer(), jobYaml("queue", "  parallelism: 3\n"));
    job = getJob(*c, "queue");
    QVERIFY(!job->spec().has_completions());
    QCOMPARE(job->spec().parallelism(), 3);
}

// The API server names the kind without its group ("Job", kube-apiserver: "Job.batch"), as it
// does for every kind.
void JobControllerTest::validation_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("message");
    QTest::newRow("restartPolicy Always")
        << QString::fromStdString(jobYaml("a", "", "30s", 0, "Always"))
        << "Job \"a\" is invalid: spec.template.spec.restartPolicy: Unsupported value: \"Always\": supported "
           "values: \"OnFailure\", \"Never\"";
    QTest::newRow("negative counts")
        << QString::fromStdString(jobYaml("b", "  parallelism: -1\n  backoffLimit: -2\n"))
        << "Job \"b\" is invalid: [spec.parallelism: Invalid value: -1: must be greater than or equal to 0, "
           "spec.backoffLimit: Invalid value: -2: must be greater than or equal to 0]";
    QTest::newRow("Indexed without completions")
        << QString::fromStdString(jobYaml("c", "  parallelism: 2\n  completionMode: Indexed\n"))
        << "Job \"c\" is invalid: spec.completions: Required value: when completion mode is Indexed";
    QTest::newRow("unknown completion mode")
        << QString::fromStdString(jobYaml("d", "  completionMode: Sometimes\n"))
        << "Job \"d\" is invalid: spec.completionMode: Unsupported value: \"Sometimes\": supported values: "
           "\"NonIndexed\", \"Indexed\"";
    QTest::newRow("manual selector that does not match")
        << QString::fromStdString(jobYaml("e", "  manualSelector: true\n  selector: {matchLabels: {app: other}}\n"))
        << "Job \"e\" is invalid: spec.template.metadata.labels: Invalid value: map[string]string(nil): "
           "`selector` does not match template `labels`";
    QTest::newRow("manual selector missing")
        << QString::fromStdString(jobYaml("f", "  manualSelector: true\n"))
        << "Job \"f\" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid "
           "value: map[string]string(nil): `selector` does not match template `labels`]";
    QTest::newRow("indexed hostname too long")
        << QString::fromStdString(jobYaml(std::string(62, 'x'), "  completions: 10\n  completionMode: Indexed\n"))
        << QString::fromStdString("Job \"" + std::string(62, 'x') + "\" is invalid: metadata.name: Invalid value: \"" +
                                  std::string(62, 'x') + "\": will not able to create pod with invalid DNS label: " +
                                  std::string(62, 'x') + "-9");
}

void JobControllerTest::validation() {
    QFETCH(QString, yaml);
    QFETCH(QString, message);
    auto c = newCluster();
    QCOMPARE(QString::fromStdString(createError(*c, yaml.toStdString())), message);
}

// ---- the controller in a cluster ----

void JobControllerTest::completionsAndParallelism_data() {
    QTest::addColumn<int>("completions");
    QTest::addColumn<int>("parallelism");
    QTest::newRow("6 by 2") << 6 << 2;
    QTest::newRow("3 at once") << 3 << 3;
    QTest::newRow("parallelism above completions") << 2 << 5;
    QTest::newRow("one") << 1 << 1;
}

void JobControllerTest::completionsAndParallelism() {
    QFETCH(int, completions);
    QFETCH(int, parallelism);
    auto c = newCluster();
    testing::createManifests(c->apiServer(), jobYaml("work", "  completions: " + std::to_string(completions) +
                                                                 "\n  parallelism: " + std::to_string(parallelism) + "\n"));
    const int maxActive = runUntilFinished(*c, "work", 10min);
    QCOMPARE(maxActive, std::min(completions, parallelism));
    auto job = getJob(*c, "work");
    QVERIFY(job);
    const auto* complete = condition(*job, "Complete");
    QVERIFY(complete);
    QCOMPARE(complete->status(), std::string("True"));
    QCOMPARE(job->status().succeeded(), completions);
    QCOMPARE(job->status().failed(), 0);
    QCOMPARE(job->status().active(), 0);
    QVERIFY(!job->status().completion_time().empty());
    QCOMPARE(job->status().completion_time(), complete->last_transition_time());
    QVERIFY(!job->status().start_time().empty());
    QCOMPARE(job->status().uncounted_terminated_pods().succeeded_size(), 0);
    // Exactly `completions` pods ran, all succeeded, none holds the tracking finalizer any more.
    const auto pods = jobPods(*c, "work");
    QCOMPARE(int(pods.size()), completions);
    for (const auto& p : pods) {
        QCOMPARE(p.status().phase(), std::string("Succeeded"));
        QCOMPARE(p.metadata().finalizers_size(), 0);
        QCOMPARE(p.metadata().owner_references(0).kind(), std::string("Job"));
        QVERIFY(p.metadata().name().rfind("work-", 0) == 0);
    }
    QCOMPARE(int(jobEvents(*c, "work", "SuccessfulCreate").size()), completions);
    auto completed = jobEvents(*c, "work", "Completed");
    QCOMPARE(int(completed.size()), 1);
    QCOMPARE(completed[0].message(), std::string("Job completed"));
    QCOMPARE(completed[0].source().component(), std::string("job-controller"));
    QVERIFY(jobEvents(*c, "work", "SuccessfulCreate")[0].message().rfind("Created pod: work-", 0) == 0);
}

void JobControllerTest::backoffLimitExceeded_data() {
    QTest::addColumn<int>("backoffLimit");
    QTest::newRow("limit 0") << 0;
    QTest::newRow("limit 2") << 2;
    QTest::newRow("limit 3") << 3;
}

void JobControllerTest::backoffLimitExceeded() {
    QFETCH(int, backoffLimit);
    auto c = newCluster();
    testing::createManifests(c->apiServer(),
                             jobYaml("fail", "  backoffLimit: " + std::to_string(backoffLimit) + "\n", "5s", 1));
    runUntilFinished(*c, "fail", 20min);
    auto job = getJob(*c, "fail");
    QVERIFY(job);
    const auto* failed = condition(*job, "Failed");
    QVERIFY(failed);
    QCOMPARE(failed->status(), std::string("True"));
    QCOMPARE(failed->reason(), std::string("BackoffLimitExceeded"));
    QCOMPARE(failed->message(), std::string("Job has reached the specified backoff limit"));
    QVERIFY(!condition(*job, "Complete"));
    QCOMPARE(job->status().failed(), backoffLimit + 1);
    QCOMPARE(job->status().succeeded(), 0);
    QCOMPARE(job->status().active(), 0);
    QVERIFY(job->status().completion_time().empty());
    auto events = jobEvents(*c, "fail", "BackoffLimitExceeded");
    QCOMPARE(int(events.size()), 1);
    QCOMPARE(events[0].type(), std::string("Warning"));
    QCOMPARE(events[0].message(), std::string("Job has reached the specified backoff limit"));
    // Each retry waits out the back-off after the previous failure: 10 s, 20 s, 40 s, ...
    auto pods = jobPods(*c, "fail");
    QCOMPARE(int(pods.size()), backoffLimit + 1);
    std::sort(pods.begin(), pods.end(), [](const core::Pod& a, const core::Pod& b) {
        return a.metadata().creation_timestamp() < b.metadata().creation_timestamp();
    });
    for (size_t i = 1; i < pods.size(); ++i) {
        const sim::Time prevFinished = controller::job::podFinishedTime(pods[i - 1]);
        const sim::Time created = sim::fromUnixNanos(controller::parseTime(pods[i].metadata().creation_timestamp()));
        const sim::Duration backoff = 10s * (1 << (i - 1));
        QVERIFY2(created - prevFinished >= backoff, qPrintable(QString("retry %1 too early").arg(i)));
        QVERIFY2(created - prevFinished <= backoff + 3s, qPrintable(QString("retry %1 too late").arg(i)));
        QCOMPARE(pods[i].status().phase(), std::string("Failed"));
    }
}

void JobControllerTest::activeDeadline() {
    auto c = newCluster();
    testing::createManifests(c->apiServer(), jobYaml("slow", "  completions: 4\n  parallelism: 2\n  activeDeadlineSeconds: 30\n", "10m"));
    runUntilFinished(*c, "slow", 5min);
    auto job = getJob(*c, "slow");
    QVERIFY(job);
    const auto* failed = condition(*job, "Failed");
    QVERIFY(failed);
    QCOMPARE(failed->reason(), std::string("DeadlineExceeded"));
    QCOMPARE(failed->message(), std::string("Job was active longer than specified deadline"));
    // The condition comes at the deadline (start + 30 s), once the pods are gone.
    const int64_t start = controller::parseTime(job->status().start_time());
    const int64_t at = controller::parseTime(failed->last_transition_time());
    QVERIFY(at - start >= 30'000'000'000LL);
    QVERIFY(at - start <= 35'000'000'000LL);
    QCOMPARE(job->status().active(), 0);
    QCOMPARE(job->status().failed(), 2);  // the two running pods, deleted
    QCOMPARE(int(jobEvents(*c, "slow", "DeadlineExceeded").size()), 1);
    QCOMPARE(int(jobEvents(*c, "slow", "SuccessfulDelete").size()), 2);
    c->runFor(1min);
    for (const auto& p : jobPods(*c, "slow")) QVERIFY(!active(p));
}

void JobControllerTest::indexedJob() {
    auto c = newCluster();
    testing::createManifests(c->apiServer(),
                             jobYaml("idx", "  completions: 5\n  parallelism: 2\n  completionMode: Indexed\n", "20s"));
    // After the first pair (indexes 0 and 1) finished.
    bool sawPartial = false;
    for (int i = 0; i < 600; ++i) {
        QVERIFY(c->runFor(1s).isOk());
        auto job = getJob(*c, "idx");
        if (job->status().completed_indexes() == "0,1") sawPartial = true;
        if (controller::job::isJobFinished(*job)) break;
    }
    QVERIFY(sawPartial);
    auto job = getJob(*c, "idx");
    QVERIFY(condition(*job, "Complete"));
    QCOMPARE(job->status().completed_indexes(), std::string("0-4"));
    QCOMPARE(job->status().succeeded(), 5);
    auto pods = jobPods(*c, "idx");
    QCOMPARE(int(pods.size()), 5);
    std::set<std::string> indexes;
    for (const auto& p : pods) {
        const std::string ix = p.metadata().annotations().at("batch.kubernetes.io/job-completion-index");
        indexes.insert(ix);
        QCOMPARE(p.metadata().labels().at("batch.kubernetes.io/job-completion-index"), ix);
        QCOMPARE(p.spec().hostname(), "idx-" + ix);
        QVERIFY(p.metadata().name().rfind("idx-" + ix + "-", 0) == 0);
        bool env = false;
        for (const auto& e : p.spec().containers(0).env())
            env = env || (e.name() == "JOB_COMPLETION_INDEX" &&
                          e.value_from().field_ref().field_path() ==
                              "metadata.annotations['batch.kubernetes.io/job-completion-index']");
        QVERIFY(env);
    }
    QCOMPARE(indexes, (std::set<std::string>{"0", "1", "2", "3", "4"}));
}

void JobControllerTest::suspendAndResume() {
    auto c = newCluster();
    testing::createManifests(c->apiServer(), jobYaml("later", "  completions: 2\n  parallelism: 2\n  suspend: true\n"));
    QVERIFY(c->runFor(30s).isOk());
    auto job = getJob(*c, "later");
    QCOMPARE(int(jobPods(*c, "later").size()), 0);
    const auto* suspended = condition(*job, "Suspended");
    QVERIFY(suspended);
    QCOMPARE(suspended->status(), std::string("True"));
    QCOMPARE(suspended->reason(), std::string("JobSuspended"));
    QCOMPARE(suspended->message(), std::string("Job suspended"));
    QVERIFY(job->status().start_time().empty());
    QCOMPARE(int(jobEvents(*c, "later", "Suspended").size()), 1);
    // Resume.
    auto resumed = std::make_shared<batch::Job>(*job);
    resumed->mutable_spec()->set_suspend(false);
    QVERIFY(request(*c, "update", "jobs", "later", resumed).ok());
    QVERIFY(c->runFor(5s).isOk());
    job = getJob(*c, "later");
    QCOMPARE(condition(*job, "Suspended")->status(), std::string("False"));
    QCOMPARE(condition(*job, "Suspended")->reason(), std::string("JobResumed"));
    QCOMPARE(int(jobEvents(*c, "later", "Resumed").size()), 1);
    QVERIFY(!job->status().start_time().empty());
    QCOMPARE(job->status().active(), 2);
    // Suspend again while running: the active pods are deleted, not counted as failed.
    auto again = std::make_shared<batch::Job>(*job);
    again->mutable_spec()->set_suspend(true);
    QVERIFY(request(*c, "update", "jobs", "later", again).ok());
    QVERIFY(c->runFor(5s).isOk());
    job = getJob(*c, "later");
    QCOMPARE(job->status().active(), 0);
    QCOMPARE(job->status().failed(), 0);
    QCOMPARE(condition(*job, "Suspended")->status(), std::string("True"));
    QCOMPARE(int(jobEvents(*c, "later", "SuccessfulDelete").size()), 2);
    // And resume to completion.
    auto last = std::make_shared<batch::Job>(*job);
    last->mutable_spec()->set_suspend(false);
    QVERIFY(request(*c, "update", "jobs", "later", last).ok());
    runUntilFinished(*c, "later", 5min);
    job = getJob(*c, "later");
    QVERIFY(condition(*job, "Complete"));
    QCOMPARE(job->status().succeeded(), 2);
}

void JobControllerTest::ttlAfterFinished() {
    auto c = newCluster();
    testing::createManifests(c->apiServer(), jobYaml("short", "  ttlSecondsAfterFinished: 20\n", "10s"));
    runUntilFinished(*c, "short", 5min);
    auto job = getJob(*c, "short");
    QVERIFY(job && condition(*job, "Complete"));
    const int64_t finished = controller::parseTime(condition(*job, "Complete")->last_transition_time());
    // Still there just before the TTL, gone right after.
    const sim::Time expires = sim::fromUnixNanos(finished) + 20s;
    QVERIFY(c->runUntil(expires - 1s).isOk());
    QVERIFY(getJob(*c, "short"));
    QVERIFY(c->runUntil(expires + 1s).isOk());
    QVERIFY(!getJob(*c, "short"));
    // The garbage collector then removes its pod.
    QVERIFY(c->runFor(10s).isOk());
    QCOMPARE(int(jobPods(*c, "short").size()), 0);
}

void JobControllerTest::withoutCompletions() {
    // A work queue: parallelism pods, complete when one succeeded and the others finished.
    auto c = newCluster();
    testing::createManifests(c->apiServer(), jobYaml("queue", "  parallelism: 3\n", "20s"));
    const int maxActive = runUntilFinished(*c, "queue", 5min);
    QCOMPARE(maxActive, 3);
    auto job = getJob(*c, "queue");
    QVERIFY(condition(*job, "Complete"));
    QCOMPARE(job->status().succeeded(), 3);
    QCOMPARE(int(jobPods(*c, "queue").size()), 3);
}

QTEST_GUILESS_MAIN(JobControllerTest)
