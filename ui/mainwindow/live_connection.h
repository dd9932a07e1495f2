// A window on a real cluster: the KubernetesClient over a kubeconfig context and the MainWindow
// over it (no simulation: no time controls), made together and destroyed together — the window
// first, then the client's informers. What `pilothouse --kubeconfig FILE [--context NAME]` opens.
// Each write the user turns on and makes is confirmed in a dialog that says what is sent where.
#pragma once

#include <QObject>
#include <QPointer>

#include <memory>

#include "kubectl/kubeconfig_client.h"
#include "mainwindow/main_window.h"

namespace pilothouse::ui {

class KubernetesClient;

class LiveConnection final : public QObject {
    Q_OBJECT
public:
    // The client over a context already connected (kubectl::connectWithKubeconfig, or
    // connectResolved for a context a dialog listed) and the window over it (not shown). That the
    // server answers is the window's to say; KubernetesClient::probe first to say it before.
    static std::unique_ptr<LiveConnection> open(kubectl::KubeconfigClient connected, MainWindow::Options windowOptions);
    // The same, shown, owning itself: it goes when its window is closed.
    static MainWindow* openWindow(kubectl::KubeconfigClient connected, MainWindow::Options windowOptions);
    ~LiveConnection() override;

    KubernetesClient& client() const { return *client_; }
    MainWindow* window() const { return window_; }

private:
    LiveConnection() = default;
    std::unique_ptr<KubernetesClient> client_;
    QPointer<MainWindow> window_;
};

}  // namespace pilothouse::ui
