// Fork into simulation: the live cluster as the KubernetesClient's informers hold it (and the
// other kinds kube-scheduler reads, listed once) is written as `pilothousectl snapshot` writes it
// and opened as `pilothouse --open` opens a snapshot: an embedded control plane starts behind a
// new window, its first pending pod explained. What-ifs, edits and time travel then run on the
// copy; the real cluster is never touched by them.
#pragma once

#include <QObject>
#include <QPointer>

#include <memory>

#include "mainwindow/main_window.h"
#include "util/status.h"

namespace pilothouse::ui {

class EmbeddedSession;
class InProcessClient;
class KubernetesClient;

class ForkedSimulation final : public QObject {
    Q_OBJECT
public:
    // The copy's window, shown, owning itself (it goes when the window closes). Errors: a kind
    // could not be listed, or the snapshot could not become a scenario (naming the object).
    // `warnings` gets what was left out (kinds RBAC hides, objects not served here).
    static StatusOr<MainWindow*> openWindow(KubernetesClient& live, MainWindow::Options windowOptions,
                                            std::vector<std::string>* warnings);
    ~ForkedSimulation() override;

private:
    ForkedSimulation() = default;
    std::unique_ptr<EmbeddedSession> session_;
    std::unique_ptr<InProcessClient> client_;
    QPointer<MainWindow> window_;
};

}  // namespace pilothouse::ui
