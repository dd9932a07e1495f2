#include "mainwindow/connect_dialog.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMetaObject>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QThreadPool>
#include <QVBoxLayout>

#include "client/remote_client.h"
#include "theme/theme.h"

namespace pilothouse::ui {

namespace {
const QString kRecentKey = QStringLiteral("connect/recent");

Status invalid(const QString& message) { return Status(StatusCode::InvalidArgument, message.toStdString()); }

// A line edit with a Browse… button that picks a file into it.
QWidget* withBrowse(QLineEdit* edit, QPushButton* browse, QWidget* parent) {
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    layout->addWidget(browse);
    return row;
}
}  // namespace

ConnectDialog::ConnectDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Connect to a pilothouse-server"));
    setObjectName(QStringLiteral("connectDialog"));
    setFont(theme::font(13));
    setMinimumWidth(720);

    address_ = new QLineEdit(this);
    address_->setPlaceholderText(QStringLiteral("127.0.0.1:7443"));
    address_->setToolTip(tr("Where pilothouse-server listens: its --listen address, HOST:PORT"));
    token_ = new QLineEdit(this);
    token_->setEchoMode(QLineEdit::Password);
    token_->setPlaceholderText(tr("the bearer token from the server's --tokens file"));
    token_->setToolTip(tr("Never stored: the recent connections keep a token file's name, not a token"));
    tokenFile_ = new QLineEdit(this);
    tokenFile_->setPlaceholderText(tr("or a file holding the token"));
    auto* tokenBrowse = new QPushButton(tr("Browse…"), this);
    connect(tokenBrowse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Token file"), tokenFile_->text());
        if (!path.isEmpty()) tokenFile_->setText(path);
    });
    tls_ = new QCheckBox(tr("Use TLS (the server runs with --tls-cert)"), this);
    caFile_ = new QLineEdit(this);
    caFile_->setPlaceholderText(tr("empty: the system's certificate authorities"));
    caBrowse_ = new QPushButton(tr("Browse…"), this);
    connect(caBrowse_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("CA certificate"), caFile_->text(),
                                                          tr("PEM files (*.pem *.crt);;All files (*)"));
        if (!path.isEmpty()) caFile_->setText(path);
    });
    auto enableCa = [this](bool on) {
        caFile_->setEnabled(on);
        caBrowse_->setEnabled(on);
    };
    connect(tls_, &QCheckBox::toggled, this, enableCa);
    enableCa(false);

    auto* form = new QFormLayout;
    form->addRow(tr("&Address:"), address_);
    form->addRow(tr("&Token:"), token_);
    form->addRow(tr("Token &file:"), withBrowse(tokenFile_, tokenBrowse, this));
    form->addRow(QString(), tls_);
    form->addRow(tr("&CA certificate:"), withBrowse(caFile_, caBrowse_, this));

    auto* recentTitle = new QLabel(tr("Recent connections"), this);
    recentTitle->setFont(theme::font(13, true));
    recent_ = new QListWidget(this);
    recent_->setMinimumHeight(140);
    recent_->setToolTip(tr("Click to fill in the fields, double-click to connect"));
    connect(recent_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < recentEntries_.size()) useRecent(recentEntries_[row]);
    });
    connect(recent_, &QListWidget::itemDoubleClicked, this, [this] { tryConnect(); });

    progress_ = new QLabel(this);
    error_ = new QLabel(this);
    error_->setObjectName(QStringLiteral("connectError"));
    error_->setWordWrap(true);
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->setStyleSheet(QStringLiteral("color: %1; font-weight: bold;").arg(theme::failure().name()));
    error_->hide();

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    connect_ = buttons->addButton(tr("Connect"), QDialogButtonBox::AcceptRole);
    connect_->setDefault(true);
    // Accepted only once the server answered (the box's accepted() is not connected).
    connect(connect_, &QPushButton::clicked, this, &ConnectDialog::tryConnect);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* heading = new QLabel(tr("Connect to a pilothouse-server"), this);
    heading->setFont(theme::font(16, true));
    auto* explanation = new QLabel(tr("A new window shows the server's cluster. Its simulation runs there, shared with "
                                      "everyone connected: play, pause and rewind are theirs too."),
                                   this);
    explanation->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addWidget(explanation);
    layout->addSpacing(8);
    layout->addLayout(form);
    layout->addSpacing(8);
    layout->addWidget(recentTitle);
    layout->addWidget(recent_, 1);
    layout->addWidget(progress_);
    layout->addWidget(error_);
    layout->addWidget(buttons);

    fillRecent();
    if (!recentEntries_.isEmpty()) {
        const QSignalBlocker block(recent_);
        recent_->setCurrentRow(0);
        useRecent(recentEntries_.front());
    }
}

void ConnectDialog::fillRecent() {
    recentEntries_ = recentConnections();
    recent_->clear();
    for (const Recent& r : recentEntries_) recent_->addItem(describe(r));
}

void ConnectDialog::useRecent(const Recent& recent) {
    address_->setText(recent.address);
    token_->clear();
    tokenFile_->setText(recent.tokenFile);
    tls_->setChecked(recent.tls);
    caFile_->setText(recent.caFile);
}

StatusOr<remote::ConnectOptions> ConnectDialog::optionsFromFields() const {
    remote::ConnectOptions options;
    const QString address = address_->text().trimmed();
    if (address.isEmpty()) return invalid(tr("Give the server's address, HOST:PORT (e.g. 127.0.0.1:7443)."));
    static const QRegularExpression form(QStringLiteral("^(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9._-]+):([0-9]{1,5})$"));
    const auto match = form.match(address);
    if (!match.hasMatch()) return invalid(tr("\"%1\" is not an address: write HOST:PORT (e.g. 127.0.0.1:7443).").arg(address));
    const int port = match.captured(2).toInt();
    if (port < 1 || port > 65535) return invalid(tr("Port %1 is out of range (1 to 65535).").arg(match.captured(2)));
    options.address = address.toStdString();

    const QString tokenFile = tokenFile_->text().trimmed();
    if (!token_->text().isEmpty() && !tokenFile.isEmpty())
        return invalid(tr("Give a token or a token file, not both."));
    if (!tokenFile.isEmpty()) {
        QFile file(tokenFile);
        if (!file.open(QIODevice::ReadOnly))
            return Status(StatusCode::NotFound, tr("Cannot read the token file %1: %2").arg(tokenFile, file.errorString()).toStdString());
        const QString token = QString::fromUtf8(file.readLine()).trimmed();
        if (token.isEmpty()) return invalid(tr("The token file %1 is empty.").arg(tokenFile));
        options.token = token.toStdString();
    } else {
        options.token = token_->text().trimmed().toStdString();
    }

    options.tls = tls_->isChecked();
    if (options.tls && !caFile_->text().trimmed().isEmpty()) {
        const QString ca = caFile_->text().trimmed();
        if (!QFileInfo(ca).isReadable())
            return Status(StatusCode::NotFound, tr("Cannot read the CA certificate %1.").arg(ca).toStdString());
        options.caCertFile = ca.toStdString();
    }
    return options;
}

QString ConnectDialog::errorText() const { return error_->isHidden() ? QString() : error_->text(); }

void ConnectDialog::showError(const QString& message) {
    error_->setText(message);
    error_->setVisible(!message.isEmpty());
}

void ConnectDialog::setBusy(bool busy, const QString& address) {
    busy_ = busy;
    progress_->setText(busy ? tr("Connecting to %1…").arg(address) : QString());
    connect_->setEnabled(!busy);
    for (QWidget* w : std::initializer_list<QWidget*>{address_, token_, tokenFile_, tls_, recent_}) w->setEnabled(!busy);
}

void ConnectDialog::tryConnect() {
    if (busy_) return;
    auto options = optionsFromFields();
    if (!options) {
        showError(QString::fromStdString(options.status().message()));
        emit failed(errorText());
        return;
    }
    showError(QString());
    const QString address = QString::fromStdString(options->address);
    setBusy(true, address);
    QPointer<ConnectDialog> guard(this);
    QThreadPool::globalInstance()->start([guard, options = *options, timeout = timeout_, address] {
        const auto answer = RemoteClient::probe(options, timeout);
        const Status status = answer.status();
        QMetaObject::invokeMethod(QCoreApplication::instance(), [guard, options, status, address] {
            if (!guard) return;
            guard->setBusy(false);
            if (!status.isOk()) {
                guard->showError(errorMessage(status, address));
                emit guard->failed(guard->errorText());
                return;
            }
            Recent recent{address, guard->tokenFile_->text().trimmed(), options.tls, QString::fromStdString(options.caCertFile)};
            remember(recent);
            guard->accepted_ = options;
            guard->accept();
        }, Qt::QueuedConnection);
    });
}

QList<ConnectDialog::Recent> ConnectDialog::recentConnections() {
    QList<Recent> out;
    QSettings settings;
    const int n = settings.beginReadArray(kRecentKey);
    for (int i = 0; i < n; ++i) {
        settings.setArrayIndex(i);
        Recent r;
        r.address = settings.value(QStringLiteral("address")).toString();
        r.tokenFile = settings.value(QStringLiteral("tokenFile")).toString();
        r.tls = settings.value(QStringLiteral("tls")).toBool();
        r.caFile = settings.value(QStringLiteral("caFile")).toString();
        if (!r.address.isEmpty()) out << r;
    }
    settings.endArray();
    return out;
}

void ConnectDialog::remember(const Recent& recent) {
    QList<Recent> list = recentConnections();
    list.removeAll(recent);
    list.prepend(recent);
    while (list.size() > kMaxRecent) list.removeLast();
    QSettings settings;
    settings.remove(kRecentKey);
    settings.beginWriteArray(kRecentKey, int(list.size()));
    for (int i = 0; i < list.size(); ++i) {
        settings.setArrayIndex(i);
        settings.setValue(QStringLiteral("address"), list[i].address);
        settings.setValue(QStringLiteral("tokenFile"), list[i].tokenFile);
        settings.setValue(QStringLiteral("tls"), list[i].tls);
        settings.setValue(QStringLiteral("caFile"), list[i].caFile);
    }
    settings.endArray();
}

QString ConnectDialog::describe(const Recent& recent) {
    QStringList parts{recent.address};
    if (!recent.tokenFile.isEmpty()) parts << tr("token file %1").arg(QFileInfo(recent.tokenFile).fileName());
    if (recent.tls)
        parts << (recent.caFile.isEmpty() ? tr("TLS") : tr("TLS, CA %1").arg(QFileInfo(recent.caFile).fileName()));
    return parts.join(QStringLiteral("  ·  "));
}

QString ConnectDialog::errorMessage(const Status& status, const QString& address) {
    const QString said = QString::fromStdString(status.message());
    if (status.code() == StatusCode::Unauthenticated || status.httpCode() == 401)
        return tr("%1 did not accept the token (401 Unauthorized): %2").arg(address, said);
    if (status.code() == StatusCode::PermissionDenied || status.httpCode() == 403)
        return tr("%1 knows the token, but its user may not see the simulation (403 Forbidden): %2").arg(address, said);
    if (status.code() == StatusCode::Unavailable) return tr("Cannot reach %1: %2").arg(address, said);
    if (status.code() == StatusCode::DeadlineExceeded) return tr("%1 did not answer in time: %2").arg(address, said);
    if (status.code() == StatusCode::Unimplemented)
        return tr("%1 answers, but it is not a pilothouse-server (no Simulation service): %2").arg(address, said);
    return tr("Cannot connect to %1: %2").arg(address, said);
}

}  // namespace pilothouse::ui
