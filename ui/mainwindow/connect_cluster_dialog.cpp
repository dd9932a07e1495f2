#include "mainwindow/connect_cluster_dialog.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMetaObject>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QThreadPool>
#include <QVBoxLayout>

#include "client/kubernetes_client.h"
#include "theme/theme.h"

namespace pilothouse::ui {

namespace {

const QString kRecentKey = QStringLiteral("connectCluster/recent");
namespace clientcmd = client::clientcmd;

QString q(const std::string& s) { return QString::fromStdString(s); }

enum Column { kName, kCluster, kUser, kNamespace, kServer, kFile, kState, kColumns };

}  // namespace

ConnectClusterDialog::ConnectClusterDialog(QWidget* parent, clientcmd::Environment env) : QDialog(parent), env_(std::move(env)) {
    setWindowTitle(tr("Connect to a Kubernetes cluster"));
    setObjectName(QStringLiteral("connectClusterDialog"));
    setFont(theme::font(13));
    setMinimumSize(980, 560);

    kubeconfig_ = new QLineEdit(this);
    kubeconfig_->setPlaceholderText(tr("empty: $KUBECONFIG, else ~/.kube/config (as kubectl)"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Kubeconfig"), kubeconfig_->text());
        if (path.isEmpty()) return;
        kubeconfig_->setText(path);
        reload();
    });
    auto* reloadButton = new QPushButton(tr("Reload"), this);
    connect(reloadButton, &QPushButton::clicked, this, &ConnectClusterDialog::reload);
    connect(kubeconfig_, &QLineEdit::editingFinished, this, &ConnectClusterDialog::reload);
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(new QLabel(tr("&Kubeconfig:"), this));
    fileRow->addWidget(kubeconfig_, 1);
    fileRow->addWidget(browse);
    fileRow->addWidget(reloadButton);
    files_ = new QLabel(this);
    files_->setWordWrap(true);
    files_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    table_ = new QTableWidget(0, kColumns, this);
    table_->setHorizontalHeaderLabels({tr("Context"), tr("Cluster"), tr("User"), tr("Namespace"), tr("Server"), tr("File"), tr("State")});
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);
    connect(table_, &QTableWidget::itemSelectionChanged, this, &ConnectClusterDialog::updateButtons);
    connect(table_, &QTableWidget::cellDoubleClicked, this, [this] { tryConnect(); });

    auto* recentTitle = new QLabel(tr("Recent"), this);
    recentTitle->setFont(theme::font(13, true));
    recent_ = new QListWidget(this);
    recent_->setMaximumHeight(110);
    recent_->setToolTip(tr("Click to pick it, double-click to connect"));
    recentEntries_ = recentContexts();
    for (const Recent& r : recentEntries_)
        recent_->addItem(tr("%1 — %2").arg(r.context, r.kubeconfig.isEmpty() ? tr("default kubeconfig") : r.kubeconfig));
    auto pickRecent = [this](int row) {
        if (row < 0 || row >= recentEntries_.size()) return false;
        if (kubeconfig_->text() != recentEntries_[row].kubeconfig) {
            kubeconfig_->setText(recentEntries_[row].kubeconfig);
            reload();
        }
        return selectContext(recentEntries_[row].context);
    };
    connect(recent_, &QListWidget::currentRowChanged, this, pickRecent);
    connect(recent_, &QListWidget::itemDoubleClicked, this, [this, pickRecent] {
        if (pickRecent(recent_->currentRow())) tryConnect();
    });

    progress_ = new QLabel(this);
    error_ = new QLabel(this);
    error_->setObjectName(QStringLiteral("connectClusterError"));
    error_->setWordWrap(true);
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->setStyleSheet(QStringLiteral("color: %1; font-weight: bold;").arg(theme::failure().name()));
    error_->hide();

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    connect_ = buttons->addButton(tr("Connect"), QDialogButtonBox::AcceptRole);
    connect_->setDefault(true);
    connect(connect_, &QPushButton::clicked, this, &ConnectClusterDialog::tryConnect);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* heading = new QLabel(tr("Connect to a Kubernetes cluster"), this);
    heading->setFont(theme::font(16, true));
    auto* explanation = new QLabel(tr("A new window shows the cluster live, read-only until you allow changes (Cluster menu). "
                                      "Contexts are read as kubectl reads them; one that cannot be used says why."),
                                   this);
    explanation->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addWidget(explanation);
    layout->addLayout(fileRow);
    layout->addWidget(files_);
    layout->addWidget(table_, 1);
    layout->addWidget(recentTitle);
    layout->addWidget(recent_);
    layout->addWidget(progress_);
    layout->addWidget(error_);
    layout->addWidget(buttons);
    reload();
}

void ConnectClusterDialog::reload() {
    clientcmd::LoadingRules rules = clientcmd::LoadingRules::defaults(env_);
    rules.explicitPath = kubeconfig_->text().trimmed().toStdString();
    clientcmd::ConfigOverrides overrides;
    overrides.clusterDefaultServer = clientcmd::kKubectlClusterDefaultServer;
    listing_ = clientcmd::listContexts(rules, overrides);
    QStringList files;
    for (const auto& f : listing_.files) {
        switch (f.state) {
        case clientcmd::KubeconfigFile::State::Loaded: files << q(f.path); break;
        case clientcmd::KubeconfigFile::State::Missing: files << tr("%1 (missing)").arg(q(f.path)); break;
        case clientcmd::KubeconfigFile::State::Broken: files << tr("%1 (broken: %2)").arg(q(f.path), q(f.status.message())); break;
        }
    }
    files_->setText(files.isEmpty() ? tr("No kubeconfig file") : tr("Read: %1").arg(files.join(QStringLiteral("; "))));
    if (!listing_.loadStatus.isOk()) files_->setText(files_->text() + QLatin1Char('\n') + q(listing_.loadStatus.message()));
    table_->setRowCount(int(listing_.contexts.size()));
    int current = -1;
    for (int row = 0; row < int(listing_.contexts.size()); ++row) {
        const auto& c = listing_.contexts[size_t(row)];
        QString state = tr("ready");
        bool usable = c.status.isOk() && c.shadowedBy.empty();
        if (!c.shadowedBy.empty()) state = tr("hidden by the context of the same name in %1").arg(q(c.shadowedBy));
        else if (!c.status.isOk()) state = q(c.status.message());
        const QString values[kColumns] = {c.current ? tr("%1 (current)").arg(q(c.name)) : q(c.name),
                                          q(c.cluster),
                                          q(c.user),
                                          c.namespaceName.empty() ? QStringLiteral("default") : q(c.namespaceName),
                                          q(c.server),
                                          QFileInfo(q(c.file)).fileName(),
                                          state};
        for (int col = 0; col < kColumns; ++col) {
            auto* item = new QTableWidgetItem(values[col]);
            item->setData(Qt::UserRole, row);
            if (col == kFile) item->setToolTip(q(c.file));
            if (col == kState) item->setToolTip(state);
            if (!usable) item->setForeground(col == kState ? theme::failure() : palette().color(QPalette::Disabled, QPalette::Text));
            table_->setItem(row, col, item);
        }
        if (c.current && c.shadowedBy.empty()) current = row;
    }
    table_->resizeColumnsToContents();
    if (current >= 0) table_->selectRow(current);
    updateButtons();
}

bool ConnectClusterDialog::selectContext(const QString& name) {
    for (int row = 0; row < int(listing_.contexts.size()); ++row)
        if (q(listing_.contexts[size_t(row)].name) == name && listing_.contexts[size_t(row)].shadowedBy.empty()) {
            table_->selectRow(row);
            return true;
        }
    return false;
}

const clientcmd::ContextSummary* ConnectClusterDialog::selected() const {
    const auto rows = table_->selectionModel()->selectedRows();
    if (rows.isEmpty()) return nullptr;
    const int row = rows.front().row();
    return row >= 0 && row < int(listing_.contexts.size()) ? &listing_.contexts[size_t(row)] : nullptr;
}

void ConnectClusterDialog::updateButtons() {
    const auto* c = selected();
    const bool usable = c && c->status.isOk() && c->shadowedBy.empty();
    connect_->setEnabled(usable && !busy_);
    if (c && !usable) showError(c->shadowedBy.empty() ? q(c->status.message()) : tr("This context is hidden by an earlier file's"));
    else if (!busy_) showError(QString());
}

QString ConnectClusterDialog::errorText() const { return error_->isHidden() ? QString() : error_->text(); }

void ConnectClusterDialog::showError(const QString& message) {
    error_->setText(message);
    error_->setVisible(!message.isEmpty());
}

void ConnectClusterDialog::tryConnect() {
    if (busy_) return;
    const auto* c = selected();
    if (!c || !c->status.isOk() || !c->shadowedBy.empty()) {
        showError(c ? q(c->status.message()) : tr("Pick a context first"));
        emit failed(errorText());
        return;
    }
    // The context as listed: a broken file beside it does not stop it (client-go's loading would).
    const clientcmd::ResolvedContext context = *c->resolved;
    const Recent recent{kubeconfig_->text().trimmed(), q(c->name)};
    busy_ = true;
    updateButtons();
    progress_->setText(tr("Connecting to %1 (%2)…").arg(q(c->name), q(c->server)));
    showError(QString());
    QPointer<ConnectClusterDialog> guard(this);
    QThreadPool::globalInstance()->start([guard, context, recent] {
        Status status;
        if (auto connected = kubectl::connectResolved(context, "pilothouse"); !connected) status = connected.status();
        else if (auto answer = KubernetesClient::probe(*connected->client); !answer) status = answer.status();
        QMetaObject::invokeMethod(QCoreApplication::instance(), [guard, context, recent, status] {
            if (!guard) return;
            guard->busy_ = false;
            guard->progress_->clear();
            guard->updateButtons();
            if (!status.isOk()) {
                guard->showError(q(status.message()));
                emit guard->failed(guard->errorText());
                return;
            }
            remember(recent);
            guard->accepted_ = context;
            guard->accept();
        }, Qt::QueuedConnection);
    });
}

QList<ConnectClusterDialog::Recent> ConnectClusterDialog::recentContexts() {
    QList<Recent> out;
    QSettings settings;
    const int n = settings.beginReadArray(kRecentKey);
    for (int i = 0; i < n; ++i) {
        settings.setArrayIndex(i);
        out.append({settings.value(QStringLiteral("kubeconfig")).toString(), settings.value(QStringLiteral("context")).toString()});
    }
    settings.endArray();
    return out;
}

void ConnectClusterDialog::remember(const Recent& recent) {
    QList<Recent> list = recentContexts();
    list.removeAll(recent);
    list.prepend(recent);
    while (list.size() > kMaxRecent) list.removeLast();
    QSettings settings;
    settings.remove(kRecentKey);
    settings.beginWriteArray(kRecentKey, int(list.size()));
    for (int i = 0; i < list.size(); ++i) {
        settings.setArrayIndex(i);
        settings.setValue(QStringLiteral("kubeconfig"), list[i].kubeconfig);
        settings.setValue(QStringLiteral("context"), list[i].context);
    }
    settings.endArray();
}

}  // namespace pilothouse::ui
