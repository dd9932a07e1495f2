// The whole simulated cluster under load: N nodes (each with its kubelet), then one Deployment of
// R replicas (nginx, 100m cpu, 128Mi), run as fast as possible until every replica is Running
// (or --limit of virtual time passes). Reports the wall time, the virtual time it took (to the
// 5 s the loop checks in), the Kubernetes Events recorded (created or counted again) and their
// rate, the event loop's timed events, the API requests, and peak memory (VmHWM).
//
// Nodes: 32 cpu, 128Gi, 110 pods (kubelet's default max pods), podCIDR 10.<i/256>.<i%256>.0/24.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "api/codec/manifest.h"
#include "api/object.h"
#include "cluster/cluster.h"
#include "cluster/components.h"
#include "cluster/metrics_sampler.h"
#include "cluster/scenario.h"

#include "../proc_status.h"

using pilothouse::benchmarks::procStatusKiB;

using namespace pilothouse;

namespace {

Status createAll(cluster::Cluster& c, const std::string& yaml) {
    std::vector<std::string> warnings;
    auto ms = codec::loadManifests(yaml, "benchmark", &warnings);
    if (!ms) return ms.status();
    for (auto& m : *ms) {
        apiserver::Request r;
        r.verb = "create";
        r.type = m.type;
        r.namespace_ = api::metadata(*m.object).namespace_();
        r.body = std::shared_ptr<google::protobuf::Message>(std::move(m.object));
        auto resp = c.apiServer().handle(r);
        if (!resp.ok()) return resp.status;
    }
    return {};
}

}  // namespace

int main(int argc, char** argv) {
    int nodes = 1000, replicas = 30000;
    std::string limit = "2h";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--nodes")) nodes = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--replicas")) replicas = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--limit")) limit = argv[i + 1];
        else {
            std::fprintf(stderr, "usage: %s [--nodes N] [--replicas N] [--limit DURATION]\n", argv[0]);
            return 2;
        }
    }
    auto maxVirtual = cluster::parseDuration(limit);
    if (!maxVirtual) {
        std::fprintf(stderr, "error: --limit: %s\n", maxVirtual.status().message().c_str());
        return 2;
    }
    const auto t0 = std::chrono::steady_clock::now();
    auto c = cluster::Cluster::create({});
    if (!c) {
        std::fprintf(stderr, "error: %s\n", c.status().message().c_str());
        return 1;
    }
    cluster::Cluster& cl = **c;
    std::string yaml;
    for (int i = 0; i < nodes; ++i) {
        const std::string name = "node-" + std::to_string(i);
        yaml += "---\napiVersion: v1\nkind: Node\nmetadata: {name: " + name + ", labels: {kubernetes.io/hostname: " + name +
                "}}\nspec: {podCIDR: 10." + std::to_string(i / 256) + "." + std::to_string(i % 256) +
                ".0/24}\nstatus: {capacity: {cpu: '32', memory: 128Gi, pods: '110'}}\n";
    }
    if (Status s = createAll(cl, yaml); !s.isOk()) {
        std::fprintf(stderr, "error: %s\n", s.message().c_str());
        return 1;
    }
    auto nodeActions = cluster::addStandardComponents(cl);
    if (!nodeActions) {
        std::fprintf(stderr, "error: %s\n", nodeActions.status().message().c_str());
        return 1;
    }
    if (Status s = cl.runFor(std::chrono::seconds(1)); !s.isOk()) {
        std::fprintf(stderr, "error: %s\n", s.message().c_str());
        return 1;
    }
    const double setupSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto t1 = std::chrono::steady_clock::now();
    const uint64_t eventsBefore = cl.loop().executedCount();
    const sim::Time virtualStart = cl.loop().now();
    Status s = createAll(cl, "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: default}\nspec:\n  replicas: " +
                             std::to_string(replicas) +
                             "\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n"
                             "    spec:\n      containers:\n      - {name: nginx, image: 'nginx:1.25', resources: {requests: {cpu: 100m, memory: 128Mi}}}\n");
    if (!s.isOk()) {
        std::fprintf(stderr, "error: %s\n", s.message().c_str());
        return 1;
    }
    auto* sampler = dynamic_cast<cluster::MetricsSampler*>(cl.find("metrics"));
    auto running = [&] {
        if (!sampler) return 0.0;
        auto it = sampler->series().find("pods{phase=\"Running\"}");
        return it == sampler->series().end() || it->second.empty() ? 0.0 : it->second.back().second;
    };
    while (running() < replicas && cl.loop().now() - virtualStart < *maxVirtual) {
        if (Status st = cl.runFor(std::chrono::seconds(5)); !st.isOk()) {
            std::fprintf(stderr, "error: %s\n", st.message().c_str());
            return 1;
        }
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
    const double virtualSeconds = std::chrono::duration<double>(cl.loop().now() - virtualStart).count();
    const uint64_t events = cl.loop().executedCount() - eventsBefore;
    int64_t requests = 0, eventWrites = 0;
    for (const auto& [key, n] : cl.requestCounts()) {
        requests += n;
        const auto& [verb, resource, code] = key;
        if (resource == "events" && code < 300) eventWrites += n;  // created, or a repeat counted
    }
    std::printf("cluster_benchmark: %d nodes with kubelets, a Deployment of %d replicas (100m cpu, 128Mi)\n", nodes, replicas);
    std::printf("  %-36s %.2f s\n", "setup (nodes, kubelets started)", setupSeconds);
    std::printf("  %-36s %.0f of %d\n", "pods Running at the end", running(), replicas);
    std::printf("  %-36s %.1f s\n", "virtual time to all Running", virtualSeconds);
    std::printf("  %-36s %.2f s\n", "wall time", wall);
    std::printf("  %-36s %lld (%.0f events/s)\n", "Kubernetes events recorded", static_cast<long long>(eventWrites), eventWrites / wall);
    std::printf("  %-36s %llu\n", "event loop events (timed wake-ups)", static_cast<unsigned long long>(events));
    std::printf("  %-36s %lld (%.0f requests/s)\n", "API requests (whole run)", static_cast<long long>(requests), requests / wall);
    std::printf("  %-36s %ld MiB\n", "peak RSS (VmHWM)", procStatusKiB("VmHWM") / 1024);
    return running() >= replicas ? 0 : 1;
}
