#include "mainwindow/remote_connection.h"

#include <QCoreApplication>
#include <QSettings>

#include "client/remote_client.h"
#include "session/remote_simulation.h"
#include "mainwindow/window_owner.h"

namespace pilothouse::ui {

StatusOr<std::unique_ptr<RemoteConnection>> RemoteConnection::open(const remote::ConnectOptions& options,
                                                                   MainWindow::Options windowOptions) {
    auto client = RemoteClient::connect(options);
    if (!client) return client.status();
    std::unique_ptr<RemoteConnection> connection(new RemoteConnection);
    connection->client_ = std::move(*client);
    connection->simulation_ = std::make_unique<RemoteSimulation>(*connection->client_);
    connection->window_ = new MainWindow(connection->client_.get(), connection->simulation_.get(), windowOptions);
    // A saved layout keeps its size.
    if (!windowOptions.persistSettings || !QSettings().contains(QStringLiteral("mainwindow/geometry")))
        connection->window_->resize(1280, 800);
    return connection;
}

StatusOr<MainWindow*> RemoteConnection::openWindow(const remote::ConnectOptions& options, MainWindow::Options windowOptions) {
    auto opened = open(options, windowOptions);
    if (!opened) return opened.status();
    RemoteConnection* connection = opened->release();
    MainWindow* window = connection->window_;
    keepWhileOpen(connection, window);
    return window;
}

RemoteConnection::~RemoteConnection() {
    // While the application object itself is being destroyed its widgets can no longer be: the
    // window is left to the process's end, its client and simulation are ended.
    if (!QCoreApplication::closingDown()) delete window_.data();
    simulation_.reset();
    client_.reset();
}

}  // namespace pilothouse::ui
