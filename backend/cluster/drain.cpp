#include "cluster/drain.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "api/object.h"
#include "api/scheme.h"
#include "core_v1.pb.h"
#include "policy_v1.pb.h"

namespace pilothouse::cluster {

namespace core = k8s::io::api::core::v1;

namespace {

// kubectl's filter texts (pkg/drain/filters.go).
constexpr const char* kDaemonSetWarning = "ignoring DaemonSet-managed Pods";
constexpr const char* kLocalStorageWarning = "deleting Pods with local storage";
constexpr const char* kUnmanagedFatal = "cannot delete Pods that declare no controller (use --force to override)";
constexpr const char* kMirrorPodAnnotation = "kubernetes.io/config.mirror";

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// utilerrors.NewAggregate(errs).Error(): one error as it is, several as "[a, b]" (repeats once).
std::string aggregate(const std::vector<std::string>& errors) {
    std::vector<std::string> seen;
    for (const auto& e : errors)
        if (std::find(seen.begin(), seen.end(), e) == seen.end()) seen.push_back(e);
    if (seen.size() == 1) return seen[0];
    std::string out = "[";
    for (size_t i = 0; i < seen.size(); ++i) out += (i ? ", " : "") + seen[i];
    return out + "]";
}

bool isFinished(const core::Pod& pod) { return pod.status().phase() == "Succeeded" || pod.status().phase() == "Failed"; }

const k8s::io::apimachinery::pkg::apis::meta::v1::OwnerReference* controllerOf(const core::Pod& pod) {
    for (const auto& ref : pod.metadata().owner_references())
        if (ref.has_controller() && ref.controller()) return &ref;
    return nullptr;
}

}  // namespace

Status evictPod(apiserver::APIServer& server, const std::string& ns, const std::string& name, const std::string& token) {
    auto eviction = std::make_shared<k8s::io::api::policy::v1::Eviction>();
    eviction->set_api_version("policy/v1");
    eviction->set_kind("Eviction");
    eviction->mutable_metadata()->set_name(name);
    eviction->mutable_metadata()->set_namespace_(ns);
    eviction->mutable_delete_options();
    apiserver::Request req;
    req.verb = "create";
    req.type = api::Scheme::instance().byName("pods");
    req.subresource = "eviction";
    req.namespace_ = ns;
    req.name = name;
    req.token = token;
    req.body = std::move(eviction);
    return server.handle(req).status;
}

std::string goDuration(sim::Duration d) {
    int64_t ns = d.count();
    if (ns == 0) return "0s";
    std::string sign = ns < 0 ? "-" : "";
    if (ns < 0) ns = -ns;
    // A fraction without trailing zeros: 1500 with 3 digits -> "1.5".
    const auto withFraction = [](int64_t whole, int64_t fraction, int digits) {
        std::string out = std::to_string(whole);
        if (fraction == 0) return out;
        char buf[16];
        std::snprintf(buf, sizeof buf, "%0*lld", digits, static_cast<long long>(fraction));
        std::string f = buf;
        while (!f.empty() && f.back() == '0') f.pop_back();
        return out + "." + f;
    };
    if (ns < 1'000) return sign + std::to_string(ns) + "ns";
    if (ns < 1'000'000) return sign + withFraction(ns / 1'000, ns % 1'000, 3) + "µs";
    if (ns < 1'000'000'000) return sign + withFraction(ns / 1'000'000, ns % 1'000'000, 6) + "ms";
    const int64_t hours = ns / 3'600'000'000'000;
    const int64_t minutes = ns / 60'000'000'000 % 60;
    const int64_t secondsNanos = ns % 60'000'000'000;
    std::string out = sign;
    if (hours > 0) out += std::to_string(hours) + "h";
    if (hours > 0 || minutes > 0) out += std::to_string(minutes) + "m";
    return out + withFraction(secondsNanos / 1'000'000'000, secondsNanos % 1'000'000'000, 9) + "s";
}

Drain::Drain(Cluster& cluster, std::string node, sim::Duration timeout, Report report)
    : cluster_(cluster), node_(std::move(node)), timeout_(timeout), report_(std::move(report)) {}

bool Drain::timedOut() const { return cluster_.clock().now() >= deadline_; }

void Drain::start() {
    deadline_ = cluster_.clock().now() + timeout_;
    auto& server = cluster_.apiServer();
    const auto* nodes = api::Scheme::instance().byName("nodes");
    const auto* podsType = api::Scheme::instance().byName("pods");
    const auto fail = [&](const std::string& line) {
        report_(false, line);
        finished_ = true;
    };

    // 1. Cordon.
    apiserver::Request get;
    get.verb = "get";
    get.type = nodes;
    get.name = node_;
    auto current = server.handle(get);
    if (!current.ok()) return fail(current.status.message());
    if (static_cast<const core::Node&>(*current.object).spec().unschedulable()) {
        report_(true, "node/" + node_ + " already cordoned");
    } else {
        apiserver::Request patch;
        patch.verb = "patch";
        patch.type = nodes;
        patch.name = node_;
        patch.patchType = apiserver::PatchType::Merge;
        codec::Value body = codec::Value::object();
        body["spec"].set("unschedulable", codec::Value(true));
        patch.patch = std::move(body);
        auto patched = server.handle(patch);
        if (!patched.ok()) return fail("unable to cordon node " + quoted(node_) + ": " + patched.status.message());
        report_(true, "node/" + node_ + " cordoned");
    }

    // 2. The node's pods through kubectl's filters.
    apiserver::Request list;
    list.verb = "list";
    list.type = podsType;
    list.fieldSelector = "spec.nodeName=" + node_;
    auto found = server.handle(list);
    if (!found.ok()) return fail(found.status.message());
    std::map<std::string, std::vector<std::string>> warnings, errors;  // message -> ns/pod
    for (const auto& item : found.items) {
        const auto& pod = static_cast<const core::Pod&>(*item);
        const std::string ref = pod.metadata().namespace_() + "/" + pod.metadata().name();
        bool evict = true;
        std::string warning;
        // daemonSetFilter
        const auto* owner = controllerOf(pod);
        if (owner && owner->kind() == "DaemonSet" && !isFinished(pod)) {
            apiserver::Request ds;
            ds.verb = "get";
            ds.type = api::Scheme::instance().byName("daemonsets");
            ds.namespace_ = pod.metadata().namespace_();
            ds.name = owner->name();
            auto got = server.handle(ds);
            if (!got.ok()) {
                errors[got.status.message()].push_back(ref);
                continue;
            }
            warnings[kDaemonSetWarning].push_back(ref);
            continue;
        }
        // mirrorPodFilter
        if (pod.metadata().annotations().contains(kMirrorPodAnnotation)) continue;
        // localStorageFilter (--delete-emptydir-data)
        if (!isFinished(pod))
            for (const auto& v : pod.spec().volumes())
                if (v.has_empty_dir()) warning = kLocalStorageWarning;
        // unreplicatedFilter (no --force)
        if (!isFinished(pod) && !owner) {
            errors[kUnmanagedFatal].push_back(ref);
            evict = false;
        }
        if (!evict) continue;
        if (!warning.empty()) warnings[warning].push_back(ref);
        PodToEvict target;
        target.namespace_ = pod.metadata().namespace_();
        target.name = pod.metadata().name();
        target.uid = pod.metadata().uid();
        pods_.push_back(std::move(target));
    }
    if (!errors.empty()) {
        std::vector<std::string> messages;
        for (const auto& [message, refs] : errors) {
            std::string line = message.rfind("cannot delete", 0) == 0 ? message : "cannot delete " + message;
            line += ": ";
            for (size_t i = 0; i < refs.size(); ++i) line += (i ? ", " : "") + refs[i];
            messages.push_back(line);
        }
        pods_.clear();
        return fail("unable to drain node " + quoted(node_) + " due to error: " + aggregate(messages) +
                    ", continuing command...");
    }
    if (!warnings.empty()) {
        std::string line = "Warning: ";
        bool first = true;
        for (const auto& [message, refs] : warnings) {
            line += (first ? "" : "; ") + message + ": ";
            for (size_t i = 0; i < refs.size(); ++i) line += (i ? ", " : "") + refs[i];
            first = false;
        }
        report_(true, line);
    }

    // 3. Evictions (kubectl runs them side by side: here one after the other at the same instant).
    if (pods_.empty()) {
        report_(true, "node/" + node_ + " drained");
        finished_ = true;
        return;
    }
    for (size_t i = 0; i < pods_.size(); ++i) attemptEviction(i);
}

void Drain::attemptEviction(size_t i) {
    PodToEvict& p = pods_[i];
    report_(true, "evicting pod " + p.namespace_ + "/" + p.name);
    const std::string pod = "pods/" + quoted(p.name) + " -n " + quoted(p.namespace_);
    if (timedOut()) return podFinished(i, "error when evicting " + pod + ": global timeout reached: " + goDuration(timeout_));
    Status st = evictPod(cluster_.apiServer(), p.namespace_, p.name);
    if (st.isOk()) return waitForDelete(i);
    if (st.reason() == "NotFound") return podFinished(i, "");
    if (st.reason() == "TooManyRequests" || st.httpCode() == 429) {
        report_(false, "error when evicting " + pod + " (will retry after 5s): " + st.message());
        cluster_.loop().schedule(std::chrono::seconds(5), "scenario", "drain " + node_ + ": evict " + p.namespace_ + "/" + p.name,
                                 [this, i] { attemptEviction(i); });
        return;
    }
    podFinished(i, "error when evicting " + pod + ": " + st.message());
}

void Drain::waitForDelete(size_t i) {
    PodToEvict& p = pods_[i];
    apiserver::Request get;
    get.verb = "get";
    get.type = api::Scheme::instance().byName("pods");
    get.namespace_ = p.namespace_;
    get.name = p.name;
    auto resp = cluster_.apiServer().handle(get);
    const bool gone = (!resp.ok() && resp.status.reason() == "NotFound") ||
                      (resp.ok() && api::metadata(*resp.object).uid() != p.uid);
    if (gone) {
        report_(true, "pod/" + p.name + " evicted");
        return podFinished(i, "");
    }
    if (!resp.ok()) return podFinished(i, "error when waiting for pod " + quoted(p.name) + " in namespace " +
                                              quoted(p.namespace_) + " to terminate: " + resp.status.message());
    if (timedOut())
        return podFinished(i, "error when waiting for pod " + quoted(p.name) + " in namespace " + quoted(p.namespace_) +
                                  " to terminate: global timeout reached: " + goDuration(timeout_));
    cluster_.loop().schedule(std::chrono::seconds(1), "scenario", "drain " + node_ + ": wait for " + p.namespace_ + "/" + p.name,
                             [this, i] { waitForDelete(i); });
}

void Drain::podFinished(size_t i, std::string error) {
    pods_[i].done = true;
    pods_[i].error = std::move(error);
    for (const auto& p : pods_)
        if (!p.done) return;
    std::vector<std::string> errors;
    for (const auto& p : pods_)
        if (!p.error.empty()) errors.push_back(p.error);
    finished_ = true;
    if (errors.empty()) {
        report_(true, "node/" + node_ + " drained");
        return;
    }
    report_(false, "unable to drain node " + quoted(node_) + " due to error: " + aggregate(errors) + ", continuing command...");
}

}  // namespace pilothouse::cluster
