#include "mainwindow/live_connection.h"

#include <QCoreApplication>
#include <QMessageBox>
#include <QSettings>

#include "client/kubernetes_client.h"

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

StatusOr<std::unique_ptr<LiveConnection>> LiveConnection::open(const kubectl::KubeconfigFlags& flags,
                                                               const client::clientcmd::Environment& env,
                                                               MainWindow::Options windowOptions) {
    kubectl::KubeconfigFlags f = flags;
    if (f.userAgent.empty()) f.userAgent = "pilothouse";
    auto connected = kubectl::connectWithKubeconfig(f, env);
    if (!connected) return connected.status();
    KubernetesClient::Target target{connected->contextName, connected->clusterName, connected->userName, connected->server,
                                    connected->namespace_};
    std::unique_ptr<LiveConnection> connection(new LiveConnection);
    connection->client_ = std::make_unique<KubernetesClient>(std::move(connected->client), std::move(target));
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

StatusOr<MainWindow*> LiveConnection::openWindow(const kubectl::KubeconfigFlags& flags, const client::clientcmd::Environment& env,
                                                 MainWindow::Options windowOptions) {
    auto opened = open(flags, env, windowOptions);
    if (!opened) return opened.status();
    LiveConnection* connection = opened->release();
    connection->setParent(QCoreApplication::instance());
    MainWindow* window = connection->window_;
    window->setAttribute(Qt::WA_DeleteOnClose);
    connect(window, &QObject::destroyed, connection, &QObject::deleteLater);
    connect(QCoreApplication::instance(), &QCoreApplication::aboutToQuit, connection, [connection] { delete connection; });
    window->show();
    return window;
}

LiveConnection::~LiveConnection() {
    if (!QCoreApplication::closingDown()) delete window_.data();
    client_.reset();
}

}  // namespace pilothouse::ui
