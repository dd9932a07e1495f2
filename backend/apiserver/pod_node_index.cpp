#include "apiserver/pod_node_index.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

#include <chrono>

namespace pilothouse::apiserver {

namespace {
const std::string kPods = "/registry/pods/";
}  // namespace

std::optional<std::string> peekPodNodeName(const std::string& bytes) {
    namespace io = google::protobuf::io;
    using google::protobuf::internal::WireFormatLite;
    io::CodedInputStream in(reinterpret_cast<const uint8_t*>(bytes.data()), int(bytes.size()));
    for (uint32_t tag; (tag = in.ReadTag()) != 0;) {
        if (tag != ((2u << 3) | 2u)) {  // not spec (length-delimited field 2)
            if (!WireFormatLite::SkipField(&in, tag)) return std::nullopt;
            continue;
        }
        uint32_t length = 0;
        if (!in.ReadVarint32(&length)) return std::nullopt;
        const auto limit = in.PushLimit(int(length));
        std::string nodeName;
        for (uint32_t t; (t = in.ReadTag()) != 0;) {
            if (t == ((10u << 3) | 2u)) {
                if (!WireFormatLite::ReadString(&in, &nodeName)) return std::nullopt;
            } else if (!WireFormatLite::SkipField(&in, t)) {
                return std::nullopt;
            }
        }
        in.PopLimit(limit);
        return nodeName;
    }
    return std::string();  // no spec: no node
}

PodNodeIndex::PodNodeIndex(store::Store& store) : store_(store) {}

PodNodeIndex::~PodNodeIndex() = default;

std::optional<store::ListResult> PodNodeIndex::list(const std::string& prefix, const std::string& node) {
    if (!prefix.starts_with(kPods)) return std::nullopt;
    std::lock_guard lock(mu_);
    // The revision first, then every change queued: what the index holds is at least that recent,
    // and each pod is read as it was at that revision.
    store::ListResult out;
    out.revision = store_.currentRevision();
    if (!sync() || !unreadable_.empty()) return std::nullopt;
    // The node's pods now, and those deleted after the revision (they were there at it).
    std::set<std::string> keys;
    if (auto on = podsOn_.find(node); on != podsOn_.end()) keys = on->second;
    if (auto gone = deleted_.find(node); gone != deleted_.end()) {
        for (auto it = gone->second.begin(); it != gone->second.end();) {
            if (it->second <= out.revision) {
                it = gone->second.erase(it);  // no list from now on is at a revision before it
                continue;
            }
            keys.insert(it->first);
            ++it;
        }
        if (gone->second.empty()) deleted_.erase(gone);
    }
    for (auto it = keys.lower_bound(prefix); it != keys.end() && it->starts_with(prefix); ++it) {
        auto kv = store_.get(*it, out.revision);
        if (kv.isOk()) {
            out.items.push_back(std::move(*kv));
        } else if (kv.status().code() != StatusCode::NotFound) {
            return std::nullopt;  // created after the revision is NotFound; anything else: read the store
        }
    }
    return out;
}

bool PodNodeIndex::sync() {
    if (!watch_ && !relist().isOk()) return false;
    for (;;) {
        auto events = watch_->next(std::chrono::milliseconds::zero());
        if (!events.isOk()) {
            // Closed (fell behind, a compaction overtook its catch-up, the store rewound): start over.
            if (!relist().isOk()) return false;
            continue;
        }
        if (events->empty()) return true;
        for (const store::WatchEvent& e : *events) apply(e.kv, e.type == store::EventType::Deleted, e.kv.modRevision);
    }
}

Status PodNodeIndex::relist() {
    watch_.reset();
    nodeOf_.clear();
    podsOn_.clear();
    unreadable_.clear();
    deleted_.clear();
    auto listed = store_.list(kPods);
    if (!listed.isOk()) return listed.status();
    for (const store::KeyValue& kv : listed->items) apply(kv, false, kv.modRevision);
    auto watch = store_.watch(kPods, listed->revision);
    if (!watch.isOk()) {
        nodeOf_.clear();
        podsOn_.clear();
        return watch.status();
    }
    watch_ = std::move(*watch);
    return Status::ok();
}

void PodNodeIndex::apply(const store::KeyValue& kv, bool deleted, int64_t revision) {
    if (auto was = nodeOf_.find(kv.key); was != nodeOf_.end()) {
        if (auto on = podsOn_.find(was->second); on != podsOn_.end()) {
            on->second.erase(kv.key);
            if (on->second.empty()) podsOn_.erase(on);
        }
        if (deleted) deleted_[was->second][kv.key] = revision;
        nodeOf_.erase(was);
    }
    unreadable_.erase(kv.key);
    if (deleted) return;
    const auto node = peekPodNodeName(kv.value);
    if (!node) {
        unreadable_.insert(kv.key);
        return;
    }
    nodeOf_[kv.key] = *node;
    podsOn_[*node].insert(kv.key);
}

}  // namespace pilothouse::apiserver
