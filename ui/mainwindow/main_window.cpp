#include "mainwindow/main_window.h"
#include "mainwindow/file_menu.h"
#include "mainwindow/scheduler_menu.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEvent>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QShortcut>

#include "mainwindow/kube_api_status.h"
#include "preferences/preferences_dialog.h"
#include "session/embedded_kube_api.h"
#include <QSlider>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>

#include <functional>

#include "charts/charts_view.h"
#include "client/access_review.h"
#include "client/control_plane_client.h"
#include "client/kubernetes_client.h"
#include "mainwindow/cluster_menu.h"
#include "clusterview/cluster_view.h"
#include "core_v1.pb.h"
#include "events/event_log_view.h"
#include "editor/object_editor.h"
#include "explainer/explainer_view.h"
#include "explainer/pod_explainer.h"
#include "explainer/what_if_panel.h"
#include "i18n/language.h"
#include "inspector/inspector_view.h"
#include "journey/journey_view.h"
#include "models/cluster_state.h"
#include "models/object_table_model.h"
#include "models/selection_model.h"
#include "models/timeline.h"
#include "session/embedded_session.h"
#include "session/embedded_simulation.h"
#include "session/simulation_control.h"
#include "theme/steady_label.h"
#include "theme/theme.h"

namespace pilothouse::ui {

namespace {
// The slider counts milliseconds of virtual time since the simulation started.
qint64 toMillis(qint64 nanos) { return nanos / 1'000'000; }

QString formatSeconds(double seconds) {
    if (seconds < 600) return QCoreApplication::translate("MainWindow", "%1 s").arg(seconds, 0, 'f', 1);
    const qint64 s = qint64(seconds);
    return QStringLiteral("%1:%2:%3")
        .arg(s / 3600)
        .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'));
}
}  // namespace

MainWindow::MainWindow(ControlPlaneClient* client, EmbeddedSession* session, Options options, QWidget* parent)
    : MainWindow(client, session, nullptr, options, parent) {}

MainWindow::MainWindow(ControlPlaneClient* client, SimulationControl* simulation, Options options, QWidget* parent)
    : MainWindow(client, nullptr, simulation, options, parent) {}

MainWindow::MainWindow(ControlPlaneClient* client, EmbeddedSession* session, SimulationControl* simulation,
                       Options options, QWidget* parent)
    : QMainWindow(parent),
      client_(client),
      session_(session),
      simulation_(session ? new EmbeddedSimulation(*session, this) : simulation),
      access_(new AccessReview(client, this)),
      options_(options),
      timeline_(new Timeline(this)),
      selection_(new SelectionModel(this)),
      state_(new ClusterState(client, timeline_, ClusterState::defaultResources(), this)),
      nodes_(new ObjectTableModel(state_, timeline_, QStringLiteral("nodes"), this)),
      pods_(new ObjectTableModel(state_, timeline_, QStringLiteral("pods"), this)),
      connection_(new QLabel(this)),
      revision_(new QLabel(this)),
      time_(new QLabel(this)),
      counts_(new QLabel(this)) {
    setWindowTitle(tr("Pilothouse"));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);
    timeline_->setPresent(client_->epochNanos(), client_->nowNanos());

    const QFont statusFont = theme::font(13);
    statusBar()->setFont(statusFont);
    for (QLabel* l : {time_, counts_, revision_, connection_}) {
        l->setFont(statusFont);
        l->setContentsMargins(8, 4, 16, 4);
        // The connection stays in sight while a message covers the rest (a remote server's
        // "Connection lost" does).
        if (l == connection_) statusBar()->addPermanentWidget(l);
        else statusBar()->addWidget(l);
    }
    QFont timeFont = theme::font(14, true);
    time_->setFont(timeFont);
    if (session_) {
        kubeApi_ = new EmbeddedKubeApi(*session_, this);
        kubeApiStatus_ = new KubeApiStatus(kubeApi_, this);
        kubeApiStatus_->setFont(statusFont);
        statusBar()->addPermanentWidget(kubeApiStatus_);
        connect(kubeApiStatus_, &KubeApiStatus::message, this, [this](const QString& text) { statusBar()->showMessage(text, 10000); });
        // While kubectl is served, its address takes the place of "Control plane: embedded" (a
        // laptop's status bar has room for one of them).
        connect(kubeApi_, &EmbeddedKubeApi::servingChanged, this, [this] { connection_->setVisible(!kubeApi_->serving()); });
    }

    makeViews();
    if (simulation_) makeSimulationToolBar();
    makeLayoutToolBar();
    makeTimelineToolBar();
    makeMenus();

    connect(timeline_, &Timeline::presentChanged, this, &MainWindow::onPresentChanged);
    connect(timeline_, &Timeline::viewChanged, this, &MainWindow::onViewChanged);
    // The counts walk every pod: one walk per burst of changes, not one per watch event.
    statusDelay_.setObjectName(QStringLiteral("statusDelay"));
    statusDelay_.setSingleShot(true);
    statusDelay_.setInterval(100);
    connect(&statusDelay_, &QTimer::timeout, this, &MainWindow::updateStatus);
    auto scheduleStatus = [this] {
        if (!statusDelay_.isActive()) statusDelay_.start();
    };
    connect(state_, &ClusterState::reset, this, scheduleStatus);
    connect(nodes_, &ObjectTableModel::revisionChanged, this, scheduleStatus);
    connect(pods_, &ObjectTableModel::revisionChanged, this, scheduleStatus);
    connect(client_, &ControlPlaneClient::errorOccurred, this, [this](const QString& m) {
        // Why a remote server was lost stays on the connection's label as its tooltip.
        if (client_->isRemote() && client_->connectionState() != ControlPlaneClient::ConnectionState::Connected)
            connection_->setToolTip(m);
        statusBar()->showMessage(m, 10000);
    });
    connect(client_, &ControlPlaneClient::connectionStateChanged, this, [this, scheduleStatus] {
        updateConnection();
        scheduleStatus();
    });
    connect(client_, &ControlPlaneClient::userNameChanged, this, [this] {
        updateConnection();
        updateStatus();
    });
    connect(access_, &AccessReview::changed, this, &MainWindow::updateConnection);
    if (auto* live = qobject_cast<KubernetesClient*>(client_)) {
        connect(live, &KubernetesClient::serverVersionChanged, this, &MainWindow::updateConnection);
        connect(live, &KubernetesClient::partialViewsChanged, this, &MainWindow::updateConnection);
    }
    if (simulation_) connect(simulation_, &SimulationControl::availableChanged, this, &MainWindow::updateConnection);
    if (session_) {
        // A control plane starting behind the window (now, or for a snapshot opened later): what it
        // is doing goes to the status bar, and the pod explained before the start to the explainer.
        connect(session_, &EmbeddedSession::startingProgress, this, [this] { connection_->setText(connectionText()); });
        connect(session_, &EmbeddedSession::startFailed, this, &MainWindow::updateConnection);
        // Another scenario starting: the answer found before the last start is no longer the cluster's.
        connect(session_, &EmbeddedSession::restarting, this,
                [this] { explainer_->explainer()->setStartingAnswer(QString(), std::nullopt, QString()); });
        connect(session_, &EmbeddedSession::startingExplained, this, [this] {
            const auto& e = *session_->startingExplanation();
            explainer_->explainer()->setStartingAnswer(e.pod, e.answer, e.error);
            // A snapshot with a pending pod opens in Debug (unless a layout was chosen).
            if (!layoutChosen_ && !e.pod.isEmpty()) setWindowLayout(WindowLayout::Debug);
        });
        if (const auto& e = session_->startingExplanation()) explainer_->explainer()->setStartingAnswer(e->pod, e->answer, e->error);
    }
    // AGE and a control plane's clock without a simulation here to say so move even when nothing
    // else happens.
    auto* tick = new QTimer(this);
    connect(tick, &QTimer::timeout, this, [this] {
        if (!simulation_) timeline_->setPresent(client_->epochNanos(), client_->nowNanos());
        // The rest in turns of their own, one after another, so that a frame can be painted
        // between them: on a large cluster each is several milliseconds.
        QTimer::singleShot(0, this, [this] {
            nodes_->refreshTimes();
            pods_->refreshTimes();
            QTimer::singleShot(0, this, &MainWindow::updateStatus);
        });
    });
    tick->start(1000);
    if (options_.persistSettings) restoreSettings();
    // Not the arrangement makeViews made (every dock at once: more than a laptop's screen), but
    // the first layout's; it is made again for the size the window is shown at.
    if (!layoutChosen_) arrangeDefault(layout_);
    onPresentChanged();
    updateConnection();
    updateStatus();
    if (kubeApiStatus_) kubeApiStatus_->update();
}

MainWindow::~MainWindow() = default;

void MainWindow::makeViews() {
    journey_ = new JourneyView(client_, timeline_, selection_, state_, this);
    setCentralWidget(journey_);

    auto dock = [this](const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(widget);
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
        addDockWidget(area, d);
        return d;
    };
    clusterView_ = new ClusterView(state_, selection_, this);
    inspector_ = new InspectorView(client_, state_, timeline_, selection_, this);
    explainer_ = new ExplainerView(client_, timeline_, selection_, this);
    editor_ = new editor::ObjectEditor(client_, state_, selection_, timeline_, this);
    editor_->setAccessReview(access_);
    explainer_->whatIfPanel()->setAccessReview(access_);
    events_ = new EventLogView(state_, timeline_, selection_, this);
    charts_ = new ChartsView(client_, timeline_, this);
    tabs_ = new QTabWidget(this);
    tabs_->addTab(makeTable(nodes_), tr("Nodes"));
    tabs_->addTab(makeTable(pods_), tr("Pods"));

    QDockWidget* cluster = dock(tr("Cluster"), QStringLiteral("clusterDock"), clusterView_, Qt::RightDockWidgetArea);
    QDockWidget* inspector = dock(tr("Inspector"), QStringLiteral("inspectorDock"), inspector_, Qt::RightDockWidgetArea);
    splitDockWidget(cluster, inspector, Qt::Vertical);
    QDockWidget* explainer = dock(tr("Explainer"), QStringLiteral("explainerDock"), explainer_, Qt::RightDockWidgetArea);
    tabifyDockWidget(inspector, explainer);
    QDockWidget* editor = dock(tr("Editor"), QStringLiteral("editorDock"), editor_, Qt::RightDockWidgetArea);
    tabifyDockWidget(explainer, editor);
    // A pending pod dropped on a node: the explainer says what would let it there.
    connect(clusterView_, &ClusterView::whyNotHere, this, [this, explainer](const QString& pod, const QString& node) {
        explainer->show();
        explainer->raise();
        explainer_->askWhyNotOn(pod, node);
    });
    inspector->raise();
    QDockWidget* events = dock(tr("Events"), QStringLiteral("eventsDock"), events_, Qt::BottomDockWidgetArea);
    QDockWidget* charts = dock(tr("Charts"), QStringLiteral("chartsDock"), charts_, Qt::BottomDockWidgetArea);
    QDockWidget* objects = dock(tr("Objects"), QStringLiteral("objectsDock"), tabs_, Qt::BottomDockWidgetArea);
    splitDockWidget(events, charts, Qt::Horizontal);
    tabifyDockWidget(charts, objects);
    charts->raise();
    resizeDocks({cluster}, {760}, Qt::Horizontal);
    resizeDocks({cluster, inspector}, {520, 420}, Qt::Vertical);
    resizeDocks({events}, {330}, Qt::Vertical);
    resizeDocks({events, charts}, {700, 500}, Qt::Horizontal);
}

void MainWindow::makeSimulationToolBar() {
    auto* bar = addToolBar(tr("Simulation"));
    bar->setObjectName(QStringLiteral("simulationToolBar"));
    const QFont font = theme::font(14);
    bar->setFont(font);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    // A command's outcome: its error in the status bar (the server's words when remote).
    auto report = [this](const Status& st) {
        if (!st.isOk()) statusBar()->showMessage(QString::fromStdString(st.message()), 10000);
    };

    play_ = bar->addAction(tr("Play"));
    play_->setCheckable(true);
    play_->setShortcut(QKeySequence(Qt::Key_Space));
    play_->setToolTip(tr("Play or pause the simulation (Space)"));
    // The user's click only: the simulation's own playingChanged sets the check mark.
    connect(play_, &QAction::triggered, this, [this, report](bool on) {
        // Playing goes on from the present; looking at the past stops there.
        if (on) timeline_->goLive();
        simulation_->setPlaying(on, this, report);
    });
    // The simulation's signals reach this toolbar's controls while it lives (a language switch
    // makes it again).
    auto showPlaying = [this](bool playing) {
        const QSignalBlocker block(play_);
        play_->setChecked(playing);
        play_->setText(playing ? tr("Pause") : tr("Play"));
    };
    connect(simulation_, &SimulationControl::playingChanged, bar, showPlaying);
    showPlaying(simulation_->playing());

    auto stepped = [this](const QString& idle) {
        return [this, idle](const StatusOr<bool>& ran) {
            if (!ran) statusBar()->showMessage(QString::fromStdString(ran.status().message()), 10000);
            else if (!*ran) statusBar()->showMessage(idle, 5000);
        };
    };
    step_ = bar->addAction(tr("Step"));
    step_->setShortcut(QKeySequence(Qt::Key_Right));
    step_->setToolTip(tr("Run the next event of the simulation (Right arrow)"));
    connect(step_, &QAction::triggered, this, [this, report, stepped] {
        simulation_->setPlaying(false, this, report);
        timeline_->goLive();
        simulation_->step(this, stepped(tr("Nothing is scheduled: the cluster is idle.")));
    });

    stepCycle_ = bar->addAction(tr("Step cycle"));
    stepCycle_->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Right));
    stepCycle_->setToolTip(tr("Run until the scheduler has made one more scheduling attempt (Shift+Right)"));
    connect(stepCycle_, &QAction::triggered, this, [this, report, stepped] {
        simulation_->setPlaying(false, this, report);
        timeline_->goLive();
        simulation_->stepSchedulingCycle(this, stepped(tr("No scheduling attempt is coming: nothing is pending.")));
    });

    speedBox_ = new QComboBox(bar);
    speedBox_->setFont(font);
    for (double speed : {0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 100.0, 1000.0})
        speedBox_->addItem(tr("%1×").arg(speed), speed);
    speedBox_->addItem(tr("As fast as possible"), 0.0);
    // The speed as the simulation has it (another client of a server may change it); one not in
    // the list is added to it.
    auto showSpeed = [this] {
        const double speed = simulation_->asFastAsPossible() ? 0.0 : simulation_->speed();
        int i = speedBox_->findData(speed);
        if (i < 0 && speed > 0) {
            speedBox_->addItem(tr("%1×").arg(speed), speed);
            i = speedBox_->count() - 1;
        }
        const QSignalBlocker block(speedBox_);
        speedBox_->setCurrentIndex(i);
    };
    showSpeed();
    connect(speedBox_, &QComboBox::currentIndexChanged, this, [this, report](int i) {
        const double speed = speedBox_->itemData(i).toDouble();
        if (speed == 0) simulation_->setAsFastAsPossible(true, this, report);
        else simulation_->setSpeed(speed, this, report);
    });
    connect(simulation_, &SimulationControl::speedChanged, bar, showSpeed);
    bar->addWidget(speedBox_);
    // The speed from the keyboard too (presentation mode): ] faster, [ slower.
    speedBox_->setToolTip(tr("Virtual seconds per wall-clock second (] faster, [ slower)"));
    auto* faster = new QShortcut(QKeySequence(Qt::Key_BracketRight), bar);
    connect(faster, &QShortcut::activated, speedBox_, [this] {
        speedBox_->setCurrentIndex(std::min(speedBox_->currentIndex() + 1, speedBox_->count() - 1));
    });
    auto* slower = new QShortcut(QKeySequence(Qt::Key_BracketLeft), bar);
    connect(slower, &QShortcut::activated, speedBox_, [this] { speedBox_->setCurrentIndex(std::max(speedBox_->currentIndex() - 1, 0)); });

    reset_ = bar->addAction(tr("Reset"));
    reset_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    reset_->setToolTip(tr("Start the scenario again from the beginning (Ctrl+R)"));
    connect(reset_, &QAction::triggered, this, [this, report] {
        simulation_->setPlaying(false, this, report);
        simulation_->reset(this, report);
    });

    // Why the controls are off, when the server's RBAC says so (updateConnection).
    simulationDenied_ = new QLabel(bar);
    simulationDenied_->setObjectName(QStringLiteral("simulationDenied"));
    simulationDenied_->setFont(theme::font(13));
    simulationDenied_->setContentsMargins(16, 0, 8, 0);
    simulationDenied_->setStyleSheet(QStringLiteral("color: %1;").arg(theme::failure().name()));
    simulationDeniedAction_ = bar->addWidget(simulationDenied_);
    simulationDeniedAction_->setVisible(false);

    connect(simulation_, &SimulationControl::timeChanged, bar,
            [this] { timeline_->setPresent(client_->epochNanos(), client_->nowNanos()); });
    connect(simulation_, &SimulationControl::clusterReplaced, bar, [this] {
        timeline_->goLive();
        timeline_->setPresent(client_->epochNanos(), client_->nowNanos());
    });
    connect(simulation_, &SimulationControl::playingChanged, bar, [this] { updateTime(); });
    connect(simulation_, &SimulationControl::speedChanged, bar, [this] { updateTime(); });
    connect(simulation_, &SimulationControl::errorOccurred, bar,
            [this](const QString& m) { statusBar()->showMessage(tr("Simulation stopped: %1").arg(m)); });
}

void MainWindow::makeTimelineToolBar() {
    addToolBarBreak(Qt::TopToolBarArea);
    auto* bar = addToolBar(tr("Timeline"));
    bar->setObjectName(QStringLiteral("timelineToolBar"));
    bar->setFont(theme::font(13));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* label = new QLabel(tr("Timeline"), bar);
    label->setFont(theme::font(13, true));
    label->setContentsMargins(8, 0, 8, 0);
    bar->addWidget(label);
    slider_ = new QSlider(Qt::Horizontal, bar);
    slider_->setMinimumWidth(600);
    slider_->setToolTip(tr("Drag back to see the cluster as it was at that moment"));
    slider_->setPageStep(5000);
    slider_->setSingleStep(100);
    if (!client_->keepsHistory()) {
        slider_->setEnabled(false);
        slider_->setToolTip(tr("A live cluster's past is not kept here: fork it into a simulation (Cluster menu) to go back in time"));
    }
    // The program moves the slider with its signals blocked: a change is the user's.
    connect(slider_, &QSlider::valueChanged, this,
            [this](int ms) { timeline_->setView(timeline_->epochNanos() + qint64(ms) * 1'000'000); });
    bar->addWidget(slider_);
    viewTime_ = new QLabel(bar);
    viewTime_->setFont(theme::font(13, true));
    viewTime_->setMinimumWidth(QFontMetrics(viewTime_->font()).horizontalAdvance(QStringLiteral("00:00:00 (past)  ")));
    viewTime_->setContentsMargins(12, 0, 12, 0);
    bar->addWidget(viewTime_);
    live_ = bar->addAction(tr("Live"));
    live_->setShortcut(QKeySequence(Qt::Key_End));
    live_->setToolTip(tr("Back to the present (End)"));
    connect(live_, &QAction::triggered, timeline_, &Timeline::goLive);
    if (simulation_) {
        resume_ = bar->addAction(tr("Resume here"));
        resume_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
        resume_->setToolTip(tr("Replay the scenario to the moment shown and go on from there; what happened after it is "
                               "forgotten (Ctrl+Return)"));
        connect(resume_, &QAction::triggered, this, [this] {
            if (timeline_->live()) return;
            auto report = [this](const Status& st) {
                if (!st.isOk()) statusBar()->showMessage(QString::fromStdString(st.message()), 10000);
            };
            simulation_->setPlaying(false, this, report);
            const qint64 at = timeline_->viewNanos() - timeline_->epochNanos();
            simulation_->rewindTo(std::chrono::nanoseconds(at), this, report);
        });
    }
}

void MainWindow::makeMenus() {
    auto* file = new FileMenu(this, session_, simulation_);
    menuBar()->addMenu(file);
    connect(file, &FileMenu::message, this, [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    if (auto* live = qobject_cast<KubernetesClient*>(client_)) {
        clusterMenu_ = new ClusterMenu(this, live);
        menuBar()->addMenu(clusterMenu_);
        connect(clusterMenu_, &ClusterMenu::message, this, [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    }
    QMenu* view = menuBar()->addMenu(tr("&View"));
    dark_ = view->addAction(tr("&Dark palette"));
    dark_->setCheckable(true);
    dark_->setChecked(theme::dark());
    dark_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    connect(dark_, &QAction::toggled, this, &MainWindow::setDark);
    QMenu* size = view->addMenu(tr("&Text size"));
    auto* sizes = new QActionGroup(size);
    for (double scale : {1.0, 1.25, 1.5, 2.0}) {
        QAction* a = size->addAction(tr("%1%").arg(int(scale * 100)));
        a->setCheckable(true);
        a->setChecked(qFuzzyCompare(scale, theme::fontScale()));
        sizes->addAction(a);
        connect(a, &QAction::triggered, this, [this, scale] { setFontScale(scale); });
    }
    // Each language by its own name, whatever the language shown.
    language_ = view->addMenu(tr("&Language"));
    language_->setObjectName(QStringLiteral("languageMenu"));
    auto* languages = new QActionGroup(language_);
    for (const i18n::Language& l : i18n::languages()) {
        QAction* a = language_->addAction(l.name);
        a->setData(l.code);
        a->setCheckable(true);
        a->setChecked(l.code == i18n::language());
        languages->addAction(a);
        connect(a, &QAction::triggered, this, [this, code = l.code] {
            if (code == i18n::language()) return;
            if (i18n::setLanguage(code) && options_.persistSettings) i18n::saveLanguage(code);
        });
    }
    view->addSeparator();
    QMenu* layouts = view->addMenu(tr("La&yout"));
    for (QAction* a : layoutActions_) layouts->addAction(a);
    layouts->addSeparator();
    QAction* resetLayout = layouts->addAction(tr("&Reset this layout"));
    resetLayout->setToolTip(tr("Arrange the layout in force as it first was, for the window's size now"));
    connect(resetLayout, &QAction::triggered, this, &MainWindow::resetWindowLayout);
    view->addAction(presentationAction_);
    view->addSeparator();
    // The journey is the central view: hidden in Debug and Operate, shown again from here.
    QAction* journey = view->addAction(tr("&Journey"));
    journey->setCheckable(true);
    journey->setChecked(!journey_->isHidden());
    connect(journey, &QAction::toggled, this, [this](bool on) { journey_->setVisible(on); });
    connect(view, &QMenu::aboutToShow, journey, [this, journey] { journey->setChecked(!journey_->isHidden()); });
    for (QDockWidget* d : findChildren<QDockWidget*>()) view->addAction(d->toggleViewAction());
    for (QToolBar* t : findChildren<QToolBar*>()) view->addAction(t->toggleViewAction());
    if (simulation_) {
        QMenu* sim = menuBar()->addMenu(tr("&Simulation"));
        for (QAction* a : {play_, step_, stepCycle_, reset_}) sim->addAction(a);
        sim->addSeparator();
        for (QAction* a : {live_, resume_}) sim->addAction(a);
    }
    auto* scheduler = new SchedulerMenu(client_, menuBar(), access_);  // goes with the menu bar on a language switch
    menuBar()->addMenu(scheduler);
    connect(scheduler, &SchedulerMenu::message, this, [this](const QString& text) { statusBar()->showMessage(text, 10000); });
}

QTableView* MainWindow::makeTable(ObjectTableModel* model) {
    auto* view = new QTableView(this);
    // Readable from the back of a workshop room: large type, generous rows and cell padding.
    const QFont font = theme::font(13);
    view->setFont(font);
    view->horizontalHeader()->setFont(theme::font(13, true));
    view->verticalHeader()->setDefaultSectionSize(QFontMetrics(font).height() * 2);
    view->setStyleSheet(QStringLiteral("QTableView::item { padding: 0 12px; }"));
    view->setModel(model);
    view->setAlternatingRowColors(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setShowGrid(false);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    connect(view, &QTableView::clicked, this, [this, model](const QModelIndex& index) {
        const ObjectPtr object = model->objectAt(index.row());
        if (!object) return;
        const QString key = ClusterState::keyOf(*object);
        selection_->select(model->resource() == QLatin1String("nodes") ? ObjectRef::node(key) : ObjectRef::pod(key));
    });
    return view;
}

void MainWindow::onPresentChanged() {
    if (!slider_) return;
    const QSignalBlocker block(slider_);
    slider_->setMaximum(int(std::min<qint64>(toMillis(timeline_->nowNanos() - timeline_->epochNanos()), INT_MAX)));
    if (timeline_->live()) slider_->setValue(slider_->maximum());
    updateTime();
}

void MainWindow::onViewChanged() {
    if (slider_) {
        const QSignalBlocker block(slider_);
        slider_->setValue(int(std::min<qint64>(toMillis(timeline_->viewNanos() - timeline_->epochNanos()), INT_MAX)));
    }
    // Looking back pauses the simulation in this process; a server's goes on for its other clients.
    if (!timeline_->live() && session_ && session_->playing()) session_->setPlaying(false);
    if (resume_)
        showPermission(resume_, !timeline_->live() && simulation_->available(),
                       access_->deniedReason(Action::ChangeSimulation));
    updateTime();
}

// The clock alone: called on every simulation tick, so it does not walk the pods.
void MainWindow::updateTime() {
    const double now = double(timeline_->nowNanos() - timeline_->epochNanos()) / 1e9;
    QString text = tr("t = %1").arg(formatSeconds(now));
    if (simulation_) {
        text += QStringLiteral(" · ") +
                (simulation_->asFastAsPossible() ? tr("as fast as possible") : tr("%1×").arg(simulation_->speed())) +
                QStringLiteral(" · ") + (simulation_->playing() ? tr("playing") : tr("paused"));
    }
    // Steady labels (theme/steady_label.h): they change every second.
    setSteadyText(time_, text);
    if (viewTime_) {
        const QString style = timeline_->live() ? QString() : QStringLiteral("color: %1;").arg(theme::accent().name());
        if (viewTime_->styleSheet() != style) viewTime_->setStyleSheet(style);
        setSteadyText(viewTime_, timeline_->live() ? tr("%1 (live)").arg(formatSeconds(now))
                                                   : tr("%1 (past)").arg(formatSeconds(timeline_->viewSeconds())));
    }
}

QString MainWindow::connectionText() const {
    using State = ControlPlaneClient::ConnectionState;
    const State state = client_->connectionState();
    if (!client_->isRemote()) {
        if (session_ && !session_->startError().isEmpty()) return tr("Control plane: could not start — %1").arg(session_->startError());
        if (session_ && !session_->isStarted()) return tr("Control plane: starting — %1").arg(session_->startingStage());
        QString connection;
        switch (state) {
        case State::Connecting: connection = tr("connecting"); break;
        case State::Connected: connection = tr("connected"); break;
        case State::Disconnected: connection = tr("disconnected"); break;
        }
        return tr("Control plane: %1 (%2)").arg(client_->endpoint(), connection);
    }
    const QString server = client_->userName().isEmpty() ? client_->endpoint()
                                                         : tr("%1 as %2").arg(client_->endpoint(), client_->userName());
    if (state == State::Connected) {
        const auto* live = qobject_cast<const KubernetesClient*>(client_);
        if (!live || live->serverVersion().isEmpty()) return tr("Connected to %1").arg(server);
        // A cluster far from v1.28 is named as such: the explainer's scheduler is v1.28's.
        const QString version = live->serverVersion();
        QString text = version.startsWith(QLatin1String("v1.28."))
                           ? tr("Connected to %1 · Kubernetes %2").arg(server, version)
                           : tr("Connected to %1 · Kubernetes %2 (the explainer's scheduler is v1.28's)").arg(server, version);
        if (!live->partialViews().isEmpty()) text += tr(" · partial: %1").arg(QStringList(live->partialViews().keys()).join(QStringLiteral(", ")));
        return text;
    }
    // The client goes from Disconnected to Connecting and back while it tries again: one text for
    // both.
    if (everConnected_) return tr("Disconnected from %1 — showing the last state; reconnecting…").arg(server);
    if (state == State::Connecting) return tr("Connecting to %1…").arg(server);
    return tr("Cannot reach %1 — trying again…").arg(server);
}

void MainWindow::updateConnection() {
    using State = ControlPlaneClient::ConnectionState;
    const State state = client_->connectionState();
    if (state == State::Connected) everConnected_ = true;
    if (!client_->isRemote()) {
        setWindowTitle(tr("Pilothouse"));
        connection_->setText(connectionText());
        connection_->setStyleSheet(session_ && !session_->startError().isEmpty()
                                       ? QStringLiteral("color: %1; font-weight: bold;").arg(theme::failure().name())
                                       : QString());
    } else {
        QString word = state == State::Connected ? tr("connected")
                       : everConnected_          ? tr("disconnected, reconnecting…")
                                                 : tr("connecting…");
        const QString server = client_->userName().isEmpty() ? client_->endpoint()
                                                             : tr("%1 as %2").arg(client_->endpoint(), client_->userName());
        setWindowTitle(tr("%1 (%2) — Pilothouse").arg(server, word));
        connection_->setText(connectionText());
        if (state == State::Connected) {
            // What a live cluster's RBAC hides, in its own words.
            const auto* live = qobject_cast<const KubernetesClient*>(client_);
            connection_->setToolTip(live ? QStringList(live->partialViews().values()).join(QLatin1Char('\n')) : QString());
        }
        // Not connected: said in the status bar's colours for trouble.
        connection_->setStyleSheet(state == State::Connected
                                       ? QString()
                                       : QStringLiteral("color: %1; font-weight: bold;").arg(theme::failure().name()));
    }
    const bool usable = simulation_ && simulation_->available();
    const QString why = usable                  ? QString()
                        : client_->isRemote()   ? tr("Not connected to %1").arg(client_->endpoint())
                                                : tr("The control plane is still starting");
    const QString denied = access_->deniedReason(Action::ChangeSimulation);
    for (QAction* a : {play_, step_, stepCycle_, reset_, resume_}) {
        if (!a) continue;
        a->setStatusTip(why);
        showPermission(a, usable && (a != resume_ || !timeline_->live()), denied);
    }
    if (speedBox_) showPermission(speedBox_, usable, denied);
    if (simulationDenied_) {
        simulationDenied_->setText(denied.isEmpty() ? QString() : forbiddenText(denied));
        simulationDeniedAction_->setVisible(!denied.isEmpty());
    }
}

void MainWindow::updateStatus() {
    connection_->setText(connectionText());
    setSteadyText(revision_, timeline_->live() ? tr("Revision %1").arg(state_->revision())
                                               : tr("Revision %1 (history)").arg(state_->revision()));
    updateTime();
    // Counted again when the pods changed, at most once a second while they keep changing (a
    // walk of 150,000 pods, ten times a second, was a live cluster's GUI thread's largest cost).
    const auto& pods = state_->objects(QStringLiteral("pods"));
    const qint64 podsRevision = pods_->revision();
    if (podsRevision != countedRevision_ && (!counted_.isValid() || counted_.elapsed() >= 1000 || pods.size() < 10'000)) {
        countedRevision_ = podsRevision;
        counted_.start();
        pending_ = running_ = 0;
        for (auto it = pods.cbegin(); it != pods.cend(); ++it) {
            const auto* pod = dynamic_cast<const k8s::io::api::core::v1::Pod*>(it.value().get());
            if (!pod) continue;
            if (pod->status().phase() == "Pending") ++pending_;
            if (pod->status().phase() == "Running") ++running_;
        }
    }  // else: the next second's tick counts them
    const int pending = pending_, running = running_;
    if (!state_->listed(QStringLiteral("nodes")) || !state_->listed(QStringLiteral("pods")))
        setSteadyText(counts_, tr("Nodes and pods: not listed yet"));
    else
        setSteadyText(counts_, tr("%n node(s)", nullptr, int(state_->objects(QStringLiteral("nodes")).size())) +
                                   QStringLiteral(" · ") +
                                   tr("%n pod(s): %1 pending, %2 running", nullptr, int(pods.size())).arg(pending).arg(running));
    if (!state_->error().isEmpty()) statusBar()->showMessage(state_->error(), 10000);
}

bool MainWindow::loaded() const {
    if (nodes_->revision() <= 0 || pods_->revision() <= 0) return false;
    // The journeys of what was listed: made and read (a live cluster's take a few turns).
    if (client_->journeysPending()) return false;
    journey_->model()->poll();
    return !journey_->model()->backlog();
}

void MainWindow::showExplainer() {
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("explainerDock"))) {
        dock->show();
        dock->raise();
    }
}

void MainWindow::repaintViews() {
    for (QWidget* w : findChildren<QWidget*>()) w->update();
}

void MainWindow::setDark(bool dark) {
    preferences_.dark = dark;
    if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance()))
        theme::apply(*app, dark ? theme::Mode::Dark : theme::Mode::Light);
    if (dark_ && dark_->isChecked() != dark) dark_->setChecked(dark);
    repaintViews();
    updateTime();
}

void MainWindow::setFontScale(double scale) {
    preferences_.fontScale = scale;
    theme::setFontScale(scale);
    repaintViews();
}

void MainWindow::usePreferences(const Preferences& preferences) {
    preferences_ = preferences;
    preferences_.applyPhaseColors();
    setDark(preferences_.dark);
    setFontScale(preferences_.fontScale);
    // Serving kubectl: started or stopped when the preference changes (or is first read on).
    const std::pair<bool, QString> wanted{preferences_.serveKubeApi, preferences_.kubeApiAddress};
    if (kubeApi_ && (kubeApiPreference_ ? *kubeApiPreference_ != wanted : wanted.first)) {
        kubeApiPreference_ = wanted;
        if (!wanted.first) {
            kubeApi_->stop();
        } else {
            EmbeddedKubeApi::Options o;
            o.listenAddress = wanted.second.toStdString();
            o.kubeconfigPath = EmbeddedKubeApi::defaultKubeconfigPath();
            if (Status st = kubeApi_->start(o); !st.isOk())
                statusBar()->showMessage(tr("The Kubernetes API for kubectl could not start: %1").arg(QString::fromStdString(st.message())),
                                         15000);
        }
    } else if (kubeApi_ && !kubeApiPreference_) {
        kubeApiPreference_ = wanted;
    }
}

void MainWindow::applyPreferences(const Preferences& preferences) {
    usePreferences(preferences);
    if (options_.persistSettings) preferences_.save();
}

void MainWindow::showPreferences() {
    PreferencesDialog dialog(preferences_, this);
    connect(&dialog, &PreferencesDialog::applied, this, &MainWindow::applyPreferences);
    dialog.exec();
}

void MainWindow::changeEvent(QEvent* event) {
    QMainWindow::changeEvent(event);
    // Installing a language's translators sends several of these: one rebuild, once the menu that
    // asked for it has closed.
    if (event->type() == QEvent::LanguageChange && !retranslatePending_) {
        retranslatePending_ = true;
        QTimer::singleShot(0, this, &MainWindow::retranslate);
    }
}

void MainWindow::retranslate() {
    retranslatePending_ = false;
    const QByteArray layout = saveState();
    const bool journeyShown = !journey_->isHidden();
    const int table = tabs_ ? tabs_->currentIndex() : 0;
    // The models stay (they hold the cluster, the selection and the moment shown); what shows them
    // goes and is made again, its texts in the new language.
    for (QDockWidget* d : findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly)) {
        removeDockWidget(d);
        delete d;
    }
    for (QToolBar* t : findChildren<QToolBar*>(Qt::FindDirectChildrenOnly)) {
        removeToolBar(t);
        delete t;
    }
    delete takeCentralWidget();
    // The menu bar's menus go, whoever owns them, and the menu bar with the rest.
    QMenuBar* oldMenuBar = menuBar();
    for (QAction* a : oldMenuBar->actions())
        if (QMenu* m = a->menu(); m && m->parent() != oldMenuBar) delete m;
    setMenuBar(new QMenuBar(this));
    play_ = step_ = stepCycle_ = reset_ = live_ = resume_ = dark_ = presentationAction_ = nullptr;
    layoutActions_ = {};
    language_ = nullptr;
    speedBox_ = nullptr;
    slider_ = nullptr;
    viewTime_ = nullptr;
    makeViews();
    if (simulation_) makeSimulationToolBar();
    makeLayoutToolBar();
    makeTimelineToolBar();
    makeMenus();
    restoreState(layout);
    journey_->setVisible(journeyShown);
    clusterView_->setTilesAtMost(layout_ == WindowLayout::Operate);
    tabs_->setCurrentIndex(table);
    onPresentChanged();
    onViewChanged();
    updateConnection();
    updateStatus();
    if (kubeApiStatus_) kubeApiStatus_->update();
}

void MainWindow::restoreSettings() {
    QSettings settings;
    usePreferences(Preferences::load());
    restoreGeometry(settings.value(QStringLiteral("mainwindow/geometry")).toByteArray());
    if (auto layout = WindowLayouts::fromId(settings.value(QStringLiteral("mainwindow/layout")).toString())) {
        layout_ = *layout;
        layoutChosen_ = true;
        layoutActions_[size_t(layout_)]->setChecked(true);
    }
    restoreState(settings.value(QStringLiteral("mainwindow/state")).toByteArray());
    journey_->setVisible(settings.value(QStringLiteral("mainwindow/journey"), true).toBool());
    clusterView_->setTilesAtMost(layout_ == WindowLayout::Operate);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (options_.persistSettings) {
        QSettings settings;
        settings.setValue(QStringLiteral("mainwindow/geometry"), saveGeometry());
        if (presentation_) setPresentation(false);
        settings.setValue(QStringLiteral("mainwindow/state"), saveState());
        settings.setValue(QStringLiteral("mainwindow/journey"), !journey_->isHidden());
        settings.setValue(QStringLiteral("mainwindow/layout"), WindowLayouts::id(layout_));
        saveArrangement();
        settings.setValue(QStringLiteral("theme/dark"), theme::dark());
        settings.setValue(QStringLiteral("theme/fontScale"), theme::fontScale());
    }
    QMainWindow::closeEvent(event);
}

Status MainWindow::writeScreenshots(const QString& dir, QSize size) {
    if (!QDir().mkpath(dir)) return Status(StatusCode::PermissionDenied, "cannot create \"" + dir.toStdString() + "\"");
    state_->flush();
    // The inspector shows the selection: a pod if nothing is selected yet (the newest one, the
    // one the scenario is about).
    if (selection_->selected().isNull()) {
        const auto& pods = state_->objects(QStringLiteral("pods"));
        QString newest;
        std::string newestTime;  // RFC 3339: in the same form they sort as times do
        for (auto it = pods.cbegin(); it != pods.cend(); ++it) {
            const auto& meta = static_cast<const k8s::io::api::core::v1::Pod&>(*it.value()).metadata();
            const std::string& created = meta.creation_timestamp();
            if (newest.isEmpty() || created > newestTime || (created == newestTime && it.key() < newest)) {
                newest = it.key();
                newestTime = created;
            }
        }
        if (!newest.isEmpty()) selection_->select(ObjectRef::pod(newest));
    }
    // The editors and the what-ifs: the selected pod, and its node (the first node while it is
    // pending).
    auto editorOn = [&](const ObjectRef& ref) {
        auto* view = new editor::ObjectEditor(client_, state_, selection_, timeline_);
        if (!ref.isNull()) view->open(ref);
        return view;
    };
    const ObjectRef selectedPod = selection_->selected().resource == QLatin1String("pods") ? selection_->selected() : ObjectRef{};
    ObjectRef node;
    if (ObjectPtr pod = selectedPod.isNull() ? nullptr : state_->object(selectedPod))
        if (const auto& name = static_cast<const k8s::io::api::core::v1::Pod&>(*pod).spec().node_name(); !name.empty())
            node = ObjectRef::node(QString::fromStdString(name));
    if (node.isNull() && !state_->objects(QStringLiteral("nodes")).isEmpty()) {
        QStringList names = state_->objects(QStringLiteral("nodes")).keys();
        std::sort(names.begin(), names.end());
        node = ObjectRef::node(names.front());
    }
    // Each view on its own, at the size asked for, over the same models.
    const std::vector<std::pair<QString, std::function<QWidget*()>>> views = {
        {QStringLiteral("journey"), [&] { return new JourneyView(client_, timeline_, selection_, state_); }},
        {QStringLiteral("cluster"), [&] { return new ClusterView(state_, selection_); }},
        {QStringLiteral("inspector"), [&] { return new InspectorView(client_, state_, timeline_, selection_); }},
        {QStringLiteral("explainer"), [&] {
             auto* view = new ExplainerView(client_, timeline_, selection_);
             const ObjectRef& selected = selection_->selected();
             if (selected.resource == QLatin1String("pods")) view->explainer()->explainNow(selected.key());
             return view;
         }},
        {QStringLiteral("what-if"), [&] {
             auto* view = new ExplainerView(client_, timeline_, selection_);
             view->showTab(ExplainerView::WhatIfTab);
             if (!selectedPod.isNull() && !node.isNull()) {
                 view->explainer()->explainNow(selectedPod.key());
                 view->whatIfPanel()->setNode(node.name);
                 view->whatIfPanel()->suggestNow();
             }
             return view;
         }},
        {QStringLiteral("events"), [&] { return new EventLogView(state_, timeline_, selection_); }},
        {QStringLiteral("charts"), [&] { return new ChartsView(client_, timeline_); }},
    };
    const QSize editorSize(std::min(size.width(), 1100), size.height());
    const std::vector<std::tuple<QString, std::function<QWidget*()>, QSize>> editors = {
        {QStringLiteral("pod-editor"), [&] { return editorOn(selectedPod); }, editorSize},
        {QStringLiteral("node-editor"), [&] { return editorOn(node); }, editorSize},
    };
    std::vector<std::tuple<QString, std::function<QWidget*()>, QSize>> all;
    for (const auto& [name, make] : views) all.emplace_back(name, make, size);
    all.insert(all.end(), editors.begin(), editors.end());
    for (const auto& [name, make, viewSize] : all) {
        std::unique_ptr<QWidget> w(make());
        w->setAttribute(Qt::WA_DontShowOnScreen);
        w->resize(viewSize);
        w->show();
        // Let the view load and lay itself out (views poll their data on timers).
        QElapsedTimer settle;
        settle.start();
        while (settle.elapsed() < 600) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        const QString file = dir + QLatin1Char('/') + name + QStringLiteral(".png");
        if (!w->grab().save(file)) return Status(StatusCode::Internal, "cannot write \"" + file.toStdString() + "\"");
    }
    const QString file = dir + QStringLiteral("/window.png");
    if (!grab().save(file)) return Status(StatusCode::Internal, "cannot write \"" + file.toStdString() + "\"");
    for (WindowLayout layout : kWindowLayouts) {
        for (QSize at : kScreenshotSizes) {
            const QString name = dir + QStringLiteral("/window-%1-%2x%3.png").arg(WindowLayouts::id(layout)).arg(at.width()).arg(at.height());
            if (!grabLayout(layout, at).save(name)) return Status(StatusCode::Internal, "cannot write \"" + name.toStdString() + "\"");
        }
    }
    return {};
}

}  // namespace pilothouse::ui
