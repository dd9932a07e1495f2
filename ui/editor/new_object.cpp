#include "editor/new_object.h"

#include "api/codec/yaml.h"

namespace pilothouse::ui::editor {

using codec::Value;

namespace {

// `$NAME` is replaced by a free name.
const char* templateOf(const std::string& kind) {
    if (kind == "Node")
        return R"(metadata:
  name: $NAME
  labels:
    kubernetes.io/hostname: $NAME
    kubernetes.io/os: linux
    kubernetes.io/arch: amd64
status:
  capacity: {cpu: "4", memory: 8Gi, pods: "110", ephemeral-storage: 100Gi}
  allocatable: {cpu: "4", memory: 8Gi, pods: "110", ephemeral-storage: 100Gi}
)";
    if (kind == "Pod")
        return R"(metadata:
  name: $NAME
  namespace: default
  labels: {app: $NAME}
spec:
  containers:
  - name: app
    image: nginx:1.25
    resources:
      requests: {cpu: 100m, memory: 128Mi}
)";
    if (kind == "Deployment" || kind == "ReplicaSet")  // its pod template is the Pod's, added in newObject
        return R"(metadata:
  name: $NAME
  namespace: default
  labels: {app: $NAME}
spec:
  replicas: 2
  selector:
    matchLabels: {app: $NAME}
)";
    if (kind == "Service")
        return R"(metadata:
  name: $NAME
  namespace: default
spec:
  selector: {app: web}
  ports:
  - {name: http, port: 80, targetPort: 80, protocol: TCP}
)";
    if (kind == "PriorityClass")
        return R"(metadata:
  name: $NAME
value: 1000
preemptionPolicy: PreemptLowerPriority
description: Pods that may preempt others.
)";
    return "metadata:\n  name: $NAME\n";
}

std::string baseName(const std::string& kind) {
    if (kind == "Node") return "node";
    if (kind == "PriorityClass") return "priority";
    std::string lower;
    for (char c : kind) lower += char(std::tolower(static_cast<unsigned char>(c)));
    return "new-" + lower;
}

}  // namespace

QStringList newObjectKinds() {
    return {QStringLiteral("Node"), QStringLiteral("Pod"), QStringLiteral("Deployment"), QStringLiteral("ReplicaSet"),
            QStringLiteral("Service"), QStringLiteral("PriorityClass")};
}

Value newObject(const std::string& kind, const QStringList& taken) {
    std::string name;
    for (int n = 1;; ++n) {
        name = baseName(kind) + "-" + std::to_string(n);
        if (!taken.contains(QString::fromStdString(name))) break;
    }
    auto fill = [&](const std::string& of) {
        std::string text = templateOf(of);
        for (size_t at; (at = text.find("$NAME")) != std::string::npos;) text.replace(at, 5, name);
        auto docs = codec::parseYamlDocuments(text);
        return docs && !docs->empty() ? (*docs)[0] : Value::object();
    };
    Value object = fill(kind);
    if (kind == "Deployment" || kind == "ReplicaSet") {
        // A workload's pods are what "New Pod" makes, under its selector's labels.
        Value pod = fill("Pod");
        object["spec"]["template"].set("metadata", Value::object());
        object["spec"]["template"]["metadata"].set("labels", *pod["metadata"].find("labels"));
        object["spec"]["template"].set("spec", *pod.find("spec"));
    }
    return object;
}

}  // namespace pilothouse::ui::editor
