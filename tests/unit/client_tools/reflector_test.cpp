// The reflector (client/tools/cache/reflector.h) against our HTTPS Kubernetes API: a paged list
// then a watch from its resourceVersion; the server going away and coming back (the watch resumes,
// or — its revision compacted meanwhile — 410 and a list again); a user RBAC lets read pods in one
// namespace only falls back to it and says so; a 403 is retried at the longest backoff, not in a
// loop; stop() ends run() at once.
#include <QTest>

#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>

#include "api/object.h"
#include "client/tools/cache/reflector.h"
#include "testing/https_kube_api.h"
#include "testing/team_cluster.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace cache = client::cache;

namespace {

std::string podYaml(const std::string& ns, const std::string& name) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: " + ns +
           "}\nspec: {containers: [{name: c, image: nginx}]}\n";
}

std::string keyOf(const cache::ObjectPtr& o) {
    const auto& md = api::metadata(*o);
    return md.namespace_().empty() ? md.name() : md.namespace_() + "/" + md.name();
}

// What the handlers were told, as a store would keep it: the objects by key.
struct Recorder {
    std::mutex mutex;
    std::condition_variable changed;
    std::set<std::string> objects;
    int replaces = 0, failures = 0, recoveries = 0;
    std::vector<std::string> events;  // "ADDED default/x"
    std::string lastError, partialNamespace, partialWhy;
    std::chrono::milliseconds lastRetry{0};

    cache::ReflectorHandlers handlers() {
        cache::ReflectorHandlers h;
        h.replace = [this](std::vector<cache::ObjectPtr> list, const std::string& rv) {
            std::lock_guard lock(mutex);
            objects.clear();
            for (const auto& o : list) objects.insert(keyOf(o));
            ++replaces;
            if (rv.empty()) lastError = "a list without resourceVersion";
            changed.notify_all();
        };
        h.event = [this](cache::WatchEventType type, const cache::ObjectPtr& o, const std::string&) {
            std::lock_guard lock(mutex);
            const char* name = type == cache::WatchEventType::Added ? "ADDED" : type == cache::WatchEventType::Modified ? "MODIFIED" : "DELETED";
            events.push_back(std::string(name) + " " + keyOf(o));
            if (type == cache::WatchEventType::Deleted) objects.erase(keyOf(o));
            else objects.insert(keyOf(o));
            changed.notify_all();
        };
        h.failed = [this](const Status& error, std::chrono::milliseconds retry) {
            std::lock_guard lock(mutex);
            ++failures;
            lastError = error.message();
            lastRetry = retry;
            changed.notify_all();
        };
        h.recovered = [this] {
            std::lock_guard lock(mutex);
            ++recoveries;
            changed.notify_all();
        };
        h.partial = [this](const std::string& ns, const std::string& why) {
            std::lock_guard lock(mutex);
            partialNamespace = ns;
            partialWhy = why;
        };
        return h;
    }
    template <typename Pred>
    bool waitFor(Pred pred, std::chrono::milliseconds timeout = 10s) {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, timeout, pred);
    }
};

// A reflector on a thread of its own, stopped and joined at the end of the scope.
struct Running {
    cache::Reflector reflector;
    std::thread thread;
    Running(client::rest::RESTClient& client, const char* resource, Recorder& r, cache::ReflectorOptions o)
        : reflector(client, *api::Scheme::instance().byName(resource), r.handlers(), o), thread([this] { reflector.run(); }) {}
    ~Running() {
        reflector.stop();
        thread.join();
    }
};

cache::ReflectorOptions fastOptions() {
    cache::ReflectorOptions o;
    o.pageSize = 2;
    o.initialBackoff = 50ms;
    o.maxBackoff = 300ms;
    return o;
}

}  // namespace

class ReflectorTest : public QObject {
    Q_OBJECT
    testing::HttpsKubeApi api_;

    void create(const std::string& yaml) { testing::createManifests(api_.controlPlane().apiServer(), yaml, "admin-token"); }
    void remove(const std::string& ns, const std::string& name) {
        apiserver::Request r;
        r.verb = "delete";
        r.type = api::Scheme::instance().byName("pods");
        r.namespace_ = ns;
        r.name = name;
        r.gracePeriodSeconds = 0;
        r.token = "admin-token";
        auto answer = api_.controlPlane().apiServer().handle(r);
        QVERIFY2(answer.status.isOk(), answer.status.message().c_str());
    }

private slots:
    // A test that failed with the server stopped does not leave the next without one.
    void init() {
        if (!api_.serving()) QVERIFY(api_.restartServing().empty());
    }
    void initTestCase() {
        const std::string error = api_.start(testing::kTeamTokens, testing::kTeamCluster, "admin-token");
        QVERIFY2(error.empty(), error.c_str());
    }

    // Five pods in pages of two, then each change as the watch brings it.
    void listsInPagesThenWatches() {
        auto admin = api_.client("admin-token");
        Recorder rec;
        Running run(*admin, "pods", rec, fastOptions());
        QVERIFY(rec.waitFor([&] { return rec.replaces == 1; }));
        QCOMPARE(rec.objects, (std::set<std::string>{"default/a", "default/b", "team/c", "team/d", "team/e"}));
        create(podYaml("default", "watched"));
        QVERIFY(rec.waitFor([&] { return rec.objects.count("default/watched"); }));
        remove("default", "watched");
        QVERIFY(rec.waitFor([&] { return !rec.objects.count("default/watched"); }));
        std::lock_guard lock(rec.mutex);
        QCOMPARE(rec.events.front(), std::string("ADDED default/watched"));
        QCOMPARE(rec.events.back(), std::string("DELETED default/watched"));
        QCOMPARE(rec.replaces, 1);
        QCOMPARE(rec.failures, 0);
    }

    // The server goes away: failed() with Go's words and a retry time; a pod created meanwhile is
    // seen once it is back, from the same watch position (no list again).
    void serverRestartResumesTheWatch() {
        auto admin = api_.client("admin-token");
        Recorder rec;
        Running run(*admin, "pods", rec, fastOptions());
        QVERIFY(rec.waitFor([&] { return rec.replaces == 1; }));
        api_.stopServing();
        QVERIFY(rec.waitFor([&] { return rec.failures >= 1; }));
        {
            std::lock_guard lock(rec.mutex);
            // Go's words for a dropped watch vary with the moment it drops ("EOF", "connection reset",
            // "tls: stream truncated", "connection refused"): each names the request.
            QVERIFY2(rec.lastError.find("/api/v1/pods?") != std::string::npos, rec.lastError.c_str());
            QVERIFY(rec.lastRetry >= 50ms && rec.lastRetry <= 600ms);
        }
        create(podYaml("default", "while-away"));
        const std::string error = api_.restartServing();
        QVERIFY2(error.empty(), error.c_str());
        QVERIFY(rec.waitFor([&] { return rec.objects.count("default/while-away") && rec.recoveries >= 1; }));
        std::lock_guard lock(rec.mutex);
        QCOMPARE(rec.replaces, 1);
        remove("default", "while-away");
    }

    // Its resourceVersion compacted while the server was away: 410, and the kind listed again —
    // the list brings what was created, and leaves out what was deleted, meanwhile.
    void goneListsAgain() {
        auto admin = api_.client("admin-token");
        Recorder rec;
        Running run(*admin, "pods", rec, fastOptions());
        QVERIFY(rec.waitFor([&] { return rec.replaces == 1; }));
        api_.stopServing();
        QVERIFY(rec.waitFor([&] { return rec.failures >= 1; }));
        create(podYaml("default", "after-compaction"));
        remove("default", "a");
        auto& store = api_.controlPlane().store();
        QVERIFY(store.compact(store.currentRevision()).isOk());
        const std::string error = api_.restartServing();
        QVERIFY2(error.empty(), error.c_str());
        QVERIFY(rec.waitFor([&] { return rec.replaces == 2; }));
        std::lock_guard lock(rec.mutex);
        QVERIFY(rec.objects.count("default/after-compaction"));
        QVERIFY(!rec.objects.count("default/a"));
    }

    // dev may read pods in "team" only: that namespace, said with RBAC's message, and its changes.
    void forbiddenClusterWideFallsBackToTheNamespace() {
        auto dev = api_.client("dev-token");
        Recorder rec;
        auto options = fastOptions();
        options.fallbackNamespace = "team";
        Running run(*dev, "pods", rec, options);
        QVERIFY(rec.waitFor([&] { return rec.replaces == 1; }));
        {
            std::lock_guard lock(rec.mutex);
            QCOMPARE(rec.objects, (std::set<std::string>{"team/c", "team/d", "team/e"}));
            QCOMPARE(rec.partialNamespace, std::string("team"));
            QCOMPARE(rec.partialWhy, std::string("pods is forbidden: User \"dev\" cannot list resource \"pods\" in API group \"\" at "
                                                 "the cluster scope"));
        }
        create(podYaml("team", "new"));
        QVERIFY(rec.waitFor([&] { return rec.objects.count("team/new"); }));
        QCOMPARE(rec.failures, 0);
    }

    // Nodes are not dev's to read at all: failed() with RBAC's text, asked again only at the longest
    // backoff.
    void forbiddenIsNotALoop() {
        auto dev = api_.client("dev-token");
        Recorder rec;
        auto options = fastOptions();
        options.fallbackNamespace = "team";
        Running run(*dev, "nodes", rec, options);
        QVERIFY(rec.waitFor([&] { return rec.failures >= 1; }));
        std::this_thread::sleep_for(700ms);
        std::lock_guard lock(rec.mutex);
        QVERIFY2(rec.failures <= 4, std::to_string(rec.failures).c_str());
        QCOMPARE(rec.lastRetry, 300ms);
        QCOMPARE(rec.lastError, std::string("nodes is forbidden: User \"dev\" cannot list resource \"nodes\" in API group \"\" at the "
                                            "cluster scope"));
        QCOMPARE(rec.replaces, 0);
    }

    void stopEndsAWatchAtOnce() {
        auto admin = api_.client("admin-token");
        Recorder rec;
        auto running = std::make_unique<Running>(*admin, "pods", rec, fastOptions());
        QVERIFY(rec.waitFor([&] { return rec.replaces == 1; }));
        std::this_thread::sleep_for(100ms);  // in the watch now
        const auto started = std::chrono::steady_clock::now();
        running.reset();
        QVERIFY(std::chrono::steady_clock::now() - started < 2s);
    }
};

QTEST_GUILESS_MAIN(ReflectorTest)
#include "reflector_test.moc"
