// Real plugins: shell scripts written into a temporary directory and run by the Authenticator
// through PosixProcessRunner. What they receive (arguments, environment, $KUBERNETES_EXEC_INFO,
// standard input), how a missing, failing, unstartable or hanging one is reported, and that their
// standard error reaches ours.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <unistd.h>

#include "client/auth/exec/exec.h"
#include "client/auth/exec/posix_process_runner.h"
#include "exec_auth_testing.h"

using namespace pilothouse;
using namespace pilothouse::client;
using namespace pilothouse::client::auth::exec;

namespace {

// Prints an ExecCredential of $API_VERSION whose token is the base64 of what `payload` (shell
// code) prints, so that any bytes survive the trip through JSON.
QString tokenScript(const QString& payload) {
    return "#!/bin/sh\n"
           "payload=$(" +
           payload +
           "; printf x)\n"  // the x keeps trailing newlines
           "printf "
           "'{\"kind\":\"ExecCredential\",\"apiVersion\":\"%s\",\"status\":{\"token\":\"%s\"}}\\n' "
           "\"$API_VERSION\" \"$(printf '%s' \"${payload%x}\" | base64 -w0)\"\n";
}

class ScriptDir {
public:
    bool isValid() const { return dir_.isValid(); }
    QString path(const QString& relative = {}) const {
        return relative.isEmpty() ? dir_.path() : dir_.filePath(relative);
    }
    // Writes `text` to `relative` with the given permissions; returns its absolute path.
    std::string write(const QString& relative, const QString& text,
                      QFile::Permissions permissions = QFile::ReadOwner | QFile::WriteOwner |
                                                       QFile::ExeOwner) {
        const QString p = dir_.filePath(relative);
        QDir().mkpath(QFileInfo(p).path());
        QFile f(p);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(p));
        f.write(text.toUtf8());
        f.close();
        f.setPermissions(permissions);
        return p.toStdString();
    }

private:
    QTemporaryDir dir_;
};

std::string base64Decoded(const std::string& s) {
    return QByteArray::fromBase64(QByteArray::fromStdString(s)).toStdString();
}

clientcmd::api::ExecConfig execConfig(const std::string& command,
                                      const char* version = kApiVersionV1) {
    clientcmd::api::ExecConfig c;
    c.command = command;
    c.apiVersion = version;
    c.interactiveMode = clientcmd::api::kNeverExecInteractiveMode;
    c.env = {{"API_VERSION", version}};
    return c;
}

AuthenticatorOptions options(std::vector<std::string> environment, bool terminal = false) {
    AuthenticatorOptions o;
    o.runner = std::make_shared<PosixProcessRunner>();
    o.stdinIsTerminal = [terminal] { return terminal; };
    o.environment = [environment] { return environment; };
    return o;
}

const std::string kSystemPath = "PATH=/usr/bin:/bin";

StatusOr<Credentials> run(clientcmd::api::ExecConfig config, AuthenticatorOptions o,
                          std::optional<ExecCluster> cluster = std::nullopt) {
    auto a = Authenticator::create(std::move(config), std::move(cluster), std::move(o));
    if (!a.isOk())
        return a.status();
    return (*a)->credentials();
}

}  // namespace

class ProcessTest : public QObject {
    Q_OBJECT

private slots:
    // Arguments arrive one by one, as written; the environment is ours plus the config's, the
    // config's winning; both API versions.
    void argsAndEnv_data() {
        QTest::addColumn<QString>("apiVersion");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("configEnv");  // NAME=value
        QTest::addColumn<QString>("expected");  // [arg][arg]... GREETING=... HOME=... (GREETINGs)

        QTest::addRow("v1, no arguments")
            << QString(kApiVersionV1) << QStringList{} << QStringList{}
            << "[] GREETING=hello HOME=/home/dev (1)";
        QTest::addRow("v1beta1, arguments with spaces and quotes")
            << QString(kApiVersionV1beta1)
            << QStringList{"get-token", "--name", "prod east", "it's \"x\"", ""} << QStringList{}
            << "[get-token][--name][prod east][it's \"x\"][] GREETING=hello HOME=/home/dev (1)";
        QTest::addRow("config env added and overriding")
            << QString(kApiVersionV1) << QStringList{"a"}
            << QStringList{"GREETING=bonjour", "HOME=/srv"} << "[a] GREETING=bonjour HOME=/srv (1)";
        QTest::addRow("config env with = and newline in the value")
            << QString(kApiVersionV1) << QStringList{} << QStringList{"GREETING=a=b\nc"}
            << "[] GREETING=a=b\nc HOME=/home/dev (1)";
    }

    void argsAndEnv() {
        QFETCH(QString, apiVersion);
        QFETCH(QStringList, args);
        QFETCH(QStringList, configEnv);
        QFETCH(QString, expected);

        ScriptDir dir;
        QVERIFY(dir.isValid());
        const std::string script = dir.write(
            "plugin.sh",
            tokenScript(
                "if [ $# -eq 0 ]; then printf '[]'; fi; for a in \"$@\"; do printf '[%s]' \"$a\"; "
                "done; "
                "printf ' GREETING=%s HOME=%s' \"$GREETING\" \"$HOME\"; "
                // entries named GREETING the process was given (each name once)
                "printf ' (%s)' \"$(tr '\\0' '\\n' < /proc/$$/environ | grep -c '^GREETING=')\""));
        auto config = execConfig(script, apiVersion.toStdString().c_str());
        for (const QString& a : args) config.args.push_back(a.toStdString());
        for (const QString& e : configEnv)
            config.env.push_back(
                {e.section('=', 0, 0).toStdString(), e.section('=', 1).toStdString()});

        auto creds = run(config, options({kSystemPath, "GREETING=hello", "HOME=/home/dev"}));
        QVERIFY2(creds.isOk(), creds.status().message().c_str());
        QCOMPARE(base64Decoded(creds->token), expected.toStdString());
    }

    // By default the plugin inherits this process's environment.
    void inheritsProcessEnvironment() {
        ScriptDir dir;
        const std::string script =
            dir.write("plugin.sh", tokenScript("printf '%s' \"$PH_EXEC_AUTH_TEST\""));
        qputenv("PH_EXEC_AUTH_TEST", "from the parent");
        AuthenticatorOptions o;
        o.stdinIsTerminal = [] { return false; };
        auto creds = run(execConfig(script), o);
        qunsetenv("PH_EXEC_AUTH_TEST");
        QVERIFY2(creds.isOk(), creds.status().message().c_str());
        QCOMPARE(base64Decoded(creds->token), std::string("from the parent"));
    }

    // $KUBERNETES_EXEC_INFO as the plugin sees it.
    void execInfo_data() {
        QTest::addColumn<bool>("provideClusterInfo");
        QTest::addColumn<QString>("expected");
        QTest::addRow("without cluster info")
            << false
            << "{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\","
               "\"spec\":{\"interactive\":false}}\n";
        QTest::addRow("with cluster info")
            << true
            << "{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\","
               "\"spec\":{\"cluster\":{\"server\":\"https://"
               "10.0.0.1:6443\",\"certificate-authority-data\":"
               "\"LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==\",\"config\":null},\"interactive\":"
               "false}}\n";
    }

    void execInfo() {
        QFETCH(bool, provideClusterInfo);
        QFETCH(QString, expected);
        ScriptDir dir;
        const std::string script =
            dir.write("plugin.sh", tokenScript("printf '%s' \"$KUBERNETES_EXEC_INFO\""));
        auto config = execConfig(script);
        config.provideClusterInfo = provideClusterInfo;
        ExecCluster cluster;
        cluster.server = "https://10.0.0.1:6443";
        cluster.certificateAuthorityData = "-----BEGIN CERTIFICATE-----\n";
        auto creds = run(config, options({kSystemPath}), cluster);
        QVERIFY2(creds.isOk(), creds.status().message().c_str());
        QCOMPARE(base64Decoded(creds->token), expected.toStdString());
    }

    // Standard input is /dev/null unless the run is interactive; then it is ours.
    void standardInput_data() {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<bool>("ours");
        QTest::addRow("Never") << "Never" << false;
        QTest::addRow("IfAvailable, terminal") << "IfAvailable" << true;
        QTest::addRow("Always, terminal") << "Always" << true;
    }

    void standardInput() {
        QFETCH(QString, mode);
        QFETCH(bool, ours);
        ScriptDir dir;
        const std::string script = dir.write("plugin.sh", tokenScript("readlink /proc/self/fd/0"));
        auto config = execConfig(script);
        config.interactiveMode = mode.toStdString();
        // Our standard input is made a file of the test's for the run, so that it differs from
        // /dev/null whatever the test runner gave us.
        const std::string ourStdin =
            dir.write("stdin.txt", "typed by a person\n", QFile::ReadOwner);
        const int saved = ::dup(0);
        const int file = ::open(ourStdin.c_str(), O_RDONLY);
        QVERIFY(saved >= 0 && file >= 0);
        ::dup2(file, 0);
        auto creds = run(config, options({kSystemPath}, /*terminal=*/true));
        ::dup2(saved, 0);
        ::close(saved);
        ::close(file);
        QVERIFY2(creds.isOk(), creds.status().message().c_str());
        const std::string expected = (ours ? ourStdin : std::string("/dev/null")) + "\n";
        QCOMPARE(base64Decoded(creds->token), expected);
    }

    // A bare command is looked up in the PATH; only an executable file through an absolute entry
    // counts. Not found, the message has upstream's text, the install hint and (ours) the PATH.
    void lookup_data() {
        QTest::addColumn<QString>("path");   // $DIR: the temporary directory; $REL: it, relative
        QTest::addColumn<QString>("found");  // "" when not found
        QTest::addRow("in the first entry") << "$DIR/bin:/usr/bin:/bin"
                                            << "yes";
        QTest::addRow("in a later entry") << "/nonexistent:$DIR/bin"
                                          << "yes";
        QTest::addRow("not on the PATH") << "/usr/bin:/bin"
                                         << "";
        QTest::addRow("empty PATH") << ""
                                    << "";
        QTest::addRow("only through a relative entry") << "$REL/bin:/usr/bin"
                                                       << "";
        QTest::addRow("a directory of that name first") << "$DIR/dir:$DIR/bin"
                                                        << "yes";
        QTest::addRow("not executable") << "$DIR/noexec"
                                        << "";
    }

    void lookup() {
        QFETCH(QString, path);
        QFETCH(QString, found);
        ScriptDir dir;
        const QString plugin = "ph-test-login";
        dir.write("bin/" + plugin, tokenScript("printf ok"));
        dir.write("noexec/" + plugin, tokenScript("printf ok"),
                  QFile::ReadOwner | QFile::WriteOwner);
        QDir().mkpath(dir.path("dir/" + plugin));
        const QString rel = QDir::current().relativeFilePath(dir.path());
        QVERIFY(!QDir::isAbsolutePath(rel));
        const std::string searchPath =
            QString(path).replace("$DIR", dir.path()).replace("$REL", rel).toStdString();

        auto config = execConfig(plugin.toStdString());
        config.installHint = "Install it with: apt install ph-test-login";
        // The plugin itself needs a PATH for its tools: given by the config's env, which (as
        // upstream) does not change where the plugin is looked for.
        config.env.push_back({"PATH", "/usr/bin:/bin"});
        auto creds = run(config, options({"PATH=" + searchPath}));
        if (!found.isEmpty()) {
            QVERIFY2(creds.isOk(), creds.status().message().c_str());
            QCOMPARE(base64Decoded(creds->token), std::string("ok"));
            return;
        }
        QCOMPARE(creds.status().code(), StatusCode::NotFound);
        const std::string m = creds.status().message();
        QVERIFY2(
            m.rfind(
                "exec: executable ph-test-login not found\n\nIt looks like you are trying to use "
                "a client-go credential plugin that is not installed.",
                0) == 0,
            m.c_str());
        QVERIFY2(m.find("\n\nInstall it with: apt install ph-test-login\n\n") != std::string::npos,
                 m.c_str());
        QVERIFY2(m.find("in the directories of its PATH: " +
                        (searchPath.empty() ? std::string("(empty)") : searchPath) + ".") !=
                     std::string::npos,
                 m.c_str());
    }

    // A plugin that ran and failed, or could not be started at all.
    void failures_data() {
        QTest::addColumn<QString>("script");  // written to $DIR/plugin when not empty
        QTest::addColumn<QString>("command");
        QTest::addColumn<bool>("executable");
        QTest::addColumn<QString>("error");

        QTest::addRow("exit 73") << "#!/bin/sh\necho 'token expired, run login' >&2\nexit 73\n"
                                 << "$DIR/plugin" << true
                                 << "exec: executable $DIR/plugin failed with exit code 73";
        QTest::addRow("killed by a signal")
            << "#!/bin/sh\nkill -9 $$\n"
            << "$DIR/plugin" << true << "exec: executable $DIR/plugin failed with exit code -1";
        QTest::addRow("exit 0, no output")
            << "#!/bin/sh\n"
            << "$DIR/plugin" << true
            << "exec plugin is configured to use API version "
               "client.authentication.k8s.io/v1, plugin returned version "
               "client.authentication.k8s.io/__internal";
        QTest::addRow("path that does not exist")
            << ""
            << "$DIR/missing" << true << "exec: fork/exec $DIR/missing: no such file or directory";
        QTest::addRow("path not executable")
            << "#!/bin/sh\n"
            << "$DIR/plugin" << false << "exec: fork/exec $DIR/plugin: permission denied";
        QTest::addRow("no #! line")
            << "echo hi\n"
            << "$DIR/plugin" << true << "exec: fork/exec $DIR/plugin: exec format error";
    }

    void failures() {
        QFETCH(QString, script);
        QFETCH(QString, command);
        QFETCH(bool, executable);
        QFETCH(QString, error);
        ScriptDir dir;
        if (!script.isEmpty())
            dir.write("plugin", script,
                      executable ? QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner
                                 : QFile::ReadOwner | QFile::WriteOwner);
        auto creds = run(execConfig(command.replace("$DIR", dir.path()).toStdString()),
                         options({kSystemPath}));
        QCOMPARE(creds.status().message(), error.replace("$DIR", dir.path()).toStdString());
    }

    // Ours: a plugin that does not finish in time is killed, with what it started, and the caller
    // hears so at once.
    void timeout() {
        ScriptDir dir;
        const std::string script = dir.write(
            "plugin", "#!/bin/sh\nsleep 30 &\necho $! > \"$(dirname \"$0\")/child.pid\"\nwait\n");
        auto o = options({kSystemPath});
        o.timeout = std::chrono::milliseconds(300);
        QElapsedTimer timer;
        timer.start();
        auto creds = run(execConfig(script), o);
        QCOMPARE(creds.status().code(), StatusCode::DeadlineExceeded);
        QCOMPARE(creds.status().message(),
                 "exec: executable " + script + " did not finish within 300ms and was stopped");
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));

        // The script's own child (sleep) went with it: gone, or a zombie waiting to be reaped.
        QFile pidFile(dir.path("child.pid"));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const QByteArray pid = pidFile.readAll().trimmed();
        QVERIFY(!pid.isEmpty());
        auto alive = [&] {
            QFile stat(QStringLiteral("/proc/") + QString::fromLatin1(pid) +
                       QStringLiteral("/stat"));
            if (!stat.open(QIODevice::ReadOnly))
                return false;
            const QByteArray text = stat.readAll();
            const int paren = text.lastIndexOf(')');
            return paren < 0 || text.mid(paren + 2, 1) != "Z";
        };
        QTRY_VERIFY_WITH_TIMEOUT(!alive(), 3000);
    }

    // The plugin's standard error is ours (upstream passes os.Stderr).
    void standardErrorPassedThrough() {
        ScriptDir dir;
        const std::string script = dir.write("plugin",
                                             "#!/bin/sh\necho 'opening a browser to log in' >&2\n"
                                             "printf "
                                             "'{\"apiVersion\":\"client.authentication.k8s.io/"
                                             "v1\",\"status\":{\"token\":\"t\"}}'\n");
        const QString errPath = dir.path("stderr.txt");
        fflush(stderr);
        const int saved = ::dup(2);
        const int file =
            ::open(errPath.toLocal8Bit().constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        QVERIFY(saved >= 0 && file >= 0);
        ::dup2(file, 2);
        auto creds = run(execConfig(script), options({kSystemPath}));
        ::dup2(saved, 2);
        ::close(saved);
        ::close(file);
        QVERIFY2(creds.isOk(), creds.status().message().c_str());
        QFile f(errPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("opening a browser to log in\n"));
    }

    // A certificate and key from a real plugin, with an expiry: cached until then.
    void clientCertificate() {
        ScriptDir dir;
        const std::string cert = testData("client.crt"), key = testData("client.key");
        QVERIFY(!cert.empty() && !key.empty());
        dir.write("client.crt", QString::fromStdString(cert), QFile::ReadOwner);
        dir.write("client.key", QString::fromStdString(key), QFile::ReadOwner);
        // JSON strings with the PEM's newlines escaped, by sed.
        const std::string script = dir.write(
            "plugin",
            "#!/bin/sh\nd=$(dirname \"$0\")\n"
            "esc() { sed ':a;N;$!ba;s/\\n/\\\\n/g' \"$1\"; }\n"
            "printf "
            "'{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1beta1\","
            "\"status\":{\"clientCertificateData\":\"%s\\\\n\",\"clientKeyData\":\"%s\\\\n\","
            "\"expirationTimestamp\":\"2200-01-01T00:00:00Z\"}}' \"$(esc \"$d/client.crt\")\" "
            "\"$(esc \"$d/client.key\")\"\n");
        auto creds = run(execConfig(script, kApiVersionV1beta1), options({kSystemPath}));
        QVERIFY2(creds.isOk(), creds.status().message().c_str());
        QCOMPARE(creds->clientCertificatePem, cert);
        QCOMPARE(creds->clientKeyPem, key);
        QCOMPARE(sim::formatRfc3339(*creds->expiry), std::string("2200-01-01T00:00:00Z"));
    }
};

QTEST_GUILESS_MAIN(ProcessTest)
#include "process_test.moc"
