// What every controller of kube-controller-manager shares (upstream pkg/controller/
// controller_utils.go and controller_ref_manager.go), single-threaded on the virtual clock:
//
//  - ApiClient: typed requests through the API server with the controller's token, and
//    updateWithRetry(), the get-modify-update loop controllers run on a 409 Conflict.
//  - ControllerExpectations: how many creations/deletions a controller still waits to see through
//    its watch, so that it does not create or delete twice before its informer catches up
//    (entries expire after 5 minutes, ExpectationsTimeout).
//  - Pod helpers (active / ready / available) and ActivePodsWithRanks, the order in which a
//    ReplicaSet chooses pods to delete when it scales down.
//  - Owner references: the controller reference a controller puts on what it creates, and
//    generateName-style names drawn from a seeded sim::Random stream.
//  - slowStartBatch: creations in batches of 1, 2, 4, ... that stop at the first failing batch.
#pragma once

#include <google/protobuf/message.h>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "apiserver/server.h"
#include "client/informer.h"
#include "client/record/event_recorder.h"
#include "core_v1.pb.h"
#include "meta_v1.pb.h"
#include "sim/clock.h"
#include "sim/random.h"
#include "util/status.h"

namespace pilothouse::controller {

namespace core = k8s::io::api::core::v1;
namespace metav1 = k8s::io::apimachinery::pkg::apis::meta::v1;

// ---- requests ----

// The scheme's type for a resource the controllers use ("pods", "replicasets", ...); it must exist.
const api::ResourceType& resourceType(const std::string& resource);

// A controller's view of the API server: every request carries its token. Does not own the server.
class ApiClient {
public:
    ApiClient(apiserver::APIServer& server, std::string token) : server_(server), token_(std::move(token)) {}

    StatusOr<std::unique_ptr<google::protobuf::Message>> get(const std::string& resource, const std::string& ns,
                                                             const std::string& name);
    StatusOr<std::unique_ptr<google::protobuf::Message>> create(const std::string& resource,
                                                                const google::protobuf::Message& object);
    // PUT with the object's resourceVersion (409 Conflict when it is stale); subresource "" or "status".
    StatusOr<std::unique_ptr<google::protobuf::Message>> update(const std::string& resource,
                                                                const google::protobuf::Message& object,
                                                                const std::string& subresource = "");
    // gracePeriodSeconds -1: the object's own; propagationPolicy "" = the kind's default;
    // uid: DeleteOptions.preconditions.uid ("" = none).
    Status remove(const std::string& resource, const std::string& ns, const std::string& name,
                  int64_t gracePeriodSeconds = -1, const std::string& propagationPolicy = "",
                  const std::string& uid = "");
    // Reads the latest object, lets `mutate` change it (returning false = nothing to do), writes it
    // back; on Conflict reads again and retries (client-go's retry.RetryOnConflict, 5 attempts).
    StatusOr<std::unique_ptr<google::protobuf::Message>> updateWithRetry(
        const std::string& resource, const std::string& ns, const std::string& name,
        const std::function<bool(google::protobuf::Message*)>& mutate, const std::string& subresource = "");

    apiserver::APIServer& server() { return server_; }
    const std::string& token() const { return token_; }

private:
    apiserver::APIServer& server_;
    std::string token_;
};

bool isNotFound(const Status& s);
bool isConflict(const Status& s);
bool isAlreadyExists(const Status& s);

// ---- metadata writes ----

// Removes `finalizer` from the object (read, change, write; again on Conflict). With `uid`, an
// object of that name with another UID (a new incarnation) is left alone. NotFound is returned as
// it is: callers decide whether a vanished object counts as done.
Status removeFinalizer(ApiClient& client, const std::string& resource, const std::string& ns, const std::string& name,
                       const std::string& finalizer, const std::string& uid = "");
// Removes the object's owner references to any of `ownerUIDs` (the same write and rules).
Status removeOwnerReferences(ApiClient& client, const std::string& resource, const std::string& ns,
                             const std::string& name, const std::string& uid, const std::set<std::string>& ownerUIDs);

// ---- owner references ----

// The controller reference of `owner` (controller: true, blockOwnerDeletion: true).
metav1::OwnerReference newControllerRef(const google::protobuf::Message& owner, const std::string& apiVersion,
                                        const std::string& kind);
// The reference with controller: true, or null.
const metav1::OwnerReference* getControllerOf(const metav1::ObjectMeta& meta);
// ControllerRefManager's adoption write: adds `ref` to the object unless it already has a
// controller or is being deleted (re-read on Conflict). Returns the object as stored.
StatusOr<std::unique_ptr<google::protobuf::Message>> adopt(ApiClient& client, const std::string& resource,
                                                           const std::string& ns, const std::string& name,
                                                           const metav1::OwnerReference& ref);

// upstream's utilrand.String alphabet: no vowels (no words), no confusable 0/1/3.
inline constexpr char kNameAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";
// `n` characters drawn from kNameAlphabet.
std::string randomString(sim::Random& random, int n = 5);
// rand.SafeEncodeString: each byte mapped onto kNameAlphabet.
std::string safeEncodeString(const std::string& s);

// ---- informers ----

// kube-controller-manager's shared informer factory resync (ResyncPeriod: 12 h × (1 + a random
// fraction), one value for the whole controller manager): every informer of a controller replays
// its cache to the update handlers every `period` (0 = never).
void setResyncPeriod(const sim::Clock& clock, sim::Duration period, std::initializer_list<client::Informer*> informers);
// The earliest of the times given (nullopt when none), for a controller's nextWakeup(): its work
// queue's next ready key and its informers' next resync.
std::optional<sim::Time> earliest(std::initializer_list<std::optional<sim::Time>> times);
std::optional<sim::Time> nextResync(std::initializer_list<const client::Informer*> informers);

// ---- pod control ----

// RealPodControl.CreatePods: creates `pod` (generateName and owner reference already set) named
// generateName + 5 random characters, drawing again on AlreadyExists (3 tries), and records
// SuccessfulCreate "Created pod: <name>" or FailedCreate "Error creating: <error>" on
// `controller`. On success pod.metadata.name is the name created.
Status createPod(ApiClient& client, client::record::EventRecorder& recorder, sim::Random& random,
                 const google::protobuf::Message& controller, core::Pod& pod);

// ---- expectations ----

// ControllerExpectations keyed by the controller's object key ("ns/name").
class ControllerExpectations {
public:
    static constexpr sim::Duration kTimeout = std::chrono::minutes(5);

    explicit ControllerExpectations(const sim::Clock& clock) : clock_(clock) {}

    // True when nothing is expected (or the expectations expired, or were never set): sync.
    bool satisfied(const std::string& key) const;
    void expectCreations(const std::string& key, int adds) { set(key, adds, 0); }
    void expectDeletions(const std::string& key, int dels) { set(key, 0, dels); }
    // SetExpectations / LowerExpectations: both counts at once (the DaemonSet controller's sync).
    void setExpectations(const std::string& key, int adds, int dels) { set(key, adds, dels); }
    void lowerExpectations(const std::string& key, int adds, int dels) { lower(key, adds, dels); }
    void creationObserved(const std::string& key) { lower(key, 1, 0); }
    void deletionObserved(const std::string& key) { lower(key, 0, 1); }
    void remove(const std::string& key) { entries_.erase(key); }

private:
    struct Entry {
        int add = 0, del = 0;
        sim::Time timestamp;
    };
    void set(const std::string& key, int adds, int dels);
    void lower(const std::string& key, int adds, int dels);

    const sim::Clock& clock_;
    std::map<std::string, Entry> entries_;
};

// UIDTrackingControllerExpectations' deletion side: which pods (keys) a controller deleted.
// Kept inside the ReplicaSet controller; see replica_set.h.

// ---- services ----

// The Service's selector matches the pod (same namespace; a Service without a selector selects
// nothing: its endpoints are someone else's).
bool serviceSelectsPod(const core::Service& service, const core::Pod& pod);
// podutil.FindPort: the pod's port for the Service port — the targetPort number, or the number of
// the container port with that name and protocol; -1 when the pod has none.
int32_t findPort(const core::Pod& pod, const core::ServicePort& servicePort);

// ---- pods ----

// Not terminated (Succeeded/Failed) and not being deleted.
bool isPodActive(const core::Pod& pod);
bool isPodReady(const core::Pod& pod);
const core::PodCondition* podCondition(const core::PodStatus& status, const std::string& type);
// Ready for at least minReadySeconds at `now`.
bool isPodAvailable(const core::Pod& pod, int32_t minReadySeconds, sim::Time now);
// The time (unix nanos) from text, 0 when empty or invalid.
int64_t parseTime(const std::string& rfc3339);

// ActivePodsWithRanks (controller_utils.go): pods sorted so that those to delete first come
// first. `ranks[i]` is how many related pods share pods[i]'s node; `now` enables the
// logarithmic comparison of ready and creation times (LogarithmicScaleDown, on in v1.28).
void sortActivePodsWithRanks(std::vector<const core::Pod*>& pods, const std::vector<int>& ranks, sim::Time now);

// ---- batching ----

// slowStartBatch: calls fn `count` times in batches of initialBatchSize, doubling, and stops after
// the first batch with a failure. Returns the number of successes and the first error.
std::pair<int, Status> slowStartBatch(int count, int initialBatchSize, const std::function<Status()>& fn);

// ---- time ----

std::string formatTime(sim::Time t);  // metav1.Time text

}  // namespace pilothouse::controller
