#include "admission_test.h"

#include <map>

#include "api/codec/manifest.h"
#include "api/object.h"
#include "core_v1.pb.h"

namespace pilothouse::testing {

using apiserver::admission::Operation;
namespace core = k8s::io::api::core::v1;

namespace {

const char* verbOf(Operation op) {
    switch (op) {
        case Operation::Create: return "create";
        case Operation::Update: return "update";
        case Operation::Delete: return "delete";
    }
    return "";
}

std::unique_ptr<google::protobuf::Message> decode(const QString& yaml, const api::ResourceType** type) {
    std::vector<std::string> warnings;
    auto ms = codec::loadManifests(yaml.toStdString(), "request.yaml", &warnings);
    if (!ms.isOk() || ms->empty()) {
        qFatal("bad test manifest: %s", ms.status().message().c_str());
    }
    auto& m = ms->front();
    *type = m.type;
    auto* meta = api::mutableMetadata(m.object.get());
    if (m.type->namespaced && meta->namespace_().empty()) meta->set_namespace_("default");
    return std::move(m.object);
}

void fillRequest(TestRequest* r, Operation op, const api::ResourceType& type, const std::string& ns,
                 const std::string& name) {
    auto& a = r->attrs;
    a.operation = op;
    a.type = &type;
    a.request.user = {"alice", "", {"system:authenticated"}};
    a.request.verb = verbOf(op);
    a.request.apiGroup = type.group;
    a.request.apiVersion = type.version;
    a.request.resource = type.resource;
    a.request.namespace_ = ns;
    a.request.name = name;
}

}  // namespace

std::unique_ptr<TestRequest> makeRequest(Operation op, const QString& yaml, const QString& oldYaml) {
    auto r = std::make_unique<TestRequest>();
    const api::ResourceType* type = nullptr;
    r->object = decode(yaml, &type);
    const auto& meta = api::metadata(*r->object);
    fillRequest(r.get(), op, *type, meta.namespace_(), meta.name());
    r->attrs.object = r->object.get();
    if (!oldYaml.isEmpty()) {
        const api::ResourceType* oldType = nullptr;
        r->oldObject = decode(oldYaml, &oldType);
        api::mutableMetadata(r->oldObject.get())->set_resource_version("7");
        r->attrs.oldObject = r->oldObject.get();
    }
    return r;
}

std::unique_ptr<TestRequest> makeDelete(const char* apiVersion, const char* kind, const QString& ns,
                                        const QString& name) {
    auto r = std::make_unique<TestRequest>();
    const api::ResourceType* type = api::Scheme::instance().byKind(apiVersion, kind);
    if (!type) qFatal("unknown kind %s", kind);
    fillRequest(r.get(), Operation::Delete, *type, ns.toStdString(), name.toStdString());
    return r;
}

QString describeResources(const google::protobuf::Message& msg) {
    const auto& pod = dynamic_cast<const core::Pod&>(msg);
    auto list = [](const google::protobuf::Map<std::string, std::string>& m) {
        std::map<std::string, std::string> sorted(m.begin(), m.end());
        QStringList parts;
        for (const auto& [k, v] : sorted) parts << QString::fromStdString(k + "=" + v);
        return parts.join(",");
    };
    QStringList out;
    auto add = [&](const core::Container& c, const char* prefix) {
        out << QString("%1%2: requests=%3 limits=%4")
                   .arg(prefix, QString::fromStdString(c.name()), list(c.resources().requests()),
                        list(c.resources().limits()));
    };
    for (const auto& c : pod.spec().init_containers()) add(c, "init/");
    for (const auto& c : pod.spec().containers()) add(c, "");
    return out.join("; ");
}

QString describeTolerations(const google::protobuf::Message& msg) {
    const auto& pod = dynamic_cast<const core::Pod&>(msg);
    QStringList out;
    for (const auto& t : pod.spec().tolerations()) {
        out << QString("%1|%2|%3|%4")
                   .arg(QString::fromStdString(t.key()), QString::fromStdString(t.operator_()),
                        QString::fromStdString(t.effect()),
                        t.has_toleration_seconds() ? QString::number(t.toleration_seconds())
                                                   : QString("-"));
    }
    return out.join(";");
}

QString joinNotes(const std::vector<sim::Phrase>& notes) {
    QStringList l;
    for (const auto& n : notes) l << QString::fromStdString(sim::english(n));
    return l.join("\n");
}

}  // namespace pilothouse::testing

QTEST_APPLESS_MAIN(AdmissionTest)
