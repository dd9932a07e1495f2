// The main window of this stage: the control plane's nodes and pods as kubectl would list them,
// live from the store through the client's informers; a toolbar with the simulation's time
// controls (play/pause: Space, step one event: Right, speed 0.1×–1000×); the connection, the store
// revision, the virtual time and speed, and pending/running pods in the status bar. The journey, cluster and timeline views of
// the explorer replace this later.
#pragma once

#include <QMainWindow>

class QAction;
class QComboBox;
class QLabel;
class QTabWidget;
class QTableView;

namespace pilothouse::ui {

class ControlPlaneClient;
class EmbeddedSession;
class ObjectTableModel;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    // `session`: the embedded simulation whose time the toolbar controls (null: no time controls).
    explicit MainWindow(ControlPlaneClient* client, EmbeddedSession* session = nullptr, QWidget* parent = nullptr);

    ObjectTableModel* nodesModel() const { return nodes_; }
    ObjectTableModel* podsModel() const { return pods_; }
    QTabWidget* tabs() const { return tabs_; }
    QAction* playAction() const { return play_; }
    QAction* stepAction() const { return step_; }
    QComboBox* speedBox() const { return speedBox_; }

private:
    QTableView* makeTable(ObjectTableModel* model);
    void makeSimulationToolBar();
    void updateStatus();
    void updateTime();

    ControlPlaneClient* client_;
    EmbeddedSession* session_;
    QAction* play_ = nullptr;
    QAction* step_ = nullptr;
    QComboBox* speedBox_ = nullptr;
    ObjectTableModel* nodes_;
    ObjectTableModel* pods_;
    QTabWidget* tabs_;
    QLabel* connection_;
    QLabel* revision_;
    QLabel* time_;
    QLabel* counts_;
};

}  // namespace pilothouse::ui
