// File > Connect to server…: where a pilothouse-server listens and how to show it who we are.
//
//   Address       HOST:PORT ("127.0.0.1:7443", "[::1]:7443", "server.example:7443")
//   Token         typed into a password field, or read from a token file (its first line)
//   TLS           with the CA certificate that signed the server's (empty: the system's roots)
//   Recent        the last connections (QSettings "connect/recent", newest first): address, token
//                 file, TLS and CA file — a typed token is never stored
//
// Connect checks the fields, then asks the server (RemoteClient::probe, off the GUI thread). The
// dialog is accepted once the server answered, and remembers the connection; otherwise it stays
// open and says why, in the server's words (nobody at that address, a token it does not know:
// 401 Unauthorized, a user who may not see the simulation: 403 Forbidden).
#pragma once

#include <QDialog>
#include <QList>

#include <chrono>

#include "remote/api_client.h"
#include "util/status.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace pilothouse::ui {

class ConnectDialog final : public QDialog {
    Q_OBJECT
public:
    // One entry of the recent list: all but the token.
    struct Recent {
        QString address;
        QString tokenFile;
        bool tls = false;
        QString caFile;
        bool operator==(const Recent&) const = default;
    };

    explicit ConnectDialog(QWidget* parent = nullptr);

    // The options the fields say, or what is wrong with them (InvalidArgument: no address, no
    // port, a token and a token file both; NotFound: a token or CA file that cannot be read).
    StatusOr<remote::ConnectOptions> optionsFromFields() const;
    // What connected, once accepted.
    const remote::ConnectOptions& connectOptions() const { return accepted_; }
    // Connect's work: the fields, then the server; accept() when it answered, else errorText().
    void tryConnect();
    bool busy() const { return busy_; }
    // The error shown ("" when none).
    QString errorText() const;
    // How long the server has to answer (default 10 s).
    void setTimeout(std::chrono::milliseconds timeout) { timeout_ = timeout; }

    // Fills the fields from a recent entry (the token field is emptied).
    void useRecent(const Recent& recent);

    QLineEdit* addressEdit() const { return address_; }
    QLineEdit* tokenEdit() const { return token_; }
    QLineEdit* tokenFileEdit() const { return tokenFile_; }
    QCheckBox* tlsBox() const { return tls_; }
    QLineEdit* caFileEdit() const { return caFile_; }
    QListWidget* recentList() const { return recent_; }
    QPushButton* connectButton() const { return connect_; }

    // The recent connections, newest first.
    static QList<Recent> recentConnections();
    // Puts `recent` first (once), keeping the last kMaxRecent.
    static void remember(const Recent& recent);
    static constexpr int kMaxRecent = 8;
    // How a recent entry reads in the list.
    static QString describe(const Recent& recent);
    // A failed connection said for its user: what went wrong at `address`, then the server's (or
    // gRPC's) own message.
    static QString errorMessage(const Status& status, const QString& address);

signals:
    // Connect finished without a connection (the message is errorText()).
    void failed(const QString& message);

private:
    void showError(const QString& message);
    void setBusy(bool busy, const QString& address = {});
    void fillRecent();

    QLineEdit* address_;
    QLineEdit* token_;
    QLineEdit* tokenFile_;
    QCheckBox* tls_;
    QLineEdit* caFile_;
    QPushButton* caBrowse_;
    QListWidget* recent_;
    QLabel* progress_;
    QLabel* error_;
    QPushButton* connect_;
    QList<Recent> recentEntries_;
    remote::ConnectOptions accepted_;
    std::chrono::milliseconds timeout_{std::chrono::seconds(10)};
    bool busy_ = false;
};

}  // namespace pilothouse::ui
