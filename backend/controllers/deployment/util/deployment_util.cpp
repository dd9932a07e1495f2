#include "controllers/deployment/util/deployment_util.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/util/message_differencer.h>

#include <algorithm>
#include <cmath>

#include "controllers/controller_utils.h"

namespace pilothouse::controller::deployment::util {

int32_t replicasOf(const apps::Deployment& d) { return d.spec().has_replicas() ? d.spec().replicas() : 1; }
int32_t replicasOf(const apps::ReplicaSet& rs) { return rs.spec().has_replicas() ? rs.spec().replicas() : 1; }

// ---- hashing ----

std::string computeHash(const core::PodTemplateSpec& tmpl, std::optional<int32_t> collisionCount) {
    std::string bytes;
    {
        google::protobuf::io::StringOutputStream out(&bytes);
        google::protobuf::io::CodedOutputStream coded(&out);
        coded.SetSerializationDeterministic(true);
        tmpl.SerializeToCodedStream(&coded);
    }
    uint32_t h = 2166136261u;  // FNV-32a offset basis
    auto feed = [&](unsigned char c) {
        h ^= c;
        h *= 16777619u;
    };
    for (unsigned char c : bytes) feed(c);
    if (collisionCount) {
        unsigned char buf[8] = {};
        const auto v = static_cast<uint32_t>(*collisionCount);
        for (int i = 0; i < 4; ++i) buf[i] = static_cast<unsigned char>(v >> (8 * i));
        for (unsigned char c : buf) feed(c);
    }
    return safeEncodeString(std::to_string(h));
}

bool equalIgnoreHash(const core::PodTemplateSpec& a, const core::PodTemplateSpec& b) {
    core::PodTemplateSpec x = a, y = b;
    x.mutable_metadata()->mutable_labels()->erase(kDefaultDeploymentUniqueLabelKey);
    y.mutable_metadata()->mutable_labels()->erase(kDefaultDeploymentUniqueLabelKey);
    return google::protobuf::util::MessageDifferencer::Equals(x, y);
}

// ---- revisions ----

namespace {

std::optional<int64_t> parseInt(const std::string& s) {
    if (s.empty()) return std::nullopt;
    try {
        size_t used = 0;
        const long long v = std::stoll(s, &used);
        if (used != s.size()) return std::nullopt;
        return v;
    } catch (...) {
        return std::nullopt;
    }
}

std::string annotation(const apps::ReplicaSet& rs, const char* key) {
    auto it = rs.metadata().annotations().find(key);
    return it == rs.metadata().annotations().end() ? std::string() : it->second;
}

constexpr size_t kMaxRevHistoryLengthInChars = 2000;

bool skipCopyAnnotation(const std::string& key) {
    return key == "kubectl.kubernetes.io/last-applied-configuration" || key == kRevisionAnnotation ||
           key == kRevisionHistoryAnnotation || key == kDesiredReplicasAnnotation || key == kMaxReplicasAnnotation ||
           key == "deprecated.deployment.rollback.to";
}

}  // namespace

int64_t revision(const apps::ReplicaSet& rs) { return parseInt(annotation(rs, kRevisionAnnotation)).value_or(0); }

int64_t maxRevision(const std::vector<const apps::ReplicaSet*>& rss) {
    int64_t m = 0;
    for (const auto* rs : rss)
        if (rs) m = std::max(m, revision(*rs));
    return m;
}

// ---- surge and unavailability ----

int32_t scaledValue(const intstr::IntOrString& v, int32_t total, bool roundUp) {
    if (v.type() == 0) return v.int_val();
    std::string s = v.str_val();
    if (s.empty() || s.back() != '%') return 0;
    s.pop_back();
    const auto pct = parseInt(s).value_or(0);
    const double x = static_cast<double>(pct) * static_cast<double>(total) / 100.0;
    return static_cast<int32_t>(roundUp ? std::ceil(x) : std::floor(x));
}

bool isRollingUpdate(const apps::Deployment& d) { return d.spec().strategy().type() == "RollingUpdate"; }

std::pair<int32_t, int32_t> resolveFenceposts(const apps::Deployment& d) {
    const auto& ru = d.spec().strategy().rolling_update();
    const int32_t desired = replicasOf(d);
    const int32_t surge = ru.has_max_surge() ? scaledValue(ru.max_surge(), desired, true) : 0;
    const int32_t unavailable = ru.has_max_unavailable() ? scaledValue(ru.max_unavailable(), desired, false) : 0;
    if (surge == 0 && unavailable == 0) return {0, 1};
    return {surge, unavailable};
}

int32_t maxSurge(const apps::Deployment& d) {
    if (!isRollingUpdate(d)) return 0;
    return resolveFenceposts(d).first;
}

int32_t maxUnavailable(const apps::Deployment& d) {
    if (!isRollingUpdate(d) || replicasOf(d) == 0) return 0;
    return std::min(resolveFenceposts(d).second, replicasOf(d));
}

// ---- counting ----

int32_t replicaCount(const std::vector<const apps::ReplicaSet*>& rss) {
    int32_t n = 0;
    for (const auto* rs : rss)
        if (rs) n += replicasOf(*rs);
    return n;
}
int32_t actualReplicaCount(const std::vector<const apps::ReplicaSet*>& rss) {
    int32_t n = 0;
    for (const auto* rs : rss)
        if (rs) n += rs->status().replicas();
    return n;
}
int32_t readyReplicaCount(const std::vector<const apps::ReplicaSet*>& rss) {
    int32_t n = 0;
    for (const auto* rs : rss)
        if (rs) n += rs->status().ready_replicas();
    return n;
}
int32_t availableReplicaCount(const std::vector<const apps::ReplicaSet*>& rss) {
    int32_t n = 0;
    for (const auto* rs : rss)
        if (rs) n += rs->status().available_replicas();
    return n;
}

std::vector<const apps::ReplicaSet*> filterActive(const std::vector<const apps::ReplicaSet*>& rss) {
    std::vector<const apps::ReplicaSet*> out;
    for (const auto* rs : rss)
        if (rs && replicasOf(*rs) > 0) out.push_back(rs);
    return out;
}

// ---- orders ----

bool olderFirst(const apps::ReplicaSet* a, const apps::ReplicaSet* b) {
    const int64_t ta = parseTime(a->metadata().creation_timestamp());
    const int64_t tb = parseTime(b->metadata().creation_timestamp());
    if (ta == tb) return a->metadata().name() < b->metadata().name();
    return ta < tb;
}
bool bySizeOlder(const apps::ReplicaSet* a, const apps::ReplicaSet* b) {
    if (replicasOf(*a) == replicasOf(*b)) return olderFirst(a, b);
    return replicasOf(*a) > replicasOf(*b);
}
bool bySizeNewer(const apps::ReplicaSet* a, const apps::ReplicaSet* b) {
    if (replicasOf(*a) == replicasOf(*b)) return olderFirst(b, a);
    return replicasOf(*a) > replicasOf(*b);
}
bool byRevision(const apps::ReplicaSet* a, const apps::ReplicaSet* b) {
    const int64_t ra = revision(*a), rb = revision(*b);
    if (ra == rb) return olderFirst(a, b);
    return ra < rb;
}

// ---- annotations ----

bool setNewReplicaSetAnnotations(const apps::Deployment& d, apps::ReplicaSet* rs, const std::string& newRevision,
                                 bool exists) {
    bool changed = false;
    auto* annotations = rs->mutable_metadata()->mutable_annotations();
    for (const auto& [k, v] : d.metadata().annotations()) {
        if (skipCopyAnnotation(k)) continue;
        auto it = annotations->find(k);
        if (it != annotations->end() && it->second == v) continue;
        (*annotations)[k] = v;
        changed = true;
    }
    const bool had = annotations->contains(kRevisionAnnotation);
    const std::string oldRevision = had ? annotations->at(kRevisionAnnotation) : std::string();
    int64_t oldRevisionInt = 0;
    if (!oldRevision.empty()) {
        auto parsed = parseInt(oldRevision);
        if (!parsed) return false;
        oldRevisionInt = *parsed;
    }
    auto newRevisionInt = parseInt(newRevision);
    if (!newRevisionInt) return false;
    if (oldRevisionInt < *newRevisionInt) {
        (*annotations)[kRevisionAnnotation] = newRevision;
        changed = true;
    }
    // A ReplicaSet that had a revision and gets a newer one is being rolled back to: keep history.
    if (had && oldRevisionInt < *newRevisionInt) {
        const std::string history = annotations->contains(kRevisionHistoryAnnotation)
                                        ? annotations->at(kRevisionHistoryAnnotation)
                                        : std::string();
        if (history.empty()) {
            (*annotations)[kRevisionHistoryAnnotation] = oldRevision;
        } else {
            std::vector<std::string> parts;
            size_t start = 0;
            for (;;) {
                size_t comma = history.find(',', start);
                parts.push_back(history.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
                if (comma == std::string::npos) break;
                start = comma + 1;
            }
            size_t total = history.size() + oldRevision.size() + 1;
            size_t first = 0;
            while (total > kMaxRevHistoryLengthInChars && first < parts.size()) total -= parts[first++].size() + 1;
            if (total <= kMaxRevHistoryLengthInChars) {
                std::string joined;
                for (size_t i = first; i < parts.size(); ++i) joined += parts[i] + ",";
                (*annotations)[kRevisionHistoryAnnotation] = joined + oldRevision;
            }
        }
    }
    if (!exists && setReplicasAnnotations(rs, replicasOf(d), replicasOf(d) + maxSurge(d))) changed = true;
    return changed;
}

bool replicasAnnotationsNeedUpdate(const apps::ReplicaSet& rs, int32_t desired, int32_t max) {
    return annotation(rs, kDesiredReplicasAnnotation) != std::to_string(desired) ||
           annotation(rs, kMaxReplicasAnnotation) != std::to_string(max);
}

bool setReplicasAnnotations(apps::ReplicaSet* rs, int32_t desired, int32_t max) {
    if (!replicasAnnotationsNeedUpdate(*rs, desired, max)) return false;
    auto* a = rs->mutable_metadata()->mutable_annotations();
    (*a)[kDesiredReplicasAnnotation] = std::to_string(desired);
    (*a)[kMaxReplicasAnnotation] = std::to_string(max);
    return true;
}

std::optional<int32_t> intAnnotation(const apps::ReplicaSet& rs, const char* key) {
    auto v = parseInt(annotation(rs, key));
    if (!v) return std::nullopt;
    return static_cast<int32_t>(*v);
}

bool isSaturated(const apps::Deployment& d, const apps::ReplicaSet* rs) {
    if (!rs) return false;
    auto desired = intAnnotation(*rs, kDesiredReplicasAnnotation);
    if (!desired) return false;
    return replicasOf(*rs) == replicasOf(d) && *desired == replicasOf(d) &&
           rs->status().available_replicas() == replicasOf(d);
}

// ---- conditions ----

const apps::DeploymentCondition* condition(const apps::DeploymentStatus& s, const std::string& type) {
    for (const auto& c : s.conditions())
        if (c.type() == type) return &c;
    return nullptr;
}

apps::DeploymentCondition newCondition(const std::string& type, const std::string& status, const std::string& reason,
                                       const std::string& message, sim::Time now) {
    apps::DeploymentCondition c;
    c.set_type(type);
    c.set_status(status);
    c.set_reason(reason);
    c.set_message(message);
    c.set_last_update_time(formatTime(now));
    c.set_last_transition_time(formatTime(now));
    return c;
}

void setCondition(apps::DeploymentStatus* s, apps::DeploymentCondition c) {
    const apps::DeploymentCondition* current = condition(*s, c.type());
    if (current && current->status() == c.status() && current->reason() == c.reason()) return;
    if (current && current->status() == c.status()) c.set_last_transition_time(current->last_transition_time());
    removeCondition(s, c.type());
    *s->add_conditions() = std::move(c);
}

void removeCondition(apps::DeploymentStatus* s, const std::string& type) {
    auto* conds = s->mutable_conditions();
    for (int i = conds->size() - 1; i >= 0; --i)
        if (conds->Get(i).type() == type) conds->DeleteSubrange(i, 1);
}

bool hasProgressDeadline(const apps::Deployment& d) {
    return d.spec().has_progress_deadline_seconds() && d.spec().progress_deadline_seconds() != INT32_MAX;
}

bool deploymentComplete(const apps::Deployment& d, const apps::DeploymentStatus& s) {
    const int32_t r = replicasOf(d);
    return s.updated_replicas() == r && s.replicas() == r && s.available_replicas() == r &&
           s.observed_generation() >= d.metadata().generation();
}

bool deploymentProgressing(const apps::Deployment& d, const apps::DeploymentStatus& s) {
    const auto& old = d.status();
    const int32_t oldOld = old.replicas() - old.updated_replicas();
    const int32_t newOld = s.replicas() - s.updated_replicas();
    return s.updated_replicas() > old.updated_replicas() || newOld < oldOld ||
           s.ready_replicas() > old.ready_replicas() || s.available_replicas() > old.available_replicas();
}

bool deploymentTimedOut(const apps::Deployment& d, const apps::DeploymentStatus& s, sim::Time now) {
    if (!hasProgressDeadline(d)) return false;
    const apps::DeploymentCondition* c = condition(s, kProgressing);
    if (!c) return false;
    if (c->reason() == kNewRSAvailableReason) return false;
    if (c->reason() == kTimedOutReason) return true;
    const int64_t from = parseTime(c->last_update_time());
    const int64_t deadline = from + int64_t{d.spec().progress_deadline_seconds()} * 1'000'000'000;
    return deadline < sim::toUnixNanos(now);
}

// ---- sizes ----

int32_t newRSNewReplicas(const apps::Deployment& d, const std::vector<const apps::ReplicaSet*>& all,
                         const apps::ReplicaSet& newRS) {
    if (!isRollingUpdate(d)) return replicasOf(d);
    const int32_t surge = scaledValue(d.spec().strategy().rolling_update().max_surge(), replicasOf(d), true);
    const int32_t current = replicaCount(all);
    const int32_t maxTotal = replicasOf(d) + surge;
    if (current >= maxTotal) return replicasOf(newRS);
    const int32_t up = std::min(maxTotal - current, replicasOf(d) - replicasOf(newRS));
    return replicasOf(newRS) + up;
}

int32_t proportion(const apps::ReplicaSet& rs, const apps::Deployment& d, int32_t toAdd, int32_t added) {
    if (replicasOf(rs) == 0 || toAdd == 0 || toAdd == added) return 0;
    int32_t fraction;
    if (replicasOf(d) == 0) {
        fraction = -replicasOf(rs);
    } else {
        const int32_t deploymentReplicas = replicasOf(d) + maxSurge(d);
        const int32_t annotated = intAnnotation(rs, kMaxReplicasAnnotation).value_or(d.status().replicas());
        const double size = static_cast<double>(replicasOf(rs) * deploymentReplicas) / static_cast<double>(annotated);
        fraction = static_cast<int32_t>(std::floor(size + 0.5)) - replicasOf(rs);
    }
    const int32_t allowed = toAdd - added;
    return toAdd > 0 ? std::min(fraction, allowed) : std::max(fraction, allowed);
}

}  // namespace pilothouse::controller::deployment::util
