#include "kubectl/apply.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/display_name.h"
#include "api/codec/yaml.h"
#include "api/codec/yaml_documents.h"
#include "apiserver/server.h"
#include "api/object.h"
#include "apiserver/patch.h"

namespace pilothouse::kubectl {

using codec::Value;

namespace {

// ---- reading ----

// The line number in a parser's "yaml: line N: ..." message, or 0.
int messageLine(const std::string& message) {
    static const std::regex pattern(R"(line (\d+))");
    std::smatch m;
    return std::regex_search(message, m, pattern) ? std::stoi(m[1]) : 0;
}

std::string stringAt(const Value& v, std::string_view a, std::string_view b) {
    const Value* x = v.find(a);
    const Value* y = x ? x->find(b) : nullptr;
    return y && y->isString() ? y->asString() : std::string();
}

Status placed(const ApplyObject& o, const Status& st) {
    Status out(st.code(), o.source + ": " + o.location() + ": " + st.message());
    for (const auto& c : st.causes()) out.addCause(c);
    return out;
}

void prepare(ApplyObject& o, const Value& doc, const ApplyOptions& options) {
    if (doc.line() > 0)
        o.line = o.lineOffset + doc.line();
    if (!doc.isObject()) {
        o.error =
            placed(o, Status(StatusCode::InvalidArgument,
                             std::string("expected a Kubernetes object, got ") + doc.typeName()));
        return;
    }
    o.name = stringAt(doc, "metadata", "name");
    o.generateName = stringAt(doc, "metadata", "generateName");
    const Value* apiVersion = doc.find("apiVersion");
    const Value* kind = doc.find("kind");
    std::vector<std::string> missing;
    if (!apiVersion || !apiVersion->isString() || apiVersion->asString().empty())
        missing.push_back("apiVersion not set");
    if (!kind || !kind->isString() || kind->asString().empty())
        missing.push_back("kind not set");
    if (!missing.empty()) {
        std::string msg = "error validating data: [";
        for (size_t i = 0; i < missing.size(); ++i) msg += (i ? ", " : "") + missing[i];
        o.error = placed(o, Status(StatusCode::InvalidArgument, msg + "]"));
        return;
    }
    o.type = api::Scheme::instance().byKind(apiVersion->asString(), kind->asString());
    if (!o.type) {
        o.error = placed(o, Status(StatusCode::NotFound, "resource mapping not found for name: \"" +
                                                             o.name + "\": no matches for kind \"" +
                                                             kind->asString() + "\" in version \"" +
                                                             apiVersion->asString() + "\""));
        return;
    }
    o.local = doc;
    if (o.type->namespaced) {
        o.namespace_ = stringAt(doc, "metadata", "namespace");
        if (o.namespace_.empty()) {
            o.namespace_ = options.namespace_.empty() ? "default" : options.namespace_;
            o.local["metadata"].set("namespace", o.namespace_);
        } else if (options.enforceNamespace && o.namespace_ != options.namespace_) {
            o.error =
                placed(o, Status(StatusCode::InvalidArgument,
                                 "the namespace from the provided object \"" + o.namespace_ +
                                     "\" does not match the namespace \"" + options.namespace_ +
                                     "\". You must pass '--namespace=" + o.namespace_ +
                                     "' to perform this operation."));
            return;
        }
    }
    // util.GetModifiedConfiguration: the object without the annotation, as JSON (Go marshals a map
    // with its keys sorted; json.Encoder ends it with a newline), becomes the annotation.
    Value bare = o.local;
    Value& annotations = bare["metadata"]["annotations"];
    if (!annotations.isObject())
        annotations = Value::object();
    annotations.erase(kLastAppliedConfigAnnotation);
    o.local =
        bare;  // kubectl diff's object: annotations {} as GetModifiedConfiguration leaves them
    Value sorted = bare;
    sorted.sortKeys();
    o.lastApplied = codec::toJson(sorted, codec::JsonStyle::Compact) + "\n";
    o.modified = bare;
    o.modified["metadata"]["annotations"].set(kLastAppliedConfigAnnotation, o.lastApplied);

    auto local = codec::decodeObject(o.local, *o.type, &o.warnings);
    if (!local) {
        o.error = placed(o, local.status());
        o.warnings.clear();
        return;
    }
    for (auto& w : o.warnings) w = o.source + ": " + o.location() + ": " + w;
    std::vector<std::string> again;
    auto modified = codec::decodeObject(o.modified, *o.type, &again);
    if (!modified) {
        o.error = placed(o, modified.status());
        return;
    }
    o.localObject = std::move(*local);
    o.modifiedObject = std::move(*modified);
}

bool isList(const Value& doc) {
    const Value* kind = doc.find("kind");
    const Value* items = doc.find("items");
    if (!kind || !kind->isString())
        return false;
    const std::string& k = kind->asString();
    return k.size() >= 4 && k.compare(k.size() - 4, 4, "List") == 0 &&
           (!items || items->isArray() || items->isNull());
}

void addDocument(std::vector<ApplyObject>& out, const Value& doc, int number, int lineOffset,
                 int firstLine, const ApplyOptions& options) {
    if (doc.isNull())
        return;
    auto base = [&](int item) {
        ApplyObject o;
        o.source = options.source;
        o.document = number;
        o.item = item;
        o.lineOffset = lineOffset;
        o.line = firstLine;
        return o;
    };
    if (doc.isObject() && isList(doc)) {
        const Value* items = doc.find("items");
        if (!items || items->isNull())
            return;
        int index = 0;
        for (const Value& item : items->asArray()) {
            ApplyObject o = base(index++);
            prepare(o, item, options);
            out.push_back(std::move(o));
        }
        return;
    }
    ApplyObject o = base(-1);
    prepare(o, doc, options);
    out.push_back(std::move(o));
}

// ---- three-way merge ----

// Lists kubectl's strategic merge patch merges item by item, by the item's key (patchMergeKey of
// k8s.io/api's types), by the field's name; "" for lists it replaces whole.
std::string mergeKeyFor(std::string_view field, const Value& sample) {
    static const std::vector<std::pair<std::string_view, std::string_view>> keys = {
        {"containers", "name"},
        {"initContainers", "name"},
        {"ephemeralContainers", "name"},
        {"env", "name"},
        {"volumes", "name"},
        {"imagePullSecrets", "name"},
        {"volumeMounts", "mountPath"},
        {"volumeDevices", "devicePath"},
        {"hostAliases", "ip"},
        {"topologySpreadConstraints", "topologyKey"},
        {"ownerReferences", "uid"},
        {"readinessGates", "conditionType"},
        {"resourceClaims", "name"},
        {"conditions", "type"},
    };
    if (field == "ports") {
        // A container's ports merge by containerPort, a Service's by port.
        return sample.isObject() && sample.find("containerPort") ? "containerPort" : "port";
    }
    for (const auto& [name, key] : keys)
        if (field == name)
            return std::string(key);
    return {};
}

// The key of a list item, as text, or "" when it has none.
std::string itemKey(const Value& item, const std::string& key) {
    const Value* k = item.isObject() ? item.find(key) : nullptr;
    if (!k)
        return {};
    if (k->isString())
        return "s:" + k->asString();
    if (k->isNumber())
        return "n:" + k->numberText();
    return {};
}

// Whether every item of the list has a distinct key.
bool keyed(const Value& list, const std::string& key) {
    std::set<std::string> seen;
    for (const Value& item : list.asArray()) {
        std::string k = itemKey(item, key);
        if (k.empty() || !seen.insert(k).second)
            return false;
    }
    return true;
}

const Value* findItem(const Value* list, const std::string& key, const std::string& k) {
    if (!list || !list->isArray())
        return nullptr;
    for (const Value& item : list->asArray())
        if (itemKey(item, key) == k)
            return &item;
    return nullptr;
}

Value objectPatch(const Value* original, const Value& modified, const Value& current);

// Drops nulls inside objects: a value added whole carries no deletions.
Value withoutNulls(const Value& v) {
    if (!v.isObject())
        return v;
    Value out = Value::object();
    for (const auto& [k, x] : v.asObject())
        if (!x.isNull())
            out.set(k, withoutNulls(x));
    return out;
}

// A list of `modified` against `current`: sets *out to the whole list to send and returns true
// when it is to change.
bool listChange(std::string_view field, const Value* original, const Value& modified,
                const Value& current, Value* out) {
    const std::string key =
        modified.asArray().empty() ? std::string() : mergeKeyFor(field, modified.asArray().front());
    const bool merge = !key.empty() && keyed(modified, key) && keyed(current, key) &&
                       (!original || !original->isArray() || keyed(*original, key));
    if (!merge) {
        if (modified == current)
            return false;
        *out = modified;
        return true;
    }
    bool changed = false;
    Value result = Value::array();
    std::set<std::string> inModified;
    for (const Value& m : modified.asArray()) {
        const std::string k = itemKey(m, key);
        inModified.insert(k);
        const Value* c = findItem(&current, key, k);
        if (!c) {
            changed = true;
            result.push(withoutNulls(m));
            continue;
        }
        Value sub = objectPatch(findItem(original, key, k), m, *c);
        if (sub.size() > 0) {
            changed = true;
            result.push(apiserver::applyMergePatch(*c, sub));
        } else {
            result.push(*c);
        }
    }
    // Items only the live object has stay, unless a previous apply set them (then they are
    // deleted).
    for (const Value& c : current.asArray()) {
        const std::string k = itemKey(c, key);
        if (inModified.count(k))
            continue;
        if (findItem(original, key, k)) {
            changed = true;
            continue;
        }
        result.push(c);
    }
    if (changed)
        *out = std::move(result);
    return changed;
}

Value objectPatch(const Value* original, const Value& modified, const Value& current) {
    Value patch = Value::object();
    if (original && !original->isObject())
        original = nullptr;
    for (const auto& [key, m] : modified.asObject()) {
        const Value* o = original ? original->find(key) : nullptr;
        const Value* c = current.isObject() ? current.find(key) : nullptr;
        if (m.isNull()) {
            // An explicit null deletes, unless the last apply already said null.
            if (!o || !o->isNull())
                patch.set(key, Value());
        } else if (!c || c->isNull()) {
            patch.set(key, withoutNulls(m));
        } else if (m.isObject() && c->isObject()) {
            Value sub = objectPatch(o, m, *c);
            if (sub.size() > 0)
                patch.set(key, std::move(sub));
        } else if (m.isArray() && c->isArray()) {
            Value list;
            if (listChange(key, o, m, *c, &list))
                patch.set(key, std::move(list));
        } else if (!(m == *c)) {
            patch.set(key, m);
        }
    }
    // What the last apply set and the manifest no longer does is deleted.
    if (original) {
        for (const auto& [key, o] : original->asObject())
            if (!modified.find(key))
                patch.set(key, Value());
    }
    return patch;
}

// ---- errors ----

std::string groupVersionResource(const api::ResourceType& t) {
    return t.group + "/" + t.version + ", Resource=" + t.resource;
}
std::string groupVersionKind(const api::ResourceType& t) {
    return t.group + "/" + t.version + ", Kind=" + t.kind;
}

std::string quoted(const std::string& s) {
    return "\"" + s + "\"";
}

// kubectl's "The Pod \"web\" is invalid: ..." (cmdutil.checkErr on an Invalid error).
std::string invalidText(const ObjectApply& a) {
    const Status& st = a.error();
    const std::string kind = a.object().type ? a.object().type->kind : std::string();
    std::string s = "The " + kind + " " + quoted(a.object().name) + " is invalid";
    std::vector<std::string> causes;
    for (const auto& c : st.causes())
        causes.push_back(c.field.empty() ? c.message : c.field + ": " + c.message);
    if (causes.empty())
        return s;
    s += ": ";
    if (causes.size() == 1)
        return s + causes[0];
    for (const auto& c : causes) s += "\n* " + c;
    return s;
}

}  // namespace

// ---- ApplyObject ----

std::string ApplyObject::location() const {
    std::string out = "document " + std::to_string(document);
    if (item >= 0)
        out += ", items[" + std::to_string(item) + "]";
    return out;
}

std::string ApplyObject::displayName() const {
    return type ? api::displayName(*type, name) : name;
}

std::string ApplyObject::infoString() const {
    std::string basic = "Name: " + quoted(name) + ", Namespace: " + quoted(namespace_);
    if (!type)
        return basic;
    return "Resource: " + quoted(groupVersionResource(*type)) +
           ", GroupVersionKind: " + quoted(groupVersionKind(*type)) + "\n" + basic;
}

std::string ApplyObject::diffName() const {
    if (!type)
        return name;
    std::string group = type->group.empty() ? std::string() : type->group + ".";
    return group + type->version + "." + type->kind + "." + namespace_ + "." + name;
}

int ApplyObject::lineOf(std::string_view path) const {
    const Value* at = &local;
    int found = at->line();
    size_t i = 0;
    while (i < path.size() && at) {
        std::string segment;
        bool index = false;
        if (path[i] == '[') {
            const size_t close = path.find(']', i);
            if (close == std::string_view::npos)
                break;
            segment = std::string(path.substr(i + 1, close - i - 1));
            index = true;
            i = close + 1;
        } else {
            size_t end = path.find_first_of(".[", i);
            if (end == std::string_view::npos)
                end = path.size();
            segment = std::string(path.substr(i, end - i));
            i = end;
        }
        if (i < path.size() && path[i] == '.')
            ++i;
        const Value* next = nullptr;
        if (index && at->isArray()) {
            const bool digits =
                !segment.empty() && segment.find_first_not_of("0123456789") == std::string::npos;
            if (digits && std::stoul(segment) < at->asArray().size())
                next = &at->asArray()[std::stoul(segment)];
        } else if (at->isObject()) {
            next = at->find(segment);
        }
        at = next;
        if (at && at->line() > 0)
            found = at->line();
    }
    return found > 0 ? lineOffset + found : line;
}

std::vector<ApplyObject> readObjects(std::string_view text, const ApplyOptions& options) {
    std::vector<ApplyObject> out;
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && text[first] == '{') {
        // JSON: one object (or List).
        auto v = codec::parseJson(text);
        if (!v) {
            ApplyObject o;
            o.source = options.source;
            o.document = 1;
            o.line = std::max(1, messageLine(v.status().message()));
            o.error = Status(StatusCode::InvalidArgument,
                             "error parsing " + options.source + ": " + v.status().message());
            out.push_back(std::move(o));
            return out;
        }
        addDocument(out, *v, 1, 0, 1, options);
        return out;
    }
    const std::vector<codec::YamlDocumentText> chunks = codec::splitYamlDocuments(text);
    int number = 0;
    for (size_t i = 0; i < chunks.size(); ++i) {
        const codec::YamlDocumentText& chunk = chunks[i];
        number += chunk.emptyBefore + 1;
        auto syntaxError = [&](const std::string& message, int lineInChunk) {
            ApplyObject o;
            o.source = options.source;
            o.document = number;
            o.lineOffset = chunk.firstLine - 1;
            o.line = chunk.firstLine - 1 + std::max(1, lineInChunk);
            o.error = Status(StatusCode::InvalidArgument,
                             "error parsing " + options.source + ": " + message);
            out.push_back(std::move(o));
        };
        if (!chunk.blank) {
            auto docs = codec::parseYamlDocuments(chunk.text);
            if (!docs) {
                syntaxError("error converting YAML to JSON: " + docs.status().message(),
                            messageLine(docs.status().message()));
                return out;
            }
            for (const Value& doc : *docs)
                addDocument(out, doc, number, chunk.firstLine - 1, chunk.firstLine, options);
        }
        if (!chunk.badSeparator.empty()) {
            // The separator line after this chunk.
            const int separatorLine =
                chunk.firstLine + int(std::count(chunk.text.begin(), chunk.text.end(), '\n'));
            syntaxError("invalid Yaml document separator: " + chunk.badSeparator,
                        separatorLine - chunk.firstLine + 1);
            return out;
        }
    }
    return out;
}

Value threeWayMergePatch(const Value& original, const Value& modified, const Value& current) {
    if (!modified.isObject())
        return Value::object();
    return objectPatch(original.isObject() ? &original : nullptr, modified,
                       current.isObject() ? current : Value::object());
}

// ---- ObjectApply ----

apiserver::Request toRequest(const ApplyCall& call) {
    apiserver::Request req;
    req.verb = call.verb;
    req.type = call.type;
    req.namespace_ = call.namespace_;
    req.name = call.name;
    req.body = call.body;
    req.patch = call.patch;
    req.patchType = apiserver::PatchType::Merge;
    req.dryRun = call.dryRun;
    return req;
}

ObjectApply::ObjectApply(ApplyObject object, ApplyMode mode, DryRun dryRun)
    : object_(std::move(object)),
      mode_(mode),
      dryRun_(mode == ApplyMode::Diff ? DryRun::Server : dryRun) {
    start();
}

void ObjectApply::start() {
    if (!object_.ok()) {
        error_ = object_.error;
        finished_ = true;
        return;
    }
    if (object_.name.empty()) {
        if (!object_.generateName.empty() && mode_ == ApplyMode::Apply) {
            error_ =
                Status(StatusCode::InvalidArgument,
                       "from " + object_.generateName + ": cannot use generate name with apply");
        } else {
            // The client refuses to get an object without a name.
            error_ =
                withSource("retrieving current configuration of:\n" + object_.infoString() +
                               "\nfrom server for:",
                           Status(StatusCode::InvalidArgument, "resource name may not be empty"));
        }
        error_.addCause({"FieldValueRequired", "Required value", "metadata.name"});
        finished_ = true;
        return;
    }
    get();
}

void ObjectApply::get() {
    stage_ = Stage::Getting;
    call_ = {};
    call_.verb = "get";
    call_.type = object_.type;
    call_.namespace_ = object_.namespace_;
    call_.name = object_.name;
}

Status ObjectApply::withSource(const std::string& verb, const Status& st) const {
    // cmdutil.AddSourceToErr; kubectl diff returns its errors as they are.
    if (mode_ == ApplyMode::Diff || object_.source.empty())
        return st;
    return st.withContext("error when " + verb + " " + quoted(object_.source) + ": ");
}

void ObjectApply::fail(const Status& status) {
    error_ = status;
    finished_ = true;
}

void ObjectApply::finish(ApplyOperation operation) {
    operation_ = operation;
    finished_ = true;
}

void ObjectApply::onResponse(const Status& status, const google::protobuf::Message* object,
                             const std::vector<std::string>& warnings) {
    if (finished_)
        return;
    for (const auto& w : warnings) warnings_.push_back("Warning: " + w);
    switch (stage_) {
        case Stage::Getting:
            if (status.isOk() && object) {
                live_ = codec::encodeMessage(*object);
                codec::eraseManagedFields(live_);  // kubectl diff leaves them out
                planFromLive(*object);
                return;
            }
            if (status.isOk())
                return fail(Status(StatusCode::Internal, "the server returned no object"));
            if (status.reason() != "NotFound")
                return fail(withSource("retrieving current configuration of:\n" +
                                           object_.infoString() + "\nfrom server for:",
                                       status));
            live_ = Value();
            if (dryRun_ == DryRun::Client) {
                merged_ = mode_ == ApplyMode::Apply ? object_.modified : object_.local;
                return finish(ApplyOperation::Created);
            }
            stage_ = Stage::Creating;
            call_ = {};
            call_.verb = "create";
            call_.type = object_.type;
            call_.namespace_ = object_.namespace_;
            call_.body = mode_ == ApplyMode::Apply ? object_.modifiedObject : object_.localObject;
            call_.dryRun = dryRun_ == DryRun::Server;
            return;
        case Stage::Creating:
            if (!status.isOk() || !object)
                return fail(withSource("creating", status));
            merged_ = codec::encodeMessage(*object);
            codec::eraseManagedFields(merged_);  // kubectl diff leaves them out
            return finish(ApplyOperation::Created);
        case Stage::Patching:
            if (status.isOk() && object) {
                merged_ = codec::encodeMessage(*object);
                codec::eraseManagedFields(merged_);  // kubectl diff leaves them out
                if (api::metadata(*object).has_deletion_timestamp())
                    warnings_.push_back("Warning: Detected changes to resource " + object_.name +
                                        " which is currently being deleted.");
                return finish(ApplyOperation::Configured);
            }
            // Patcher.Patch: a Conflict is retried on the latest object (kubectl diff: 4 tries, the
            // last without the resourceVersion precondition).
            if (status.reason() == "Conflict" && attempts_ < (mode_ == ApplyMode::Diff ? 3 : 5)) {
                ++attempts_;
                return get();
            }
            Value shown = patch_;
            shown.sortKeys();  // the patch's bytes as Go marshals them
            return fail(withSource("applying patch:\n" +
                                       codec::toJson(shown, codec::JsonStyle::Compact) + "\nto:\n" +
                                       object_.infoString() + "\nfor:",
                                   status));
    }
}

void ObjectApply::planFromLive(const google::protobuf::Message& current) {
    const auto& annotations = api::metadata(current).annotations();
    const auto it = annotations.find(kLastAppliedConfigAnnotation);
    if (mode_ == ApplyMode::Apply && dryRun_ == DryRun::Client) {
        // kubectl computes no patch for a client dry run.
        merged_ = live_;
        return finish(ApplyOperation::Configured);
    }
    if (mode_ == ApplyMode::Apply && it == annotations.end() && attempts_ == 0) {
        warnings_.push_back(
            "Warning: resource " + object_.type->resource + "/" + object_.name +
            " is missing the " + kLastAppliedConfigAnnotation +
            " annotation which is required by kubectl apply. kubectl apply should only be used on "
            "resources created declaratively by either kubectl create --save-config or kubectl "
            "apply. The missing annotation will be patched automatically.");
    }
    Value original;
    if (it != annotations.end()) {
        auto parsed = codec::parseJson(it->second);
        if (parsed)
            original = std::move(*parsed);
    }
    if (api::metadata(current).has_deletion_timestamp() && mode_ == ApplyMode::Diff)
        warnings_.push_back("Warning: Detected changes to resource " + object_.name +
                            " which is currently being deleted.");
    patch_ = threeWayMergePatch(
        original, mode_ == ApplyMode::Apply ? object_.modified : object_.local, live_);
    if (patch_.size() == 0) {
        merged_ = live_;
        return finish(ApplyOperation::Unchanged);
    }
    stage_ = Stage::Patching;
    call_ = {};
    call_.verb = "patch";
    call_.type = object_.type;
    call_.namespace_ = object_.namespace_;
    call_.name = object_.name;
    call_.patch = patch_;
    // kubectl diff conditions the patch on the version it read, except on its last try.
    if (mode_ == ApplyMode::Diff && attempts_ < 3)
        call_.patch["metadata"].set("resourceVersion", api::metadata(current).resource_version());
    call_.dryRun = dryRun_ == DryRun::Server;
}

std::string ObjectApply::outputLine() const {
    if (!finished_ || !error_.isOk() || mode_ == ApplyMode::Diff)
        return {};
    return applyResultLine(object_.displayName(), operation_, dryRun_);
}

std::string ObjectApply::errorText() const {
    return error_.isOk() ? std::string() : standardErrorMessage(error_);
}

std::string ObjectApply::errorField() const {
    return error_.causes().empty() ? std::string() : error_.causes().front().field;
}

// ---- texts ----

std::string applyResultLine(const std::string& displayName, ApplyOperation operation,
                            DryRun dryRun) {
    const char* op = operation == ApplyOperation::Created      ? "created"
                     : operation == ApplyOperation::Configured ? "configured"
                     : operation == ApplyOperation::Unchanged  ? "unchanged"
                                                               : "";
    std::string line = displayName + " " + op;
    if (dryRun == DryRun::Server)
        line += " (server dry run)";
    if (dryRun == DryRun::Client)
        line += " (dry run)";
    return line;
}

std::string standardErrorMessage(const Status& status) {
    if (!status.reason().empty())
        return "Error from server (" + status.reason() + "): " + status.message();
    if (status.message().rfind("error: ", 0) == 0)
        return status.message();
    return "error: " + status.message();
}

std::string applyErrorSummary(const std::vector<const ObjectApply*>& failed) {
    if (failed.empty())
        return {};
    if (failed.size() == 1) {
        const ObjectApply& a = *failed.front();
        if (a.error().reason() == "Invalid" && !a.error().causes().empty())
            return invalidText(a) + "\n";
        return a.errorText() + "\n";
    }
    std::string out;
    for (const ObjectApply* a : failed) out += a->errorText() + "\n";
    return out;
}

}  // namespace pilothouse::kubectl
