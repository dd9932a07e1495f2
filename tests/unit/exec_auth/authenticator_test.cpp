// The Authenticator (exec.h) with a fake ProcessRunner and a virtual clock: caching until the
// expiry, one refresh after 401 however many callers were rejected, what the plugin is given
// (arguments, environment, $KUBERNETES_EXEC_INFO), interactive modes, and the errors for a plugin
// that is missing, fails or prints something unusable.
#include <QTest>

#include <atomic>
#include <functional>
#include <mutex>
#include <thread>

#include "api/codec/json.h"
#include "client/auth/exec/authenticator_cache.h"
#include "client/auth/exec/cluster_info.h"
#include "client/auth/exec/exec.h"
#include "client/auth/exec/exec_info.h"
#include "exec_auth_testing.h"

using namespace pilothouse;
using namespace pilothouse::client;
using namespace pilothouse::client::auth::exec;

namespace {

// Answers every run with `answer`, remembering each request.
class FakeRunner final : public ProcessRunner {
public:
    std::function<ProcessResult(const ProcessRequest&)> answer;

    ProcessResult run(const ProcessRequest& request) override {
        {
            std::lock_guard lock(mutex_);
            requests_.push_back(request);
        }
        return answer(request);
    }
    std::vector<ProcessRequest> requests() {
        std::lock_guard lock(mutex_);
        return requests_;
    }
    int runs() { return int(requests().size()); }

private:
    std::mutex mutex_;
    std::vector<ProcessRequest> requests_;
};

ProcessResult printed(const std::string& out) {
    ProcessResult r;
    r.stdoutData = out;
    return r;
}

std::string tokenOutput(const std::string& version, const std::string& token,
                        const std::string& expiry = {}) {
    std::string status = "{\"token\":\"" + token + "\"";
    if (!expiry.empty())
        status += ",\"expirationTimestamp\":\"" + expiry + "\"";
    return "{\"kind\":\"ExecCredential\",\"apiVersion\":\"" + version + "\",\"status\":" + status +
           "}}";
}

// The value of NAME's last entry in a request's environment.
std::string envValue(const ProcessRequest& r, const std::string& name) {
    std::string value;
    for (const auto& kv : r.env)
        if (kv.rfind(name + "=", 0) == 0)
            value = kv.substr(name.size() + 1);
    return value;
}

clientcmd::api::ExecConfig execConfig(const char* version = kApiVersionV1) {
    clientcmd::api::ExecConfig c;
    c.command = "example-login";
    c.apiVersion = version;
    c.interactiveMode = clientcmd::api::kIfAvailableExecInteractiveMode;
    return c;
}

// An Authenticator over a fake runner, a virtual clock and no terminal.
struct Rig {
    std::shared_ptr<FakeRunner> runner = std::make_shared<FakeRunner>();
    std::shared_ptr<sim::VirtualClock> clock = std::make_shared<sim::VirtualClock>();
    bool terminal = false;
    std::vector<std::string> environment{"PATH=/opt/fake/bin:/usr/bin", "HOME=/home/dev"};

    AuthenticatorOptions options() {
        AuthenticatorOptions o;
        o.runner = runner;
        o.clock = clock;
        o.stdinIsTerminal = [this] { return terminal; };
        o.environment = [this] { return environment; };
        return o;
    }
    std::shared_ptr<Authenticator> make(clientcmd::api::ExecConfig config = execConfig(),
                                        std::optional<ExecCluster> cluster = std::nullopt) {
        auto a = Authenticator::create(std::move(config), std::move(cluster), options());
        if (!a.isOk())
            qFatal("%s", a.status().message().c_str());
        return *a;
    }
    // The plugin prints a v1 token named after the run ("token-1", "token-2", ...), valid for
    // `lifetime` from the moment it runs (none when zero).
    void numberedTokens(sim::Duration lifetime = sim::Duration::zero()) {
        auto counter = std::make_shared<std::atomic<int>>(0);
        runner->answer = [this, counter, lifetime](const ProcessRequest&) {
            const std::string expiry = lifetime == sim::Duration::zero()
                                           ? ""
                                           : sim::formatRfc3339Nano(clock->now() + lifetime);
            return printed(
                tokenOutput(kApiVersionV1, "token-" + std::to_string(++*counter), expiry));
        };
    }
};

}  // namespace

class AuthenticatorTest : public QObject {
    Q_OBJECT

private slots:
    // credentials() runs the plugin once, then hands out its answer until (strictly) after the
    // expiry it gave.
    void caching_data() {
        QTest::addColumn<qint64>("lifetimeSeconds");  // 0: no expiry; negative: already expired
        QTest::addColumn<qint64>("laterSeconds");     // when the second call comes
        QTest::addColumn<QString>("secondToken");

        QTest::addRow("no expiry, ten years on")
            << qint64(0) << qint64(10 * 365 * 86400) << "token-1";
        QTest::addRow("an hour, at once") << qint64(3600) << qint64(0) << "token-1";
        QTest::addRow("an hour, 59 minutes on") << qint64(3600) << qint64(59 * 60) << "token-1";
        QTest::addRow("an hour, at the expiry") << qint64(3600) << qint64(3600) << "token-1";
        QTest::addRow("an hour, a second after it") << qint64(3600) << qint64(3601) << "token-2";
        QTest::addRow("already expired") << qint64(-60) << qint64(0) << "token-2";
    }

    void caching() {
        QFETCH(qint64, lifetimeSeconds);
        QFETCH(qint64, laterSeconds);
        QFETCH(QString, secondToken);

        Rig rig;
        rig.numberedTokens(std::chrono::seconds(lifetimeSeconds));
        auto a = rig.make();
        auto first = a->credentials();
        QVERIFY2(first.isOk(), first.status().message().c_str());
        QCOMPARE(first->token, std::string("token-1"));  // even when already expired
        QCOMPARE(first->generation, uint64_t(1));
        QCOMPARE(first->expiry.has_value(), lifetimeSeconds != 0);

        rig.clock->advanceTo(rig.clock->now() + std::chrono::seconds(laterSeconds));
        auto second = a->credentials();
        QVERIFY2(second.isOk(), second.status().message().c_str());
        QCOMPARE(second->token, secondToken.toStdString());
        QCOMPARE(rig.runner->runs(), secondToken == "token-1" ? 1 : 2);
    }

    // Callers whose requests were all rejected with the same credentials: the plugin runs once
    // more, and every caller gets the new credentials.
    void refreshAfterUnauthorized_data() {
        QTest::addColumn<int>("callers");
        QTest::addRow("one caller") << 1;
        QTest::addRow("two callers") << 2;
        QTest::addRow("eight callers") << 8;
    }

    void refreshAfterUnauthorized() {
        QFETCH(int, callers);

        Rig rig;
        auto counter = std::make_shared<std::atomic<int>>(0);
        rig.runner->answer = [counter](const ProcessRequest&) {
            const int n = ++*counter;
            if (n > 1)  // slow enough that the other callers queue up behind it
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            return printed(tokenOutput(kApiVersionV1, "token-" + std::to_string(n)));
        };
        auto a = rig.make();
        auto rejected = a->credentials();
        QVERIFY(rejected.isOk());

        std::vector<std::thread> threads;
        std::vector<std::string> got(static_cast<size_t>(callers));
        for (int i = 0; i < callers; ++i)
            threads.emplace_back([&, i] {
                auto c = a->refreshAfterUnauthorized(*rejected);
                got[size_t(i)] = c.isOk() ? c->token : c.status().message();
            });
        for (auto& t : threads) t.join();

        QCOMPARE(rig.runner->runs(), 2);
        for (const std::string& token : got) QCOMPARE(token, std::string("token-2"));
        // The cache now holds them, valid (no expiry).
        QCOMPARE(a->credentials()->generation, uint64_t(2));
        QCOMPARE(rig.runner->runs(), 2);
    }

    // A caller holding credentials that were already replaced does not run the plugin again, even
    // if the plugin printed the same token both times.
    void refreshAfterUnauthorizedComparesRuns() {
        Rig rig;
        rig.runner->answer = [](const ProcessRequest&) {
            return printed(tokenOutput(kApiVersionV1, "same"));
        };
        auto a = rig.make();
        auto first = a->credentials();
        auto second = a->refreshAfterUnauthorized(*first);
        QCOMPARE(second->token, std::string("same"));
        QCOMPARE(second->generation, uint64_t(2));
        QCOMPARE(rig.runner->runs(), 2);
        auto stale = a->refreshAfterUnauthorized(*first);  // rejected generation 1; 2 is cached
        QCOMPARE(stale->generation, uint64_t(2));
        QCOMPARE(rig.runner->runs(), 2);
    }

    // What the plugin is given: the command and arguments as configured; the environment of the
    // process, then the config's entries, then KUBERNETES_EXEC_INFO; the PATH to look it up in.
    void request() {
        Rig rig;
        rig.numberedTokens();
        auto config = execConfig();
        config.command = "aws";
        config.args = {"eks", "get-token", "--cluster-name", "prod east"};
        config.env = {{"AWS_PROFILE", "prod"}, {"HOME", "/home/other"}};
        auto a = rig.make(config);
        QVERIFY(a->credentials().isOk());

        const ProcessRequest r = rig.runner->requests().at(0);
        QCOMPARE(r.command, std::string("aws"));
        QVERIFY(r.args == config.args);
        const std::vector<std::string> env{
            "PATH=/opt/fake/bin:/usr/bin", "HOME=/home/dev", "AWS_PROFILE=prod",
            "HOME=/home/other",  // the config's comes later, so it wins
            "KUBERNETES_EXEC_INFO={\"kind\":\"ExecCredential\",\"apiVersion\":"
            "\"client.authentication.k8s.io/v1\",\"spec\":{\"interactive\":false}}\n"};
        QCOMPARE(r.env.size(), env.size());
        for (size_t i = 0; i < env.size(); ++i) QCOMPARE(r.env[i], env[i]);
        QCOMPARE(r.searchPath, std::string("/opt/fake/bin:/usr/bin"));
        QCOMPARE(r.connectStdin, false);
        QCOMPARE(qint64(r.timeout.count()), qint64(300) * 1000 * 1000 * 1000);
    }

    // $KUBERNETES_EXEC_INFO as client-go encodes it, with and without provideClusterInfo.
    void execInfo_data() {
        QTest::addColumn<QString>("apiVersion");
        QTest::addColumn<bool>("provideClusterInfo");
        QTest::addColumn<int>("cluster");  // 0: none known, 1: every field set, 2: only the server
        QTest::addColumn<bool>("terminal");
        QTest::addColumn<QString>("expected");

        const QString v1 = kApiVersionV1, beta = kApiVersionV1beta1;
        const QString head1 =
            "{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\",";
        const QString headBeta =
            "{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1beta1\",";
        const QString full =
            "\"cluster\":{\"server\":\"https://k8s.example:6443/?a=1\\u0026b=\\u003c2\\u003e\","
            "\"tls-server-name\":\"api.internal\",\"insecure-skip-tls-verify\":true,"
            "\"certificate-authority-data\":\"YmF6\",\"proxy-url\":\"socks5://proxy:1080\","
            "\"disable-compression\":true,\"config\":null}";
        QTest::addRow("v1, no cluster info")
            << v1 << false << 1 << false << head1 + "\"spec\":{\"interactive\":false}}\n";
        QTest::addRow("v1beta1, no cluster info, terminal")
            << beta << false << 1 << true << headBeta + "\"spec\":{\"interactive\":true}}\n";
        QTest::addRow("v1, cluster info, every field")
            << v1 << true << 1 << false
            << head1 + "\"spec\":{" + full + ",\"interactive\":false}}\n";
        QTest::addRow("v1beta1, cluster info, server only")
            << beta << true << 2 << false
            << headBeta +
                   "\"spec\":{\"cluster\":{\"server\":\"https://"
                   "k8s.example:6443\",\"config\":null},\"interactive\":false}}\n";
        QTest::addRow("cluster info asked, none known")
            << v1 << true << 0 << false << head1 + "\"spec\":{\"interactive\":false}}\n";
    }

    void execInfo() {
        QFETCH(QString, apiVersion);
        QFETCH(bool, provideClusterInfo);
        QFETCH(int, cluster);
        QFETCH(bool, terminal);
        QFETCH(QString, expected);

        std::optional<ExecCluster> c;
        if (cluster == 1)
            c = ExecCluster{"https://k8s.example:6443/?a=1&b=<2>",
                            "api.internal",
                            true,
                            "baz",
                            "socks5://proxy:1080",
                            true};
        else if (cluster == 2)
            c = ExecCluster{"https://k8s.example:6443", "", false, "", "", false};
        Rig rig;
        rig.terminal = terminal;
        rig.runner->answer = [&](const ProcessRequest&) {
            return printed(tokenOutput(apiVersion.toStdString(), "t"));
        };
        auto config = execConfig(apiVersion.toStdString().c_str());
        config.provideClusterInfo = provideClusterInfo;
        auto a = rig.make(config, c);
        auto creds = a->credentials();
        QVERIFY2(creds.isOk(), creds.status().message().c_str());
        QCOMPARE(envValue(rig.runner->requests().at(0), "KUBERNETES_EXEC_INFO"),
                 expected.toStdString());
    }

    // interactiveMode against a terminal (or none, as in a GUI started from a menu).
    void interactive_data() {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<bool>("terminal");
        QTest::addColumn<QString>("result");  // "interactive", "not interactive", or the error

        const QString prefix = "exec plugin cannot support interactive mode: ";
        QTest::addRow("Never, terminal") << "Never" << true << "not interactive";
        QTest::addRow("Never, no terminal") << "Never" << false << "not interactive";
        QTest::addRow("IfAvailable, terminal") << "IfAvailable" << true << "interactive";
        QTest::addRow("IfAvailable, no terminal") << "IfAvailable" << false << "not interactive";
        QTest::addRow("Always, terminal") << "Always" << true << "interactive";
        QTest::addRow("Always, no terminal")
            << "Always" << false << prefix + "standard input is not a terminal";
        QTest::addRow("empty (a v1 config without it)")
            << "" << true << prefix + "unknown interactiveMode: \"\"";
        QTest::addRow("misspelt") << "always" << true
                                  << prefix + "unknown interactiveMode: \"always\"";
    }

    void interactive() {
        QFETCH(QString, mode);
        QFETCH(bool, terminal);
        QFETCH(QString, result);

        Rig rig;
        rig.terminal = terminal;
        rig.numberedTokens();
        auto config = execConfig();
        config.interactiveMode = mode.toStdString();
        auto creds = rig.make(config)->credentials();
        if (!result.endsWith("interactive")) {
            QCOMPARE(creds.status().message(), result.toStdString());
            QCOMPARE(rig.runner->runs(), 0);
            return;
        }
        QVERIFY2(creds.isOk(), creds.status().message().c_str());
        const bool interactive = result == "interactive";
        const ProcessRequest r = rig.runner->requests().at(0);
        QCOMPARE(r.connectStdin, interactive);
        QVERIFY(envValue(r, "KUBERNETES_EXEC_INFO")
                    .find(interactive ? "\"interactive\":true" : "\"interactive\":false") !=
                std::string::npos);
    }

    // How a run that did not produce credentials is reported.
    void runErrors_data() {
        QTest::addColumn<int>("outcome");  // ProcessResult::Outcome
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("detail");  // stdout, or Failed's error
        QTest::addColumn<QString>("installHint");
        QTest::addColumn<QString>("error");

        const QString help =
            "\n\nIt looks like you are trying to use a client-go credential plugin that is not "
            "installed.\n\nTo learn more about this feature, consult the documentation available "
            "at:\n      https://kubernetes.io/docs/reference/access-authn-authz/authentication/"
            "#client-go-credential-plugins";
        const QString ours =
            "\n\n(Pilothouse looked for example-login in the directories of its PATH: "
            "/opt/fake/bin:/usr/bin. Started from a desktop menu it may see a shorter PATH than a "
            "terminal does; give the command's full path in the kubeconfig, or start Pilothouse "
            "from a shell.)";
        using O = ProcessResult::Outcome;
        QTest::addRow("not found, with install hint")
            << int(O::NotFound) << 0 << ""
            << "brew install example-login"
            << "exec: executable example-login not found" + help +
                   "\n\nbrew install example-login" + ours;
        QTest::addRow("not found, no install hint")
            << int(O::NotFound) << 0 << ""
            << ""
            << "exec: executable example-login not found" + help + ours;
        QTest::addRow("exit 73") << int(O::Exited) << 73 << ""
                                 << ""
                                 << "exec: executable example-login failed with exit code 73";
        QTest::addRow("killed by a signal")
            << int(O::Exited) << -1 << ""
            << ""
            << "exec: executable example-login failed with exit code -1";
        QTest::addRow("cannot start")
            << int(O::Failed) << 0 << "fork/exec /x/login: permission denied"
            << ""
            << "exec: fork/exec /x/login: permission denied";
        QTest::addRow("timed out")
            << int(O::TimedOut) << 0 << ""
            << ""
            << "exec: executable example-login did not finish within 5m0s and was stopped";
        QTest::addRow("exit 0, bad output")
            << int(O::Exited) << 0 << "{\"apiVersion\":\"client.authentication.k8s.io/v1\"}"
            << ""
            << "exec plugin didn't return a status field";
        QTest::addRow("exit 0, mismatched key pair")
            << int(O::Exited) << 0 << "mismatched pair"
            << ""
            << "failed parsing client key/certificate: tls: private key does not match public key";
    }

    void runErrors() {
        QFETCH(int, outcome);
        QFETCH(int, exitCode);
        QFETCH(QString, detail);
        QFETCH(QString, installHint);
        QFETCH(QString, error);

        ProcessResult result;
        result.outcome = ProcessResult::Outcome(outcome);
        result.exitCode = exitCode;
        if (result.outcome == ProcessResult::Outcome::Failed)
            result.error = detail.toStdString();
        else
            result.stdoutData = detail.toStdString();
        if (detail == "mismatched pair") {
            codec::Value status = codec::Value::object();
            status.set("clientCertificateData", testData("client.crt"));
            status.set("clientKeyData", testData("other-ec.key"));
            codec::Value v = codec::Value::object();
            v.set("apiVersion", kApiVersionV1);
            v.set("status", status);
            result.stdoutData = codec::toJson(v);
        }
        Rig rig;
        rig.runner->answer = [&](const ProcessRequest&) { return result; };
        auto config = execConfig();
        config.installHint = installHint.toStdString();
        auto creds = rig.make(config)->credentials();
        QCOMPARE(creds.status().message(), error.toStdString());
    }

    // Upstream's long help for a missing plugin shows 10 times an hour, then not until the hour is
    // over; the short message (and our PATH note) every time.
    void notFoundHelpIsRateLimited() {
        Rig rig;
        rig.runner->answer = [](const ProcessRequest&) {
            ProcessResult r;
            r.outcome = ProcessResult::Outcome::NotFound;
            return r;
        };
        auto a = rig.make();
        // 1: with the long help, 0: without, -1: not the expected message at all.
        auto help = [&] {
            const std::string m = a->credentials().status().message();
            if (m.rfind("exec: executable example-login not found", 0) != 0 ||
                m.find("Pilothouse looked for example-login") == std::string::npos)
                return -1;
            return m.find("It looks like you are trying") != std::string::npos ? 1 : 0;
        };
        for (int i = 0; i < 10; ++i) QCOMPARE(help(), 1);
        QCOMPARE(help(), 0);
        rig.clock->advanceTo(rig.clock->now() + std::chrono::minutes(59));
        QCOMPARE(help(), 0);
        rig.clock->advanceTo(rig.clock->now() + std::chrono::minutes(1));
        QCOMPARE(help(), 1);
    }

    // A failed refresh leaves the cached credentials in place; the next call tries again.
    void failedRefreshKeepsCache() {
        Rig rig;
        int runs = 0;
        rig.runner->answer = [&](const ProcessRequest&) {
            ++runs;
            if (runs == 2) {
                ProcessResult r;
                r.exitCode = 1;
                return r;
            }
            return printed(tokenOutput(kApiVersionV1, "token-" + std::to_string(runs)));
        };
        auto a = rig.make();
        auto first = a->credentials();
        QCOMPARE(first->token, std::string("token-1"));
        QCOMPARE(a->refreshAfterUnauthorized(*first).status().message(),
                 std::string("exec: executable example-login failed with exit code 1"));
        QCOMPARE(a->refreshAfterUnauthorized(*first)->token, std::string("token-3"));
    }

    // Upstream records a returned expiry before it checks a returned certificate, so a refresh that
    // fails on a bad key pair leaves the old credentials cached under the new expiry (here: none).
    void badKeyPairStillMovesExpiry() {
        Rig rig;
        int runs = 0;
        rig.runner->answer = [&](const ProcessRequest&) {
            if (++runs == 1)
                return printed(
                    tokenOutput(kApiVersionV1, "token-1",
                                sim::formatRfc3339(rig.clock->now() + std::chrono::hours(1))));
            codec::Value status = codec::Value::object();
            status.set("clientCertificateData", testData("client.crt"));
            status.set("clientKeyData", testData("other-ec.key"));
            codec::Value v = codec::Value::object();
            v.set("apiVersion", kApiVersionV1);
            v.set("status", status);
            return printed(codec::toJson(v));
        };
        auto a = rig.make();
        QCOMPARE(a->credentials()->token, std::string("token-1"));
        rig.clock->advanceTo(rig.clock->now() + std::chrono::hours(2));
        QCOMPARE(a->credentials().status().message(),
                 std::string("failed parsing client key/certificate: tls: private key does not "
                             "match public key"));
        QCOMPARE(a->credentials()->token, std::string("token-1"));
        QCOMPARE(runs, 2);
    }

    // The cluster a plugin is told about, from a resolved RestConfig (rest/exec.go).
    void clusterInfo_data() {
        QTest::addColumn<QString>("caData");
        QTest::addColumn<QString>(
            "caFile");  // "$CRT": data/client.crt, "$MISSING": a file that is not there
        QTest::addColumn<QString>("proxy");
        QTest::addColumn<QString>("expectedCa");  // "$CRT" for that file's content
        QTest::addColumn<QString>("expectedProxy");
        QTest::addColumn<QString>("error");
        QTest::addRow("data") << "PEM"
                              << ""
                              << ""
                              << "PEM"
                              << ""
                              << "";
        QTest::addRow("data wins over the file") << "PEM"
                                                 << "$MISSING"
                                                 << ""
                                                 << "PEM"
                                                 << ""
                                                 << "";
        QTest::addRow("file read") << ""
                                   << "$CRT"
                                   << ""
                                   << "$CRT"
                                   << ""
                                   << "";
        QTest::addRow("file missing") << ""
                                      << "$MISSING"
                                      << ""
                                      << ""
                                      << ""
                                      << "failed to load CA bundle for execProvider: open "
                                         "$MISSING: no such file or directory";
        QTest::addRow("proxy printed back") << ""
                                            << ""
                                            << "HTTP://Proxy:3128"
                                            << ""
                                            << "http://Proxy:3128"
                                            << "";
    }

    void clusterInfo() {
        QFETCH(QString, caData);
        QFETCH(QString, caFile);
        QFETCH(QString, proxy);
        QFETCH(QString, expectedCa);
        QFETCH(QString, expectedProxy);
        QFETCH(QString, error);
        const QString crt = QStringLiteral(PH_TEST_DATA_DIR "/client.crt");
        const QString missing = QStringLiteral(PH_TEST_DATA_DIR "/no-such.crt");
        auto expand = [&](QString s) {
            return s.replace("$CRT", crt).replace("$MISSING", missing).toStdString();
        };

        clientcmd::RestConfig rest;
        rest.host = "https://10.0.0.1:6443";
        rest.tls.serverName = "kubernetes";
        rest.tls.insecure = false;
        rest.tls.caData = caData.toStdString();
        rest.tls.caFile = expand(caFile);
        rest.proxyURL = proxy.toStdString();
        rest.disableCompression = true;
        auto cluster = execClusterFor(rest);
        QCOMPARE(cluster.status().message(), expand(error));
        if (!error.isEmpty())
            return;
        QCOMPARE(cluster->server, std::string("https://10.0.0.1:6443"));
        QCOMPARE(cluster->tlsServerName, std::string("kubernetes"));
        QCOMPARE(cluster->certificateAuthorityData,
                 expectedCa == "$CRT" ? testData("client.crt") : expectedCa.toStdString());
        QCOMPARE(cluster->proxyURL, expectedProxy.toStdString());
        QVERIFY(cluster->disableCompression);
    }

    // Client certificates come back as PEM, with the expiry the plugin gave.
    void clientCertificate() {
        Rig rig;
        const std::string cert = testData("client.crt"), key = testData("client.key");
        QVERIFY(!cert.empty() && !key.empty());
        rig.runner->answer = [&](const ProcessRequest&) {
            codec::Value status = codec::Value::object();
            status.set("clientCertificateData", cert);
            status.set("clientKeyData", key);
            status.set("expirationTimestamp", "2024-01-01T01:00:00Z");
            codec::Value v = codec::Value::object();
            v.set("kind", "ExecCredential");
            v.set("apiVersion", kApiVersionV1beta1);
            v.set("status", status);
            return printed(codec::toJson(v));
        };
        auto creds = rig.make(execConfig(kApiVersionV1beta1))->credentials();
        QVERIFY2(creds.isOk(), creds.status().message().c_str());
        QVERIFY(creds->hasClientCertificate());
        QCOMPARE(creds->clientCertificatePem, cert);
        QCOMPARE(creds->clientKeyPem, key);
        QVERIFY(creds->token.empty());
        QCOMPARE(sim::formatRfc3339(*creds->expiry), std::string("2024-01-01T01:00:00Z"));
    }

    // Only the two versions client-go v1.28 speaks.
    void apiVersions_data() {
        QTest::addColumn<QString>("apiVersion");
        QTest::addColumn<QString>("error");
        QTest::addRow("v1") << "client.authentication.k8s.io/v1"
                            << "";
        QTest::addRow("v1beta1") << "client.authentication.k8s.io/v1beta1"
                                 << "";
        QTest::addRow("v1alpha1")
            << "client.authentication.k8s.io/v1alpha1"
            << "exec plugin: invalid apiVersion \"client.authentication.k8s.io/v1alpha1\"";
        QTest::addRow("empty") << ""
                               << "exec plugin: invalid apiVersion \"\"";
    }

    void apiVersions() {
        QFETCH(QString, apiVersion);
        QFETCH(QString, error);
        Rig rig;
        rig.runner->answer = [&](const ProcessRequest&) {
            return printed(tokenOutput(apiVersion.toStdString(), "t"));
        };
        auto a = Authenticator::create(execConfig(apiVersion.toStdString().c_str()), std::nullopt,
                                       rig.options());
        QCOMPARE(a.status().message(), error.toStdString());
        if (a.isOk())
            QCOMPARE((*a)->credentials()->token, std::string("t"));
    }

    // One Authenticator per distinct exec config and cluster.
    void cache() {
        Rig rig;
        AuthenticatorCache cache(rig.options());
        const auto config = execConfig();
        auto other = execConfig();
        other.args = {"--other"};
        const ExecCluster east{"https://east:6443", "", false, "", "", false};
        const ExecCluster west{"https://west:6443", "", false, "", "", false};

        auto a = cache.get(config, east);
        QVERIFY(a.isOk());
        QCOMPARE(cache.get(config, east)->get(), a->get());
        QVERIFY(cache.get(config, west)->get() != a->get());
        QVERIFY(cache.get(other, east)->get() != a->get());
        QVERIFY(cache.get(config, std::nullopt)->get() != a->get());
        QCOMPARE(cache.get(execConfig("v9"), east).status().message(),
                 std::string("exec plugin: invalid apiVersion \"v9\""));
        QCOMPARE(cache.size(), size_t(4));
    }
};

QTEST_GUILESS_MAIN(AuthenticatorTest)
#include "authenticator_test.moc"
