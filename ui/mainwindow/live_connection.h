// A window on a real cluster: the KubernetesClient over a kubeconfig context and the MainWindow
// over it (no simulation: no time controls), made together and destroyed together — the window
// first, then the client's informers. What `pilothouse --kubeconfig FILE [--context NAME]` opens.
// Each write the user turns on and makes is confirmed in a dialog that says what is sent where.
#pragma once

#include <QObject>
#include <QPointer>

#include <memory>

#include "client/clientcmd/loader.h"
#include "kubectl/kubeconfig_client.h"
#include "mainwindow/main_window.h"
#include "util/status.h"

namespace pilothouse::ui {

class KubernetesClient;

class LiveConnection final : public QObject {
    Q_OBJECT
public:
    // The kubeconfig read and its context resolved (errors name the file or context, in kubectl's
    // words), the client connecting and the window over it (not shown). That the server answers
    // is the window's to say; probe() first to say it before a window opens.
    static StatusOr<std::unique_ptr<LiveConnection>> open(const kubectl::KubeconfigFlags& flags,
                                                          const client::clientcmd::Environment& env,
                                                          MainWindow::Options windowOptions);
    // The same, shown, owning itself: it goes when its window is closed.
    static StatusOr<MainWindow*> openWindow(const kubectl::KubeconfigFlags& flags, const client::clientcmd::Environment& env,
                                            MainWindow::Options windowOptions);
    ~LiveConnection() override;

    KubernetesClient& client() const { return *client_; }
    MainWindow* window() const { return window_; }

private:
    LiveConnection() = default;
    std::unique_ptr<KubernetesClient> client_;
    QPointer<MainWindow> window_;
};

}  // namespace pilothouse::ui
