#include "apiserver/fieldmanager/field_manager.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <unordered_map>

#include "api/codec/json.h"
#include "api/codec/proto_json.h"
#include "apiserver/errors.h"
#include "apiserver/fieldmanager/typed.h"
#include "apiserver/registry/strategy.h"
#include "json_options.pb.h"

namespace pilothouse::apiserver::fieldmanager {

using codec::Value;
using google::protobuf::Message;

namespace {

constexpr const char* kApply = "Apply";
constexpr const char* kUpdate = "Update";

// What no entry records (upstream's stripMeta).
const Set& strippedFields() {
    static const Set set = [] {
        Set s;
        auto f = PathElement::fieldName;
        s.insert({f("apiVersion")});
        s.insert({f("kind")});
        s.insert({f("metadata")});
        for (const char* name : {"name", "namespace", "creationTimestamp", "selfLink", "uid", "clusterName",
                                 "generation", "managedFields", "resourceVersion"})
            s.insert({f("metadata"), f(name)});
        return s;
    }();
    return set;
}

// Keeps the fields a write through `subresource` may own: not the stripped ones; not status through
// the main resource of a kind with a status subresource; only status through the status
// subresource.
void keepOwnable(Set& s, const WriteContext& ctx) {
    if (s.empty()) return;
    s.remove(strippedFields());
    static const PathElement status = PathElement::fieldName("status");
    if (ctx.subresource == "status") {
        Set only;
        if (s.members().count(status)) only.members().insert(status);
        if (auto it = s.children().find(status); it != s.children().end())
            only.children().insert(s.children().extract(it));
        s = std::move(only);
        return;
    }
    if (ctx.subresource.empty() && registry::hasStatusSubresource(*ctx.type)) {
        s.members().erase(status);
        s.children().erase(status);
    }
}

void filter(Comparison& c, const WriteContext& ctx) {
    keepOwnable(c.added, ctx);
    keepOwnable(c.modified, ctx);
    keepOwnable(c.removed, ctx);
}

// Go writes a list or map field without omitempty as null when it is empty; our encoder leaves it
// out. The difference matters for the empty object a create is compared with: a field that was
// null there is not "added" as a whole (no "." of its own), as upstream records it.
void addGoNulls(Value& v, const google::protobuf::Descriptor& d) {
    if (!v.isObject()) return;
    for (int i = 0; i < d.field_count(); ++i) {
        const auto* f = d.field(i);
        const bool always = f->options().GetExtension(pilothouse::api::always_emit);
        Value* child = v.find(f->json_name());
        if ((f->is_repeated() || f->is_map()) && always && !child) {
            v.set(f->json_name(), nullptr);
        } else if (child && !f->is_repeated() && f->cpp_type() == google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE &&
                   f->options().GetExtension(pilothouse::api::kind) == pilothouse::api::JSON_DEFAULT) {
            addGoNulls(*child, *f->message_type());
        }
    }
}

bool sameKey(const ManagedEntry& e, const std::string& manager, const char* operation, const std::string& subresource) {
    return e.manager == manager && e.operation == operation && e.subresource == subresource;
}

ManagedEntry& entryFor(std::vector<ManagedEntry>& managed, const WriteContext& ctx, const char* operation) {
    for (auto& e : managed)
        if (sameKey(e, ctx.manager, operation, ctx.subresource)) return e;
    ManagedEntry e;
    e.manager = ctx.manager;
    e.operation = operation;
    e.apiVersion = ctx.type->apiVersion();
    e.subresource = ctx.subresource;
    managed.push_back(std::move(e));
    return managed.back();
}

// `strip`: entries a client sent, which may name what no entry records (stored ones never do).
void dropEmpty(std::vector<ManagedEntry>& managed, bool strip) {
    if (strip)
        for (auto& e : managed) e.fields.remove(strippedFields());
    managed.erase(std::remove_if(managed.begin(), managed.end(), [](const ManagedEntry& e) { return e.fields.empty(); }),
                  managed.end());
}

// Upstream's capManagersManager: at most ten Update entries. Past that, the oldest (by time, then
// by their identifier) are merged per apiVersion into one "ancient-changes" entry, which takes
// the time of the newest it holds.
constexpr size_t kMaxUpdateManagers = 10;
constexpr const char* kAncientChanges = "ancient-changes";

// The identifier upstream sorts entries of one time by: the entry's JSON without time and fields.
std::string managerIdentifier(const ManagedEntry& e) {
    Value id = Value::object();
    if (!e.manager.empty()) id.set("manager", e.manager);
    if (!e.operation.empty()) id.set("operation", e.operation);
    if (e.operation != kApply && !e.apiVersion.empty()) id.set("apiVersion", e.apiVersion);
    if (!e.subresource.empty()) id.set("subresource", e.subresource);
    return codec::toJson(id, codec::JsonStyle::Compact);
}

void capUpdateManagers(std::vector<ManagedEntry>& managed) {
    std::vector<size_t> updaters;
    for (size_t i = 0; i < managed.size(); ++i)
        if (managed[i].operation == kUpdate) updaters.push_back(i);
    if (updaters.size() <= kMaxUpdateManagers) return;
    std::vector<std::string> ids(managed.size());
    for (size_t i : updaters) ids[i] = managerIdentifier(managed[i]);
    // RFC 3339 times of one form sort as the times do; an entry without one is the oldest.
    std::sort(updaters.begin(), updaters.end(), [&](size_t a, size_t b) {
        if (managed[a].time != managed[b].time) return managed[a].time < managed[b].time;
        return ids[a] < ids[b];
    });
    auto isBucket = [&](const ManagedEntry& e, const std::string& version) {
        return e.manager == kAncientChanges && e.operation == kUpdate && e.subresource.empty() && e.apiVersion == version;
    };
    std::map<std::string, size_t> firstOfVersion;
    std::vector<bool> merged(managed.size(), false);
    size_t length = updaters.size();
    for (size_t k = 0; k < updaters.size() && length > kMaxUpdateManagers; ++k) {
        ManagedEntry& e = managed[updaters[k]];
        const std::string version = e.apiVersion;
        auto first = firstOfVersion.find(version);
        if (first == firstOfVersion.end()) {
            firstOfVersion.emplace(version, updaters[k]);
            continue;
        }
        if (isBucket(e, version)) continue;  // the bucket itself stays
        ManagedEntry* bucket = nullptr;
        for (size_t i = 0; i < managed.size(); ++i)
            if (!merged[i] && isBucket(managed[i], version)) bucket = &managed[i];
        if (!bucket) {  // the first of this version becomes the bucket
            bucket = &managed[first->second];
            bucket->manager = kAncientChanges;
            bucket->subresource.clear();
        }
        bucket->fields.add(e.fields);
        bucket->time = e.time;
        merged[updaters[k]] = true;
        --length;
    }
    std::vector<ManagedEntry> kept;
    for (size_t i = 0; i < managed.size(); ++i)
        if (!merged[i]) kept.push_back(std::move(managed[i]));
    managed = std::move(kept);
}

// Upstream's lastAppliedUpdater: an apply by the manager "kubectl" (kubectl apply --server-side)
// keeps the client-side apply annotation, where the object has one, equal to what it applied:
// the configuration as compact JSON with sorted keys, without that annotation, and a newline.
// When the annotations would pass their 256 KiB total, the annotation goes instead.
constexpr const char* kLastApplied = "kubectl.kubernetes.io/last-applied-configuration";
constexpr size_t kTotalAnnotationSizeLimit = 256 * 1024;

void updateLastApplied(Value& object, const Value& config, const std::string& manager) {
    if (manager != "kubectl") return;
    Value* meta = object.find("metadata");
    Value* annotations = meta ? meta->find("annotations") : nullptr;
    if (!annotations || !annotations->isObject()) return;
    Value* current = annotations->find(kLastApplied);
    if (!current || !current->isString() || current->asString().empty()) return;
    Value applied = config;
    if (Value* m = applied.find("metadata"); m && m->isObject())
        if (Value* a = m->find("annotations"); a && a->isObject()) a->erase(kLastApplied);
    applied.sortKeys();
    std::string text;
    codec::appendJson(text, applied);
    text += '\n';
    *current = Value(std::move(text));
    size_t total = 0;
    for (const auto& [key, value] : annotations->asObject())
        total += key.size() + (value.isString() ? value.asString().size() : 0);
    if (total > kTotalAnnotationSizeLimit) annotations->erase(kLastApplied);
}

// The fields the client-side apply annotation of `live` sets and `live` still holds as it set
// them; none (nullopt) when there is no annotation, it does not parse or is of another version.
std::optional<Set> allowedByLastApplied(const Message& live, const Value& liveValue, const WriteContext& ctx) {
    const auto& annotations = api::metadata(live).annotations();
    auto it = annotations.find(kLastApplied);
    if (it == annotations.end() || it->second.empty()) return std::nullopt;
    auto lastApplied = codec::parseJson(it->second);
    if (!lastApplied || !lastApplied->isObject()) return std::nullopt;
    const Value* version = lastApplied->find("apiVersion");
    if (!version || !version->isString() || version->asString() != ctx.type->apiVersion()) return std::nullopt;
    lastApplied->erase("apiVersion");
    lastApplied->erase("kind");
    const auto& schema = *ctx.type->descriptor;
    auto fields = toFieldSet(*lastApplied, schema);
    if (!fields) return std::nullopt;
    const Comparison c = compare(*lastApplied, liveValue, schema);
    fields->remove(c.modified);
    fields->remove(c.added);
    fields->remove(c.removed);
    return std::move(*fields);
}

bool isReset(const api::ObjectMeta& meta) {
    if (meta.managed_fields_size() != 1) return false;
    const auto& e = meta.managed_fields(0);
    return e.manager().empty() && e.operation().empty() && e.api_version().empty() && e.time().empty() &&
           e.fields_type().empty() && e.fields_v1().empty() && e.subresource().empty();
}

// "\"kubectl-client-side-apply\" using v1", as upstream names a manager in a conflict.
std::string managerText(const ManagedEntry& e) {
    std::string out = codec::toJson(Value(e.manager), codec::JsonStyle::Compact);
    if (!e.subresource.empty())
        out += " with subresource " + codec::toJson(Value(e.subresource), codec::JsonStyle::Compact);
    if (e.operation == kUpdate) out += " using " + e.apiVersion;
    return out;
}

Status conflictError(const std::vector<std::pair<const ManagedEntry*, Set>>& conflicts) {
    struct One {
        std::string manager;
        std::string path;
    };
    std::vector<One> all;
    for (const auto& [e, set] : conflicts)
        for (const auto& path : set.leaves()) all.push_back({managerText(*e), toString(path)});
    std::string message;
    if (all.size() == 1) {
        message = "Apply failed with 1 conflict: conflict with " + all[0].manager + ": " + all[0].path;
    } else {
        std::map<std::string, std::vector<std::string>> byManager;
        for (const auto& c : all) byManager[c.manager].push_back(c.path);
        message = "Apply failed with " + std::to_string(all.size()) + " conflicts: ";
        bool first = true;
        for (const auto& [manager, paths] : byManager) {
            message += (first ? "" : "\n") + std::string("conflicts with ") + manager + ":";
            first = false;
            for (const auto& p : paths) message += "\n- " + p;
        }
    }
    Status st = newApplyConflict(message);
    for (const auto& c : all) st.addCause({"FieldManagerConflict", "conflict with " + c.manager, c.path});
    return st;
}

Status badPatch(const WriteContext& ctx, const Status& st) {
    const std::string gvk = (ctx.type->group.empty() ? "/" : ctx.type->group + "/") + ctx.type->version +
                            ", Kind=" + ctx.type->kind;
    return newBadRequest("failed to create typed patch object (" + gvk + "): " + st.message());
}

}  // namespace

// The empty object of a kind, as a create is compared with it: built once per kind.
const Value& emptyObjectValue(const api::ResourceType& type) {
    static std::shared_mutex mutex;
    static std::unordered_map<const api::ResourceType*, std::unique_ptr<const Value>> cache;
    {
        std::shared_lock lock(mutex);
        if (auto it = cache.find(&type); it != cache.end()) return *it->second;
    }
    auto empty = type.newObject();
    auto v = std::make_unique<Value>(codec::encodeMessage(*empty));
    addGoNulls(*v, *type.descriptor);
    v->erase("apiVersion");
    v->erase("kind");
    std::unique_lock lock(mutex);
    auto& slot = cache[&type];
    if (!slot) slot = std::move(v);
    return *slot;
}

Value objectValue(const Message& object) { return objectPart(object, ObjectPart::All); }

Value objectPart(const Message& object, ObjectPart part) {
    Value v = Value::object();
    std::vector<const google::protobuf::FieldDescriptor*> fields;
    codec::encodedFields(object, &fields);
    for (const auto* f : fields) {
        const std::string& name = f->json_name();
        if (name == "apiVersion" || name == "kind") continue;
        if (part == ObjectPart::Status && name != "status") continue;
        if (part == ObjectPart::NoStatus && name == "status") continue;
        Value field = codec::encodeField(object, f);
        if (name == "metadata") field.erase("managedFields");
        v.asObject().emplace_back(name, std::move(field));
    }
    return v;
}

StatusOr<std::vector<ManagedEntry>> decodeManagedFields(const api::ObjectMeta& meta) {
    std::vector<ManagedEntry> out;
    for (int i = 0; i < meta.managed_fields_size(); ++i) {
        const auto& m = meta.managed_fields(i);
        ManagedEntry e{m.manager(), m.operation(), m.api_version(), m.time(), m.subresource(), {}};
        const std::string where = "metadata.managedFields[" + std::to_string(i) + "]";
        if (e.operation != kApply && e.operation != kUpdate)
            return Status(StatusCode::InvalidArgument, where + ".operation: must be Apply or Update");
        if (!m.fields_type().empty() && m.fields_type() != "FieldsV1")
            return Status(StatusCode::InvalidArgument, where + ".fieldsType: must be FieldsV1");
        if (!m.fields_v1().empty()) {
            auto json = codec::parseJson(m.fields_v1());
            if (!json) return Status(StatusCode::InvalidArgument, where + ".fieldsV1: " + json.status().message());
            auto set = Set::fromFieldsV1(*json);
            if (!set) return Status(StatusCode::InvalidArgument, where + ".fieldsV1: " + set.status().message());
            e.fields = std::move(*set);
        }
        out.push_back(std::move(e));
    }
    return out;
}

void encodeManagedFields(const std::vector<ManagedEntry>& entries, api::ObjectMeta* meta) {
    std::vector<const ManagedEntry*> sorted;
    for (const auto& e : entries) sorted.push_back(&e);
    std::stable_sort(sorted.begin(), sorted.end(), [](const ManagedEntry* p, const ManagedEntry* q) {
        if (p->operation != q->operation) return p->operation < q->operation;
        if (p->time != q->time) return p->time < q->time;
        if (p->manager != q->manager) return p->manager < q->manager;
        if (p->apiVersion != q->apiVersion) return p->apiVersion < q->apiVersion;
        return p->subresource < q->subresource;
    });
    meta->clear_managed_fields();
    for (const ManagedEntry* e : sorted) {
        auto* m = meta->add_managed_fields();
        m->set_manager(e->manager);
        m->set_operation(e->operation);
        m->set_api_version(e->apiVersion);
        m->set_time(e->time);
        m->set_fields_type("FieldsV1");
        e->fields.appendFieldsV1(*m->mutable_fields_v1());
        m->set_subresource(e->subresource);
    }
}

std::string managerFromUserAgent(const std::string& userAgent) {
    const std::string head = userAgent.substr(0, userAgent.find('/'));
    std::string out;
    for (unsigned char c : head) {
        if (c < 0x20 || c == 0x7f) continue;
        if (out.size() + 1 > 128) break;
        out.push_back(char(c));
    }
    return out;
}

std::string managerOfComponent(const std::string& component) {
    if (component == "default-scheduler" || component == "kube-scheduler") return "kube-scheduler";
    if (component == "kubelet") return "kubelet";
    return "kube-controller-manager";
}

void update(const Message* live, Message* object, const WriteContext& ctx) {
    auto* meta = api::mutableMetadata(object);
    std::vector<ManagedEntry> managed;
    bool fromRequest = false;
    // A client may set managedFields itself (not through a subresource); what it sends that cannot
    // be read, or nothing, keeps the stored ones.
    if (ctx.subresource.empty()) {
        if (isReset(*meta)) {
            fromRequest = true;
        } else if (meta->managed_fields_size() > 0) {
            auto decoded = decodeManagedFields(*meta);
            if (decoded && !decoded->empty()) {
                managed = std::move(*decoded);
                fromRequest = true;
            }
        }
    }
    if (!fromRequest && live) {
        auto decoded = decodeManagedFields(api::metadata(*live));
        if (decoded) managed = std::move(*decoded);
    }
    meta->clear_managed_fields();
    // Only what the write may own is compared (keepOwnable drops the rest).
    const ObjectPart part = ctx.subresource == "status"                                          ? ObjectPart::Status
                            : ctx.subresource.empty() && registry::hasStatusSubresource(*ctx.type) ? ObjectPart::NoStatus
                                                                                                   : ObjectPart::All;
    Comparison c = live ? compare(objectPart(*live, part), objectPart(*object, part), *ctx.type->descriptor)
                        : compareWithEmpty(emptyObjectValue(*ctx.type), *object);
    filter(c, ctx);
    Set changed = std::move(c.modified);
    changed.add(std::move(c.added));
    if (!changed.empty() || !c.removed.empty())
        for (auto& e : managed) {
            e.fields.remove(changed);
            e.fields.remove(c.removed);
        }
    if (!changed.empty()) {
        ManagedEntry& mine = entryFor(managed, ctx, kUpdate);
        mine.fields.add(std::move(changed));
        mine.time = ctx.now;
    }
    dropEmpty(managed, fromRequest);
    capUpdateManagers(managed);
    encodeManagedFields(managed, meta);
}

StatusOr<ApplyResult> apply(const Message* live, const Value& config, bool force, const WriteContext& ctx) {
    const auto& schema = *ctx.type->descriptor;
    std::vector<ManagedEntry> managed;
    if (live) {
        auto decoded = decodeManagedFields(api::metadata(*live));
        if (decoded) managed = std::move(*decoded);
    }
    const Value liveValue = live ? objectValue(*live) : emptyObjectValue(*ctx.type);
    Value applied = config;
    applied.erase("apiVersion");
    applied.erase("kind");
    auto merged = merge(liveValue, applied, schema);
    if (!merged) return badPatch(ctx, merged.status());
    auto appliedSet = toFieldSet(applied, schema);
    if (!appliedSet) return badPatch(ctx, appliedSet.status());

    ManagedEntry& mine = entryFor(managed, ctx, kApply);
    const Set lastSet = mine.fields;
    keepOwnable(*appliedSet, ctx);
    mine.fields = std::move(*appliedSet);
    const ManagedEntry* minePtr = &mine;

    // Fields this manager applied before and no longer does go, unless another manager owns them.
    if (!lastSet.empty()) {
        Set owned;
        for (const auto& e : managed) owned = owned.unite(e.fields);
        auto mergedSet = toFieldSet(*merged, schema);
        if (mergedSet) {
            const Set gone = withNamedFieldsAsMembers(lastSet, schema)
                                 .intersect(withNamedFieldsAsMembers(*mergedSet, schema))
                                 .minus(withNamedFieldsAsMembers(owned, schema));
            if (!gone.empty()) *merged = removeItems(*merged, gone, schema);
        }
    }

    Comparison c = compare(liveValue, *merged, schema);
    filter(c, ctx);
    const Set changed = c.modified.unite(c.added);
    std::vector<std::pair<const ManagedEntry*, Set>> conflicts;
    for (const auto& e : managed) {
        if (&e == minePtr) continue;
        Set both = e.fields.intersect(changed);
        if (!both.empty()) conflicts.emplace_back(&e, std::move(both));
    }
    if (!conflicts.empty() && !force && ctx.manager == "kubectl" && live) {
        // kubectl's move from client-side apply: what the annotation applied, and the live object
        // still holds, is not a conflict (upstream's lastAppliedManager).
        if (auto allowed = allowedByLastApplied(*live, liveValue, ctx)) {
            for (auto& [e, set] : conflicts) set.remove(*allowed);
            conflicts.erase(std::remove_if(conflicts.begin(), conflicts.end(),
                                           [](const auto& c) { return c.second.empty(); }),
                            conflicts.end());
        }
    }
    if (!conflicts.empty() && !force) return conflictError(conflicts);
    for (auto& e : managed)
        if (&e != minePtr) e.fields = e.fields.minus(changed).minus(c.removed);
    if (!(liveValue == *merged)) {
        for (auto& e : managed)
            if (&e == minePtr) e.time = ctx.now;
    }
    dropEmpty(managed, false);
    updateLastApplied(*merged, config, ctx.manager);
    ApplyResult result;
    result.object = std::move(*merged);
    result.managed = std::move(managed);
    return result;
}

}  // namespace pilothouse::apiserver::fieldmanager
