#include "controllers/garbagecollector/garbage_collector.h"

#include "api/object.h"
#include "api/scheme.h"

namespace pilothouse::controller::garbagecollector {

namespace {

std::string itemOf(const std::string& resource, const metav1::ObjectMeta& meta) {
    return resource + "|" + meta.namespace_() + "/" + meta.name();
}

}  // namespace

GarbageCollector::GarbageCollector(apiserver::APIServer& server, const sim::Clock& clock,
                                   GarbageCollectorOptions options)
    : server_(server), options_(std::move(options)), client_(server, options_.token), attemptToDelete_(clock) {}

Status GarbageCollector::start() {
    std::vector<std::string> resources = options_.resources;
    if (resources.empty())
        for (const auto& t : api::Scheme::instance().types())
            if (t.resource != "events" && t.resource != "bindings") resources.push_back(t.resource);
    for (const auto& resource : resources) {
        const api::ResourceType* type = api::Scheme::instance().byName(resource);
        if (!type) return Status(StatusCode::InvalidArgument, "unknown resource \"" + resource + "\"");
        auto inf = std::make_unique<client::Informer>(server_, *type, options_.token);
        const std::string r = type->resource;
        inf->addHandlers({
            [this, r](const client::ObjectPtr& o) { observe(r, *o); },
            [this, r](const client::ObjectPtr&, const client::ObjectPtr& o) { observe(r, *o); },
            [this](const client::ObjectPtr& o) { forget(*o); },
        });
        PH_RETURN_IF_ERROR(inf->start());
        informers_.push_back(std::move(inf));
    }
    return {};
}

void GarbageCollector::observe(const std::string& resource, const google::protobuf::Message& object) {
    const auto& meta = api::metadata(object);
    Node& node = uidToNode_[meta.uid()];
    for (const auto& ref : node.owners) dependents_[ref.uid()].erase(meta.uid());
    node.item = itemOf(resource, meta);
    node.owners.assign(meta.owner_references().begin(), meta.owner_references().end());
    bool ownerMissing = false;
    for (const auto& ref : node.owners) {
        dependents_[ref.uid()].insert(meta.uid());
        if (!uidToNode_.contains(ref.uid())) ownerMissing = true;
    }
    // A dependent whose owner the graph does not know (never seen, or already gone): verify.
    if (ownerMissing) attemptToDelete_.add(node.item);
}

void GarbageCollector::forget(const google::protobuf::Message& object) {
    const std::string uid = api::metadata(object).uid();
    auto it = uidToNode_.find(uid);
    if (it != uidToNode_.end()) {
        for (const auto& ref : it->second.owners) dependents_[ref.uid()].erase(uid);
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
        auto item = attemptToDelete_.get();
        if (!item) break;
        did = true;
        Status st = attemptToDeleteItem(*item);
        if (st.isOk()) {
            attemptToDelete_.forget(*item);
        } else {
            attemptToDelete_.addRateLimited(*item);
        }
    }
    return did;
}

Status GarbageCollector::attemptToDeleteItem(const std::string& item) {
    const size_t bar = item.find('|');
    const size_t slash = item.find('/', bar);
    const std::string resource = item.substr(0, bar);
    const std::string ns = item.substr(bar + 1, slash - bar - 1);
    const std::string name = item.substr(slash + 1);
    auto latest = client_.get(resource, ns, name);
    if (!latest) return isNotFound(latest.status()) ? Status() : latest.status();
    const auto& meta = api::metadata(**latest);
    if (meta.has_deletion_timestamp()) return {};  // already being deleted
    std::vector<metav1::OwnerReference> solid, dangling;
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
        } else {
            solid.push_back(ref);
        }
    }
    if (dangling.empty()) return {};
    if (!solid.empty()) {
        // Some owners remain: only the references to the vanished ones go.
        std::set<std::string> gone;
        for (const auto& ref : dangling) gone.insert(ref.uid());
        const std::string uid = meta.uid();
        auto r = client_.updateWithRetry(resource, ns, name, [&](google::protobuf::Message* m) {
            auto* md = api::mutableMetadata(m);
            if (md->uid() != uid) return false;
            auto* refs = md->mutable_owner_references();
            bool changed = false;
            for (int i = refs->size() - 1; i >= 0; --i)
                if (gone.contains(refs->Get(i).uid())) {
                    refs->DeleteSubrange(i, 1);
                    changed = true;
                }
            return changed;
        });
        return r || isNotFound(r.status()) ? Status() : r.status();
    }
    // No owner left: delete it (background propagation: its own dependents follow the same way).
    Status st = client_.remove(resource, ns, name);
    return st.isOk() || isNotFound(st) ? Status() : st;
}

}  // namespace pilothouse::controller::garbagecollector
