#include "controllers/garbagecollector/garbage_collector.h"

#include <algorithm>

#include "api/object.h"
#include "api/scheme.h"

namespace pilothouse::controller::garbagecollector {

namespace {

std::string itemOf(const std::string& resource, const metav1::ObjectMeta& meta) {
    return resource + "|" + meta.namespace_() + "/" + meta.name();
}

struct ItemName {
    std::string resource, ns, name;
};

ItemName parseItem(const std::string& item) {
    const size_t bar = item.find('|');
    const size_t slash = item.find('/', bar);
    return {item.substr(0, bar), item.substr(bar + 1, slash - bar - 1), item.substr(slash + 1)};
}

bool hasFinalizer(const metav1::ObjectMeta& meta, const char* finalizer) {
    return std::find(meta.finalizers().begin(), meta.finalizers().end(), finalizer) != meta.finalizers().end();
}

bool isDeletingDependents(const metav1::ObjectMeta& meta) {
    return meta.has_deletion_timestamp() && hasFinalizer(meta, api::kFinalizerDeleteDependents);
}

}  // namespace

GarbageCollector::GarbageCollector(apiserver::APIServer& server, const sim::Clock& clock,
                                   GarbageCollectorOptions options)
    : server_(server),
      options_(std::move(options)),
      client_(server, options_.token),
      factory_(options_.informers ? options_.informers : std::make_shared<client::SharedInformerFactory>(server, options_.token)),
      attemptToDelete_(clock),
      attemptToOrphan_(clock) {}

Status GarbageCollector::start() {
    std::vector<std::string> resources = options_.resources;
    if (resources.empty())
        // GetDeletableResources: what supports delete, list and watch (not a create-only review).
        for (const auto& t : api::Scheme::instance().types())
            if (t.resource != "events" && t.resource != "bindings" && t.supports("delete") && t.supports("list") &&
                t.supports("watch"))
                resources.push_back(t.resource);
    for (const auto& resource : resources) {
        const api::ResourceType* type = api::Scheme::instance().byName(resource);
        if (!type) return Status(StatusCode::InvalidArgument, "unknown resource \"" + resource + "\"");
        client::Informer& inf = factory_->informerFor(*type);
        const std::string r = type->resource;
        // Never resynced (upstream's ResourceResyncTime is 0).
        inf.addHandlers({
            [this, r](const client::ObjectPtr& o) { observe(r, *o); },
            [this, r](const client::ObjectPtr&, const client::ObjectPtr& o) { observe(r, *o); },
            [this](const client::ObjectPtr& o) { forget(*o); },
            false,
        });
        PH_RETURN_IF_ERROR(inf.start());
        informers_.push_back(&inf);
    }
    return {};
}

std::optional<sim::Time> GarbageCollector::nextWakeup() const {
    auto a = attemptToDelete_.nextReadyTime();
    auto b = attemptToOrphan_.nextReadyTime();
    if (!a) return b;
    if (!b) return a;
    return std::min(*a, *b);
}

// The graph builder's processGraphChanges for an add or update.
void GarbageCollector::observe(const std::string& resource, const google::protobuf::Message& object) {
    const auto& meta = api::metadata(object);
    Node& node = uidToNode_[meta.uid()];
    // References that went away or stopped blocking: a foreground-deleting owner may be done.
    for (const auto& old : node.owners) {
        bool stillBlocks = false;
        for (const auto& ref : meta.owner_references())
            if (ref.uid() == old.uid() && ref.block_owner_deletion()) stillBlocks = true;
        auto owner = uidToNode_.find(old.uid());
        if (!stillBlocks && old.block_owner_deletion() && owner != uidToNode_.end() && owner->second.deletingDependents)
            attemptToDelete_.add(owner->second.item);
        dependents_[old.uid()].erase(meta.uid());
    }
    node.item = itemOf(resource, meta);
    node.owners.assign(meta.owner_references().begin(), meta.owner_references().end());
    node.beingDeleted = meta.has_deletion_timestamp();
    bool ownerMissing = false;
    for (const auto& ref : node.owners) {
        dependents_[ref.uid()].insert(meta.uid());
        if (!uidToNode_.contains(ref.uid())) ownerMissing = true;
    }
    // A dependent whose owner the graph does not know (never seen, or already gone): verify.
    if (ownerMissing) attemptToDelete_.add(node.item);
    // Foreground deletion started: every dependent gets looked at, and the owner itself (it may
    // have none left).
    if (isDeletingDependents(meta) && !node.deletingDependents) {
        node.deletingDependents = true;
        if (auto deps = dependents_.find(meta.uid()); deps != dependents_.end())
            for (const auto& dep : deps->second)
                if (auto d = uidToNode_.find(dep); d != uidToNode_.end()) attemptToDelete_.add(d->second.item);
        attemptToDelete_.add(node.item);
    }
    if (meta.has_deletion_timestamp() && hasFinalizer(meta, api::kFinalizerOrphanDependents)) {
        attemptToOrphan_.add(node.item);
    }
}

void GarbageCollector::forget(const google::protobuf::Message& object) {
    const std::string uid = api::metadata(object).uid();
    auto it = uidToNode_.find(uid);
    if (it != uidToNode_.end()) {
        for (const auto& ref : it->second.owners) {
            dependents_[ref.uid()].erase(uid);
            // One blocking dependent fewer for an owner being deleted in the foreground.
            auto owner = uidToNode_.find(ref.uid());
            if (owner != uidToNode_.end() && owner->second.deletingDependents) attemptToDelete_.add(owner->second.item);
        }
        uidToNode_.erase(it);
    }
    // The owner is gone: every dependent gets looked at.
    auto deps = dependents_.find(uid);
    if (deps == dependents_.end()) return;
    for (const auto& dep : deps->second) {
        auto d = uidToNode_.find(dep);
        if (d != uidToNode_.end()) attemptToDelete_.add(d->second.item);
    }
    if (deps->second.empty()) dependents_.erase(deps);
}

std::vector<std::string> GarbageCollector::blockingDependents(const std::string& ownerUID) const {
    std::vector<std::string> out;
    auto deps = dependents_.find(ownerUID);
    if (deps == dependents_.end()) return out;
    for (const auto& dep : deps->second) {
        auto d = uidToNode_.find(dep);
        if (d == uidToNode_.end()) continue;
        for (const auto& ref : d->second.owners)
            if (ref.uid() == ownerUID && ref.block_owner_deletion()) {
                out.push_back(dep);
                break;
            }
    }
    return out;
}

StatusOr<bool> GarbageCollector::reconcile() {
    bool did = false;
    for (;;) {
        size_t applied = 0;
        for (auto& inf : informers_) {
            auto n = inf->sync();
            if (!n) return n.status();
            applied += *n;
        }
        did = did || applied > 0;
        // runAttemptToDeleteWorker / runAttemptToOrphanWorker, one item at a time.
        bool worked = attemptToDelete_.processNext([this](const std::string& item) { return attemptToDeleteItem(item); });
        worked = attemptToOrphan_.processNext([this](const std::string& item) { return attemptToOrphan(item); }) || worked;
        if (!worked) break;
        did = true;
    }
    return did;
}

Status GarbageCollector::attemptToDeleteItem(const std::string& item) {
    const auto [resource, ns, name] = parseItem(item);
    auto latest = client_.get(resource, ns, name);
    if (!latest) return isNotFound(latest.status()) ? Status() : latest.status();
    const auto& meta = api::metadata(**latest);
    // Being deleted, and not waiting for its dependents: nothing to do.
    if (meta.has_deletion_timestamp() && !isDeletingDependents(meta)) return {};
    if (isDeletingDependents(meta)) return processDeletingDependentsItem(item, **latest);

    // Classify the owners: solid (there), dangling (absent or another UID), or waiting for their
    // own dependents to go (foreground deletion in progress).
    std::vector<metav1::OwnerReference> solid, dangling, waiting;
    for (const auto& ref : meta.owner_references()) {
        const api::ResourceType* type = api::Scheme::instance().byKind(ref.api_version(), ref.kind());
        if (!type) {
            solid.push_back(ref);  // a kind we do not serve: leave it alone
            continue;
        }
        auto owner = client_.get(type->resource, type->namespaced ? ns : "", ref.name());
        if (!owner) {
            if (!isNotFound(owner.status())) return owner.status();
            dangling.push_back(ref);
        } else if (api::metadata(**owner).uid() != ref.uid()) {
            dangling.push_back(ref);
        } else if (isDeletingDependents(api::metadata(**owner))) {
            waiting.push_back(ref);
        } else {
            solid.push_back(ref);
        }
    }
    const std::string uid = meta.uid();
    if (!solid.empty()) {
        if (dangling.empty() && waiting.empty()) return {};
        // Some owners remain: the references to the vanished owners and to those being deleted
        // in the foreground go; the object stays.
        std::set<std::string> drop;
        for (const auto& ref : dangling) drop.insert(ref.uid());
        for (const auto& ref : waiting) drop.insert(ref.uid());
        Status st = removeOwnerReferences(client_, resource, ns, name, uid, drop);
        return st.isOk() || isNotFound(st) ? Status() : st;
    }
    if (dangling.empty() && waiting.empty()) return {};  // no owners at all: not ours to delete
    std::string policy;
    const bool hasDependents = dependents_.contains(uid) && !dependents_.at(uid).empty();
    if (!waiting.empty() && hasDependents) {
        // Its owner waits for it, and it has dependents of its own: they go first (foreground).
        // A dependent that is itself waiting for its dependents would deadlock on this object:
        // unblock the references this object holds to the waiting owners.
        bool dependentWaiting = false;
        for (const auto& dep : dependents_.at(uid))
            if (auto d = uidToNode_.find(dep); d != uidToNode_.end() && d->second.deletingDependents)
                dependentWaiting = true;
        if (dependentWaiting) {
            std::set<std::string> unblock;
            for (const auto& ref : waiting) unblock.insert(ref.uid());
            auto r = client_.updateWithRetry(resource, ns, name, [&](google::protobuf::Message* m) {
                auto* md = api::mutableMetadata(m);
                if (md->uid() != uid) return false;
                bool changed = false;
                for (auto& ref : *md->mutable_owner_references())
                    if (unblock.contains(ref.uid()) && ref.block_owner_deletion()) {
                        ref.set_block_owner_deletion(false);
                        changed = true;
                    }
                return changed;
            });
            if (!r && !isNotFound(r.status())) return r.status();
        }
        policy = "Foreground";
    } else if (hasFinalizer(meta, api::kFinalizerOrphanDependents)) {
        policy = "Orphan";
    } else if (hasFinalizer(meta, api::kFinalizerDeleteDependents)) {
        policy = "Foreground";
    } else {
        policy = "Background";
    }
    Status st = client_.remove(resource, ns, name, -1, policy, uid);
    return st.isOk() || isNotFound(st) ? Status() : st;
}

Status GarbageCollector::processDeletingDependentsItem(const std::string& item, const google::protobuf::Message& owner) {
    const std::string uid = api::metadata(owner).uid();
    const auto blocking = blockingDependents(uid);
    if (blocking.empty()) return removeFinalizer(item, uid, api::kFinalizerDeleteDependents);
    for (const auto& dep : blocking) {
        const Node& d = uidToNode_.at(dep);
        if (!d.deletingDependents) attemptToDelete_.add(d.item);
    }
    return {};
}

Status GarbageCollector::attemptToOrphan(const std::string& item) {
    const auto [resource, ns, name] = parseItem(item);
    auto latest = client_.get(resource, ns, name);
    if (!latest) return isNotFound(latest.status()) ? Status() : latest.status();
    const auto& meta = api::metadata(**latest);
    if (!meta.has_deletion_timestamp() || !hasFinalizer(meta, api::kFinalizerOrphanDependents)) return {};
    const std::string ownerUID = meta.uid();
    // orphanDependents: every dependent loses its reference to the owner.
    std::vector<std::string> deps;
    if (auto it = dependents_.find(ownerUID); it != dependents_.end()) deps.assign(it->second.begin(), it->second.end());
    for (const auto& dep : deps) {
        auto d = uidToNode_.find(dep);
        if (d == uidToNode_.end()) continue;
        const auto [r, dns, dname] = parseItem(d->second.item);
        Status st = removeOwnerReferences(client_, r, dns, dname, dep, {ownerUID});
        if (!st.isOk() && !isNotFound(st)) return st;
    }
    return removeFinalizer(item, ownerUID, api::kFinalizerOrphanDependents);
}

Status GarbageCollector::removeFinalizer(const std::string& item, const std::string& uid, const std::string& finalizer) {
    const auto [resource, ns, name] = parseItem(item);
    Status st = controller::removeFinalizer(client_, resource, ns, name, finalizer, uid);
    return st.isOk() || isNotFound(st) ? Status() : st;
}

}  // namespace pilothouse::controller::garbagecollector
