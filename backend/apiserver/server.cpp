#include "apiserver/server.h"
#include "apiserver/watch_cache.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/util/message_differencer.h>
#include <google/protobuf/wire_format_lite.h>
#include <algorithm>
#include <set>

#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/labels.h"
#include "api/object.h"
#include "util/rfc3339.h"
#include "apiserver/continue_token.h"
#include "apiserver/errors.h"
#include "apiserver/fieldmanager/field_manager.h"
#include "apiserver/patch.h"
#include "apiserver/strategic_merge_patch.h"
#include "apiserver/registry/defaults.h"
#include "apiserver/registry/eviction.h"
#include "apiserver/registry/keys.h"
#include "apiserver/registry/selfsubjectaccessreview.h"
#include "apiserver/registry/selfsubjectreview.h"
#include "apiserver/registry/service_ip_allocator.h"
#include "apiserver/registry/strategy.h"
#include "apiserver/validation/authorization.h"
#include "apiserver/validation/pod.h"
#include "apiserver/validation/validation.h"
#include "authentication_v1.pb.h"
#include "authorization_v1.pb.h"
#include "core_v1.pb.h"
#include "policy_v1.pb.h"

namespace pilothouse::apiserver {

namespace core = k8s::io::api::core::v1;
namespace policy = k8s::io::api::policy::v1;
using google::protobuf::Message;
using MessagePtr = std::unique_ptr<Message>;

namespace {

std::string joinGroups(const std::vector<std::string>& groups) {
    std::string out;
    for (const auto& g : groups) out += (out.empty() ? "" : ", ") + g;
    return out;
}

// The value at a dotted JSON path of the encoded object ("spec.nodeName"), or "" if absent.
std::string fieldValue(const codec::Value& obj, const std::string& path) {
    const codec::Value* cur = &obj;
    size_t start = 0;
    while (cur) {
        size_t dot = path.find('.', start);
        cur = cur->find(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    if (!cur || cur->isNull()) return "";
    if (cur->isString()) return cur->asString();
    if (cur->isBool()) return cur->asBool() ? "true" : "false";
    if (cur->isNumber()) return cur->numberText();
    return "";
}

// Field selectors kube-apiserver supports per kind (metadata.name and metadata.namespace always).
bool fieldSelectorSupported(const api::ResourceType& type, const std::string& field) {
    if (field == "metadata.name" || field == "metadata.namespace") return true;
    static const std::vector<std::pair<std::string, std::vector<std::string>>> extra = {
        {"Pod", {"spec.nodeName", "spec.restartPolicy", "spec.schedulerName", "spec.serviceAccountName",
                 "spec.hostNetwork", "status.phase", "status.podIP", "status.nominatedNodeName"}},
        {"Node", {"spec.unschedulable"}},
        {"Namespace", {"status.phase"}},
        {"Event", {"involvedObject.kind", "involvedObject.namespace", "involvedObject.name",
                   "involvedObject.uid", "involvedObject.apiVersion", "involvedObject.resourceVersion",
                   "involvedObject.fieldPath", "reason", "reportingComponent", "source", "type"}},
        {"ReplicaSet", {"status.replicas"}},
        {"ReplicationController", {"status.replicas"}},
    };
    for (const auto& [kind, fields] : extra)
        if (kind == type.kind)
            for (const auto& f : fields)
                if (f == field) return true;
    return false;
}

struct FieldRequirement {
    std::string field;
    std::string value;
    bool equals = true;
};

StatusOr<std::vector<FieldRequirement>> parseFieldSelector(const api::ResourceType& type,
                                                           const std::string& text) {
    std::vector<FieldRequirement> out;
    if (text.empty()) return out;
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        FieldRequirement r;
        if (auto ne = part.find("!="); ne != std::string::npos) {
            r.field = part.substr(0, ne);
            r.value = part.substr(ne + 2);
            r.equals = false;
        } else if (auto eq2 = part.find("=="); eq2 != std::string::npos) {
            r.field = part.substr(0, eq2);
            r.value = part.substr(eq2 + 2);
        } else if (auto eq = part.find('='); eq != std::string::npos) {
            r.field = part.substr(0, eq);
            r.value = part.substr(eq + 1);
        } else {
            return newBadRequest("invalid selector: '" + text + "'; can't understand '" + part + "'");
        }
        if (!fieldSelectorSupported(type, r.field))
            return newBadRequest("field label not supported: " + r.field);
        out.push_back(std::move(r));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

// The fields selectors use most, read straight off the object (pkg/registry/core/pod's
// selectable fields and every kind's metadata): a kubelet's watch (spec.nodeName=<node>) tests
// every pod event, and encoding the whole pod for it was most of a large simulation's time.
// nullopt: not one of these, encode and look it up.
std::optional<std::string> directFieldValue(const Message& object, const std::string& field) {
    if (field == "metadata.name") return api::metadata(object).name();
    if (field == "metadata.namespace") return api::metadata(object).namespace_();
    if (const auto* pod = dynamic_cast<const core::Pod*>(&object)) {
        if (field == "spec.nodeName") return pod->spec().node_name();
        if (field == "status.phase") return pod->status().phase();
        if (field == "spec.schedulerName") return pod->spec().scheduler_name();
        if (field == "spec.restartPolicy") return pod->spec().restart_policy();
        if (field == "spec.serviceAccountName") return pod->spec().service_account_name();
        if (field == "status.podIP") return pod->status().pod_ip();
        if (field == "status.nominatedNodeName") return pod->status().nominated_node_name();
    }
    return std::nullopt;
}

bool matchesFields(const Message& object, const std::vector<FieldRequirement>& reqs) {
    if (reqs.empty()) return true;
    std::optional<codec::Value> encoded;
    for (const auto& r : reqs) {
        std::optional<std::string> value = directFieldValue(object, r.field);
        if (!value) {
            if (!encoded) encoded = codec::encodeMessage(object);
            value = fieldValue(*encoded, r.field);
        }
        if ((*value == r.value) != r.equals) return false;
    }
    return true;
}

struct Filter {
    api::Selector labels;
    std::vector<FieldRequirement> fields;
    // spec.nodeName=<node> on pods (a kubelet's watch): checked on the stored bytes first.
    std::optional<std::string> podNodeName;
    // metadata.name=<name> (a kubelet's list of its own Node): at most one object per namespace.
    std::optional<std::string> name;
    bool matches(const Message& object) const {
        return labels.matches(api::metadata(object).labels()) && matchesFields(object, fields);
    }
};

StatusOr<Filter> makeFilter(const Request& req) {
    Filter f;
    auto labels = api::Selector::parse(req.labelSelector);
    if (!labels) return newBadRequest(labels.status().message());
    f.labels = std::move(*labels);
    auto fields = parseFieldSelector(*req.type, req.fieldSelector);
    if (!fields) return fields.status();
    f.fields = std::move(*fields);
    for (const auto& r : f.fields) {
        if (req.type->resource == "pods" && r.field == "spec.nodeName" && r.equals) f.podNodeName = r.value;
        if (r.field == "metadata.name" && r.equals) f.name = r.value;
    }
    return f;
}

// The bytes stored for an object about to be written: without resourceVersion (the store's
// revision is the version), with TypeMeta, and without empty always-emit structs. The first two
// are set on `object` itself, which every caller is about to return with its TypeMeta and the
// new (or kept) resourceVersion anyway; only when there are empty structs to clear is a copy
// made, so the object returned keeps them, as before.
std::string serialize(const api::ResourceType& type, Message* object) {
    api::mutableMetadata(object)->clear_resource_version();
    api::setTypeMeta(object, type);
    MessagePtr cleared;
    if (codec::hasEmptyStructs(*object)) {
        cleared.reset(object->New());
        cleared->CopyFrom(*object);
        codec::clearEmptyStructs(cleared.get());
    }
    // Deterministic: map entries in key order, so equal objects give equal bytes (no-op updates
    // are detected by comparing them, and runs replay byte for byte).
    std::string bytes;
    {
        google::protobuf::io::StringOutputStream stream(&bytes);
        google::protobuf::io::CodedOutputStream out(&stream);
        out.SetSerializationDeterministic(true);
        (cleared ? *cleared : *object).SerializeToCodedStream(&out);
    }
    return bytes;
}

// What a SelfSubjectAccessReview asked, for its trace: `may "bob" create pods.apps/status "web"
// in "default"`, `may "bob" get path "/healthz"`.
std::string describeAsked(const Attributes& a) {
    std::string out = "may " + authorization::goQuote(a.user.name) + " " + a.verb + " ";
    if (!a.resourceRequest) return out + "path " + authorization::goQuote(a.path);
    out += a.resource + (a.apiGroup.empty() ? "" : "." + a.apiGroup) + (a.subresource.empty() ? "" : "/" + a.subresource);
    if (!a.name.empty()) out += " " + authorization::goQuote(a.name);
    return out + (a.namespace_.empty() ? " at the cluster scope" : " in " + authorization::goQuote(a.namespace_));
}

}  // namespace

// ---- the per-request pipeline: keeps the virtual-time cursor and the trace ----

class APIServer::Pipeline {
public:
    Pipeline(APIServer& server, const Request& req, Response& resp)
        : Pipeline(server, req, resp, server.clock_.nowUnixNanos()) {}
    // A request the server makes while serving another (the eviction's delete and budget write),
    // starting at `startNanos` of the outer request's virtual time.
    Pipeline(APIServer& server, const Request& req, Response& resp, int64_t startNanos)
        : s_(server), req_(req), resp_(resp), t_(startNanos) {
        // A create records about a dozen stages: one allocation instead of the vector's growth.
        resp_.trace.reserve(kTypicalStages);
        if (req_.type) qualified_ = req_.type->qualifiedResource();
    }

    void record(const char* stage, std::string step, bool passed, std::string detail,
                int64_t cost) {
        resp_.trace.push_back({stage, std::move(step), passed, std::move(detail), t_, t_ + cost});
        t_ += cost;
    }
    // A passed stage that says what it did in Pilothouse's own words.
    void record(const char* stage, std::string step, std::vector<sim::Phrase> phrases, int64_t cost) {
        record(stage, std::move(step), true, sim::english(phrases), cost);
        resp_.trace.back().phrases = std::move(phrases);
    }

    // Records a failed storage read or write and returns its error (for callers that pass it on).
    Status failStatus(const Status& st, int64_t cost = 0) {
        record(kStageStorage, "etcd", false, st.message(), cost);
        return st;
    }

    // Fails the response with `st`, recording the stage that stopped it.
    Response& fail(const char* stage, const std::string& step, const Status& st, int64_t cost = 0) {
        record(stage, step, false, st.message(), cost);
        resp_.status = st;
        return resp_;
    }

    const std::string& qualified() const { return qualified_; }
    const UserInfo& user() const { return user_; }

    Response& run() {
        if (!req_.type) {
            resp_.status = newBadRequest("the server could not find the requested resource");
            return resp_;
        }
        qualified_ = req_.type->qualifiedResource();
        recordClient();
        if (!authenticate() || !authorize()) return resp_;
        const std::string& v = req_.verb;
        // kube-apiserver's router has routes only for the verbs a kind serves (a create-only
        // review has no get, list, update, patch or delete).
        if (!req_.type->supports(v) && isServedVerb(v)) return noRoute();
        if (req_.type->kind == "SelfSubjectAccessReview") return reviewSelfAccess();
        if (req_.type->kind == "SelfSubjectReview") return reviewSelf();
        if (v == "get") return get();
        if (v == "list") return list();
        if (v == "create" && req_.subresource == "binding") return bind();
        if (v == "create" && req_.subresource == "eviction") return evict();
        if (v == "create") return create();
        if (v == "update") return update(nullptr);
        if (v == "patch") return patch();
        if (v == "delete") return remove();
        resp_.status = newMethodNotSupported(qualified_, v);
        return resp_;
    }

    // The request as its client sent it (HTTP or gRPC), before the server does anything with it:
    // "kubectl apply" (or the User-Agent's first word) and "POST /api/v1/namespaces/default/pods".
    void recordClient() {
        if (req_.userAgent.empty() && req_.clientCommand.empty() && req_.httpMethod.empty()) return;
        std::string who = req_.clientCommand;
        if (who.empty()) who = req_.userAgent.substr(0, req_.userAgent.find(' '));
        if (who.empty()) who = "unknown client";
        std::string detail = req_.httpMethod.empty() ? req_.path : req_.httpMethod + " " + req_.path;
        if (!req_.userAgent.empty()) detail += (detail.empty() ? "" : " ") + ("(" + req_.userAgent + ")");
        record(kStageClient, std::move(who), true, std::move(detail), 0);
    }

    bool authenticate() {
        const int64_t cost = s_.config_.costs.authenticationNanos;
        if (!s_.config_.authenticate) {
            user_ = {"system:admin", "", {"system:masters", "system:authenticated"}};
            // In-process callers are the loopback client; a client over HTTP or gRPC meets an API
            // server without authenticators (every request acts as system:admin).
            const bool fromClient = !req_.httpMethod.empty() || !req_.userAgent.empty();
            record(kStageAuthentication, fromClient ? "none configured" : "loopback",
                   {{sim::Phrase::Id::User, {"system:admin"}}}, cost);
            return true;
        }
        if (req_.certificateUser) {
            // The x509 authenticator comes first in kube-apiserver's union of authenticators.
            user_ = *req_.certificateUser;
            if (std::find(user_.groups.begin(), user_.groups.end(), "system:authenticated") == user_.groups.end())
                user_.groups.push_back("system:authenticated");
            record(kStageAuthentication, "x509 client certificate",
                   {{sim::Phrase::Id::UserInGroups, {user_.name, joinGroups(user_.groups)}}}, cost);
            return true;
        }
        auto user = s_.config_.authenticate(req_.token);
        if (!user) {
            Status st = user.status().reason().empty() ? newUnauthorized() : user.status();
            fail(kStageAuthentication, "bearer token", st, cost);
            return false;
        }
        user_ = *user;
        record(kStageAuthentication, req_.token.empty() ? "anonymous" : "bearer token",
               {{sim::Phrase::Id::UserInGroups, {user_.name, joinGroups(user_.groups)}}}, cost);
        return true;
    }

    Attributes attributes() const {
        Attributes a;
        a.user = user_;
        a.verb = req_.verb;
        a.apiGroup = req_.type->group;
        a.apiVersion = req_.type->version;
        a.resource = req_.type->resource;
        a.subresource = req_.subresource;
        a.namespace_ = req_.type->namespaced ? req_.namespace_ : "";
        a.name = req_.name;
        return a;
    }

    bool authorize() {
        const int64_t cost = s_.config_.costs.authorizationNanos;
        if (!s_.config_.authorizer) {
            record(kStageAuthorization, "AlwaysAllow", {{sim::Phrase::Id::Allowed}}, cost);
            return true;
        }
        const Attributes a = attributes();
        const authorization::AuthorizationResult result = s_.config_.authorizer->authorize(a);
        if (result.decision != authorization::Decision::Allow) {
            fail(kStageAuthorization, "RBAC",
                 newForbidden(qualified_, req_.name, authorization::forbiddenMessage(a, result.reason)), cost);
            return false;
        }
        // RBAC's reason is kube-apiserver's own text ("RBAC: allowed by ClusterRoleBinding ...").
        if (result.reason.empty()) record(kStageAuthorization, "RBAC", {{sim::Phrase::Id::Allowed}}, cost);
        else record(kStageAuthorization, "RBAC", true, result.reason, cost);
        return true;
    }

    // A verb some kind serves (one of api::kStoredVerbs); others are MethodNotSupported.
    static bool isServedVerb(const std::string& verb) {
        return std::find(api::kStoredVerbs.begin(), api::kStoredVerbs.end(), verb) != api::kStoredVerbs.end();
    }

    // No route for the request: a named path (get, update, patch, delete, a subresource) does not
    // exist, 404; the collection exists without that method (list, create), 405.
    Response& noRoute() {
        const std::string& v = req_.verb;
        const bool named = v == "get" || v == "update" || v == "patch" || v == "delete" || !req_.subresource.empty();
        resp_.status = named ? newRouteNotFound() : newMethodNotAllowed();
        return resp_;
    }

    // Defaulting happens as the body is decoded, before the strategy sees the object.
    void applyDefaults(Message* object) {
        registry::applyDefaults(*req_.type, object);
        record(kStageMutatingAdmission, "defaulting", {{sim::Phrase::Id::AppliedDefaults, {req_.type->kind}}},
               s_.config_.costs.admissionPluginNanos);
    }

    // Runs mutating admission, validation and validating admission.
    bool admitAndValidate(Message* object, const Message* old, admission::Operation op) {
        const auto& costs = s_.config_.costs;
        admission::AdmissionAttributes attrs;
        attrs.request = attributes();
        attrs.operation = op;
        attrs.type = req_.type;
        attrs.object = object;
        attrs.oldObject = old;
        attrs.dryRun = req_.dryRun;
        for (const auto& plugin : s_.config_.mutatingAdmission) {
            if (!plugin->handles(op)) continue;
            std::vector<sim::Phrase> notes;
            Status st = plugin->admit(attrs, s_, &notes);
            if (!st.isOk()) {
                fail(kStageMutatingAdmission, plugin->name(), st, costs.admissionPluginNanos);
                return false;
            }
            if (notes.empty()) notes.push_back({sim::Phrase::Id::NoChange});
            record(kStageMutatingAdmission, plugin->name(), std::move(notes), costs.admissionPluginNanos);
        }
        if (op == admission::Operation::Create && req_.type->kind == "Service" &&
            !allocateClusterIP(static_cast<core::Service*>(object)))
            return false;
        const auto& meta = api::metadata(*object);
        validation::ErrorList errors =
            old ? validation::validateUpdate(*req_.type, *object, *old, req_.subresource)
                : validation::validateCreate(*req_.type, *object);
        if (!errors.empty()) {
            fail(kStageValidation, req_.type->kind, newInvalid(req_.type->kind, meta.name(), errors),
                 costs.validationNanos);
            return false;
        }
        record(kStageValidation, req_.type->kind, {{sim::Phrase::Id::Valid}}, costs.validationNanos);
        for (const auto& plugin : s_.config_.validatingAdmission) {
            if (!plugin->handles(op)) continue;
            std::vector<sim::Phrase> notes;
            Status st = plugin->validate(attrs, s_, &notes);
            if (!st.isOk()) {
                fail(kStageValidatingAdmission, plugin->name(), st, costs.admissionPluginNanos);
                return false;
            }
            if (notes.empty()) notes.push_back({sim::Phrase::Id::Admitted});
            record(kStageValidatingAdmission, plugin->name(), std::move(notes), costs.admissionPluginNanos);
        }
        return true;
    }

    // The Service registry's BeginCreate: a ClusterIP for every Service that gets one.
    bool allocateClusterIP(core::Service* svc) {
        auto* spec = svc->mutable_spec();
        const std::string requested = spec->cluster_ip().empty() && spec->cluster_ips_size() > 0 ? spec->cluster_ips(0)
                                                                                              : spec->cluster_ip();
        if (spec->type() == "ExternalName" || requested == "None") {
            record(kStageRegistry, "ClusterIP allocation", true, requested == "None" ? "headless: no ClusterIP" : "ExternalName: no ClusterIP", 0);
            return true;
        }
        auto allocator = registry::ServiceIPAllocator::create(s_.config_.serviceClusterIPRange);
        if (!allocator) {
            fail(kStageRegistry, "ClusterIP allocation", newInternalError(allocator.status().message()), 0);
            return false;
        }
        std::set<std::string> used;
        for (const auto& other : s_.list(*req_.type, "")) {
            const auto& os = static_cast<const core::Service&>(*other).spec();
            if (!os.cluster_ip().empty() && os.cluster_ip() != "None") used.insert(os.cluster_ip());
        }
        auto ip = allocator->allocate(requested, used, s_.nextRandom());
        if (!ip) {
            validation::ErrorList errors;
            errors.push_back(validation::invalid("spec.clusterIPs", "[]string{\"" + requested + "\"}",
                                                 "failed to allocate IP " + requested + ": " + ip.status().message()));
            if (requested.empty()) {
                errors.back() = validation::FieldError{};
                errors.back().type = validation::ErrorType::Internal;
                errors.back().field = "spec.clusterIPs";
                errors.back().detail = "failed to allocate a serviceIP: " + ip.status().message();
            }
            fail(kStageRegistry, "ClusterIP allocation", newInvalid(req_.type->kind, svc->metadata().name(), errors), 0);
            return false;
        }
        spec->set_cluster_ip(*ip);
        spec->clear_cluster_ips();
        spec->add_cluster_ips(*ip);
        if (spec->ip_families().empty()) spec->add_ip_families("IPv4");
        if (!spec->has_ip_family_policy()) spec->set_ip_family_policy("SingleStack");
        record(kStageRegistry, "ClusterIP allocation", true, "clusterIP " + *ip + " from " + allocator->cidr(), 0);
        return true;
    }

    StatusOr<std::pair<MessagePtr, store::KeyValue>> readCurrent(const std::string& ns,
                                                                 const std::string& name) {
        auto kv = s_.store_.get(registry::objectKey(*req_.type, ns, name));
        if (!kv) return fromStoreError(kv.status(), qualified_, name);
        auto obj = decodeStored(*req_.type, *kv);
        if (!obj) return obj.status();
        return std::make_pair(std::move(*obj), std::move(*kv));
    }

    Response& storeResult(StatusOr<store::KeyValue> kv, MessagePtr object, const std::string& name,
                          const std::string& verb) {
        const int64_t cost = s_.config_.costs.storageWriteNanos;
        if (!kv) return fail(kStageStorage, "etcd", fromStoreError(kv.status(), qualified_, name), cost);
        api::mutableMetadata(object.get())->set_resource_version(std::to_string(kv->modRevision));
        api::setTypeMeta(object.get(), *req_.type);
        record(kStageStorage, "etcd", {{sim::Phrase::Id::Stored, {verb, kv->key, std::to_string(kv->modRevision)}}},
               cost);
        resp_.object = std::move(object);
        return resp_;
    }

    // ---- verbs ----

    Response& get() {
        auto kv = s_.store_.get(registry::objectKey(*req_.type, req_.namespace_, req_.name),
                                req_.resourceVersion);
        const int64_t cost = s_.config_.costs.storageReadNanos;
        if (!kv) return fail(kStageStorage, "etcd", fromStoreError(kv.status(), qualified_, req_.name), cost);
        auto obj = decodeStored(*req_.type, *kv);
        if (!obj) return fail(kStageStorage, "etcd", obj.status(), cost);
        record(kStageStorage, "etcd", true, "read " + kv->key, cost);
        resp_.object = std::move(*obj);
        return resp_;
    }

    // A chunk of a chunked list (etcd3 store's GetList with a limit): the store is read a page at a
    // time from the continue token's key, as many pages as it takes to fill the chunk with objects
    // the selectors match, so a chunk costs what it holds rather than the whole list.
    Response& listChunk(const std::string& prefix, int64_t atRevision, const std::string& startKey, const Filter& filter,
                        bool paging, int64_t cost) {
        const size_t want = req_.limit > 0 ? size_t(req_.limit) : 0;
        const bool filtered = !req_.labelSelector.empty() || !req_.fieldSelector.empty();
        std::string from = startKey;
        std::string lastKey;
        int64_t revision = atRevision;
        bool more = true;
        std::optional<int64_t> remaining;
        while (more && (want == 0 || resp_.items.size() < want)) {
            auto page = s_.store_.listPage(prefix, revision, from, want == 0 ? 0 : want - resp_.items.size(), !filtered);
            if (!page) {
                if (paging && page.status().code() == StatusCode::OutOfRange)
                    return fail(kStageStorage, "etcd",
                                newResourceExpired("The provided continue parameter is too old to display a consistent "
                                                   "list result. You can start a new list without the continue parameter."),
                                cost);
                return fail(kStageStorage, "etcd", fromStoreError(page.status(), qualified_, ""), cost);
            }
            revision = page->revision;  // later pages at the first page's revision
            for (const auto& kv : page->items) {
                lastKey = kv.key;
                if (filter.podNodeName) {
                    const auto node = peekPodNodeName(kv.value);
                    if (node && *node != *filter.podNodeName) continue;
                }
                auto obj = decodeStored(*req_.type, kv);
                if (!obj) return fail(kStageStorage, "etcd", obj.status(), cost);
                if (filter.matches(**obj)) resp_.items.push_back(std::move(*obj));
            }
            more = page->more;
            remaining = page->remaining;
            if (page->items.empty()) break;
            from = lastKey + '\0';
        }
        if (more) {
            // More keys remain after the last one examined: resume just after it.
            resp_.continueToken = encodeContinue(lastKey + '\0', prefix, revision);
            // The count of what remains is only exact when nothing is filtered out.
            if (!filtered) resp_.remainingItemCount = remaining;
        }
        resp_.listRevision = revision;
        record(kStageStorage, "etcd", true,
               "listed " + std::to_string(resp_.items.size()) + " " + qualified_ + " at revision " + std::to_string(revision) +
                   (resp_.continueToken.empty() ? "" : " (more remain)"),
               cost);
        if (req_.shareItems) {
            resp_.sharedItems.reserve(resp_.items.size());
            for (auto& item : resp_.items) resp_.sharedItems.emplace_back(std::move(item));
            resp_.items.clear();
        }
        return resp_;
    }

    Response& list() {
        auto filter = makeFilter(req_);
        if (!filter) {
            resp_.status = filter.status();
            return resp_;
        }
        const int64_t cost = s_.config_.costs.storageReadNanos;
        const std::string prefix = registry::namespacePrefix(*req_.type, req_.namespace_);
        // Chunked lists (etcd3 store's GetList): a continue token fixes both the revision and
        // the key to resume at.
        const bool paging = !req_.continueToken.empty();
        int64_t atRevision = req_.resourceVersion;
        std::string startKey;
        if (paging) {
            if (req_.resourceVersion != 0) {
                resp_.status = newBadRequest("specifying resource version is not allowed when using continue");
                return resp_;
            }
            auto position = decodeContinue(req_.continueToken, prefix);
            if (!position) {
                resp_.status = position.status();
                return resp_;
            }
            atRevision = position->revision;
            startKey = position->startKey;
        }
        // A kubelet's list (spec.nodeName=<node>, all at once, the latest state) from the watch
        // cache's index, as kube-apiserver serves it: only that node's pods are read.
        std::optional<store::ListResult> indexed;
        if (filter->podNodeName && !paging && req_.limit == 0 && atRevision == 0 && !req_.shareItems)
            indexed = s_.podNodes_.list(prefix, *filter->podNodeName);
        // One name in one namespace (or of a cluster-scoped kind, as a kubelet lists its Node): that
        // key alone, read at the current revision.
        if (!indexed && filter->name && (!req_.type->namespaced || !req_.namespace_.empty()) && !paging &&
            req_.limit == 0 && atRevision == 0) {
            store::ListResult one;
            one.revision = s_.store_.currentRevision();
            auto kv = s_.store_.get(registry::objectKey(*req_.type, req_.namespace_, *filter->name), one.revision);
            if (kv.isOk()) one.items.push_back(std::move(*kv));
            if (kv.isOk() || kv.status().code() == StatusCode::NotFound) indexed = std::move(one);
        }
        // An informer's list of the latest state, from the watch cache: every client shares the
        // objects decoded once.
        if (!indexed && req_.shareItems && !paging && req_.limit == 0 && atRevision == 0) {
            auto cached = s_.cacher_.list(*req_.type, prefix, [&](const Message& m) { return filter->matches(m); },
                                          filter->podNodeName ? &*filter->podNodeName : nullptr);
            if (!cached) return fail(kStageStorage, "etcd", fromStoreError(cached.status(), qualified_, ""), cost);
            resp_.sharedItems = std::move(cached->objects);
            resp_.listRevision = cached->revision;
            record(kStageStorage, "watch cache", true,
                   "listed " + std::to_string(resp_.sharedItems.size()) + " " + qualified_ + " at revision " +
                       std::to_string(cached->revision),
                   cost);
            return resp_;
        }
        if (!indexed && (paging || req_.limit > 0)) return listChunk(prefix, atRevision, startKey, *filter, paging, cost);
        auto result = indexed ? StatusOr<store::ListResult>(std::move(*indexed)) : s_.store_.list(prefix, atRevision);
        if (!result) {
            if (paging && result.status().code() == StatusCode::OutOfRange)
                return fail(kStageStorage, "etcd",
                            newResourceExpired("The provided continue parameter is too old to display a consistent "
                                               "list result. You can start a new list without the continue parameter."),
                            cost);
            return fail(kStageStorage, "etcd", fromStoreError(result.status(), qualified_, ""), cost);
        }
        const auto& items = result->items;
        auto it = std::lower_bound(items.begin(), items.end(), startKey,
                                   [](const store::KeyValue& kv, const std::string& key) { return kv.key < key; });
        for (; it != items.end(); ++it) {
            if (req_.limit > 0 && int64_t(resp_.items.size()) == req_.limit) break;
            // A kubelet's list (spec.nodeName=<node>) passes over other nodes' pods without decoding
            // them, as its watch does.
            if (filter->podNodeName) {
                const auto node = peekPodNodeName(it->value);
                if (node && *node != *filter->podNodeName) continue;
            }
            auto obj = decodeStored(*req_.type, *it);
            if (!obj) return fail(kStageStorage, "etcd", obj.status(), cost);
            if (filter->matches(**obj)) resp_.items.push_back(std::move(*obj));
        }
        if (it != items.end()) {
            // More keys remain after the last one examined: resume just after it.
            resp_.continueToken = encodeContinue(std::prev(it)->key + '\0', prefix, result->revision);
            // The count of what remains is only exact when nothing is filtered out.
            if (req_.labelSelector.empty() && req_.fieldSelector.empty())
                resp_.remainingItemCount = int64_t(items.end() - it);
        }
        resp_.listRevision = result->revision;
        record(kStageStorage, "etcd", true,
               "listed " + std::to_string(resp_.items.size()) + " " + qualified_ + " at revision " +
                   std::to_string(result->revision) + (resp_.continueToken.empty() ? "" : " (more remain)"),
               cost);
        if (req_.shareItems) {
            resp_.sharedItems.reserve(resp_.items.size());
            for (auto& item : resp_.items) resp_.sharedItems.emplace_back(std::move(item));
            resp_.items.clear();
        }
        return resp_;
    }

    // The fields of this write's manager (fieldmanager/field_manager.h); an apply has recorded them.
    void trackManagedFields(const Message* live, Message* obj) {
        if (applied_) return;
        fieldmanager::WriteContext ctx{req_.type, managerName(), req_.subresource, rfc3339::format(t_)};
        fieldmanager::update(live, obj, ctx);
    }

    std::string managerName() const {
        if (!req_.fieldManager.empty()) return req_.fieldManager;
        std::string manager = fieldmanager::managerFromUserAgent(req_.userAgent);
        // An HTTP request without a User-Agent is recorded under "", as upstream records it; an
        // in-process caller that names no manager (a scenario's objects, the GUI's edits,
        // pilothousectl) under Pilothouse's own name.
        if (manager.empty() && req_.httpMethod.empty()) manager = fieldmanager::kInProcessManager;
        return manager;
    }

    // create; `applied` is the object a server-side apply made of a missing one.
    Response& create(MessagePtr applied = nullptr) {
        if (!req_.body && !applied) {
            resp_.status = newBadRequest("a create request needs a body");
            return resp_;
        }
        MessagePtr obj = std::move(applied);
        if (!obj) {
            obj.reset(req_.body->New());
            obj->CopyFrom(*req_.body);
        }
        auto* meta = api::mutableMetadata(obj.get());
        if (req_.type->namespaced) {
            if (meta->namespace_().empty()) meta->set_namespace_(req_.namespace_.empty() ? "default" : req_.namespace_);
            if (!req_.namespace_.empty() && meta->namespace_() != req_.namespace_) {
                resp_.status = newBadRequest(
                    "the namespace of the provided object does not match the namespace sent on the request");
                return resp_;
            }
        } else {
            meta->clear_namespace_();
        }
        if (!meta->resource_version().empty()) {
            resp_.status = newBadRequest("resourceVersion should not be set on objects to be created");
            return resp_;
        }
        if (meta->name().empty() && !meta->generate_name().empty())
            meta->set_name(meta->generate_name() + s_.generateNameSuffix());
        // System fields (rest.BeforeCreate): uid, creation time, no deletion state.
        meta->set_uid(s_.newUid());
        meta->set_creation_timestamp(rfc3339::format(t_));
        meta->clear_deletion_timestamp();
        meta->clear_deletion_grace_period_seconds();
        meta->set_generation(0);
        applyDefaults(obj.get());
        trackManagedFields(nullptr, obj.get());
        registry::prepareForCreate(*req_.type, obj.get(), s_.config_.features);
        if (!admitAndValidate(obj.get(), nullptr, admission::Operation::Create)) return resp_;
        codec::canonicalizeQuantities(obj.get());
        if (req_.dryRun) {
            resp_.object = std::move(obj);
            return resp_;
        }
        const std::string name = meta->name();
        auto kv = s_.store_.create(registry::objectKey(*req_.type, meta->namespace_(), name),
                                   serialize(*req_.type, obj.get()));
        resp_.created = static_cast<bool>(kv);
        return storeResult(std::move(kv), std::move(obj), name, "create");
    }

    // update (PUT) of the object or its status; `patched` is the patched object for PATCH.
    Response& update(MessagePtr patched) {
        const Message* body = patched ? patched.get() : req_.body.get();
        if (!body) {
            resp_.status = newBadRequest("an update request needs a body");
            return resp_;
        }
        const std::string& name = req_.name.empty() ? api::metadata(*body).name() : req_.name;
        if (api::metadata(*body).name() != name) {
            resp_.status = newBadRequest("the name of the object (" + api::metadata(*body).name() +
                                         ") does not match the name on the URL (" + name + ")");
            return resp_;
        }
        // namespaces/finalize: the namespace controller's, to clear spec.finalizers.
        const bool finalize = req_.subresource == "finalize" && req_.type->kind == "Namespace";
        if (!req_.subresource.empty() && req_.subresource != "status" && !finalize) {
            resp_.status = newMethodNotSupported(qualified_ + "/" + req_.subresource, "update");
            return resp_;
        }
        if (req_.subresource == "status" && !registry::hasStatusSubresource(*req_.type)) {
            resp_.status = newNotFound(qualified_ + "/status", name);
            return resp_;
        }
        auto current = readCurrent(req_.namespace_, name);
        if (!current) return fail(kStageStorage, "etcd", current.status());
        auto& [old, oldKv] = *current;
        MessagePtr obj(body->New());
        obj->CopyFrom(*body);
        auto* meta = api::mutableMetadata(obj.get());
        const auto& oldMeta = api::metadata(*old);
        int64_t expected = 0;
        if (!meta->resource_version().empty()) {
            try {
                expected = std::stoll(meta->resource_version());
            } catch (...) {
                resp_.status = newBadRequest("invalid resourceVersion \"" + meta->resource_version() + "\"");
                return resp_;
            }
            if (expected != oldKv.modRevision)
                return fail(kStageStorage, "etcd", newConflict(qualified_, name, kOptimisticLockMessage));
        }
        if (req_.type->namespaced && meta->namespace_().empty()) meta->set_namespace_(req_.namespace_);
        // rest.BeforeUpdate: system fields are the stored ones.
        meta->set_creation_timestamp(oldMeta.creation_timestamp());
        if (meta->uid().empty()) meta->set_uid(oldMeta.uid());
        if (oldMeta.has_deletion_timestamp()) meta->set_deletion_timestamp(oldMeta.deletion_timestamp());
        if (oldMeta.has_deletion_grace_period_seconds())
            meta->set_deletion_grace_period_seconds(oldMeta.deletion_grace_period_seconds());
        applyDefaults(obj.get());
        registry::prepareForUpdate(*req_.type, obj.get(), *old, req_.subresource, s_.config_.features);
        trackManagedFields(old.get(), obj.get());
        if (!admitAndValidate(obj.get(), old.get(), admission::Operation::Update)) return resp_;
        codec::canonicalizeQuantities(obj.get());
        // prepareForUpdate may have replaced the metadata (a status update copies the stored object).
        meta = api::mutableMetadata(obj.get());
        // A finalizing object whose last finalizer was removed is deleted now.
        // (A pod on a node only once its graceful deletion is over: grace period 0.)
        const bool boundPod =
            req_.type->kind == "Pod" && !static_cast<const core::Pod&>(*obj).spec().node_name().empty();
        const bool graceOver = oldMeta.has_deletion_grace_period_seconds() &&
                               oldMeta.deletion_grace_period_seconds() == 0 && !oldMeta.finalizers().empty();
        // A namespace also waits for its spec.finalizers (the namespace controller's "kubernetes").
        const bool namespaceFinalizing =
            req_.type->kind == "Namespace" && static_cast<const core::Namespace&>(*obj).spec().finalizers_size() > 0;
        if (meta->has_deletion_timestamp() && meta->finalizers().empty() && (!boundPod || graceOver) &&
            !namespaceFinalizing) {
            if (req_.dryRun) {
                resp_.object = std::move(obj);
                return resp_;
            }
            auto kv = s_.store_.remove(oldKv.key, oldKv.modRevision);
            return storeResult(std::move(kv), std::move(obj), name, "delete");
        }
        if (req_.dryRun) {
            resp_.object = std::move(obj);
            return resp_;
        }
        const std::string bytes = serialize(*req_.type, obj.get());
        if (bytes == oldKv.value) {
            // No change: nothing is written and the resourceVersion stays (as kube-apiserver does).
            record(kStageStorage, "etcd", true, "no change; not written", 0);
            meta->set_resource_version(std::to_string(oldKv.modRevision));
            api::setTypeMeta(obj.get(), *req_.type);
            resp_.object = std::move(obj);
            return resp_;
        }
        auto kv = s_.store_.update(oldKv.key, bytes, oldKv.modRevision);
        return storeResult(std::move(kv), std::move(obj), name, "update");
    }

    Response& patch() {
        if (req_.patchType == PatchType::Apply) return applyPatch();
        // Patches apply to the latest state; a concurrent writer makes us retry, as upstream does.
        for (int attempt = 0; attempt < 5; ++attempt) {
            auto current = readCurrent(req_.namespace_, req_.name);
            if (!current) return fail(kStageStorage, "etcd", current.status());
            codec::Value doc = codec::encodeMessage(*current->first);
            codec::Value patchedDoc;
            if (req_.patchType == PatchType::Merge) {
                patchedDoc = applyMergePatch(doc, req_.patch);
            } else if (req_.patchType == PatchType::StrategicMerge) {
                auto r = applyStrategicMergePatch(doc, req_.patch, *req_.type->descriptor);
                if (!r) {
                    resp_.status = newBadRequest(r.status().message());
                    return resp_;
                }
                patchedDoc = std::move(*r);
            } else {
                auto r = applyJsonPatch(doc, req_.patch);
                if (!r) {
                    resp_.status = newBadRequest(r.status().message());
                    return resp_;
                }
                patchedDoc = std::move(*r);
            }
            std::vector<std::string> warnings;
            auto obj = codec::decodeObject(patchedDoc, *req_.type, &warnings);
            if (!obj) {
                resp_.status = newBadRequest(obj.status().message());
                return resp_;
            }
            for (auto& w : warnings) resp_.warnings.push_back(w);
            // Without a resourceVersion in the patch, the patch applies to what we just read.
            auto* meta = api::mutableMetadata(obj->get());
            const bool pinned = !meta->resource_version().empty() &&
                                meta->resource_version() != std::to_string(current->second.modRevision);
            if (!pinned) meta->set_resource_version(std::to_string(current->second.modRevision));
            const size_t traceSize = resp_.trace.size();
            update(std::move(*obj));
            if (resp_.status.reason() != "Conflict" || pinned) return resp_;
            // Lost a race with another writer: drop this attempt's records and try again.
            resp_.trace.resize(traceSize);
            resp_.status = Status();
        }
        return resp_;
    }

    // Server-side apply: the configuration merged into the live object by the field manager, then
    // written as an update — or, when there is no object yet, created.
    Response& applyPatch() {
        const codec::Value& config = req_.patch;
        const std::string expected = req_.type->apiVersion();
        const codec::Value* apiVersion = config.find("apiVersion");
        const std::string given = apiVersion && apiVersion->isString() ? apiVersion->asString() : "";
        if (given != expected) {
            resp_.status = newBadRequest("Incorrect version specified in apply patch. Specified patch version: " +
                                         (given.empty() ? std::string("/") : given) + ", expected: " + expected);
            return resp_;
        }
        const codec::Value* kind = config.find("kind");
        if (!kind || !kind->isString() || kind->asString() != req_.type->kind) {
            resp_.status = newBadRequest("Incorrect kind specified in apply patch. Specified patch kind: " +
                                         (kind && kind->isString() ? kind->asString() : std::string()) +
                                         ", expected: " + req_.type->kind);
            return resp_;
        }
        const codec::Value* meta = config.find("metadata");
        const codec::Value* name = meta ? meta->find("name") : nullptr;
        const std::string configName = name && name->isString() ? name->asString() : "";
        if (configName != req_.name) {
            resp_.status = newBadRequest("the name of the object (" + configName +
                                         ") does not match the name on the URL (" + req_.name + ")");
            return resp_;
        }
        if (const codec::Value* ns = meta ? meta->find("namespace") : nullptr;
            ns && ns->isString() && req_.type->namespaced && ns->asString() != req_.namespace_) {
            resp_.status = newBadRequest("the namespace of the provided object does not match the namespace sent on the request");
            return resp_;
        }
        if (const codec::Value* managed = meta ? meta->find("managedFields") : nullptr; managed && !managed->isNull()) {
            resp_.status = newBadRequest("metadata.managedFields must be nil");
            return resp_;
        }
        const fieldmanager::WriteContext ctx{req_.type, managerName(), req_.subresource, rfc3339::format(t_)};
        for (int attempt = 0; attempt < 5; ++attempt) {
            auto current = readCurrent(req_.namespace_, req_.name);
            const bool missing = !current && current.status().code() == StatusCode::NotFound;
            if (!current && !missing) return fail(kStageStorage, "etcd", current.status());
            if (missing && !req_.subresource.empty()) return fail(kStageStorage, "etcd", current.status());
            auto result = fieldmanager::apply(missing ? nullptr : current->first.get(), config, req_.force, ctx);
            if (!result) {
                resp_.status = result.status();
                return resp_;
            }
            std::vector<std::string> warnings;
            auto obj = codec::decodeObject(result->object, *req_.type, &warnings);
            if (!obj) {
                resp_.status = newBadRequest(obj.status().message());
                return resp_;
            }
            for (auto& w : warnings) resp_.warnings.push_back(w);
            auto* objMeta = api::mutableMetadata(obj->get());
            fieldmanager::encodeManagedFields(result->managed, objMeta);
            applied_ = true;
            if (missing) {
                objMeta->clear_resource_version();
                return create(std::move(*obj));
            }
            const bool pinned = !objMeta->resource_version().empty() &&
                                objMeta->resource_version() != std::to_string(current->second.modRevision);
            if (!pinned) objMeta->set_resource_version(std::to_string(current->second.modRevision));
            const size_t traceSize = resp_.trace.size();
            update(std::move(*obj));
            if (resp_.status.reason() != "Conflict" || pinned || resp_.status.httpCode() != 409 ||
                resp_.status.message().rfind("Apply failed", 0) == 0)
                return resp_;
            resp_.trace.resize(traceSize);
            resp_.status = Status();
            applied_ = false;
        }
        return resp_;
    }

    Response& remove() {
        // DeleteOptions validation (ValidateDeleteOptions).
        const std::string& policy = req_.propagationPolicy;
        if (!policy.empty() && policy != "Foreground" && policy != "Background" && policy != "Orphan") {
            validation::ErrorList errs{validation::notSupported("propagationPolicy", validation::quote(policy),
                                                                {"Foreground", "Background", "Orphan", "nil"})};
            resp_.status = newInvalid("DeleteOptions.meta.k8s.io", "", errs);
            return resp_;
        }
        auto current = readCurrent(req_.namespace_, req_.name);
        if (!current) return fail(kStageStorage, "etcd", current.status());
        auto& [old, oldKv] = *current;
        const auto& meta = api::metadata(*old);
        if (!req_.preconditionUID.empty() && req_.preconditionUID != meta.uid())
            return fail(kStageStorage, "etcd",
                        newConflict(qualified_, req_.name,
                                    "Precondition failed: UID in precondition: " + req_.preconditionUID +
                                        ", UID in object meta: " + meta.uid()));
        if (!req_.preconditionResourceVersion.empty() &&
            req_.preconditionResourceVersion != std::to_string(oldKv.modRevision))
            return fail(kStageStorage, "etcd",
                        newConflict(qualified_, req_.name,
                                    "Precondition failed: ResourceVersion in precondition: " +
                                        req_.preconditionResourceVersion +
                                        ", ResourceVersion in object meta: " + std::to_string(oldKv.modRevision)));
        admission::AdmissionAttributes attrs;
        attrs.request = attributes();
        attrs.operation = admission::Operation::Delete;
        attrs.type = req_.type;
        attrs.oldObject = old.get();
        attrs.dryRun = req_.dryRun;
        const auto& costs = s_.config_.costs;
        for (const auto& plugin : s_.config_.validatingAdmission) {
            if (!plugin->handles(admission::Operation::Delete)) continue;
            std::vector<sim::Phrase> notes;
            Status st = plugin->validate(attrs, s_, &notes);
            if (!st.isOk()) return fail(kStageValidatingAdmission, plugin->name(), st, costs.admissionPluginNanos);
            record(kStageValidatingAdmission, plugin->name(), {{sim::Phrase::Id::Admitted}}, costs.admissionPluginNanos);
        }
        MessagePtr obj(old->New());
        obj->CopyFrom(*old);
        auto* newMeta = api::mutableMetadata(obj.get());
        // Graceful deletion: a pod on a node, or an object with finalizers, is marked and stays
        // until its kubelet / finalizers are done.
        bool graceful = false;
        bool alreadyTerminating = false;
        if (req_.type->kind == "Pod") {
            const auto& pod = static_cast<const core::Pod&>(*old);
            int64_t grace = req_.gracePeriodSeconds >= 0 ? req_.gracePeriodSeconds
                                                          : pod.spec().termination_grace_period_seconds();
            if (!pod.spec().node_name().empty() && grace > 0 && pod.status().phase() != "Succeeded" &&
                pod.status().phase() != "Failed") {
                graceful = true;
                if (meta.has_deletion_timestamp()) {
                    alreadyTerminating = true;  // a second delete does not restart the grace period
                } else {
                    newMeta->set_deletion_grace_period_seconds(grace);
                    newMeta->set_deletion_timestamp(rfc3339::format(t_ + grace * 1'000'000'000));
                }
            } else if (meta.has_deletion_timestamp()) {
                newMeta->set_deletion_grace_period_seconds(0);  // the kubelet's final delete
            }
        } else if (req_.type->kind == "Namespace") {
            graceful = true;
            if (!meta.has_deletion_timestamp()) newMeta->set_deletion_timestamp(rfc3339::format(t_));
            newMeta->set_deletion_grace_period_seconds(0);
            static_cast<core::Namespace*>(obj.get())->mutable_status()->set_phase("Terminating");
        }
        // The garbage collector's finalizers for the propagation policy
        // (deletionFinalizersForGarbageCollection): the request's policy, else the finalizer the
        // object already has, else the kind's default.
        bool orphan = false, foreground = false;
        if (policy == "Orphan") {
            orphan = true;
        } else if (policy == "Foreground") {
            foreground = true;
        } else if (policy.empty()) {
            bool decided = false;
            for (const auto& f : meta.finalizers()) {
                if (f == api::kFinalizerOrphanDependents) orphan = decided = true;
                if (f == api::kFinalizerDeleteDependents) foreground = decided = true;
            }
            if (!decided)
                orphan = registry::defaultGarbageCollectionPolicy(*req_.type) ==
                         registry::GarbageCollectionPolicy::OrphanDependents;
        }
        {
            auto* fins = newMeta->mutable_finalizers();
            for (int i = fins->size() - 1; i >= 0; --i)
                if (fins->Get(i) == api::kFinalizerOrphanDependents || fins->Get(i) == api::kFinalizerDeleteDependents)
                    fins->DeleteSubrange(i, 1);
            if (orphan) newMeta->add_finalizers(api::kFinalizerOrphanDependents);
            if (foreground) newMeta->add_finalizers(api::kFinalizerDeleteDependents);
        }
        if (alreadyTerminating && std::set<std::string>(meta.finalizers().begin(), meta.finalizers().end()) ==
                                      std::set<std::string>(newMeta->finalizers().begin(), newMeta->finalizers().end())) {
            resp_.object = std::move(obj);
            record(kStageStorage, "etcd", true, "already terminating", 0);
            return resp_;
        }
        if (!newMeta->finalizers().empty()) {
            graceful = true;
            if (!newMeta->has_deletion_timestamp()) newMeta->set_deletion_timestamp(rfc3339::format(t_));
            if (!newMeta->has_deletion_grace_period_seconds()) newMeta->set_deletion_grace_period_seconds(0);
        }
        if (req_.dryRun) {
            resp_.object = std::move(obj);
            return resp_;
        }
        if (graceful) {
            auto kv = s_.store_.update(oldKv.key, serialize(*req_.type, obj.get()), oldKv.modRevision);
            return storeResult(std::move(kv), std::move(obj), req_.name, "update");
        }
        auto kv = s_.store_.remove(oldKv.key, oldKv.modRevision);
        return storeResult(std::move(kv), std::move(obj), req_.name, "delete");
    }

    // pods/binding: the scheduler's decision, written as spec.nodeName plus PodScheduled=True.
    Response& bind() {
        if (req_.type->kind != "Pod") {
            resp_.status = newNotFound(qualified_ + "/binding", req_.name);
            return resp_;
        }
        const auto* binding = dynamic_cast<const core::Binding*>(req_.body.get());
        if (!binding) {
            resp_.status = newBadRequest("a binding request needs a Binding body");
            return resp_;
        }
        const int64_t cost = s_.config_.costs.validationNanos;
        validation::ErrorList errors = validation::validatePodBinding(*binding);
        if (!errors.empty())
            return fail(kStageValidation, "Binding", newInvalid("Binding", binding->metadata().name(), errors), cost);
        record(kStageValidation, "Binding", {{sim::Phrase::Id::Valid}}, cost);
        const std::string podName = req_.name.empty() ? binding->metadata().name() : req_.name;
        auto current = readCurrent(req_.namespace_, podName);
        if (!current) return fail(kStageStorage, "etcd", current.status());
        auto& [old, oldKv] = *current;
        auto pod = std::unique_ptr<core::Pod>(static_cast<core::Pod*>(old.release()));
        if (!binding->metadata().uid().empty() && binding->metadata().uid() != pod->metadata().uid())
            return fail(kStageStorage, "etcd", newConflict(qualified_, podName, "Precondition failed: UID in precondition: " + binding->metadata().uid() + ", UID in object meta: " + pod->metadata().uid()));
        if (pod->metadata().has_deletion_timestamp())
            return fail(kStageStorage, "etcd", newConflict(qualified_, podName, "pod " + podName + " is being deleted, cannot be assigned to a host"));
        if (!pod->spec().node_name().empty())
            return fail(kStageStorage, "etcd", newConflict(qualified_, podName, "pod " + podName + " is already assigned to node \"" + pod->spec().node_name() + "\""));
        pod->mutable_spec()->set_node_name(binding->target().name());
        for (const auto& [k, v] : binding->metadata().annotations())
            (*pod->mutable_metadata()->mutable_annotations())[k] = v;
        // PodScheduled=True; its lastTransitionTime changes only when the status changes.
        core::PodCondition* cond = nullptr;
        for (auto& c : *pod->mutable_status()->mutable_conditions())
            if (c.type() == "PodScheduled") cond = &c;
        if (!cond) {
            cond = pod->mutable_status()->add_conditions();
            cond->set_type("PodScheduled");
        }
        if (cond->status() != "True") cond->set_last_transition_time(rfc3339::format(t_));
        cond->set_status("True");
        cond->clear_reason();
        cond->clear_message();
        if (req_.dryRun) {
            resp_.object = std::move(pod);
            return resp_;
        }
        MessagePtr obj(pod.release());
        auto kv = s_.store_.update(oldKv.key, serialize(*req_.type, obj.get()), oldKv.modRevision);
        return storeResult(std::move(kv), std::move(obj), podName, "update");
    }

    // pods/eviction: the eviction's rules (registry/eviction.h) over this server's own registry.
    Response& evict();

    // create selfsubjectaccessreviews (registry/selfsubjectaccessreview.h): validated, then this
    // server's authorizer asked about the spec's attributes for the caller; nothing is stored.
    Response& reviewSelfAccess() {
        namespace authorizationv1 = k8s::io::api::authorization::v1;
        if (!req_.subresource.empty()) return noRoute();
        const auto* body = dynamic_cast<const authorizationv1::SelfSubjectAccessReview*>(req_.body.get());
        if (!body) {
            resp_.status = newBadRequest(std::string("not a SelfSubjectAccessReview: ") +
                                         (req_.body ? "*" + req_.body->GetDescriptor()->full_name() : "<nil>"));
            return resp_;
        }
        auto review = std::make_unique<authorizationv1::SelfSubjectAccessReview>(*body);
        // EnsureObjectNamespaceMatchesRequestNamespace: a cluster-scoped object has no namespace.
        review->mutable_metadata()->clear_namespace_();
        const auto& costs = s_.config_.costs;
        const validation::ErrorList errors = validation::validateSelfSubjectAccessReview(*review);
        // authorizationapi.Kind(selfSAR.Kind): the internal object decoded from the body has no
        // kind, so upstream's GroupKind prints as ".authorization.k8s.io".
        if (!errors.empty())
            return fail(kStageValidation, req_.type->kind, newInvalid("." + req_.type->group, "", errors),
                        costs.validationNanos);
        record(kStageValidation, req_.type->kind, {{sim::Phrase::Id::Valid}}, costs.validationNanos);
        const Attributes asked = registry::accessReviewAttributes(user_, review->spec());
        authorization::AuthorizationResult result{authorization::Decision::Allow, ""};  // AlwaysAllow
        if (s_.config_.authorizer) result = s_.config_.authorizer->authorize(asked);
        *review->mutable_status() = registry::accessReviewStatus(result);
        record(kStageRegistry, req_.type->kind, true,
               describeAsked(asked) + ": " + authorization::decisionName(result.decision) +
                   (result.reason.empty() ? "" : " (" + result.reason + ")"),
               costs.authorizationNanos);
        api::setTypeMeta(review.get(), *req_.type);
        resp_.object = std::move(review);
        return resp_;
    }

    // create selfsubjectreviews (registry/selfsubjectreview.h): the caller as authentication found
    // them, in a review created now; nothing is stored.
    Response& reviewSelf() {
        namespace authenticationv1 = k8s::io::api::authentication::v1;
        if (!req_.subresource.empty()) return noRoute();
        if (!dynamic_cast<const authenticationv1::SelfSubjectReview*>(req_.body.get())) {
            resp_.status = newBadRequest(std::string("not a SelfSubjectReview: ") +
                                         (req_.body ? "*" + req_.body->GetDescriptor()->full_name() : "<nil>"));
            return resp_;
        }
        auto review = std::make_unique<authenticationv1::SelfSubjectReview>();
        review->mutable_metadata()->set_creation_timestamp(rfc3339::format(t_));
        *review->mutable_status() = registry::selfSubjectReviewStatus(user_);
        record(kStageRegistry, req_.type->kind, true, "user " + authorization::goQuote(user_.name), 0);
        api::setTypeMeta(review.get(), *req_.type);
        resp_.object = std::move(review);
        return resp_;
    }

private:
    class EvictionStore;
    // Runs `verb` of `sub` as a request of this server's own (no authentication or authorization,
    // as kube-apiserver's loopback client), its trace continuing this one's.
    Status nested(const Request& sub, const std::function<Response&(Pipeline&)>& verb);

    static constexpr size_t kTypicalStages = 16;

    APIServer& s_;
    const Request& req_;
    Response& resp_;
    int64_t t_;
    std::string qualified_;
    bool applied_ = false;  // the object being written came from a server-side apply
    UserInfo user_;
};

// ---- pods/eviction ----

Status APIServer::Pipeline::nested(const Request& sub, const std::function<Response&(Pipeline&)>& verb) {
    Response resp;
    Pipeline inner(s_, sub, resp, t_);
    verb(inner);
    for (auto& r : resp.trace) resp_.trace.push_back(std::move(r));
    t_ = inner.t_;
    return resp.status;
}

class APIServer::Pipeline::EvictionStore final : public registry::EvictionStorage {
public:
    EvictionStore(Pipeline& p, std::string ns) : p_(p), ns_(std::move(ns)) {}

    StatusOr<std::unique_ptr<core::Pod>> getPod(const std::string& name) override {
        auto kv = read(*pods(), name);
        if (!kv) return kv.status();
        return std::unique_ptr<core::Pod>(static_cast<core::Pod*>(kv->first.release()));
    }

    StatusOr<std::vector<std::unique_ptr<policy::PodDisruptionBudget>>> listPodDisruptionBudgets() override {
        const int64_t cost = p_.s_.config_.costs.storageReadNanos;
        auto result = p_.s_.store_.list(registry::namespacePrefix(*pdbs(), ns_));
        if (!result) return p_.failStatus(fromStoreError(result.status(), pdbs()->qualifiedResource(), ""), cost);
        std::vector<std::unique_ptr<policy::PodDisruptionBudget>> out;
        for (const auto& kv : result->items) {
            auto obj = decodeStored(*pdbs(), kv);
            if (!obj) return obj.status();
            out.emplace_back(static_cast<policy::PodDisruptionBudget*>(obj->release()));
        }
        p_.record(kStageStorage, "etcd", true,
                  "listed " + std::to_string(out.size()) + " poddisruptionbudgets.policy in " + ns_, cost);
        return out;
    }

    StatusOr<std::unique_ptr<policy::PodDisruptionBudget>> getPodDisruptionBudget(const std::string& name) override {
        auto kv = read(*pdbs(), name);
        if (!kv) return kv.status();
        return std::unique_ptr<policy::PodDisruptionBudget>(static_cast<policy::PodDisruptionBudget*>(kv->first.release()));
    }

    Status updatePodDisruptionBudgetStatus(const policy::PodDisruptionBudget& pdb) override {
        Request sub;
        sub.verb = "update";
        sub.type = pdbs();
        sub.namespace_ = ns_;
        sub.name = pdb.metadata().name();
        sub.subresource = "status";
        sub.body = std::make_shared<policy::PodDisruptionBudget>(pdb);
        return p_.nested(sub, [](Pipeline& inner) -> Response& { return inner.update(nullptr); });
    }

    StatusOr<std::string> updatePodStatus(const std::string& name,
                                          const std::function<Status(core::Pod&)>& mutate) override {
        // GuaranteedUpdate: the latest pod, changed, compare-and-swapped; again when another
        // writer came first.
        for (int attempt = 0;; ++attempt) {
            auto current = read(*pods(), name);
            if (!current) return current.status();
            auto& [obj, kv] = *current;
            PH_RETURN_IF_ERROR(mutate(static_cast<core::Pod&>(*obj)));
            const std::string bytes = serialize(*pods(), obj.get());
            if (bytes == kv.value) return std::to_string(kv.modRevision);
            const int64_t cost = p_.s_.config_.costs.storageWriteNanos;
            auto written = p_.s_.store_.update(kv.key, bytes, kv.modRevision);
            if (written) {
                p_.record(kStageStorage, "etcd", true,
                          "updated " + kv.key + " at revision " + std::to_string(written->modRevision) +
                              " (condition DisruptionTarget)",
                          cost);
                return std::to_string(written->modRevision);
            }
            if (written.status().code() != StatusCode::Aborted || attempt >= 4)
                return p_.failStatus(fromStoreError(written.status(), "pods", name), cost);
        }
    }

    Status deletePod(const std::string& name, const policy::DeleteOptions& options) override {
        Request sub;
        sub.verb = "delete";
        sub.type = pods();
        sub.namespace_ = ns_;
        sub.name = name;
        if (options.has_grace_period_seconds()) sub.gracePeriodSeconds = options.grace_period_seconds();
        if (options.has_propagation_policy()) sub.propagationPolicy = options.propagation_policy();
        if (options.has_preconditions()) {
            if (options.preconditions().has_uid()) sub.preconditionUID = options.preconditions().uid();
            if (options.preconditions().has_resource_version())
                sub.preconditionResourceVersion = options.preconditions().resource_version();
        }
        sub.dryRun = !options.dry_run().empty();
        return p_.nested(sub, [](Pipeline& inner) -> Response& { return inner.remove(); });
    }

    void note(const std::string& step, bool passed, const std::string& detail) override {
        p_.record(kStageRegistry, "eviction: " + step, passed, detail, 0);
    }

private:
    static const api::ResourceType* pods() { return api::Scheme::instance().byName("pods"); }
    static const api::ResourceType* pdbs() { return api::Scheme::instance().byName("poddisruptionbudgets"); }

    StatusOr<std::pair<MessagePtr, store::KeyValue>> read(const api::ResourceType& type, const std::string& name) {
        const int64_t cost = p_.s_.config_.costs.storageReadNanos;
        auto kv = p_.s_.store_.get(registry::objectKey(type, ns_, name));
        if (!kv) return p_.failStatus(fromStoreError(kv.status(), type.qualifiedResource(), name), cost);
        auto obj = decodeStored(type, *kv);
        if (!obj) return obj.status();
        p_.record(kStageStorage, "etcd", true, "read " + kv->key, cost);
        return std::make_pair(std::move(*obj), std::move(*kv));
    }

    Pipeline& p_;
    std::string ns_;
};

Response& APIServer::Pipeline::evict() {
    if (req_.type->kind != "Pod") {
        resp_.status = newNotFound(qualified_ + "/eviction", req_.name);
        return resp_;
    }
    const auto* eviction = dynamic_cast<const policy::Eviction*>(req_.body.get());
    if (!eviction) {
        resp_.status = newBadRequest(std::string("not a Eviction object: ") +
                                     (req_.body ? "*" + req_.body->GetDescriptor()->name() : "<nil>"));
        return resp_;
    }
    const std::string name = req_.name.empty() ? eviction->metadata().name() : req_.name;
    std::string ns = req_.namespace_;
    if (ns.empty()) ns = eviction->metadata().namespace_().empty() ? "default" : eviction->metadata().namespace_();
    EvictionStore storage(*this, ns);
    registry::EvictionOptions options;
    options.dryRun = req_.dryRun;
    options.nowNanos = t_;
    auto result = registry::evict(name, *eviction, options, storage);
    if (!result) {
        // A failed read or write already recorded its stage; the eviction's own refusals end here.
        if (resp_.trace.empty() || resp_.trace.back().passed) record(kStageRegistry, "eviction", false, result.status().message(), 0);
        resp_.status = result.status();
        return resp_;
    }
    resp_.object = std::make_unique<k8s::io::apimachinery::pkg::apis::meta::v1::Status>(std::move(*result));
    return resp_;
}

// ---- APIServer ----

APIServer::APIServer(store::Store& store, const sim::Clock& clock, Config config)
    : store_(store), clock_(clock), config_(std::move(config)), informers_(store), podNodes_(store), cacher_(store), randomState_(config_.uidSeed) {}

APIServer::~APIServer() = default;

Response APIServer::handle(const Request& request) {
    Response response;
    Pipeline(*this, request, response).run();
    if (observer_) observer_(request, response);
    return response;
}

Status APIServer::authorizeRequest(const std::string& token, Attributes attributes) const {
    if (!attributes.user.name.empty()) {
        // Authenticated by the transport (a verified client certificate): see Request::certificateUser.
        if (std::find(attributes.user.groups.begin(), attributes.user.groups.end(), "system:authenticated") ==
            attributes.user.groups.end())
            attributes.user.groups.push_back("system:authenticated");
    } else if (!config_.authenticate) {
        attributes.user = {"system:admin", "", {"system:masters", "system:authenticated"}};
    } else {
        auto user = config_.authenticate(token);
        if (!user) return user.status().reason().empty() ? newUnauthorized() : user.status();
        attributes.user = *user;
    }
    if (!config_.authorizer) return {};
    const authorization::AuthorizationResult result = config_.authorizer->authorize(attributes);
    if (result.decision == authorization::Decision::Allow) return {};
    return authorization::forbiddenError(attributes, result.reason);
}

StatusOr<MessagePtr> APIServer::decodeStored(const api::ResourceType& type, const store::KeyValue& kv) {
    MessagePtr obj = type.newObject();
    if (!obj->ParseFromString(kv.value))
        return newInternalError("stored object at " + kv.key + " cannot be decoded");
    api::mutableMetadata(obj.get())->set_resource_version(std::to_string(kv.modRevision));
    api::setTypeMeta(obj.get(), type);
    return obj;
}

std::vector<ListedObject> APIServer::list(const api::ResourceType& type, const std::string& ns) const {
    if (auto cached = informers_.list(type, ns)) return std::move(*cached);
    std::vector<ListedObject> out;
    auto result = store_.list(registry::namespacePrefix(type, ns));
    if (!result) return out;
    for (const auto& kv : result->items)
        if (auto obj = decodeStored(type, kv)) out.push_back(std::move(*obj));
    return out;
}

ListedObject APIServer::get(const api::ResourceType& type, const std::string& ns, const std::string& name) const {
    if (auto cached = informers_.get(type, ns, name)) return std::move(*cached);
    auto kv = store_.get(registry::objectKey(type, ns, name));
    if (!kv) return nullptr;
    auto obj = decodeStored(type, *kv);
    return obj ? ListedObject(std::move(*obj)) : nullptr;
}

namespace {
uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
}  // namespace

uint64_t APIServer::nextRandom() {
    std::lock_guard lock(randomMutex_);
    return splitmix64(randomState_);
}

std::string APIServer::newUid() {
    uint64_t a, b;
    {
        std::lock_guard lock(randomMutex_);
        a = splitmix64(randomState_);
        b = splitmix64(randomState_);
    }
    // RFC 4122 version 4 layout.
    a = (a & 0xffffffffffff0fffULL) | 0x0000000000004000ULL;
    b = (b & 0x3fffffffffffffffULL) | 0x8000000000000000ULL;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x-%04x-%04x-%04x-%012llx", unsigned(a >> 32),
                  unsigned((a >> 16) & 0xffff), unsigned(a & 0xffff), unsigned(b >> 48),
                  (unsigned long long)(b & 0xffffffffffffULL));
    return buf;
}

std::string APIServer::generateNameSuffix() {
    // utilrand.String: five characters from an alphabet without vowels and look-alikes.
    static const char alphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    std::string out;
    std::lock_guard lock(randomMutex_);
    for (int i = 0; i < 5; ++i) out += alphabet[splitmix64(randomState_) % (sizeof alphabet - 1)];
    return out;
}

// ---- watch ----

namespace {

thread_local const std::string* t_watchClient = nullptr;

class ApiWatchStream final : public WatchStream {
public:
    ApiWatchStream(const api::ResourceType& type, std::unique_ptr<store::Watch> watch, Filter filter,
                   std::shared_ptr<std::atomic<int64_t>> delivered)
        : type_(type), watch_(std::move(watch)), filter_(std::move(filter)), delivered_(std::move(delivered)) {}

    StatusOr<std::vector<WatchEvent>> next(std::chrono::milliseconds timeout) override {
        auto shared = nextShared(timeout);
        if (!shared) return shared.status();
        std::vector<WatchEvent> out;
        out.reserve(shared->size());
        for (const auto& e : *shared) {
            MessagePtr obj(e.object->New());
            obj->CopyFrom(*e.object);
            out.push_back({e.type, std::move(obj), e.revision});
        }
        return out;
    }

    StatusOr<std::vector<SharedWatchEvent>> nextShared(std::chrono::milliseconds timeout) override {
        auto events = watch_->nextShared(timeout);
        if (!events) {
            const Status& st = events.status();
            if (st.code() == StatusCode::OutOfRange) return newResourceExpired(st.message());
            if (st.code() == StatusCode::ResourceExhausted)
                return newTooManyRequests("the watcher fell behind and was closed; watch again from resourceVersion " +
                                          std::to_string(watch_->lastRevision()));
            return st;
        }
        std::vector<SharedWatchEvent> out;
        for (const auto& e : *events) {
            if (filter_.podNodeName) {
                auto node = peekPodNodeName(e->kv.value);
                if (node && *node != *filter_.podNodeName) continue;
            }
            auto shared = decodeWatchEvent(type_, *e);
            if (!shared) return shared.status();
            if (!filter_.matches(**shared)) continue;
            out.push_back({e->type, std::move(*shared), e->revision});
        }
        if (!out.empty()) delivered_->fetch_add(int64_t(out.size()), std::memory_order_relaxed);
        return out;
    }
    int64_t lastRevision() const override { return watch_->lastRevision(); }
    void setNotify(std::function<void()> notify) override { watch_->setNotify(std::move(notify)); }

private:
    const api::ResourceType& type_;
    std::unique_ptr<store::Watch> watch_;
    Filter filter_;
    std::shared_ptr<std::atomic<int64_t>> delivered_;
};

}  // namespace

WatchClientScope::WatchClientScope(const std::string& client) : previous_(t_watchClient) { t_watchClient = &client; }

WatchClientScope::~WatchClientScope() { t_watchClient = previous_; }

std::map<std::string, int64_t> APIServer::watchDeliveries() const {
    std::lock_guard lock(deliveriesMutex_);
    std::map<std::string, int64_t> out;
    for (const auto& [client, count] : deliveries_) out.emplace(client, count->load(std::memory_order_relaxed));
    return out;
}

StatusOr<std::unique_ptr<WatchStream>> APIServer::watch(const Request& request, RequestTrace* trace) {
    Request req = request;
    req.verb = "watch";
    Response resp;
    Pipeline pipeline(*this, req, resp);
    if (!req.type) return newBadRequest("the server could not find the requested resource");
    pipeline.recordClient();
    if (!pipeline.authenticate() || !pipeline.authorize()) {
        if (trace) *trace = resp.trace;
        return resp.status;
    }
    if (!req.type->supports("watch")) return newMethodNotAllowed();
    auto filter = makeFilter(req);
    if (!filter) return filter.status();
    const int64_t current = store_.currentRevision();
    int64_t from = req.resourceVersion ? req.resourceVersion : current;
    // Ahead of the store: kube-apiserver's watch cache answers "Too large resource version" once
    // it has waited in vain for that revision. Here such a revision was read from a store that a
    // rewind or a restore replaced, and waiting would skip every change up to it; the client
    // lists again, as client-go's reflector does.
    if (from > current)
        return newTooLargeResourceVersion("Too large resource version: " + std::to_string(from) +
                                          ", current: " + std::to_string(current));
    auto w = store_.watch(registry::namespacePrefix(*req.type, req.namespace_), from);
    if (!w) {
        if (w.status().code() == StatusCode::OutOfRange) return newResourceExpired(w.status().message());
        return newInternalError(w.status().message());
    }
    if (trace) *trace = resp.trace;
    std::shared_ptr<std::atomic<int64_t>> delivered;
    {
        std::lock_guard lock(deliveriesMutex_);
        auto& counter = deliveries_[t_watchClient ? *t_watchClient : pipeline.user().name];
        if (!counter) counter = std::make_shared<std::atomic<int64_t>>(0);
        delivered = counter;
    }
    return std::unique_ptr<WatchStream>(
        new ApiWatchStream(*req.type, std::move(*w), std::move(*filter), std::move(delivered)));
}

}  // namespace pilothouse::apiserver
