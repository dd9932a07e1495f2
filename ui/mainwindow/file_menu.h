// The File menu: start over from a built-in scenario (with its description and learning goal), a
// scenario file or a real cluster's snapshot; save the scenario as played (its objects, its
// actions and the user's, so that opening it replays the same run); export the event log (CSV),
// the selected object (YAML), the selected pod's journey (JSON) and the cluster and journey views
// (PNG or SVG); save the session as a workspace (the store file) and open one again; connect to a
// pilothouse-server (Connect…: a window of its own over it). Each item asks for its file, then
// calls the function of the same name (tests call those directly); the outcome comes as message().
//
// Over a remote server a scenario (built-in, file or snapshot) is loaded into the server's
// simulation (its other clients see it too); saving the scenario as played and the workspaces
// need the simulation in this process and are disabled, their tooltip saying why. The scenario
// items are disabled too, with the server's 403 text, when its RBAC does not let the user update
// simulations.pilothouse.io (MainWindow::accessReview).
#pragma once

#include <QMenu>

#include "cluster/scenario.h"
#include "util/status.h"

namespace pilothouse::ui {

class EmbeddedSession;
class MainWindow;
class SimulationControl;

class FileMenu final : public QMenu {
    Q_OBJECT
public:
    // `session`: null when the window shows a remote control plane. `simulation`: the one the
    // window drives (null: no scenario items).
    FileMenu(MainWindow* window, EmbeddedSession* session, SimulationControl* simulation = nullptr);

    // Embedded: done when it returns. Remote: sent; message() says how it went.
    Status startScenario(cluster::Scenario scenario, const QString& source = {});
    Status openScenarioFile(const QString& path);
    Status openSnapshot(const QStringList& paths);
    Status saveScenario(const QString& path);
    // A workspace (cluster/workspace.h): the store file and what replays the session to this
    // moment. Opening selects what was selected; a replay that differs from the saved store is
    // reported through message().
    Status saveWorkspace(const QString& path);
    Status openWorkspace(const QString& path);
    Status exportEventLog(const QString& path);
    Status exportObjectYaml(const QString& path);
    Status exportJourney(const QString& path);
    // view: "cluster" or "journey"; PNG or SVG by the extension.
    Status exportView(const QString& view, const QString& path);

signals:
    void message(const QString& text, bool ok);

private:
    void report(const Status& status, const QString& done);
    // startScenario from a menu item: `done` said once it has started (remote: when the server
    // answered).
    void start(StatusOr<cluster::Scenario> scenario, const QString& source, const QString& done);
    QString askSave(const QString& title, const QString& suggested, const QString& filter);

    MainWindow* window_;
    EmbeddedSession* session_;
    SimulationControl* simulation_;
};

}  // namespace pilothouse::ui
