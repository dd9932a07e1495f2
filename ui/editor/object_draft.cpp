#include "editor/object_draft.h"

#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/codec/yaml.h"
#include "apiserver/patch.h"

namespace pilothouse::ui::editor {

using codec::Value;

namespace {

Value encode(const google::protobuf::Message& object, const api::ResourceType& type) {
    Value v = Value::object();
    v.set("apiVersion", Value(type.apiVersion()));
    v.set("kind", Value(type.kind));
    Value encoded = codec::encodeMessage(object);
    for (auto& [k, item] : encoded.asObject())
        if (k != "apiVersion" && k != "kind") v.set(k, std::move(item));
    return v;
}

Value withoutStatus(const Value& v) {
    Value copy = v;
    copy.erase("status");
    return copy;
}

}  // namespace

void ObjectDraft::load(const google::protobuf::Message& object, const api::ResourceType& type) {
    type_ = &type;
    isNew_ = false;
    original_ = encode(object, type);
    draft_ = original_;
    error_ = Status();
    emit changed(nullptr);
    emit errorChanged();
}

void ObjectDraft::startNew(const api::ResourceType& type, Value object) {
    type_ = &type;
    isNew_ = true;
    object.set("apiVersion", Value(type.apiVersion()));
    object.set("kind", Value(type.kind));
    original_ = Value();
    draft_ = std::move(object);
    error_ = Status();
    emit changed(nullptr);
    emit errorChanged();
}

void ObjectDraft::clear() {
    type_ = nullptr;
    isNew_ = false;
    original_ = draft_ = Value();
    error_ = Status();
    emit changed(nullptr);
    emit errorChanged();
}

QString ObjectDraft::name() const {
    const Value* v = FieldPath::parse("metadata.name").find(isNew_ ? draft_ : original_);
    return v && v->isString() ? QString::fromStdString(v->asString()) : QString();
}

QString ObjectDraft::namespace_() const {
    const Value* v = FieldPath::parse("metadata.namespace").find(isNew_ ? draft_ : original_);
    return v && v->isString() ? QString::fromStdString(v->asString()) : QString();
}

QString ObjectDraft::resourceVersion() const {
    const Value* v = FieldPath::parse("metadata.resourceVersion").find(original_);
    return v && v->isString() ? QString::fromStdString(v->asString()) : QString();
}

bool ObjectDraft::isDirty() const { return isNew_ || !(draft_ == original_); }

void ObjectDraft::setField(const FieldPath& path, Value value, const QObject* source) {
    const Value* now = path.find(draft_);
    if (now ? *now == value : value.isNull()) return;
    path.set(draft_, std::move(value));
    emit changed(source);
}

Status ObjectDraft::setYaml(const QString& text, const QObject* source) {
    auto docs = codec::parseYamlDocuments(text.toStdString());
    if (!docs) return docs.status();
    if (docs->size() != 1 || !(*docs)[0].isObject())
        return Status(StatusCode::InvalidArgument,
                      tr("the editor holds one object: expected one YAML document with a mapping").toStdString());
    Value v = std::move((*docs)[0]);
    if (type_) {
        const Value* kind = v.find("kind");
        if (!kind || !kind->isString() || kind->asString() != type_->kind)
            return Status(StatusCode::InvalidArgument,
                          tr("kind: the editor holds a %1; create other kinds with Apply YAML")
                              .arg(QString::fromStdString(type_->kind))
                              .toStdString());
    }
    if (v == draft_) return {};
    draft_ = std::move(v);
    emit changed(source);
    return {};
}

QString ObjectDraft::yaml() const { return draft_.isNull() ? QString() : QString::fromStdString(codec::toYaml(draft_)); }

void ObjectDraft::setError(const Status& error) {
    error_ = error;
    emit errorChanged();
}

FieldPath ObjectDraft::locate(const StatusCause& cause) const {
    const FieldPath path = FieldPath::parse(cause.field);
    // kube-apiserver's ValidateNode builds the taints' path from "metadata".
    static const FieldPath nodeTaints = FieldPath::parse("metadata.taints");
    if (type_ && type_->kind == "Node" && path.startsWith(nodeTaints)) {
        return FieldPath::parse("spec.taints").append(path.after(nodeTaints));
    }
    return path;
}

std::vector<StatusCause> ObjectDraft::causesAt(const FieldPath& path) const {
    std::vector<StatusCause> out;
    for (const auto& c : error_.causes())
        if (locate(c).startsWith(path)) out.push_back(c);
    return out;
}

std::vector<StatusCause> ObjectDraft::unclaimedCauses(const std::vector<FieldPath>& claimed) const {
    std::vector<StatusCause> out;
    for (const auto& c : error_.causes()) {
        const FieldPath p = locate(c);
        bool found = false;
        for (const auto& f : claimed) found = found || p.startsWith(f);
        if (!found) out.push_back(c);
    }
    return out;
}

Value ObjectDraft::specPatch() const {
    Value patch = apiserver::createMergePatch(withoutStatus(original_), withoutStatus(draft_));
    if (patch.size() == 0) return Value::object();
    patch["metadata"].set("resourceVersion", Value(resourceVersion().toStdString()));
    return patch;
}

Value ObjectDraft::statusPatch() const {
    const Value* before = original_.find("status");
    const Value* after = draft_.find("status");
    Value patch = apiserver::createMergePatch(before ? *before : Value::object(), after ? *after : Value::object());
    if (!patch.isObject() || patch.size() == 0) return Value::object();
    Value out = Value::object();
    out.set("status", std::move(patch));
    return out;
}

StatusOr<ObjectPtr> ObjectDraft::decoded() const {
    if (!type_) return Status(StatusCode::FailedPrecondition, "no object");
    std::vector<std::string> warnings;
    auto object = codec::decodeObject(draft_, *type_, &warnings);
    if (!object) return object.status();
    return ObjectPtr(std::move(*object));
}

}  // namespace pilothouse::ui::editor
