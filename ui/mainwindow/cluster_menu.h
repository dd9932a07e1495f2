// The Cluster menu of a window on a real cluster (KubernetesClient):
//   Allow changes to this cluster   off by default; turning it on is confirmed, and every change
//                                   (cordon, drain, edit, delete, apply) is confirmed again
//   Fork into simulation            the cluster copied into an embedded control plane, in a new
//                                   window (mainwindow/forked_simulation.h)
//   What this view cannot see…      the kinds read from one namespace only or not at all, and
//                                   RBAC's reasons
#pragma once

#include <QMenu>

namespace pilothouse::ui {

class KubernetesClient;
class MainWindow;

class ClusterMenu final : public QMenu {
    Q_OBJECT
public:
    ClusterMenu(MainWindow* window, KubernetesClient* client);

    QAction* allowChangesAction() const { return allowChanges_; }
    QAction* forkAction() const { return fork_; }
    // The fork's window, for tests and screenshots (null on error; the error goes to message()).
    MainWindow* fork();

signals:
    void message(const QString& text);

private:
    MainWindow* window_;
    KubernetesClient* client_;
    QAction* allowChanges_;
    QAction* fork_;
};

}  // namespace pilothouse::ui
