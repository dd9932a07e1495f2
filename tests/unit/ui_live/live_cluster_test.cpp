// The GUI on a real cluster, our HTTPS Kubernetes API standing in for it: what an operator and
// someone debugging a pending pod see and may do.
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QSlider>
#include <QTest>

#include <fstream>

#include "api/object.h"
#include "client/kubernetes_client.h"
#include "core_v1.pb.h"
#include "explainer/explainer_view.h"
#include "explainer/pod_explainer.h"
#include "journey/journey_model.h"
#include "util/rfc3339.h"
#include "models/selection_model.h"
#include "models/timeline.h"
#include "mainwindow/cluster_menu.h"
#include "mainwindow/connect_cluster_dialog.h"
#include "mainwindow/live_connection.h"
#include "mainwindow/main_window.h"
#include "models/object_table_model.h"
#include "session/embedded_session.h"
#include "testing/https_kube_api.h"

using namespace pilothouse;
using namespace pilothouse::ui;

namespace {

constexpr int kTimeout = 20000;

const char* kCluster = R"(
apiVersion: v1
kind: Namespace
metadata: {name: team}
---
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}, allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: node-2}
spec: {taints: [{key: dedicated, value: gpu, effect: NoSchedule}]}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}, allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec: {nodeName: node-1, containers: [{name: c, image: nginx, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: huge, namespace: team}
spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: "64"}}}]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-reader, namespace: team}
rules: [{apiGroups: [""], resources: [pods, events], verbs: [get, list, watch]}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: dev-reads-pods, namespace: team}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: pod-reader}
subjects: [{kind: User, name: dev, apiGroup: rbac.authorization.k8s.io}]
)";

KubernetesClient::Target target(const std::string& ns = "default") {
    return {"test-context", "test-cluster", "test-user", "https://127.0.0.1", ns};
}

}  // namespace

class LiveClusterTest : public QObject {
    Q_OBJECT
    testing::HttpsKubeApi api_;

    void create(const std::string& yaml) { testing::createManifests(api_.controlPlane().apiServer(), yaml, "admin-token"); }
    // Writes a pod's status as its kubelet would (pods/status).
    void updateStatus(const std::string& yaml) {
        std::vector<std::string> warnings;
        auto manifests = codec::loadManifests(yaml, "status.yaml", &warnings);
        QVERIFY2(bool(manifests), manifests.status().message().c_str());
        auto& m = manifests->front();
        apiserver::Request r;
        r.verb = "update";
        r.type = m.type;
        r.subresource = "status";
        r.namespace_ = api::metadata(*m.object).namespace_();
        r.name = api::metadata(*m.object).name();
        r.token = "admin-token";
        r.body = std::shared_ptr<google::protobuf::Message>(std::move(m.object));
        auto resp = api_.controlPlane().apiServer().handle(r);
        QVERIFY2(resp.ok(), resp.status.message().c_str());
    }
    std::unique_ptr<KubernetesClient> client(const std::string& token, const std::string& ns = "default") {
        return std::make_unique<KubernetesClient>(api_.client(token), target(ns));
    }
    // A kubeconfig for the admin, as a user's would be: the CA file beside it, a token.
    QString writeKubeconfig() {
        const QString path = api_.dir().filePath(QStringLiteral("kubeconfig"));
        std::ofstream(path.toStdString()) << "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: " << api_.host()
                                          << "\n    certificate-authority: " << api_.caFile()
                                          << "\ncontexts:\n- name: live\n  context: {cluster: c, user: u, namespace: default}\n"
                                             "current-context: live\nusers:\n- name: u\n  user: {token: admin-token}\n";
        return path;
    }

private slots:
    void init() {
        if (!api_.serving()) QVERIFY(api_.restartServing().empty());
    }
    void initTestCase() {
        const std::string error = api_.start("admin-token,admin,1,\"system:masters\"\ndev-token,dev,2\n", kCluster, "admin-token");
        QVERIFY2(error.empty(), error.c_str());
    }

    // Lists, then each change; the user's name and the server's version; gauges sampled from what is held.
    void listsAndWatches() {
        auto c = client("admin-token");
        QHash<QString, int> listed;
        connect(c.get(), &ControlPlaneClient::objectsListed, this,
                [&](const QString& r, const QVector<ObjectPtr>& objects, qint64) { listed[r] = int(objects.size()); });
        QStringList changed;
        connect(c.get(), &ControlPlaneClient::objectChanged, this,
                [&](const QString& r, const ObjectEvent& e) { changed << r + QLatin1Char(' ') + QString::fromStdString(api::metadata(*e.object).name()); });
        c->watchResource(QStringLiteral("pods"));
        c->watchResource(QStringLiteral("nodes"));
        QTRY_COMPARE_WITH_TIMEOUT(c->connectionState(), ControlPlaneClient::ConnectionState::Connected, kTimeout);
        QCOMPARE(listed.value(QStringLiteral("pods")), 2);
        QCOMPARE(listed.value(QStringLiteral("nodes")), 2);
        QTRY_COMPARE_WITH_TIMEOUT(c->userName(), QStringLiteral("admin"), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(c->serverVersion().startsWith(QLatin1String("v1.28.")), kTimeout);
        QVERIFY(!c->keepsHistory());
        create("apiVersion: v1\nkind: Pod\nmetadata: {name: late, namespace: default}\nspec: {containers: [{name: c, image: nginx}]}\n");
        QTRY_VERIFY_WITH_TIMEOUT(changed.contains(QStringLiteral("pods late")), kTimeout);
        auto pods = c->listAt(QStringLiteral("pods"), 0);
        QVERIFY(pods.isOk());
        QCOMPARE(pods->size(), 3);
        // Not watched: listed when asked.
        auto namespaces = c->listAt(QStringLiteral("namespaces"), 0);
        QVERIFY2(namespaces.isOk(), namespaces.status().message().c_str());
        QVERIFY(namespaces->size() >= 2);
        // Watched from then on, apart from the connection: still Connected while it lists, and
        // what it holds follows the cluster.
        QCOMPARE(c->connectionState(), ControlPlaneClient::ConnectionState::Connected);
        create("apiVersion: v1\nkind: Namespace\nmetadata: {name: later}\n");
        QTRY_VERIFY_WITH_TIMEOUT(c->listAt(QStringLiteral("namespaces"), 0)->size() == namespaces->size() + 1, kTimeout);
        QCOMPARE(c->connectionState(), ControlPlaneClient::ConnectionState::Connected);
        const auto metrics = c->metrics();
        QVERIFY(metrics.count("kube_node_status_allocatable{resource=\"cpu\",unit=\"core\"}"));
        QCOMPARE(metrics.at("kube_node_status_allocatable{resource=\"cpu\",unit=\"core\"}").back().second, 8.0);
        QCOMPARE(metrics.at("kube_pod_container_resource_requests{resource=\"cpu\",unit=\"core\"}").back().second, 1.0);
        QVERIFY(c->listAt(QStringLiteral("pods"), 1).status().code() == StatusCode::OutOfRange);
    }

    // Read-only by default: a write is refused without being sent; allowed, it is confirmed first.
    void readOnlyUntilAllowedThenConfirmed() {
        auto c = client("admin-token");
        ApiRequest cordon;
        cordon.verb = QStringLiteral("patch");
        cordon.resource = QStringLiteral("nodes");
        cordon.name = QStringLiteral("node-1");
        cordon.patch = codec::Value::object();
        cordon.patch["spec"] = codec::Value::object();
        cordon.patch["spec"]["unschedulable"] = true;
        std::optional<ApiResult> result;
        auto sendIt = [&] {
            result.reset();
            c->send(cordon, this, [&](const ApiResult& r) { result = r; });
            QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), kTimeout);
        };
        sendIt();
        QCOMPARE(result->status.code(), StatusCode::PermissionDenied);
        QVERIFY2(result->status.message().find("read-only") != std::string::npos, result->status.message().c_str());
        QVERIFY(!c->writesOffReason().isEmpty());
        c->setWritesAllowed(true);
        QVERIFY(c->writesOffReason().isEmpty());
        int asked = 0;
        bool answer = false;
        c->setConfirmWrite([&](const ApiRequest&) {
            ++asked;
            return answer;
        });
        sendIt();
        QCOMPARE(result->status.code(), StatusCode::Cancelled);
        answer = true;
        sendIt();
        QVERIFY2(result->ok(), result->status.message().c_str());
        QCOMPARE(asked, 2);
        const auto* node = dynamic_cast<const k8s::io::api::core::v1::Node*>(result->object.get());
        QVERIFY(node && node->spec().unschedulable());
        // Validation errors come back as the API's, with their causes.
        ApiRequest bad;
        bad.verb = QStringLiteral("create");
        bad.resource = QStringLiteral("pods");
        bad.namespace_ = QStringLiteral("default");
        auto pod = std::make_shared<k8s::io::api::core::v1::Pod>();
        pod->mutable_metadata()->set_name("no-containers");
        bad.body = pod;
        result.reset();
        c->send(bad, this, [&](const ApiResult& r) { result = r; });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), kTimeout);
        QCOMPARE(result->status.reason(), std::string("Invalid"));
        QVERIFY(!result->status.causes().empty());
        QCOMPARE(result->status.causes().front().field, std::string("spec.containers"));
    }

    // dev may read pods and events in "team" only: those, and the views say what they miss; not a lost connection.
    void rbacLimitedUserIsPartialNotDisconnected() {
        auto c = client("dev-token", "team");
        c->watchResource(QStringLiteral("pods"));
        c->watchResource(QStringLiteral("nodes"));
        QTRY_VERIFY_WITH_TIMEOUT(c->partialViews().contains(QStringLiteral("nodes")) && c->partialViews().contains(QStringLiteral("pods")), kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(c->connectionState(), ControlPlaneClient::ConnectionState::Connected, kTimeout);
        auto pods = c->listAt(QStringLiteral("pods"), 0);
        QVERIFY(pods.isOk());
        QCOMPARE(pods->size(), 1);
        QVERIFY2(c->partialViews().value(QStringLiteral("pods")).contains(QLatin1String("only from namespace \"team\"")),
                 qPrintable(c->partialViews().value(QStringLiteral("pods"))));
        QVERIFY2(c->partialViews().value(QStringLiteral("nodes")).contains(QLatin1String("cannot list resource \"nodes\"")),
                 qPrintable(c->partialViews().value(QStringLiteral("nodes"))));
    }

    // The server goes away: Disconnected, the last state kept; back: Connected, and what changed meanwhile.
    void serverRestartedUnderTheClient() {
        auto c = client("admin-token");
        c->watchResource(QStringLiteral("pods"));
        QTRY_COMPARE_WITH_TIMEOUT(c->connectionState(), ControlPlaneClient::ConnectionState::Connected, kTimeout);
        const int before = int(c->listAt(QStringLiteral("pods"), 0)->size());
        api_.stopServing();
        QTRY_COMPARE_WITH_TIMEOUT(c->connectionState(), ControlPlaneClient::ConnectionState::Disconnected, kTimeout);
        QCOMPARE(int(c->listAt(QStringLiteral("pods"), 0)->size()), before);
        create("apiVersion: v1\nkind: Pod\nmetadata: {name: while-away, namespace: default}\nspec: {containers: [{name: c, image: nginx}]}\n");
        const std::string error = api_.restartServing();
        QVERIFY2(error.empty(), error.c_str());
        QTRY_COMPARE_WITH_TIMEOUT(c->connectionState(), ControlPlaneClient::ConnectionState::Connected, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(int(c->listAt(QStringLiteral("pods"), 0)->size()), before + 1, kTimeout);
    }

    // The window over a kubeconfig: views loaded, no time travel, the Cluster menu; the fork is a
    // simulation of the same objects in a window of its own.
    void windowAndFork() {
        client::clientcmd::Environment env;
        kubectl::KubeconfigFlags flags;
        flags.kubeconfig = writeKubeconfig().toStdString();
        auto connected = kubectl::connectWithKubeconfig(flags, env);
        QVERIFY2(connected.isOk(), connected.status().message().c_str());
        auto connection = LiveConnection::open(std::move(*connected), MainWindow::Options{false});
        MainWindow* w = connection->window();
        w->show();
        QTRY_VERIFY_WITH_TIMEOUT(w->loaded(), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(w->podsModel()->rowCount() >= 2, kTimeout);
        QVERIFY(!w->timelineSlider()->isEnabled());
        QVERIFY(w->clusterMenu());
        QVERIFY(!w->clusterMenu()->allowChangesAction()->isChecked());
        QTRY_VERIFY_WITH_TIMEOUT(w->connectionText().contains(QLatin1String("Connected to live")), kTimeout);
        MainWindow* fork = w->clusterMenu()->fork();
        QVERIFY(fork);
        QVERIFY(fork->simulation());
        QTRY_VERIFY_WITH_TIMEOUT(fork->loaded() && fork->podsModel()->rowCount() == w->podsModel()->rowCount(), kTimeout);
        // The fork's changes stay in the fork.
        QCOMPARE(fork->client()->endpoint(), QStringLiteral("embedded"));
        fork->close();
    }

    // What the scheduler reads besides pods and nodes is listed by informers, not on the GUI
    // thread: hasListed starts them and says false until each has listed (or failed), and the
    // explainer asks once they are in.
    void explainerWaitsForTheSchedulersKinds() {
        auto c = client("admin-token");
        c->watchResource(QStringLiteral("pods"));
        c->watchResource(QStringLiteral("nodes"));
        QTRY_COMPARE_WITH_TIMEOUT(c->connectionState(), ControlPlaneClient::ConnectionState::Connected, kTimeout);
        QVERIFY(c->hasListed({QStringLiteral("pods"), QStringLiteral("nodes")}));
        QSignalSpy listed(c.get(), &ControlPlaneClient::listedChanged);
        const QStringList kinds = resourcesForScheduling();
        qInfo("the scheduler's kinds: %s", qPrintable(kinds.join(QLatin1String(", "))));
        QVERIFY(!c->hasListed(kinds));
        QTRY_VERIFY_WITH_TIMEOUT(c->hasListed(kinds), kTimeout);
        QVERIFY(listed.count() >= kinds.size() - 2);
        // The views' state is still the connection's: the explainer's informers are not views.
        QCOMPARE(c->connectionState(), ControlPlaneClient::ConnectionState::Connected);
        auto services = c->listAt(QStringLiteral("services"), 0);
        QVERIFY2(services.isOk(), services.status().message().c_str());

        // A fresh client: the explainer's first answer comes once those kinds are listed.
        auto fresh = client("admin-token");
        fresh->watchResource(QStringLiteral("pods"));
        fresh->watchResource(QStringLiteral("nodes"));
        QTRY_COMPARE_WITH_TIMEOUT(fresh->connectionState(), ControlPlaneClient::ConnectionState::Connected, kTimeout);
        Timeline timeline;
        timeline.setPresent(fresh->epochNanos(), fresh->nowNanos());
        SelectionModel selection;
        PodExplainer explainer(fresh.get(), &timeline, &selection);
        bool listedWhenAnswered = false;
        connect(&explainer, &PodExplainer::explained, this, [&] {
            if (explainer.explanation()) listedWhenAnswered = fresh->hasListed(kinds);
        });
        selection.select(ObjectRef::pod(QStringLiteral("team/huge")));
        QTRY_VERIFY_WITH_TIMEOUT(explainer.explanation().has_value(), kTimeout);
        QVERIFY(listedWhenAnswered);
        QCOMPARE(fresh->listsOnCallersThread(), 0);
        QVERIFY2(explainer.explanation()->outcome.message.rfind("0/2 nodes are available: ", 0) == 0,
                 explainer.explanation()->outcome.message.c_str());
    }

    // The explainer on a live pod, beside the cluster's own FailedScheduling message: agrees when
    // the words are the same, differs when the newest event says otherwise.
    void liveExplanationBesideTheClustersWord() {
        client::clientcmd::Environment env;
        kubectl::KubeconfigFlags flags;
        flags.kubeconfig = writeKubeconfig().toStdString();
        auto connected = kubectl::connectWithKubeconfig(flags, env);
        QVERIFY2(connected.isOk(), connected.status().message().c_str());
        auto connection = LiveConnection::open(std::move(*connected), MainWindow::Options{false});
        MainWindow* w = connection->window();
        w->show();
        w->showExplainer();
        QTRY_VERIFY_WITH_TIMEOUT(w->loaded(), kTimeout);
        ExplainerView* view = w->explainerView();
        w->selection()->select(ObjectRef::pod(QStringLiteral("team/huge")));
        view->explainer()->explainNow(QStringLiteral("team/huge"));
        QTRY_VERIFY_WITH_TIMEOUT(view->explainer()->explanation().has_value(), kTimeout);
        const std::string ours = view->explainer()->explanation()->outcome.message;
        QVERIFY2(ours.rfind("0/2 nodes are available: ", 0) == 0, ours.c_str());
        QTRY_VERIFY_WITH_TIMEOUT(view->recorded().contains(QLatin1String("no FailedScheduling event")), kTimeout);
        auto event = [](const std::string& name, const std::string& time, const std::string& message) {
            return "apiVersion: v1\nkind: Event\nmetadata: {name: " + name + ", namespace: team}\n"
                   "involvedObject: {kind: Pod, namespace: team, name: huge, apiVersion: v1}\nreason: FailedScheduling\n"
                   "type: Warning\nsource: {component: default-scheduler}\nfirstTimestamp: \"" + time + "\"\nlastTimestamp: \"" +
                   time + "\"\ncount: 3\nmessage: '" + message + "'\n";
        };
        create(event("huge.1", "2026-01-01T10:00:00Z", ours));
        QTRY_VERIFY2_WITH_TIMEOUT(view->recorded().contains(QLatin1String("said the same, word for word")), qPrintable(view->recorded()), kTimeout);
        QVERIFY2(view->recorded().contains(QStringLiteral("FailedScheduling ×3")), qPrintable(view->recorded()));
        create(event("huge.2", "2026-01-01T10:05:00Z", "0/2 nodes are available: 2 Insufficient memory."));
        QTRY_VERIFY2_WITH_TIMEOUT(view->recorded().contains(QLatin1String("said otherwise")), qPrintable(view->recorded()), kTimeout);
        QVERIFY(view->recorded().contains(QLatin1String("2 Insufficient memory")));
    }

    // Observed journeys: each pod's stages read back from its conditions and events, drawn on the
    // journey diagram; the stations nobody recorded are named as such; an event arriving after
    // a later condition draws the journey again, counted once; a pending pod waits where the
    // scheduler left it, with its words.
    void observedJourneys() {
        using journey::Station;
        const qint64 t0 = api_.clock().nowUnixNanos();
        auto at = [t0](double seconds) { return rfc3339::formatMicro(t0 + qint64(seconds * 1e9)); };
        auto sec = [t0](double seconds) { return rfc3339::format(t0 + qint64(seconds * 1e9)); };
        auto event = [](const std::string& name, const std::string& ns, const std::string& pod, const std::string& reason,
                        const std::string& message, const std::string& time) {
            return "apiVersion: v1\nkind: Event\nmetadata: {name: " + name + ", namespace: " + ns + "}\n"
                   "involvedObject: {kind: Pod, namespace: " + ns + ", name: " + pod + ", fieldPath: 'spec.containers{c}'}\n"
                   "reason: " + reason + "\nmessage: '" + message + "'\ntype: Normal\nfirstTimestamp: \"" + time +
                   "\"\nlastTimestamp: \"" + time + "\"\ncount: 1\n";
        };
        create("apiVersion: v1\nkind: Pod\nmetadata: {name: seen, namespace: default}\n"
               "spec: {nodeName: node-1, containers: [{name: c, image: nginx}]}\n");
        create(event("seen.1", "default", "seen", "Pulling", "Pulling image \"nginx\"", sec(2)) + "---\n" +
               event("seen.2", "default", "seen", "Pulled", "Successfully pulled image \"nginx\" in 1s (1s including waiting)", sec(3)));
        auto condition = [](const std::string& type, const std::string& time) {
            return "{type: " + type + ", status: \"True\", lastTransitionTime: \"" + time + "\"}";
        };
        updateStatus("apiVersion: v1\nkind: Pod\nmetadata: {name: seen, namespace: default}\nspec: {containers: [{name: c, image: nginx}]}\n"
                     "status: {phase: Running, conditions: [" + condition("PodScheduled", sec(0)) + ", " + condition("Initialized", sec(1)) +
                     ", " + condition("ContainersReady", sec(5)) + ", " + condition("Ready", sec(5)) +
                     "], containerStatuses: [{name: c, ready: true, restartCount: 0, image: nginx, imageID: \"\", state: {running: {startedAt: \"" +
                     sec(5) + "\"}}}]}\n");
        create("apiVersion: v1\nkind: Pod\nmetadata: {name: waiting, namespace: default}\n"
               "spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: \"64\"}}}]}\n");
        const std::string unschedulable = "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {dedicated: gpu}.";
        create("apiVersion: v1\nkind: Event\nmetadata: {name: waiting.1, namespace: default}\n"
               "involvedObject: {kind: Pod, namespace: default, name: waiting}\nreason: FailedScheduling\ntype: Warning\n"
               "message: '" + unschedulable + "'\neventTime: \"" + at(0.5) + "\"\naction: Scheduling\nreportingComponent: default-scheduler\nreportingInstance: default-scheduler-test\n");

        auto c = client("admin-token");
        c->watchResource(QStringLiteral("pods"));
        c->watchResource(QStringLiteral("events"));
        journey::JourneyModel model(c.get(), nullptr);
        const qint64 later = t0 + qint64(60e9);
        auto stations = [&](const QList<Station>& list) {
            QStringList out;
            for (Station s : list) out << journey::Stations::id(s);
            return out.join(QLatin1Char(' '));
        };
        QTRY_VERIFY_WITH_TIMEOUT((model.poll(), model.podIndex(QStringLiteral("default/seen")) >= 0 &&
                                                    model.route(model.podIndex(QStringLiteral("default/seen")), later).size() >= 7),
                                 kTimeout);
        const int seen = model.podIndex(QStringLiteral("default/seen"));
        QVERIFY(model.observed(seen));
        QCOMPARE(stations(model.route(seen, later)), QStringLiteral("client etcd bind kubelet-admission image-pull probes running-ready"));
        QCOMPARE(stations(model.unrecorded(seen, later)),
                 QStringLiteral("authentication authorization mutating-admission validation validating-admission queue-active "
                                "filter score sandbox containers"));
        model.evaluate(later);
        QCOMPARE(model.tokenOf(seen)->to, Station::RunningReady);
        QCOMPARE(model.activityOf(seen), QStringLiteral("seen: Ready=True"));
        const int passedBefore = model.station(Station::Etcd).passed;
        const int containersBefore = model.station(Station::Containers).passed;
        const int pullsBefore = model.station(Station::ImagePull).passed;

        // The kubelet's Created and Started events come after the pod's Ready condition was read.
        create(event("seen.3", "default", "seen", "Created", "Created container c", sec(4)) + "---\n" +
               event("seen.4", "default", "seen", "Started", "Started container c", sec(4)));
        QTRY_VERIFY_WITH_TIMEOUT((model.poll(), model.route(seen, later).contains(Station::Containers)), kTimeout);
        QCOMPARE(stations(model.route(seen, later)),
                 QStringLiteral("client etcd bind kubelet-admission image-pull containers probes running-ready"));
        bool replaced = false;
        for (const auto& r : c->journeysSince(0, size_t(-1))) replaced = replaced || (r.pod == "default/seen" && r.replaces);
        QVERIFY(replaced);
        model.evaluate(later);
        QCOMPARE(model.station(Station::Etcd).passed, passedBefore);
        QCOMPARE(model.station(Station::Containers).passed, containersBefore + 1);
        QCOMPARE(model.station(Station::ImagePull).passed, pullsBefore);

        // Pending: where the scheduler left it, with its message.
        const int waiting = model.podIndex(QStringLiteral("default/waiting"));
        QVERIFY(waiting >= 0);
        QCOMPARE(stations(model.route(waiting, later)), QStringLiteral("client etcd filter"));
        QCOMPARE(model.tokenOf(waiting)->to, Station::QueueUnschedulable);
        QVERIFY(model.tokenOf(waiting)->failing);
        QCOMPARE(model.failureOf(waiting), QString::fromStdString(unschedulable));
    }

    // File > Connect to cluster…: $KUBECONFIG's two files merged, one of them broken, and a context
    // whose CA file is missing — each listed with why; a refused token said in kubectl's words; the
    // good context connects and is remembered.
    void connectDialogListsEveryContext() {
        QSettings().remove(QStringLiteral("connectCluster"));
        const QString a = api_.dir().filePath(QStringLiteral("a.yaml"));
        const QString b = api_.dir().filePath(QStringLiteral("b.yaml"));
        std::ofstream(a.toStdString()) << "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: " << api_.host()
                                       << "\n    certificate-authority: " << api_.caFile()
                                       << "\n- name: gone\n  cluster: {server: " << api_.host()
                                       << ", certificate-authority: /nonexistent/ca.crt}\n"
                                          "contexts:\n- name: live\n  context: {cluster: c, user: u}\n"
                                          "- name: refused\n  context: {cluster: c, user: stranger}\n"
                                          "- name: no-ca\n  context: {cluster: gone, user: u}\n"
                                          "current-context: live\nusers:\n- name: u\n  user: {token: admin-token}\n"
                                          "- name: stranger\n  user: {token: who-knows}\n";
        std::ofstream(b.toStdString()) << "apiVersion: v1\nkind: Config\nclusters: [oops\n";
        client::clientcmd::Environment env;
        env.kubeconfig = (a + QLatin1Char(':') + b).toStdString();
        ConnectClusterDialog dialog(nullptr, env);
        QCOMPARE(dialog.contextTable()->rowCount(), 3);
        QVERIFY2(dialog.filesLabel()->text().contains(QLatin1String("b.yaml (broken")), qPrintable(dialog.filesLabel()->text()));
        // The current context is chosen; no-ca is listed with its error and cannot be chosen.
        QVERIFY(dialog.connectButton()->isEnabled());
        QVERIFY(dialog.selectContext(QStringLiteral("no-ca")));
        QVERIFY(!dialog.connectButton()->isEnabled());
        QVERIFY2(dialog.errorText().contains(QLatin1String("/nonexistent/ca.crt")), qPrintable(dialog.errorText()));
        QVERIFY(dialog.selectContext(QStringLiteral("refused")));
        dialog.tryConnect();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.busy(), kTimeout);
        QVERIFY2(dialog.errorText().contains(QLatin1String("Unauthorized")), qPrintable(dialog.errorText()));
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY(dialog.selectContext(QStringLiteral("live")));
        dialog.tryConnect();
        QTRY_COMPARE_WITH_TIMEOUT(dialog.result(), int(QDialog::Accepted), kTimeout);
        QCOMPARE(dialog.resolved().contextName, std::string("live"));
        QCOMPARE(ConnectClusterDialog::recentContexts().front().context, QStringLiteral("live"));
        QSettings().remove(QStringLiteral("connectCluster"));
    }

    // `pilothouse --kubeconfig FILE --screenshot DIR`: every view of the attached cluster.
    void screenshotsOfTheAttachedCluster() {
#ifndef PH_PILOTHOUSE_BIN
        QSKIP("the pilothouse binary is not built");
#else
        const QString shots = api_.dir().filePath(QStringLiteral("shots"));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(PH_PILOTHOUSE_BIN),
                {QStringLiteral("--kubeconfig"), writeKubeconfig(), QStringLiteral("--screenshot"), shots, QStringLiteral("--size"),
                 QStringLiteral("1280x800")});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        for (const char* name : {"journey.png", "cluster.png", "inspector.png", "explainer.png", "events.png", "charts.png", "window.png"})
            QVERIFY2(QFile::exists(shots + QLatin1Char('/') + QLatin1String(name)), name);
        // A context that is not there: kubectl's words, before any window.
        QProcess bad;
        bad.setProcessEnvironment(env);
        bad.start(QStringLiteral(PH_PILOTHOUSE_BIN), {QStringLiteral("--kubeconfig"), writeKubeconfig(), QStringLiteral("--context"),
                                                      QStringLiteral("nope"), QStringLiteral("--screenshot"), shots});
        QVERIFY(bad.waitForFinished(60000));
        QCOMPARE(bad.exitCode(), 1);
        const QString err = QString::fromUtf8(bad.readAllStandardError());
        QVERIFY2(err.contains(QLatin1String("error: context \"nope\" does not exist")), qPrintable(err));
#endif
    }
};

QTEST_MAIN(LiveClusterTest)
#include "live_cluster_test.moc"
