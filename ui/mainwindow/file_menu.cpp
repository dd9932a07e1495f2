#include "mainwindow/file_menu.h"

#include <QFileDialog>
#include <QFileInfo>

#include "apply/apply_dialog.h"
#include "client/access_review.h"
#include "client/control_plane_client.h"
#include "cluster/scenario_writer.h"
#include "cluster/snapshot_scenario.h"
#include "cluster/workspace.h"
#include "clusterview/cluster_view.h"
#include "events/event_log_view.h"
#include "events/event_filter_proxy_model.h"
#include "inspector/inspector_view.h"
#include "journey/journey_view.h"
#include "mainwindow/exports.h"
#include "mainwindow/connect_cluster_dialog.h"
#include "mainwindow/connect_dialog.h"
#include "mainwindow/live_connection.h"
#include "mainwindow/main_window.h"
#include "mainwindow/remote_connection.h"
#include "mainwindow/scenario_picker.h"
#include "models/selection_model.h"
#include "session/embedded_session.h"
#include "session/scenario_file.h"
#include "session/simulation_control.h"

namespace pilothouse::ui {

FileMenu::FileMenu(MainWindow* window, EmbeddedSession* session, SimulationControl* simulation)
    : QMenu(tr("&File"), window), window_(window), session_(session), simulation_(session ? nullptr : simulation) {
    setObjectName(QStringLiteral("fileMenu"));
    setToolTipsVisible(true);
    QAction* connectTo = addAction(tr("&Connect to server…"));
    connectTo->setObjectName(QStringLiteral("connectAction"));
    connectTo->setToolTip(tr("Open a window on a running pilothouse-server (its simulation is shared with its other clients)"));
    connect(connectTo, &QAction::triggered, this, [this] {
        ConnectDialog dialog(window_);
        if (dialog.exec() != QDialog::Accepted) return;
        auto opened = RemoteConnection::openWindow(dialog.connectOptions(), window_->options());
        if (!opened) report(opened.status(), QString());
    });
    QAction* connectCluster = addAction(tr("Connect to &cluster…"));
    connectCluster->setObjectName(QStringLiteral("connectClusterAction"));
    connectCluster->setToolTip(tr("Open a window on a real Kubernetes cluster through a kubeconfig context (read-only until you allow changes)"));
    connect(connectCluster, &QAction::triggered, this, [this] {
        ConnectClusterDialog dialog(window_);
        if (dialog.exec() != QDialog::Accepted) return;
        auto connected = kubectl::connectResolved(dialog.resolved(), "pilothouse");
        if (!connected) return report(connected.status(), QString());
        LiveConnection::openWindow(std::move(*connected), window_->options());
    });
    addSeparator();
    if (session_ || simulation_) {
        const QString remoteOnly = session_ ? QString() : tr(" (on %1, for all its clients)").arg(window_->client()->endpoint());
        QAction* scenarios = addAction(tr("&Scenarios…"));
        scenarios->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_N));
        if (!session_) scenarios->setToolTip(tr("Start the simulation over from a built-in scenario") + remoteOnly);
        connect(scenarios, &QAction::triggered, this, [this] {
            ScenarioPicker picker(window_);
            picker.setCurrent(session_ ? QString::fromStdString(session_->scenario().name) : simulation_->scenarioName());
            if (picker.exec() != QDialog::Accepted) return;
            auto s = picker.scenario();
            const QString name = s ? QString::fromStdString(s->name) : QString();
            start(std::move(s), name + QStringLiteral(".yaml"), tr("Scenario started"));
        });
        QAction* openFile = addAction(tr("Open scenario &file…"));
        if (!session_) openFile->setToolTip(tr("Start the simulation over from a scenario file") + remoteOnly);
        connect(openFile, &QAction::triggered, this, [this] {
            const QString path = QFileDialog::getOpenFileName(window_, tr("Open scenario"), QString(), tr("YAML files (*.yaml *.yml);;All files (*)"));
            if (!path.isEmpty()) start(readScenarioFile(path), QFileInfo(path).fileName(), tr("Opened %1").arg(QFileInfo(path).fileName()));
        });
        QAction* snapshot = addAction(tr("Open cluster s&napshot…"));
        snapshot->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
        snapshot->setToolTip(tr("kubectl get nodes,pods,priorityclasses -A -o yaml, one or several files") + remoteOnly);
        connect(snapshot, &QAction::triggered, this, [this] {
            const QStringList paths = QFileDialog::getOpenFileNames(window_, tr("Open a cluster snapshot (kubectl get -o yaml)"), QString(),
                                                                    tr("YAML files (*.yaml *.yml *.json);;All files (*)"));
            if (paths.isEmpty()) return;
            std::vector<std::string> files;
            for (const QString& p : paths) files.push_back(p.toStdString());
            std::vector<std::string> warnings;
            start(cluster::scenarioFromSnapshotFiles(files, &warnings), QFileInfo(paths.front()).fileName(),
                  tr("Opened %1").arg(QFileInfo(paths.front()).fileName()));
        });
        // What needs the simulation in this process: shown, disabled, and why.
        const QString embeddedOnly = session_ ? QString()
                                              : tr("Not over a server: this needs the simulation to run in this window "
                                                   "(start pilothouse without --connect)");
        QAction* save = addAction(tr("Sa&ve scenario…"));
        save->setObjectName(QStringLiteral("saveScenarioAction"));
        save->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_S));
        connect(save, &QAction::triggered, this, [this] {
            const QString path = askSave(tr("Save scenario"), QString::fromStdString(session_->scenario().name) + QStringLiteral(".yaml"),
                                         tr("YAML files (*.yaml)"));
            if (!path.isEmpty()) report(saveScenario(path), tr("Saved %1").arg(path));
        });
        addSeparator();
        const QString workspaceFilter = tr("Pilothouse workspaces (%1);;All files (*)").arg(QLatin1String(cluster::kWorkspaceFileFilter));
        QAction* openWs = addAction(tr("Open &workspace…"));
        openWs->setObjectName(QStringLiteral("openWorkspaceAction"));
        openWs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
        connect(openWs, &QAction::triggered, this, [this, workspaceFilter] {
            const QString path = QFileDialog::getOpenFileName(window_, tr("Open workspace"), QString(), workspaceFilter);
            if (!path.isEmpty()) {
                if (Status st = openWorkspace(path); !st.isOk()) report(st, QString());
            }
        });
        QAction* saveWs = addAction(tr("Save wor&kspace…"));
        saveWs->setObjectName(QStringLiteral("saveWorkspaceAction"));
        saveWs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
        saveWs->setToolTip(tr("The store file with the whole history, and what replays this session to the present moment"));
        connect(saveWs, &QAction::triggered, this, [this, workspaceFilter] {
            const QString path = askSave(tr("Save workspace"), QString::fromStdString(session_->scenario().name) + QStringLiteral(".phw"), workspaceFilter);
            if (!path.isEmpty()) report(saveWorkspace(path), tr("Saved workspace %1").arg(path));
        });
        // Loading a scenario changes the server's simulation: its RBAC may not let the user.
        auto showAllowed = [this, scenarios, openFile, snapshot] {
            const QString denied = window_->accessReview()->deniedReason(Action::ChangeSimulation);
            for (QAction* a : {scenarios, openFile, snapshot}) showPermission(a, true, denied);
        };
        connect(window_->accessReview(), &AccessReview::changed, this, showAllowed);
        showAllowed();
        if (!session_) {
            for (QAction* a : {save, openWs, saveWs}) {
                a->setEnabled(false);
                a->setToolTip(embeddedOnly);
                a->setStatusTip(embeddedOnly);
            }
        }
        addSeparator();
    }
    // kubectl apply -f: paste or open manifests, see the dry-run diff, apply.
    QAction* apply = addAction(tr("&Apply YAML…"));
    apply->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    connect(apply, &QAction::triggered, this, [this] {
        auto* dialog = new apply::ApplyDialog(*window_->client(), window_);
        dialog->setAccessReview(window_->accessReview());
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    addSeparator();
    QMenu* exports = addMenu(tr("&Export"));
    connect(exports->addAction(tr("Event log as CSV…")), &QAction::triggered, this, [this] {
        const QString path = askSave(tr("Export the event log"), QStringLiteral("events.csv"), tr("CSV files (*.csv)"));
        if (!path.isEmpty()) report(exportEventLog(path), tr("Wrote %1").arg(path));
    });
    connect(exports->addAction(tr("Selected object as YAML…")), &QAction::triggered, this, [this] {
        const QString name = window_->selection()->selected().name;
        const QString path = askSave(tr("Export the object"), (name.isEmpty() ? QStringLiteral("object") : name) + QStringLiteral(".yaml"),
                                     tr("YAML files (*.yaml)"));
        if (!path.isEmpty()) report(exportObjectYaml(path), tr("Wrote %1").arg(path));
    });
    connect(exports->addAction(tr("Selected pod's journey as JSON…")), &QAction::triggered, this, [this] {
        const QString name = window_->selection()->selected().name;
        const QString path = askSave(tr("Export the journey"), (name.isEmpty() ? QStringLiteral("journey") : name) + QStringLiteral("-journey.json"),
                                     tr("JSON files (*.json)"));
        if (!path.isEmpty()) report(exportJourney(path), tr("Wrote %1").arg(path));
    });
    exports->addSeparator();
    for (const auto& [view, label] : {std::pair{QStringLiteral("cluster"), tr("Cluster view")}, {QStringLiteral("journey"), tr("Journey view")}}) {
        for (const QString& ext : {QStringLiteral("png"), QStringLiteral("svg")}) {
            connect(exports->addAction(tr("%1 as %2…").arg(label, ext.toUpper())), &QAction::triggered, this, [this, view, ext] {
                const QString path = askSave(tr("Export the view"), view + QLatin1Char('.') + ext, ext.toUpper() + QStringLiteral(" (*.") + ext + QLatin1Char(')'));
                if (!path.isEmpty()) report(exportView(view, path), tr("Wrote %1").arg(path));
            });
        }
    }
    addSeparator();
    QAction* preferences = addAction(tr("&Preferences…"));
    preferences->setObjectName(QStringLiteral("preferencesAction"));
    preferences->setMenuRole(QAction::PreferencesRole);
    preferences->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    connect(preferences, &QAction::triggered, window_, &MainWindow::showPreferences);
}

QString FileMenu::askSave(const QString& title, const QString& suggested, const QString& filter) {
    return QFileDialog::getSaveFileName(window_, title, suggested, filter);
}

void FileMenu::report(const Status& status, const QString& done) {
    if (status.isOk()) emit message(done, true);
    else emit message(QString::fromStdString(status.message()), false);
}

void FileMenu::start(StatusOr<cluster::Scenario> scenario, const QString& source, const QString& done) {
    if (!scenario) return report(scenario.status(), QString());
    if (session_ || !simulation_) return report(startScenario(std::move(*scenario), source), done);
    simulation_->loadScenario(std::move(*scenario), source, this, [this, done](const Status& st) { report(st, done); });
}

Status FileMenu::startScenario(cluster::Scenario scenario, const QString& source) {
    if (session_) {
        window_->preferences().fillScenario(scenario);
        return session_->replaceScenario(std::move(scenario));
    }
    if (!simulation_) return Status(StatusCode::FailedPrecondition, "scenarios need a simulation");
    simulation_->loadScenario(std::move(scenario), source, this, [this](const Status& st) {
        if (!st.isOk()) report(st, QString());
    });
    return Status::ok();
}

Status FileMenu::openScenarioFile(const QString& path) {
    auto s = readScenarioFile(path);
    if (!s) return s.status();
    return startScenario(std::move(*s), QFileInfo(path).fileName());
}

Status FileMenu::openSnapshot(const QStringList& paths) {
    std::vector<std::string> files;
    for (const QString& p : paths) files.push_back(p.toStdString());
    std::vector<std::string> warnings;
    auto s = cluster::scenarioFromSnapshotFiles(files, &warnings);
    if (!s) return s.status();
    if (!session_) return startScenario(std::move(*s), paths.isEmpty() ? QString() : QFileInfo(paths.front()).fileName());
    // Here, as for --open: its control plane starts behind the window, its first pending pod
    // explained first, in front.
    window_->preferences().fillScenario(*s);
    const auto pending = cluster::unboundPods(*s);
    const QString first = pending.empty() ? QString() : QString::fromStdString(pending.front());
    PH_RETURN_IF_ERROR(session_->replaceScenarioInBackground(std::move(*s), first));
    if (!first.isEmpty()) {
        window_->selection()->select(ObjectRef::pod(first));
        window_->showExplainer();
    }
    return Status::ok();
}

Status FileMenu::saveScenario(const QString& path) {
    if (!session_) return Status(StatusCode::FailedPrecondition, "scenarios need the embedded simulation");
    // Until its control plane is up, the session holds the scenario's name, not its objects.
    if (!session_->isStarted()) return session_->notStarted();
    return exports::writeFile(path, QByteArray::fromStdString(cluster::writeScenario(session_->scenario(), session_->actionsToSave())));
}

Status FileMenu::saveWorkspace(const QString& path) {
    if (!session_) return Status(StatusCode::FailedPrecondition, "workspaces need the embedded simulation");
    return session_->saveWorkspace(path.toStdString(), window_->selection()->selected().path().toStdString());
}

Status FileMenu::openWorkspace(const QString& path) {
    if (!session_) return Status(StatusCode::FailedPrecondition, "workspaces need the embedded simulation");
    auto opened = session_->openWorkspace(path.toStdString());
    if (!opened) return opened.status();
    window_->selection()->select(ObjectRef::fromPath(QString::fromStdString(opened->selection)));
    if (!opened->warning.empty()) emit message(QString::fromStdString(opened->warning), false);
    else emit message(tr("Opened workspace %1").arg(QFileInfo(path).fileName()), true);
    return Status::ok();
}

Status FileMenu::exportEventLog(const QString& path) {
    return exports::writeFile(path, exports::tableCsv(*window_->eventLogView()->proxy()));
}

Status FileMenu::exportObjectYaml(const QString& path) {
    const QString yaml = window_->inspectorView()->yaml();
    if (yaml.isEmpty()) return Status(StatusCode::FailedPrecondition, "select an object first (it did not exist at the moment shown)");
    return exports::writeFile(path, yaml.toUtf8());
}

Status FileMenu::exportJourney(const QString& path) {
    const ObjectRef selected = window_->selection()->selected();
    if (selected.resource != QLatin1String("pods")) return Status(StatusCode::FailedPrecondition, "select a pod first");
    return exports::writeFile(path, exports::journeyJson(selected.key(), window_->client()->journeysSince(0, size_t(-1))));
}

Status FileMenu::exportView(const QString& view, const QString& path) {
    QWidget* w = view == QLatin1String("journey") ? static_cast<QWidget*>(window_->journeyView())
                                                   : static_cast<QWidget*>(window_->clusterView());
    return exports::writeView(w, path);
}

}  // namespace pilothouse::ui
