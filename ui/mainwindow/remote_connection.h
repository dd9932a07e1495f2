// A window on a pilothouse-server: the RemoteClient, the RemoteSimulation over it and the
// MainWindow over both, made together and destroyed together — the window first, then the
// simulation's commands, then the client's streams. What `pilothouse --connect` and
// File > Connect to server… open.
#pragma once

#include <QObject>
#include <QPointer>

#include <memory>

#include "mainwindow/main_window.h"
#include "remote/api_client.h"
#include "util/status.h"

namespace pilothouse::ui {

class RemoteClient;
class RemoteSimulation;

class RemoteConnection final : public QObject {
    Q_OBJECT
public:
    // The client connecting and the window over it (not shown). Errors: the options' (no
    // address, an unreadable CA file); a server that does not answer is the window's to say.
    static StatusOr<std::unique_ptr<RemoteConnection>> open(const remote::ConnectOptions& options,
                                                            MainWindow::Options windowOptions);
    // The same, shown, owning itself: it goes when its window is closed (or with the application).
    static StatusOr<MainWindow*> openWindow(const remote::ConnectOptions& options, MainWindow::Options windowOptions);
    ~RemoteConnection() override;

    RemoteClient& client() const { return *client_; }
    RemoteSimulation& simulation() const { return *simulation_; }
    // Null once the window was closed (openWindow's) — the connection then goes too.
    MainWindow* window() const { return window_; }

private:
    RemoteConnection() = default;

    std::unique_ptr<RemoteClient> client_;
    std::unique_ptr<RemoteSimulation> simulation_;
    QPointer<MainWindow> window_;
};

}  // namespace pilothouse::ui
