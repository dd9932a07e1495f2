// clientcmd's validation (client-go tools/clientcmd/validation.go): each message, as Validate and
// ConfirmUsable print it, several joined as a utilerrors aggregate.
#include <QTest>

#include "client/clientcmd/aggregate.h"
#include "client/clientcmd/loader.h"
#include "client/clientcmd/validation.h"
#include "kubeconfig_dir.h"

using namespace pilothouse;
using namespace pilothouse::client::clientcmd;

namespace {

// A usable base: context "ctx" on cluster "c" as user "u" (token). Rows append to or replace it.
const char* kCluster = "- name: c\n  cluster:\n    server: https://c.example:6443\n";
const char* kUser = "- name: u\n  user:\n    token: t\n";
const char* kContext = "- name: ctx\n  context: {cluster: c, user: u}\n";

QString config(const QString& clusters, const QString& users, const QString& contexts,
               const QString& current = "ctx") {
    QString out;
    if (!clusters.isEmpty())
        out += "clusters:\n" + clusters;
    if (!users.isEmpty())
        out += "users:\n" + users;
    if (!contexts.isEmpty())
        out += "contexts:\n" + contexts;
    if (!current.isEmpty())
        out += "current-context: " + current + "\n";
    return out;
}

QString user(const QString& body) {
    return "- name: u\n  user:\n" + body;
}
QString cluster(const QString& body) {
    return "- name: c\n  cluster:\n" + body;
}

}  // namespace

class ValidationTest : public QObject {
    Q_OBJECT

private slots:
    // ConfirmUsable(config, context) and Validate(config) on one kubeconfig file in $DIR (which
    // holds ca.crt, client.crt and client.key; missing.crt does not exist).
    void messages_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("context");  // "<validate>": Validate, else ConfirmUsable of it
        QTest::addColumn<QString>("error");    // "" for none
        const QString v = "<validate>";

        QTest::addRow("usable") << config(kCluster, kUser, kContext) << ""
                                << "";
        QTest::addRow("valid") << config(kCluster, kUser, kContext) << v << "";
        QTest::addRow("empty config")
            << ""
            << ""
            << "invalid configuration: no configuration has been provided, try setting "
               "KUBERNETES_MASTER environment variable";
        QTest::addRow("empty config, validate")
            << "" << v
            << "invalid configuration: no configuration has been provided, try setting "
               "KUBERNETES_MASTER environment variable";
        QTest::addRow("no context chosen") << config(kCluster, kUser, kContext, "") << ""
                                           << "no context chosen";
        QTest::addRow("named context not found")
            << config(kCluster, kUser, kContext) << "nope"
            << "invalid configuration: context was not found for specified context: nope";
        QTest::addRow("current context not found, validate")
            << config(kCluster, kUser, kContext, "gone") << v
            << "invalid configuration: context was not found for specified context: gone";
        QTest::addRow("user not found")
            << config(kCluster, kUser, "- name: ctx\n  context: {cluster: c, user: ghost}\n") << ""
            << "invalid configuration: user \"ghost\" was not found for context \"ctx\"";
        QTest::addRow("cluster not found")
            << config(kCluster, kUser, "- name: ctx\n  context: {cluster: ghost, user: u}\n") << ""
            << "invalid configuration: [cluster \"ghost\" was not found for context \"ctx\", no "
               "server found for cluster \"ghost\"]";
        QTest::addRow("neither user nor cluster named")
            << config(kCluster, kUser, "- name: ctx\n  context: {namespace: ns}\n") << ""
            << "invalid configuration: [user was not specified for context \"ctx\", cluster was "
               "not specified for context \"ctx\", "
               "default cluster has no server defined]";
        QTest::addRow("namespace not a DNS label")
            << config(kCluster, kUser,
                      "- name: ctx\n  context: {cluster: c, user: u, namespace: Team_A}\n")
            << ""
            << "invalid configuration: namespace \"Team_A\" for context \"ctx\" does not conform "
               "to the kubernetes DNS_LABEL rules";
        QTest::addRow("empty context name")
            << config(kCluster, kUser, "- name: \"\"\n  context: {cluster: c, user: u}\n", "") << v
            << "invalid configuration: empty context name for "
               "api.Context{LocationOfOrigin:\"$DIR/config\", Cluster:\"c\", "
               "AuthInfo:\"u\", Namespace:\"\", Extensions:map[string]runtime.Object{}} is not "
               "allowed";
        QTest::addRow("no server")
            << config(cluster("    insecure-skip-tls-verify: true\n"), kUser, kContext) << ""
            << "invalid configuration: no server found for cluster \"c\"";
        QTest::addRow("unreadable certificate-authority")
            << config(cluster("    server: https://x\n    certificate-authority: missing.crt\n"),
                      kUser, kContext)
            << ""
            << "invalid configuration: unable to read certificate-authority $DIR/missing.crt for c "
               "due to open "
               "$DIR/missing.crt: no such file or directory";
        QTest::addRow("certificate-authority and its data")
            << config(cluster("    server: https://x\n    certificate-authority: ca.crt\n    "
                              "certificate-authority-data: Q0E=\n"),
                      kUser, kContext)
            << ""
            << "invalid configuration: certificate-authority-data and certificate-authority are "
               "both specified for c. "
               "certificate-authority-data will override.";
        QTest::addRow("proxy-url scheme")
            << config(cluster("    server: https://x\n    proxy-url: ftp://proxy:21\n"), kUser,
                      kContext)
            << ""
            << "invalid configuration: invalid 'proxy-url' \"ftp://proxy:21\" for cluster \"c\": "
               "unsupported scheme \"ftp\", "
               "must be http, https, or socks5";
        QTest::addRow("proxy-url unparsable")
            << config(cluster("    server: https://x\n    proxy-url: 10.0.0.1:3128\n"), kUser,
                      kContext)
            << ""
            << "invalid configuration: invalid 'proxy-url' \"10.0.0.1:3128\" for cluster \"c\": "
               "could not parse: 10.0.0.1:3128";
        QTest::addRow("proxy-url socks5")
            << config(cluster("    server: https://x\n    proxy-url: socks5://p:1080\n"), kUser,
                      kContext)
            << ""
            << "";
        QTest::addRow("client certificate without key")
            << config(kCluster, user("    client-certificate: client.crt\n"), kContext) << ""
            << "invalid configuration: client-key-data or client-key must be specified for u to "
               "use the clientCert "
               "authentication method.";
        QTest::addRow("client key without certificate: not checked")
            << config(kCluster, user("    client-key: client.key\n"), kContext) << ""
            << "";
        QTest::addRow("certificate and its data")
            << config(kCluster,
                      user("    client-certificate: client.crt\n    client-certificate-data: "
                           "Qw==\n    client-key: client.key\n"),
                      kContext)
            << ""
            << "invalid configuration: client-cert-data and client-cert are both specified for u. "
               "client-cert-data will override.";
        QTest::addRow("key and its data")
            << config(kCluster,
                      user("    client-certificate-data: Qw==\n    client-key: client.key\n    "
                           "client-key-data: Sw==\n"),
                      kContext)
            << ""
            << "invalid configuration: client-key-data and client-key are both specified for u; "
               "client-key-data will override";
        QTest::addRow("unreadable client certificate and key")
            << config(kCluster,
                      user("    client-certificate: missing.crt\n    client-key: missing.key\n"),
                      kContext)
            << ""
            << "invalid configuration: [unable to read client-cert $DIR/missing.crt for u due to "
               "open $DIR/missing.crt: no such "
               "file or directory, unable to read client-key $DIR/missing.key for u due to open "
               "$DIR/missing.key: no such file "
               "or directory]";
        QTest::addRow("token and basic auth")
            << config(kCluster, user("    token: t\n    username: admin\n    password: secret\n"),
                      kContext)
            << ""
            << "invalid configuration: more than one authentication method found for u; found "
               "[token basicAuth], only one is allowed";
        QTest::addRow("token and a password alone")
            << config(kCluster, user("    token: t\n    password: secret\n"), kContext) << ""
            << "invalid configuration: more than one authentication method found for u; found "
               "[token basicAuth], only one is allowed";
        QTest::addRow("token and client certificate: allowed")
            << config(kCluster,
                      user("    token: t\n    client-certificate-data: Qw==\n    client-key-data: "
                           "Sw==\n"),
                      kContext)
            << ""
            << "";
        QTest::addRow("tokenFile and basic auth: not checked here")
            << config(kCluster, user("    tokenFile: token\n    username: admin\n"), kContext) << ""
            << "";
        QTest::addRow("exec without command")
            << config(kCluster,
                      user("    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n"),
                      kContext)
            << ""
            << "invalid configuration: command must be specified for u to use exec authentication "
               "plugin";
        QTest::addRow("exec without apiVersion")
            << config(kCluster, user("    exec:\n      command: plugin\n"), kContext) << ""
            << "invalid configuration: [apiVersion must be specified for u to use exec "
               "authentication plugin, interactiveMode "
               "must be specified for u to use exec authentication plugin]";
        QTest::addRow("exec v1 without interactiveMode")
            << config(kCluster,
                      user("    exec:\n      command: plugin\n      apiVersion: "
                           "client.authentication.k8s.io/v1\n"),
                      kContext)
            << ""
            << "invalid configuration: interactiveMode must be specified for u to use exec "
               "authentication plugin";
        QTest::addRow("exec v1beta1 without interactiveMode: defaulted")
            << config(kCluster,
                      user("    exec:\n      command: plugin\n      apiVersion: "
                           "client.authentication.k8s.io/v1beta1\n"),
                      kContext)
            << ""
            << "";
        QTest::addRow("exec interactiveMode unknown")
            << config(kCluster,
                      user("    exec:\n      command: plugin\n      apiVersion: "
                           "client.authentication.k8s.io/v1\n"
                           "      interactiveMode: Sometimes\n"),
                      kContext)
            << ""
            << "invalid configuration: invalid interactiveMode for u: \"Sometimes\"";
        QTest::addRow("exec env without name")
            << config(kCluster,
                      user("    exec:\n      command: plugin\n      apiVersion: "
                           "client.authentication.k8s.io/v1\n"
                           "      interactiveMode: Always\n      env:\n      - value: x\n"),
                      kContext)
            << ""
            << "invalid configuration: env variable name must be specified for u to use exec "
               "authentication plugin";
        QTest::addRow("exec and auth-provider")
            << config(kCluster,
                      user("    auth-provider: {name: oidc}\n    exec:\n      command: plugin\n"
                           "      apiVersion: client.authentication.k8s.io/v1beta1\n"),
                      kContext)
            << ""
            << "invalid configuration: authProvider cannot be provided in combination with an exec "
               "plugin for u";
        QTest::addRow("impersonation extras without a user")
            << config(kCluster, user("    token: t\n    as-groups: [ops]\n"), kContext) << ""
            << "invalid configuration: requesting uid, groups or user-extra for u without "
               "impersonating a user";
        QTest::addRow("impersonation uid with a user")
            << config(kCluster, user("    token: t\n    as: a\n    as-uid: \"1\"\n"), kContext)
            << ""
            << "";
        QTest::addRow("ConfirmUsable looks at its context only")
            << config(kCluster + QString("- name: broken\n  cluster: {}\n"), kUser,
                      QString(kContext) +
                          "- name: other\n  context: {cluster: broken, user: nobody}\n")
            << "ctx"
            << "";
        QTest::addRow("Validate looks at everything, in name order")
            << config(kCluster + QString("- name: broken\n  cluster: {}\n"),
                      kUser + user("").replace("- name: u", "- name: a") +
                          "    token: t\n    username: x\n",
                      QString(kContext) +
                          "- name: other\n  context: {cluster: broken, user: nobody}\n")
            << v
            << "invalid configuration: [user \"nobody\" was not found for context \"other\", more "
               "than one authentication "
               "method found for a; found [token basicAuth], only one is allowed, no server found "
               "for cluster \"broken\"]";
    }
    void messages() {
        QFETCH(QString, text);
        QFETCH(QString, context);
        QFETCH(QString, error);
        KubeconfigDir dir;
        dir.write("ca.crt", "CA\n");
        dir.write("client.crt", "CERT\n");
        dir.write("client.key", "KEY\n");
        LoadingRules rules;
        rules.explicitPath = dir.write("config", text);
        auto loaded = load(rules);
        QVERIFY2(loaded.isOk(), loaded.status().message().c_str());
        const Status st = context == QLatin1String("<validate>")
                              ? validate(loaded->config)
                              : confirmUsable(loaded->config, context.toStdString());
        QCOMPARE(st.message(), dir.expand(error));
        QCOMPARE(st.isOk(), error.isEmpty());
    }

    // Each problem is also a cause, once; the message keeps upstream's form.
    void problemsAreCauses() {
        const Status st = configurationInvalid({"a", "b", "a"});
        QCOMPARE(st.message(), std::string("invalid configuration: [a, b]"));
        QCOMPARE(st.causes().size(), size_t(2));
        QCOMPARE(st.causes()[1].message, std::string("b"));
    }

    // utilerrors' aggregate: one distinct message alone, more in brackets, repeats once.
    void aggregate_data() {
        QTest::addColumn<QStringList>("messages");
        QTest::addColumn<QString>("text");
        QTest::addRow("none") << QStringList{} << "";
        QTest::addRow("one") << QStringList{"a"} << "a";
        QTest::addRow("the same twice") << QStringList{"a", "a"} << "a";
        QTest::addRow("two") << QStringList{"a", "b"} << "[a, b]";
        QTest::addRow("repeats dropped, order kept")
            << QStringList{"b", "a", "b", "c"} << "[b, a, c]";
    }
    void aggregate() {
        QFETCH(QStringList, messages);
        QFETCH(QString, text);
        std::vector<std::string> m;
        for (const auto& s : messages) m.push_back(s.toStdString());
        QCOMPARE(QString::fromStdString(aggregateMessage(m)), text);
    }
};

QTEST_GUILESS_MAIN(ValidationTest)
#include "validation_test.moc"
