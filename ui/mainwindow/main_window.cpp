#include "mainwindow/main_window.h"

#include <QAction>
#include <QComboBox>
#include <QFontMetrics>
#include <QToolBar>
#include <QHeaderView>
#include <QLabel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

#include "util/rfc3339.h"
#include "client/control_plane_client.h"
#include "core_v1.pb.h"
#include "models/object_table_model.h"
#include "session/embedded_session.h"

namespace pilothouse::ui {

MainWindow::MainWindow(ControlPlaneClient* client, EmbeddedSession* session, QWidget* parent)
    : QMainWindow(parent),
      client_(client),
      session_(session),
      nodes_(new ObjectTableModel(client, QStringLiteral("nodes"), this)),
      pods_(new ObjectTableModel(client, QStringLiteral("pods"), this)),
      tabs_(new QTabWidget(this)),
      connection_(new QLabel(this)),
      revision_(new QLabel(this)),
      time_(new QLabel(this)),
      counts_(new QLabel(this)) {
    setWindowTitle(tr("Pilothouse"));
    tabs_->addTab(makeTable(nodes_), tr("Nodes"));
    tabs_->addTab(makeTable(pods_), tr("Pods"));
    setCentralWidget(tabs_);
    QFont statusFont = statusBar()->font();
    statusFont.setPointSizeF(statusFont.pointSizeF() * 1.3);
    statusBar()->setFont(statusFont);
    for (QLabel* l : {connection_, revision_, time_, counts_}) {
        l->setFont(statusFont);
        l->setContentsMargins(8, 4, 16, 4);
        statusBar()->addWidget(l);
    }
    tabs_->setStyleSheet(QStringLiteral("QTabBar::tab { font-size: 15pt; padding: 8px 24px; }"));
    connect(nodes_, &ObjectTableModel::revisionChanged, this, &MainWindow::updateStatus);
    connect(pods_, &ObjectTableModel::revisionChanged, this, &MainWindow::updateStatus);
    connect(client_, &ControlPlaneClient::errorOccurred, this,
            [this](const QString& m) { statusBar()->showMessage(m, 10000); });
    // AGE and the clock move even when nothing changes in the store.
    auto* tick = new QTimer(this);
    connect(tick, &QTimer::timeout, this, [this] {
        nodes_->refreshTimes();
        pods_->refreshTimes();
        updateStatus();
    });
    tick->start(1000);
    if (session_) makeSimulationToolBar();
    client_->watchResource(QStringLiteral("nodes"));
    client_->watchResource(QStringLiteral("pods"));
    updateStatus();
}

void MainWindow::makeSimulationToolBar() {
    auto* bar = addToolBar(tr("Simulation"));
    bar->setObjectName(QStringLiteral("simulationToolBar"));
    QFont font = bar->font();
    font.setPointSizeF(font.pointSizeF() * 1.4);
    bar->setFont(font);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    play_ = bar->addAction(tr("Play"));
    play_->setCheckable(true);
    play_->setShortcut(QKeySequence(Qt::Key_Space));
    play_->setToolTip(tr("Play or pause the simulation (Space)"));
    connect(play_, &QAction::toggled, session_, &EmbeddedSession::setPlaying);
    connect(session_, &EmbeddedSession::playingChanged, this, [this](bool playing) {
        play_->setChecked(playing);
        play_->setText(playing ? tr("Pause") : tr("Play"));
    });
    step_ = bar->addAction(tr("Step"));
    step_->setShortcut(QKeySequence(Qt::Key_Right));
    step_->setToolTip(tr("Run the next event of the simulation (Right arrow)"));
    connect(step_, &QAction::triggered, this, [this] {
        session_->setPlaying(false);
        auto ran = session_->step();
        if (!ran) statusBar()->showMessage(QString::fromStdString(ran.status().message()), 10000);
        else if (!*ran) statusBar()->showMessage(tr("Nothing is scheduled: the cluster is idle."), 5000);
    });
    speedBox_ = new QComboBox(bar);
    speedBox_->setFont(font);
    for (double speed : {0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 100.0, 1000.0})
        speedBox_->addItem(QStringLiteral("%1×").arg(speed), speed);
    speedBox_->setCurrentIndex(speedBox_->findData(session_->speed()));
    speedBox_->setToolTip(tr("Virtual seconds per wall-clock second"));
    connect(speedBox_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (Status st = session_->setSpeed(speedBox_->itemData(i).toDouble()); !st.isOk())
            statusBar()->showMessage(QString::fromStdString(st.message()), 10000);
    });
    bar->addWidget(speedBox_);
    connect(session_, &EmbeddedSession::timeChanged, this, &MainWindow::updateTime);
    connect(session_, &EmbeddedSession::playingChanged, this, &MainWindow::updateTime);
    connect(session_, &EmbeddedSession::speedChanged, this, &MainWindow::updateTime);
    connect(session_, &EmbeddedSession::errorOccurred, this,
            [this](const QString& m) { statusBar()->showMessage(tr("Simulation stopped: %1").arg(m)); });
}

QTableView* MainWindow::makeTable(ObjectTableModel* model) {
    auto* view = new QTableView(this);
    // Readable from the back of a workshop room: large type, generous rows and cell padding.
    QFont font = view->font();
    font.setPointSizeF(font.pointSizeF() * 1.6);
    view->setFont(font);
    QFont headerFont = font;
    headerFont.setBold(true);
    view->horizontalHeader()->setFont(headerFont);
    view->verticalHeader()->setDefaultSectionSize(QFontMetrics(font).height() * 2);
    view->setStyleSheet(QStringLiteral("QTableView::item { padding: 0 12px; }"));
    view->setModel(model);
    view->setAlternatingRowColors(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setShowGrid(false);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    return view;
}

// The clock alone: called on every simulation tick, so it does not walk the pods.
void MainWindow::updateTime() {
    if (session_) {
        const double t = std::chrono::duration<double>(session_->elapsed()).count();
        time_->setText(tr("t = %1 s · %2× %3")
                           .arg(t, 0, 'f', 1)
                           .arg(session_->speed())
                           .arg(session_->playing() ? tr("playing") : tr("paused")));
    } else {
        time_->setText(tr("Time %1").arg(QString::fromStdString(rfc3339::format(client_->nowNanos()))));
    }
}

void MainWindow::updateStatus() {
    connection_->setText(tr("Control plane: %1").arg(client_->endpoint()));
    revision_->setText(tr("Revision %1").arg(std::max(nodes_->revision(), pods_->revision())));
    updateTime();
    int pending = 0, running = 0;
    for (int r = 0; r < pods_->rowCount(); ++r) {
        const auto* pod = dynamic_cast<const k8s::io::api::core::v1::Pod*>(pods_->objectAt(r).get());
        if (!pod) continue;
        if (pod->status().phase() == "Pending") ++pending;
        if (pod->status().phase() == "Running") ++running;
    }
    counts_->setText(tr("%n node(s)", nullptr, nodes_->rowCount()) + QStringLiteral(" · ") +
                     tr("%n pod(s): %1 pending, %2 running", nullptr, pods_->rowCount()).arg(pending).arg(running));
}

}  // namespace pilothouse::ui
