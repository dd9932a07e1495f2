#include "apiserver/openapi/spec.h"

#include <openssl/evp.h>

#include <map>
#include <mutex>
#include <vector>

#include "api/codec/json.h"
#include "api/codec/yaml.h"
#include "api/scheme.h"
#include "apiserver/openapi/schemas.h"
#include "apiserver/registry/strategy.h"
#include "openapi_v2.pb.h"
#include "version/version.h"

namespace pilothouse::apiserver::openapi {

using codec::Value;

namespace {

const std::string kPatch = "io.k8s.apimachinery.pkg.apis.meta.v1.Patch";
const std::string kStatus = "io.k8s.apimachinery.pkg.apis.meta.v1.Status";
// What this server accepts as a PATCH body (endpoints/handler.cpp).
const std::vector<std::string> kPatchTypes = {"application/json-patch+json", "application/merge-patch+json",
                                              "application/strategic-merge-patch+json"};
const std::vector<std::string> kProduces = {"application/json", "application/yaml"};

struct Param {
    std::string name;
    std::string in;  // query, path
    std::string description;
    bool required = false;
    bool uniqueItems = false;
    std::string type = "string";
};

struct Operation {
    std::string method;  // get put post delete patch
    std::string operationId;
    std::string description;
    std::string action;  // x-kubernetes-action
    std::vector<Param> params;
    std::string body;      // the body's schema ("" none)
    std::string response;  // the 200/201 answer's schema
    int responseCode = 200;
    std::vector<std::string> consumes;
    const api::ResourceType* type = nullptr;
};

struct PathItem {
    std::string path;
    std::vector<Param> params;
    std::vector<Operation> operations;
};

Param queryParam(const std::string& name, const std::string& description, const char* type = "string") {
    Param p{name, "query", description};
    p.uniqueItems = true;
    p.type = type;
    return p;
}

const Param kPretty = queryParam("pretty", "If 'true', the output is indented. (This server always answers compactly.)");
const Param kDryRun = queryParam(
    "dryRun", "When present, the change is checked (admission, validation) but not stored. The only valid value is All.");
const Param kFieldManager =
    queryParam("fieldManager", "The name of the actor making the change, recorded in the object's managed fields.");
const Param kFieldValidation = queryParam(
    "fieldValidation",
    "What to do with fields the schema does not know, or given twice: Ignore them, Warn (a Warning header for each; the "
    "default) or Strict (the request fails).");

std::vector<Param> listParams() {
    return {queryParam("allowWatchBookmarks", "With watch: ask for BOOKMARK events.", "boolean"),
            queryParam("continue", "Where the next page of a list starts: the previous page's metadata.continue."),
            queryParam("fieldSelector", "Only objects whose fields match, e.g. spec.nodeName=node-1."),
            queryParam("labelSelector", "Only objects whose labels match, e.g. app=web,tier!=db."),
            queryParam("limit", "At most this many objects; metadata.continue then names the rest.", "integer"),
            queryParam("resourceVersion", "Read the state at (or, without resourceVersionMatch=Exact, not older than) "
                                          "this revision; a watch starts after it."),
            queryParam("resourceVersionMatch", "Exact: the state at exactly resourceVersion."),
            queryParam("timeoutSeconds", "End a list or watch after this many seconds.", "integer"),
            queryParam("watch", "Watch for changes and stream them, one event per line.", "boolean")};
}

// "CoreV1", "AppsV1", "RbacAuthorizationV1": how operation IDs name a group-version.
std::string groupVersionWord(const api::ResourceType& t) {
    std::string group = t.group.empty() ? "core" : t.group;
    if (const auto k8s = group.find(".k8s.io"); k8s != std::string::npos) group = group.substr(0, k8s);
    std::string out;
    bool upper = true;
    for (char c : group) {
        if (c == '.' || c == '-') {
            upper = true;
            continue;
        }
        out += upper ? char(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
    }
    std::string version = t.version;
    version[0] = char(std::toupper(static_cast<unsigned char>(version[0])));
    return out + version;
}

std::vector<PathItem> pathsOf(const api::ResourceType& t) {
    const std::string prefix = t.group.empty() ? "/api/" + t.version : "/apis/" + t.group + "/" + t.version;
    const std::string def = definitionName(*t.descriptor);
    const std::string gv = groupVersionWord(t);
    const std::string scope = t.namespaced ? "Namespaced" : "";
    const std::string collection = prefix + (t.namespaced ? "/namespaces/{namespace}/" : "/") + t.resource;
    Param ns{"namespace", "path", "The object's namespace.", true};
    Param name{"name", "path", "The object's name.", true};
    std::vector<PathItem> out;
    auto op = [&](std::string method, std::string verbWord, std::string action, std::string description,
                  std::string body, std::string response, std::string suffix = "") {
        Operation o;
        o.method = std::move(method);
        o.operationId = verbWord + gv + scope + t.kind + suffix;
        o.action = std::move(action);
        o.description = std::move(description);
        o.body = std::move(body);
        o.response = std::move(response);
        o.type = &t;
        return o;
    };

    PathItem coll{collection, {}, {}};
    if (t.namespaced) coll.params.push_back(ns);
    coll.params.push_back(kPretty);
    if (t.supports("list")) {
        auto list = op("get", "list", "list", "list or watch objects of kind " + t.kind, "", def + "List");
        list.params = listParams();
        coll.operations.push_back(std::move(list));
    }
    if (t.supports("create")) {
        auto create = op("post", "create", "post", "create a " + t.kind, def, def);
        create.params = {kDryRun, kFieldManager, kFieldValidation};
        create.responseCode = 201;
        coll.operations.push_back(std::move(create));
    }
    if (!coll.operations.empty()) out.push_back(std::move(coll));

    if (t.supports("get")) {
        PathItem item{collection + "/{name}", {}, {}};
        item.params.push_back(name);
        if (t.namespaced) item.params.push_back(ns);
        item.params.push_back(kPretty);
        item.operations.push_back(op("get", "read", "get", "read the specified " + t.kind, "", def));
        if (t.supports("update")) {
            auto replace = op("put", "replace", "put", "replace the specified " + t.kind, def, def);
            replace.params = {kDryRun, kFieldManager, kFieldValidation};
            item.operations.push_back(std::move(replace));
        }
        if (t.supports("patch")) {
            auto patch = op("patch", "patch", "patch", "partially update the specified " + t.kind, kPatch, def);
            patch.params = {kDryRun, kFieldManager, kFieldValidation};
            patch.consumes = kPatchTypes;
            item.operations.push_back(std::move(patch));
        }
        if (t.supports("delete")) {
            auto del = op("delete", "delete", "delete", "delete a " + t.kind, "", kStatus);
            del.params = {kDryRun,
                          queryParam("gracePeriodSeconds", "Seconds the object may take to go; 0 deletes at once.", "integer"),
                          queryParam("propagationPolicy",
                                     "What happens to the objects it owns: Orphan, Background or Foreground.")};
            item.operations.push_back(std::move(del));
        }
        out.push_back(std::move(item));
        if (registry::hasStatusSubresource(t)) {
            PathItem status{collection + "/{name}/status", item.params, {}};
            status.operations.push_back(op("get", "read", "get", "read status of the specified " + t.kind, "", def, "Status"));
            auto replace = op("put", "replace", "put", "replace status of the specified " + t.kind, def, def, "Status");
            replace.params = {kDryRun, kFieldManager, kFieldValidation};
            status.operations.push_back(std::move(replace));
            auto patch = op("patch", "patch", "patch", "partially update status of the specified " + t.kind, kPatch, def, "Status");
            patch.params = {kDryRun, kFieldManager, kFieldValidation};
            patch.consumes = kPatchTypes;
            status.operations.push_back(std::move(patch));
            out.push_back(std::move(status));
        }
    }
    if (t.namespaced && t.supports("list")) {
        PathItem all{prefix + "/" + t.resource, {kPretty}, {}};
        Operation list = op("get", "list", "list", "list or watch objects of kind " + t.kind, "", def + "List");
        list.operationId = "list" + gv + t.kind + "ForAllNamespaces";
        list.params = listParams();
        all.operations.push_back(std::move(list));
        out.push_back(std::move(all));
    }
    return out;
}

// An operation's responses (the answer, and 401) and Kubernetes' extensions.
void finishOperation(Value* v, Value ok, const Operation& o) {
    ok.set("description", o.responseCode == 201 ? "Created" : "OK");
    Value responses = Value::object();
    responses.set(std::to_string(o.responseCode), std::move(ok));
    Value unauthorized = Value::object();
    unauthorized.set("description", "Unauthorized");
    responses.set("401", std::move(unauthorized));
    v->set("responses", std::move(responses));
    v->set("x-kubernetes-action", o.action);
    v->set("x-kubernetes-group-version-kind", groupVersionKind(*o.type));
}

Value strings(const std::vector<std::string>& items) {
    Value out = Value::array();
    for (const auto& s : items) out.push(s);
    return out;
}

std::string tagOf(const api::ResourceType& t) {
    std::string group = t.group.empty() ? "core" : t.group;
    if (const auto k8s = group.find(".k8s.io"); k8s != std::string::npos) group = group.substr(0, k8s);
    for (auto& c : group)
        if (c == '.') c = '_';
    return group + "_" + t.version;
}

Value paramV2(const Param& p) {
    Value v = Value::object();
    if (!p.description.empty()) v.set("description", p.description);
    v.set("in", p.in);
    v.set("name", p.name);
    if (p.required) v.set("required", true);
    v.set("type", p.type);
    if (p.uniqueItems) v.set("uniqueItems", true);
    return v;
}

Value paramV3(const Param& p) {
    Value v = Value::object();
    v.set("name", p.name);
    v.set("in", p.in);
    if (!p.description.empty()) v.set("description", p.description);
    if (p.required) v.set("required", true);
    Value schema = Value::object();
    schema.set("type", p.type);
    if (p.uniqueItems) schema.set("uniqueItems", true);
    v.set("schema", std::move(schema));
    return v;
}

Value ref(const std::string& prefix, const std::string& name) {
    Value v = Value::object();
    v.set("$ref", prefix + name);
    return v;
}

Value operationV2(const Operation& o) {
    Value v = Value::object();
    v.set("description", o.description);
    v.set("consumes", strings(o.consumes.empty() ? std::vector<std::string>{"*/*"} : o.consumes));
    v.set("produces", strings(kProduces));
    v.set("schemes", strings({"https"}));
    v.set("tags", strings({tagOf(*o.type)}));
    v.set("operationId", o.operationId);
    Value params = Value::array();
    if (!o.body.empty()) {
        Value body = Value::object();
        body.set("name", "body");
        body.set("in", "body");
        body.set("required", true);
        body.set("schema", ref("#/definitions/", o.body));
        params.push(std::move(body));
    }
    for (const auto& p : o.params) params.push(paramV2(p));
    if (params.size() > 0) v.set("parameters", std::move(params));
    Value ok = Value::object();
    ok.set("schema", ref("#/definitions/", o.response));
    finishOperation(&v, std::move(ok), o);
    return v;
}

Value operationV3(const Operation& o) {
    Value v = Value::object();
    v.set("tags", strings({tagOf(*o.type)}));
    v.set("description", o.description);
    v.set("operationId", o.operationId);
    Value params = Value::array();
    for (const auto& p : o.params) params.push(paramV3(p));
    if (params.size() > 0) v.set("parameters", std::move(params));
    if (!o.body.empty()) {
        Value content = Value::object();
        for (const auto& type : o.consumes.empty() ? std::vector<std::string>{"*/*"} : o.consumes) {
            Value media = Value::object();
            media.set("schema", ref("#/components/schemas/", o.body));
            content.set(type, std::move(media));
        }
        Value body = Value::object();
        body.set("content", std::move(content));
        body.set("required", true);
        v.set("requestBody", std::move(body));
    }
    Value content = Value::object();
    for (const auto& type : kProduces) {
        Value media = Value::object();
        media.set("schema", ref("#/components/schemas/", o.response));
        content.set(type, std::move(media));
    }
    Value ok = Value::object();
    ok.set("content", std::move(content));
    finishOperation(&v, std::move(ok), o);
    return v;
}

Value patchDefinition() {
    Value v = Value::object();
    v.set("description", "The body of a PATCH request, in the format its Content-Type names.");
    v.set("type", "object");
    return v;
}

Value info() {
    Value v = Value::object();
    v.set("title", "Kubernetes");
    v.set("version", version::apiServerGitVersion());
    return v;
}

// ---- v2 as gnostic protobuf ----

::openapi::v2::Any* yamlAny(const Value& value, ::openapi::v2::Any* out) {
    std::string text = codec::toYaml(value);
    out->set_yaml(text);
    return out;
}

void toSchema(const Value& v, ::openapi::v2::Schema* out);

void addExtensions(const Value& v, google::protobuf::RepeatedPtrField<::openapi::v2::NamedAny>* out) {
    for (const auto& [k, child] : v.asObject()) {
        if (k.rfind("x-", 0) != 0) continue;
        auto* named = out->Add();
        named->set_name(k);
        yamlAny(child, named->mutable_value());
    }
}

void toSchema(const Value& v, ::openapi::v2::Schema* out) {
    if (const Value* r = v.find("$ref")) out->set__ref(r->asString());
    if (const Value* f = v.find("format")) out->set_format(f->asString());
    if (const Value* d = v.find("description")) out->set_description(d->asString());
    if (const Value* d = v.find("default")) yamlAny(*d, out->mutable_default_());
    if (const Value* t = v.find("type")) out->mutable_type()->add_value(t->asString());
    if (const Value* r = v.find("required"))
        for (const auto& name : r->asArray()) out->add_required(name.asString());
    if (const Value* items = v.find("items")) toSchema(*items, out->mutable_items()->add_schema());
    if (const Value* ap = v.find("additionalProperties")) toSchema(*ap, out->mutable_additional_properties()->mutable_schema());
    if (const Value* props = v.find("properties")) {
        for (const auto& [name, schema] : props->asObject()) {
            auto* named = out->mutable_properties()->add_additional_properties();
            named->set_name(name);
            toSchema(schema, named->mutable_value());
        }
    }
    addExtensions(v, out->mutable_vendor_extension());
}

void toOperation(const Value& v, ::openapi::v2::Operation* out) {
    for (const auto& t : v.find("tags")->asArray()) out->add_tags(t.asString());
    out->set_description(v.find("description")->asString());
    out->set_operation_id(v.find("operationId")->asString());
    for (const auto& t : v.find("produces")->asArray()) out->add_produces(t.asString());
    for (const auto& t : v.find("consumes")->asArray()) out->add_consumes(t.asString());
    for (const auto& t : v.find("schemes")->asArray()) out->add_schemes(t.asString());
    if (const Value* params = v.find("parameters")) {
        for (const auto& p : params->asArray()) {
            auto* param = out->add_parameters()->mutable_parameter();
            const std::string in = p.find("in")->asString();
            if (in == "body") {
                auto* body = param->mutable_body_parameter();
                body->set_name(p.find("name")->asString());
                body->set_in(in);
                body->set_required(true);
                toSchema(*p.find("schema"), body->mutable_schema());
                continue;
            }
            auto* query = param->mutable_non_body_parameter()->mutable_query_parameter_sub_schema();
            query->set_in(in);
            query->set_name(p.find("name")->asString());
            if (const Value* d = p.find("description")) query->set_description(d->asString());
            query->set_type(p.find("type")->asString());
            query->set_unique_items(p.find("uniqueItems") != nullptr);
        }
    }
    for (const auto& [code, response] : v.find("responses")->asObject()) {
        auto* named = out->mutable_responses()->add_response_code();
        named->set_name(code);
        auto* r = named->mutable_value()->mutable_response();
        r->set_description(response.find("description")->asString());
        if (const Value* s = response.find("schema")) toSchema(*s, r->mutable_schema()->mutable_schema());
    }
    addExtensions(v, out->mutable_vendor_extension());
}

std::string toProtobuf(const Value& doc) {
    ::openapi::v2::Document out;
    out.set_swagger("2.0");
    out.mutable_info()->set_title(doc.find("info")->find("title")->asString());
    out.mutable_info()->set_version(doc.find("info")->find("version")->asString());
    for (const auto& [path, item] : doc.find("paths")->asObject()) {
        auto* named = out.mutable_paths()->add_path();
        named->set_name(path);
        auto* value = named->mutable_value();
        if (const Value* params = item.find("parameters")) {
            for (const auto& p : params->asArray()) {
                auto* nonBody = value->add_parameters()->mutable_parameter()->mutable_non_body_parameter();
                if (p.find("in")->asString() == "path") {
                    auto* path = nonBody->mutable_path_parameter_sub_schema();
                    path->set_in("path");
                    path->set_name(p.find("name")->asString());
                    path->set_required(true);
                    path->set_type("string");
                    path->set_unique_items(true);
                    if (const Value* d = p.find("description")) path->set_description(d->asString());
                } else {
                    auto* query = nonBody->mutable_query_parameter_sub_schema();
                    query->set_in("query");
                    query->set_name(p.find("name")->asString());
                    query->set_type(p.find("type")->asString());
                    query->set_unique_items(true);
                    if (const Value* d = p.find("description")) query->set_description(d->asString());
                }
            }
        }
        if (const Value* o = item.find("get")) toOperation(*o, value->mutable_get());
        if (const Value* o = item.find("put")) toOperation(*o, value->mutable_put());
        if (const Value* o = item.find("post")) toOperation(*o, value->mutable_post());
        if (const Value* o = item.find("delete")) toOperation(*o, value->mutable_delete_());
        if (const Value* o = item.find("patch")) toOperation(*o, value->mutable_patch());
    }
    for (const auto& [name, schema] : doc.find("definitions")->asObject()) {
        auto* named = out.mutable_definitions()->add_additional_properties();
        named->set_name(name);
        toSchema(schema, named->mutable_value());
    }
    auto* security = out.add_security()->add_additional_properties();
    security->set_name("BearerToken");
    security->mutable_value();
    auto* definition = out.mutable_security_definitions()->add_additional_properties();
    definition->set_name("BearerToken");
    auto* apiKey = definition->mutable_value()->mutable_api_key_security();
    apiKey->set_type("apiKey");
    apiKey->set_name("authorization");
    apiKey->set_in("header");
    apiKey->set_description("Bearer Token authentication");
    std::string bytes;
    out.SerializeToString(&bytes);
    return bytes;
}

// ---- documents ----

struct Documents {
    std::string v2Json;
    std::string v2Protobuf;
    std::string v3Index;
    std::map<std::string, V3Document> v3;  // "api/v1" -> document
};

std::string sha512Hex(const std::string& data) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    EVP_Digest(data.data(), data.size(), digest, &n, EVP_sha512(), nullptr);
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned int i = 0; i < n; ++i) {
        out += hex[digest[i] >> 4];
        out += hex[digest[i] & 15];
    }
    return out;
}

Value pathItemValue(const PathItem& item, bool v3) {
    Value v = Value::object();
    for (const auto& o : item.operations) v.set(o.method, v3 ? operationV3(o) : operationV2(o));
    Value params = Value::array();
    for (const auto& p : item.params) params.push(v3 ? paramV3(p) : paramV2(p));
    v.set("parameters", std::move(params));
    return v;
}

Documents build() {
    Documents d;
    // v2: everything.
    Value paths = Value::object();
    std::map<std::string, std::vector<const api::ResourceType*>> byGroupVersion;
    for (const auto& t : api::Scheme::instance().types()) {
        byGroupVersion[t.group.empty() ? "api/" + t.version : "apis/" + t.group + "/" + t.version].push_back(&t);
        for (const auto& item : pathsOf(t)) paths.set(item.path, pathItemValue(item, false));
    }
    Value definitions = Value::object();
    for (const auto& [name, schema] : openapi::definitions(Flavor::V2)) definitions.set(name, schema);
    definitions.set(kPatch, patchDefinition());
    Value v2 = Value::object();
    v2.set("swagger", "2.0");
    v2.set("info", info());
    v2.set("paths", std::move(paths));
    v2.set("definitions", std::move(definitions));
    d.v2Protobuf = toProtobuf(v2);
    d.v2Json = codec::toJson(v2, codec::JsonStyle::Compact);

    // v3: one document per group-version, with the schemas it needs.
    Value index = Value::object();
    Value indexPaths = Value::object();
    for (const auto& [gv, types] : byGroupVersion) {
        Value docPaths = Value::object();
        std::set<std::string> roots = {kStatus};
        for (const auto* t : types) {
            for (const auto& item : pathsOf(*t)) docPaths.set(item.path, pathItemValue(item, true));
            roots.insert(definitionName(*t->descriptor));
            if (t->supports("list")) roots.insert(definitionName(*t->descriptor) + "List");
        }
        const auto& all = openapi::definitions(Flavor::V3);
        Value schemas = Value::object();
        for (const auto& name : closure(roots, Flavor::V3))
            if (auto it = all.find(name); it != all.end()) schemas.set(name, it->second);
        schemas.set(kPatch, patchDefinition());
        Value components = Value::object();
        components.set("schemas", std::move(schemas));
        Value doc = Value::object();
        doc.set("openapi", "3.0.0");
        doc.set("info", info());
        doc.set("paths", std::move(docPaths));
        doc.set("components", std::move(components));
        V3Document out;
        out.json = codec::toJson(doc, codec::JsonStyle::Compact);
        out.hash = sha512Hex(out.json);
        Value entry = Value::object();
        entry.set("serverRelativeURL", "/openapi/v3/" + gv + "?hash=" + out.hash);
        indexPaths.set(gv, std::move(entry));
        d.v3[gv] = std::move(out);
    }
    index.set("paths", std::move(indexPaths));
    d.v3Index = codec::toJson(index, codec::JsonStyle::Compact);
    return d;
}

const Documents& documents() {
    static const Documents d = build();
    return d;
}

}  // namespace

const std::string& v2Json() { return documents().v2Json; }
const std::string& v2Protobuf() { return documents().v2Protobuf; }
const std::string& v3Index() { return documents().v3Index; }

std::optional<V3Document> v3Document(const std::string& path) {
    const auto& all = documents().v3;
    auto it = all.find(path);
    if (it == all.end()) return std::nullopt;
    return it->second;
}

}  // namespace pilothouse::apiserver::openapi
