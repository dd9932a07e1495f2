#include "apiserver/endpoints/handler.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "api/codec/json.h"
#include "api/codec/proto_json.h"
#include "api/codec/protobuf.h"
#include "api/codec/yaml.h"
#include "api/object.h"
#include "apiserver/dry_run.h"
#include "apiserver/endpoints/discovery.h"
#include "apiserver/endpoints/request_info.h"
#include "apiserver/endpoints/responses.h"
#include "apiserver/endpoints/pod_streams.h"
#include "apiserver/endpoints/scale.h"
#include "apiserver/openapi/spec.h"
#include "apiserver/errors.h"
#include "core_v1.pb.h"
#include "policy_v1.pb.h"
#include "printers/table_generator.h"
#include "version/version.h"

namespace pilothouse::apiserver::endpoints {

using codec::Value;
using google::protobuf::Message;

std::string HttpRequest::header(const std::string& lowerCaseName) const {
    auto it = headers.find(lowerCaseName);
    return it == headers.end() ? std::string() : it->second;
}

// ---- WatchBody ----

WatchBody::WatchBody(std::unique_ptr<WatchStream> stream, std::vector<WatchEvent> initial, Encoder encode,
                     ErrorEncoder encodeError, std::chrono::steady_clock::time_point deadline)
    : stream_(std::move(stream)),
      encode_(std::move(encode)),
      encodeError_(std::move(encodeError)),
      deadline_(deadline) {
    for (auto& e : initial) pending_.push_back({e.type, std::move(e.object), e.revision});
    initialPending_ = pending_.size();
}

void WatchBody::setBufferLimit(size_t limit) {
    std::lock_guard lock(mutex_);
    bufferLimit_ = limit;
}

void WatchBody::absorb() {
    std::lock_guard lock(mutex_);
    absorbLocked();
}

void WatchBody::absorbLocked() {
    if (!stream_) return;
    for (;;) {
        auto events = stream_->nextShared(std::chrono::milliseconds(0));
        if (!events) {
            // The watch ended (410 after a rewind, the server stopping): what was read goes first.
            ending_ = encodeError_(events.status());
            stream_.reset();
            return;
        }
        if (events->empty()) return;
        for (auto& e : *events) pending_.push_back(std::move(e));
        if (pending_.size() - initialPending_ > bufferLimit_) {
            // Kube-apiserver closes a watcher that cannot keep up; so does this one, keeping nothing
            // of its backlog.
            // From just before the first event it did not get.
            const int64_t from = pending_[initialPending_].revision - 1;
            pending_.clear();
            initialPending_ = 0;
            stream_.reset();
            ending_ = encodeError_(newTooManyRequests("the watcher fell behind and was closed; watch again from resourceVersion " +
                                                      std::to_string(std::max<int64_t>(from, 0))));
            return;
        }
    }
}

std::string WatchBody::take() {
    std::lock_guard lock(mutex_);
    std::string out;
    if (done_) return out;
    if (pending_.empty()) absorbLocked();
    const bool sent = !pending_.empty();
    for (size_t n = 0; n < kMaxEventsPerTake && !pending_.empty(); ++n) {
        out += encode_(pending_.front());
        pending_.pop_front();
        if (initialPending_ > 0) --initialPending_;
    }
    if (pending_.empty() && !ending_.empty()) {
        out += ending_;
        done_ = true;
        return out;
    }
    const auto now = std::chrono::steady_clock::now();
    if (encodeBookmark_ && now >= nextBookmark_) {
        nextBookmark_ = now + bookmarkInterval_;
        if (!sent && stream_) out += encodeBookmark_(stream_->lastRevision());
    }
    if (now >= deadline_) done_ = true;
    return out;
}

void WatchBody::enableBookmarks(std::function<std::string(int64_t revision)> encodeBookmark,
                                std::chrono::milliseconds interval) {
    std::lock_guard lock(mutex_);
    encodeBookmark_ = std::move(encodeBookmark);
    bookmarkInterval_ = interval;
    nextBookmark_ = std::chrono::steady_clock::now() + interval;
}

std::chrono::steady_clock::time_point WatchBody::nextWake() const {
    std::lock_guard lock(mutex_);
    return encodeBookmark_ ? std::min(deadline_, nextBookmark_) : deadline_;
}

bool WatchBody::done() const {
    std::lock_guard lock(mutex_);
    return done_;
}

void WatchBody::setNotify(std::function<void()> notify) {
    std::lock_guard lock(mutex_);
    if (stream_) stream_->setNotify(std::move(notify));
}

namespace {

// ---- Encodings ----

enum class Encoding { Json, Yaml, Table, AggregatedDiscovery };

std::string trim(std::string s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.erase(s.begin());
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
    return s;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

struct MediaType {
    std::string type;  // "application/json"
    std::map<std::string, std::string> params;
};

// A Content-Type or one entry of an Accept header.
MediaType parseMediaType(const std::string& text) {
    MediaType m;
    size_t start = 0;
    bool first = true;
    while (start <= text.size()) {
        size_t end = text.find(';', start);
        if (end == std::string::npos) end = text.size();
        const std::string part = trim(text.substr(start, end - start));
        if (first) {
            m.type = lower(part);
            first = false;
        } else if (auto eq = part.find('='); eq != std::string::npos) {
            m.params[lower(trim(part.substr(0, eq)))] = trim(part.substr(eq + 1));
        }
        start = end + 1;
    }
    return m;
}

std::vector<MediaType> parseAccept(const std::string& accept) {
    std::vector<MediaType> out;
    size_t start = 0;
    while (start <= accept.size()) {
        size_t end = accept.find(',', start);
        if (end == std::string::npos) end = accept.size();
        const std::string entry = trim(accept.substr(start, end - start));
        if (!entry.empty()) out.push_back(parseMediaType(entry));
        start = end + 1;
    }
    return out;
}

Status notAcceptable() { return newNotAcceptable("application/json, application/yaml"); }

// What to answer in: the first entry of Accept this server produces. `tables`: a Table may be
// asked for (reads of resources); `discovery`: an aggregated discovery document may be.
StatusOr<Encoding> negotiate(const std::string& accept, bool tables, bool discovery) {
    const auto entries = parseAccept(accept);
    if (entries.empty()) return Encoding::Json;
    for (const auto& m : entries) {
        auto param = [&](const char* k) {
            auto it = m.params.find(k);
            return it == m.params.end() ? std::string() : it->second;
        };
        const std::string as = param("as");
        if (m.type == "application/json" || m.type == "application/*" || m.type == "*/*") {
            if (as.empty()) return Encoding::Json;
            if (as == "Table" && tables && param("g") == "meta.k8s.io" && (param("v") == "v1" || param("v") == "v1beta1"))
                return Encoding::Table;
            if (as == "APIGroupDiscoveryList" && discovery && param("g") == "apidiscovery.k8s.io" && param("v") == "v2beta1")
                return Encoding::AggregatedDiscovery;
            continue;
        }
        if ((m.type == "application/yaml" || m.type == "text/yaml") && as.empty()) return Encoding::Yaml;
    }
    return notAcceptable();
}


HttpResponse encodedResponse(int status, const Value& value, Encoding encoding) {
    if (encoding == Encoding::Yaml) {
        HttpResponse r;
        r.status = status;
        r.contentType = "application/yaml";
        r.body = codec::toYaml(value);
        return r;
    }
    return jsonResponse(status, value);
}


Value objectValue(const Message& object, const api::ResourceType* type) {
    if (type && api::kindOf(object).empty()) {
        auto copy = std::unique_ptr<Message>(object.New());
        copy->CopyFrom(object);
        api::setTypeMeta(copy.get(), *type);
        return codec::encodeMessage(*copy);
    }
    return codec::encodeMessage(object);
}

// ---- Tables ----

Value columnDefinitionsValue(const api::ResourceType& type) {
    Value columns = Value::array();
    for (const auto& c : printers::columnDefinitions(type)) {
        Value col = Value::object();
        col.set("name", c.name);
        col.set("type", c.type);
        col.set("format", c.format);
        col.set("description", c.description);
        col.set("priority", c.priority);
        columns.push(std::move(col));
    }
    return columns;
}

Value tableRow(const api::ResourceType& type, const Message& object, int64_t now) {
    Value cells = Value::array();
    for (auto& cell : printers::rowCells(type, object, now)) cells.push(std::move(cell));
    Value partial = Value::object();
    partial.set("kind", "PartialObjectMetadata");
    partial.set("apiVersion", "meta.k8s.io/v1");
    partial.set("metadata", codec::encodeMessage(api::metadata(object)));
    Value row = Value::object();
    row.set("cells", std::move(cells));
    row.set("object", std::move(partial));
    return row;
}

Value table(const api::ResourceType& type, const std::vector<const Message*>& objects, const std::string& resourceVersion,
            const std::string& continueToken, bool withColumns, int64_t now) {
    Value t = Value::object();
    t.set("kind", "Table");
    t.set("apiVersion", "meta.k8s.io/v1");
    Value meta = Value::object();
    if (!resourceVersion.empty()) meta.set("resourceVersion", resourceVersion);
    if (!continueToken.empty()) meta.set("continue", continueToken);
    t.set("metadata", std::move(meta));
    t.set("columnDefinitions", withColumns ? columnDefinitionsValue(type) : Value(nullptr));
    Value rows = Value::array();
    for (const auto* o : objects) rows.push(tableRow(type, *o, now));
    t.set("rows", std::move(rows));
    return t;
}

const char* watchEventType(store::EventType type) {
    switch (type) {
        case store::EventType::Added: return "ADDED";
        case store::EventType::Modified: return "MODIFIED";
        case store::EventType::Deleted: return "DELETED";
    }
    return "ERROR";
}

// k8s.io/apimachinery/pkg/version.Info, what /version answers.
Value versionInfo() {
    const std::string& git = version::apiServerGitVersion();  // "v1.28.7+pilothouse.0.1.0"
    const auto dot = git.find('.');
    Value v = Value::object();
    v.set("major", git.substr(1, dot - 1));
    v.set("minor", git.substr(dot + 1, git.find('.', dot + 1) - dot - 1));
    v.set("gitVersion", git);
    v.set("gitCommit", "");
    v.set("gitTreeState", "");
    v.set("buildDate", "");
    v.set("goVersion", "");
    v.set("compiler", "gcc");
    v.set("platform", "linux/amd64");
    return v;
}

// ---- Request options ----

std::string bearerToken(const HttpRequest& request) {
    const std::string auth = request.header("authorization");
    const std::string prefix = "bearer ";
    if (auth.size() > prefix.size() && lower(auth.substr(0, prefix.size())) == prefix) return trim(auth.substr(prefix.size()));
    return {};
}

StatusOr<int64_t> parseNonNegative(const std::string& text, const std::string& name) {
    if (text.empty()) return int64_t{0};
    int64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9' || value > (INT64_MAX - 9) / 10)
            return newBadRequest("invalid value for " + name + ": \"" + text + "\"");
        value = value * 10 + (c - '0');
    }
    return value;
}

StatusOr<bool> parseDryRun(const RequestInfo& info, const std::string& optionsKind) {
    std::vector<std::string> values;
    auto [begin, end] = info.query.equal_range("dryRun");
    for (auto it = begin; it != end; ++it) values.push_back(it->second);
    return apiserver::parseDryRun(values, optionsKind);
}

enum class FieldValidation { Ignore, Warn, Strict };

StatusOr<FieldValidation> parseFieldValidation(const RequestInfo& info) {
    const std::string v = info.param("fieldValidation");
    if (v.empty() || v == "Warn") return FieldValidation::Warn;
    if (v == "Strict") return FieldValidation::Strict;
    if (v == "Ignore") return FieldValidation::Ignore;
    return newBadRequest("fieldValidation parameter unsupported: " + v);
}

// Decodes a create or update body (JSON, YAML or Kubernetes protobuf) into `message`. Unknown
// fields are warnings, or an error under fieldValidation=Strict, with upstream's texts.
Status decodeBody(const HttpRequest& request, const std::string& contentType, FieldValidation validation,
                  Message* message, std::vector<std::string>* warnings) {
    StatusOr<Value> parsed = Status();
    if (contentType == "application/vnd.kubernetes.protobuf") {
        auto envelope = codec::readProtobufEnvelope(request.body);
        if (!envelope) return newBadRequest(envelope.status().message());
        if (Status st = codec::decodeUpstreamProtobuf(envelope->raw, message); !st.isOk()) return newBadRequest(st.message());
        if (const auto* kindField = message->GetDescriptor()->FindFieldByName("kind");
            kindField && kindField->number() == 101 && !envelope->kind.empty()) {
            message->GetReflection()->SetString(message, kindField, envelope->kind);
            message->GetReflection()->SetString(message, message->GetDescriptor()->FindFieldByName("api_version"),
                                                envelope->apiVersion);
        }
        return {};
    }
    if (contentType == "application/json") {
        parsed = codec::parseJson(request.body);
    } else if (contentType == "application/yaml") {
        auto docs = codec::parseYamlDocuments(request.body);
        if (!docs) parsed = docs.status();
        else if (docs->size() != 1) parsed = Status(StatusCode::InvalidArgument, "expected exactly one YAML document");
        else parsed = std::move(docs->front());
    } else {
        return newUnsupportedMediaType("application/json, application/yaml, application/vnd.kubernetes.protobuf");
    }
    if (!parsed) return newBadRequest(parsed.status().message());
    if (!parsed->isObject()) return newBadRequest("the body of the request must be an object, not " + std::string(parsed->typeName()));
    std::vector<std::string> unknown;
    if (Status st = codec::decodeMessage(*parsed, message, &unknown); !st.isOk()) return newBadRequest(st.message());
    if (!unknown.empty() && validation == FieldValidation::Strict) {
        std::string text = "strict decoding error: ";
        for (size_t i = 0; i < unknown.size(); ++i) text += (i ? ", " : "") + unknown[i];
        return newBadRequest(text);
    }
    if (validation == FieldValidation::Warn) warnings->insert(warnings->end(), unknown.begin(), unknown.end());
    return {};
}

void addWarnings(HttpResponse* response, const std::vector<std::string>& warnings) {
    for (const auto& w : warnings) {
        std::string escaped;
        for (char c : w) {
            if (c == '"' || c == '\\') escaped += '\\';
            escaped += c;
        }
        response->headers.emplace_back("Warning", "299 - \"" + escaped + "\"");
    }
}

}  // namespace

// ---- Handler ----

Handler::Handler(remote::ApiBackend& backend, HandlerOptions options) : backend_(backend), options_(std::move(options)) {}

void Handler::setServerAddress(const std::string& address) {
    std::lock_guard lock(optionsMutex_);
    options_.serverAddress = address;
}

size_t Handler::watchBufferLimit() const {
    std::lock_guard lock(optionsMutex_);
    return options_.watchBufferLimit;
}

std::chrono::milliseconds Handler::bookmarkInterval() const {
    std::lock_guard lock(optionsMutex_);
    return options_.bookmarkInterval;
}

std::string Handler::serverAddress() const {
    std::lock_guard lock(optionsMutex_);
    return options_.serverAddress;
}

HttpResponse Handler::serve(const HttpRequest& request) {
    auto parsed = parseRequestInfo(request.method, request.target);
    if (!parsed) return errorResponse(parsed.status());
    const RequestInfo& info = *parsed;
    const std::string token = bearerToken(request);

    // ---- Non-resource requests: health, version, discovery ----
    if (!info.isResourceRequest) {
        std::string path = info.path;
        if (path.size() > 1 && path.back() == '/') path.pop_back();
        Attributes attributes;
        attributes.resourceRequest = false;
        attributes.verb = info.verb;
        attributes.path = path;
        if (request.certificateUser) attributes.user = *request.certificateUser;
        if (Status st = backend_.authorize(token, attributes); !st.isOk()) return errorResponse(st);
        if (info.verb != "get" && info.verb != "head") return errorResponse(newMethodNotAllowed());

        if (path == "/healthz" || path == "/livez" || path == "/readyz") {
            HttpResponse r;
            r.contentType = "text/plain; charset=utf-8";
            r.headers.emplace_back("X-Content-Type-Options", "nosniff");
            r.body = "ok";
            return r;
        }
        if (path == "/version") {
            HttpResponse r = jsonResponse(200, versionInfo());
            r.headers.emplace_back("Cache-Control", "no-cache, private");
            return r;
        }
        if (path == "/openapi/v2") {
            HttpResponse r;
            const std::string accept = request.header("accept");
            const bool protobuf = accept.find("application/com.github.proto-openapi.spec.v2@v1.0+protobuf") != std::string::npos ||
                                  accept.find("application/com.github.proto-openapi.spec.v2.v1.0+protobuf") != std::string::npos;
            r.contentType = protobuf ? "application/com.github.proto-openapi.spec.v2.v1.0+protobuf" : "application/json";
            r.body = protobuf ? openapi::v2Protobuf() : openapi::v2Json();
            r.headers.emplace_back("Vary", "Accept");
            return r;
        }
        if (path == "/openapi/v3") {
            HttpResponse r;
            r.body = openapi::v3Index();
            return r;
        }
        if (path.rfind("/openapi/v3/", 0) == 0) {
            auto doc = openapi::v3Document(path.substr(std::string("/openapi/v3/").size()));
            if (!doc) return errorResponse(newRouteNotFound());
            HttpResponse r;
            const std::string hash = info.param("hash");
            if (!hash.empty() && hash != doc->hash) {
                // Upstream sends a client with an old hash to the current document.
                r.status = 301;
                r.headers.emplace_back("Location", path + "?hash=" + doc->hash);
                return r;
            }
            r.headers.emplace_back("Cache-Control", hash.empty() ? "no-cache, private" : "public, immutable");
            r.headers.emplace_back("Etag", "\"" + doc->hash + "\"");
            r.body = std::move(doc->json);
            return r;
        }
        const bool discoveryRoot = path == "/api" || path == "/apis";
        if (path == "/api" || path == "/apis" || info.apiPrefix == "api" || info.apiPrefix == "apis") {
            auto encoding = negotiate(request.header("accept"), false, discoveryRoot);
            if (!encoding) return errorResponse(encoding.status());
            if (*encoding == Encoding::AggregatedDiscovery) {
                HttpResponse r = jsonResponse(200, aggregatedDiscovery(path == "/api"));
                r.contentType = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";
                r.headers.emplace_back("Vary", "Accept");
                r.headers.emplace_back("Cache-Control", "public");
                return r;
            }
            std::optional<Value> document;
            if (path == "/api") document = apiVersions(serverAddress());
            else if (path == "/apis") document = apiGroupList();
            else if (info.apiPrefix == "api" && !info.apiVersion.empty()) document = apiResourceList("", info.apiVersion);
            else if (info.apiPrefix == "apis" && !info.apiVersion.empty()) document = apiResourceList(info.apiGroup, info.apiVersion);
            else if (info.apiPrefix == "apis") {
                // /apis/{group}
                const auto slash = path.find('/', 6);
                document = apiGroup(path.substr(6, slash == std::string::npos ? std::string::npos : slash - 6));
            }
            if (!document) return errorResponse(newRouteNotFound());
            HttpResponse r = encodedResponse(200, *document, *encoding);
            r.headers.emplace_back("Cache-Control", "no-cache, private");
            return r;
        }
        return errorResponse(newRouteNotFound());
    }

    // ---- Resource requests ----
    const api::ResourceType* type = nullptr;
    for (const auto& t : api::Scheme::instance().types())
        if (t.group == info.apiGroup && t.version == info.apiVersion && t.resource == info.resource) type = &t;
    StatusSubject subject{info.apiGroup, info.resource, type ? type->kind : "", info.name};
    if (!type) return errorResponse(newRouteNotFound());
    if (!type->namespaced && !info.namespace_.empty()) return errorResponse(newRouteNotFound());

    Request r;
    r.verb = info.verb;
    r.type = type;
    r.namespace_ = info.namespace_;
    r.name = info.name;
    r.subresource = info.subresource;
    r.token = token;
    r.certificateUser = request.certificateUser;
    r.userAgent = request.header("user-agent");
    r.clientCommand = request.header("kubectl-command");
    r.httpMethod = request.method;
    r.path = request.target.substr(0, request.target.find('?'));
    if (type->group.empty() && type->resource == "pods" && isPodStreamSubresource(r.subresource))
        return servePodStream(backend_, r, info.verb, info.param("container"));
    if (!type->supports(r.verb == "deletecollection" ? "delete" : r.verb) && r.subresource.empty())
        return errorResponse(info.name.empty() && (r.verb == "list" || r.verb == "watch") ? newMethodNotAllowed()
                                                                                          : newRouteNotFound(),
                             subject);
    if (r.verb == "deletecollection") return errorResponse(newMethodNotSupported(type->qualifiedResource(), "deletecollection"), subject);

    if (r.subresource == "scale" && hasScaleSubresource(*type) && !r.name.empty())
        return serveScale(backend_, r, request.method, parseMediaType(request.header("content-type")).type, request.body);
    const bool reading = r.verb == "get" || r.verb == "list" || r.verb == "watch";
    auto encoding = negotiate(request.header("accept"), reading && r.subresource.empty(), false);
    if (!encoding) return errorResponse(encoding.status(), subject);
    const int64_t now = backend_.nowUnixNanos();

    // resourceVersion: "" or "0" is the latest state; a number, with resourceVersionMatch=Exact,
    // that revision (otherwise "not older than", which the latest state is).
    auto revision = parseNonNegative(info.param("resourceVersion"), "resourceVersion");
    if (!revision) return errorResponse(newBadRequest("invalid resource version \"" + info.param("resourceVersion") + "\""), subject);

    std::vector<std::string> warnings;
    if (r.verb == "get" || r.verb == "list") {
        if (info.param("resourceVersionMatch") == "Exact") r.resourceVersion = *revision;
        r.labelSelector = info.param("labelSelector");
        r.fieldSelector = info.param("fieldSelector");
        auto limit = parseNonNegative(info.param("limit"), "limit");
        if (!limit) return errorResponse(limit.status(), subject);
        r.limit = *limit;
        r.continueToken = info.param("continue");
        Response result = backend_.handle(r);
        if (!result.ok()) return errorResponse(result.status, subject);
        const std::string listRevision = std::to_string(result.listRevision);
        if (r.verb == "get") {
            if (*encoding == Encoding::Table) {
                return jsonResponse(200, table(*type, {result.object.get()}, api::metadata(*result.object).resource_version(),
                                               "", true, now));
            }
            return encodedResponse(200, objectValue(*result.object, type), *encoding);
        }
        std::vector<const Message*> items;
        for (const auto& i : result.items) items.push_back(i.get());
        for (const auto& i : result.sharedItems) items.push_back(i.get());
        if (*encoding == Encoding::Table) return jsonResponse(200, table(*type, items, listRevision, result.continueToken, true, now));
        Value list = Value::object();
        list.set("kind", type->kind + "List");
        list.set("apiVersion", type->apiVersion());
        Value meta = Value::object();
        meta.set("resourceVersion", listRevision);
        if (!result.continueToken.empty()) meta.set("continue", result.continueToken);
        if (result.remainingItemCount) meta.set("remainingItemCount", *result.remainingItemCount);
        list.set("metadata", std::move(meta));
        Value values = Value::array();
        // A list's items carry no apiVersion or kind: the list's kind says what they are.
        for (const auto* i : items) {
            Value item = objectValue(*i, type);
            item.erase("apiVersion");
            item.erase("kind");
            values.push(std::move(item));
        }
        list.set("items", std::move(values));
        return encodedResponse(200, list, *encoding);
    }

    if (r.verb == "watch") {
        r.labelSelector = info.param("labelSelector");
        r.fieldSelector = info.param("fieldSelector");
        auto timeout = parseNonNegative(info.param("timeoutSeconds"), "timeoutSeconds");
        if (!timeout) return errorResponse(timeout.status(), subject);
        // Without a resourceVersion (or "0") a watch starts with the current objects as ADDED
        // events, then follows from that state.
        std::vector<WatchEvent> initial;
        if (*revision == 0) {
            // The request is a watch: authorized as one (RBAC's "cannot watch resource"), before
            // the list its first events come from.
            apiserver::Attributes watching;
            watching.verb = "watch";
            watching.apiGroup = type->group;
            watching.apiVersion = type->version;
            watching.resource = type->resource;
            watching.namespace_ = r.namespace_;
            if (r.certificateUser) watching.user = *r.certificateUser;
            if (Status st = backend_.authorize(token, watching); !st.isOk()) return errorResponse(st, subject);
            Request list = r;
            list.verb = "list";
            Response listed = backend_.handle(list);
            if (!listed.ok()) return errorResponse(listed.status, subject);
            for (auto& item : listed.items) initial.push_back({store::EventType::Added, std::move(item), listed.listRevision});
            r.resourceVersion = listed.listRevision;
        } else {
            r.resourceVersion = *revision;
        }
        auto stream = backend_.watch(r);
        if (!stream) return errorResponse(stream.status(), subject);
        const bool asTable = *encoding == Encoding::Table;
        auto firstTable = std::make_shared<bool>(true);
        remote::ApiBackend* backend = &backend_;
        WatchBody::Encoder encode = [type, asTable, firstTable, backend](const SharedWatchEvent& e) {
            Value event = Value::object();
            event.set("type", watchEventType(e.type));
            if (asTable) {
                const bool columns = *firstTable;
                *firstTable = false;
                event.set("object", table(*type, {e.object.get()}, api::metadata(*e.object).resource_version(), "", columns,
                                           backend->nowUnixNanos()));
            } else {
                event.set("object", objectValue(*e.object, type));
            }
            return codec::toJson(event, codec::JsonStyle::Compact) + "\n";
        };
        WatchBody::ErrorEncoder encodeError = [subject](const Status& status) {
            Value event = Value::object();
            event.set("type", "ERROR");
            event.set("object", codec::encodeMessage(toStatusObject(status, subject)));
            return codec::toJson(event, codec::JsonStyle::Compact) + "\n";
        };
        // Upstream ends a watch after timeoutSeconds, or after a while (its default is 30 to 60
        // minutes) when none is given.
        const auto duration = *timeout > 0 ? std::chrono::seconds(*timeout) : std::chrono::seconds(1800);
        HttpResponse response;
        response.headers.emplace_back("Cache-Control", "no-cache, private");
        response.watch = std::make_shared<WatchBody>(std::move(*stream), std::move(initial), std::move(encode),
                                                     std::move(encodeError), std::chrono::steady_clock::now() + duration);
        response.watch->setBufferLimit(watchBufferLimit());
        if (info.param("allowWatchBookmarks") == "true" && !asTable) {
            // Upstream's bookmark: an empty object of the kind that carries only how far the
            // watch has come, about once a minute.
            response.watch->enableBookmarks(
                [type](int64_t revision) {
                    Value meta = Value::object();
                    meta.set("resourceVersion", std::to_string(revision));
                    Value object = Value::object();
                    object.set("kind", type->kind);
                    object.set("apiVersion", type->group.empty() ? type->version : type->group + "/" + type->version);
                    object.set("metadata", std::move(meta));
                    Value event = Value::object();
                    event.set("type", "BOOKMARK");
                    event.set("object", std::move(object));
                    return codec::toJson(event, codec::JsonStyle::Compact) + "\n";
                },
                bookmarkInterval());
        }
        return response;
    }

    // ---- Writes ----
    if (request.body.size() > kMaxRequestBodyBytes)
        return errorResponse(newRequestEntityTooLarge(kMaxRequestBodyBytes), subject);
    const std::string contentType = parseMediaType(request.header("content-type")).type;
    auto validation = parseFieldValidation(info);
    if (!validation) return errorResponse(validation.status(), subject);
    if (info.hasParam("fieldManager")) {
        r.fieldManager = info.param("fieldManager");
        if (r.fieldManager.size() > 128) {
            const char* options = r.verb == "create" ? "CreateOptions.meta.k8s.io"
                                  : r.verb == "update" ? "UpdateOptions.meta.k8s.io"
                                                       : "PatchOptions.meta.k8s.io";
            return errorResponse(newInvalid(options, "", {validation::tooLong("fieldManager", "", 128)}), subject);
        }
    }

    if (r.verb == "create" || r.verb == "update") {
        auto dryRun = parseDryRun(info, r.verb == "create" ? "CreateOptions" : "UpdateOptions");
        if (!dryRun) return errorResponse(dryRun.status(), subject);
        r.dryRun = *dryRun;
        const google::protobuf::Descriptor* descriptor = type->descriptor;
        if (r.subresource == "binding") descriptor = k8s::io::api::core::v1::Binding::descriptor();
        if (r.subresource == "eviction") descriptor = k8s::io::api::policy::v1::Eviction::descriptor();
        if (r.subresource == "binding" || r.subresource == "eviction") {
            if (r.verb != "create") return errorResponse(newMethodNotAllowed(), subject);
        } else if (!r.subresource.empty() && r.subresource != "status" &&
                   !(r.subresource == "finalize" && type->kind == "Namespace" && r.verb == "update")) {
            return errorResponse(newRouteNotFound(), subject);
        }
        std::unique_ptr<Message> object(
            google::protobuf::MessageFactory::generated_factory()->GetPrototype(descriptor)->New());
        if (Status st = decodeBody(request, contentType, *validation, object.get(), &warnings); !st.isOk())
            return errorResponse(st, subject);
        const auto& meta = api::metadata(*object);
        if (r.subresource.empty()) {
            if (!meta.namespace_().empty() && type->namespaced && meta.namespace_() != r.namespace_)
                return errorResponse(newBadRequest("the namespace of the provided object does not match the namespace sent on the request"),
                                     subject);
            if (r.verb == "create") {
                r.name.clear();
                subject.name = meta.name();
            } else if (meta.name() != r.name) {
                return errorResponse(newBadRequest("the name of the object (" + meta.name() +
                                                   ") does not match the name on the URL (" + r.name + ")"),
                                     subject);
            }
        }
        r.body = std::move(object);
        Response result = backend_.handle(r);
        if (!result.ok()) return errorResponse(result.status, subject);
        warnings.insert(warnings.end(), result.warnings.begin(), result.warnings.end());
        HttpResponse out = result.object ? encodedResponse(r.verb == "create" ? 201 : 200, objectValue(*result.object, type), *encoding)
                                         : jsonResponse(r.verb == "create" ? 201 : 200, codec::encodeMessage(toStatusObject(Status())));
        addWarnings(&out, warnings);
        return out;
    }

    if (r.verb == "patch") {
        auto dryRun = parseDryRun(info, "PatchOptions");
        if (!dryRun) return errorResponse(dryRun.status(), subject);
        r.dryRun = *dryRun;
        if (contentType == "application/apply-patch+yaml") {
            r.patchType = PatchType::Apply;
        } else if (contentType == "application/merge-patch+json") {
            r.patchType = PatchType::Merge;
        } else if (contentType == "application/json-patch+json") {
            r.patchType = PatchType::Json;
        } else if (contentType == "application/strategic-merge-patch+json") {
            r.patchType = PatchType::StrategicMerge;
        } else {
            return errorResponse(newUnsupportedMediaType("application/json-patch+json, application/merge-patch+json, "
                                                         "application/strategic-merge-patch+json, application/apply-patch+yaml"),
                                 subject);
        }
        // PatchOptions: fieldManager (required to apply) and force (only for apply).
        validation::ErrorList optionErrors;
        if (r.patchType == PatchType::Apply && r.fieldManager.empty())
            optionErrors.push_back(validation::required("fieldManager", "is required for apply patch"));
        if (info.hasParam("force")) {
            const std::string force = info.param("force");
            if (force != "true" && force != "false")
                return errorResponse(newBadRequest("invalid value for force: " + force), subject);
            r.force = force == "true";
            if (r.patchType != PatchType::Apply && r.force)
                optionErrors.push_back(validation::forbidden("force", "may not be specified for non-apply patch"));
        }
        if (!optionErrors.empty()) return errorResponse(newInvalid("PatchOptions.meta.k8s.io", "", optionErrors), subject);
        if (r.patchType == PatchType::Apply) {
            auto documents = codec::parseYamlDocuments(request.body);
            if (!documents) return errorResponse(newBadRequest("error decoding YAML: " + documents.status().message()), subject);
            if (documents->empty() || !documents->front().isObject())
                return errorResponse(newBadRequest("error decoding YAML: the applied configuration must be an object"), subject);
            r.patch = std::move(documents->front());
            Response result = backend_.handle(r);
            if (!result.ok()) return errorResponse(result.status, subject);
            HttpResponse out = encodedResponse(result.created ? 201 : 200, objectValue(*result.object, type), *encoding);
            addWarnings(&out, result.warnings);
            return out;
        }
        auto patch = codec::parseJson(request.body);
        if (!patch) return errorResponse(newBadRequest(patch.status().message()), subject);
        if (r.patchType != PatchType::Json && !patch->isObject())
            return errorResponse(newBadRequest("json: cannot unmarshal " + std::string(patch->typeName()) +
                                               " into Go value of type map[string]interface {}"),
                                 subject);
        if (r.patchType == PatchType::Json && !patch->isArray())
            return errorResponse(newBadRequest("json: cannot unmarshal " + std::string(patch->typeName()) +
                                               " into Go value of type jsonpatch.Patch"),
                                 subject);
        r.patch = std::move(*patch);
        Response result = backend_.handle(r);
        if (!result.ok()) return errorResponse(result.status, subject);
        HttpResponse out = encodedResponse(200, objectValue(*result.object, type), *encoding);
        addWarnings(&out, result.warnings);
        return out;
    }

    if (r.verb == "delete") {
        // DeleteOptions come in the body (kubectl) or the query.
        Value options = Value::object();
        if (!trim(request.body).empty()) {
            auto body = codec::parseJson(request.body);
            if (!body || !body->isObject()) return errorResponse(newBadRequest("invalid DeleteOptions: " + (body ? std::string("not an object") : body.status().message())), subject);
            options = std::move(*body);
        }
        auto dryRun = parseDryRun(info, "DeleteOptions");
        if (!dryRun) return errorResponse(dryRun.status(), subject);
        r.dryRun = *dryRun;
        if (const Value* d = options.find("dryRun"); d && d->isArray() && d->size() == 1 && d->asArray()[0].isString() &&
                                                   d->asArray()[0].asString() == "All")
            r.dryRun = true;
        if (const Value* g = options.find("gracePeriodSeconds"); g && g->isInt()) r.gracePeriodSeconds = g->asInt();
        if (info.hasParam("gracePeriodSeconds")) {
            auto g = parseNonNegative(info.param("gracePeriodSeconds"), "gracePeriodSeconds");
            if (!g) return errorResponse(g.status(), subject);
            r.gracePeriodSeconds = *g;
        }
        if (const Value* p = options.find("propagationPolicy"); p && p->isString()) r.propagationPolicy = p->asString();
        if (info.hasParam("propagationPolicy")) r.propagationPolicy = info.param("propagationPolicy");
        if (const Value* pre = options.find("preconditions"); pre && pre->isObject()) {
            if (const Value* uid = pre->find("uid"); uid && uid->isString()) r.preconditionUID = uid->asString();
            if (const Value* rv = pre->find("resourceVersion"); rv && rv->isString())
                r.preconditionResourceVersion = rv->asString();
        }
        Response result = backend_.handle(r);
        if (!result.ok()) return errorResponse(result.status, subject);
        if (result.object) return encodedResponse(200, objectValue(*result.object, type), *encoding);
        auto success = toStatusObject(Status());
        auto* details = success.mutable_details();
        details->set_name(r.name);
        details->set_group(type->group);
        details->set_kind(type->resource);
        return jsonResponse(200, codec::encodeMessage(success));
    }

    return errorResponse(newMethodNotAllowed(), subject);
}

}  // namespace pilothouse::apiserver::endpoints
