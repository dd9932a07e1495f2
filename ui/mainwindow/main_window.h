// The main window of this stage: the control plane's nodes and pods as kubectl would list them,
// live from the store through the client's informers, with the connection, the store revision and
// the control plane's (virtual) time in the status bar. The journey, cluster and timeline views of
// the explorer replace this later.
#pragma once

#include <QMainWindow>

class QLabel;
class QTabWidget;
class QTableView;

namespace pilothouse::ui {

class ControlPlaneClient;
class ObjectTableModel;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(ControlPlaneClient* client, QWidget* parent = nullptr);

    ObjectTableModel* nodesModel() const { return nodes_; }
    ObjectTableModel* podsModel() const { return pods_; }
    QTabWidget* tabs() const { return tabs_; }

private:
    QTableView* makeTable(ObjectTableModel* model);
    void updateStatus();

    ControlPlaneClient* client_;
    ObjectTableModel* nodes_;
    ObjectTableModel* pods_;
    QTabWidget* tabs_;
    QLabel* connection_;
    QLabel* revision_;
    QLabel* time_;
    QLabel* counts_;
};

}  // namespace pilothouse::ui
