// The API server: every read and write of cluster state goes through here, in kube-apiserver's
// order, each stage recorded in the response's trace:
//
//   authentication -> authorization -> [decode, defaulting] -> mutating admission -> validation
//   -> validating admission -> storage (the versioned store, etcd's role)
//
// Verbs: create, get, list (with limit/continue chunks: continue_token.h), watch, update, patch
// (merge and JSON patch), delete, and the
// pods/binding, pods/eviction (registry/eviction.h: PodDisruptionBudgets), pods/status and
// nodes/status subresources (status for every kind that has one). A kind serves the verbs its
// ResourceType lists; selfsubjectaccessreviews serves only create, which stores nothing and
// answers with the authorizer's decision (registry/selfsubjectaccessreview.h); so does
// selfsubjectreviews, answering with the caller's user (registry/selfsubjectreview.h).
// Errors are Kubernetes' (see errors.h): 401, 403, 404, 409 AlreadyExists/Conflict, 410, 422, 429.
//
// Thread-safety: handle() and watch() may be called from any thread concurrently; the server
// keeps no per-request state. It does not own the store or the clock.
#pragma once

#include <google/protobuf/message.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "api/codec/value.h"
#include "api/scheme.h"
#include "apiserver/admission/interface.h"
#include "apiserver/authorization/authorizer.h"
#include "apiserver/cacher.h"
#include "apiserver/informer_cache.h"
#include "apiserver/lister.h"
#include "apiserver/pod_node_index.h"
#include "apiserver/request.h"
#include "apiserver/stage_costs.h"
#include "apiserver/trace.h"
#include "features/kube_features.h"
#include "sim/clock.h"
#include "store/store.h"
#include "util/status.h"

namespace pilothouse::apiserver {

// Merge: JSON merge patch (RFC 7386); Json: JSON patch (RFC 6902); StrategicMerge: strategic merge
// patch (strategic_merge_patch.h).
// Apply: server-side apply (application/apply-patch+yaml; fieldmanager/field_manager.h), which
// creates the object when there is none.
enum class PatchType { Merge, Json, StrategicMerge, Apply };

struct Request {
    std::string verb;  // create get list watch update patch delete
    const api::ResourceType* type = nullptr;
    std::string namespace_;
    std::string name;
    std::string subresource;  // "", "status", "binding", "eviction"
    std::string token;        // bearer token; "" = anonymous
    // The user a client certificate names that the transport verified against --client-ca-file
    // (kube-apiserver's x509 authenticator: CN the name, each O a group); tried before the token.
    std::optional<UserInfo> certificateUser;
    // Who sent it, as the HTTP request said: the User-Agent ("kubectl/v1.32.0 (linux/amd64)
    // kubernetes/...") and kubectl's Kubectl-Command header ("kubectl apply"); "" for in-process
    // callers. Recorded in the trace's first stage (kStageClient) with the method and path.
    std::string userAgent;
    std::string clientCommand;
    std::string httpMethod;  // "POST"; "" when the request did not come over HTTP
    std::string path;        // "/api/v1/namespaces/default/pods"
    std::shared_ptr<const google::protobuf::Message> body;  // create, update, binding, eviction
    codec::Value patch;
    PatchType patchType = PatchType::Merge;
    // create, update, patch: the manager the written fields are recorded under in
    // metadata.managedFields (fieldmanager/field_manager.h); "" = the User-Agent's first part, as
    // upstream ("pilothouse" for an in-process request without one). In-process components set
    // what kube-apiserver derives from their User-Agent ("kube-scheduler", "kubelet",
    // "kube-controller-manager"). Required for an apply.
    std::string fieldManager;
    // apply: take over fields other managers own instead of failing with a conflict.
    bool force = false;
    std::string labelSelector;
    std::string fieldSelector;
    // list: at most this many items (0 = all); when more remain, Response::continueToken is set.
    int64_t limit = 0;
    // list: the continue token of the previous chunk (continue_token.h); the list resumes after
    // that chunk's last key, at that chunk's revision. Not allowed with resourceVersion.
    std::string continueToken;
    // get/list: 0 = the latest state; otherwise the state at exactly that revision (history).
    // watch: changes after this revision (0 = from now).
    int64_t resourceVersion = 0;
    // delete: grace period for pods bound to a node; -1 = the pod's own (default 30 s).
    int64_t gracePeriodSeconds = -1;
    // delete: DeleteOptions.propagationPolicy — "Orphan", "Background", "Foreground", or "" for
    // the kind's default (registry::defaultGarbageCollectionPolicy). Orphan and Foreground are
    // carried out by the garbage collector through the "orphan" / "foregroundDeletion" finalizers.
    std::string propagationPolicy;
    // delete: DeleteOptions.preconditions.uid; the delete fails with Conflict when the stored
    // object has another UID ("" = no precondition).
    std::string preconditionUID;
    // delete: DeleteOptions.preconditions.resourceVersion; Conflict when the stored object is at
    // another resourceVersion ("" = no precondition).
    std::string preconditionResourceVersion;
    bool dryRun = false;
    // list: the items are the watch cache's shared, read-only objects (Response::sharedItems), not
    // copies: for in-process clients that only read them, as client-go's informers do. A list of
    // the latest state comes from memory (cacher.h); others are read from the store.
    bool shareItems = false;
};

struct Response {
    Status status;
    std::unique_ptr<google::protobuf::Message> object;               // single-object verbs
    std::vector<std::unique_ptr<google::protobuf::Message>> items;  // list
    std::vector<std::shared_ptr<const google::protobuf::Message>> sharedItems;  // list with shareItems
    int64_t listRevision = 0;                                         // list
    std::string continueToken;       // list: set when a limited list has more (ListMeta.continue)
    std::optional<int64_t> remainingItemCount;  // list: with continueToken, when no selectors
    RequestTrace trace;
    std::vector<std::string> warnings;
    bool created = false;  // a write made a new object (create; an apply to a missing object)
    bool ok() const { return status.isOk(); }
};

struct WatchEvent {
    store::EventType type = store::EventType::Added;
    std::unique_ptr<google::protobuf::Message> object;  // for Deleted: the last state
    int64_t revision = 0;
};

// A WatchEvent whose object is shared with the API server's watch cache and every other watcher
// that reads it this way: read-only, as the objects of client-go's informers are.
struct SharedWatchEvent {
    store::EventType type = store::EventType::Added;
    std::shared_ptr<const google::protobuf::Message> object;
    int64_t revision = 0;
};

// A watch through the API server: typed objects, filtered by namespace and selectors.
class WatchStream {
public:
    virtual ~WatchStream() = default;
    // Events ready within `timeout`; an error closes the stream (Expired 410 when the revision was
    // compacted, ResourceExhausted when the client fell behind — watch again from lastRevision()).
    virtual StatusOr<std::vector<WatchEvent>> next(std::chrono::milliseconds timeout) = 0;
    // The same events without a copy of each object for this watcher, for clients that only read
    // them (the scheduler's informers). The default takes next()'s copies.
    virtual StatusOr<std::vector<SharedWatchEvent>> nextShared(std::chrono::milliseconds timeout) {
        auto events = next(timeout);
        if (!events) return events.status();
        std::vector<SharedWatchEvent> out;
        out.reserve(events->size());
        for (auto& e : *events) out.push_back({e.type, std::move(e.object), e.revision});
        return out;
    }
    virtual int64_t lastRevision() const = 0;
    virtual void setNotify(std::function<void()> notify) = 0;
};

// Names the client of the watches the current thread opens while the scope lives, as client-go's
// User-Agent does ("kube-scheduler", "kubelet/node-1"): APIServer::watchDeliveries() counts the
// events delivered to each client. Without a scope, a watch counts under its authenticated user.
// Scopes nest (the inner one names the client); `client` must outlive the scope.
class WatchClientScope {
public:
    explicit WatchClientScope(const std::string& client);
    ~WatchClientScope();
    WatchClientScope(const WatchClientScope&) = delete;
    WatchClientScope& operator=(const WatchClientScope&) = delete;

private:
    const std::string* previous_;
};

struct Config {
    // Token -> identity. Unset: every request is "system:admin" in "system:masters".
    std::function<StatusOr<UserInfo>(const std::string& token)> authenticate;
    // --authorization-mode: asked about every request, and about what a SelfSubjectAccessReview
    // asks. Anything but Allow is a 403 with kube-apiserver's text (authorization::forbiddenError).
    // Unset: AlwaysAllow. Must be safe to call from any thread.
    std::shared_ptr<const authorization::Authorizer> authorizer;
    std::vector<std::shared_ptr<admission::MutationInterface>> mutatingAdmission;
    std::vector<std::shared_ptr<admission::ValidationInterface>> validatingAdmission;
    StageCosts costs;
    uint64_t uidSeed = 0x5eed;  // UIDs and generated names are drawn from this (reproducible runs)
    // --service-cluster-ip-range: where Services' ClusterIPs come from.
    std::string serviceClusterIPRange = "10.96.0.0/12";
    // --feature-gates: what the registry keeps of gated fields.
    features::FeatureGates features;
};

class APIServer final : public ObjectLister {
public:
    APIServer(store::Store& store, const sim::Clock& clock, Config config);
    ~APIServer() override;

    Response handle(const Request& request);
    StatusOr<std::unique_ptr<WatchStream>> watch(const Request& request, RequestTrace* trace = nullptr);

    // Authenticates `token` and authorizes `attributes` (their user is filled in) as a request
    // would be, for resources served beside this API server rather than stored by it (the
    // simulation service's "simulations.pilothouse.io", as an aggregated API's): OK,
    // Unauthorized, or Forbidden with kube-apiserver's text. Thread-safe.
    Status authorizeRequest(const std::string& token, Attributes attributes) const;

    // Sees every request handle() finished, with its response (its trace and result): what an
    // audit log would record. The simulated cluster builds pod journeys and request metrics
    // from it. Set it before requests flow; it runs on the requesting thread.
    using RequestObserver = std::function<void(const Request& request, const Response& response)>;
    void setRequestObserver(RequestObserver observer) { observer_ = std::move(observer); }

    store::Store& store() { return store_; }
    const sim::Clock& clock() const { return clock_; }

    // Watch events delivered so far through this server's watch streams, per client (the
    // WatchClientScope the watch was opened in, else the authenticated user): the GUI pulses the
    // arrow from the API server to a component when its count grows. Thread-safe.
    std::map<std::string, int64_t> watchDeliveries() const;

    // ObjectLister: reads without authorization (for admission plugins and authorizers); the
    // kinds they read on every request come from the informer cache (informer_cache.h).
    std::vector<ListedObject> list(const api::ResourceType& type, const std::string& namespace_) const override;
    ListedObject get(const api::ResourceType& type, const std::string& namespace_, const std::string& name) const override;

    // Decodes a stored value into a typed object with resourceVersion set.
    static StatusOr<std::unique_ptr<google::protobuf::Message>> decodeStored(
        const api::ResourceType& type, const store::KeyValue& kv);

private:
    class Pipeline;
    friend class Pipeline;

    std::string newUid();
    std::string generateNameSuffix();
    uint64_t nextRandom();

    store::Store& store_;
    const sim::Clock& clock_;
    Config config_;
    mutable InformerCache informers_;
    mutable PodNodeIndex podNodes_;
    Cacher cacher_;
    std::mutex randomMutex_;
    uint64_t randomState_;
    RequestObserver observer_;
    // client -> events delivered; each stream holds its client's counter.
    mutable std::mutex deliveriesMutex_;
    std::map<std::string, std::shared_ptr<std::atomic<int64_t>>> deliveries_;
};

}  // namespace pilothouse::apiserver
