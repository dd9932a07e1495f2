// Data-driven tests of the validation stage: each row is a small manifest (and, for updates, the
// stored object it replaces), decoded with the manifest codec, defaulted the way the API server's
// defaulting stage does for the fields validation looks at, validated, and compared with the exact
// `field: body` strings kube-apiserver v1.28 reports, in order.
#include <QtTest/QtTest>

#include "api/codec/manifest.h"
#include "apiserver/validation/field_error.h"
#include "apiserver/registry/defaults.h"
#include "apiserver/validation/validation.h"
#include "apps_v1.pb.h"
#include "core_v1.pb.h"
#include "discovery_v1.pb.h"
#include "scheduling_v1.pb.h"

using namespace pilothouse;
using namespace pilothouse::apiserver::validation;
namespace core = k8s::io::api::core::v1;
namespace apps = k8s::io::api::apps::v1;

namespace {

struct Decoded {
    const api::ResourceType* type = nullptr;
    std::unique_ptr<google::protobuf::Message> object;
};

Decoded decode(const QString& yaml, bool defaults) {
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifests(yaml.toStdString(), "test.yaml", &warnings);
    if (!manifests.isOk()) {
        qWarning("decode failed: %s", manifests.status().message().c_str());
        return {};
    }
    for (const auto& w : warnings) qWarning("decode warning: %s", w.c_str());
    if (manifests->size() != 1 || !warnings.empty()) return {};
    Decoded d{(*manifests)[0].type, std::move((*manifests)[0].object)};
    if (d.object && defaults) apiserver::registry::applyDefaults(*d.type, d.object.get());
    return d;
}

QStringList toStrings(const ErrorList& errs) {
    QStringList out;
    for (const auto& e : errs) out << QString::fromStdString(e.toString());
    return out;
}

// Go's strconv.Quote of a DNS-1123 label/subdomain message tail, repeated in many rows.
const QString kLabelMsg =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and "
    "end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const QString kSubdomainMsg =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must "
    "start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const QString kNamePartMsg =
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
    "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const QString kLabelValueMsg =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must "
    "start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used "
    "for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const QString kPodUpdateMsg =
    "spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,"
    "`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing "
    "tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n";

// A valid pod, with a placeholder for extra spec lines and container lines.
QString podYaml(const QString& specExtra = {}, const QString& containerExtra = {}, const QString& meta = {}) {
    return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: default\n" + meta +
           "spec:\n" + specExtra + "  containers:\n  - name: app\n    image: nginx:1.25\n" + containerExtra;
}

QString deployYaml(const QString& specExtra = {}, const QString& selector = "    matchLabels:\n      app: web\n",
                   const QString& labels = "        app: web\n") {
    return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n" + specExtra +
           "  selector:\n" + selector + "  template:\n    metadata:\n      labels:\n" + labels +
           "    spec:\n      containers:\n      - name: app\n        image: nginx\n";
}

}  // namespace

class ValidationTest : public QObject {
    Q_OBJECT

private:
    void columns() {
        QTest::addColumn<QString>("manifest");
        QTest::addColumn<QString>("old");
        QTest::addColumn<QString>("subresource");
        QTest::addColumn<bool>("defaults");
        QTest::addColumn<QStringList>("expected");
    }
    static void row(const char* name, const QString& manifest, const QStringList& expected, const QString& old = {},
                    const QString& sub = {}, bool defaults = true) {
        QTest::newRow(name) << manifest << old << sub << defaults << expected;
    }
    void run() {
        QFETCH(QString, manifest);
        QFETCH(QString, old);
        QFETCH(QString, subresource);
        QFETCH(bool, defaults);
        QFETCH(QStringList, expected);
        Decoded n = decode(manifest, defaults);
        QVERIFY(n.object != nullptr && n.type != nullptr);
        ErrorList errs;
        if (old.isEmpty()) {
            errs = validateCreate(*n.type, *n.object);
        } else {
            Decoded o = decode(old, defaults);
            QVERIFY(o.object != nullptr);
            errs = validateUpdate(*n.type, *n.object, *o.object, subresource.toStdString());
        }
        const QStringList got = toStrings(errs);
        if (got != expected) {
            for (const auto& g : got) qWarning("got:      %s", qPrintable(g));
            for (const auto& e : expected) qWarning("expected: %s", qPrintable(e));
        }
        if (got != expected) for (const auto& g : got) qWarning("got: %s", qPrintable(g));
        QCOMPARE(got, expected);
    }

private slots:
    void fieldErrorRendering();
    void objectMeta_data();
    void objectMeta() { run(); }
    void pod_data();
    void pod() { run(); }
    void podUpdate_data();
    void podUpdate() { run(); }
    void node_data();
    void node() { run(); }
    void namespaceAndService_data();
    void namespaceAndService() { run(); }
    void workloads_data();
    void workloads() { run(); }
    void schedulingAndRbac_data();
    void schedulingAndRbac() { run(); }
    void misc_data();
    void misc() { run(); }
};

void ValidationTest::fieldErrorRendering() {
    QCOMPARE(QString::fromStdString(required("spec.containers[0].image").toString()),
             QString("spec.containers[0].image: Required value"));
    QCOMPARE(QString::fromStdString(required("metadata.name", "name or generateName is required").toString()),
             QString("metadata.name: Required value: name or generateName is required"));
    QCOMPARE(QString::fromStdString(forbidden("spec", "nope").toString()), QString("spec: Forbidden: nope"));
    QCOMPARE(QString::fromStdString(invalid("x", quote("a\"b\n"), "bad").toString()),
             QString("x: Invalid value: \"a\\\"b\\n\": bad"));
    QCOMPARE(QString::fromStdString(invalid("x", "-1", "").toString()), QString("x: Invalid value: -1"));
    QCOMPARE(QString::fromStdString(notSupported("spec.restartPolicy", quote("Sometimes"), {"Always", "OnFailure", "Never"}).toString()),
             QString("spec.restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\""));
    QCOMPARE(QString::fromStdString(duplicate("a[1]", quote("x")).toString()), QString("a[1]: Duplicate value: \"x\""));
    QCOMPARE(QString::fromStdString(tooLong("metadata.annotations", quote("big"), 262144).toString()),
             QString("metadata.annotations: Too long: must have at most 262144 bytes"));
    QCOMPARE(QString::fromStdString(notFound("v[0].name", quote("data")).toString()), QString("v[0].name: Not found: \"data\""));
    QCOMPARE(QString::fromStdString(required("a").causeType()), QString("FieldValueRequired"));
    QCOMPARE(QString::fromStdString(notSupported("a", "\"\"", {}).causeType()), QString("FieldValueNotSupported"));
    QCOMPARE(QString::fromStdString(invalid("a", "1", "d").errorBody()), QString("Invalid value: 1: d"));
    QCOMPARE(QString::fromStdString(quote("tab\there\x01\xc3\xa9")), QString::fromUtf8("\"tab\\there\\x01\xc3\xa9\""));
}

void ValidationTest::objectMeta_data() {
    columns();
    row("valid pod", podYaml(), {});
    row("name required",
        "apiVersion: v1\nkind: Pod\nmetadata:\n  namespace: default\nspec:\n  containers:\n  - name: a\n    image: b\n",
        {"metadata.name: Required value: name or generateName is required"});
    row("name not a subdomain", QString(podYaml()).replace("name: web", "name: Web_1"),
        {"metadata.name: Invalid value: \"Web_1\": " + kSubdomainMsg});
    row("generateName checked with trailing dash masked",
        QString(podYaml()).replace("  name: web\n", "  name: web-x1\n  generateName: Web-\n"),
        {"metadata.generateName: Invalid value: \"Web-\": " + kSubdomainMsg});
    row("namespace required",
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: a\n    image: b\n",
        {"metadata.namespace: Required value"});
    row("namespace must be a label", QString(podYaml()).replace("namespace: default", "namespace: my.ns"),
        {"metadata.namespace: Invalid value: \"my.ns\": " + kLabelMsg});
    row("namespace not allowed on cluster-scoped kinds",
        "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n  namespace: default\n",
        {"metadata.namespace: Forbidden: not allowed on this type"});
    row("label key and value", podYaml({}, {}, "  labels:\n    \"bad key\": \"-x\"\n"),
        {"metadata.labels: Invalid value: \"bad key\": " + kNamePartMsg,
         "metadata.labels: Invalid value: \"-x\": " + kLabelValueMsg});
    row("label key prefix", podYaml({}, {}, "  labels:\n    Example.COM/app: web\n"),
        {"metadata.labels: Invalid value: \"Example.COM/app\": prefix part " + kSubdomainMsg});
    row("label key too many slashes", podYaml({}, {}, "  labels:\n    a/b/c: x\n"),
        {"metadata.labels: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', "
         "'_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or "
         "'123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS "
         "subdomain prefix and '/' (e.g. 'example.com/MyName')"});
    row("label value too long", podYaml({}, {}, "  labels:\n    app: " + QString(64, 'a') + "\n"),
        {"metadata.labels: Invalid value: \"" + QString(64, 'a') + "\": must be no more than 63 characters"});
    row("annotation key is case-insensitive but must be qualified",
        podYaml({}, {}, "  annotations:\n    Example.com/OK: x\n    \"/x\": y\n"),
        {"metadata.annotations: Invalid value: \"/x\": prefix part must be non-empty"});
    row("finalizers", podYaml({}, {}, "  finalizers:\n  - custom\n  - example.com/ok\n"),
        {"metadata.finalizers[0]: Invalid value: \"custom\": name is neither a standard finalizer name nor is it fully qualified"});
    row("orphan and foreground", podYaml({}, {}, "  finalizers:\n  - orphan\n  - foregroundDeletion\n"),
        {"metadata.finalizers: Invalid value: []string{\"orphan\", \"foregroundDeletion\"}: finalizer orphan and "
         "foregroundDeletion cannot be both set"});
    row("owner reference", podYaml({}, {}, "  ownerReferences:\n  - apiVersion: \"\"\n    kind: ReplicaSet\n    name: rs\n    uid: \"\"\n"),
        {"metadata.ownerReferences.apiVersion: Invalid value: \"\": version must not be empty",
         "metadata.ownerReferences.uid: Invalid value: \"\": must not be empty"});
    row("name immutable on update", podYaml(), {"metadata.name: Invalid value: \"web\": field is immutable"},
        QString(podYaml()).replace("name: web\n  namespace", "name: web2\n  namespace"));
}

void ValidationTest::pod_data() {
    columns();
    row("no containers",
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: default\nspec:\n  containers: []\n",
        {"spec.containers: Required value"});
    row("image required", podYaml({}, {}).replace("    image: nginx:1.25\n", ""), {"spec.containers[0].image: Required value"});
    row("image whitespace", QString(podYaml()).replace("image: nginx:1.25", "image: \" nginx\""),
        {"spec.containers[0].image: Invalid value: \" nginx\": must not have leading or trailing whitespace"});
    row("container name", QString(podYaml()).replace("name: app", "name: App_1"),
        {"spec.containers[0].name: Invalid value: \"App_1\": " + kLabelMsg});
    row("container name required", QString(podYaml()).replace("- name: app", "- name: \"\""),
        {"spec.containers[0].name: Required value"});
    row("duplicate container names", podYaml({}, "  - name: app\n    image: redis\n"),
        {"spec.containers[1].name: Duplicate value: \"app\""});
    row("init container name collides with container",
        podYaml("  initContainers:\n  - name: app\n    image: busybox\n"),
        {"spec.initContainers[0].name: Duplicate value: \"app\""});
    row("init container probes forbidden",
        podYaml("  initContainers:\n  - name: init\n    image: busybox\n    readinessProbe:\n      exec:\n        command: [\"true\"]\n"),
        {"spec.initContainers[0].readinessProbe: Forbidden: may not be set for init containers"});
    row("ports", podYaml({}, "    ports:\n    - containerPort: 70000\n      hostPort: -1\n      protocol: HTTP\n      name: Web\n    - containerPort: 0\n"),
        {"spec.containers[0].ports[0].name: Invalid value: \"Web\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)",
         "spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive",
         "spec.containers[0].ports[0].hostPort: Invalid value: -1: must be between 1 and 65535, inclusive",
         "spec.containers[0].ports[0].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\"",
         "spec.containers[0].ports[1].containerPort: Required value"});
    row("port names unique", podYaml({}, "    ports:\n    - containerPort: 80\n      name: http\n    - containerPort: 81\n      name: http\n"),
        {"spec.containers[0].ports[1].name: Duplicate value: \"http\""});
    row("host ports conflict across containers",
        podYaml({}, "    ports:\n    - containerPort: 80\n      hostPort: 8080\n  - name: side\n    image: x\n    ports:\n    - containerPort: 81\n      hostPort: 8080\n"),
        {"spec.containers[1].ports[0].hostPort: Duplicate value: \"TCP//8080\""});
    row("requests above limits", podYaml({}, "    resources:\n      requests:\n        cpu: \"2\"\n      limits:\n        cpu: \"1\"\n"),
        {"spec.containers[0].resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1"});
    row("memory request above limit", podYaml({}, "    resources:\n      requests:\n        memory: 1Gi\n      limits:\n        memory: 512Mi\n"),
        {"spec.containers[0].resources.requests: Invalid value: \"1Gi\": must be less than or equal to memory limit of 512Mi"});
    row("negative quantity", podYaml({}, "    resources:\n      requests:\n        cpu: \"-100m\"\n"),
        {"spec.containers[0].resources.requests[cpu]: Invalid value: \"-100m\": must be greater than or equal to 0"});
    row("resource names", podYaml({}, "    resources:\n      limits:\n        gpu: \"1\"\n        example.com/foo_bar: \"1\"\n        requests.example.com/gpu: \"1\"\n"),
        {"spec.containers[0].resources.limits[gpu]: Invalid value: \"gpu\": must be a standard resource type or fully qualified",
         "spec.containers[0].resources.limits[gpu]: Invalid value: \"gpu\": must be a standard resource for containers",
         "spec.containers[0].resources.limits[requests.example.com/gpu]: Invalid value: \"requests.example.com/gpu\": doesn't follow extended resource name standard",
         // Defaulting copied the limits into requests, so the API server reports them twice.
         "spec.containers[0].resources.requests[gpu]: Invalid value: \"gpu\": must be a standard resource type or fully qualified",
         "spec.containers[0].resources.requests[gpu]: Invalid value: \"gpu\": must be a standard resource for containers",
         "spec.containers[0].resources.requests[requests.example.com/gpu]: Invalid value: \"requests.example.com/gpu\": doesn't follow extended resource name standard"});
    row("extended resource needs limit and integer",
        podYaml({}, "    resources:\n      requests:\n        example.com/gpu: 500m\n"),
        {"spec.containers[0].resources.requests[example.com/gpu]: Invalid value: resource.Quantity{i:resource.int64Amount{value:500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"500m\", Format:\"DecimalSI\"}: must be an integer",
         "spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources"});
    row("extended resource request must equal limit",
        podYaml({}, "    resources:\n      requests:\n        example.com/gpu: \"1\"\n      limits:\n        example.com/gpu: \"2\"\n"),
        {"spec.containers[0].resources.requests: Invalid value: \"1\": must be equal to example.com/gpu limit of 2"});
    row("hugepages need cpu or memory and whole pages",
        podYaml({}, "    resources:\n      limits:\n        hugepages-2Mi: 3Mi\n"),
        {"spec.containers[0].resources.limits[hugepages-2Mi]: Invalid value: \"3Mi\": 3Mi is not positive integer multiple of hugepages-2Mi",
         "spec.containers[0].resources.requests[hugepages-2Mi]: Invalid value: \"3Mi\": 3Mi is not positive integer multiple of hugepages-2Mi",
         "spec.containers[0].resources: Forbidden: HugePages require cpu or memory"});
    row("restartPolicy and dnsPolicy", podYaml("  restartPolicy: Sometimes\n  dnsPolicy: Google\n"),
        {"spec.restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\"",
         "spec.dnsPolicy: Unsupported value: \"Google\": supported values: \"ClusterFirstWithHostNet\", \"ClusterFirst\", \"Default\", \"None\""});
    row("defaulted fields are required when absent", podYaml(), {"spec.containers[0].terminationMessagePolicy: Required value",
                                                             "spec.containers[0].imagePullPolicy: Required value",
                                                             "spec.restartPolicy: Required value",
                                                             "spec.dnsPolicy: Required value"}, {}, {}, false);
    row("imagePullPolicy and terminationMessagePolicy",
        podYaml({}, "    imagePullPolicy: Sometimes\n    terminationMessagePolicy: Logs\n"),
        {"spec.containers[0].terminationMessagePolicy: Unsupported value: \"Logs\": supported values: \"File\", \"FallbackToLogsOnError\"",
         "spec.containers[0].imagePullPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\""});
    row("probes", podYaml({}, "    livenessProbe:\n      successThreshold: 2\n      initialDelaySeconds: -1\n    readinessProbe:\n      httpGet:\n        port: 0\n      terminationGracePeriodSeconds: 5\n    startupProbe:\n      exec:\n        command: [\"true\"]\n      tcpSocket:\n        port: http\n"),
        {"spec.containers[0].livenessProbe: Required value: must specify a handler type",
         "spec.containers[0].livenessProbe.initialDelaySeconds: Invalid value: -1: must be greater than or equal to 0",
         "spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1",
         "spec.containers[0].readinessProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive",
         "spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 5: must not be set for readinessProbes",
         "spec.containers[0].startupProbe.tcpSocket: Forbidden: may not specify more than 1 handler type"});
    row("env", podYaml({}, "    env:\n    - name: 1BAD\n    - name: OK\n      value: x\n      valueFrom:\n        fieldRef:\n          fieldPath: spec.nodeName\n    - name: NODE\n      valueFrom:\n        fieldRef:\n          fieldPath: status.phase\n"),
        {"spec.containers[0].env[0].name: Invalid value: \"1BAD\": a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')",
         "spec.containers[0].env[1].valueFrom: Invalid value: \"\": may not be specified when `value` is not empty",
         "spec.containers[0].env[2].valueFrom.fieldRef.fieldPath: Unsupported value: \"status.phase\": supported values: \"metadata.name\", \"metadata.namespace\", \"metadata.uid\", \"spec.nodeName\", \"spec.serviceAccountName\", \"status.hostIP\", \"status.podIP\", \"status.podIPs\""});
    row("volumes and mounts",
        podYaml("  volumes:\n  - name: data\n    emptyDir: {}\n  - name: data\n    emptyDir: {}\n  - name: Bad\n  - name: cfg\n    configMap:\n      name: \"\"\n", "    volumeMounts:\n    - name: missing\n      mountPath: /a\n    - name: data\n      mountPath: /a\n"),
        {"spec.volumes[1].name: Duplicate value: \"data\"",
         "spec.volumes[2]: Required value: must specify a volume type",
         "spec.volumes[2].name: Invalid value: \"Bad\": " + kLabelMsg,
         "spec.volumes[3].configMap.name: Required value",
         "spec.containers[0].volumeMounts[0].name: Not found: \"missing\"",
         "spec.containers[0].volumeMounts[1].mountPath: Invalid value: \"/a\": must be unique"});
    row("nodeSelector labels", podYaml("  nodeSelector:\n    disk: \"ssd!\"\n"),
        {"spec.nodeSelector: Invalid value: \"ssd!\": " + kLabelValueMsg});
    row("node affinity",
        podYaml("  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms:\n        - matchExpressions:\n          - key: zone\n            operator: In\n          - key: gpu\n            operator: Exists\n            values: [\"x\"]\n          - key: cores\n            operator: Gt\n            values: [\"1\", \"2\"]\n          - key: a\n            operator: Near\n          matchFields:\n          - key: metadata.labels\n            operator: In\n            values: [n1]\n      preferredDuringSchedulingIgnoredDuringExecution:\n      - weight: 0\n        preference: {}\n"),
        {"spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
         "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
         "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[2].values: Required value: must be specified single value when `operator` is 'Lt' or 'Gt'",
         "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[3].operator: Invalid value: \"Near\": not a valid selector operator",
         "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].key: Invalid value: \"metadata.labels\": not a valid field selector key",
         "spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100"});
    row("empty node selector terms",
        podYaml("  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms: []\n"),
        {"spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term"});
    row("pod affinity topologyKey and selector",
        podYaml("  affinity:\n    podAntiAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n      - labelSelector:\n          matchExpressions:\n          - key: app\n            operator: In\n        topologyKey: \"\"\n"),
        {"spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
         "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty",
         "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: \"\": name part must be non-empty",
         "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: \"\": " + kNamePartMsg});
    row("tolerations",
        podYaml("  tolerations:\n  - operator: Equal\n    value: x\n  - key: k\n    operator: Exists\n    value: v\n    effect: NoSchedule\n  - key: k\n    effect: NoSchedule\n    tolerationSeconds: 30\n  - key: k\n    operator: Maybe\n    effect: Sometimes\n  - key: k\n    value: \"bad value\"\n"),
        {"spec.tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` is empty, which means \"match all values and all keys\"",
         "spec.tolerations[1].operator: Invalid value: core.Toleration{Key:\"k\", Operator:\"Exists\", Value:\"v\", Effect:\"NoSchedule\", TolerationSeconds:(*int64)(nil)}: value must be empty when `operator` is 'Exists'",
         "spec.tolerations[2].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
         "spec.tolerations[3].operator: Unsupported value: \"Maybe\": supported values: \"Equal\", \"Exists\"",
         "spec.tolerations[3].effect: Unsupported value: \"Sometimes\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\"",
         "spec.tolerations[4].operator: Invalid value: \"bad value\": " + kLabelValueMsg});
    row("valid tolerations", podYaml("  tolerations:\n  - operator: Exists\n  - key: node.kubernetes.io/not-ready\n    operator: Exists\n    effect: NoExecute\n    tolerationSeconds: 300\n"), {});
    row("topology spread constraints",
        podYaml("  topologySpreadConstraints:\n  - maxSkew: 0\n    topologyKey: zone\n    whenUnsatisfiable: ScheduleAnyway\n    minDomains: 2\n    nodeAffinityPolicy: Maybe\n    matchLabelKeys: [app]\n  - maxSkew: 1\n    topologyKey: zone\n    whenUnsatisfiable: ScheduleAnyway\n  - maxSkew: 1\n    topologyKey: \"\"\n    whenUnsatisfiable: Never\n    nodeTaintsPolicy: Honor\n    labelSelector:\n      matchLabels:\n        app: web\n    matchLabelKeys: [app]\n"),
        {"spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero",
         "spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: \"{zone, ScheduleAnyway}\"",
         "spec.topologySpreadConstraints[0].minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway",
         "spec.topologySpreadConstraints[0].nodeAffinityPolicy: Unsupported value: \"Maybe\": supported values: \"Honor\", \"Ignore\"",
         "spec.topologySpreadConstraints[0].matchLabelKeys: Forbidden: must not be specified when labelSelector is not set",
         "spec.topologySpreadConstraints[2].topologyKey: Required value: can not be empty",
         "spec.topologySpreadConstraints[2].whenUnsatisfiable: Unsupported value: \"Never\": supported values: \"DoNotSchedule\", \"ScheduleAnyway\"",
         "spec.topologySpreadConstraints[2].matchLabelKeys[0]: Invalid value: \"app\": exists in both matchLabelKeys and labelSelector"});
    row("names and deadlines",
        podYaml("  priorityClassName: High\n  nodeName: Node_1\n  serviceAccountName: \"sa!\"\n  activeDeadlineSeconds: 0\n  hostname: a.b\n  preemptionPolicy: Sometimes\n"),
        {"spec.serviceAccountName: Invalid value: \"sa!\": " + kSubdomainMsg,
         "spec.nodeName: Invalid value: \"Node_1\": " + kSubdomainMsg,
         "spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive",
         "spec.hostname: Invalid value: \"a.b\": " + kLabelMsg,
         "spec.priorityClassName: Invalid value: \"High\": " + kSubdomainMsg,
         "spec.preemptionPolicy: Unsupported value: \"Sometimes\": supported values: \"PreemptLowerPriority\", \"Never\""});
    row("scheduling gates", podYaml("  nodeName: n1\n  schedulingGates:\n  - name: example.com/wait\n  - name: example.com/wait\n  - name: \"bad gate\"\n"),
        {"spec.schedulingGates[1]: Duplicate value: \"example.com/wait\"",
         "spec.schedulingGates[2]: Invalid value: \"bad gate\": " + kNamePartMsg,
         "spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared"});
    row("hostNetwork ports", podYaml("  hostNetwork: true\n", "    ports:\n    - containerPort: 80\n      hostPort: 8080\n"),
        {"spec.containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true"});
    row("security context", podYaml("  securityContext:\n    runAsUser: -1\n    seccompProfile:\n      type: Localhost\n", "    securityContext:\n      privileged: true\n      allowPrivilegeEscalation: false\n"),
        {"spec.containers[0].securityContext: Invalid value: core.SecurityContext{Capabilities:(*core.Capabilities)(nil), Privileged:(*bool)(0xc000010000), SELinuxOptions:(*core.SELinuxOptions)(nil), WindowsOptions:(*core.WindowsSecurityContextOptions)(nil), RunAsUser:(*int64)(nil), RunAsGroup:(*int64)(nil), RunAsNonRoot:(*bool)(nil), ReadOnlyRootFilesystem:(*bool)(nil), AllowPrivilegeEscalation:(*bool)(0xc000010000), ProcMount:(*core.ProcMountType)(nil), SeccompProfile:(*core.SeccompProfile)(nil)}: cannot set `allowPrivilegeEscalation` to false and `privileged` to true",
         "spec.securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive",
         "spec.securityContext.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost"});
    row("os", podYaml("  os:\n    name: plan9\n"), {"spec.os: Unsupported value: \"plan9\": supported values: \"linux\", \"windows\""});
    row("pod deletion cost and mirror annotations",
        podYaml({}, {}, "  annotations:\n    controller.kubernetes.io/pod-deletion-cost: \"+1\"\n    kubernetes.io/config.mirror: x\n"),
        {"metadata.annotations[kubernetes.io/config.mirror]: Invalid value: \"x\": must set spec.nodeName if mirror pod annotation is set",
         "metadata.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: \"+1\": must be a 32bit integer"});
}

void ValidationTest::podUpdate_data() {
    columns();
    row("image may change", QString(podYaml()).replace("nginx:1.25", "nginx:1.26"), {}, podYaml());
    row("env may not change", podYaml({}, "    env:\n    - name: A\n      value: \"2\"\n"),
        {kPodUpdateMsg + "  core.PodSpec{\n- \tContainers[0].Env[0].Value: \"1\",\n+ \tContainers[0].Env[0].Value: \"2\",\n  }\n"},
        podYaml({}, "    env:\n    - name: A\n      value: \"1\"\n"));
    row("containers may not be added", podYaml({}, "  - name: side\n    image: x\n"),
        {"spec.containers: Forbidden: pod updates may not add or remove containers"}, podYaml());
    row("image may not be cleared", QString(podYaml()).replace("    image: nginx:1.25\n", ""),
        {"spec.containers[0].image: Required value"}, podYaml());
    row("tolerations may be added", podYaml("  tolerations:\n  - key: a\n    operator: Exists\n  - key: b\n    operator: Exists\n"), {},
        podYaml("  tolerations:\n  - key: a\n    operator: Exists\n"));
    row("tolerationSeconds may change", podYaml("  tolerations:\n  - key: a\n    operator: Exists\n    effect: NoExecute\n    tolerationSeconds: 10\n"), {},
        podYaml("  tolerations:\n  - key: a\n    operator: Exists\n    effect: NoExecute\n    tolerationSeconds: 60\n"));
    row("tolerations may not be modified", podYaml("  tolerations:\n  - key: b\n    operator: Exists\n"),
        {"spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds"},
        podYaml("  tolerations:\n  - key: a\n    operator: Exists\n"));
    row("scheduling gates may only be removed", podYaml("  schedulingGates:\n  - name: a\n  - name: b\n"),
        {"spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'b'"},
        podYaml("  schedulingGates:\n  - name: a\n"));
    row("scheduling gate removal", podYaml(), {}, podYaml("  schedulingGates:\n  - name: a\n"));
    row("gated pod may gain node selector", podYaml("  schedulingGates:\n  - name: a\n  nodeSelector:\n    disk: ssd\n"), {},
        podYaml("  schedulingGates:\n  - name: a\n"));
    row("ungated pod may not gain node selector", podYaml("  nodeSelector:\n    disk: ssd\n"),
        {kPodUpdateMsg + "  core.PodSpec{\n+ \tNodeSelector[\"disk\"]: \"ssd\",\n  }\n"}, podYaml());
    row("activeDeadlineSeconds may only shrink", podYaml("  activeDeadlineSeconds: 100\n"),
        {"spec.activeDeadlineSeconds: Invalid value: 100: must be less than or equal to previous value"},
        podYaml("  activeDeadlineSeconds: 50\n"));
    row("activeDeadlineSeconds may not be removed", podYaml(),
        {"spec.activeDeadlineSeconds: Invalid value: null: must not update from a positive integer to nil value"},
        podYaml("  activeDeadlineSeconds: 50\n"));
    row("status: nodeName and conditions",
        podYaml("  nodeName: n2\n") + "status:\n  conditions:\n  - type: \"bad type\"\n    status: \"True\"\n  - type: Ready\n    status: \"True\"\n  podIPs:\n  - ip: 10.0.0.300\n",
        {"metadata.conditions[0].Type: Invalid value: \"bad type\": " + kNamePartMsg,
         "status.nodeName: Forbidden: may not be changed directly",
         "status.podIPs[0]: Invalid value: \"10.0.0.300\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"},
        podYaml("  nodeName: n1\n"), "status");
    row("status: terminated containers stay terminated",
        podYaml("  restartPolicy: Never\n") + "status:\n  containerStatuses:\n  - name: app\n    state:\n      running: {}\n",
        {"status.containerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state"},
        podYaml("  restartPolicy: Never\n") + "status:\n  containerStatuses:\n  - name: app\n    state:\n      terminated:\n        exitCode: 0\n", "status");
    row("binding target", "apiVersion: v1\nkind: Binding\nmetadata:\n  name: web\n  namespace: default\ntarget:\n  kind: Pod\n",
        {"target.kind: Unsupported value: \"Pod\": supported values: \"Node\", \"<empty>\"", "target.name: Required value"});
    row("binding valid", "apiVersion: v1\nkind: Binding\nmetadata:\n  name: web\n  namespace: default\ntarget:\n  kind: Node\n  name: n1\n", {});
}

void ValidationTest::node_data() {
    columns();
    const QString node = "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n";
    row("valid node", node + "spec:\n  podCIDR: 10.244.1.0/24\n  taints:\n  - key: dedicated\n    value: gpu\n    effect: NoSchedule\nstatus:\n  capacity:\n    cpu: \"4\"\n    pods: \"110\"\n", {});
    row("taints",
        node + "spec:\n  taints:\n  - key: dedicated\n    effect: NoSchedule\n  - key: dedicated\n    value: other\n    effect: NoSchedule\n  - key: \"bad key\"\n    value: \"-\"\n    effect: Sometimes\n  - key: k\n",
        {"metadata.taints[1]: Duplicate value: core.Taint{Key:\"dedicated\", Value:\"other\", Effect:\"NoSchedule\", TimeAdded:(*v1.Time)(nil)}: taints must be unique by key and effect pair",
         "metadata.taints[2].key: Invalid value: \"bad key\": " + kNamePartMsg,
         "metadata.taints[2].value: Invalid value: \"-\": " + kLabelValueMsg,
         "metadata.taints[2].effect: Unsupported value: \"Sometimes\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\"",
         "metadata.taints[3].effect: Required value"});
    row("podCIDRs", node + "spec:\n  podCIDRs: [10.0.0.0/24, 10.1.0.0/24, nope]\n",
        {"spec.podCIDRs[2]: Invalid value: []string{\"10.0.0.0/24\", \"10.1.0.0/24\", \"nope\"}: must be valid CIDR",
         "spec.podCIDRs: Internal error: invalid PodCIDRs. failed to check with dual stack with error:invalid CIDR address: nope",
         "spec.podCIDRs: Invalid value: []string{\"10.0.0.0/24\", \"10.1.0.0/24\", \"nope\"}: may specify no more than one CIDR for each IP family"});
    row("capacity", node + "status:\n  capacity:\n    cpu: \"-1\"\n    pods: 1500m\n",
        {"status.capacity.cpu: Invalid value: \"-1\": must be greater than or equal to 0",
         "status.capacity.pods: Invalid value: resource.Quantity{i:resource.int64Amount{value:1500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"1500m\", Format:\"DecimalSI\"}: must be an integer",
         // allocatable defaults to capacity
         "status.allocatable.cpu: Invalid value: \"-1\": must be greater than or equal to 0",
         "status.allocatable.pods: Invalid value: resource.Quantity{i:resource.int64Amount{value:1500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"1500m\", Format:\"DecimalSI\"}: must be an integer"});
    row("podCIDR may only be set once", node + "spec:\n  podCIDR: 10.0.1.0/24\n",
        {"spec.podCIDRs: Forbidden: node updates may not change podCIDR except from \"\" to valid"},
        node + "spec:\n  podCIDR: 10.0.0.0/24\n");
    row("podCIDR may be assigned", node + "spec:\n  podCIDR: 10.0.1.0/24\n", {}, node);
    row("providerID and taints on update", node + "spec:\n  providerID: b\n  unschedulable: true\n  taints:\n  - key: k\n    effect: Never\n",
        {"metadata.taints[0].effect: Unsupported value: \"Never\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\"",
         "spec.providerID: Forbidden: node updates may not change providerID except from \"\" to valid"},
        node + "spec:\n  providerID: a\n");
    row("status update duplicate addresses",
        node + "status:\n  addresses:\n  - type: InternalIP\n    address: 10.0.0.1\n  - type: InternalIP\n    address: 10.0.0.1\n",
        {"status.addresses[1]: Duplicate value: core.NodeAddress{Type:\"InternalIP\", Address:\"10.0.0.1\"}"}, node, "status");
}

void ValidationTest::namespaceAndService_data() {
    columns();
    row("namespace name is a label", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team.a\n",
        {"metadata.name: Invalid value: \"team.a\": " + kLabelMsg});
    row("namespace finalizers", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\nspec:\n  finalizers: [kubernetes, custom]\n",
        {"spec.finalizers: Invalid value: \"custom\": name is neither a standard finalizer name nor is it fully qualified"});
    row("namespace status phase", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\nstatus:\n  phase: Terminating\n",
        {"status.Phase: Invalid value: \"Terminating\": may only be 'Active' if `deletionTimestamp` is empty"},
        "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n", "status");
    const QString svc = "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: default\nspec:\n";
    row("valid service", svc + "  selector:\n    app: web\n  ports:\n  - port: 80\n    targetPort: http\n", {});
    row("service name is a DNS-1035 label",
        "apiVersion: v1\nkind: Service\nmetadata:\n  name: 1web\n  namespace: default\nspec:\n  ports:\n  - port: 80\n",
        {"metadata.name: Invalid value: \"1web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"});
    row("ports required", svc + "  selector:\n    app: web\n", {"spec.ports: Required value"});
    row("headless service needs no ports", svc + "  clusterIP: None\n", {});
    row("ports", svc + "  ports:\n  - port: 80\n    protocol: HTTP\n  - name: b\n    port: 0\n    targetPort: \"http_1\"\n  - name: b\n    port: 80\n    nodePort: 30080\n  - name: c\n    port: 80\n",
        {"spec.ports[0].name: Required value",
         "spec.ports[0].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\"",
         "spec.ports[1].port: Invalid value: 0: must be between 1 and 65535, inclusive",
         "spec.ports[1].targetPort: Invalid value: \"http_1\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)",
         "spec.ports[2].name: Duplicate value: \"b\"",
         "spec.ports[2].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'",
         "spec.ports[3]: Duplicate value: core.ServicePort{Name:\"\", Protocol:\"TCP\", AppProtocol:(*string)(nil), Port:80, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:\"\"}, NodePort:0}"});
    row("type and clusterIP", svc + "  type: Internal\n  clusterIP: 10.0.0.300\n  ports:\n  - port: 80\n",
        {"spec.clusterIPs[0]: Invalid value: \"10.0.0.300\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
         "spec.type: Unsupported value: \"Internal\": supported values: \"ClusterIP\", \"ExternalName\", \"LoadBalancer\", \"NodePort\""});
    row("ExternalName", svc + "  type: ExternalName\n", {"spec.externalName: Required value"});
    row("selector labels and external IPs", svc + "  selector:\n    app: \"a b\"\n  externalIPs: [127.0.0.1]\n  ports:\n  - port: 80\n",
        {"spec.selector: Invalid value: \"a b\": " + kLabelValueMsg,
         "spec.externalIPs[0]: Invalid value: \"127.0.0.1\": may not be in the loopback range (127.0.0.0/8, ::1/128)"});
    row("NodePort duplicates and traffic policy", svc + "  type: NodePort\n  externalTrafficPolicy: Nearby\n  ports:\n  - name: a\n    port: 80\n    nodePort: 30000\n  - name: b\n    port: 81\n    nodePort: 30000\n",
        {"spec.ports[1].nodePort: Duplicate value: 30000",
         "spec.externalTrafficPolicy: Unsupported value: \"Nearby\": supported values: \"Cluster\", \"Local\""});
    row("clusterIP may not change", svc + "  clusterIP: 10.96.0.2\n  ports:\n  - port: 80\n",
        {"spec.clusterIPs[0]: Invalid value: []string{\"10.96.0.2\"}: may not change once set"},
        svc + "  clusterIP: 10.96.0.1\n  ports:\n  - port: 80\n");
    row("allocated clusterIP is kept", svc + "  ports:\n  - port: 81\n", {}, svc + "  clusterIP: 10.96.0.1\n  ports:\n  - port: 80\n");
}

void ValidationTest::workloads_data() {
    columns();
    row("valid deployment", deployYaml(), {});
    row("selector required", deployYaml().replace("  selector:\n    matchLabels:\n      app: web\n", ""),
        {"spec.selector: Required value",
         "spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"web\"}: `selector` does not match template `labels`"});
    row("selector must match template", deployYaml({}, "    matchLabels:\n      app: api\n"),
        {"spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"web\"}: `selector` does not match template `labels`"});
    row("empty selector", deployYaml({}, "    matchLabels: {}\n"),
        {"spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment"});
    row("replicas and strategy", deployYaml("  replicas: -1\n  strategy:\n    rollingUpdate:\n      maxSurge: 0\n      maxUnavailable: 0\n"),
        {"spec.replicas: Invalid value: -1: must be greater than or equal to 0",
         "spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:\"\"}: may not be 0 when `maxSurge` is 0"});
    row("percentages", deployYaml("  strategy:\n    rollingUpdate:\n      maxSurge: abc\n      maxUnavailable: 150%\n"),
        {"spec.strategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:\"abc\"}: a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
         "spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:\"150%\"}: must not be greater than 100%"});
    row("recreate with rollingUpdate", deployYaml("  strategy:\n    type: Recreate\n    rollingUpdate:\n      maxSurge: 1\n"),
        {"spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"});
    row("strategy type", deployYaml("  strategy:\n    type: BlueGreen\n"),
        {"spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:\"BlueGreen\", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: \"Recreate\", \"RollingUpdate\""});
    row("template restartPolicy and containers", deployYaml().replace("    spec:\n", "    spec:\n      restartPolicy: Never\n").replace("        image: nginx\n", ""),
        {"spec.template.spec.containers[0].image: Required value",
         "spec.template.spec.restartPolicy: Unsupported value: \"Never\": supported values: \"Always\""});
    row("progressDeadlineSeconds", deployYaml("  minReadySeconds: 10\n  progressDeadlineSeconds: 10\n"),
        {"spec.progressDeadlineSeconds: Invalid value: 10: must be greater than minReadySeconds"});
    row("selector is immutable", deployYaml({}, "    matchLabels:\n      app: web\n      tier: fe\n", "        app: web\n        tier: fe\n"),
        {"spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{\"app\":\"web\", \"tier\":\"fe\"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable"},
        deployYaml());
    row("template may change", deployYaml().replace("image: nginx", "image: nginx:2"), {}, deployYaml());
    const QString rs = "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata:\n  name: rs\n  namespace: default\nspec:\n  selector:\n    matchExpressions:\n    - key: app\n      operator: In\n      values: [web]\n  template:\n    metadata:\n      labels:\n        app: other\n    spec:\n      containers:\n      - name: a\n        image: b\n";
    row("replicaset selector expressions", rs,
        {"spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"other\"}: `selector` does not match template `labels`"});
    const QString ss = "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db.x\n  namespace: default\nspec:\n  serviceName: db\n  podManagementPolicy: Sometimes\n  selector:\n    matchLabels:\n      app: db\n  template:\n    metadata:\n      labels:\n        app: db\n    spec:\n      containers:\n      - name: a\n        image: b\n";
    row("statefulset", ss,
        {"metadata.name: Invalid value: \"db.x\": " + kLabelMsg,
         "spec.podManagementPolicy: Invalid value: \"Sometimes\": must be 'OrderedReady' or 'Parallel'"});
    row("statefulset spec update forbidden", QString(ss).replace("db.x", "db").replace("Sometimes", "Parallel").replace("serviceName: db", "serviceName: db2"),
        {"spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"},
        QString(ss).replace("db.x", "db").replace("Sometimes", "Parallel"));
    row("statefulset replicas may change", QString(ss).replace("db.x", "db").replace("Sometimes", "Parallel").replace("  serviceName", "  replicas: 5\n  serviceName"), {},
        QString(ss).replace("db.x", "db").replace("Sometimes", "Parallel"));
    const QString ds = "apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\n  namespace: default\nspec:\n  template:\n    metadata:\n      labels:\n        app: agent\n    spec:\n      containers:\n      - name: a\n        image: b\n";
    row("daemonset without selector", ds,
        {"spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"agent\"}: `selector` does not match template `labels`"});
    const QString rc = "apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: rc\n  namespace: default\nspec:\n  template:\n    metadata:\n      labels:\n        app: a\n    spec:\n      containers:\n      - name: a\n        image: b\n";
    // Defaulting fills an RC's selector from its template's labels; without defaults the rule shows.
    QString rcDefaulted = rc;
    rcDefaulted.replace("    spec:\n      containers:", "    spec:\n      restartPolicy: Always\n      dnsPolicy: ClusterFirst\n      containers:")
        .replace("        image: b\n", "        image: b\n        imagePullPolicy: IfNotPresent\n        terminationMessagePolicy: File\n");
    row("replicationcontroller selector required", rcDefaulted, {"spec.selector: Required value"}, {}, {}, false);
    row("replicationcontroller selector defaulted", rc, {});
    row("deployment status", deployYaml() + "status:\n  replicas: 1\n  readyReplicas: 2\n",
        {"status.readyReplicas: Invalid value: 2: cannot be greater than status.replicas"},
        deployYaml(), "status");
}

void ValidationTest::schedulingAndRbac_data() {
    columns();
    const QString pc = "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: %1\nvalue: %2\n";
    row("priority class", pc.arg("high").arg(1000), {});
    row("user priority too high", pc.arg("high").arg(1000000001),
        {"value: Forbidden: maximum allowed value of a user defined priority is 1000000000"});
    row("system prefix reserved", pc.arg("system-high").arg(10),
        {"metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-high is not a known system priority class"});
    row("system class value", pc.arg("system-node-critical").arg(10),
        {"metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: value of system-node-critical PriorityClass must be 2000001000"});
    row("system class", pc.arg("system-cluster-critical").arg(2000000000), {});
    row("preemption policy", pc.arg("p").arg(1) + "preemptionPolicy: Always\n",
        {"preemptionPolicy: Unsupported value: \"Always\": supported values: \"PreemptLowerPriority\", \"Never\""});
    row("value is immutable", pc.arg("high").arg(2), {"value: Forbidden: may not be changed in an update."}, pc.arg("high").arg(1));
    const QString role = "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: %1\n  namespace: default\nrules:\n";
    row("role rules", role.arg("reader") + "- apiGroups: [\"\"]\n  resources: [pods]\n  verbs: [get]\n- resources: [pods]\n- verbs: [get]\n  nonResourceURLs: [/healthz]\n",
        {"rules[1].verbs: Required value: verbs must contain at least one value",
         "rules[1].apiGroups: Required value: resource rules must supply at least one api group",
         "rules[2].nonResourceURLs: Invalid value: []string{\"/healthz\"}: namespaced rules cannot apply to non-resource URLs"});
    row("role name is a path segment", role.arg("a/b") + "- apiGroups: [\"\"]\n  resources: [pods]\n  verbs: [get]\n",
        {"metadata.name: Invalid value: \"a/b\": may not contain '/'"});
    row("clusterrole mixes URLs and resources",
        "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: x\nrules:\n- verbs: [get]\n  nonResourceURLs: [/metrics]\n  resources: [pods]\n",
        {"rules[0].nonResourceURLs: Invalid value: []string{\"/metrics\"}: rules cannot apply to both regular resources and non-resource URLs"});
    const QString rb = "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: rb\n  namespace: default\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: %1\n  name: reader\nsubjects:\n";
    row("rolebinding", rb.arg("Role") + "- kind: User\n  name: alice\n- kind: ServiceAccount\n  name: default\n", {});
    row("rolebinding refs and subjects", rb.arg("Pod") + "- kind: Robot\n  name: r\n- kind: ServiceAccount\n  name: \"\"\n  apiGroup: rbac.authorization.k8s.io\n",
        {"roleRef.kind: Unsupported value: \"Pod\": supported values: \"Role\", \"ClusterRole\"",
         "subjects[0].kind: Unsupported value: \"Robot\": supported values: \"ServiceAccount\", \"User\", \"Group\"",
         "subjects[1].name: Required value",
         "subjects[1].apiGroup: Unsupported value: \"rbac.authorization.k8s.io\": supported values: \"\""});
    row("clusterrolebinding needs SA namespace",
        "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: crb\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: Role\n  name: r\nsubjects:\n- kind: ServiceAccount\n  name: sa\n",
        {"roleRef.kind: Unsupported value: \"Role\": supported values: \"ClusterRole\"", "subjects[0].namespace: Required value"});
    row("roleRef is immutable", rb.arg("ClusterRole"),
        {"roleRef: Invalid value: rbac.RoleRef{APIGroup:\"rbac.authorization.k8s.io\", Kind:\"ClusterRole\", Name:\"reader\"}: cannot change roleRef"},
        rb.arg("Role"));
}

void ValidationTest::misc_data() {
    columns();
    row("lease", "apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata:\n  name: n1\n  namespace: kube-node-lease\nspec:\n  leaseDurationSeconds: 0\n  leaseTransitions: -1\n",
        {"spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0",
         "spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0"});
    const QString pdb = "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: %1\n  namespace: default\nspec:\n";
    row("pdb", pdb.arg("p") + "  minAvailable: 150%\n  selector:\n    matchLabels:\n      app: web\n",
        {"spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:\"150%\"}: must not be greater than 100%"});
    row("pdb both set", pdb.arg("p") + "  minAvailable: 1\n  maxUnavailable: -1\n",
        {"spec: Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc000010000), Selector:(*v1.LabelSelector)(nil), MaxUnavailable:(*intstr.IntOrString)(0xc000010000), UnhealthyPodEvictionPolicy:(*policy.UnhealthyPodEvictionPolicyType)(nil)}: minAvailable and maxUnavailable cannot be both set",
         "spec.maxUnavailable: Invalid value: -1: must be greater than or equal to 0"});
    row("pdb name gets the generic check", pdb.arg("a%b") + "  minAvailable: 1\n",
        {"metadata.name: Invalid value: \"a%b\": may not contain '%'"});
    const QString es = "apiVersion: discovery.k8s.io/v1\nkind: EndpointSlice\nmetadata:\n  name: web-abc\n  namespace: default\naddressType: %1\nendpoints:\n%2ports:\n%3";
    row("endpointslice", es.arg("IPv4", "- addresses: [10.0.0.1]\n  conditions:\n    ready: true\n", "- name: http\n  port: 80\n"), {});
    row("endpointslice addresses",
        es.arg("IPv4", "- addresses: [\"::1\", 0.0.0.0]\n- addresses: []\n  hostname: A\n", "- name: http\n  port: 80\n  protocol: ICMP\n- name: http\n  port: 81\n"),
        {"endpoints[0].addresses[0]: Invalid value: \"::1\": must be a valid IPv4 address",
         "endpoints[0].addresses[0]: Invalid value: \"::1\": may not be in the loopback range (127.0.0.0/8, ::1/128)",
         "endpoints[0].addresses[1]: Invalid value: \"0.0.0.0\": may not be unspecified (0.0.0.0)",
         "endpoints[1].addresses: Required value: must contain at least 1 address",
         "endpoints[1].hostname: Invalid value: \"A\": " + kLabelMsg,
         "ports[0].protocol: Unsupported value: \"ICMP\": supported values: \"SCTP\", \"TCP\", \"UDP\"",
         "ports[1].name: Duplicate value: \"http\""});
    row("endpointslice addressType", es.arg("IPX", "", ""),
        {"addressType: Unsupported value: \"IPX\": supported values: \"FQDN\", \"IPv4\", \"IPv6\""});
    const QString ep = "apiVersion: v1\nkind: Endpoints\nmetadata:\n  name: web\n  namespace: default\nsubsets:\n%1";
    row("endpoints", ep.arg("- addresses: [{ip: 10.0.0.1, nodeName: node-a}]\n  notReadyAddresses: [{ip: 10.0.0.2}]\n  ports: [{name: http, port: 80}, {name: https, port: 443}]\n"), {});
    row("endpoints subsets",
        ep.arg("- ports: [{port: 80}]\n- addresses: [{ip: 10.0.0.300, hostname: A}, {ip: 127.0.0.1}]\n  notReadyAddresses: [{ip: 169.254.1.1}]\n  ports: [{port: 0, protocol: ICMP}, {name: b, port: 80}]\n"),
        {"subsets[0]: Required value: must specify `addresses` or `notReadyAddresses`",
         "subsets[1].addresses[0].ip: Invalid value: \"10.0.0.300\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
         "subsets[1].addresses[0].hostname: Invalid value: \"A\": " + kLabelMsg,
         // ValidateNonSpecialIP says it again, in its own words, as upstream does
         "subsets[1].addresses[0].ip: Invalid value: \"10.0.0.300\": must be a valid IP address",
         "subsets[1].addresses[1].ip: Invalid value: \"127.0.0.1\": may not be in the loopback range (127.0.0.0/8, ::1/128)",
         "subsets[1].notReadyAddresses[0].ip: Invalid value: \"169.254.1.1\": may not be in the link-local range (169.254.0.0/16, fe80::/10)",
         "subsets[1].ports[0].name: Required value",
         "subsets[1].ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive",
         "subsets[1].ports[0].protocol: Unsupported value: \"ICMP\": supported values: \"SCTP\", \"TCP\", \"UDP\""});
    const QString quota = "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: q\n  namespace: default\nspec:\n";
    row("resource quota", quota + "  hard:\n    pods: \"10\"\n    requests.cpu: \"4\"\n", {});
    row("resource quota resources", quota + "  hard:\n    widgets: \"1\"\n    pods: 1500m\n  scopes: [BestEffort, NotBestEffort]\n",
        {"spec.hard[pods]: Invalid value: resource.Quantity{i:resource.int64Amount{value:1500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"1500m\", Format:\"DecimalSI\"}: must be an integer",
         "spec.hard[widgets]: Invalid value: \"widgets\": must be a standard resource type or fully qualified",
         "spec.hard[widgets]: Invalid value: \"widgets\": must be a standard resource for quota",
         "spec.scopes: Invalid value: []core.ResourceQuotaScope{\"BestEffort\", \"NotBestEffort\"}: conflicting scopes"});
    row("quota scopes are immutable", quota + "  hard:\n    pods: \"1\"\n  scopes: [Terminating]\n",
        {"spec.scopes: Invalid value: []core.ResourceQuotaScope{\"Terminating\"}: field is immutable"}, quota + "  hard:\n    pods: \"1\"\n");
    const QString lr = "apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: lr\n  namespace: default\nspec:\n  limits:\n";
    row("limit range", lr + "  - type: Container\n    max:\n      cpu: \"1\"\n    min:\n      cpu: \"2\"\n  - type: Pod\n    default:\n      cpu: \"1\"\n  - type: Container\n", 
        {"spec.limits[0].min[cpu]: Invalid value: resource.Quantity{i:resource.int64Amount{value:2, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"2\", Format:\"DecimalSI\"}: min value 2 is greater than max value 1",
         // defaulting: default = max (1), defaultRequest = default (1), both below min
         "spec.limits[0].defaultRequest[cpu]: Invalid value: resource.Quantity{i:resource.int64Amount{value:1, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"1\", Format:\"DecimalSI\"}: min value 2 is greater than default request value 1",
         "spec.limits[0].default[cpu]: Invalid value: resource.Quantity{i:resource.int64Amount{value:2, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"2\", Format:\"DecimalSI\"}: min value 2 is greater than default value 1",
         "spec.limits[1].default: Forbidden: may not be specified when `type` is 'Pod'",
         "spec.limits[2].type: Duplicate value: \"Container\""});
    const QString ev = "apiVersion: v1\nkind: Event\nmetadata:\n  name: web.1\n  namespace: default\ninvolvedObject:\n  kind: Pod\n  name: web\n  namespace: %1\nreason: Scheduled\n";
    row("event", ev.arg("default"), {});
    row("event namespace must match", ev.arg("other"),
        {"involvedObject.namespace: Invalid value: \"other\": does not match event.namespace"});
}

QTEST_APPLESS_MAIN(ValidationTest)
#include "validation_test.moc"
