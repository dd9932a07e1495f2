// Two GUIs' clients of one pilothouse-server (a SimulationHost served on loopback, as the server
// binary assembles it) see the same cluster: their informers' objects, the journeys and the
// metrics converge to the server's; a rewind replaces the control plane for both; a dropped
// connection is said, kept, and resumed from the last resourceVersion without listing again.
#include "remote_client_test.h"

#include <QSignalSpy>
#include <QTest>

#include "api/object.h"
#include "api/scheme.h"
#include "client/remote_client.h"
#include "cluster/builtin_scenarios.h"
#include "remote/server.h"
#include "remote/simulation_host.h"
#include "ui_remote/served_simulation.h"

using namespace pilothouse;
using pilothouse::ui::ControlPlaneClient;
using pilothouse::ui::ObjectEvent;
using pilothouse::ui::ObjectPtr;
using pilothouse::ui::RemoteClient;
using ui_remote_test::Served;

namespace {

// What one client's informers hold: "resource/namespace/name" -> resourceVersion.
class Mirror : public QObject {
public:
    Mirror(ControlPlaneClient* client, const QStringList& resources) {
        connect(client, &ControlPlaneClient::objectsListed, this,
                [this](const QString& resource, const QVector<ObjectPtr>& objects, qint64) {
                    ++lists;
                    for (auto it = objects_.begin(); it != objects_.end();)
                        it = it.key().startsWith(resource + QLatin1Char('/')) ? objects_.erase(it) : std::next(it);
                    for (const auto& o : objects) objects_[key(resource, *o)] = version(*o);
                });
        connect(client, &ControlPlaneClient::objectChanged, this, [this](const QString& resource, const ObjectEvent& e) {
            if (e.type == ObjectEvent::Type::Deleted) objects_.remove(key(resource, *e.object));
            else objects_[key(resource, *e.object)] = version(*e.object);
        });
        for (const auto& r : resources) client->watchResource(r);
    }
    const QMap<QString, QString>& objects() const { return objects_; }
    int lists = 0;

private:
    static QString key(const QString& resource, const google::protobuf::Message& o) {
        const auto& m = api::metadata(o);
        return resource + QLatin1Char('/') + QString::fromStdString(m.namespace_() + "/" + m.name());
    }
    static QString version(const google::protobuf::Message& o) {
        return QString::fromStdString(api::metadata(o).resource_version());
    }
    QMap<QString, QString> objects_;
};

const QStringList kResources = {QStringLiteral("pods"), QStringLiteral("nodes"), QStringLiteral("events")};

// The server's objects, read in-process, keyed as Mirror keys them.
QMap<QString, QString> serverObjects(remote::SimulationHost& host) {
    QMap<QString, QString> out;
    host.withCluster([&](cluster::Cluster& c) {
        for (const auto& r : kResources) {
            apiserver::Request list;
            list.verb = "list";
            list.type = api::Scheme::instance().byName(r.toStdString());
            for (const auto& o : c.apiServer().handle(list).items) {
                const auto& m = api::metadata(*o);
                out[r + QLatin1Char('/') + QString::fromStdString(m.namespace_() + "/" + m.name())] =
                    QString::fromStdString(m.resource_version());
            }
        }
    });
    return out;
}

std::unique_ptr<RemoteClient> connectTo(const std::string& address) {
    remote::ConnectOptions o;
    o.address = address;
    auto c = RemoteClient::connect(o);
    if (!c) qFatal("connect: %s", c.status().message().c_str());
    return std::move(*c);
}

}  // namespace

void RemoteClientTest::twoClientsConvergeOnTheServer() {
    Served served("node-failure");
    QVERIFY2(served.error.empty(), served.error.c_str());
    auto a = connectTo(served.server->address());
    auto b = connectTo(served.server->address());
    Mirror ma(a.get(), kResources), mb(b.get(), kResources);
    QTRY_COMPARE_WITH_TIMEOUT(a->connectionState(), ControlPlaneClient::ConnectionState::Connected, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!ma.objects().isEmpty() && ma.objects() == serverObjects(*served.host), 10000);

    // The simulation runs; both follow it.
    QVERIFY(served.runFor(std::chrono::seconds(60)).isOk());
    const auto expected = serverObjects(*served.host);
    QVERIFY(expected.size() > 10);
    QTRY_COMPARE_WITH_TIMEOUT(ma.objects(), expected, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(mb.objects(), expected, 10000);

    // Journeys, metrics, time and revision as the server has them.
    const int64_t lastSeq = served.host->withCluster([](cluster::Cluster& c) { return c.journeys().lastSeq(); });
    QTRY_COMPARE_WITH_TIMEOUT(int64_t(a->journeysSince(0, SIZE_MAX).size()), lastSeq, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(int64_t(b->journeysSince(0, SIZE_MAX).size()), lastSeq, 10000);
    const auto ja = a->journeysSince(lastSeq / 2, 5), jb = b->journeysSince(lastSeq / 2, 5);
    QCOMPARE(ja.size(), size_t(5));
    for (size_t i = 0; i < ja.size(); ++i) {
        QCOMPARE(ja[i].seq, jb[i].seq);
        QCOMPARE(ja[i].pod, jb[i].pod);
        QCOMPARE(ja[i].stage.stage, jb[i].stage.stage);
        QCOMPARE(ja[i].stage.detail, jb[i].stage.detail);
    }
    QTRY_VERIFY_WITH_TIMEOUT(!a->metrics().empty() && a->metrics() == b->metrics(), 10000);
    const int64_t revision = served.host->withCluster([](cluster::Cluster& c) { return c.controlPlane().store().currentRevision(); });
    QTRY_COMPARE_WITH_TIMEOUT(a->currentRevision(), revision, 10000);
    QCOMPARE(a->nowNanos() - a->epochNanos(), qint64(60'000'000'000));
    QVERIFY(a->revisionAt(a->epochNanos() + 1'000'000'000) < revision);
    QVERIFY(!a->watchDeliveries().empty());
}

void RemoteClientTest::rewindReplacesTheControlPlane() {
    Served served("node-failure");
    QVERIFY2(served.error.empty(), served.error.c_str());
    QVERIFY(served.runFor(std::chrono::seconds(60)).isOk());
    auto a = connectTo(served.server->address());
    Mirror ma(a.get(), kResources);
    QTRY_COMPARE_WITH_TIMEOUT(ma.objects(), serverObjects(*served.host), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(a->journeysSince(0, SIZE_MAX).size() > 20, 10000);
    QSignalSpy replaced(a.get(), &ControlPlaneClient::controlPlaneReplaced);

    QVERIFY(served.host->withSession([](cluster::Session& s) { return s.rewindTo(std::chrono::seconds(5)); }).isOk());
    QTRY_COMPARE_WITH_TIMEOUT(replaced.count(), 1, 10000);
    // The watches ended with Expired and listed the new cluster.
    QTRY_COMPARE_WITH_TIMEOUT(ma.objects(), serverObjects(*served.host), 10000);
    const int64_t lastSeq = served.host->withCluster([](cluster::Cluster& c) { return c.journeys().lastSeq(); });
    QTRY_COMPARE_WITH_TIMEOUT(int64_t(a->journeysSince(0, SIZE_MAX).size()), lastSeq, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(a->nowNanos() - a->epochNanos(), qint64(5'000'000'000), 10000);
}

void RemoteClientTest::droppedConnectionResumesWithoutRelisting() {
    Served served("node-failure");
    QVERIFY2(served.error.empty(), served.error.c_str());
    const std::string address = served.server->address();
    auto a = connectTo(address);
    Mirror ma(a.get(), kResources);
    QTRY_COMPARE_WITH_TIMEOUT(ma.objects(), serverObjects(*served.host), 10000);
    const int listsBefore = ma.lists;
    QCOMPARE(listsBefore, kResources.size());

    // The server goes away: the client says so and keeps what it has.
    QSignalSpy states(a.get(), &ControlPlaneClient::connectionStateChanged);
    served.server->shutdown(std::chrono::milliseconds(500));
    served.server.reset();
    QTRY_COMPARE_WITH_TIMEOUT(a->connectionState(), ControlPlaneClient::ConnectionState::Disconnected, 10000);
    QVERIFY(!ma.objects().isEmpty());

    // Meanwhile the simulation goes on; the server comes back on the same address.
    QVERIFY(served.runFor(std::chrono::seconds(30)).isOk());
    served.serve(address);
    QVERIFY2(served.error.empty(), served.error.c_str());
    QTRY_COMPARE_WITH_TIMEOUT(a->connectionState(), ControlPlaneClient::ConnectionState::Connected, 15000);
    QTRY_COMPARE_WITH_TIMEOUT(ma.objects(), serverObjects(*served.host), 15000);
    // Resumed from the last resourceVersion: no informer listed again.
    QCOMPARE(ma.lists, listsBefore);
}

void RemoteClientTest::requestsAndErrors() {
    Served served("single-pod-journey");
    QVERIFY2(served.error.empty(), served.error.c_str());
    auto a = connectTo(served.server->address());
    QObject context;

    // A request that fails carries the API error as it is.
    ui::ApiRequest get;
    get.verb = QStringLiteral("get");
    get.resource = QStringLiteral("pods");
    get.namespace_ = QStringLiteral("default");
    get.name = QStringLiteral("missing");
    std::optional<ui::ApiResult> result;
    a->send(get, &context, [&](const ui::ApiResult& r) { result = r; });
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 10000);
    QCOMPARE(result->status.reason(), std::string("NotFound"));
    QCOMPARE(result->status.message(), std::string("pods \"missing\" not found"));

    // A node's machine fails through the Simulation service.
    std::optional<Status> failed;
    a->controlNode(ControlPlaneClient::NodeControl::Fail, QStringLiteral("no-such-node"), &context,
                   [&](const Status& st) { failed = st; });
    QTRY_VERIFY_WITH_TIMEOUT(failed.has_value(), 10000);
    QVERIFY(!failed->isOk());

    // A bad scheduler configuration is refused with its source named.
    std::optional<Status> configured;
    a->configureScheduler(QStringLiteral("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles: 3\n"),
                          QStringLiteral("bad.yaml"), &context, [&](const Status& st) { configured = st; });
    QTRY_VERIFY_WITH_TIMEOUT(configured.has_value(), 10000);
    QVERIFY(!configured->isOk());
    QVERIFY2(configured->message().find("bad.yaml") != std::string::npos, configured->message().c_str());
}

QTEST_GUILESS_MAIN(RemoteClientTest)
