#include "window_layouts_test.h"

#include <QAbstractItemView>
#include <QDockWidget>
#include <QFontMetricsF>
#include <QImage>
#include <QListView>
#include <QStandardPaths>
#include <QTableView>
#include <QToolBar>
#include <QtTest>

#include <map>

#include "client/in_process_client.h"
#include "clusterview/cluster_view.h"
#include "events/event_log_view.h"
#include "explainer/explainer_view.h"
#include "explainer/pod_explainer.h"
#include "journey/journey_style.h"
#include "journey/journey_view.h"
#include "journey/station_item.h"
#include "mainwindow/main_window.h"
#include "models/selection_model.h"
#include "session/embedded_session.h"
#include "theme/theme.h"

using namespace pilothouse;
using ui::WindowLayout;

namespace {

const QString kScenario = QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/taints-and-tolerations.yaml");

void settle(int ms) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

// The font size, in device pixels, that the ink of `text` drawn in `rect` (device pixels) of
// `image` shows: the rows that differ from the rect's commonest colour, over the share of a font
// size that the text's glyphs cover in `font` (the same at any size).
double renderedPixelSize(const QImage& image, const QRect& rect, const QFont& font, const QString& text) {
    const QRect r = rect.intersected(image.rect());
    if (r.isEmpty()) return 0;
    std::map<QRgb, int> counts;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) ++counts[image.pixel(x, y)];
    const QRgb background = std::max_element(counts.begin(), counts.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
    int first = -1, last = -1;
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            if (std::abs(qGray(image.pixel(x, y)) - qGray(background)) > 40) {
                if (first < 0) first = y;
                last = y;
                break;
            }
        }
    }
    if (first < 0) return 0;
    const double share = QFontMetricsF(font).tightBoundingRect(text).height() / font.pixelSize();
    return (last - first + 1) / share;
}

QRect deviceRect(const ui::MainWindow& window, const ui::JourneyView& journey, const QRectF& sceneRect) {
    const QRect inView = journey.mapFromScene(sceneRect).boundingRect();
    const QRect inWindow = inView.translated(journey.viewport()->mapTo(&window, QPoint(0, 0)));
    const qreal dpr = window.devicePixelRatioF();
    return QRect(QPoint(int(inWindow.left() * dpr), int(inWindow.top() * dpr)),
                 QSize(int(inWindow.width() * dpr), int(inWindow.height() * dpr)));
}

}  // namespace

void WindowLayoutsTest::initTestCase() { QStandardPaths::setTestModeEnabled(true); }

void WindowLayoutsTest::legibleAtEverySize_data() {
    QTest::addColumn<int>("layout");
    QTest::addColumn<QSize>("size");
    // At 150% (QT_SCALE_FACTOR=1.5) a 1920x1080 screen is 1280x720 logical pixels.
    const bool scaled = qEnvironmentVariable("QT_SCALE_FACTOR").toDouble() > 1;
    const std::vector<QSize> sizes = scaled ? std::vector<QSize>{QSize(1280, 720)}
                                            : std::vector<QSize>(ui::MainWindow::kScreenshotSizes.begin(), ui::MainWindow::kScreenshotSizes.end());
    for (WindowLayout layout : ui::kWindowLayouts)
        for (QSize size : sizes)
            QTest::newRow(qPrintable(QStringLiteral("%1 %2x%3").arg(ui::WindowLayouts::id(layout)).arg(size.width()).arg(size.height())))
                << int(layout) << size;
}

void WindowLayoutsTest::legibleAtEverySize() {
    QFETCH(int, layout);
    QFETCH(QSize, size);
    auto session = ui::EmbeddedSession::start(":memory:", kScenario);
    QVERIFY2(session.isOk(), session.status().message().c_str());
    ui::InProcessClient client((*session)->cluster());
    ui::MainWindow window(&client, session->get());
    window.resize(size);
    window.show();
    QTRY_VERIFY(window.loaded());
    window.setWindowLayout(WindowLayout(layout));
    settle(400);
    QCOMPARE(window.size(), size);
    const QImage image = window.grab().toImage();

    // The journey: shown in Teach, never below the legible scale when shown.
    ui::JourneyView* journey = window.journeyView();
    QCOMPARE(journey->isVisible(), WindowLayout(layout) == WindowLayout::Teach);
    if (journey->isVisible()) {
        QVERIFY2(journey->deviceScale() >= ui::journey::style::kMinDeviceScale - 1e-6, qPrintable(QString::number(journey->deviceScale())));
        const auto* station = journey->stationItem(ui::journey::Station::Authentication);
        const QRectF titleLine(station->titleRect().topLeft(),
                               QSizeF(station->titleRect().width(), station->titleRect().height() / station->titleLines().size()));
        const double title = renderedPixelSize(image, deviceRect(window, *journey, station->mapRectToScene(titleLine)),
                                               station->titleFont(), station->titleLines().front());
        QVERIFY2(title >= 13, qPrintable(QStringLiteral("station title %1 device px").arg(title)));
        const QFont counterFont = ui::journey::style::font(ui::journey::style::kCounterPx);
        const QRectF counters(titleLine.left(), station->titleRect().bottom() + 2, titleLine.width(), QFontMetricsF(counterFont).height());
        const double detail = renderedPixelSize(image, deviceRect(window, *journey, station->mapRectToScene(counters)), counterFont,
                                                QStringLiteral("0 passed · 0 here"));
        QVERIFY2(detail >= 10, qPrintable(QStringLiteral("station counters %1 device px").arg(detail)));
        qInfo("%s: journey at %.3f device px per canvas px, station title %.1f px, counters %.1f px", QTest::currentDataTag(),
              journey->deviceScale(), title, detail);
    }

    // The cluster: a whole node, with its name (a tile or a card, not a heat-map cell).
    ui::clusterview::ClusterView* cluster = window.clusterView();
    QVERIFY(cluster->isVisible());
    QVERIFY2(cluster->detailLevel() != ui::clusterview::DetailLevel::HeatMap,
             qPrintable(QStringLiteral("heat map in a viewport of %1x%2").arg(cluster->viewport()->width()).arg(cluster->viewport()->height())));
    const QRect node = cluster->nodeRect(QStringLiteral("cpu-node"));
    QVERIFY2(!node.isNull() && cluster->viewport()->rect().contains(node),
             qPrintable(QStringLiteral("node at %1,%2 %3x%4 in a viewport of %5x%6").arg(node.x()).arg(node.y()).arg(node.width())
                            .arg(node.height()).arg(cluster->viewport()->width()).arg(cluster->viewport()->height())));
    if (WindowLayout(layout) == WindowLayout::Operate)
        QCOMPARE(cluster->detailLevel(), ui::clusterview::DetailLevel::Tile);

    // The events, where the layout shows them: three at least.
    ui::EventLogView* events = window.eventLogView();
    QCOMPARE(events->isVisible(), WindowLayout(layout) != WindowLayout::Teach);
    if (events->isVisible()) {
        QAbstractItemView* shown = events->compact() ? static_cast<QAbstractItemView*>(events->cards()) : events->table();
        QVERIFY(shown->model()->rowCount() >= 3);
        QVERIFY2(shown->viewport()->height() >= 3 * shown->sizeHintForRow(0),
                 qPrintable(QStringLiteral("%1 px for rows of %2").arg(shown->viewport()->height()).arg(shown->sizeHintForRow(0))));
    }
    // Debug: the explainer in front, not behind a tab.
    if (WindowLayout(layout) == WindowLayout::Debug) QVERIFY(window.explainerView()->isVisible());
    QVERIFY(window.layoutAction(WindowLayout(layout))->isChecked());
}

void WindowLayoutsTest::teachColumnWidth_data() {
    QTest::addColumn<QSize>("room");
    QTest::addColumn<int>("column");
    // The journey's canvas (1920 x 1080) as large as the column's 190 pixels leave, up to 0.8.
    QTest::newRow("1280x800: the width decides") << QSize(1280, 673) << 190;
    QTest::newRow("1366x768: the height decides") << QSize(1366, 641) << 1366 - 1139;
    QTest::newRow("1920x1080: large enough, the column takes the rest") << QSize(1920, 953) << 1920 - 1536;
    QTest::newRow("too small: the column keeps its minimum") << QSize(600, 300) << 190;
    QTest::newRow("no room yet") << QSize() << 190;
}

void WindowLayoutsTest::teachColumnWidth() {
    QFETCH(QSize, room);
    QFETCH(int, column);
    QCOMPARE(ui::WindowLayouts::teachColumnWidth(room, QSize(1920, 1080), 190, 0.8), column);
}

void WindowLayoutsTest::switchingLayouts() {
    // Switching from the toolbar's actions: Debug shows the explainer and hides the journey; Teach
    // the other way round.
    auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
    QVERIFY2(session.isOk(), session.status().message().c_str());
    ui::InProcessClient client((*session)->cluster());
    ui::MainWindow window(&client, session->get());
    window.resize(1366, 768);
    window.show();
    QTRY_VERIFY(window.loaded());
    // The first start picks Teach while nothing is pending.
    QTRY_COMPARE(int(window.windowLayout()), int(WindowLayout::Teach));
    window.layoutAction(WindowLayout::Debug)->trigger();
    QCOMPARE(int(window.windowLayout()), int(WindowLayout::Debug));
    QVERIFY(window.explainerView()->isVisible());
    QVERIFY(!window.journeyView()->isVisible());
    window.layoutAction(WindowLayout::Teach)->trigger();
    QVERIFY(window.journeyView()->isVisible());
    QVERIFY(!window.explainerView()->isVisible());
}

void WindowLayoutsTest::presentationMode() {
    auto session = ui::EmbeddedSession::start(":memory:", kScenario);
    QVERIFY2(session.isOk(), session.status().message().c_str());
    ui::InProcessClient client((*session)->cluster());
    ui::MainWindow window(&client, session->get());
    window.resize(1280, 800);
    window.show();
    QTRY_VERIFY(window.loaded());
    window.setWindowLayout(WindowLayout::Teach);
    const double scale = ui::theme::fontScale();
    QCOMPARE(window.presentationAction()->shortcut(), QKeySequence(Qt::Key_F11));
    window.presentationAction()->trigger();
    QVERIFY(window.presentation());
    QVERIFY2(window.windowState() & Qt::WindowFullScreen, qPrintable(QString::number(int(window.windowState()))));
    QCOMPARE(ui::theme::fontScale(), scale * 1.5);
    QCOMPARE(int(window.windowLayout()), int(WindowLayout::Teach));
    // The toolbars are made again at the larger text, in the same layout.
    auto toolbarPoints = [&window] { return window.findChild<QToolBar*>(QStringLiteral("simulationToolBar"))->font().pointSizeF(); };
    QTRY_COMPARE(toolbarPoints(), ui::theme::font(14).pointSizeF());
    QVERIFY(window.journeyView()->isVisible());
    QVERIFY(window.presentationAction()->isChecked());
    // The controls keep their keys.
    QCOMPARE(window.playAction()->shortcut(), QKeySequence(Qt::Key_Space));
    QCOMPARE(window.layoutAction(WindowLayout::Debug)->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_2));
    window.setPresentation(false);
    QVERIFY(!window.isFullScreen());
    QCOMPARE(ui::theme::fontScale(), scale);
    QTRY_COMPARE(toolbarPoints(), ui::theme::font(14).pointSizeF());
    QVERIFY(!window.presentationAction()->isChecked());
}

QTEST_MAIN(WindowLayoutsTest)
