// File > Connect to cluster…: every context of the kubeconfig, as kubectl would read it, and a
// window on the one chosen.
//
//   Kubeconfig  a file (Browse…), or empty for kubectl's default: $KUBECONFIG's files merged, else
//               ~/.kube/config; the files read are listed, a missing or broken one with why
//   Contexts    one row each: name (the current-context marked), cluster, user, namespace,
//               server, file, and whether it can be used — a context with a missing CA file or a
//               broken user entry is listed with its error and cannot be chosen, and never hides
//               the others (client/clientcmd/context_list.h); a context shadowed by an earlier
//               file's of the same name says so
//   Recent      the last contexts connected to (QSettings "connectCluster/recent": kubeconfig and
//               context, newest first)
//
// Connect resolves the context and asks the cluster (KubernetesClient::probe, off the GUI thread):
// the dialog is accepted once it answered, and remembers it; otherwise it stays open and says why
// in kubectl's words (x509: certificate signed by unknown authority, Unauthorized, connection
// refused, a plugin not found on PATH with its installHint).
#pragma once

#include <QDialog>
#include <QList>

#include "client/clientcmd/context_list.h"
#include "kubectl/kubeconfig_client.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace pilothouse::ui {

class ConnectClusterDialog final : public QDialog {
    Q_OBJECT
public:
    struct Recent {
        QString kubeconfig;  // "" for the default files
        QString context;
        bool operator==(const Recent&) const = default;
    };

    // `env`: where the default files are ($KUBECONFIG, $HOME); the process's by default.
    explicit ConnectClusterDialog(QWidget* parent = nullptr,
                                  client::clientcmd::Environment env = client::clientcmd::Environment::fromProcess());

    // Reads the kubeconfig field's files again and lists their contexts.
    void reload();
    const client::clientcmd::ContextListing& listing() const { return listing_; }
    // Selects a context's row (false when it is not listed).
    bool selectContext(const QString& name);
    // Connect's work: accept() once the cluster answered, else errorText().
    void tryConnect();
    bool busy() const { return busy_; }
    QString errorText() const;
    // The context that answered, once accepted: connect it with kubectl::connectResolved.
    const client::clientcmd::ResolvedContext& resolved() const { return accepted_; }
    const client::clientcmd::Environment& environment() const { return env_; }

    QLineEdit* kubeconfigEdit() const { return kubeconfig_; }
    QTableWidget* contextTable() const { return table_; }
    QListWidget* recentList() const { return recent_; }
    QPushButton* connectButton() const { return connect_; }
    QLabel* filesLabel() const { return files_; }

    static QList<Recent> recentContexts();
    static void remember(const Recent& recent);
    static constexpr int kMaxRecent = 8;

signals:
    void failed(const QString& message);

private:
    void showError(const QString& message);
    void updateButtons();
    const client::clientcmd::ContextSummary* selected() const;

    client::clientcmd::Environment env_;
    client::clientcmd::ContextListing listing_;
    QLineEdit* kubeconfig_;
    QLabel* files_;
    QTableWidget* table_;
    QListWidget* recent_;
    QLabel* progress_;
    QLabel* error_;
    QPushButton* connect_;
    QList<Recent> recentEntries_;
    client::clientcmd::ResolvedContext accepted_;
    bool busy_ = false;
};

}  // namespace pilothouse::ui
