#include "kubectl/table_printer.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "api/object.h"
#include "util/rfc3339.h"
#include "apps_v1.pb.h"
#include "batch_v1.pb.h"
#include "core_v1.pb.h"
#include "kubectl/human_duration.h"
#include "scheduling_v1.pb.h"

namespace pilothouse::kubectl {

namespace core = k8s::io::api::core::v1;
namespace apps = k8s::io::api::apps::v1;

namespace {

std::string age(const api::ObjectMeta& meta, int64_t now) {
    auto created = rfc3339::parse(meta.creation_timestamp());
    if (!created) return "<unknown>";
    return humanDuration(now - *created);
}

// printPod's STATUS: the phase, refined by the pod's reason and its containers' states.
std::string podStatus(const core::Pod& pod, int* ready, int* restarts) {
    std::string reason = pod.status().phase();
    if (!pod.status().reason().empty()) reason = pod.status().reason();
    for (const auto& c : pod.status().conditions())
        if (c.type() == "PodScheduled" && c.reason() == "SchedulingGated") reason = "SchedulingGated";
    bool initializing = false;
    for (int i = 0; i < pod.status().init_container_statuses_size(); ++i) {
        const auto& s = pod.status().init_container_statuses(i);
        *restarts += s.restart_count();
        if (s.state().has_terminated() && s.state().terminated().exit_code() == 0) continue;
        if (s.state().has_terminated()) {
            reason = s.state().terminated().reason().empty()
                         ? "Init:ExitCode:" + std::to_string(s.state().terminated().exit_code())
                         : "Init:" + s.state().terminated().reason();
        } else if (s.state().has_waiting() && !s.state().waiting().reason().empty() &&
                   s.state().waiting().reason() != "PodInitializing") {
            reason = "Init:" + s.state().waiting().reason();
        } else {
            reason = "Init:" + std::to_string(i) + "/" + std::to_string(pod.spec().init_containers_size());
        }
        initializing = true;
        break;
    }
    if (!initializing) {
        *restarts = 0;
        bool hasRunning = false;
        for (int i = pod.status().container_statuses_size() - 1; i >= 0; --i) {
            const auto& s = pod.status().container_statuses(i);
            *restarts += s.restart_count();
            if (s.state().has_waiting() && !s.state().waiting().reason().empty()) {
                reason = s.state().waiting().reason();
            } else if (s.state().has_terminated() && !s.state().terminated().reason().empty()) {
                reason = s.state().terminated().reason();
            } else if (s.state().has_terminated()) {
                reason = s.state().terminated().signal() != 0
                             ? "Signal:" + std::to_string(s.state().terminated().signal())
                             : "ExitCode:" + std::to_string(s.state().terminated().exit_code());
            } else if (s.ready() && s.state().has_running()) {
                hasRunning = true;
                ++*ready;
            }
        }
        if (reason == "Completed" && hasRunning) reason = "Running";
    }
    if (pod.metadata().has_deletion_timestamp()) reason = pod.status().reason() == "NodeLost" ? "Unknown" : "Terminating";
    return reason;
}

std::string nodeStatus(const core::Node& node) {
    std::string status = "Unknown";
    bool found = false;
    for (const auto& c : node.status().conditions()) {
        if (c.type() != "Ready") continue;
        found = true;
        status = c.status() == "True" ? "Ready" : c.status() == "False" ? "NotReady" : "Unknown";
    }
    if (!found) status = "Unknown";
    if (node.spec().unschedulable()) status += ",SchedulingDisabled";
    return status;
}

std::string nodeRoles(const core::Node& node) {
    std::vector<std::string> roles;
    for (const auto& [k, v] : node.metadata().labels()) {
        const std::string prefix = "node-role.kubernetes.io/";
        if (k.rfind(prefix, 0) == 0 && k.size() > prefix.size()) roles.push_back(k.substr(prefix.size()));
        else if (k == "kubernetes.io/role" && !v.empty()) roles.push_back(v);
    }
    std::sort(roles.begin(), roles.end());
    if (roles.empty()) return "<none>";
    std::string out;
    for (const auto& r : roles) out += (out.empty() ? "" : ",") + r;
    return out;
}

std::string nodeAddress(const core::Node& node, const char* type) {
    for (const auto& a : node.status().addresses())
        if (a.type() == type) return a.address();
    return "<none>";
}

std::string orNone(const std::string& s) { return s.empty() ? "<none>" : s; }

std::string servicePorts(const core::ServiceSpec& spec) {
    std::string out;
    for (const auto& p : spec.ports()) {
        if (!out.empty()) out += ",";
        out += std::to_string(p.port());
        if (p.node_port()) out += ":" + std::to_string(p.node_port());
        out += "/" + (p.protocol().empty() ? std::string("TCP") : p.protocol());
    }
    return out.empty() ? "<none>" : out;
}

}  // namespace

Table buildTable(const api::ResourceType& type,
                 const std::vector<std::unique_ptr<google::protobuf::Message>>& objects,
                 Columns columns, bool withNamespace, int64_t now) {
    Table t;
    const bool wide = columns == Columns::Wide;
    const std::string& kind = type.kind;
    if (kind == "Pod") {
        t.headers = {"NAME", "READY", "STATUS", "RESTARTS", "AGE"};
        if (wide) for (const char* h : {"IP", "NODE", "NOMINATED NODE", "READINESS GATES"}) t.headers.push_back(h);
    } else if (kind == "Node") {
        t.headers = {"NAME", "STATUS", "ROLES", "AGE", "VERSION"};
        if (wide) for (const char* h : {"INTERNAL-IP", "EXTERNAL-IP", "OS-IMAGE", "KERNEL-VERSION", "CONTAINER-RUNTIME"}) t.headers.push_back(h);
    } else if (kind == "Namespace") {
        t.headers = {"NAME", "STATUS", "AGE"};
    } else if (kind == "Deployment") {
        t.headers = {"NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"};
    } else if (kind == "ReplicaSet") {
        t.headers = {"NAME", "DESIRED", "CURRENT", "READY", "AGE"};
    } else if (kind == "DaemonSet") {
        t.headers = {"NAME", "DESIRED", "CURRENT", "READY", "UP-TO-DATE", "AVAILABLE", "NODE SELECTOR", "AGE"};
    } else if (kind == "ControllerRevision") {
        t.headers = {"NAME", "CONTROLLER", "REVISION", "AGE"};
    } else if (kind == "Service") {
        t.headers = {"NAME", "TYPE", "CLUSTER-IP", "EXTERNAL-IP", "PORT(S)", "AGE"};
        if (wide) t.headers.push_back("SELECTOR");
    } else if (kind == "Endpoints") {
        t.headers = {"NAME", "ENDPOINTS", "AGE"};
    } else if (kind == "Job") {
        t.headers = {"NAME", "COMPLETIONS", "DURATION", "AGE"};
    } else if (kind == "PriorityClass") {
        t.headers = {"NAME", "VALUE", "GLOBAL-DEFAULT", "AGE"};
    } else if (kind == "Event") {
        t.headers = {"LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"};
    } else {
        t.headers = {"NAME", "AGE"};
    }
    if (withNamespace && type.namespaced) t.headers.insert(t.headers.begin(), "NAMESPACE");

    for (const auto& obj : objects) {
        const auto& meta = api::metadata(*obj);
        std::vector<std::string> row;
        if (kind == "Pod") {
            const auto& pod = static_cast<const core::Pod&>(*obj);
            int ready = 0, restarts = 0;
            std::string status = podStatus(pod, &ready, &restarts);
            row = {meta.name(), std::to_string(ready) + "/" + std::to_string(pod.spec().containers_size()),
                   status, std::to_string(restarts), age(meta, now)};
            if (wide) {
                std::string gates = "<none>";
                if (pod.spec().readiness_gates_size() > 0) {
                    int trueCount = 0;
                    for (const auto& g : pod.spec().readiness_gates())
                        for (const auto& c : pod.status().conditions())
                            if (c.type() == g.condition_type() && c.status() == "True") ++trueCount;
                    gates = std::to_string(trueCount) + "/" + std::to_string(pod.spec().readiness_gates_size());
                }
                row.push_back(orNone(pod.status().pod_ip()));
                row.push_back(orNone(pod.spec().node_name()));
                row.push_back(orNone(pod.status().nominated_node_name()));
                row.push_back(gates);
            }
        } else if (kind == "Node") {
            const auto& node = static_cast<const core::Node&>(*obj);
            row = {meta.name(), nodeStatus(node), nodeRoles(node), age(meta, now), node.status().node_info().kubelet_version()};
            if (wide) {
                row.push_back(nodeAddress(node, "InternalIP"));
                row.push_back(nodeAddress(node, "ExternalIP"));
                row.push_back(orNone(node.status().node_info().os_image()));
                row.push_back(orNone(node.status().node_info().kernel_version()));
                row.push_back(orNone(node.status().node_info().container_runtime_version()));
            }
        } else if (kind == "Namespace") {
            row = {meta.name(), static_cast<const core::Namespace&>(*obj).status().phase(), age(meta, now)};
        } else if (kind == "Deployment") {
            const auto& d = static_cast<const apps::Deployment&>(*obj);
            row = {meta.name(), std::to_string(d.status().ready_replicas()) + "/" + std::to_string(d.spec().replicas()),
                   std::to_string(d.status().updated_replicas()), std::to_string(d.status().available_replicas()), age(meta, now)};
        } else if (kind == "ReplicaSet") {
            const auto& rs = static_cast<const apps::ReplicaSet&>(*obj);
            row = {meta.name(), std::to_string(rs.spec().replicas()), std::to_string(rs.status().replicas()),
                   std::to_string(rs.status().ready_replicas()), age(meta, now)};
        } else if (kind == "DaemonSet") {
            const auto& ds = static_cast<const apps::DaemonSet&>(*obj);
            std::string selector;  // labels.FormatLabels: sorted key=value pairs
            std::map<std::string, std::string> sorted(ds.spec().template_().spec().node_selector().begin(),
                                                      ds.spec().template_().spec().node_selector().end());
            for (const auto& [k, v] : sorted) selector += (selector.empty() ? "" : ",") + k + "=" + v;
            const auto& st = ds.status();
            row = {meta.name(), std::to_string(st.desired_number_scheduled()), std::to_string(st.current_number_scheduled()),
                   std::to_string(st.number_ready()), std::to_string(st.updated_number_scheduled()),
                   std::to_string(st.number_available()), selector.empty() ? "<none>" : selector, age(meta, now)};
        } else if (kind == "ControllerRevision") {
            const auto& cr = static_cast<const apps::ControllerRevision&>(*obj);
            std::string controller = "<none>";
            for (const auto& ref : meta.owner_references()) {
                if (!ref.controller()) continue;
                std::string kindLower = ref.kind();
                for (auto& ch : kindLower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
                const auto slash = ref.api_version().find('/');
                const std::string group = slash == std::string::npos ? "" : ref.api_version().substr(0, slash);
                controller = kindLower + (group.empty() ? "" : "." + group) + "/" + ref.name();
            }
            row = {meta.name(), controller, std::to_string(cr.revision()), age(meta, now)};
        } else if (kind == "Service") {
            const auto& svc = static_cast<const core::Service&>(*obj);
            std::string external = "<none>";
            if (!svc.spec().external_ips().empty()) {
                external.clear();
                for (const auto& ip : svc.spec().external_ips()) external += (external.empty() ? "" : ",") + ip;
            } else if (svc.spec().type() == "LoadBalancer") {
                external = "<pending>";
            }
            row = {meta.name(), svc.spec().type(), orNone(svc.spec().cluster_ip()), external, servicePorts(svc.spec()), age(meta, now)};
            if (wide) {
                std::string sel;
                std::vector<std::pair<std::string, std::string>> sorted(svc.spec().selector().begin(), svc.spec().selector().end());
                std::sort(sorted.begin(), sorted.end());
                for (const auto& [k, v] : sorted) sel += (sel.empty() ? "" : ",") + k + "=" + v;
                row.push_back(orNone(sel));
            }
        } else if (kind == "Endpoints") {
            // formatEndpoints: ready ip:port pairs, at most three, then "+ N more...".
            const auto& ep = static_cast<const core::Endpoints&>(*obj);
            std::vector<std::string> list;
            size_t count = 0;
            bool more = false;
            auto add = [&](const std::string& text) {
                if (list.size() == 3) more = true;
                else list.push_back(text);
            };
            for (const auto& ss : ep.subsets()) {
                if (ss.ports().empty()) {  // a headless Service without ports
                    count += size_t(ss.addresses_size());
                    for (const auto& a : ss.addresses()) add(a.ip());
                    continue;
                }
                for (const auto& p : ss.ports()) {
                    count += size_t(ss.addresses_size());
                    for (const auto& a : ss.addresses())
                        add((a.ip().find(':') != std::string::npos ? "[" + a.ip() + "]" : a.ip()) + ":" + std::to_string(p.port()));
                }
            }
            std::string text;
            for (const auto& l : list) text += (text.empty() ? "" : ",") + l;
            if (more) text += " + " + std::to_string(count - 3) + " more...";
            row = {meta.name(), text.empty() ? "<none>" : text, age(meta, now)};
        } else if (kind == "Job") {
            const auto& job = static_cast<const k8s::io::api::batch::v1::Job&>(*obj);
            std::string completions;
            const int32_t succeeded = job.status().succeeded();
            if (job.spec().has_completions()) {
                completions = std::to_string(succeeded) + "/" + std::to_string(job.spec().completions());
            } else if (job.spec().parallelism() > 1) {
                completions = std::to_string(succeeded) + "/1 of " + std::to_string(job.spec().parallelism());
            } else {
                completions = std::to_string(succeeded) + "/1";
            }
            std::string duration;
            if (auto start = rfc3339::parse(job.status().start_time())) {
                auto end = rfc3339::parse(job.status().completion_time());
                duration = humanDuration((end ? *end : now) - *start);
            }
            row = {meta.name(), completions, duration, age(meta, now)};
        } else if (kind == "PriorityClass") {
            const auto& pc = static_cast<const k8s::io::api::scheduling::v1::PriorityClass&>(*obj);
            row = {meta.name(), std::to_string(pc.value()), pc.global_default() ? "true" : "false", age(meta, now)};
        } else if (kind == "Event") {
            const auto& ev = static_cast<const core::Event&>(*obj);
            auto last = rfc3339::parse(!ev.last_timestamp().empty() ? ev.last_timestamp() : ev.event_time());
            std::string object = ev.involved_object().kind();
            std::transform(object.begin(), object.end(), object.begin(), ::tolower);
            object += "/" + ev.involved_object().name();
            row = {last ? humanDuration(now - *last) : "<unknown>", ev.type(), ev.reason(), object, ev.message()};
        } else {
            row = {meta.name(), age(meta, now)};
        }
        if (withNamespace && type.namespaced) row.insert(row.begin(), meta.namespace_());
        t.rows.push_back(std::move(row));
    }
    return t;
}

std::string renderTable(const Table& table) {
    const size_t n = table.headers.size();
    std::vector<size_t> width(n, 0);
    auto measure = [&](const std::vector<std::string>& cells) {
        for (size_t i = 0; i < n && i < cells.size(); ++i) width[i] = std::max(width[i], cells[i].size());
    };
    measure(table.headers);
    for (const auto& r : table.rows) measure(r);
    auto line = [&](const std::vector<std::string>& cells) {
        std::string out;
        for (size_t i = 0; i < n; ++i) {
            const std::string& c = i < cells.size() ? cells[i] : std::string();
            out += c;
            if (i + 1 < n) out.append(std::max<size_t>(6, width[i] + 3) - c.size(), ' ');
        }
        return out + "\n";
    };
    std::string out = line(table.headers);
    for (const auto& r : table.rows) out += line(r);
    return out;
}

}  // namespace pilothouse::kubectl
