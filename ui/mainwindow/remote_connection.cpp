#include "mainwindow/remote_connection.h"

#include <QCoreApplication>
#include <QSettings>

#include "client/remote_client.h"
#include "session/remote_simulation.h"

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
    // Deleted with the application at the latest, its window's closing at the earliest.
    connection->setParent(QCoreApplication::instance());
    MainWindow* window = connection->window_;
    window->setAttribute(Qt::WA_DeleteOnClose);
    connect(window, &QObject::destroyed, connection, &QObject::deleteLater);
    window->show();
    return window;
}

RemoteConnection::~RemoteConnection() {
    delete window_.data();
    simulation_.reset();
    client_.reset();
}

}  // namespace pilothouse::ui
