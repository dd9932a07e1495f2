// scheduler_benchmark: scheduling throughput of the framework and the in-tree plugins (the default
// v1.28 profile, SnapshotScheduler: one pod at a time, one thread), after upstream's scheduler_perf
// (test/integration/scheduler_perf/config/performance-config.yaml), and the memory of a large
// snapshot.
//
// Objects follow scheduler_perf's templates, built directly as protobufs and defaulted as the API
// server would (defaultPodSpec, qosClass, priority 0 / PreemptLowerPriority, allocatable =
// capacity):
//   node       node-default.yaml: capacity pods 110, cpu 4, memory 32Gi, Ready; labels
//              kubernetes.io/hostname (as the kubelet sets it), kubernetes.io/os, kubernetes.io/arch
//   pod        pod-default.yaml: one container (pause, containerPort 80), requests = limits =
//              cpu 100m, memory 500Mi
// Workloads (--workload; defaults in brackets, --scale F multiplies them, --nodes/--init-pods/--pods
// override them):
//   basic         SchedulingBasic: [5,000] nodes, [1,000] default pods already bound round-robin,
//                 then [10,000] default pods to schedule
//   antiaffinity  SchedulingPodAntiAffinity: pod-with-pod-anti-affinity.yaml for the bound and the
//                 measured pods (label color=green, required anti-affinity to color=green on
//                 kubernetes.io/hostname, namespaces sched-0 and sched-1); [5,000] nodes, [1,000]
//                 bound, [4,000] measured: every node ends with exactly one
//   spread        TopologySpreading: [5,000] nodes in --zones [10] topology.kubernetes.io/zone
//                 values, [1,000] default pods bound, [10,000] pods of
//                 pod-with-topology-spreading.yaml (color=blue, DoNotSchedule zone constraint,
//                 --max-skew [1]; upstream's template says 5, over 3 zones)
//   preemption    PreemptionBasic (its 5000Nodes size): [5,000] nodes full of pod-low-priority.yaml
//                 pods (900m cpu, priority 0; [20,000], 4 per node), then [5,000]
//                 pod-high-priority.yaml pods (3000m cpu, priority 10): each must preempt 3 low
//                 pods, then binds (upstream's 500Nodes size: --scale 0.1)
//   memory        [5,000] nodes, [150,000] default pods bound (30 per node) held in the
//                 scheduler's snapshot (its NodeInfos); no scheduling. Reports VmRSS after
//                 building the objects and after SnapshotScheduler::create, and VmHWM.
//   all           each of the above in a fresh process (this executable again), one table
// Measured: steady_clock around SnapshotScheduler::run() only (building the objects and the
// scheduler's NodeInfos is reported separately as "setup"); pods bound/unbound among the measured
// ones (read from the pods themselves after the run, so preemptors bound by the retry count too);
// preemption victims; VmHWM (peak RSS) of the process.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "apiserver/registry/defaults.h"
#include "scheduler/apis/config/load.h"
#include "scheduler/plugins/registry.h"
#include "scheduler/snapshot_scheduler.h"

#include "../proc_status.h"

using pilothouse::benchmarks::procStatusKiB;

using namespace pilothouse;
using namespace pilothouse::scheduler;
namespace core = k8s::io::api::core::v1;
using Clock = std::chrono::steady_clock;

namespace {

struct Config {
    std::string workload = "basic";
    long nodes = -1, initPods = -1, pods = -1;  // -1: the workload's default
    int zones = 10;
    int maxSkew = 1;
    double scale = 1;  // multiplies the workload's default sizes (before --nodes/--init-pods/--pods)
    uint64_t seed = 1;
    bool row = false;  // print one machine-readable row (used by --workload all)
};

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// ---- objects, after scheduler_perf's templates ----

std::string nodeName(long i) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "scheduler-perf-%05ld", i);
    return buf;
}

// A v4-looking UID, deterministic.
std::string uidOf(uint64_t n) {
    uint64_t a = (n + 1) * 0x9E3779B97F4A7C15ull, b = a ^ (a >> 29) ^ 0xBF58476D1CE4E5B9ull;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x-%04x-4%03x-a%03x-%012llx", unsigned(a >> 32), unsigned(a >> 16) & 0xffff,
                  unsigned(a) & 0xfff, unsigned(b >> 52) & 0xfff, (unsigned long long)(b & 0xffffffffffffull));
    return buf;
}

std::shared_ptr<core::Node> makeNode(long i, int zones) {
    auto node = std::make_shared<core::Node>();
    node->set_api_version("v1");
    node->set_kind("Node");
    auto* meta = node->mutable_metadata();
    meta->set_name(nodeName(i));
    meta->set_uid(uidOf(uint64_t(1) << 40 | uint64_t(i)));
    auto& labels = *meta->mutable_labels();
    labels["kubernetes.io/hostname"] = meta->name();
    labels["kubernetes.io/os"] = "linux";
    labels["kubernetes.io/arch"] = "amd64";
    if (zones > 0) labels["topology.kubernetes.io/zone"] = "zone-" + std::to_string(i % zones);
    auto* status = node->mutable_status();
    auto& capacity = *status->mutable_capacity();
    capacity["pods"] = "110";
    capacity["cpu"] = "4";
    capacity["memory"] = "32Gi";
    *status->mutable_allocatable() = capacity;  // SetDefaults_NodeStatus
    auto* ready = status->add_conditions();
    ready->set_type("Ready");
    ready->set_status("True");
    ready->set_last_heartbeat_time("2024-01-01T00:00:00Z");
    ready->set_last_transition_time("2024-01-01T00:00:00Z");
    status->set_phase("Running");
    return node;
}

enum class PodKind { Default, AntiAffinity, Spreading, LowPriority, HighPriority };

struct PodFactory {
    uint64_t serial = 0;
    int maxSkew = 1;

    std::shared_ptr<core::Pod> make(PodKind kind, const std::string& ns, const std::string& boundTo) {
        auto pod = std::make_shared<core::Pod>();
        pod->set_api_version("v1");
        pod->set_kind("Pod");
        const uint64_t n = serial++;
        auto* meta = pod->mutable_metadata();
        const char* prefix = kind == PodKind::AntiAffinity ? "anti-affinity-pod-"
                             : kind == PodKind::Spreading  ? "spreading-pod-"
                                                           : "pod-";
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, "%07llu", (unsigned long long)n);
        meta->set_name(prefix + std::string(suffix));
        meta->set_namespace_(ns);
        meta->set_uid(uidOf(n));
        auto* spec = pod->mutable_spec();
        auto* c = spec->add_containers();
        c->set_name("pause");
        c->set_image("registry.k8s.io/pause:3.9");
        c->add_ports()->set_container_port(80);
        const char* cpu = kind == PodKind::LowPriority ? "900m" : kind == PodKind::HighPriority ? "3000m" : "100m";
        for (auto* list : {c->mutable_resources()->mutable_limits(), c->mutable_resources()->mutable_requests()}) {
            (*list)["cpu"] = cpu;
            (*list)["memory"] = "500Mi";
        }
        if (kind == PodKind::AntiAffinity) {
            (*meta->mutable_labels())["color"] = "green";
            auto* term = spec->mutable_affinity()->mutable_pod_anti_affinity()->add_required_during_scheduling_ignored_during_execution();
            (*term->mutable_label_selector()->mutable_match_labels())["color"] = "green";
            term->set_topology_key("kubernetes.io/hostname");
            term->add_namespaces("sched-0");
            term->add_namespaces("sched-1");
        } else if (kind == PodKind::Spreading) {
            (*meta->mutable_labels())["color"] = "blue";
            auto* tsc = spec->add_topology_spread_constraints();
            tsc->set_max_skew(maxSkew);
            tsc->set_topology_key("topology.kubernetes.io/zone");
            tsc->set_when_unsatisfiable("DoNotSchedule");
            (*tsc->mutable_label_selector()->mutable_match_labels())["color"] = "blue";
        } else if (kind == PodKind::LowPriority) {
            spec->set_termination_grace_period_seconds(0);
        } else if (kind == PodKind::HighPriority) {
            spec->set_priority(10);
        }
        // What the API server adds on create.
        apiserver::registry::defaultPodSpec(spec);
        if (!spec->has_priority()) spec->set_priority(0);
        spec->set_preemption_policy("PreemptLowerPriority");
        pod->mutable_status()->set_qos_class(apiserver::registry::computeQosClass(*spec));
        if (!boundTo.empty()) {
            spec->set_node_name(boundTo);
            pod->mutable_status()->set_phase("Running");
        } else {
            pod->mutable_status()->set_phase("Pending");
        }
        return pod;
    }
};

// ---- workloads ----

struct Workload {
    std::string name;      // the --workload value
    std::string upstream;  // scheduler_perf's name
    long nodes, initPods, pods;
    int zones;  // 0: no zone labels
    PodKind initKind, measuredKind;
};

Workload workloadFor(const Config& cfg) {
    Workload w;
    if (cfg.workload == "basic") {
        w = {"basic", "SchedulingBasic", 5000, 1000, 10000, 0, PodKind::Default, PodKind::Default};
    } else if (cfg.workload == "antiaffinity") {
        w = {"antiaffinity", "SchedulingPodAntiAffinity", 5000, 1000, 4000, 0, PodKind::AntiAffinity, PodKind::AntiAffinity};
    } else if (cfg.workload == "spread") {
        w = {"spread", "TopologySpreading", 5000, 1000, 10000, cfg.zones, PodKind::Default, PodKind::Spreading};
    } else if (cfg.workload == "preemption") {
        w = {"preemption", "PreemptionBasic", 5000, 20000, 5000, 0, PodKind::LowPriority, PodKind::HighPriority};
    } else if (cfg.workload == "memory") {
        w = {"memory", "(snapshot memory)", 5000, 150000, 0, 0, PodKind::Default, PodKind::Default};
    } else {
        std::fprintf(stderr, "scheduler_benchmark: unknown workload \"%s\"\n", cfg.workload.c_str());
        std::exit(2);
    }
    if (cfg.scale != 1) {
        w.nodes = std::max(1L, long(double(w.nodes) * cfg.scale + 0.5));
        w.initPods = long(double(w.initPods) * cfg.scale + 0.5);
        w.pods = long(double(w.pods) * cfg.scale + 0.5);
    }
    if (cfg.nodes >= 0) w.nodes = cfg.nodes;
    if (cfg.initPods >= 0) w.initPods = cfg.initPods;
    if (cfg.pods >= 0) {
        if (w.name == "memory") w.initPods = cfg.pods;  // --pods: the pods held
        else w.pods = cfg.pods;
    }
    return w;
}

struct Result {
    std::string workload, upstream, detail;
    long nodes = 0, initPods = 0, pods = 0;
    long bound = 0, unbound = 0, preemptions = 0, victims = 0;
    double objectsSeconds = 0, setupSeconds = 0, runSeconds = 0;  // setup includes objects
    long rssObjectsKiB = -1, rssSnapshotKiB = -1, rssBaseKiB = -1;  // memory workload
    long hwmKiB = -1;
    std::string firstFailure;
};

Result runWorkload(const Config& cfg) {
    const Workload w = workloadFor(cfg);
    Result r;
    r.workload = w.name;
    r.upstream = w.upstream;
    r.nodes = w.nodes;
    r.initPods = w.initPods;
    r.pods = w.pods;
    if (w.nodes <= 0) {
        std::fprintf(stderr, "scheduler_benchmark: --nodes must be positive\n");
        std::exit(2);
    }
    r.rssBaseKiB = procStatusKiB("VmRSS");
    std::fprintf(stderr, "%s: %ld nodes, %ld bound pods, %ld pods to schedule: building...\n", w.name.c_str(), w.nodes,
                 w.initPods, w.pods);

    auto setupStart = Clock::now();
    SnapshotCluster cluster;
    PodFactory factory;
    factory.maxSkew = cfg.maxSkew;
    cluster.nodes.reserve(size_t(w.nodes));
    for (long i = 0; i < w.nodes; ++i) cluster.nodes.push_back(makeNode(i, w.zones));
    cluster.pods.reserve(size_t(w.initPods + w.pods));
    for (long i = 0; i < w.initPods; ++i)
        cluster.pods.push_back(factory.make(w.initKind, "sched-0", nodeName(i % w.nodes)));
    std::vector<std::shared_ptr<core::Pod>> measured;
    measured.reserve(size_t(w.pods));
    for (long i = 0; i < w.pods; ++i) {
        measured.push_back(factory.make(w.measuredKind, "sched-1", ""));
        cluster.pods.push_back(measured.back());
    }
    for (const char* ns : {"sched-0", "sched-1"}) cluster.objects.namespaceLabels[ns]["kubernetes.io/metadata.name"] = ns;
    r.rssObjectsKiB = procStatusKiB("VmRSS");
    r.objectsSeconds = secondsSince(setupStart);

    SnapshotOptions options;
    options.config = config::defaultConfiguration();
    options.seed = cfg.seed;
    std::vector<std::string> warnings;
    auto created = SnapshotScheduler::create(std::move(cluster), options, plugins::inTreeRegistry(), &warnings);
    if (!created.isOk()) {
        std::fprintf(stderr, "scheduler_benchmark: %s\n", created.status().toString().c_str());
        std::exit(1);
    }
    for (const auto& warning : warnings) std::fprintf(stderr, "  warning: %s\n", warning.c_str());
    std::unique_ptr<SnapshotScheduler> sched = std::move(*created);
    r.setupSeconds = secondsSince(setupStart);
    r.rssSnapshotKiB = procStatusKiB("VmRSS");

    if (w.name == "memory") {
        r.detail = std::to_string(w.initPods / w.nodes) + " pods/node held, nothing scheduled";
        r.hwmKiB = procStatusKiB("VmHWM");
        return r;
    }

    std::fprintf(stderr, "  setup %.2f s (objects %.2f s, SnapshotScheduler::create %.2f s); scheduling...\n",
                 r.setupSeconds, r.objectsSeconds, r.setupSeconds - r.objectsSeconds);
    const auto runStart = Clock::now();
    std::vector<PodOutcome> outcomes = sched->run();
    r.runSeconds = secondsSince(runStart);
    r.hwmKiB = procStatusKiB("VmHWM");

    long outcomeBound = 0;
    for (const auto& o : outcomes) {
        if (o.node) ++outcomeBound;
        if (!o.nominatedNode.empty()) {
            ++r.preemptions;
            r.victims += long(o.victims.size());
        }
    }
    std::map<std::string, long> perNode, perZone;
    std::map<std::string, std::string> zoneOf;
    for (long i = 0; i < w.nodes; ++i)
        if (w.zones > 0) zoneOf[nodeName(i)] = "zone-" + std::to_string(i % w.zones);
    for (const auto& p : measured) {
        if (p->spec().node_name().empty()) {
            ++r.unbound;
            continue;
        }
        ++r.bound;
        ++perNode[p->spec().node_name()];
        if (w.zones > 0) ++perZone[zoneOf[p->spec().node_name()]];
    }
    for (const auto& o : outcomes)
        if (!o.node && o.nominatedNode.empty() && r.firstFailure.empty())
            r.firstFailure = o.namespace_ + "/" + o.name + ": " + o.message;
    if (r.unbound > 0 && r.firstFailure.empty()) r.firstFailure = "(no message)";

    // What the workload promises, checked on the result.
    char buf[200];
    if (w.measuredKind == PodKind::AntiAffinity) {
        long crowded = 0;
        for (const auto& [node, n] : perNode) crowded += n > 1;
        std::snprintf(buf, sizeof buf, "%zu nodes hold a measured pod, %ld hold more than one", perNode.size(), crowded);
        r.detail = buf;
    } else if (w.measuredKind == PodKind::Spreading) {
        long lo = -1, hi = 0;
        for (long z = 0; z < w.zones; ++z) {
            const long n = perZone["zone-" + std::to_string(z)];
            lo = lo < 0 ? n : std::min(lo, n);
            hi = std::max(hi, n);
        }
        std::snprintf(buf, sizeof buf, "blue pods per zone %ld..%ld (skew %ld, max %d)", lo, hi, hi - lo, cfg.maxSkew);
        r.detail = buf;
    } else if (w.measuredKind == PodKind::HighPriority) {
        std::snprintf(buf, sizeof buf, "%ld preemptions, %ld victims", r.preemptions, r.victims);
        r.detail = buf;
    } else {
        std::snprintf(buf, sizeof buf, "%ld measured pods on %zu nodes", r.bound, perNode.size());
        r.detail = buf;
    }
    if (w.measuredKind != PodKind::HighPriority && outcomeBound != r.bound) {
        std::fprintf(stderr, "  note: %ld outcomes say bound, %ld measured pods have a node\n", outcomeBound, r.bound);
    }
    return r;
}

// ---- output ----

const char* kRowTag = "SCHEDULER_BENCHMARK_ROW";

void printRow(const Result& r) {
    std::printf("%s\t%s\t%s\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%.6f\t%.6f\t%.6f\t%ld\t%ld\t%ld\t%ld\t%s\t%s\n",
                kRowTag, r.workload.c_str(), r.upstream.c_str(), r.nodes, r.initPods, r.pods, r.bound, r.unbound,
                r.preemptions, r.victims, r.objectsSeconds, r.setupSeconds, r.runSeconds, r.rssBaseKiB, r.rssObjectsKiB, r.rssSnapshotKiB, r.hwmKiB,
                r.detail.c_str(), r.firstFailure.c_str());
}

bool parseRow(const std::string& line, Result* r) {
    if (line.rfind(kRowTag, 0) != 0) return false;
    std::vector<std::string> f;
    for (size_t pos = 0;;) {
        const size_t tab = line.find('\t', pos);
        f.push_back(line.substr(pos, tab == std::string::npos ? std::string::npos : tab - pos));
        if (tab == std::string::npos) break;
        pos = tab + 1;
    }
    if (f.size() < 19) return false;
    r->workload = f[1];
    r->upstream = f[2];
    r->nodes = std::stol(f[3]);
    r->initPods = std::stol(f[4]);
    r->pods = std::stol(f[5]);
    r->bound = std::stol(f[6]);
    r->unbound = std::stol(f[7]);
    r->preemptions = std::stol(f[8]);
    r->victims = std::stol(f[9]);
    r->objectsSeconds = std::stod(f[10]);
    r->setupSeconds = std::stod(f[11]);
    r->runSeconds = std::stod(f[12]);
    r->rssBaseKiB = std::stol(f[13]);
    r->rssObjectsKiB = std::stol(f[14]);
    r->rssSnapshotKiB = std::stol(f[15]);
    r->hwmKiB = std::stol(f[16]);
    r->detail = f[17];
    while (!f[18].empty() && (f[18].back() == '\n')) f[18].pop_back();
    r->firstFailure = f[18];
    return true;
}

std::string mib(long kib) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f MiB", double(kib) / 1024);
    return buf;
}

void printTable(const std::vector<Result>& results) {
    std::printf("\nscheduler_benchmark: SnapshotScheduler, default v1.28 profile (defaultConfiguration, "
                "inTreeRegistry), 1 scheduling thread\n");
    std::printf("%-13s | %-26s | %6s | %8s | %8s | %-17s | %8s | %9s | %12s | %8s\n", "workload", "upstream", "nodes",
                "existing", "measured", "bound / unbound", "setup", "schedule", "pods/s", "VmHWM");
    std::printf("%s\n", std::string(13 + 26 + 6 + 8 + 8 + 17 + 8 + 9 + 12 + 8 + 27, '-').c_str());
    for (const Result& r : results) {
        if (r.workload == "memory") {
            std::printf("%-13s | %-26s | %6ld | %8ld | %8s | %-17s | %7.2fs | %9s | %12s | %8s\n", r.workload.c_str(),
                        r.upstream.c_str(), r.nodes, r.initPods, "-", "-", r.setupSeconds, "-", "-",
                        mib(r.hwmKiB).c_str());
            continue;
        }
        char boundCol[40];
        std::snprintf(boundCol, sizeof boundCol, "%ld / %ld", r.bound, r.unbound);
        std::printf("%-13s | %-26s | %6ld | %8ld | %8ld | %-17s | %7.2fs | %8.2fs | %12.0f | %8s\n", r.workload.c_str(),
                    r.upstream.c_str(), r.nodes, r.initPods, r.pods, boundCol, r.setupSeconds, r.runSeconds,
                    r.runSeconds > 0 ? double(r.pods) / r.runSeconds : 0.0, mib(r.hwmKiB).c_str());
    }
    std::printf("\n");
    for (const Result& r : results) {
        if (r.workload == "memory") {
            std::printf("memory: %ld nodes, %ld bound pods (%s): VmRSS %s at start, %s with the objects built, %s after "
                        "SnapshotScheduler::create (NodeInfos); VmHWM %s\n",
                        r.nodes, r.initPods, r.detail.c_str(), mib(r.rssBaseKiB).c_str(), mib(r.rssObjectsKiB).c_str(),
                        mib(r.rssSnapshotKiB).c_str(), mib(r.hwmKiB).c_str());
        } else {
            std::printf("%s: %s\n", r.workload.c_str(), r.detail.c_str());
        }
        std::printf("  setup: objects %.2f s, SnapshotScheduler::create %.2f s\n", r.objectsSeconds,
                    r.setupSeconds - r.objectsSeconds);
        if (r.unbound > 0)
            std::printf("  FAILED: %ld of %ld measured pods not bound; first: %s\n", r.unbound, r.pods,
                        r.firstFailure.c_str());
    }
    std::printf("setup: building the objects and SnapshotScheduler::create (excluded from pods/s); schedule: "
                "SnapshotScheduler::run() wall time.\n");
}

// --workload all: each workload in a fresh process, so VmHWM is its own.
int runAll(const Config& cfg, const char* argv0) {
    char self[4096];
    const ssize_t len = ::readlink("/proc/self/exe", self, sizeof self - 1);
    std::string exe = len > 0 ? std::string(self, size_t(len)) : std::string(argv0);
    std::vector<Result> results;
    int rc = 0;
    for (const char* name : {"basic", "antiaffinity", "spread", "preemption", "memory"}) {
        std::string cmd = "'" + exe + "' --row --workload " + name + " --zones " + std::to_string(cfg.zones) +
                          " --max-skew " + std::to_string(cfg.maxSkew) + " --seed " + std::to_string(cfg.seed) +
                          " --scale " + std::to_string(cfg.scale);
        // --nodes/--init-pods/--pods apply to every workload when given.
        if (cfg.nodes >= 0) cmd += " --nodes " + std::to_string(cfg.nodes);
        if (cfg.initPods >= 0) cmd += " --init-pods " + std::to_string(cfg.initPods);
        if (cfg.pods >= 0) cmd += " --pods " + std::to_string(cfg.pods);
        FILE* child = ::popen(cmd.c_str(), "r");
        if (!child) {
            std::perror("popen");
            return 1;
        }
        char line[8192];
        bool got = false;
        while (std::fgets(line, sizeof line, child)) {
            Result r;
            if (parseRow(line, &r)) {
                results.push_back(r);
                got = true;
            }
        }
        const int status = ::pclose(child);
        if (!got || status != 0) {
            std::fprintf(stderr, "scheduler_benchmark: workload %s failed (status %d)\n", name, status);
            rc = 1;
        }
    }
    printTable(results);
    for (const Result& r : results)
        if (r.unbound > 0) rc = 1;
    return rc;
}

}  // namespace

int main(int argc, char** argv) {
    Config cfg;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "scheduler_benchmark: %s needs a value\n", arg.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (arg == "--workload") cfg.workload = next();
        else if (arg == "--nodes") cfg.nodes = std::stol(next());
        else if (arg == "--init-pods") cfg.initPods = std::stol(next());
        else if (arg == "--pods") cfg.pods = std::stol(next());
        else if (arg == "--zones") cfg.zones = std::stoi(next());
        else if (arg == "--max-skew") cfg.maxSkew = std::stoi(next());
        else if (arg == "--seed") cfg.seed = std::stoull(next());
        else if (arg == "--scale") cfg.scale = std::stod(next());
        else if (arg == "--row") cfg.row = true;
        else {
            std::fprintf(stderr,
                         "usage: %s [--workload basic|antiaffinity|spread|preemption|memory|all] [--nodes N]\n"
                         "          [--init-pods N] [--pods N] [--scale F] [--zones Z] [--max-skew S] [--seed S]\n"
                         "  --init-pods: pods already bound (round-robin); --pods: pods to schedule (memory: pods held)\n"
                         "  --scale: multiplies every default size (e.g. 0.1 for a quick run of --workload all)\n",
                         argv[0]);
            return 2;
        }
    }
    if (cfg.workload == "all") return runAll(cfg, argv[0]);
    const Result r = runWorkload(cfg);
    if (cfg.row) {
        printRow(r);
        return 0;
    }
    printTable({r});
    return r.unbound > 0 ? 1 : 0;
}
