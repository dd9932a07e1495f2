// The explainer over a real simulated cluster: what it shows is what the cluster's own scheduler
// wrote (its FailedScheduling events) and what the score sheet adds up to.
#include "ui_explainer/explainer_view_test.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include "api/object.h"
#include "api/scheme.h"
#include "cluster/snapshot_scenario.h"
#include "core_v1.pb.h"
#include "explainer/explainer_view.h"
#include "explainer/filter_matrix_model.h"
#include "explainer/pod_explainer.h"
#include "explainer/score_table_model.h"
#include "explainer/what_if_panel.h"
#include "explainer/what_if_text.h"
#include "i18n/language.h"
#include "testing/scenario_simulation.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace core = k8s::io::api::core::v1;

namespace {

struct Session : testing::ScenarioSimulation {
    ui::SelectionModel selection;
    std::unique_ptr<ui::ExplainerView> view;

    template <class Scenario>
    bool start(Scenario scenario, sim::Duration at) {
        if (!ScenarioSimulation::start(std::move(scenario), at)) return false;
        view = std::make_unique<ui::ExplainerView>(client.get(), &timeline, &selection);
        view->resize(1200, 800);
        return true;
    }
    std::vector<std::shared_ptr<const google::protobuf::Message>> list(const char* resource) {
        apiserver::Request r;
        r.verb = "list";
        r.type = api::Scheme::instance().byName(resource);
        std::vector<std::shared_ptr<const google::protobuf::Message>> out;
        for (auto& item : session->cluster().apiServer().handle(r).items) out.emplace_back(std::move(item));
        return out;
    }
    // Pods by phase ("namespace/name").
    QStringList pods(const std::string& phase) {
        QStringList out;
        for (const auto& o : list("pods")) {
            const auto& p = static_cast<const core::Pod&>(*o);
            if (p.status().phase() == phase) out << QString::fromStdString(p.metadata().namespace_() + "/" + p.metadata().name());
        }
        out.sort();
        return out;
    }
    // The message of the scheduler's last FailedScheduling event about a pod.
    QString lastFailedScheduling(const QString& key) {
        QString message;
        std::string newest;
        for (const auto& o : list("events")) {
            const auto& e = static_cast<const core::Event&>(*o);
            if (e.reason() != "FailedScheduling") continue;
            if (QString::fromStdString(e.involved_object().namespace_() + "/" + e.involved_object().name()) != key) continue;
            const std::string& at = e.series().last_observed_time().empty() ? e.event_time() : e.series().last_observed_time();
            if (at >= newest) {
                newest = at;
                message = QString::fromStdString(e.message());
            }
        }
        return message;
    }
};

}  // namespace

void ExplainerViewTest::initTestCase() { qRegisterMetaType<ui::ObjectRef>(); }

// resource-pressure at 100 s: six replicas of 700m on two 2-cpu nodes, two Pending.
void ExplainerViewTest::pendingPodAsTheSchedulerSaidIt() {
    Session s;
    QVERIFY(s.start("resource-pressure", 100s));
    const QStringList pending = s.pods("Pending");
    QCOMPARE(pending.size(), 2);
    const QString pod = pending.front();
    const QString written = s.lastFailedScheduling(pod);
    QVERIFY2(written.startsWith(QStringLiteral("0/2 nodes are available: 2 Insufficient cpu.")), qPrintable(written));

    QAbstractItemModelTester filtersTester(s.view->filterModel());
    QAbstractItemModelTester scoresTester(s.view->scoreModel());
    s.selection.select(ui::ObjectRef::pod(pod));
    QTRY_VERIFY(s.view->explainer()->explanation().has_value());
    QCOMPARE(s.view->title(), QStringLiteral("Why is %1 pending?").arg(pod));
    QCOMPARE(s.view->verdict(), written);  // exactly the scheduler's text

    // The matrix: both nodes, NodeResourcesFit rejects each with "Insufficient cpu", nothing else does.
    ui::FilterMatrixModel* m = s.view->filterModel();
    QCOMPARE(m->rowCount(), 2);
    const auto& x = *s.view->explainer()->explanation()->outcome.explanation;
    QCOMPARE(m->columnCount(), int(x.filterPlugins.size()) + 2);
    const int fit = m->pluginColumn(QStringLiteral("NodeResourcesFit"));
    QVERIFY(fit > 0);
    for (int r = 0; r < m->rowCount(); ++r) {
        for (int c = ui::FilterMatrixModel::kFirstPluginColumn; c < m->columnCount(); ++c) {
            const bool rejected = m->index(r, c).data(ui::FilterMatrixModel::RejectedRole).toBool();
            QCOMPARE(rejected, c == fit);
        }
        QCOMPARE(m->index(r, fit).data().toString(), QStringLiteral("Insufficient cpu"));
        QCOMPARE(m->index(r, ui::FilterMatrixModel::kResultColumn).data().toString(), QStringLiteral("rejected by NodeResourcesFit"));
    }
    // Every cell agrees with the explanation record it was built from.
    for (const auto& n : x.nodes) {
        const int row = m->rowOf(QString::fromStdString(n.node));
        QVERIFY(row >= 0);
        for (const auto& [plugin, reasons] : n.filter)
            QCOMPARE(m->index(row, m->pluginColumn(QString::fromStdString(plugin))).data().toString(),
                     QString::fromStdString(reasons.front()));
    }
    QCOMPARE(s.view->scoreModel()->rowCount(), 0);  // no feasible node
}

// A Running pod: tried again as if pending, the score table adds up, the chosen node is the
// highest total. resource-pressure at 30 s: four replicas of 700m, two per 2-cpu node; with the
// pod taken out, only its own node has room for it.
void ExplainerViewTest::boundPodsScores() {
    Session s;
    QVERIFY(s.start("resource-pressure", 30s));
    const QStringList running = s.pods("Running");
    QCOMPARE(running.size(), 4);
    s.view->explainer()->explainNow(running.front());
    QVERIFY(s.view->explainer()->explanation().has_value());
    const QString bound = QString::fromStdString(s.view->explainer()->explanation()->boundNode);
    QVERIFY(bound.startsWith(QStringLiteral("node-")));
    QVERIFY2(s.view->verdict().startsWith(QStringLiteral("Bound to %1.").arg(bound)), qPrintable(s.view->verdict()));
    QCOMPARE(s.view->title(), QStringLiteral("Why is %1 on %2?").arg(running.front(), bound));
    ui::ScoreTableModel* scores = s.view->scoreModel();
    QCOMPARE(scores->rowCount(), 1);
    QVERIFY(scores->index(0, 0).data().toString().startsWith(bound));
    QVERIFY(scores->index(0, 0).data(ui::ScoreTableModel::ChosenRole).toBool());
    ui::FilterMatrixModel* m = s.view->filterModel();
    const int other = 1 - m->rowOf(bound);
    QCOMPARE(m->index(other, m->pluginColumn(QStringLiteral("NodeResourcesFit"))).data().toString(), QStringLiteral("Insufficient cpu"));

    // demo-cluster: several feasible nodes; each total is the weighted sum of its cells.
    Session d;
    QVERIFY(d.start("demo-cluster", 30s));
    const QStringList pods = d.pods("Running");
    QVERIFY(!pods.isEmpty());
    d.view->explainer()->explainNow(pods.front());
    ui::ScoreTableModel* sheet = d.view->scoreModel();
    QVERIFY2(sheet->rowCount() >= 2, qPrintable(d.view->verdict()));
    for (int r = 0; r < sheet->rowCount(); ++r) {
        qint64 sum = 0;
        for (int c = 1; c < sheet->totalColumn(); ++c) {
            const QModelIndex i = sheet->index(r, c);
            sum += i.data(ui::ScoreTableModel::NormalizedRole).toLongLong() * i.data(ui::ScoreTableModel::WeightRole).toLongLong();
        }
        QCOMPARE(sheet->index(r, sheet->totalColumn()).data().toLongLong(), sum);
        if (r > 0) QVERIFY(sheet->index(r - 1, sheet->totalColumn()).data().toLongLong() >= sheet->index(r, sheet->totalColumn()).data().toLongLong());
    }
    int chosen = 0;
    for (int r = 0; r < sheet->rowCount(); ++r) chosen += sheet->index(r, 0).data(ui::ScoreTableModel::ChosenRole).toBool();
    QCOMPARE(chosen, 1);
}

// The selection picks the pod; selecting a node keeps the pod; the past is explained as it was.
void ExplainerViewTest::followsSelectionAndTime() {
    Session s;
    QVERIFY(s.start("resource-pressure", 100s));
    const QString pod = s.pods("Pending").front();
    s.selection.select(ui::ObjectRef::pod(pod));
    QTRY_VERIFY(s.view->explainer()->explanation().has_value());
    s.selection.select(ui::ObjectRef::node(QStringLiteral("node-1")));
    QCOMPARE(s.view->explainer()->pod(), pod);
    QVERIFY(s.view->explainer()->explanation().has_value());
    // At 30 s the replica did not exist yet.
    QSignalSpy explained(s.view->explainer(), &ui::PodExplainer::explained);
    s.timeline.setView(s.timeline.epochNanos() + qint64(30) * 1'000'000'000);
    QTRY_VERIFY(!s.view->explainer()->busy() && explained.count() > 0);
    QVERIFY(!s.view->explainer()->explanation().has_value());
    QCOMPARE(s.view->explainer()->error(), QStringLiteral("pods \"%1\" not found").arg(pod));
    s.timeline.goLive();
    QTRY_VERIFY(s.view->explainer()->explanation().has_value());
}

void ExplainerViewTest::clickingARowSelectsTheNode() {
    Session s;
    QVERIFY(s.start("resource-pressure", 100s));
    s.view->show();
    s.view->explainer()->explainNow(s.pods("Pending").front());
    QTableView* table = s.view->filterView();
    QCOMPARE(table->model()->rowCount(), 2);
    const QString node = table->model()->index(1, 0).data().toString();
    const QRect cell = table->visualRect(table->model()->index(1, 0));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(s.selection.selected(), ui::ObjectRef::node(node));
}

// The tables' columns are sized to their contents for each pod, not for each answer: a live
// cluster's pod is answered again every second, and neither the columns a user widened nor the
// frame (measuring a hundred rows' text) may pay for that each time.
void ExplainerViewTest::columnsAreSizedOncePerPod() {
    Session s;
    QVERIFY(s.start("resource-pressure", 100s));
    s.view->show();
    const QStringList pending = s.pods("Pending");
    QVERIFY(pending.size() >= 2);
    s.view->explainer()->explainNow(pending[0]);
    QTableView* table = s.view->filterView();
    const int sized = table->columnWidth(0);
    QVERIFY(sized > 0);
    table->setColumnWidth(0, sized + 77);
    s.view->explainer()->explainNow(pending[0]);
    QCOMPARE(table->columnWidth(0), sized + 77);
    s.view->explainer()->explainNow(pending[1]);
    QVERIFY(table->columnWidth(0) != sized + 77);
}

// What would make plain-2 (pending: cpu-node is full, gpu-node tainted) fit on gpu-node? Each
// suggestion, applied with its button in a fresh run of the same scenario, gets it bound there.
void ExplainerViewTest::everyWhatIfSuggestionSchedulesThePod() {
    size_t count = 0;
    QStringList seen;
    for (size_t i = 0;; ++i) {
        Session s;
        QVERIFY(s.start("taints-and-tolerations", 20s));
        QCOMPARE(s.pods("Pending"), QStringList{QStringLiteral("default/plain-2")});
        s.view->explainer()->explainNow(QStringLiteral("default/plain-2"));
        ui::WhatIfPanel* panel = s.view->whatIfPanel();
        panel->setNode(QStringLiteral("gpu-node"));
        panel->suggestNow();
        QVERIFY2(panel->error().isEmpty(), qPrintable(panel->error()));
        if (i == 0) {
            count = panel->suggestions().size();
            QVERIFY(count >= 2);  // tolerate the taint, or remove it
        }
        QCOMPARE(panel->suggestions().size(), count);
        if (i == count) break;
        seen << QString::fromStdString(scheduler::describe(panel->suggestions()[i]));
        QSignalSpy done(panel, &ui::WhatIfPanel::finished);
        panel->apply(i);
        QVERIFY(done.wait(5000));
        QVERIFY2(done.takeFirst().at(0).toBool(), qPrintable(panel->applyResult()));
        QVERIFY(s.runFor(30s));
        bool bound = false;
        for (const auto& o : s.list("pods")) {
            const auto& p = static_cast<const core::Pod&>(*o);
            bound = bound || (p.metadata().name() == "plain-2" && p.spec().node_name() == "gpu-node");
        }
        QVERIFY2(bound, qPrintable(seen.back()));
    }
    QVERIFY(seen.filter(QStringLiteral("toleration")).size() >= 1);
    QVERIFY(seen.filter(QStringLiteral("Remove taint")).size() >= 1);
}

// With German chosen, the what-if tab says the scheduler's suggestions in German (from the
// suggestions as data); the values in them — the taint, the pod, the node — stay as they are.
void ExplainerViewTest::whatIfInGerman() {
    QVERIFY(ui::i18n::setLanguage(QStringLiteral("de")));
    const auto english = qScopeGuard([] { ui::i18n::setLanguage(QStringLiteral("en")); });
    Session s;
    QVERIFY(s.start("taints-and-tolerations", 20s));
    s.view->explainer()->explainNow(QStringLiteral("default/plain-2"));
    ui::WhatIfPanel* panel = s.view->whatIfPanel();
    panel->setNode(QStringLiteral("gpu-node"));
    panel->suggestNow();
    QVERIFY2(panel->error().isEmpty(), qPrintable(panel->error()));
    QStringList shown;
    for (const QLabel* label : panel->findChildren<QLabel*>()) shown << label->text();
    QVERIFY2(shown.contains(QStringLiteral("• Toleration dedicated=gpu:NoSchedule zu Pod default/plain-2 hinzufügen")),
             qPrintable(shown.join(QLatin1Char('\n'))));
    QVERIFY2(shown.contains(QStringLiteral("• Taint dedicated=gpu:NoSchedule von Node gpu-node entfernen")),
             qPrintable(shown.join(QLatin1Char('\n'))));
    QVERIFY(shown.contains(QStringLiteral("Am Pod")));
    // Every line from the data, none in English.
    for (const auto& suggestion : panel->suggestions())
        for (const auto& change : suggestion.changes) {
            const QString line = ui::whatif::changeText(change);
            QVERIFY(shown.contains(QStringLiteral("• ") + line));
            QVERIFY(line != QString::fromStdString(scheduler::describe(change)));
        }
    // A note: Japanese too.
    const scheduler::WhatIfNote note{.plugin = "NodeResourcesFit",
                                     .side = scheduler::WhatIfSide::Pod,
                                     .why = {scheduler::WhatIfReason::Kind::NoResourceLeft, {"n1", "cpu", "4", "4"}}};
    QCOMPARE(ui::whatif::noteText(note), QStringLiteral("NodeResourcesFit (Pod-Seite): Node n1 hat kein cpu mehr frei (4 von 4 angefordert)"));
    QVERIFY(ui::i18n::setLanguage(QStringLiteral("ja")));
    QCOMPARE(ui::whatif::noteText(note), QStringLiteral("NodeResourcesFit（Pod 側）: ノード n1 には cpu の空きがありません（要求済み 4 / 4）"));
    QVERIFY(ui::i18n::setLanguage(QStringLiteral("en")));
    QCOMPARE(ui::whatif::noteText(note).toStdString(), scheduler::describe(note));
}

// A real cluster's `kubectl get nodes,pods,priorityclasses -A -o yaml` (v1.28.7), opened as the
// GUI's --open does: its pending pod is explained with the real kube-scheduler's message.
void ExplainerViewTest::realClusterSnapshot() {
    std::vector<std::string> warnings;
    auto scenario = cluster::scenarioFromSnapshotFiles({PH_SOURCE_DIR "/tests/unit/pilothousectl_schedule/data/real-cluster.yaml"}, &warnings);
    QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
    Session s;
    QVERIFY(s.start(std::move(*scenario), 30s));
    QCOMPARE(s.pods("Pending"), QStringList{QStringLiteral("default/big-1")});
    QCOMPARE(s.pods("Running"), QStringList({QStringLiteral("default/db-0"), QStringLiteral("default/web-1")}));
    // What the real scheduler wrote into the snapshot (expected.json of the example).
    const QString real = QStringLiteral(
        "0/4 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 3 Insufficient cpu. preemption: "
        "0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for "
        "incoming pod..");
    QCOMPARE(s.lastFailedScheduling(QStringLiteral("default/big-1")), real);
    s.selection.select(ui::ObjectRef::pod(QStringLiteral("default/big-1")));
    QTRY_VERIFY(s.view->explainer()->explanation().has_value());
    QCOMPARE(s.view->verdict(), real);
    ui::FilterMatrixModel* m = s.view->filterModel();
    QCOMPARE(m->rowCount(), 4);
    const int taints = m->pluginColumn(QStringLiteral("TaintToleration"));
    const int fit = m->pluginColumn(QStringLiteral("NodeResourcesFit"));
    QCOMPARE(m->index(m->rowOf(QStringLiteral("node-a")), taints).data().toString(),
             QStringLiteral("node(s) had untolerated taint {dedicated: gpu}"));
    for (const char* node : {"node-b", "node-c", "node-d"})
        QCOMPARE(m->index(m->rowOf(QLatin1String(node)), fit).data().toString(), QStringLiteral("Insufficient cpu"));
}

// kube-scheduler restarted with MostAllocated: the explainer scores with the configuration in
// force at the moment it shows — the new one live, the old one in the past.
void ExplainerViewTest::scoresFollowTheSchedulerConfiguration() {
    std::vector<std::string> warnings;
    auto scenario = cluster::loadScenario(R"(
apiVersion: v1
kind: Node
metadata: {name: full, labels: {kubernetes.io/hostname: full}}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: empty, labels: {kubernetes.io/hostname: empty}}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: busy, namespace: default}
spec: {nodeName: full, containers: [{name: c, image: nginx, resources: {requests: {cpu: "2", memory: 2Gi}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: newcomer, namespace: default}
spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: "1", memory: 1Gi}}}]}
)", "packing.yaml", &warnings);
    QVERIFY2(scenario.isOk(), scenario.status().message().c_str());
    Session s;
    QVERIFY(s.start(std::move(*scenario), 10s));
    const QString pod = QStringLiteral("default/newcomer");
    // The NodeResourcesFit score (raw) of each node in the explainer's score table.
    auto fitScore = [&](const char* node) {
        ui::ScoreTableModel* scores = s.view->scoreModel();
        int column = -1;
        for (int c = 0; c < scores->columnCount(); ++c)
            if (scores->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString().startsWith(QStringLiteral("NodeResourcesFit"))) column = c;
        for (int r = 0; r < scores->rowCount(); ++r)
            if (scores->index(r, 0).data().toString().startsWith(QLatin1String(node)))
                return scores->index(r, column).data(ui::ScoreTableModel::RawRole).toLongLong();
        return qint64(-1);
    };
    s.view->explainer()->explainNow(pod);
    QCOMPARE(s.view->scoreModel()->rowCount(), 2);
    QVERIFY2(fitScore("empty") > fitScore("full"), qPrintable(QStringLiteral("%1 %2").arg(fitScore("empty")).arg(fitScore("full"))));
    const qint64 before = s.client->nowNanos();

    bool done = false;
    Status result;
    s.client->configureScheduler(QStringLiteral(R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- pluginConfig:
  - name: NodeResourcesFit
    args: {scoringStrategy: {type: MostAllocated, resources: [{name: cpu, weight: 1}, {name: memory, weight: 1}]}}
)"), QStringLiteral("most.yaml"), s.view.get(), [&](const Status& st) { done = true; result = st; });
    QTRY_VERIFY(done);
    QVERIFY2(result.isOk(), result.message().c_str());
    QVERIFY(s.runFor(1s));
    s.view->explainer()->explainNow(pod);
    QVERIFY2(fitScore("full") > fitScore("empty"), qPrintable(QStringLiteral("%1 %2").arg(fitScore("full")).arg(fitScore("empty"))));
    // Back before the restart: the default scoring again.
    s.timeline.setView(before);
    s.view->explainer()->explainNow(pod);
    QVERIFY(fitScore("empty") > fitScore("full"));

    // A bad file: refused with its field, and nothing changes.
    done = false;
    s.client->configureScheduler(QStringLiteral("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles: [{plugins: {score: {enabled: [{name: NodeResourcesFit, weight: many}]}}}]\n"),
                                 QStringLiteral("bad.yaml"), s.view.get(), [&](const Status& st) { done = true; result = st; });
    QTRY_VERIFY(done);
    QVERIFY(!result.isOk());
    QVERIFY2(QString::fromStdString(result.message()).startsWith(QStringLiteral("bad.yaml: profiles[0].plugins.score.enabled[0].weight")), result.message().c_str());
    s.timeline.goLive();
    s.view->explainer()->explainNow(pod);
    QVERIFY(fitScore("full") > fitScore("empty"));
}

QTEST_MAIN(ExplainerViewTest)
