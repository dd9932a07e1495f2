// SchedulingBasic through the whole control plane: every pod is created through the API server
// (authentication, admission, validation, store), reaches the scheduler through its watch, and is
// bound through pods/binding (another store write) — the path a pod takes on a real cluster, on
// one scheduling thread. Measures pods/s from the first create to the last binding, and peak RSS.
//
// Workload (scheduler_perf's SchedulingBasic templates): nodes with 4 cpu / 32Gi / 110 pods,
// pods requesting 100m cpu / 500Mi; `existing` pods are created already bound (spec.nodeName),
// round-robin, before the measured pods.
//
// Under callgrind (`valgrind --tool=callgrind controlplane_scheduling_benchmark ...`) the measured
// part is written as its own dump (callgrind.out.<pid>.1, "measured"): instruction counts of the
// path without the setup (nodes, existing pods, the scheduler's initial lists) or the final check.
#include <atomic>
#include <chrono>
#include <thread>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "api/object.h"
#include "controlplane/control_plane.h"
#include "core_v1.pb.h"
#include "scheduler/apis/config/load.h"
#include "scheduler/scheduler.h"
#include "sim/clock.h"

#include "../proc_status.h"

using pilothouse::benchmarks::procStatusKiB;

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_ZERO_STATS
#define CALLGRIND_DUMP_STATS_AT(name)
#endif

using namespace pilothouse;
namespace core = k8s::io::api::core::v1;

namespace {

std::shared_ptr<core::Node> makeNode(int i) {
    auto n = std::make_shared<core::Node>();
    n->mutable_metadata()->set_name("node-" + std::to_string(i));
    (*n->mutable_metadata()->mutable_labels())["kubernetes.io/hostname"] = n->metadata().name();
    for (auto* list : {n->mutable_status()->mutable_capacity(), n->mutable_status()->mutable_allocatable()}) {
        (*list)["cpu"] = "4";
        (*list)["memory"] = "32Gi";
        (*list)["pods"] = "110";
    }
    auto* ready = n->mutable_status()->add_conditions();
    ready->set_type("Ready");
    ready->set_status("True");
    return n;
}

std::shared_ptr<core::Pod> makePod(const std::string& name, const std::string& node) {
    auto p = std::make_shared<core::Pod>();
    p->mutable_metadata()->set_name(name);
    p->mutable_metadata()->set_namespace_("default");
    if (!node.empty()) p->mutable_spec()->set_node_name(node);
    auto* c = p->mutable_spec()->add_containers();
    c->set_name("pause");
    c->set_image("registry.k8s.io/pause:3.9");
    (*c->mutable_resources()->mutable_requests())["cpu"] = "100m";
    (*c->mutable_resources()->mutable_requests())["memory"] = "500Mi";
    return p;
}

}  // namespace

int main(int argc, char** argv) {
    int nodes = 5000, existing = 1000, pods = 10000;
    std::string store = ":memory:";
    // 0: the client creates pods on the scheduler's thread, in batches of 100; 1: on a thread of
    // its own, as scheduler_perf's createPods op and a real kube-scheduler (a separate process) do.
    int clientThreads = 1;
    // 1: the scheduler's events are written by the recorder's own thread, as kube-scheduler's
    // event broadcaster does; 0: before each cycle goes on, as in the (deterministic) simulation.
    bool asyncEvents = true;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--nodes")) nodes = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--existing")) existing = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--pods")) pods = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--store")) store = argv[i + 1];
        else if (!std::strcmp(argv[i], "--client-threads")) clientThreads = std::atoi(argv[i + 1]) > 0 ? 1 : 0;
        else if (!std::strcmp(argv[i], "--async-events")) asyncEvents = std::atoi(argv[i + 1]) > 0;
        else {
            std::fprintf(stderr, "usage: %s [--nodes N] [--existing N] [--pods N] [--store FILE|:memory:] [--client-threads 0|1] [--async-events 0|1]\n", argv[0]);
            return 2;
        }
    }
    sim::VirtualClock clock;
    controlplane::Options options;
    options.storePath = store;
    auto cp = controlplane::ControlPlane::start(options, clock);
    if (!cp) {
        std::fprintf(stderr, "error: %s\n", cp.status().message().c_str());
        return 1;
    }
    auto& server = (*cp)->apiServer();
    auto create = [&](const char* resource, std::shared_ptr<google::protobuf::Message> obj) {
        apiserver::Request r;
        r.verb = "create";
        r.type = api::Scheme::instance().byName(resource);
        r.namespace_ = api::metadata(*obj).namespace_();
        r.body = std::move(obj);
        auto resp = server.handle(r);
        if (!resp.ok()) {
            std::fprintf(stderr, "error: %s\n", resp.status.message().c_str());
            std::exit(1);
        }
    };
    for (int i = 0; i < nodes; ++i) create("nodes", makeNode(i));
    for (int i = 0; i < existing; ++i) create("pods", makePod("existing-" + std::to_string(i), "node-" + std::to_string(i % nodes)));

    scheduler::SchedulerOptions so;
    so.config = scheduler::config::defaultConfiguration();
    so.explanationHistory = 16;
    so.asyncEvents = asyncEvents;
    auto sched = scheduler::Scheduler::create(server, clock, so);
    if (!sched || !(*sched)->start().isOk()) {
        std::fprintf(stderr, "error: cannot start the scheduler\n");
        return 1;
    }
    // Measured: create every pod through the API server and schedule them as they arrive.
    CALLGRIND_ZERO_STATS;
    const auto t0 = std::chrono::steady_clock::now();
    double clientSeconds = 0;  // when the client thread had created every pod
    if (clientThreads == 0) {
        // A client and the scheduler sharing one thread: batches of 100 creates, then scheduling.
        int created = 0;
        while (created < pods) {
            for (int k = 0; k < 100 && created < pods; ++k, ++created) create("pods", makePod("pod-" + std::to_string(created), ""));
            if (!(*sched)->runUntilIdle().isOk()) return 1;
        }
    } else {
        // The client on its own thread; the scheduler's thread schedules whatever has arrived and
        // waits briefly when nothing has.
        std::atomic<bool> clientDone = false;
        std::thread client([&] {
            for (int i = 0; i < pods; ++i) create("pods", makePod("pod-" + std::to_string(i), ""));
            clientSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            clientDone = true;
        });
        while (!clientDone) {
            const size_t before = (*sched)->scheduledPods();
            if (!(*sched)->runUntilIdle().isOk()) return 1;
            if ((*sched)->scheduledPods() == before) std::this_thread::sleep_for(std::chrono::microseconds(50));
        }
        client.join();
    }
    if (!(*sched)->runUntilIdle().isOk()) return 1;
    (*sched)->waitForEvents();  // every Scheduled event written, too
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CALLGRIND_DUMP_STATS_AT("measured");

    apiserver::Request list;
    list.verb = "list";
    list.type = api::Scheme::instance().byName("pods");
    list.fieldSelector = "spec.nodeName=";
    const size_t unbound = server.handle(list).items.size();
    apiserver::Request listEvents;
    listEvents.verb = "list";
    listEvents.type = api::Scheme::instance().byName("events");
    const size_t events = server.handle(listEvents).items.size();
    std::printf("controlplane_scheduling_benchmark: SchedulingBasic through the control plane (store %s)\n", store.c_str());
    std::printf("  %d nodes (4 cpu, 32Gi, 110 pods), %d existing pods, %d pods created through the API server\n", nodes, existing, pods);
    std::printf("  and bound through pods/binding (100m cpu, 500Mi each); one scheduling thread, %s;\n",
                clientThreads ? "the client on a thread of its own" : "the client on the scheduler's thread");
    std::printf("  Scheduled events written %s\n",
                asyncEvents ? "by the event recorder's thread (as the broadcaster does)" : "on the scheduling thread");
    std::printf("  %-34s %.2f s\n", "create + schedule + bind", seconds);
    std::printf("  %-34s %.0f pods/s\n", "throughput", pods / seconds);
    if (clientThreads) std::printf("  %-34s %.2f s\n", "client done creating after", clientSeconds);
    std::printf("  %-34s %zu\n", "pods left unbound", unbound);
    std::printf("  %-34s %zu\n", "events stored", events);
    std::printf("  %-34s %ld MiB\n", "peak RSS", procStatusKiB("VmHWM") / 1024);
    return unbound == 0 && events >= size_t(pods) ? 0 : 1;
}
