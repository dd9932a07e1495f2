#include "mainwindow/cluster_menu.h"

#include <QMessageBox>

#include "client/kubernetes_client.h"
#include "mainwindow/forked_simulation.h"
#include "mainwindow/main_window.h"

namespace pilothouse::ui {

ClusterMenu::ClusterMenu(MainWindow* window, KubernetesClient* client)
    : QMenu(tr("&Cluster"), window), window_(window), client_(client) {
    setObjectName(QStringLiteral("clusterMenu"));
    allowChanges_ = addAction(tr("&Allow changes to this cluster"));
    allowChanges_->setCheckable(true);
    allowChanges_->setChecked(client->writesAllowed());
    allowChanges_->setStatusTip(tr("Off: Pilothouse only reads the cluster. On: cordon, drain, edit, delete and apply are "
                                   "offered, each confirmed before it is sent"));
    connect(allowChanges_, &QAction::toggled, this, [this](bool on) {
        if (on && !client_->writesAllowed()) {
            const auto answer = QMessageBox::warning(
                window_, tr("Allow changes"),
                tr("Changes you make from now on are sent to the real cluster \"%1\" (%2), each after you confirm it.\n\n"
                   "To try changes without touching the cluster, fork it into a simulation instead.")
                    .arg(QString::fromStdString(client_->target().contextName), QString::fromStdString(client_->target().server)),
                QMessageBox::Ok | QMessageBox::Cancel, QMessageBox::Cancel);
            if (answer != QMessageBox::Ok) {
                QSignalBlocker block(allowChanges_);
                allowChanges_->setChecked(false);
                return;
            }
        }
        client_->setWritesAllowed(on);
    });
    fork_ = addAction(tr("&Fork into simulation"));
    fork_->setStatusTip(tr("Copy the cluster as it is now into a simulation in a new window: what-ifs, edits and time travel "
                           "run on the copy, never on the cluster"));
    connect(fork_, &QAction::triggered, this, [this] { fork(); });
    QAction* partial = addAction(tr("What this view cannot see…"));
    connect(partial, &QAction::triggered, this, [this] {
        QStringList lines;
        for (auto it = client_->partialViews().begin(); it != client_->partialViews().end(); ++it) lines << it.value();
        QMessageBox::information(window_, tr("Partial views"),
                                 lines.isEmpty() ? tr("Every kind is read from the whole cluster.") : lines.join(QStringLiteral("\n\n")));
    });
}

MainWindow* ClusterMenu::fork() {
    std::vector<std::string> warnings;
    auto opened = ForkedSimulation::openWindow(*client_, MainWindow::Options{window_->options().persistSettings}, &warnings);
    if (!opened) {
        emit message(tr("Cannot fork the cluster: %1").arg(QString::fromStdString(opened.status().message())));
        return nullptr;
    }
    emit message(warnings.empty() ? tr("Forked into a simulation: a new window")
                                  : tr("Forked into a simulation, partly: %1").arg(QString::fromStdString(warnings.front())));
    return *opened;
}

}  // namespace pilothouse::ui
