// clientcmd's loading rules (client-go tools/clientcmd/loader.go): which files, how they merge
// (first file wins a name, whole; first current-context wins), relative paths resolved against each
// entry's own file, missing files skipped, a broken file failing the load with its name and line,
// and decoding as lenient as client-go's codec (api/latest, api/v1).
#include <QTest>

#include "client/clientcmd/loader.h"
#include "client/clientcmd/merge.h"
#include "config_probe.h"
#include "kubeconfig_dir.h"

using namespace pilothouse;
using namespace pilothouse::client::clientcmd;
using clientcmd_test::probe;

namespace {

// Checks "key=value" expectations ($DIR expanded) against a config.
void expectFacts(const api::Config& config, const QStringList& facts, const KubeconfigDir& dir) {
    for (const QString& fact : facts) {
        const int eq = fact.indexOf(QLatin1Char('='));
        QVERIFY2(eq > 0, qPrintable(fact));
        const QString key = fact.left(eq);
        const QString expected = QString::fromStdString(dir.expand(fact.mid(eq + 1)));
        const QString actual = probe(config, key);
        if (actual != expected)
            QFAIL(qPrintable(
                QStringLiteral("%1: got \"%2\", want \"%3\"").arg(key, actual, expected)));
    }
}

const char* kCowAndRed = R"(apiVersion: v1
kind: Config
clusters:
- name: cow-cluster
  cluster:
    server: http://cow.org:8080
users:
- name: red-user
  user:
    token: red-token
contexts:
- name: federal-context
  context:
    cluster: cow-cluster
    user: red-user
    namespace: hammer-ns
)";

// loader_test.go's testConfigConflictAlfa: the same names, other values, more fields.
const char* kConflictingCowAndRed = R"(clusters:
- name: cow-cluster
  cluster:
    server: http://a-different-cow.org:8080
    insecure-skip-tls-verify: true
    disable-compression: true
- name: donkey-cluster
  cluster:
    server: http://donkey.org:8080
users:
- name: red-user
  user:
    token: a-different-red-token
    username: extra-field-not-merged
- name: yellow-user
  user:
    token: yellow-token
current-context: federal-context
)";

const char* kPig = R"(clusters:
- name: pig-cluster
  cluster:
    server: http://pig.org:8080
contexts:
- name: queen-anne-context
  context: {cluster: pig-cluster, user: black-user, namespace: saw-ns}
current-context: queen-anne-context
)";

// Files in $DIR/a and $DIR/b/deeper naming files relative to themselves. (Kept out of the
// test class, where moc would read the raw strings.)
const char* kRelativeA = R"(clusters:
- {name: rel, cluster: {server: 'https://x', certificate-authority: ca.crt}}
- {name: up, cluster: {server: 'https://x', certificate-authority: ../ca.crt}}
- {name: abs, cluster: {server: 'https://x', certificate-authority: /etc/kubernetes/ca.crt}}
users:
- {name: files, user: {client-certificate: certs/client.crt, client-key: ./certs/client.key, tokenFile: token}}
- {name: onpath, user: {exec: {command: kubelogin, apiVersion: client.authentication.k8s.io/v1beta1}}}
- {name: dotslash, user: {exec: {command: ./bin/plugin, apiVersion: client.authentication.k8s.io/v1beta1}}}
- {name: dotdot, user: {exec: {command: ../plugin, apiVersion: client.authentication.k8s.io/v1beta1}}}
- {name: absexec, user: {exec: {command: /usr/bin/plugin, apiVersion: client.authentication.k8s.io/v1beta1}}}
)";

const char* kRelativeB = R"(clusters:
- {name: other, cluster: {server: 'https://y', certificate-authority: ca.crt}}
- {name: rel, cluster: {server: 'https://shadowed', certificate-authority: shadowed.crt}}
users:
- {name: otheruser, user: {tokenFile: token}}
)";

}  // namespace

class LoaderTest : public QObject {
    Q_OBJECT

private slots:
    // NewDefaultClientConfigLoadingRules: KUBECONFIG (split at ':', deduplicated) or HOME's file.
    void defaultRules_data() {
        QTest::addColumn<QString>("kubeconfig");
        QTest::addColumn<QString>("home");
        QTest::addColumn<QStringList>("precedence");
        QTest::addColumn<bool>("warnIfAllMissing");
        QTest::addRow("unset: the home file")
            << ""
            << "/home/me" << QStringList{"/home/me/.kube/config"} << false;
        QTest::addRow("no HOME: relative") << ""
                                           << "" << QStringList{".kube/config"} << false;
        QTest::addRow("one file") << "/a/config"
                                  << "/home/me" << QStringList{"/a/config"} << true;
        QTest::addRow("a list, in order") << "/b:/a:/c"
                                          << "/home/me" << QStringList{"/b", "/a", "/c"} << true;
        QTest::addRow("repeats dropped") << "/a:/b:/a:/b:/c"
                                         << "/h" << QStringList{"/a", "/b", "/c"} << true;
        QTest::addRow("empty elements kept (skipped on load)")
            << "/a::/b:"
            << "/h" << QStringList{"/a", "", "/b"} << true;
    }
    void defaultRules() {
        QFETCH(QString, kubeconfig);
        QFETCH(QString, home);
        QFETCH(QStringList, precedence);
        QFETCH(bool, warnIfAllMissing);
        const LoadingRules rules =
            LoadingRules::defaults({kubeconfig.toStdString(), home.toStdString()});
        QStringList actual;
        for (const auto& p : rules.precedence) actual << QString::fromStdString(p);
        QCOMPARE(actual, precedence);
        QCOMPARE(rules.warnIfAllMissing, warnIfAllMissing);
        QVERIFY(rules.explicitPath.empty());
    }

    // Several files merged: the first to define a name wins it whole; the first current-context
    // wins.
    void mergePrecedence_data() {
        QTest::addColumn<QStringList>("texts");   // written to $DIR/f0, $DIR/f1, ...
        QTest::addColumn<QString>("kubeconfig");  // the KUBECONFIG value
        QTest::addColumn<QStringList>("facts");
        QTest::addRow("first file wins a cluster, whole")
            << QStringList{kCowAndRed, kConflictingCowAndRed} << "$DIR/f0:$DIR/f1"
            << QStringList{"cluster.cow-cluster.server=http://cow.org:8080",
                           "cluster.cow-cluster.insecure=false",
                           "cluster.cow-cluster.disableCompression=false",
                           "cluster.cow-cluster.origin=$DIR/f0",
                           "cluster.donkey-cluster.server=http://donkey.org:8080",
                           "cluster.donkey-cluster.origin=$DIR/f1",
                           "clusters=cow-cluster,donkey-cluster"};
        QTest::addRow("first file wins a user; its missing fields are not filled")
            << QStringList{kCowAndRed, kConflictingCowAndRed} << "$DIR/f0:$DIR/f1"
            << QStringList{"user.red-user.token=red-token",
                           "user.red-user.username=", "user.yellow-user.token=yellow-token",
                           "users=red-user,yellow-user"};
        QTest::addRow("the other order")
            << QStringList{kCowAndRed, kConflictingCowAndRed} << "$DIR/f1:$DIR/f0"
            << QStringList{"cluster.cow-cluster.server=http://a-different-cow.org:8080",
                           "cluster.cow-cluster.insecure=true",
                           "user.red-user.token=a-different-red-token",
                           "user.red-user.username=extra-field-not-merged",
                           "context.federal-context.namespace=hammer-ns",
                           "context.federal-context.origin=$DIR/f0"};
        QTest::addRow("first current-context set wins, later ones ignored")
            << QStringList{kCowAndRed, kConflictingCowAndRed, kPig} << "$DIR/f0:$DIR/f2:$DIR/f1"
            << QStringList{"current=queen-anne-context",
                           "contexts=federal-context,queen-anne-context",
                           "clusters=cow-cluster,donkey-cluster,pig-cluster"};
        QTest::addRow("a file without current-context does not clear it")
            << QStringList{kCowAndRed, kConflictingCowAndRed, kPig} << "$DIR/f0:$DIR/f1:$DIR/f2"
            << QStringList{"current=federal-context"};
        QTest::addRow("three files, no conflicts: the union")
            << QStringList{kCowAndRed, kPig,
                           "users: [{name: black-user, user: {token: black-token}}]"}
            << "$DIR/f2:$DIR/f1:$DIR/f0"
            << QStringList{
                   "users=black-user,red-user", "contexts=federal-context,queen-anne-context",
                   "user.black-user.origin=$DIR/f2", "context.queen-anne-context.origin=$DIR/f1",
                   "current=queen-anne-context"};
        QTest::addRow("the same file twice counts once")
            << QStringList{kCowAndRed} << "$DIR/f0:$DIR/f0" << QStringList{"clusters=cow-cluster"};
    }
    void mergePrecedence() {
        QFETCH(QStringList, texts);
        QFETCH(QString, kubeconfig);
        QFETCH(QStringList, facts);
        KubeconfigDir dir;
        QVERIFY(dir.isValid());
        for (int i = 0; i < texts.size(); ++i) dir.write(QStringLiteral("f%1").arg(i), texts[i]);
        auto loaded = load(LoadingRules::defaults({dir.expand(kubeconfig), "/nonexistent-home"}));
        QVERIFY2(loaded.isOk(), loaded.status().message().c_str());
        expectFacts(loaded->config, facts, dir);
    }

    // An explicit file is used alone: nothing merges into it.
    void explicitFileIsNotMerged() {
        KubeconfigDir dir;
        const std::string explicitFile = dir.write("explicit", kCowAndRed);
        const std::string other = dir.write("other", kConflictingCowAndRed);
        LoadingRules rules;
        rules.explicitPath = explicitFile;
        rules.precedence = {other};
        auto loaded = load(rules);
        QVERIFY2(loaded.isOk(), loaded.status().message().c_str());
        expectFacts(loaded->config, {"clusters=cow-cluster", "users=red-user", "current="}, dir);
        QCOMPARE(loaded->loadedFiles, std::vector<std::string>{explicitFile});
    }

    void explicitFileMustExist() {
        KubeconfigDir dir;
        LoadingRules rules;
        rules.explicitPath = dir.file("bogus_file");
        auto loaded = load(rules);
        QVERIFY(!loaded.isOk());
        QCOMPARE(loaded.status().code(), StatusCode::NotFound);
        QCOMPARE(loaded.status().message(),
                 dir.expand("stat $DIR/bogus_file: no such file or directory"));
    }

    // Relative paths resolve against the directory of the file each entry came from.
    void relativePaths_data() {
        QTest::addColumn<bool>("doNotResolve");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("expected");
        const QList<std::pair<const char*, const char*>> resolved = {
            {"cluster.rel.ca", "$DIR/a/ca.crt"},
            {"cluster.up.ca", "$DIR/ca.crt"},
            {"cluster.abs.ca", "/etc/kubernetes/ca.crt"},
            {"cluster.other.ca", "$DIR/b/deeper/ca.crt"},
            {"user.files.cert", "$DIR/a/certs/client.crt"},
            {"user.files.key", "$DIR/a/certs/client.key"},
            {"user.files.tokenFile", "$DIR/a/token"},
            {"user.onpath.exec", "kubelogin"},
            {"user.dotslash.exec", "$DIR/a/bin/plugin"},
            {"user.dotdot.exec", "$DIR/plugin"},
            {"user.absexec.exec", "/usr/bin/plugin"},
            {"user.otheruser.tokenFile", "$DIR/b/deeper/token"},
        };
        for (const auto& [key, value] : resolved) QTest::addRow("%s", key) << false << key << value;
        QTest::addRow("kept: cluster.rel.ca") << true << "cluster.rel.ca"
                                              << "ca.crt";
        QTest::addRow("kept: user.dotslash.exec") << true << "user.dotslash.exec"
                                                  << "./bin/plugin";
    }
    void relativePaths() {
        QFETCH(bool, doNotResolve);
        QFETCH(QString, key);
        QFETCH(QString, expected);
        KubeconfigDir dir;
        dir.write("a/config", kRelativeA);
        dir.write("b/deeper/config", kRelativeB);
        LoadingRules rules =
            LoadingRules::defaults({dir.expand("$DIR/a/config:$DIR/b/deeper/config"), ""});
        rules.doNotResolvePaths = doNotResolve;
        auto loaded = load(rules);
        QVERIFY2(loaded.isOk(), loaded.status().message().c_str());
        QCOMPARE(probe(loaded->config, key), QString::fromStdString(dir.expand(expected)));
    }

    // Files of the list that do not exist are skipped; all missing warns "Config not found".
    void missingFilesAreSkipped_data() {
        QTest::addColumn<QString>("kubeconfig");
        QTest::addColumn<QStringList>("facts");
        QTest::addColumn<QStringList>("missing");
        QTest::addColumn<QStringList>("warnings");
        QTest::addRow("missing before and after")
            << "$DIR/gone1:$DIR/real:$DIR/gone2" << QStringList{"clusters=cow-cluster"}
            << QStringList{"$DIR/gone1", "$DIR/gone2"} << QStringList{};
        QTest::addRow("empty elements ignored")
            << ":$DIR/real::" << QStringList{"clusters=cow-cluster"} << QStringList{}
            << QStringList{};
        QTest::addRow("all missing: empty config and a warning")
            << "$DIR/gone1:$DIR/gone2" << QStringList{"clusters=", "contexts=", "current="}
            << QStringList{"$DIR/gone1", "$DIR/gone2"}
            << QStringList{"Config not found: $DIR/gone1, $DIR/gone2"};
        QTest::addRow("a missing directory")
            << "$DIR/no/such/dir/config:$DIR/real" << QStringList{"users=red-user"}
            << QStringList{"$DIR/no/such/dir/config"} << QStringList{};
    }
    void missingFilesAreSkipped() {
        QFETCH(QString, kubeconfig);
        QFETCH(QStringList, facts);
        QFETCH(QStringList, missing);
        QFETCH(QStringList, warnings);
        KubeconfigDir dir;
        dir.write("real", kCowAndRed);
        auto loaded = load(LoadingRules::defaults({dir.expand(kubeconfig), "/nonexistent-home"}));
        QVERIFY2(loaded.isOk(), loaded.status().message().c_str());
        expectFacts(loaded->config, facts, dir);
        std::vector<std::string> expectedMissing, expectedWarnings;
        for (const auto& m : missing) expectedMissing.push_back(dir.expand(m));
        for (const auto& w : warnings) expectedWarnings.push_back(dir.expand(w));
        QCOMPARE(loaded->missingFiles, expectedMissing);
        QCOMPARE(loaded->warnings, expectedWarnings);
    }

    // Without KUBECONFIG: HOME/.kube/config, and nothing else.
    void defaultsToHomeKubeConfig_data() {
        QTest::addColumn<QString>("kubeconfig");
        QTest::addColumn<QString>("expectedCurrent");
        QTest::addRow("unset") << ""
                               << "queen-anne-context";
        QTest::addRow("set: the home file is not read") << "$DIR/elsewhere"
                                                        << "federal-context";
    }
    void defaultsToHomeKubeConfig() {
        QFETCH(QString, kubeconfig);
        QFETCH(QString, expectedCurrent);
        KubeconfigDir dir;
        dir.write("home/.kube/config", kPig);
        dir.write("elsewhere",
                  QString::fromLatin1(kCowAndRed) + "current-context: federal-context\n");
        const Environment env{dir.expand(kubeconfig), dir.file("home")};
        QCOMPARE(recommendedHomeFile(env), dir.file("home/.kube/config"));
        auto loaded = load(LoadingRules::defaults(env));
        QVERIFY2(loaded.isOk(), loaded.status().message().c_str());
        QCOMPARE(QString::fromStdString(loaded->config.currentContext), expectedCurrent);
    }

    // A file that exists but does not decode fails the whole load, naming the file (and the line).
    void brokenFileFailsTheLoad_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::addRow("not YAML: mapping values")
            << "apiVersion: v1\nclusters:\n- name: a\n  cluster: server: https://x\n"
            << "error loading config file \"$DIR/bad\": yaml: line 4: mapping values are not "
               "allowed in this context";
        QTest::addRow("not YAML: a tab") << "apiVersion: v1\nkind: Config\nusers:\n\t- name: a\n"
                                         << "error loading config file \"$DIR/bad\": yaml: line 4: "
                                            "found character that cannot start any token";
        // go-yaml numbers a parser error's line from 0 (a scanner error's from 1), and names no
        // line 0.
        QTest::addRow("not YAML: unclosed flow sequence")
            << "clusters: [\n  {name: a}\n"
            << "error loading config file \"$DIR/bad\": yaml: line 2: did not find expected ',' or "
               "']'";
        QTest::addRow("not YAML on the first line: no line")
            << "a: b: c\n"
            << "error loading config file \"$DIR/bad\": yaml: mapping values are not allowed in "
               "this context";
        QTest::addRow("a scalar (loader_test.go's \"bogus value\")")
            << "bogus value"
            << "error loading config file \"$DIR/bad\": couldn't get version/kind; json parse "
               "error: json: cannot unmarshal "
               "string into Go value of type struct { APIVersion string "
               "\"json:\\\"apiVersion,omitempty\\\"\"; Kind string "
               "\"json:\\\"kind,omitempty\\\"\" }";
        QTest::addRow("a list") << "- a\n- b\n"
                                << "error loading config file \"$DIR/bad\": couldn't get "
                                   "version/kind; json parse error: json: cannot unmarshal "
                                   "array into Go value of type struct { APIVersion string "
                                   "\"json:\\\"apiVersion,omitempty\\\"\"; Kind string "
                                   "\"json:\\\"kind,omitempty\\\"\" }";
        QTest::addRow("another kind")
            << "apiVersion: v1\nkind: Pod\n"
            << "error loading config file \"$DIR/bad\": no kind \"Pod\" is registered for version "
               "\"v1\" in scheme "
               "\"k8s.io/client-go/tools/clientcmd/api/latest/latest.go:50\"";
        QTest::addRow("another version")
            << "apiVersion: apps/v1\n"
            << "error loading config file \"$DIR/bad\": no kind \"Config\" is registered for "
               "version \"apps/v1\" in scheme "
               "\"k8s.io/client-go/tools/clientcmd/api/latest/latest.go:50\"";
        QTest::addRow("apiVersion not a string")
            << "kind: Config\napiVersion: 1\n"
            << "error loading config file \"$DIR/bad\": line 2: apiVersion: couldn't get "
               "version/kind; json parse error: json: "
               "cannot unmarshal number into Go struct field .apiVersion of type string";
        QTest::addRow("token a number")
            << "users:\n- name: u\n  user:\n    token: 5\n"
            << "error loading config file \"$DIR/bad\": line 4: users[0].user.token: json: cannot "
               "unmarshal number into Go "
               "struct field AuthInfo.users.user.token of type string";
        QTest::addRow("insecure a string")
            << "clusters:\n- name: c\n  cluster:\n    server: https://x\n    "
               "insecure-skip-tls-verify: \"true\"\n"
            << "error loading config file \"$DIR/bad\": line 5: "
               "clusters[0].cluster.insecure-skip-tls-verify: json: cannot "
               "unmarshal string into Go struct field "
               "Cluster.clusters.cluster.insecure-skip-tls-verify of type bool";
        QTest::addRow("CA data not base64")
            << "clusters:\n- name: c\n  cluster:\n    certificate-authority-data: not base64!\n"
            << "error loading config file \"$DIR/bad\": line 4: "
               "clusters[0].cluster.certificate-authority-data: illegal "
               "base64 data at input byte 3";
        QTest::addRow("client key data a number")
            << "users:\n- name: u\n  user: {client-key-data: 12}\n"
            << "error loading config file \"$DIR/bad\": line 3: users[0].user.client-key-data: "
               "json: cannot unmarshal number "
               "into Go struct field AuthInfo.users.user.client-key-data of type []uint8";
        QTest::addRow("users a string") << "users: everyone\n"
                                        << "error loading config file \"$DIR/bad\": line 1: users: "
                                           "json: cannot unmarshal string into Go struct field "
                                           "Config.users of type []v1.NamedAuthInfo";
        QTest::addRow("a user a number")
            << "users:\n- 5\n"
            << "error loading config file \"$DIR/bad\": line 2: users[0]: json: cannot unmarshal "
               "number into Go struct field "
               "Config.users of type v1.NamedAuthInfo";
        QTest::addRow("a context's body a string")
            << "contexts:\n- name: x\n  context: prod\n"
            << "error loading config file \"$DIR/bad\": line 3: contexts[0].context: json: cannot "
               "unmarshal string into Go "
               "struct field NamedContext.contexts.context of type v1.Context";
        QTest::addRow("exec a list")
            << "users:\n- name: u\n  user:\n    exec: [a]\n"
            << "error loading config file \"$DIR/bad\": line 4: users[0].user.exec: json: cannot "
               "unmarshal array into Go "
               "struct field AuthInfo.users.user.exec of type v1.ExecConfig";
        QTest::addRow("an exec arg a number")
            << "users:\n- name: u\n  user:\n    exec:\n      command: x\n      args: [--v, 5]\n"
            << "error loading config file \"$DIR/bad\": line 6: users[0].user.exec.args[1]: json: "
               "cannot unmarshal number into "
               "Go struct field ExecConfig.users.user.exec.args of type string";
        QTest::addRow("an exec env name a bool")
            << "users:\n- name: u\n  user:\n    exec:\n      env:\n      - name: true\n        "
               "value: x\n"
            << "error loading config file \"$DIR/bad\": line 6: users[0].user.exec.env[0].name: "
               "json: cannot unmarshal bool "
               "into Go struct field ExecEnvVar.users.user.exec.env.name of type string";
        QTest::addRow("auth-provider config values are strings")
            << "users:\n- name: u\n  user:\n    auth-provider:\n      name: oidc\n      config: "
               "{refresh: 3}\n"
            << "error loading config file \"$DIR/bad\": line 6: "
               "users[0].user.auth-provider.config: json: cannot unmarshal "
               "number into Go struct field AuthProviderConfig.users.user.auth-provider.config of "
               "type string";
        QTest::addRow("first problem in client-go's order: clusters before users")
            << "users:\n- name: u\n  user: {token: 1}\nclusters:\n- name: c\n  cluster: {server: "
               "2}\n"
            << "error loading config file \"$DIR/bad\": line 6: clusters[0].cluster.server: json: "
               "cannot unmarshal number into "
               "Go struct field Cluster.clusters.cluster.server of type string";
        QTest::addRow("a cluster name twice")
            << "clusters:\n- name: c\n  cluster: {server: \"https://a\"}\n- name: c\n  cluster: "
               "{server: \"https://b\"}\n"
            << "error loading config file \"$DIR/bad\": line 4: clusters[1]: error converting "
               "*[]NamedCluster into "
               "*map[string]*api.Cluster: duplicate name \"c\" in list";
        QTest::addRow("a user name twice")
            << "users:\n- {name: u, user: {token: a}}\n- {name: u, user: {token: b}}\n"
            << "error loading config file \"$DIR/bad\": line 3: users[1]: error converting "
               "*[]NamedAuthInfo into "
               "*map[string]*api.AuthInfo: duplicate name \"u\" in list";
        QTest::addRow("a context name twice")
            << "contexts:\n- {name: x, context: {cluster: a}}\n- {name: x, context: {cluster: b}}\n"
            << "error loading config file \"$DIR/bad\": line 3: contexts[1]: error converting "
               "*[]NamedContext into "
               "*map[string]*api.Context: duplicate name \"x\" in list";
        QTest::addRow("type problems come before duplicates")
            << "contexts:\n- {name: x}\n- {name: x}\nusers:\n- {name: u, user: {token: [1]}}\n"
            << "error loading config file \"$DIR/bad\": line 5: users[0].user.token: json: cannot "
               "unmarshal array into Go "
               "struct field AuthInfo.users.user.token of type string";
        QTest::addRow("a directory")
            << "<dir>"
            << "error loading config file \"$DIR/bad\": read $DIR/bad: is a directory";
    }
    void brokenFileFailsTheLoad() {
        QFETCH(QString, text);
        QFETCH(QString, error);
        KubeconfigDir dir;
        dir.write("good", kCowAndRed);
        if (text == QLatin1String("<dir>"))
            dir.mkdir("bad");
        else
            dir.write("bad", text);
        auto loaded = load(LoadingRules::defaults({dir.expand("$DIR/good:$DIR/bad"), ""}));
        QVERIFY(!loaded.isOk());
        QCOMPARE(loaded.status().message(), dir.expand(error));
        // The same through the explicit path.
        LoadingRules rules;
        rules.explicitPath = dir.file("bad");
        auto single = load(rules);
        QVERIFY(!single.isOk());
        QCOMPARE(single.status().message(), dir.expand(error));
    }

    // Every broken file of the list is named, as an aggregate.
    void everyBrokenFileIsNamed() {
        KubeconfigDir dir;
        dir.write("a", "kind: Config\nclusters: - a\n");
        dir.write("b", kCowAndRed);
        dir.write("c", "users: 5\n");
        auto loaded = load(LoadingRules::defaults({dir.expand("$DIR/a:$DIR/b:$DIR/c"), ""}));
        QVERIFY(!loaded.isOk());
        QCOMPARE(loaded.status().message(),
                 dir.expand("[error loading config file \"$DIR/a\": yaml: line 2: block sequence "
                            "entries are not allowed in this "
                            "context, error loading config file \"$DIR/c\": line 1: users: json: "
                            "cannot unmarshal number into "
                            "Go struct field Config.users of type []v1.NamedAuthInfo]"));
        QCOMPARE(loaded.status().causes().size(), size_t(2));
    }

    // What client-go's decoding lets through.
    void lenientDecoding_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("facts");
        QTest::addRow("empty file")
            << "" << QStringList{"clusters=", "users=", "contexts=", "current="};
        QTest::addRow("only comments") << "# nothing here\n"
                                       << QStringList{"clusters=", "current="};
        QTest::addRow("unknown fields ignored")
            << "apiVersion: v1\nkind: Config\nflavour: mint\nclusters:\n- name: c\n  extra: 1\n  "
               "cluster:\n    server: https://x\n"
               "    api-version: v1\n    colour: blue\n"
            << QStringList{"cluster.c.server=https://x"};
        QTest::addRow("field names are case-sensitive")
            << "users:\n- name: u\n  user:\n    Token: ignored\n    token: kept\n"
            << QStringList{"user.u.token=kept"};
        QTest::addRow("null is absent")
            << "clusters: null\nusers:\n- name: u\n  user:\n    token: ~\n    exec: null\n- "
               "null\ncurrent-context: null\n"
            << QStringList{"clusters=", "users=,u", "user.u.token=", "user.u.exec=<no exec>",
                           "current="};
        QTest::addRow("YAML 1.1 booleans")
            << "clusters:\n- name: c\n  cluster: {insecure-skip-tls-verify: yes, "
               "disable-compression: on}\n"
            << QStringList{"cluster.c.insecure=true", "cluster.c.disableCompression=true"};
        QTest::addRow("only the first document")
            << "current-context: first\n---\ncurrent-context: second\n---\n: : broken [\n"
            << QStringList{"current=first"};
        QTest::addRow("a key given twice: the last")
            << "current-context: one\ncurrent-context: two\n"
            << QStringList{"current=two"};
        QTest::addRow("base64 data decoded")
            << "clusters:\n- name: c\n  cluster:\n    certificate-authority-data: Q0EgUEVNCg==\n"
               "users:\n- name: u\n  user:\n    client-certificate-data: Q0VSVA==\n    "
               "client-key-data: S0VZ\n"
            << QStringList{"cluster.c.caData=CA PEM\n", "user.u.certData=CERT",
                           "user.u.keyData=KEY"};
        QTest::addRow("exec v1beta1: interactiveMode defaults to IfAvailable")
            << "users:\n- name: u\n  user:\n    exec:\n      apiVersion: "
               "client.authentication.k8s.io/v1beta1\n      command: x\n"
            << QStringList{"user.u.interactiveMode=IfAvailable"};
        QTest::addRow("exec v1: no default")
            << "users:\n- name: u\n  user:\n    exec:\n      apiVersion: "
               "client.authentication.k8s.io/v1\n      command: x\n"
            << QStringList{"user.u.interactiveMode="};
        QTest::addRow("exec fields")
            << "users:\n- name: u\n  user:\n    exec:\n      apiVersion: "
               "client.authentication.k8s.io/v1\n      command: aws\n"
               "      args: [eks, get-token]\n      env:\n      - {name: AWS_PROFILE, value: "
               "prod}\n      installHint: brew\n"
               "      provideClusterInfo: true\n      interactiveMode: Never\n"
            << QStringList{"user.u.exec=aws",
                           "user.u.execArgs=eks,get-token",
                           "user.u.execEnv=AWS_PROFILE=prod",
                           "user.u.installHint=brew",
                           "user.u.provideClusterInfo=true",
                           "user.u.interactiveMode=Never"};
        QTest::addRow("auth-provider kept by name")
            << "users:\n- name: u\n  user:\n    auth-provider:\n      name: oidc\n      config: "
               "{idp-issuer-url: \"https://i\"}\n"
            << QStringList{"user.u.authProvider=oidc"};
        QTest::addRow("impersonation")
            << "users:\n- name: u\n  user:\n    as: admin\n    as-groups: [system:masters, ops]\n"
            << QStringList{"user.u.as=admin", "user.u.asGroups=system:masters,ops"};
        QTest::addRow("JSON is YAML")
            << R"({"apiVersion":"v1","kind":"Config","contexts":[{"name":"j","context":{"cluster":"c","user":"u","namespace":"ns"}}]})"
            << QStringList{"context.j.cluster=c", "context.j.user=u", "context.j.namespace=ns"};
        QTest::addRow("preferences and extensions read, not kept")
            << "preferences: {colors: true, extensions: [{name: e, extension: {any: "
               "thing}}]}\nextensions:\n- name: x\n"
               "  extension: [1, 2]\ncontexts:\n- name: c\n  context:\n    extensions: [{name: y, "
               "extension: 3}]\n"
            << QStringList{"contexts=c"};
    }
    void lenientDecoding() {
        QFETCH(QString, text);
        QFETCH(QStringList, facts);
        KubeconfigDir dir;
        LoadingRules rules;
        rules.explicitPath = dir.write("config", text);
        auto loaded = load(rules);
        QVERIFY2(loaded.isOk(), loaded.status().message().c_str());
        expectFacts(loaded->config, facts, dir);
    }

    // loadFromFile sets every entry's origin and keeps paths as written; loadFromBytes sets none.
    void originsAndBytes() {
        KubeconfigDir dir;
        const std::string path =
            dir.write("config",
                      "clusters: [{name: c, cluster: {certificate-authority: ca}}]\n"
                      "users: [{name: u}]\ncontexts: [{name: x}]\n");
        auto fromFile = loadFromFile(path);
        QVERIFY(fromFile.isOk());
        expectFacts(*fromFile,
                    {"cluster.c.origin=$DIR/config", "user.u.origin=$DIR/config",
                     "context.x.origin=$DIR/config", "cluster.c.ca=ca"},
                    dir);
        auto fromBytes = loadFromBytes("clusters: [{name: c, cluster: {server: \"https://x\"}}]\n");
        QVERIFY(fromBytes.isOk());
        expectFacts(*fromBytes, {"cluster.c.origin=", "cluster.c.server=https://x"}, dir);
        auto missing = loadFromFile(dir.file("missing"));
        QCOMPARE(missing.status().code(), StatusCode::NotFound);
        QCOMPARE(missing.status().message(),
                 dir.expand("open $DIR/missing: no such file or directory"));
    }

    // mergeConfigs alone: entries whole, first wins.
    void mergeConfigsKeepsTheFirst() {
        api::Config a, b;
        a.authInfos["red"].token = "a";
        b.authInfos["red"].token = "b";
        b.authInfos["red"].username = "bob";
        b.currentContext = "from-b";
        const api::Config merged = mergeConfigs({a, b});
        QCOMPARE(merged.authInfos.at("red").token, std::string("a"));
        QCOMPARE(merged.authInfos.at("red").username, std::string());
        QCOMPARE(merged.currentContext, std::string("from-b"));
    }
};

QTEST_GUILESS_MAIN(LoaderTest)
#include "loader_test.moc"
