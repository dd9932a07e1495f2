// The explainer over a real simulated cluster: what it shows is what the cluster's own scheduler
// wrote (its FailedScheduling events) and what the score sheet adds up to.
#include "ui_explainer/explainer_view_test.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include "api/object.h"
#include "api/scheme.h"
#include "core_v1.pb.h"
#include "explainer/explainer_view.h"
#include "explainer/filter_matrix_model.h"
#include "explainer/pod_explainer.h"
#include "explainer/score_table_model.h"
#include "explainer/what_if_panel.h"
#include "testing/scenario_simulation.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace core = k8s::io::api::core::v1;

namespace {

struct Session : testing::ScenarioSimulation {
    ui::SelectionModel selection;
    std::unique_ptr<ui::ExplainerView> view;

    bool start(const char* scenario, sim::Duration at) {
        if (!ScenarioSimulation::start(scenario, at)) return false;
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
        seen << QString::fromStdString(panel->suggestions()[i].summary);
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

QTEST_MAIN(ExplainerViewTest)
