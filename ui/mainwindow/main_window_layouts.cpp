// MainWindow's layouts (Teach, Debug, Operate) and presentation mode: see window_layout.h.
#include "mainwindow/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QImage>
#include <QLabel>
#include <QLayout>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QShortcut>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>

#include <algorithm>

#include "clusterview/cluster_view.h"
#include "core_v1.pb.h"
#include "journey/journey_layout.h"
#include "journey/journey_view.h"
#include "models/cluster_state.h"
#include "models/selection_model.h"
#include "theme/theme.h"

namespace pilothouse::ui {

namespace {
// The journey past this many device pixels per canvas pixel is large enough: Teach gives the
// rest of the window to the cluster's column.
constexpr double kJourneyEnough = 0.8;
constexpr double kPresentationFontScale = 1.5;
}  // namespace

void MainWindow::makeLayoutToolBar() {
    // On the simulation's row; the timeline has the next one to itself.
    auto* bar = addToolBar(tr("Layout"));
    bar->setObjectName(QStringLiteral("layoutToolBar"));
    bar->setFont(theme::font(14));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* group = new QActionGroup(bar);
    const Qt::Key keys[] = {Qt::Key_1, Qt::Key_2, Qt::Key_3};
    for (WindowLayout layout : kWindowLayouts) {
        QAction* a = bar->addAction(WindowLayouts::title(layout));
        a->setCheckable(true);
        a->setChecked(layout == layout_);
        a->setData(WindowLayouts::id(layout));
        a->setShortcut(QKeySequence(Qt::CTRL | keys[size_t(layout)]));
        a->setToolTip(WindowLayouts::purpose(layout));
        a->setStatusTip(WindowLayouts::purpose(layout));
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, layout] { setWindowLayout(layout); });
        layoutActions_[size_t(layout)] = a;
    }
    bar->addSeparator();
    presentationAction_ = bar->addAction(tr("Present"));
    presentationAction_->setCheckable(true);
    presentationAction_->setChecked(presentation_);
    presentationAction_->setShortcut(QKeySequence(Qt::Key_F11));
    presentationAction_->setToolTip(tr("Full screen with larger text, for a room (F11; Esc leaves)"));
    connect(presentationAction_, &QAction::triggered, this, [this](bool on) { setPresentation(on); });
    auto* leave = new QShortcut(QKeySequence(Qt::Key_Escape), bar);
    connect(leave, &QShortcut::activated, this, [this] {
        if (presentation_) setPresentation(false);
    });
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (shownOnce_) return;
    shownOnce_ = true;
    // Laid out for the size it is shown at; once the pods are listed, the first start's layout.
    if (!layoutChosen_) QTimer::singleShot(0, this, [this] { arrangeDefault(layout_); });
    auto* poll = new QTimer(this);
    connect(poll, &QTimer::timeout, this, [this, poll] {
        if (layoutChosen_) {
            poll->deleteLater();
        } else if (loaded()) {
            chooseInitialLayout();
            poll->deleteLater();
        }
    });
    poll->start(100);
}

QString MainWindow::arrangementKey(WindowLayout layout) const {
    const QScreen* s = screen();
    const QSize room = s ? s->availableGeometry().size() : QSize();
    return QStringLiteral("layouts/%1/%2x%3").arg(WindowLayouts::id(layout)).arg(room.width()).arg(room.height());
}

void MainWindow::saveArrangement() {
    if (!options_.persistSettings || presentation_) return;
    QSettings settings;
    settings.setValue(arrangementKey(layout_) + QStringLiteral("/state"), saveState());
    settings.setValue(arrangementKey(layout_) + QStringLiteral("/journey"), !journey_->isHidden());
}

bool MainWindow::restoreArrangement(WindowLayout layout) {
    if (!options_.persistSettings) return false;
    QSettings settings;
    const QByteArray state = settings.value(arrangementKey(layout) + QStringLiteral("/state")).toByteArray();
    if (state.isEmpty() || !restoreState(state)) return false;
    journey_->setVisible(settings.value(arrangementKey(layout) + QStringLiteral("/journey"), true).toBool());
    return true;
}

void MainWindow::setWindowLayout(WindowLayout layout) {
    if (layoutChosen_ && layout != layout_) saveArrangement();
    layoutChosen_ = true;
    layout_ = layout;
    if (QAction* a = layoutActions_[size_t(layout)]) a->setChecked(true);
    if (!restoreArrangement(layout)) arrangeDefault(layout);
    clusterView_->setTilesAtMost(layout == WindowLayout::Operate);
    if (layout == WindowLayout::Debug) selectFirstPendingPod();
}

void MainWindow::resetWindowLayout() {
    layoutChosen_ = true;
    arrangeDefault(layout_);
    saveArrangement();
}

void MainWindow::chooseInitialLayout() {
    if (layoutChosen_) return;
    setWindowLayout(WindowLayouts::initial(!firstPendingPod().isEmpty()));
}

QString MainWindow::firstPendingPod() const {
    // The oldest pod without a node (the one the scheduler has tried longest).
    QString first;
    std::string firstTime;
    const auto& pods = state_->objects(QStringLiteral("pods"));
    for (auto it = pods.cbegin(); it != pods.cend(); ++it) {
        const auto& pod = static_cast<const k8s::io::api::core::v1::Pod&>(*it.value());
        if (!pod.spec().node_name().empty() || pod.status().phase() != "Pending") continue;
        const std::string& created = pod.metadata().creation_timestamp();
        if (first.isEmpty() || created < firstTime || (created == firstTime && it.key() < first)) {
            first = it.key();
            firstTime = created;
        }
    }
    return first;
}

void MainWindow::selectFirstPendingPod() {
    if (!selection_->selected().isNull()) return;
    if (const QString first = firstPendingPod(); !first.isEmpty()) selection_->select(ObjectRef::pod(first));
}

void MainWindow::arrangeDefault(WindowLayout layout) {
    auto dock = [this](const char* name) { return findChild<QDockWidget*>(QLatin1String(name)); };
    QDockWidget* cluster = dock("clusterDock");
    QDockWidget* inspector = dock("inspectorDock");
    QDockWidget* explainer = dock("explainerDock");
    QDockWidget* editor = dock("editorDock");
    QDockWidget* events = dock("eventsDock");
    QDockWidget* charts = dock("chartsDock");
    QDockWidget* objects = dock("objectsDock");
    const QList<QDockWidget*> all = {cluster, inspector, explainer, editor, events, charts, objects};
    if (all.contains(nullptr)) return;
    // Every dock in a known place (View shows a hidden one again where it belongs), and only the
    // layout's shown: all of them at once would ask for more than a laptop's screen (and take a
    // full-screen window out of full screen).
    auto showOnly = [&all](std::initializer_list<QDockWidget*> shown) {
        for (QDockWidget* d : all) d->setVisible(std::find(shown.begin(), shown.end(), d) != shown.end());
    };
    for (QDockWidget* d : all) {
        removeDockWidget(d);
        d->setFloating(false);
    }
    for (QToolBar* t : findChildren<QToolBar*>(Qt::FindDirectChildrenOnly)) t->show();
    if (!isMaximized() && !isFullScreen()) QMainWindow::layout()->activate();
    const QSize size = this->size();
    switch (layout) {
        case WindowLayout::Teach: {
            journey_->show();
            addDockWidget(Qt::RightDockWidgetArea, cluster);
            addDockWidget(Qt::RightDockWidgetArea, inspector);
            tabifyDockWidget(inspector, explainer);
            tabifyDockWidget(explainer, editor);
            addDockWidget(Qt::BottomDockWidgetArea, events);
            tabifyDockWidget(events, charts);
            tabifyDockWidget(charts, objects);
            showOnly({cluster});
            // The journey's room: the window less its menus, toolbars and status bar.
            int chrome = menuBar()->sizeHint().height() + statusBar()->sizeHint().height();
            for (QToolBar* t : findChildren<QToolBar*>(Qt::FindDirectChildrenOnly))
                if (t->objectName() != QLatin1String("layoutToolBar") || !findChild<QToolBar*>(QStringLiteral("simulationToolBar")))
                    chrome += t->sizeHint().height();
            const int separator = style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent, nullptr, this);
            const qreal dpr = devicePixelRatioF();
            const QRectF canvas = journey::JourneyLayout::sceneRect();
            const int column = WindowLayouts::teachColumnWidth(
                QSize(size.width() - separator, size.height() - chrome), QSize(int(canvas.width() / dpr), int(canvas.height() / dpr)),
                cluster->minimumSizeHint().width(), kJourneyEnough);
            resizeDocks({cluster}, {column}, Qt::Horizontal);
            break;
        }
        case WindowLayout::Debug: {
            // The cluster and the explainer side by side, the events under both: wide enough for
            // their one-line rows, so that three fit on a laptop's 768 lines.
            journey_->hide();
            addDockWidget(Qt::LeftDockWidgetArea, cluster);
            addDockWidget(Qt::RightDockWidgetArea, explainer);
            tabifyDockWidget(explainer, inspector);
            tabifyDockWidget(inspector, editor);
            addDockWidget(Qt::BottomDockWidgetArea, events);
            tabifyDockWidget(events, charts);
            tabifyDockWidget(charts, objects);
            showOnly({cluster, explainer, inspector, editor, events});
            explainer->raise();
            events->raise();
            resizeDocks({cluster, explainer}, {size.width() * 45 / 100, size.width() * 55 / 100}, Qt::Horizontal);
            resizeDocks({events}, {size.height() * 28 / 100}, Qt::Vertical);
            break;
        }
        case WindowLayout::Operate: {
            journey_->hide();
            // The cluster the whole height; the charts over the events beside it.
            addDockWidget(Qt::LeftDockWidgetArea, cluster);
            addDockWidget(Qt::RightDockWidgetArea, charts);
            splitDockWidget(charts, events, Qt::Vertical);
            tabifyDockWidget(events, objects);
            addDockWidget(Qt::RightDockWidgetArea, inspector);
            tabifyDockWidget(inspector, explainer);
            tabifyDockWidget(explainer, editor);
            showOnly({cluster, charts, events, objects});
            events->raise();
            resizeDocks({cluster, charts}, {size.width() * 55 / 100, size.width() * 45 / 100}, Qt::Horizontal);
            resizeDocks({charts, events}, {size.height() * 50 / 100, size.height() * 50 / 100}, Qt::Vertical);
            break;
        }
    }
    clusterView_->setTilesAtMost(layout == WindowLayout::Operate);
    // Showing every dock for a moment may have grown the window to their minimum sizes together.
    // (A resize, the layout's own included, would take a maximized or full-screen window out of
    // that state: those keep their size anyway.)
    if (!isMaximized() && !isFullScreen()) {
        QMainWindow::layout()->activate();
        if (this->size() != size) resize(size);
    }
}

void MainWindow::setPresentation(bool on) {
    if (on == presentation_) return;
    if (on) saveArrangement();
    presentation_ = on;
    if (presentationAction_) presentationAction_->setChecked(on);
    if (on) {
        statesBeforePresentation_ = windowState();
        fontScaleBeforePresentation_ = theme::fontScale();
        theme::setFontScale(fontScaleBeforePresentation_ * kPresentationFontScale);
        showFullScreen();
    } else {
        theme::setFontScale(fontScaleBeforePresentation_);
        setWindowState(statesBeforePresentation_);
    }
    // The views paint at the new scale; the status bar's labels take it here; the toolbars, menus
    // and docks took their fonts when they were made, so they are made again (once the action that
    // asked, which goes with them, has returned).
    const QFont statusFont = theme::font(13);
    for (QLabel* l : {counts_, revision_, connection_}) l->setFont(statusFont);
    time_->setFont(theme::font(14, true));
    repaintViews();
    arrangeDefault(layout_);
    if (!retranslatePending_) {
        retranslatePending_ = true;
        QTimer::singleShot(0, this, [this] {
            retranslate();
            arrangeDefault(layout_);
        });
    }
}

QImage MainWindow::grabLayout(WindowLayout layout, QSize size) {
    const QSize before = this->size();
    const WindowLayout layoutBefore = layout_;
    const bool journeyBefore = !journey_->isHidden();
    const QByteArray stateBefore = saveState();
    resize(size);
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 150) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    layout_ = layout;
    if (QAction* a = layoutActions_[size_t(layout)]) a->setChecked(true);
    arrangeDefault(layout);
    // The arrangement before (restored after each picture) may have held the window wider.
    resize(size);
    if (layout == WindowLayout::Debug) selectFirstPendingPod();
    settle.restart();
    while (settle.elapsed() < 500) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    QImage image = grab().toImage();
    resize(before);
    layout_ = layoutBefore;
    if (QAction* a = layoutActions_[size_t(layoutBefore)]) a->setChecked(true);
    restoreState(stateBefore);
    journey_->setVisible(journeyBefore);
    clusterView_->setTilesAtMost(layoutBefore == WindowLayout::Operate);
    return image;
}

}  // namespace pilothouse::ui
