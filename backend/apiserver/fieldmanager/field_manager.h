// The field manager (k8s.io/apimachinery/pkg/util/managedfields, run by kube-apiserver's
// handlers): every write records in metadata.managedFields which manager set which fields, and
// server-side apply (PATCH with application/apply-patch+yaml) uses that record.
//
//  - Update (create, update, patch, a status write): the fields the write added or changed join
//    the writer's "Update" entry, stamped with the time, and leave every other entry; removed
//    fields leave every entry. The manager is the request's fieldManager, else the first part of
//    its User-Agent ("kubectl-client-side-apply", "kube-scheduler", "kubelet"); an in-process
//    request with neither (a scenario's objects, the GUI's edits) is "pilothouse".
//  - Apply: the applied configuration is merged into the live object; the manager's "Apply" entry
//    becomes exactly the fields the configuration sets; fields it set last time and sets no
//    longer are removed unless another manager owns them. A field another manager owns whose value
//    the apply would change is a conflict (409, upstream's text) unless `force`, which takes it
//    over.
//
// At most ten Update entries are kept: the oldest merge into "ancient-changes" (upstream's
// capManagersManager). An apply by the manager "kubectl" rewrites the client-side apply
// annotation, where the object has one, to what it applied (upstream's lastAppliedUpdater), and
// its changes to fields that annotation applied and the object still holds are no conflict
// (lastAppliedManager: kubectl's move from client-side to server-side apply).
//
// Entries never record apiVersion, kind, the object's name, namespace, uid, resourceVersion,
// generation, creationTimestamp or managedFields; writes to the main resource of a kind with a
// status subresource do not record status, and status writes record only status. A client may
// replace managedFields through an update or patch (kubectl does, to move from client-side to
// server-side apply); `[{}]` clears them.
#pragma once

#include <google/protobuf/message.h>

#include <string>
#include <vector>

#include "api/codec/value.h"
#include "api/scheme.h"
#include "apiserver/fieldmanager/fieldpath.h"
#include "api/object.h"
#include "util/status.h"

namespace pilothouse::apiserver::fieldmanager {

struct ManagedEntry {
    std::string manager;
    std::string operation;  // "Apply" or "Update"
    std::string apiVersion;
    std::string time;       // RFC 3339; empty when the entry's fields never changed the object
    std::string subresource;
    Set fields;
};

// metadata.managedFields read; an entry whose fieldsV1 does not parse is an error naming it.
StatusOr<std::vector<ManagedEntry>> decodeManagedFields(const api::ObjectMeta& meta);
// Written back in upstream's order: Apply before Update, then by time, manager, apiVersion,
// subresource.
void encodeManagedFields(const std::vector<ManagedEntry>& entries, api::ObjectMeta* meta);

// The manager a request without fieldManager is recorded as: its User-Agent up to the first "/",
// printable characters only, at most 128 bytes.
std::string managerFromUserAgent(const std::string& userAgent);
// The manager of an in-process request that names none and has no User-Agent.
inline constexpr const char* kInProcessManager = "pilothouse";

// The manager kube-apiserver records for a component's writes, from the User-Agent its binary
// sends: "kube-scheduler" for the default-scheduler, "kubelet", and "kube-controller-manager" for
// every controller.
std::string managerOfComponent(const std::string& component);

struct WriteContext {
    const api::ResourceType* type = nullptr;
    std::string manager;
    std::string subresource;  // "" or "status"
    std::string now;          // RFC 3339, the virtual clock
};

// The JSON the field manager compares: a kind's empty object (what a create is compared with, with
// the nulls Go writes for its lists and maps), and an object's, both without apiVersion, kind and
// managedFields.
const codec::Value& emptyObjectValue(const api::ResourceType& type);
codec::Value objectValue(const google::protobuf::Message& object);
// The same with only status, or all but status (what a status write, or a write to the main
// resource of a kind with a status subresource, may own).
enum class ObjectPart { All, Status, NoStatus };
codec::Value objectPart(const google::protobuf::Message& object, ObjectPart part);

// An Update: sets `object`'s managedFields from `live`'s (null for a create) and what changed.
void update(const google::protobuf::Message* live, google::protobuf::Message* object, const WriteContext& ctx);

struct ApplyResult {
    codec::Value object;  // the merged object, without managedFields (decoded and defaulted by the caller)
    std::vector<ManagedEntry> managed;
};

// An Apply of `config` (the request body) to `live` (null when the object does not exist yet).
// Errors: Conflict 409 with one cause per conflicting field; BadRequest for a configuration that
// cannot be read with the kind's schema.
StatusOr<ApplyResult> apply(const google::protobuf::Message* live, const codec::Value& config, bool force,
                            const WriteContext& ctx);

}  // namespace pilothouse::apiserver::fieldmanager
