// Strategic merge patch on the object model's schema: each case is an original Pod or Node (JSON),
// the patch kubectl sends, and the result kube-apiserver v1.28 stores.
#include <QTest>

#include "api/codec/json.h"
#include "apiserver/strategic_merge_patch.h"
#include "core_v1.pb.h"

using namespace pilothouse;

namespace {
codec::Value json(const char* text) {
    auto v = codec::parseJson(text);
    if (!v) qFatal("bad test JSON: %s", v.status().message().c_str());
    return *v;
}
}  // namespace

class StrategicMergePatchTest : public QObject {
    Q_OBJECT

private slots:
    void podPatches_data() {
        QTest::addColumn<QString>("original");
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("expected");
        const char* pod =
            R"({"metadata":{"name":"p","labels":{"app":"a","tier":"x"},"finalizers":["f1"]},
                "spec":{"containers":[{"name":"a","image":"nginx:1.25","ports":[{"containerPort":80}]},
                                      {"name":"b","image":"busybox"}],
                        "tolerations":[{"key":"k","operator":"Exists"}]}})";
        // kubectl set image: one container's image, the order kept by $setElementOrder.
        QTest::newRow("set image") << pod
            << R"({"spec":{"$setElementOrder/containers":[{"name":"a"},{"name":"b"}],"containers":[{"image":"nginx:1.27","name":"a"}]}})"
            << R"({"metadata":{"name":"p","labels":{"app":"a","tier":"x"},"finalizers":["f1"]},"spec":{"containers":[{"name":"a","image":"nginx:1.27","ports":[{"containerPort":80}]},{"name":"b","image":"busybox"}],"tolerations":[{"key":"k","operator":"Exists"}]}})";
        // A new container is appended; lists without a strategy (tolerations) are replaced.
        QTest::newRow("append and replace") << pod
            << R"({"spec":{"containers":[{"name":"c","image":"redis"}],"tolerations":[{"key":"z","operator":"Exists"}]}})"
            << R"({"metadata":{"name":"p","labels":{"app":"a","tier":"x"},"finalizers":["f1"]},"spec":{"containers":[{"name":"a","image":"nginx:1.25","ports":[{"containerPort":80}]},{"name":"b","image":"busybox"},{"name":"c","image":"redis"}],"tolerations":[{"key":"z","operator":"Exists"}]}})";
        QTest::newRow("delete element") << pod << R"({"spec":{"containers":[{"name":"b","$patch":"delete"}]}})"
            << R"({"metadata":{"name":"p","labels":{"app":"a","tier":"x"},"finalizers":["f1"]},"spec":{"containers":[{"name":"a","image":"nginx:1.25","ports":[{"containerPort":80}]}],"tolerations":[{"key":"k","operator":"Exists"}]}})";
        QTest::newRow("replace list") << pod << R"({"spec":{"containers":[{"$patch":"replace"},{"name":"z","image":"x"}]}})"
            << R"({"metadata":{"name":"p","labels":{"app":"a","tier":"x"},"finalizers":["f1"]},"spec":{"containers":[{"name":"z","image":"x"}],"tolerations":[{"key":"k","operator":"Exists"}]}})";
        // kubectl apply of a changed label, and a removed one (null).
        QTest::newRow("labels") << pod << R"({"metadata":{"labels":{"tier":"web","app":null}}})"
            << R"({"metadata":{"name":"p","labels":{"tier":"web"},"finalizers":["f1"]},"spec":{"containers":[{"name":"a","image":"nginx:1.25","ports":[{"containerPort":80}]},{"name":"b","image":"busybox"}],"tolerations":[{"key":"k","operator":"Exists"}]}})";
        // A list of scalars with the merge strategy is a set.
        QTest::newRow("finalizers union") << pod << R"({"metadata":{"finalizers":["f2","f1"]}})"
            << R"({"metadata":{"name":"p","labels":{"app":"a","tier":"x"},"finalizers":["f1","f2"]},"spec":{"containers":[{"name":"a","image":"nginx:1.25","ports":[{"containerPort":80}]},{"name":"b","image":"busybox"}],"tolerations":[{"key":"k","operator":"Exists"}]}})";
        QTest::newRow("delete from primitive list") << pod << R"({"metadata":{"$deleteFromPrimitiveList/finalizers":["f1"]}})"
            << R"({"metadata":{"name":"p","labels":{"app":"a","tier":"x"},"finalizers":[]},"spec":{"containers":[{"name":"a","image":"nginx:1.25","ports":[{"containerPort":80}]},{"name":"b","image":"busybox"}],"tolerations":[{"key":"k","operator":"Exists"}]}})";
        QTest::newRow("replace map") << pod << R"({"metadata":{"labels":{"$patch":"replace","only":"this"}}})"
            << R"({"metadata":{"name":"p","labels":{"only":"this"},"finalizers":["f1"]},"spec":{"containers":[{"name":"a","image":"nginx:1.25","ports":[{"containerPort":80}]},{"name":"b","image":"busybox"}],"tolerations":[{"key":"k","operator":"Exists"}]}})";
        // A nested list merges inside the merged element (ports by containerPort).
        QTest::newRow("nested merge") << pod << R"({"spec":{"containers":[{"name":"a","ports":[{"containerPort":443}]}]}})"
            << R"({"metadata":{"name":"p","labels":{"app":"a","tier":"x"},"finalizers":["f1"]},"spec":{"containers":[{"name":"a","image":"nginx:1.25","ports":[{"containerPort":80},{"containerPort":443}]},{"name":"b","image":"busybox"}],"tolerations":[{"key":"k","operator":"Exists"}]}})";
    }
    void podPatches() {
        QFETCH(QString, original);
        QFETCH(QString, patch);
        QFETCH(QString, expected);
        auto result = apiserver::applyStrategicMergePatch(json(original.toUtf8().constData()), json(patch.toUtf8().constData()),
                                                          *k8s::io::api::core::v1::Pod::descriptor());
        QVERIFY2(result.isOk(), result.status().message().c_str());
        QCOMPARE(QString::fromStdString(codec::toJson(*result, codec::JsonStyle::Compact)),
                 QString::fromStdString(codec::toJson(json(expected.toUtf8().constData()), codec::JsonStyle::Compact)));
    }

    // kubectl taint and cordon on a Node: the taints list is replaced whole; null clears a field.
    void nodePatches() {
        const auto node = json(R"({"metadata":{"name":"n"},"spec":{"unschedulable":true,"taints":[{"key":"a","effect":"NoSchedule"}]}})");
        auto taint = apiserver::applyStrategicMergePatch(
            node, json(R"({"spec":{"taints":[{"key":"a","effect":"NoSchedule"},{"key":"b","value":"v","effect":"NoExecute"}]}})"),
            *k8s::io::api::core::v1::Node::descriptor());
        QVERIFY(taint.isOk());
        QCOMPARE(taint->find("spec")->find("taints")->size(), size_t(2));
        auto uncordon = apiserver::applyStrategicMergePatch(node, json(R"({"spec":{"unschedulable":null}})"),
                                                            *k8s::io::api::core::v1::Node::descriptor());
        QVERIFY(uncordon.isOk());
        QVERIFY(!uncordon->find("spec")->find("unschedulable"));
    }

    // An element without its merge key: upstream's error text.
    void missingMergeKey() {
        auto result = apiserver::applyStrategicMergePatch(json(R"({"spec":{"containers":[]}})"),
                                                          json(R"({"spec":{"containers":[{"image":"nginx"}]}})"),
                                                          *k8s::io::api::core::v1::Pod::descriptor());
        QVERIFY(!result.isOk());
        QCOMPARE(QString::fromStdString(result.status().message()),
                 QStringLiteral("map: map[image:nginx] does not contain declared merge key: name"));
    }
};

QTEST_GUILESS_MAIN(StrategicMergePatchTest)
#include "strategic_merge_patch_test.moc"
