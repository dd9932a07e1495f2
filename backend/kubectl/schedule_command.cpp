#include "kubectl/schedule_command.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <map>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "kubectl/table_printer.h"
#include "scheduler/apis/config/load.h"
#include "kubectl/cluster_snapshot.h"
#include "kubectl/kubeconfig_client.h"
#include "client/clientcmd/loader.h"
#include <optional>
#include "scheduler/plugins/registry.h"
#include "scheduler/snapshot_scheduler.h"
#include "util/keep_until_exit.h"
#include "util/phase_times.h"

namespace pilothouse::kubectl {

namespace {

using codec::Value;

Value nodeJson(const scheduler::Explanation& e, const scheduler::NodeExplanation& n) {
    Value v = Value::object();
    Value filter = Value::object();
    for (const auto& [plugin, reasons] : n.filter) {
        Value list = Value::array();
        for (const auto& r : reasons) list.push(r);
        filter.set(plugin, std::move(list));
    }
    v.set("filter", std::move(filter));
    if (!n.feasible && !n.rejectedBy.empty()) v.set("rejectedBy", n.rejectedBy);
    const auto nodeScores = e.scoresOf(n);
    if (n.feasible && !nodeScores.empty()) {
        Value scores = Value::object();
        for (const auto& s : nodeScores) scores.set(std::string(s.plugin), Value(s.normalized));
        v.set("scores", std::move(scores));
        v.set("total", Value(n.total));
    }
    return v;
}

Value outcomeJson(const scheduler::PodOutcome& o, bool explain) {
    Value v = Value::object();
    v.set("namespace", o.namespace_);
    v.set("name", o.name);
    v.set("node", o.node ? Value(*o.node) : Value());
    if (!o.node) v.set("message", o.message);
    if (!o.nominatedNode.empty()) {
        v.set("nominatedNode", o.nominatedNode);
        Value victims = Value::array();
        for (const auto& victim : o.victims) victims.push(victim);
        v.set("victims", std::move(victims));
    }
    if (explain && o.explanation) {
        Value nodes = Value::object();
        for (const auto& n : o.explanation->nodes) nodes.set(n.node, nodeJson(*o.explanation, n));
        v.set("nodes", std::move(nodes));
    }
    return v;
}

void printText(const std::vector<scheduler::PodOutcome>& outcomes, bool explain, std::ostream& out) {
    Table t;
    t.headers = {"POD", "NODE", "MESSAGE"};
    for (const auto& o : outcomes) {
        std::string node = o.node ? *o.node : "<none>";
        std::string msg = o.node ? "" : o.message;
        if (!o.nominatedNode.empty()) {
            node = "<none> (nominated " + o.nominatedNode + ")";
            std::string victims;
            for (const auto& v : o.victims) victims += (victims.empty() ? "" : ", ") + v;
            msg += " Victims: " + victims + ".";
        }
        t.rows.push_back({o.namespace_ + "/" + o.name, node, msg});
    }
    out << renderTable(t);
    if (!explain) return;
    for (const auto& o : outcomes) {
        if (!o.explanation) continue;
        const auto& e = *o.explanation;
        out << "\n" << e.pod << (o.node ? " -> " + *o.node : std::string(" -> no node")) << "\n";
        // Node × filter plugin matrix: "ok" or the reasons; then the scores of feasible nodes.
        Table m;
        m.headers = {"NODE"};
        std::vector<std::string> filters;
        for (const auto& p : e.filterPlugins) {
            bool relevant = false;
            for (const auto& n : e.nodes) relevant |= n.filter.contains(p);
            if (relevant) filters.push_back(p);
        }
        for (const auto& p : filters) m.headers.push_back(p);
        std::vector<std::string> scorers;
        for (const auto& [p, w] : e.scorePlugins) {
            bool scored = false;
            for (const auto& sp : e.scores.plugins) scored |= sp == p;
            if (scored) scorers.push_back(p);
        }
        for (const auto& p : scorers) m.headers.push_back(p + "×" + std::to_string([&] {
                                                             for (const auto& [n, w] : e.scorePlugins)
                                                                 if (n == p) return w;
                                                             return int64_t(0);
                                                         }()));
        m.headers.push_back("TOTAL");
        for (const auto& n : e.nodes) {
            std::vector<std::string> row = {n.node + (n.node == e.selectedNode ? " *" : "")};
            for (const auto& p : filters) {
                auto it = n.filter.find(p);
                std::string cell = it == n.filter.end() ? "ok" : "";
                if (it != n.filter.end())
                    for (const auto& r : it->second) cell += (cell.empty() ? "" : "; ") + r;
                row.push_back(cell);
            }
            for (const auto& p : scorers) {
                std::string cell = "-";
                for (const auto& s : e.scoresOf(n))
                    if (s.plugin == p) cell = std::to_string(s.normalized);
                row.push_back(cell);
            }
            row.push_back(n.feasible && n.scoreRow >= 0 ? std::to_string(n.total) : "-");
            m.rows.push_back(std::move(row));
        }
        out << renderTable(m);
        if (!e.nominatedNode.empty()) {
            std::string victims;
            for (const auto& v : e.victims) victims += (victims.empty() ? "" : ", ") + v;
            out << "preemption: nominated " << e.nominatedNode << ", victims " << victims << "\n";
        }
    }
}

}  // namespace

namespace {

// kube-scheduler v1.28 explaining another minor version's cluster: said once, with the version.
void warnAboutVersion(const std::string& serverVersion, std::ostream& err) {
    if (serverVersion.empty() || serverVersion.rfind("v1.28.", 0) == 0) return;
    err << "Warning: the cluster runs Kubernetes " << serverVersion
        << "; Pilothouse's kube-scheduler is v1.28's (its plugins and messages may differ from this cluster's)\n";
}

// The live cluster's objects, for schedule and snapshot. Errors are printed; nullopt then.
std::optional<ClusterSnapshot> readLive(const KubeconfigFlags& flags, std::ostream& err, std::string* namespace_) {
    auto connected = connectWithKubeconfig(flags, client::clientcmd::Environment::fromProcess());
    if (!connected) {
        err << "error: " << connected.status().message() << "\n";
        return std::nullopt;
    }
    if (namespace_) *namespace_ = connected->namespace_;
    ClusterSnapshotOptions options;
    options.fallbackNamespace = connected->namespace_;
    std::vector<std::string> warnings;
    auto snapshot = readClusterSnapshot(*connected->client, options, &warnings);
    for (const auto& w : warnings) err << "Warning: " << w << "\n";
    if (!snapshot) {
        const std::string message = snapshot.status().message();
        err << (message.rfind("error: ", 0) == 0 ? "" : "error: ") << message << "\n";
        return std::nullopt;
    }
    if (snapshot->partial)
        err << "Warning: the snapshot is partial (see above): what could not be read takes no part in scheduling\n";
    warnAboutVersion(snapshot->serverVersion, err);
    return std::move(*snapshot);
}

}  // namespace

int runSnapshot(const SnapshotArgs& args, std::ostream& out, std::ostream& err) {
    if (args.output != "yaml" && args.output != "json") {
        err << "error: unknown output format \"" << args.output << "\": use yaml or json\n";
        return 2;
    }
    auto snapshot = readLive({args.kubeconfig, args.context, "", ""}, err, nullptr);
    if (!snapshot) return 1;
    writeSnapshot(snapshot->manifests, args.output, out);
    out.flush();
    return 0;
}

int runSchedule(const ScheduleArgs& args, std::ostream& out, std::ostream& err) {
    const bool live = args.files.empty();
    if (!live && (!args.kubeconfig.empty() || !args.context.empty())) {
        err << "error: -f reads a snapshot; --kubeconfig and --context read a live cluster: give one or the other\n";
        return 2;
    }
    if (!args.namespace_.empty() && args.allNamespaces) {
        err << "error: a resource cannot be retrieved by name across all namespaces\n";
        return 2;
    }
    if (args.output != "json" && args.output != "text") {
        err << "error: unknown output format \"" << args.output << "\": use json or text\n";
        return 2;
    }
    scheduler::SnapshotOptions options;
    options.explain = args.explain;
    options.seed = args.seed;
    if (!args.configFile.empty()) {
        auto cfg = scheduler::config::loadConfigurationFile(args.configFile);
        if (!cfg) {
            err << "error: " << cfg.status().message() << "\n";
            return 2;
        }
        options.config = std::move(*cfg);
    } else {
        options.config = scheduler::config::defaultConfiguration();
    }
    util::PhaseTimes phases;
    std::vector<codec::Manifest> manifests;
    std::vector<std::string> warnings;
    codec::LoadOptions load;
    load.unknownKinds = codec::UnknownKinds::Keep;
    // Only the typed objects are scheduled; managedFields are dropped, as kube-scheduler's pod informer drops them.
    load.keepRaw = false;
    load.dropManagedFields = true;
    std::string onlyNamespace;  // the pending pods reported: all, or one namespace's
    if (live) {
        std::string contextNamespace;
        auto snapshot = readLive({args.kubeconfig, args.context, args.namespace_, ""}, err, &contextNamespace);
        if (!snapshot) return 1;
        manifests = std::move(snapshot->manifests);
        if (!args.allNamespaces) onlyNamespace = args.namespace_.empty() ? contextNamespace : args.namespace_;
    } else if (!args.namespace_.empty()) {
        onlyNamespace = args.namespace_;
    }
    for (const auto& file : args.files) {
        auto ms = codec::loadManifestFile(file, &warnings, load);
        if (!ms) {
            for (const auto& w : warnings) err << "Warning: " << w << "\n";
            err << "error: " << ms.status().message() << "\n";
            return 2;
        }
        if (manifests.empty()) manifests = std::move(*ms);  // one file: its objects, not moved one by one
        else std::move(ms->begin(), ms->end(), std::back_inserter(manifests));
    }
    phases.mark("load", err);
    auto cluster = scheduler::snapshotFromManifests(manifests, &warnings);
    phases.mark("admit", err);
    auto sched = scheduler::SnapshotScheduler::create(std::move(cluster), options, scheduler::plugins::inTreeRegistry(), &warnings);
    phases.mark("cache", err);
    for (const auto& w : warnings) err << "Warning: " << w << "\n";
    if (!sched) {
        err << "error: " << (args.configFile.empty() ? "" : args.configFile + ": ") << sched.status().message() << "\n";
        return 2;
    }
    auto outcomes = (*sched)->run();
    phases.mark("schedule", err);
    if (!onlyNamespace.empty())
        std::erase_if(outcomes, [&](const auto& o) { return o.namespace_ != onlyNamespace; });
    if (args.output == "json") {
        Value pods = Value::array();
        for (const auto& o : outcomes) pods.push(outcomeJson(o, args.explain));
        Value doc = Value::object();
        doc.set("pods", std::move(pods));
        out << codec::toJson(doc) << "\n";
    } else {
        printText(outcomes, args.explain, out);
    }
    out.flush();
    phases.mark("print", err);
    keepUntilExit(std::move(*sched));
    keepUntilExit(std::move(manifests));
    keepUntilExit(std::move(outcomes));
    return 0;
}

}  // namespace pilothouse::kubectl
