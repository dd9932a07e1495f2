#include "why_not_here_test.h"

#include <QDockWidget>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "clusterview/cluster_view.h"
#include "explainer/explainer_view.h"
#include "explainer/what_if_panel.h"
#include "mainwindow/main_window.h"
#include "testing/scenario_simulation.h"

using namespace pilothouse;
using namespace std::chrono_literals;

void WhyNotHereTest::initTestCase() { QStandardPaths::setTestModeEnabled(true); }

// taints-and-tolerations at 20 s: plain-2 is pending (cpu-node is full, gpu-node is tainted).
void WhyNotHereTest::dragPendingPodOntoNode() {
    testing::ScenarioSimulation s;
    QVERIFY(s.start("taints-and-tolerations", 20s));
    ui::MainWindow window(s.client.get(), s.session.get());
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.loaded());
    ui::ClusterView* view = window.clusterView();
    // The cluster dock on its own, large enough for node cards (as on a projector).
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("clusterDock"));
    QVERIFY(dock);
    dock->setFloating(true);
    dock->resize(1000, 560);
    QTRY_VERIFY(view->height() > 400);
    const QString pod = QStringLiteral("default/plain-2");
    QTRY_VERIFY(!view->podRect(pod).isNull());
    QTRY_VERIFY(!view->nodeRect(QStringLiteral("gpu-node")).isNull());
    const QPoint from = view->podRect(pod).center();
    const QPoint to = view->nodeRect(QStringLiteral("gpu-node")).center();
    QSignalSpy asked(view, &ui::ClusterView::whyNotHere);

    // Only a pending pod drags: pressing on a node and moving does nothing.
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, view->nodeRect(QStringLiteral("cpu-node")).center());
    QTest::mouseMove(view->viewport(), to);
    QVERIFY(view->draggedPod().isEmpty());
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, to);
    QCOMPARE(asked.size(), 0);

    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(view->viewport(), from + QPoint(20, 20));
    QTest::mouseMove(view->viewport(), to);
    QCOMPARE(view->draggedPod(), pod);
    // What the audience sees while dragging: the node outlined and the question.
    QTemporaryDir dir;
    const QString shot = qEnvironmentVariable("PH_SCREENSHOT_DIR", dir.path()) + QStringLiteral("/why-not-here.png");
    QVERIFY(view->grab().save(shot));
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, to);
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.front().at(0).toString(), pod);
    QCOMPARE(asked.front().at(1).toString(), QStringLiteral("gpu-node"));
    QVERIFY(view->draggedPod().isEmpty());

    // The explainer answers for that node.
    ui::ExplainerView* explainer = window.explainerView();
    QVERIFY(explainer->isVisible());
    QCOMPARE(explainer->tabs()->currentIndex(), int(ui::ExplainerView::WhatIfTab));
    QCOMPARE(explainer->whatIfPanel()->node(), QStringLiteral("gpu-node"));
    QTRY_VERIFY(!explainer->whatIfPanel()->busy());
    QTRY_VERIFY(!explainer->whatIfPanel()->suggestions().empty());
    bool toleration = false;
    for (const auto& suggestion : explainer->whatIfPanel()->suggestions())
        for (const auto& change : suggestion.changes)
            toleration = toleration || change.kind == scheduler::WhatIfChange::Kind::AddToleration;
    QVERIFY(toleration);
}

QTEST_MAIN(WhyNotHereTest)
