// Resolving a context into a RestConfig (client-go tools/clientcmd/client_config.go) and the checks
// client-go makes before it connects (rest, transport): token and tokenFile, certificate data and
// files, the CA, insecure, the namespace, servers without a scheme, and each refusal's message.
#include <QTest>

#include "client/clientcmd/clientcmd.h"
#include "kubeconfig_dir.h"

using namespace pilothouse;
using namespace pilothouse::client::clientcmd;

namespace {

const char* kBase = R"(clusters:
- name: tls
  cluster:
    server: https://tls.example:6443
    certificate-authority: ca.crt
- name: tlsdata
  cluster:
    server: https://tls.example:6443
    certificate-authority-data: Q0EgREFUQQo=
    tls-server-name: api.internal
- name: insecure
  cluster:
    server: https://insecure.example
    insecure-skip-tls-verify: true
- name: plain
  cluster:
    server: http://plain.example:8080
- name: noscheme
  cluster:
    server: 10.0.0.1:6443
- name: prefixed
  cluster:
    server: https://proxy.example/k8s/clusters/c-1?ignored=1
- name: proxied
  cluster:
    server: https://tls.example:6443
    certificate-authority: ca.crt
    proxy-url: socks5://socks.example:1080
    disable-compression: true
users:
- name: token
  user: {token: abc}
- name: tokenandfile
  user: {token: abc, tokenFile: token}
- name: tokenfile
  user: {tokenFile: token}
- name: certdata
  user: {client-certificate-data: Q0VSVCBEQVRB, client-key-data: S0VZIERBVEE=}
- name: certfiles
  user: {client-certificate: client.crt, client-key: client.key}
- name: basic
  user: {username: admin, password: secret}
- name: impersonating
  user: {token: abc, as: jane, as-groups: [devs, ops]}
- name: exec
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: ./bin/plugin
      args: [get-token]
      interactiveMode: Never
      installHint: "run \e[1minstall\e[0m first"
)";

// A context per row: "ctx" on the given cluster and user, optionally with a namespace.
QString withContext(const QString& cluster, const QString& user, const QString& ns = {}) {
    QString c = QString::fromLatin1(kBase) +
                "contexts:\n- name: ctx\n  context:\n    cluster: " + cluster +
                "\n    user: " + user + "\n";
    if (!ns.isEmpty())
        c += "    namespace: " + ns + "\n";
    return c +
           "- name: other\n  context: {cluster: plain, user: token, namespace: "
           "other-ns}\ncurrent-context: ctx\n";
}

QString field(const ResolvedContext& r, const QString& name) {
    auto s = [](const std::string& v) { return QString::fromStdString(v); };
    const RestConfig& c = r.rest;
    if (name == "host")
        return s(c.host);
    if (name == "url") {
        auto u = defaultServerUrlFor(c);
        return u.isOk() ? s(*u) : "error: " + s(u.status().message());
    }
    if (name == "bearerToken")
        return s(c.bearerToken);
    if (name == "bearerTokenFile")
        return s(c.bearerTokenFile);
    if (name == "effectiveToken")
        return s(effectiveBearerToken(c));
    if (name == "caFile")
        return s(c.tls.caFile);
    if (name == "caData")
        return s(c.tls.caData);
    if (name == "certFile")
        return s(c.tls.certFile);
    if (name == "certData")
        return s(c.tls.certData);
    if (name == "keyFile")
        return s(c.tls.keyFile);
    if (name == "keyData")
        return s(c.tls.keyData);
    if (name == "insecure")
        return c.tls.insecure ? "true" : "false";
    if (name == "serverName")
        return s(c.tls.serverName);
    if (name == "username")
        return s(c.username) + ":" + s(c.password);
    if (name == "proxy")
        return s(c.proxyURL);
    if (name == "disableCompression")
        return c.disableCompression ? "true" : "false";
    if (name == "impersonate") {
        QStringList groups;
        for (const auto& g : c.impersonate.groups) groups << s(g);
        return s(c.impersonate.userName) + "/" + groups.join(",");
    }
    if (name == "exec") {
        if (!c.execProvider)
            return "<none>";
        QStringList args;
        for (const auto& a : c.execProvider->args) args << s(a);
        return s(c.execProvider->command) + " " + args.join(" ") + " | " +
               s(c.execProvider->installHint);
    }
    if (name == "namespace")
        return s(r.namespaceName) + (r.namespaceOverridden ? " (overridden)" : "");
    if (name == "names")
        return s(r.contextName) + "/" + s(r.clusterName) + "/" + s(r.userName);
    return "<bad field>";
}

}  // namespace

class ClientConfigTest : public QObject {
    Q_OBJECT

private slots:
    void resolves_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("context");  // the override; "" for current-context
        QTest::addColumn<QString>("ns");       // the namespace override
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* name, const QString& text, const char* field,
                      const char* expected) {
            QTest::addRow("%s", name) << text << ""
                                      << "" << field << expected;
        };
        row("token", withContext("tls", "token"), "bearerToken", "abc");
        row("token: no file", withContext("tls", "token"), "bearerTokenFile", "");
        row("token and tokenFile: the token", withContext("tls", "tokenandfile"), "bearerToken",
            "abc");
        row("token and tokenFile: the file kept", withContext("tls", "tokenandfile"),
            "bearerTokenFile", "$DIR/token");
        row("token and tokenFile: the transport sends the file's",
            withContext("tls", "tokenandfile"), "effectiveToken", "file-token");
        row("tokenFile: read as it is", withContext("tls", "tokenfile"), "bearerToken",
            "file-token\n");
        row("tokenFile: resolved path kept", withContext("tls", "tokenfile"), "bearerTokenFile",
            "$DIR/token");
        row("tokenFile: sent trimmed", withContext("tls", "tokenfile"), "effectiveToken",
            "file-token");
        row("client certificate data", withContext("tls", "certdata"), "certData", "CERT DATA");
        row("client key data", withContext("tls", "certdata"), "keyData", "KEY DATA");
        row("client certificate file: path", withContext("tls", "certfiles"), "certFile",
            "$DIR/client.crt");
        row("client certificate file: read", withContext("tls", "certfiles"), "certData",
            "CERT PEM\n");
        row("client key file: read", withContext("tls", "certfiles"), "keyData", "KEY PEM\n");
        row("CA file: path", withContext("tls", "token"), "caFile", "$DIR/ca.crt");
        row("CA file: read", withContext("tls", "token"), "caData", "CA PEM\n");
        row("CA data", withContext("tlsdata", "token"), "caData", "CA DATA\n");
        row("tls-server-name", withContext("tlsdata", "token"), "serverName", "api.internal");
        row("insecure", withContext("insecure", "token"), "insecure", "true");
        row("insecure: no CA", withContext("insecure", "token"), "caData", "");
        row("secure by default", withContext("tls", "token"), "insecure", "false");
        row("basic auth", withContext("tls", "basic"), "username", "admin:secret");
        row("impersonation", withContext("tls", "impersonating"), "impersonate", "jane/devs,ops");
        row("exec: command resolved, hint cleaned", withContext("tls", "exec"), "exec",
            "$DIR/bin/plugin get-token | run U+001B[1minstallU+001B[0m first");
        row("proxy-url", withContext("proxied", "token"), "proxy", "socks5://socks.example:1080");
        row("disable-compression", withContext("proxied", "token"), "disableCompression", "true");
        row("host", withContext("tls", "token"), "host", "https://tls.example:6443");
        row("server path kept, query dropped", withContext("prefixed", "token"), "host",
            "https://proxy.example/k8s/clusters/c-1");
        row("http server: no token", withContext("plain", "token"), "bearerToken", "");
        row("http server: no basic auth", withContext("plain", "basic"), "username", ":");
        row("http server: no exec", withContext("plain", "exec"), "exec", "<none>");
        row("no scheme: host as written", withContext("noscheme", "token"), "host",
            "10.0.0.1:6443");
        row("no scheme: plain http", withContext("noscheme", "token"), "url",
            "http://10.0.0.1:6443");
        row("no scheme: no credentials", withContext("noscheme", "token"), "bearerToken", "");
        row("names", withContext("tls", "token"), "names", "ctx/tls/token");
        row("user missing: no credentials, no error", withContext("tls", "ghost"), "bearerToken",
            "");
        row("user missing: the cluster still used", withContext("tls", "ghost"), "caData",
            "CA PEM\n");
        row("namespace: the context's", withContext("tls", "token", "team-a"), "namespace",
            "team-a");
        row("namespace: default", withContext("tls", "token"), "namespace", "default");
        QTest::addRow("namespace: the override") << withContext("tls", "token", "team-a") << ""
                                                 << "mine"
                                                 << "namespace"
                                                 << "mine (overridden)";
        QTest::addRow("a named context") << withContext("tls", "token") << "other"
                                         << ""
                                         << "names"
                                         << "other/plain/token";
        QTest::addRow("a named context's namespace") << withContext("tls", "token") << "other"
                                                     << ""
                                                     << "namespace"
                                                     << "other-ns";
        QTest::addRow("a named context's host") << withContext("tls", "token") << "other"
                                                << ""
                                                << "host"
                                                << "http://plain.example:8080";
    }
    void resolves() {
        QFETCH(QString, text);
        QFETCH(QString, context);
        QFETCH(QString, ns);
        QFETCH(QString, field);
        QFETCH(QString, expected);
        KubeconfigDir dir;
        dir.write("ca.crt", "CA PEM\n");
        dir.write("client.crt", "CERT PEM\n");
        dir.write("client.key", "KEY PEM\n");
        dir.write("token", "file-token\n");
        LoadingRules rules;
        rules.explicitPath = dir.write("config", text);
        ConfigOverrides overrides;
        overrides.context = context.toStdString();
        overrides.namespaceName = ns.toStdString();
        auto resolved = resolve(rules, overrides);
        QVERIFY2(resolved.isOk(), resolved.status().message().c_str());
        QCOMPARE(::field(*resolved, field), QString::fromStdString(dir.expand(expected)));
    }

    // What stops a context from being used, in client-go's words.
    void refuses_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("clusterDefault");
        QTest::addColumn<QString>("error");
        QTest::addRow("named context missing") << withContext("tls", "token") << "nope"
                                               << ""
                                               << "context \"nope\" does not exist";
        QTest::addRow("current context missing")
            << QString::fromLatin1(kBase) + "current-context: gone\n"
            << ""
            << ""
            << "invalid configuration: [context was not found for specified context: gone, cluster "
               "has no server defined]";
        QTest::addRow("no context at all")
            << QString::fromLatin1(kBase) << ""
            << ""
            << "invalid configuration: no configuration has been provided, try setting "
               "KUBERNETES_MASTER environment variable";
        QTest::addRow("cluster missing")
            << withContext("ghost", "token") << ""
            << ""
            << "invalid configuration: no configuration has been provided, try setting "
               "KUBERNETES_MASTER environment variable";
        QTest::addRow("user and cluster missing")
            << withContext("ghost", "ghost") << ""
            << ""
            << "invalid configuration: no configuration has been provided, try setting "
               "KUBERNETES_MASTER environment variable";
        QTest::addRow("CA file missing")
            << withContext("tls", "token")
                   .replace("certificate-authority: ca.crt", "certificate-authority: gone.crt")
            << ""
            << ""
            << "invalid configuration: unable to read certificate-authority $DIR/gone.crt for tls "
               "due to open $DIR/gone.crt: no "
               "such file or directory";
        QTest::addRow("insecure with a CA")
            << withContext("tls", "token")
                   .replace("    certificate-authority: ca.crt\n- name: tlsdata",
                            "    certificate-authority: ca.crt\n    insecure-skip-tls-verify: "
                            "true\n- name: tlsdata")
            << ""
            << ""
            << "specifying a root certificates file with the insecure flag is not allowed";
        QTest::addRow("insecure with CA data")
            << withContext("tlsdata", "token")
                   .replace(
                       "    tls-server-name: api.internal\n",
                       "    tls-server-name: api.internal\n    insecure-skip-tls-verify: yes\n")
            << ""
            << ""
            << "specifying a root certificates file with the insecure flag is not allowed";
        QTest::addRow("exec apiVersion v1alpha1")
            << withContext("tls", "exec")
                   .replace("client.authentication.k8s.io/v1\n",
                            "client.authentication.k8s.io/v1alpha1\n")
            << ""
            << ""
            << "exec plugin: invalid apiVersion \"client.authentication.k8s.io/v1alpha1\"";
        QTest::addRow("exec apiVersion unknown")
            << withContext("tls", "exec")
                   .replace("client.authentication.k8s.io/v1\n", "example.com/v2\n")
            << ""
            << ""
            << "exec plugin: invalid apiVersion \"example.com/v2\"";
        QTest::addRow("exec with provideClusterInfo: the CA must load")
            << withContext("tls", "exec")
                   .replace("      interactiveMode: Never\n",
                            "      interactiveMode: Never\n      provideClusterInfo: true\n")
                   .replace("certificate-authority: ca.crt", "certificate-authority: cadir")
            << ""
            << ""
            << "failed to load CA bundle for execProvider: read $DIR/cadir: is a directory";
        QTest::addRow("auth-provider: none compiled in")
            << withContext("tls", "oidc") +
                   "users:\n- name: oidc\n  user:\n    auth-provider: {name: oidc}\n"
            << ""
            << ""
            << "no Auth Provider found for name \"oidc\"";
        QTest::addRow("tokenFile missing")
            << withContext("tls", "tokenfile").replace("tokenFile: token}", "tokenFile: gone}")
            << ""
            << ""
            << "open $DIR/gone: no such file or directory";
        QTest::addRow("tokenFile empty")
            << withContext("tls", "tokenfile").replace("tokenFile: token}", "tokenFile: blank}")
            << ""
            << ""
            << "read empty token from file \"$DIR/blank\"";
        QTest::addRow("tokenFile and basic auth")
            << withContext("tls", "tokenfile")
                   .replace("tokenFile: token}", "tokenFile: token, username: admin}")
            << ""
            << ""
            << "username/password or bearer token may be set, but not both";
        QTest::addRow("token and basic auth")
            << withContext("tls", "basic")
                   .replace("password: secret}", "password: secret, token: t}")
            << ""
            << ""
            << "invalid configuration: more than one authentication method found for basic; found "
               "[token basicAuth], only one "
               "is allowed";
        QTest::addRow("proxy-url scheme")
            << withContext("proxied", "token").replace("socks5://", "ftp://") << ""
            << ""
            << "invalid configuration: invalid 'proxy-url' \"ftp://socks.example:1080\" for "
               "cluster \"proxied\": unsupported "
               "scheme \"ftp\", must be http, https, or socks5";
        QTest::addRow("a host that is no URL")
            << withContext("noscheme", "token")
                   .replace("server: 10.0.0.1:6443", "server: example.com/api")
            << ""
            << ""
            << "host must be a URL or a host:port pair: \"example.com/api\"";
    }
    void refuses() {
        QFETCH(QString, text);
        QFETCH(QString, context);
        QFETCH(QString, clusterDefault);
        QFETCH(QString, error);
        KubeconfigDir dir;
        dir.write("ca.crt", "CA PEM\n");
        dir.write("token", "file-token\n");
        dir.write("blank", "");
        dir.mkdir("cadir");
        LoadingRules rules;
        rules.explicitPath = dir.write("config", text);
        ConfigOverrides overrides;
        overrides.context = context.toStdString();
        overrides.clusterDefaultServer = clusterDefault.toStdString();
        auto resolved = resolve(rules, overrides);
        QVERIFY2(!resolved.isOk(), "resolved");
        QCOMPARE(QString::fromStdString(resolved.status().message()),
                 QString::fromStdString(dir.expand(error)));
    }

    // kubectl's ClusterDefaults: a context without its cluster goes to localhost:8080 (in the
    // clear).
    void clusterDefaultServer() {
        KubeconfigDir dir;
        LoadingRules rules;
        rules.explicitPath = dir.write("config", withContext("ghost", "token"));
        ConfigOverrides overrides;
        overrides.clusterDefaultServer = kKubectlClusterDefaultServer;
        auto resolved = resolve(rules, overrides);
        QVERIFY2(resolved.isOk(), resolved.status().message().c_str());
        QCOMPARE(resolved->rest.host, std::string("http://localhost:8080"));
        QCOMPARE(resolved->rest.bearerToken, std::string());
    }

    // The namespace alone: an override needs no usable context.
    void namespaceOverrideNeedsNoContext() {
        auto ns = namespaceFor(api::Config{}, ConfigOverrides{"", "mine", ""});
        QVERIFY(ns.isOk());
        QCOMPARE(ns->name, std::string("mine"));
        QVERIFY(ns->overridden);
        auto none = namespaceFor(api::Config{}, ConfigOverrides{});
        QVERIFY(!none.isOk());
    }

    // rest's DefaultServerURL: the scheme a host gets, and what it refuses.
    void defaultServerUrl_data() {
        QTest::addColumn<QString>("host");
        QTest::addColumn<bool>("tls");  // a CA is configured
        QTest::addColumn<QString>("expected");
        QTest::addRow("a URL") << "https://h.example:6443" << false << "https://h.example:6443";
        QTest::addRow("a URL with a path")
            << "https://h.example/prefix" << false << "https://h.example/prefix";
        QTest::addRow("host:port, no TLS") << "h.example:6443" << false << "http://h.example:6443";
        QTest::addRow("host:port, TLS") << "h.example:6443" << true << "https://h.example:6443";
        QTest::addRow("IP:port") << "10.0.0.1:6443" << true << "https://10.0.0.1:6443";
        QTest::addRow("a bare host") << "h.example" << false << "http://h.example";
        QTest::addRow("IPv6") << "[::1]:6443" << true << "https://[::1]:6443";
        QTest::addRow("empty: localhost") << "" << false << "http://localhost";
        QTest::addRow("a path without a scheme")
            << "h.example/api" << false
            << "error: host must be a URL or a host:port pair: \"h.example/api\"";
        QTest::addRow("an unclosed bracket")
            << "[::1" << false << "error: parse \"http://[::1\": missing ']' in host";
        QTest::addRow("a bad port")
            << "h.example:http" << false
            << "error: parse \"http://h.example:http\": invalid port \":http\" after host";
        QTest::addRow("a space in the host")
            << "h example" << true
            << "error: parse \"https://h example\": invalid character \" \" in host name";
        // A URL that does not parse is tried again with a scheme in front, which then has a path.
        QTest::addRow("a URL that does not parse")
            << "https://h example" << false
            << "error: host must be a URL or a host:port pair: \"https://h example\"";
    }
    void defaultServerUrl() {
        QFETCH(QString, host);
        QFETCH(bool, tls);
        QFETCH(QString, expected);
        ResolvedContext r;
        r.rest.host = host.toStdString();
        if (tls)
            r.rest.tls.caData = "CA";
        QCOMPARE(field(r, "url"), expected);
        QCOMPARE(isConfigTransportTLS(r.rest), expected.startsWith("https://"));
    }
};

QTEST_GUILESS_MAIN(ClientConfigTest)
#include "client_config_test.moc"
