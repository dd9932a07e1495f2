#include "printers/table_generator.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>

#include "api/labels.h"
#include "api/object.h"
#include "apps_v1.pb.h"
#include "batch_v1.pb.h"
#include "coordination_v1.pb.h"
#include "core_v1.pb.h"
#include "core_v1_config.pb.h"
#include "discovery_v1.pb.h"
#include "policy_v1.pb.h"
#include "rbac_v1.pb.h"
#include "scheduling_v1.pb.h"
#include "util/human_duration.h"
#include "util/rfc3339.h"

namespace pilothouse::printers {

namespace core = k8s::io::api::core::v1;
namespace apps = k8s::io::api::apps::v1;
using google::protobuf::Message;
using codec::Value;

namespace {

// Descriptions of the columns every table shares; the others are written beside their kind.
const char* kNameDescription = "The object's name, unique among objects of its kind in its namespace.";
const char* kAgeDescription = "How long ago the object was created (metadata.creationTimestamp).";

ColumnDefinition nameColumn(int priority = 0) { return {"Name", "string", "name", kNameDescription, priority}; }
ColumnDefinition ageColumn() { return {"Age", "string", "", kAgeDescription, 0}; }
ColumnDefinition column(const char* name, const char* description, int priority = 0, const char* type = "string") {
    return {name, type, "", description, priority};
}

std::string sinceText(const std::string& timestamp, int64_t now) {
    auto t = rfc3339::parse(timestamp);
    if (!t) return "<unknown>";
    return util::humanDuration(now - *t);
}
std::string age(const Message& object, int64_t now) { return sinceText(api::metadata(object).creation_timestamp(), now); }
std::string orNone(const std::string& s) { return s.empty() ? "<none>" : s; }

template <typename Map>
std::string formatLabels(const Map& labels) {
    std::map<std::string, std::string> sorted(labels.begin(), labels.end());
    std::string out;
    for (const auto& [k, v] : sorted) out += (out.empty() ? "" : ",") + k + "=" + v;
    return out;
}

// metav1.FormatLabelSelector.
std::string formatSelector(const k8s::io::apimachinery::pkg::apis::meta::v1::LabelSelector& selector) {
    auto parsed = api::Selector::fromLabelSelector(selector);
    if (!parsed) return "<error>";
    return orNone(parsed->toString());
}

std::string joined(const std::vector<std::string>& parts) {
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : ",") + p;
    return out;
}

// The Containers and Images columns of the workload kinds.
std::pair<std::string, std::string> containersAndImages(const core::PodSpec& spec) {
    std::vector<std::string> names, images;
    for (const auto& c : spec.containers()) {
        names.push_back(c.name());
        images.push_back(c.image());
    }
    return {joined(names), joined(images)};
}

ColumnDefinition containersColumn() { return column("Containers", "The names of the pod template's containers.", 1); }
ColumnDefinition imagesColumn() { return column("Images", "The images of the pod template's containers.", 1); }
ColumnDefinition selectorColumn() { return column("Selector", "The label selector of the pods it manages.", 1); }

// ---- Pod ----
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

std::vector<Value> podRow(const Message& object, int64_t now) {
    const auto& pod = static_cast<const core::Pod&>(object);
    int ready = 0, restarts = 0;
    const std::string status = podStatus(pod, &ready, &restarts);
    std::string gates = "<none>";
    if (pod.spec().readiness_gates_size() > 0) {
        int trueCount = 0;
        for (const auto& g : pod.spec().readiness_gates())
            for (const auto& c : pod.status().conditions())
                if (c.type() == g.condition_type() && c.status() == "True") ++trueCount;
        gates = std::to_string(trueCount) + "/" + std::to_string(pod.spec().readiness_gates_size());
    }
    return {pod.metadata().name(),
            std::to_string(ready) + "/" + std::to_string(pod.spec().containers_size()),
            status,
            std::to_string(restarts),
            age(object, now),
            orNone(pod.status().pod_ip()),
            orNone(pod.spec().node_name()),
            orNone(pod.status().nominated_node_name()),
            gates};
}

// ---- Node ----
std::string nodeStatus(const core::Node& node) {
    std::string status = "Unknown";
    for (const auto& c : node.status().conditions())
        if (c.type() == "Ready") status = c.status() == "True" ? "Ready" : c.status() == "False" ? "NotReady" : "Unknown";
    if (node.spec().unschedulable()) status += ",SchedulingDisabled";
    return status;
}

std::string nodeRoles(const core::Node& node) {
    std::vector<std::string> roles;
    const std::string prefix = "node-role.kubernetes.io/";
    for (const auto& [k, v] : node.metadata().labels()) {
        if (k.rfind(prefix, 0) == 0 && k.size() > prefix.size()) roles.push_back(k.substr(prefix.size()));
        else if (k == "kubernetes.io/role" && !v.empty()) roles.push_back(v);
    }
    std::sort(roles.begin(), roles.end());
    return roles.empty() ? "<none>" : joined(roles);
}

std::string nodeAddress(const core::Node& node, const char* type) {
    for (const auto& a : node.status().addresses())
        if (a.type() == type) return a.address();
    return "<none>";
}

std::vector<Value> nodeRow(const Message& object, int64_t now) {
    const auto& node = static_cast<const core::Node&>(object);
    const auto& info = node.status().node_info();
    return {node.metadata().name(), nodeStatus(node), nodeRoles(node), age(object, now), info.kubelet_version(),
            nodeAddress(node, "InternalIP"), nodeAddress(node, "ExternalIP"), orNone(info.os_image()),
            orNone(info.kernel_version()), orNone(info.container_runtime_version())};
}

// ---- Event ----
std::vector<Value> eventRow(const Message& object, int64_t now) {
    const auto& ev = static_cast<const core::Event&>(object);
    std::string first = !ev.first_timestamp().empty() ? sinceText(ev.first_timestamp(), now)
                        : !ev.event_time().empty()    ? sinceText(ev.event_time(), now)
                                                      : "<unknown>";
    std::string last = !ev.last_timestamp().empty() ? sinceText(ev.last_timestamp(), now) : first;
    int64_t count = ev.count();
    if (ev.has_series()) {
        last = sinceText(ev.series().last_observed_time(), now);
        count = ev.series().count();
    } else if (count == 0) {
        count = 1;
    }
    std::string kind = ev.involved_object().kind();
    std::transform(kind.begin(), kind.end(), kind.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    const std::string target = ev.involved_object().name().empty() ? kind : kind + "/" + ev.involved_object().name();
    const std::string component = !ev.source().component().empty() ? ev.source().component() : ev.reporting_component();
    const std::string host = !ev.source().host().empty() ? ev.source().host() : ev.reporting_instance();
    std::string message = ev.message();
    while (!message.empty() && std::isspace(static_cast<unsigned char>(message.back()))) message.pop_back();
    return {last, ev.type(), ev.reason(), target, ev.involved_object().field_path(),
            host.empty() ? component : component + ", " + host, message, first, count, ev.metadata().name()};
}

// ---- Service, Endpoints, EndpointSlice ----
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

std::vector<Value> serviceRow(const Message& object, int64_t now) {
    const auto& svc = static_cast<const core::Service&>(object);
    std::string external = "<none>";
    if (!svc.spec().external_ips().empty()) {
        external = joined({svc.spec().external_ips().begin(), svc.spec().external_ips().end()});
    } else if (svc.spec().type() == "LoadBalancer") {
        external = "<pending>";
    } else if (svc.spec().type() == "ExternalName") {
        external = svc.spec().external_name();
    }
    return {svc.metadata().name(), svc.spec().type(), orNone(svc.spec().cluster_ip()), external,
            servicePorts(svc.spec()), age(object, now), orNone(formatLabels(svc.spec().selector()))};
}

// formatEndpoints: ready ip:port pairs, at most three, then "+ N more...".
std::string endpointsText(const std::vector<std::string>& all) {
    if (all.empty()) return "<none>";
    std::vector<std::string> shown(all.begin(), all.begin() + std::min<size_t>(3, all.size()));
    std::string text = joined(shown);
    if (all.size() > 3) text += " + " + std::to_string(all.size() - 3) + " more...";
    return text;
}

std::vector<Value> endpointsRow(const Message& object, int64_t now) {
    const auto& ep = static_cast<const core::Endpoints&>(object);
    std::vector<std::string> all;
    for (const auto& ss : ep.subsets()) {
        if (ss.ports().empty()) {  // a headless Service without ports
            for (const auto& a : ss.addresses()) all.push_back(a.ip());
            continue;
        }
        for (const auto& p : ss.ports())
            for (const auto& a : ss.addresses())
                all.push_back((a.ip().find(':') != std::string::npos ? "[" + a.ip() + "]" : a.ip()) + ":" +
                              std::to_string(p.port()));
    }
    return {ep.metadata().name(), endpointsText(all), age(object, now)};
}

std::vector<Value> endpointSliceRow(const Message& object, int64_t now) {
    const auto& slice = static_cast<const k8s::io::api::discovery::v1::EndpointSlice&>(object);
    std::vector<std::string> ports, addresses;
    for (const auto& p : slice.ports()) ports.push_back(p.has_port() ? std::to_string(p.port()) : "<unset>");
    for (const auto& e : slice.endpoints())
        for (const auto& a : e.addresses()) addresses.push_back(a);
    return {slice.metadata().name(), slice.address_type(), ports.empty() ? "<unset>" : joined(ports),
            addresses.empty() ? "<unset>" : endpointsText(addresses), age(object, now)};
}

// ---- Workloads ----
std::vector<Value> deploymentRow(const Message& object, int64_t now) {
    const auto& d = static_cast<const apps::Deployment&>(object);
    const auto [containers, images] = containersAndImages(d.spec().template_().spec());
    const int32_t desired = d.spec().has_replicas() ? d.spec().replicas() : 1;
    return {d.metadata().name(), std::to_string(d.status().ready_replicas()) + "/" + std::to_string(desired),
            int64_t{d.status().updated_replicas()}, int64_t{d.status().available_replicas()}, age(object, now),
            containers, images, formatSelector(d.spec().selector())};
}

std::vector<Value> replicaSetRow(const Message& object, int64_t now) {
    const auto& rs = static_cast<const apps::ReplicaSet&>(object);
    const auto [containers, images] = containersAndImages(rs.spec().template_().spec());
    const int32_t desired = rs.spec().has_replicas() ? rs.spec().replicas() : 1;
    return {rs.metadata().name(), int64_t{desired}, int64_t{rs.status().replicas()},
            int64_t{rs.status().ready_replicas()}, age(object, now), containers, images,
            formatSelector(rs.spec().selector())};
}

std::vector<Value> statefulSetRow(const Message& object, int64_t now) {
    const auto& sts = static_cast<const apps::StatefulSet&>(object);
    const auto [containers, images] = containersAndImages(sts.spec().template_().spec());
    const int32_t desired = sts.spec().has_replicas() ? sts.spec().replicas() : 1;
    return {sts.metadata().name(), std::to_string(sts.status().ready_replicas()) + "/" + std::to_string(desired),
            age(object, now), containers, images};
}

std::vector<Value> daemonSetRow(const Message& object, int64_t now) {
    const auto& ds = static_cast<const apps::DaemonSet&>(object);
    const auto [containers, images] = containersAndImages(ds.spec().template_().spec());
    const auto& st = ds.status();
    return {ds.metadata().name(), int64_t{st.desired_number_scheduled()}, int64_t{st.current_number_scheduled()},
            int64_t{st.number_ready()}, int64_t{st.updated_number_scheduled()}, int64_t{st.number_available()},
            orNone(formatLabels(ds.spec().template_().spec().node_selector())), age(object, now), containers, images,
            formatSelector(ds.spec().selector())};
}

std::vector<Value> controllerRevisionRow(const Message& object, int64_t now) {
    const auto& cr = static_cast<const apps::ControllerRevision&>(object);
    std::string controller = "<none>";
    for (const auto& ref : cr.metadata().owner_references()) {
        if (!ref.controller()) continue;
        std::string kind = ref.kind();
        std::transform(kind.begin(), kind.end(), kind.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        const auto slash = ref.api_version().find('/');
        const std::string group = slash == std::string::npos ? "" : ref.api_version().substr(0, slash);
        controller = kind + (group.empty() ? "" : "." + group) + "/" + ref.name();
    }
    return {cr.metadata().name(), controller, cr.revision(), age(object, now)};
}

std::vector<Value> jobRow(const Message& object, int64_t now) {
    const auto& job = static_cast<const k8s::io::api::batch::v1::Job&>(object);
    const int32_t succeeded = job.status().succeeded();
    std::string completions;
    if (job.spec().has_completions()) {
        completions = std::to_string(succeeded) + "/" + std::to_string(job.spec().completions());
    } else {
        const int32_t parallelism = job.spec().has_parallelism() ? job.spec().parallelism() : 1;
        completions = parallelism > 1 ? std::to_string(succeeded) + "/1 of " + std::to_string(parallelism)
                                      : std::to_string(succeeded) + "/1";
    }
    std::string duration;
    if (auto start = rfc3339::parse(job.status().start_time())) {
        auto end = rfc3339::parse(job.status().completion_time());
        duration = util::humanDuration((end ? *end : now) - *start);
    }
    const auto [containers, images] = containersAndImages(job.spec().template_().spec());
    return {job.metadata().name(), completions, duration, age(object, now), containers, images,
            formatSelector(job.spec().selector())};
}

// ---- Others ----
std::vector<Value> namespaceRow(const Message& object, int64_t now) {
    const auto& ns = static_cast<const core::Namespace&>(object);
    return {ns.metadata().name(), ns.status().phase(), age(object, now)};
}

std::vector<Value> priorityClassRow(const Message& object, int64_t now) {
    const auto& pc = static_cast<const k8s::io::api::scheduling::v1::PriorityClass&>(object);
    return {pc.metadata().name(), int64_t{pc.value()}, pc.global_default(), age(object, now)};
}

std::vector<Value> leaseRow(const Message& object, int64_t now) {
    const auto& lease = static_cast<const k8s::io::api::coordination::v1::Lease&>(object);
    return {lease.metadata().name(), lease.spec().holder_identity(), age(object, now)};
}

std::string intOrString(const k8s::io::apimachinery::pkg::util::intstr::IntOrString& v) {
    return v.type() == 1 ? v.str_val() : std::to_string(v.int_val());
}

std::vector<Value> pdbRow(const Message& object, int64_t now) {
    const auto& pdb = static_cast<const k8s::io::api::policy::v1::PodDisruptionBudget&>(object);
    const std::string minAvailable = pdb.spec().has_min_available() ? intOrString(pdb.spec().min_available()) : "N/A";
    const std::string maxUnavailable =
        pdb.spec().has_max_unavailable() ? intOrString(pdb.spec().max_unavailable()) : "N/A";
    return {pdb.metadata().name(), minAvailable, maxUnavailable, int64_t{pdb.status().disruptions_allowed()},
            age(object, now)};
}

template <typename Binding>
std::vector<Value> bindingRow(const Message& object, int64_t now) {
    const auto& b = static_cast<const Binding&>(object);
    std::vector<std::string> users, groups, serviceAccounts;
    for (const auto& s : b.subjects()) {
        if (s.kind() == "User") users.push_back(s.name());
        else if (s.kind() == "Group") groups.push_back(s.name());
        else if (s.kind() == "ServiceAccount") serviceAccounts.push_back(s.namespace_() + "/" + s.name());
    }
    return {b.metadata().name(), b.role_ref().kind() + "/" + b.role_ref().name(), age(object, now), joined(users),
            joined(groups), joined(serviceAccounts)};
}

std::vector<Value> resourceQuotaRow(const Message& object, int64_t now) {
    const auto& q = static_cast<const core::ResourceQuota&>(object);
    // "name: used/hard" for each resource, requests and the rest under Request, limits under Limit.
    std::map<std::string, std::string> hard(q.status().hard().begin(), q.status().hard().end());
    std::string request, limit;
    for (const auto& [name, value] : hard) {
        auto used = q.status().used().find(name);
        const std::string item = name + ": " + (used == q.status().used().end() ? "0" : used->second) + "/" + value;
        std::string& target = name.rfind("limits.", 0) == 0 ? limit : request;
        target += (target.empty() ? "" : ", ") + item;
    }
    return {q.metadata().name(), age(object, now), request, limit};
}

std::vector<Value> configMapRow(const Message& object, int64_t now) {
    const auto& cm = static_cast<const core::ConfigMap&>(object);
    return {cm.metadata().name(), int64_t(cm.data_size() + cm.binary_data_size()), age(object, now)};
}

std::vector<Value> secretRow(const Message& object, int64_t now) {
    const auto& secret = static_cast<const core::Secret&>(object);
    return {secret.metadata().name(), secret.type(), int64_t(secret.data_size()), age(object, now)};
}

std::vector<Value> serviceAccountRow(const Message& object, int64_t now) {
    const auto& sa = static_cast<const core::ServiceAccount&>(object);
    return {sa.metadata().name(), int64_t(sa.secrets_size()), age(object, now)};
}

std::vector<Value> createdAtRow(const Message& object, int64_t) {
    const auto& meta = api::metadata(object);
    return {meta.name(), meta.creation_timestamp()};
}

struct Printer {
    std::vector<ColumnDefinition> columns;
    std::function<std::vector<Value>(const Message&, int64_t)> row;
};

const std::map<std::string, Printer>& printers() {
    static const std::map<std::string, Printer> byKind = [] {
        std::map<std::string, Printer> m;
        m["Pod"] = {{nameColumn(), column("Ready", "Ready containers of all containers."),
                     column("Status", "The pod's phase, or the reason it is not running."),
                     column("Restarts", "How many times its containers restarted."), ageColumn(),
                     column("IP", "The pod's IP address.", 1), column("Node", "The node it is bound to.", 1),
                     column("Nominated Node", "The node preemption made room on for it.", 1),
                     column("Readiness Gates", "Readiness gates that are true, of all its readiness gates.", 1)},
                    podRow};
        m["Node"] = {{nameColumn(), column("Status", "The node's Ready condition, and whether it takes new pods."),
                      column("Roles", "The roles in its node-role.kubernetes.io/ labels."), ageColumn(),
                      column("Version", "The kubelet's version."),
                      column("Internal-IP", "Its InternalIP address.", 1),
                      column("External-IP", "Its ExternalIP address.", 1),
                      column("OS-Image", "The operating system the kubelet reports.", 1),
                      column("Kernel-Version", "The kernel version the kubelet reports.", 1),
                      column("Container-Runtime", "The container runtime and its version.", 1)},
                     nodeRow};
        m["Namespace"] = {{nameColumn(), column("Status", "Active, or Terminating while its contents are deleted."),
                           ageColumn()},
                          namespaceRow};
        m["Event"] = {{column("Last Seen", "How long ago it was last seen."),
                       column("Type", "Normal or Warning."), column("Reason", "Why it happened, in one word."),
                       column("Object", "The object it is about."),
                       column("Subobject", "The part of the object it is about (a container).", 1),
                       column("Source", "The component that reported it.", 1),
                       column("Message", "What happened, for a person."),
                       column("First Seen", "How long ago it was first seen.", 1),
                       column("Count", "How many times it was seen.", 1), nameColumn(1)},
                      eventRow};
        m["Service"] = {{nameColumn(), column("Type", "How the service is exposed."),
                         column("Cluster-IP", "Its virtual IP inside the cluster."),
                         column("External-IP", "Addresses it is reachable at from outside."),
                         column("Port(s)", "Its ports, with node ports and protocols."), ageColumn(),
                         column("Selector", "The labels of the pods it sends traffic to.", 1)},
                        serviceRow};
        m["Endpoints"] = {{nameColumn(), column("Endpoints", "The ready addresses and ports."), ageColumn()},
                          endpointsRow};
        m["EndpointSlice"] = {{nameColumn(), column("AddressType", "IPv4, IPv6 or FQDN."),
                               column("Ports", "The slice's ports."), column("Endpoints", "The slice's addresses."),
                               ageColumn()},
                              endpointSliceRow};
        m["Deployment"] = {{nameColumn(), column("Ready", "Ready replicas of the replicas wanted."),
                            column("Up-to-date", "Replicas with the newest pod template."),
                            column("Available", "Replicas available to serve."), ageColumn(), containersColumn(),
                            imagesColumn(), selectorColumn()},
                           deploymentRow};
        m["ReplicaSet"] = {{nameColumn(), column("Desired", "Replicas wanted.", 0, "integer"),
                            column("Current", "Replicas that exist.", 0, "integer"),
                            column("Ready", "Replicas ready.", 0, "integer"), ageColumn(), containersColumn(),
                            imagesColumn(), selectorColumn()},
                           replicaSetRow};
        m["StatefulSet"] = {{nameColumn(), column("Ready", "Ready replicas of the replicas wanted."), ageColumn(),
                             containersColumn(), imagesColumn()},
                            statefulSetRow};
        m["DaemonSet"] = {{nameColumn(), column("Desired", "Nodes that should run its pod.", 0, "integer"),
                           column("Current", "Nodes that run its pod.", 0, "integer"),
                           column("Ready", "Nodes whose pod is ready.", 0, "integer"),
                           column("Up-to-date", "Nodes whose pod has the newest template.", 0, "integer"),
                           column("Available", "Nodes whose pod is available.", 0, "integer"),
                           column("Node Selector", "The labels a node needs to run its pod."), ageColumn(),
                           containersColumn(), imagesColumn(), selectorColumn()},
                          daemonSetRow};
        m["ControllerRevision"] = {{nameColumn(), column("Controller", "The object that owns the revision."),
                                    column("Revision", "The revision number.", 0, "integer"), ageColumn()},
                                   controllerRevisionRow};
        m["Job"] = {{nameColumn(), column("Completions", "Pods that succeeded, of those wanted."),
                     column("Duration", "How long the job ran."), ageColumn(), containersColumn(), imagesColumn(),
                     selectorColumn()},
                    jobRow};
        m["PriorityClass"] = {{nameColumn(), column("Value", "The priority of pods in this class.", 0, "integer"),
                               column("Global-Default", "Whether pods without a class get this one.", 0, "boolean"),
                               ageColumn()},
                              priorityClassRow};
        m["Lease"] = {{nameColumn(), column("Holder", "Who holds the lease."), ageColumn()}, leaseRow};
        m["PodDisruptionBudget"] = {{nameColumn(), column("Min Available", "Pods that must stay available."),
                                     column("Max Unavailable", "Pods that may be unavailable."),
                                     column("Allowed Disruptions", "Evictions allowed now.", 0, "integer"),
                                     ageColumn()},
                                    pdbRow};
        const std::vector<ColumnDefinition> bindingColumns = {
            nameColumn(), column("Role", "The role it grants."), ageColumn(),
            column("Users", "The users it grants the role to.", 1),
            column("Groups", "The groups it grants the role to.", 1),
            column("ServiceAccounts", "The service accounts it grants the role to.", 1)};
        m["RoleBinding"] = {bindingColumns, [](const Message& o, int64_t now) {
                                return bindingRow<k8s::io::api::rbac::v1::RoleBinding>(o, now);
                            }};
        m["ClusterRoleBinding"] = {bindingColumns, [](const Message& o, int64_t now) {
                                       return bindingRow<k8s::io::api::rbac::v1::ClusterRoleBinding>(o, now);
                                   }};
        m["ConfigMap"] = {{nameColumn(), column("Data", "How many keys it holds.", 0, "integer"), ageColumn()},
                          configMapRow};
        m["Secret"] = {{nameColumn(), column("Type", "What the data is for (Opaque, kubernetes.io/tls, ...)."),
                        column("Data", "How many keys it holds.", 0, "integer"), ageColumn()},
                       secretRow};
        m["ServiceAccount"] = {{nameColumn(), column("Secrets", "How many secrets it lists.", 0, "integer"), ageColumn()},
                               serviceAccountRow};
        m["ResourceQuota"] = {{nameColumn(), ageColumn(), column("Request", "Requests used, of the hard limits."),
                               column("Limit", "Limits used, of the hard limits.")},
                              resourceQuotaRow};
        return m;
    }();
    return byKind;
}

const Printer& defaultPrinter() {
    static const Printer printer{
        {nameColumn(), {"Created At", "date", "", "When the object was created (metadata.creationTimestamp).", 0}},
        createdAtRow};
    return printer;
}

const Printer& printerFor(const api::ResourceType& type) {
    auto it = printers().find(type.kind);
    return it == printers().end() ? defaultPrinter() : it->second;
}

}  // namespace

const std::vector<ColumnDefinition>& columnDefinitions(const api::ResourceType& type) { return printerFor(type).columns; }

std::vector<Value> rowCells(const api::ResourceType& type, const Message& object, int64_t nowNanos) {
    return printerFor(type).row(object, nowNanos);
}

}  // namespace pilothouse::printers
