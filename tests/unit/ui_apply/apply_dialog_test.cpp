#include "apply_dialog_test.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "api/object.h"
#include "api/scheme.h"
#include "apply/apply_dialog.h"
#include "apps_v1.pb.h"
#include "core_v1.pb.h"
#include "kubectl/apply.h"
#include "testing/scenario_simulation.h"
#include "theme/theme.h"

using namespace pilothouse;
using ui::apply::ApplyDialog;

namespace {

// Three documents: a pod, a deployment, a service.
const char* kManifests = R"(apiVersion: v1
kind: Pod
metadata:
  name: api
  labels: {app: api, tier: front}
spec:
  containers:
  - name: api
    image: nginx:1.25
    resources: {requests: {cpu: 100m, memory: 64Mi}}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: frontend
spec:
  replicas: 1
  selector: {matchLabels: {app: frontend}}
  template:
    metadata: {labels: {app: frontend}}
    spec:
      containers:
      - name: web
        image: nginx:1.25
        resources: {requests: {cpu: 100m, memory: 64Mi}}
---
apiVersion: v1
kind: Service
metadata:
  name: api
spec:
  selector: {app: api}
  ports: [{port: 80}]
)";

QString manifests() {
    return QString::fromUtf8(kManifests);
}

QStringList lines(std::initializer_list<const char*> texts) {
    QStringList out;
    for (const char* t : texts) out << QString::fromUtf8(t);
    return out;
}

// The single-pod-journey scenario (two nodes, node-2 tainted) two seconds in, and the dialog on it.
struct Fixture {
    testing::ScenarioSimulation sim;
    std::unique_ptr<ApplyDialog> dialog;

    bool start() {
        if (!sim.start("single-pod-journey", std::chrono::seconds(2)))
            return false;
        dialog = std::make_unique<ApplyDialog>(*sim.client);
        dialog->resize(1400, 860);
        dialog->show();
        return true;
    }
    // Clicks Diff or Apply and waits for the run to finish.
    bool run(const char* button) {
        QSignalSpy done(dialog.get(), &ApplyDialog::runFinished);
        auto* b = dialog->findChild<QPushButton*>(QLatin1String(button));
        if (!b || !b->isEnabled())
            return false;
        QTest::mouseClick(b, Qt::LeftButton);
        return done.count() > 0 || done.wait(10000);
    }
    bool apply(const QString& text) {
        dialog->setText(text);
        return run("applyApplyButton");
    }
    bool diff(const QString& text) {
        dialog->setText(text);
        return run("applyDiffButton");
    }
    QStringList texts() const {
        QStringList out;
        for (const auto& r : dialog->results()) out << r.text;
        return out;
    }
    std::unique_ptr<google::protobuf::Message> get(const char* resource, const std::string& name) {
        apiserver::Request req;
        req.verb = "get";
        req.type = api::Scheme::instance().byName(resource);
        req.namespace_ = "default";
        req.name = name;
        req.token = sim.session->controlPlane().loopbackToken();
        auto resp = sim.session->controlPlane().apiServer().handle(req);
        return resp.ok() ? std::move(resp.object) : nullptr;
    }
    std::unique_ptr<k8s::io::api::core::v1::Pod> pod(const std::string& name) {
        auto o = get("pods", name);
        if (!o)
            return nullptr;
        auto p = std::make_unique<k8s::io::api::core::v1::Pod>();
        p->CopyFrom(*o);
        return p;
    }
};

}  // namespace

void ApplyDialogTest::appliesDocumentsAndThePodIsScheduled() {
    Fixture f;
    QVERIFY(f.start());
    QCOMPARE(f.dialog->defaultNamespace(), QStringLiteral("default"));
    QVERIFY(f.apply(manifests()));
    QCOMPARE(
        f.texts(),
        (lines({"pod/api created", "deployment.apps/frontend created", "service/api created"})));
    QCOMPARE(
        f.dialog->output(),
        QStringLiteral("pod/api created\ndeployment.apps/frontend created\nservice/api created\n"));
    const auto& r = f.dialog->results();
    QCOMPARE(r[1].document, 2);
    QCOMPARE(r[1].line, 12);
    QCOMPARE(r[1].object, QStringLiteral("deployment.apps/frontend"));
    QVERIFY(f.dialog->errorLines().isEmpty());
    // The table shows kubectl's line per document.
    auto* table = f.dialog->findChild<QTableWidget*>(QStringLiteral("applyResults"));
    QCOMPARE(table->rowCount(), 3);
    QCOMPARE(table->item(2, 2)->text(), QStringLiteral("service/api created"));
    QCOMPARE(table->item(1, 0)->text(), QStringLiteral("2 \u00b7 line 12"));
    // The simulation goes on: the scheduler places the pod (node-2 is tainted), the deployment's
    // pod is created by its controllers.
    QVERIFY(f.sim.runFor(std::chrono::seconds(10)));
    auto pod = f.pod("api");
    QVERIFY(pod);
    QCOMPARE(QString::fromStdString(pod->spec().node_name()), QStringLiteral("node-1"));
    QVERIFY(api::metadata(*pod).annotations().count(kubectl::kLastAppliedConfigAnnotation));
    // Again, after the cluster defaulted, scheduled and started it all: unchanged.
    QVERIFY(f.apply(manifests()));
    QCOMPARE(f.texts(), (lines({"pod/api unchanged", "deployment.apps/frontend unchanged",
                                "service/api unchanged"})));
    QVERIFY(f.dialog->statusText().contains(QStringLiteral("3 unchanged")));
}

void ApplyDialogTest::changesShowInTheDiffThenApplyAsConfigured() {
    Fixture f;
    QVERIFY(f.start());
    QVERIFY(f.apply(manifests()));
    QVERIFY(f.sim.runFor(std::chrono::seconds(5)));
    const QString changed =
        manifests().replace(QStringLiteral("replicas: 1"), QStringLiteral("replicas: 2"));
    QVERIFY(f.diff(changed));
    QCOMPARE(f.dialog->lastRun(), ApplyDialog::Run::Diff);
    const auto& r = f.dialog->results();
    QVERIFY(r[0].ok && r[1].ok && r[2].ok);
    QCOMPARE(r[0].diff, QString());
    QCOMPARE(r[2].diff, QString());
    QVERIFY2(
        r[1].diff.startsWith(QStringLiteral("diff -u -N LIVE/apps.v1.Deployment.default.frontend "
                                            "MERGED/apps.v1.Deployment.default.frontend\n"
                                            "--- LIVE/apps.v1.Deployment.default.frontend\n"
                                            "+++ MERGED/apps.v1.Deployment.default.frontend\n@@ ")),
        qPrintable(r[1].diff));
    QVERIFY2(r[1].diff.contains(QStringLiteral("\n-  replicas: 1\n+  replicas: 2\n")),
             qPrintable(r[1].diff));
    QCOMPARE(f.dialog->diffText(), r[1].diff);
    auto* table = f.dialog->findChild<QTableWidget*>(QStringLiteral("applyResults"));
    QVERIFY(table->item(1, 2)->text().startsWith(QStringLiteral("would change (+")));
    QCOMPARE(table->item(0, 2)->text(), QStringLiteral("no changes"));
    // The dry run stored nothing.
    auto deployment = f.get("deployments", "frontend");
    QCOMPARE(dynamic_cast<k8s::io::api::apps::v1::Deployment*>(deployment.get())->spec().replicas(),
             1);
    QVERIFY(f.run("applyApplyButton"));
    QCOMPARE(f.texts(), (lines({"pod/api unchanged", "deployment.apps/frontend configured",
                                "service/api unchanged"})));
    deployment = f.get("deployments", "frontend");
    QCOMPARE(dynamic_cast<k8s::io::api::apps::v1::Deployment*>(deployment.get())->spec().replicas(),
             2);
    // Nothing left to change.
    QVERIFY(f.run("applyDiffButton"));
    QCOMPARE(f.dialog->diffText(), QString());
}

void ApplyDialogTest::fieldRemovedFromTheManifestIsRemovedLive() {
    Fixture f;
    QVERIFY(f.start());
    QVERIFY(f.apply(manifests()));
    QCOMPARE(f.pod("api")->metadata().labels().count("tier"), size_t(1));
    // The label goes from the manifest: kubectl's three-way merge deletes it from the live pod,
    // since the last apply set it.
    const QString without = manifests().replace(QStringLiteral("labels: {app: api, tier: front}"),
                                                QStringLiteral("labels: {app: api}"));
    QVERIFY(f.diff(without));
    QVERIFY2(f.dialog->results()[0].diff.contains(QStringLiteral("\n-    tier: front\n")),
             qPrintable(f.dialog->diffText()));
    QVERIFY(f.run("applyApplyButton"));
    QCOMPARE(f.texts()[0], QStringLiteral("pod/api configured"));
    auto pod = f.pod("api");
    QCOMPARE(pod->metadata().labels().count("tier"), size_t(0));
    QCOMPARE(QString::fromStdString(pod->metadata().labels().at("app")), QStringLiteral("api"));
    // A label someone else put on the pod is not the manifest's to remove.
    {
        apiserver::Request label;
        label.verb = "patch";
        label.type = api::Scheme::instance().byName("pods");
        label.namespace_ = "default";
        label.name = "api";
        label.patch["metadata"]["labels"].set("owner", codec::Value("ops"));
        label.token = f.sim.session->controlPlane().loopbackToken();
        QVERIFY(f.sim.session->controlPlane().apiServer().handle(label).ok());
    }
    QVERIFY(f.apply(without));
    QCOMPARE(f.texts()[0], QStringLiteral("pod/api unchanged"));
    QCOMPARE(f.pod("api")->metadata().labels().count("owner"), size_t(1));
}

void ApplyDialogTest::invalidDocumentFailsAloneAtItsLine() {
    Fixture f;
    QVERIFY(f.start());
    QVERIFY(f.apply(QStringLiteral(R"(apiVersion: v1
kind: Pod
metadata: {name: ok-1}
spec:
  containers: [{name: a, image: nginx}]
---
apiVersion: v1
kind: Pod
metadata: {name: bad}
spec:
  containers:
  - name: bad
    ports: [{containerPort: 80}]
---
apiVersion: v1
kind: Service
metadata: {name: ok-svc}
spec: {ports: [{port: 80}]}
)")));
    const auto& r = f.dialog->results();
    QCOMPARE(r.size(), 3);
    QCOMPARE(r[0].text, QStringLiteral("pod/ok-1 created"));
    QVERIFY(!r[1].ok);
    QCOMPARE(r[1].document, 2);
    // The API server's message, in kubectl's words, at the line of the container without an image.
    QCOMPARE(
        r[1].text,
        QStringLiteral(
            "Error from server (Invalid): error when creating \"STDIN\": Pod \"bad\" is invalid: "
            "spec.containers[0].image: Required value"));
    QCOMPARE(r[1].line, 12);
    QCOMPARE(f.dialog->errorLines(), QList<int>{12});
    QCOMPARE(r[2].text, QStringLiteral("service/ok-svc created"));
    QVERIFY(f.get("pods", "ok-1"));
    QVERIFY(f.get("services", "ok-svc"));
    QVERIFY(!f.get("pods", "bad"));
    // kubectl's terminal: the successes, then the one error as CheckErr prints it.
    QCOMPARE(
        f.dialog->output(),
        QStringLiteral("pod/ok-1 created\nservice/ok-svc created\n"
                       "The Pod \"bad\" is invalid: spec.containers[0].image: Required value\n"));
    QVERIFY(f.dialog->statusText().contains(QStringLiteral("1 failed")));
    auto* table = f.dialog->findChild<QTableWidget*>(QStringLiteral("applyResults"));
    QCOMPARE(table->currentRow(), 1);  // the problem is where the eye goes
}

void ApplyDialogTest::yamlSyntaxErrorNamesItsLine() {
    Fixture f;
    QVERIFY(f.start());
    QVERIFY(f.apply(QStringLiteral(R"(apiVersion: v1
kind: Pod
metadata: {name: first}
spec:
  containers: [{name: a, image: nginx}]
---
apiVersion: v1
kind: Pod
metadata:
  name: second
   labels: {a: b}
spec: {}
---
apiVersion: v1
kind: Pod
metadata: {name: third}
spec:
  containers: [{name: a, image: nginx}]
)")));
    const auto& r = f.dialog->results();
    // kubectl reads no further than the syntax error; what came before it is applied.
    QCOMPARE(r.size(), 2);
    QCOMPARE(r[0].text, QStringLiteral("pod/first created"));
    QCOMPARE(r[1].document, 2);
    QCOMPARE(r[1].text, QStringLiteral("error: error parsing STDIN: error converting YAML to JSON: "
                                       "yaml: line 5: mapping values are not allowed in this context"));
    QCOMPARE(r[1].line, 11);  // line 5 of the document is line 11 of the text
    QCOMPARE(f.dialog->errorLines(), QList<int>{11});
    QVERIFY(!f.get("pods", "third"));
    // Editing the text clears the marks (the lines may have moved).
    f.dialog->setText(manifests());
    QVERIFY(f.dialog->errorLines().isEmpty());
}

void ApplyDialogTest::serverDryRunStoresNothing() {
    Fixture f;
    QVERIFY(f.start());
    f.dialog->setServerDryRun(true);
    QVERIFY(f.apply(manifests()));
    QCOMPARE(f.texts(), (lines({"pod/api created (server dry run)",
                                "deployment.apps/frontend created (server dry run)",
                                "service/api created (server dry run)"})));
    QVERIFY(!f.get("pods", "api"));
    QVERIFY(f.dialog->statusText().contains(QStringLiteral("server dry run")));
    f.dialog->setServerDryRun(false);
    QVERIFY(f.apply(manifests()));
    f.dialog->setServerDryRun(true);
    QVERIFY(f.apply(manifests()));
    QCOMPARE(f.texts(), (lines({"pod/api unchanged (server dry run)",
                                "deployment.apps/frontend unchanged (server dry run)",
                                "service/api unchanged (server dry run)"})));
}

void ApplyDialogTest::opensSeveralFiles() {
    Fixture f;
    QVERIFY(f.start());
    QTemporaryDir dir;
    const QStringList docs = manifests().split(QStringLiteral("---\n"));
    QStringList paths;
    for (int i = 0; i < 2; ++i) {
        paths << dir.filePath(QStringLiteral("part-%1.yaml").arg(i));
        QFile file(paths.last());
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(docs[i].toUtf8());
    }
    f.dialog->openFiles(paths);
    QCOMPARE(f.dialog->text(), docs[0] + QStringLiteral("---\n") + docs[1]);
    QVERIFY(f.run("applyDiffButton"));
    // New objects: everything is added.
    const auto& r = f.dialog->results();
    QCOMPARE(r.size(), 2);
    QCOMPARE(r[0].operation, kubectl::ApplyOperation::Created);
    QVERIFY(r[0].diff.contains(QStringLiteral("\n@@ -0,0 +1,")));
    QVERIFY(r[0].diff.contains(QStringLiteral("\n+  name: api\n")));
    for (const QString& line : r[1].diff.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        QVERIFY2(line.startsWith(QLatin1Char('+')) || line.startsWith(QLatin1String("@@")) ||
                     line.startsWith(QLatin1String("---")) ||
                     line.startsWith(QLatin1String("diff ")),
                 qPrintable(line));
    QVERIFY(!f.get("pods", "api"));
    // A file that is not there is said so, as kubectl says it.
    f.dialog->openFiles({dir.filePath(QStringLiteral("missing.yaml"))});
    QCOMPARE(f.dialog->statusText(), QStringLiteral("error: the path \"%1\" does not exist")
                                         .arg(dir.filePath(QStringLiteral("missing.yaml"))));
}

void ApplyDialogTest::screenshotOfADiff() {
    Fixture f;
    QVERIFY(f.start());
    QVERIFY(f.apply(manifests()));
    QVERIFY(f.sim.runFor(std::chrono::seconds(5)));
    // The deployment scaled and its image changed, the pod's tier label dropped, a new service.
    QString next = manifests()
                       .replace(QStringLiteral("replicas: 1"), QStringLiteral("replicas: 3"))
                       .replace(QStringLiteral("labels: {app: api, tier: front}"),
                                QStringLiteral("labels: {app: api}"));
    next.replace(next.lastIndexOf(QStringLiteral("nginx:1.25")), 10, QStringLiteral("nginx:1.26"));
    next += QStringLiteral(
        "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: frontend\nspec:\n  selector: {app: "
        "frontend}\n"
        "  ports: [{port: 8080}]\n");
    QVERIFY(f.diff(next));
    const auto& r = f.dialog->results();
    QCOMPARE(r.size(), 4);
    QVERIFY(r[1].diff.contains(QStringLiteral("\n-  replicas: 1\n+  replicas: 3\n")));
    QVERIFY(r[1].diff.contains(
        QStringLiteral("\n-      - image: nginx:1.25\n+      - image: nginx:1.26\n")));
    QCOMPARE(r[3].operation, kubectl::ApplyOperation::Created);
    auto* table = f.dialog->findChild<QTableWidget*>(QStringLiteral("applyResults"));
    table->setCurrentCell(1, 2);
    QTest::qWait(50);
    const QString path = QDir::temp().filePath(QStringLiteral("apply-dialog-diff.png"));
    QVERIFY(f.dialog->grab().save(path));
    qInfo("screenshot: %s", qPrintable(path));
    // For a projector: the dark palette, text one and a half times the size.
    ui::theme::apply(*qApp, ui::theme::Mode::Dark);
    ui::theme::setFontScale(1.5);
    ApplyDialog projector(*f.sim.client);
    projector.resize(1920, 1080);
    projector.show();
    projector.setText(next);
    QSignalSpy done(&projector, &ApplyDialog::runFinished);
    projector.diffNow();
    QVERIFY(done.count() > 0 || done.wait(10000));
    QCOMPARE(projector.results().size(),
             4);  // (a new object's dry run gets its own uid and IP each time)
    projector.findChild<QTableWidget*>(QStringLiteral("applyResults"))->setCurrentCell(1, 2);
    QTest::qWait(50);
    const QString big = QDir::temp().filePath(QStringLiteral("apply-dialog-diff-projector.png"));
    QVERIFY(projector.grab().save(big));
    qInfo("screenshot: %s", qPrintable(big));
    ui::theme::setFontScale(1.0);
    ui::theme::apply(*qApp, ui::theme::Mode::Light);
}

QTEST_MAIN(ApplyDialogTest)
