// listContexts: every context of every KUBECONFIG file with its summary or its own error, so that
// a broken file, a broken entry, a missing CA file or a missing cluster or user hides nothing else,
// while loadStatus keeps client-go's verdict on the whole set.
#include <QTest>

#include "client/clientcmd/context_list.h"
#include "kubeconfig_dir.h"

using namespace pilothouse;
using namespace pilothouse::client::clientcmd;

namespace {

const char* kGood = R"(clusters:
- name: prod
  cluster: {server: "https://prod.example", certificate-authority: ca.crt}
users:
- name: alice
  user: {token: a}
contexts:
- name: prod
  context: {cluster: prod, user: alice, namespace: shop}
current-context: prod
)";

const char* kNotYaml = "contexts:\n- name: lost\n  context: {cluster: prod\n";

// Line numbers matter: the errors name them.
const char* kMixed = R"(clusters:
- name: staging
  cluster: {server: "https://staging.example", certificate-authority: missing-ca.crt}
- name: dev
  cluster: {server: "https://dev.example", insecure-skip-tls-verify: true}
- name: prod
  cluster: {server: "https://shadowed-prod.example"}
users:
- name: bob
  user: {token: b}
- name: carol
  user: {token: 5}
contexts:
- name: staging
  context: {cluster: staging, user: bob}
- name: nocluster
  context: {cluster: qa, user: bob}
- name: nouser
  context: {cluster: dev, user: dave}
- name: badtoken
  context: {cluster: dev, user: carol}
- name: dev
  context: {cluster: dev, user: bob, namespace: sandbox}
- name: prod
  context: {cluster: prod, user: bob}
- name: crossfile
  context: {cluster: prod, user: alice}
- name: brokenctx
  context: {cluster: 7}
current-context: dev
)";

const char* kCarolError =
    "error loading config file \"$DIR/c\": line 12: users[1].user.token: json: cannot unmarshal "
    "number into Go struct "
    "field AuthInfo.users.user.token of type string";
const char* kBrokenCtxError =
    "error loading config file \"$DIR/c\": line 29: contexts[7].context.cluster: json: cannot "
    "unmarshal number into Go "
    "struct field Context.contexts.context.cluster of type string";
const char* kNotYamlError =
    "error loading config file \"$DIR/b\": yaml: line 3: did not find expected ',' or '}'";

}  // namespace

class ContextListTest : public QObject {
    Q_OBJECT

    KubeconfigDir dir_;
    ContextListing listing_;

    const ContextSummary* find(const QString& name, const QString& file) const {
        for (const auto& c : listing_.contexts)
            if (c.name == name.toStdString() && c.file == dir_.expand(file))
                return &c;
        return nullptr;
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        dir_.write("ca.crt", "CA PEM\n");
        dir_.write("a", kGood);
        dir_.write("b", kNotYaml);
        dir_.write("c", kMixed);
        listing_ = listContexts(
            LoadingRules::defaults({dir_.expand("$DIR/a:$DIR/b:$DIR/missing:$DIR/c"), ""}));
    }

    // Upstream refuses the set: both broken files named.
    void loadStatusIsClientGos() {
        QVERIFY(!listing_.loadStatus.isOk());
        QCOMPARE(listing_.loadStatus.message(),
                 dir_.expand(QStringLiteral("[%1, %2]").arg(kNotYamlError, kBrokenCtxError)));
    }

    void files_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("state");
        QTest::addColumn<QString>("error");
        QTest::addRow("a loads") << 0 << "$DIR/a" << int(KubeconfigFile::State::Loaded) << "";
        QTest::addRow("b is not YAML")
            << 1 << "$DIR/b" << int(KubeconfigFile::State::Broken) << kNotYamlError;
        QTest::addRow("missing is skipped")
            << 2 << "$DIR/missing" << int(KubeconfigFile::State::Missing)
            << "open $DIR/missing: no such file or directory";
        QTest::addRow("c has a broken entry")
            << 3 << "$DIR/c" << int(KubeconfigFile::State::Broken) << kBrokenCtxError;
    }
    void files() {
        QFETCH(int, index);
        QFETCH(QString, path);
        QFETCH(int, state);
        QFETCH(QString, error);
        QCOMPARE(listing_.files.size(), size_t(4));
        const KubeconfigFile& f = listing_.files[size_t(index)];
        QCOMPARE(f.path, dir_.expand(path));
        QCOMPARE(int(f.state), state);
        QCOMPARE(f.status.message(), dir_.expand(error));
    }

    // File by file, names sorted within one; the shadowed prod listed in its own file.
    void order() {
        QStringList names;
        for (const auto& c : listing_.contexts)
            names << QString::fromStdString(c.name) + "@" +
                         QFileInfo(QString::fromStdString(c.file)).fileName();
        QCOMPARE(names, (QStringList{"prod@a", "badtoken@c", "brokenctx@c", "crossfile@c", "dev@c",
                                     "nocluster@c", "nouser@c", "prod@c", "staging@c"}));
        QCOMPARE(listing_.currentContext, std::string("prod"));
    }

    void contexts_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("cluster");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("ns");
        QTest::addColumn<QString>("server");
        QTest::addColumn<bool>("current");
        QTest::addColumn<QString>("error");  // "" when it resolves
        QTest::addRow("good, current") << "prod"
                                       << "$DIR/a"
                                       << "prod"
                                       << "alice"
                                       << "shop"
                                       << "https://prod.example" << true << "";
        QTest::addRow("good, in the mixed file") << "dev"
                                                 << "$DIR/c"
                                                 << "dev"
                                                 << "bob"
                                                 << "sandbox"
                                                 << "https://dev.example" << false << "";
        QTest::addRow("cluster and user from another file")
            << "crossfile"
            << "$DIR/c"
            << "prod"
            << "alice"
            << ""
            << "https://prod.example" << false << "";
        QTest::addRow("missing CA file")
            << "staging"
            << "$DIR/c"
            << "staging"
            << "bob"
            << ""
            << "https://staging.example" << false
            << "invalid configuration: unable to read certificate-authority $DIR/missing-ca.crt "
               "for staging due to open "
               "$DIR/missing-ca.crt: no such file or directory";
        QTest::addRow("missing cluster")
            << "nocluster"
            << "$DIR/c"
            << "qa"
            << "bob"
            << ""
            << "" << false
            << "invalid configuration: [cluster \"qa\" was not found for context \"nocluster\", no "
               "server found for cluster \"qa\"]";
        QTest::addRow("missing user")
            << "nouser"
            << "$DIR/c"
            << "dev"
            << "dave"
            << ""
            << "https://dev.example" << false
            << "invalid configuration: user \"dave\" was not found for context \"nouser\"";
        QTest::addRow("its user does not decode") << "badtoken"
                                                  << "$DIR/c"
                                                  << "dev"
                                                  << "carol"
                                                  << ""
                                                  << "https://dev.example" << false << kCarolError;
        QTest::addRow("it does not decode") << "brokenctx"
                                            << "$DIR/c"
                                            << ""
                                            << ""
                                            << ""
                                            << "" << false << kBrokenCtxError;
    }
    void contexts() {
        QFETCH(QString, name);
        QFETCH(QString, file);
        QFETCH(QString, cluster);
        QFETCH(QString, user);
        QFETCH(QString, ns);
        QFETCH(QString, server);
        QFETCH(bool, current);
        QFETCH(QString, error);
        const ContextSummary* c = find(name, file);
        QVERIFY(c);
        QCOMPARE(QString::fromStdString(c->cluster), cluster);
        QCOMPARE(QString::fromStdString(c->user), user);
        QCOMPARE(QString::fromStdString(c->namespaceName), ns);
        QCOMPARE(QString::fromStdString(c->server), server);
        QCOMPARE(c->current, current);
        QVERIFY(c->shadowedBy.empty());
        QCOMPARE(c->status.message(), dir_.expand(error));
        QCOMPARE(c->resolved.has_value(), error.isEmpty());
        if (c->resolved) {
            QCOMPARE(QString::fromStdString(c->resolved->rest.host), server);
            QCOMPARE(c->resolved->contextName, name.toStdString());
            QCOMPARE(QString::fromStdString(c->resolved->namespaceName),
                     ns.isEmpty() ? QStringLiteral("default") : ns);
        }
    }

    // Resolved contexts carry what they resolved to.
    void resolvedDetails() {
        const ContextSummary* prod = find("prod", "$DIR/a");
        QVERIFY(prod && prod->resolved);
        QCOMPARE(prod->resolved->rest.tls.caData, std::string("CA PEM\n"));
        QCOMPARE(prod->resolved->rest.bearerToken, std::string("a"));
        const ContextSummary* dev = find("dev", "$DIR/c");
        QVERIFY(dev && dev->resolved);
        QVERIFY(dev->resolved->rest.tls.insecure);
        QCOMPARE(dev->resolved->rest.bearerToken, std::string("b"));
    }

    // The later file's prod is not used: the first file's wins.
    void shadowed() {
        const ContextSummary* c = find("prod", "$DIR/c");
        QVERIFY(c);
        QCOMPARE(c->shadowedBy, dir_.file("a"));
        QCOMPARE(c->user, std::string("bob"));
        QVERIFY(!c->resolved);
        QCOMPARE(c->status.code(), StatusCode::AlreadyExists);
        QVERIFY(!c->current);
    }

    // With no broken file, the listing and the load agree.
    void allGood() {
        KubeconfigDir dir;
        dir.write("ca.crt", "CA PEM\n");
        dir.write("a", kGood);
        const ContextListing l =
            listContexts(LoadingRules::defaults({dir.expand("$DIR/a:$DIR/none"), ""}));
        QVERIFY(l.loadStatus.isOk());
        QCOMPARE(l.contexts.size(), size_t(1));
        QVERIFY(l.contexts[0].status.isOk());
        QVERIFY(l.contexts[0].current);
        QCOMPARE(l.files[1].state, KubeconfigFile::State::Missing);
    }
};

QTEST_GUILESS_MAIN(ContextListTest)
#include "context_list_test.moc"
