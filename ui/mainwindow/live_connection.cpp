#include "mainwindow/live_connection.h"

#include <QCoreApplication>
#include <QMessageBox>
#include <QSettings>

#include "client/kubernetes_client.h"
#include "mainwindow/window_owner.h"

namespace pilothouse::ui {

namespace {

// "PATCH nodes/node-1", "DELETE pods/web-1 in default": what is about to be sent.
QString describe(const ApiRequest& r) {
    QString verb = r.verb == QLatin1String("create")   ? QStringLiteral("POST")
                   : r.verb == QLatin1String("update") ? QStringLiteral("PUT")
                                                       : r.verb.toUpper();
    QString what = r.resource + (r.name.isEmpty() ? QString() : QLatin1Char('/') + r.name) +
                   (r.subresource.isEmpty() ? QString() : QLatin1Char('/') + r.subresource);
    if (!r.namespace_.isEmpty()) what = QCoreApplication::translate("LiveConnection", "%1 in namespace %2").arg(what, r.namespace_);
    return verb + QLatin1Char(' ') + what;
}

}  // namespace

std::unique_ptr<LiveConnection> LiveConnection::open(kubectl::KubeconfigClient connected, MainWindow::Options windowOptions) {
    KubernetesClient::Target target{connected.contextName, connected.clusterName, connected.userName, connected.server,
                                    connected.namespace_};
    std::unique_ptr<LiveConnection> connection(new LiveConnection);
    connection->client_ = std::make_unique<KubernetesClient>(std::move(connected.client), std::move(target));
    connection->window_ = new MainWindow(connection->client_.get(), static_cast<SimulationControl*>(nullptr), windowOptions);
    QPointer<MainWindow> window = connection->window_;
    KubernetesClient* client = connection->client_.get();
    client->setConfirmWrite([window, client](const ApiRequest& r) {
        if (!window) return false;
        const QString question = QCoreApplication::translate("LiveConnection", "Send this change to the real cluster?\n\n%1\n\nContext: %2")
                                     .arg(describe(r), QString::fromStdString(client->target().contextName));
        return QMessageBox::question(window, QCoreApplication::translate("LiveConnection", "Change the cluster"), question,
                                     QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Yes;
    });
    if (!windowOptions.persistSettings || !QSettings().contains(QStringLiteral("mainwindow/geometry")))
        connection->window_->resize(1280, 800);
    return connection;
}

MainWindow* LiveConnection::openWindow(kubectl::KubeconfigClient connected, MainWindow::Options windowOptions) {
    LiveConnection* connection = open(std::move(connected), windowOptions).release();
    MainWindow* window = connection->window_;
    keepWhileOpen(connection, window);
    return window;
}

LiveConnection::~LiveConnection() {
    if (!QCoreApplication::closingDown()) delete window_.data();
    client_.reset();
}

}  // namespace pilothouse::ui
