#include "kubectl/simulate_command.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

#include "api/codec/json.h"
#include "api/codec/proto_json.h"
#include "api/object.h"
#include "api/scheme.h"
#include "cluster/cluster.h"
#include "cluster/components.h"
#include "cluster/metrics_sampler.h"
#include "cluster/scenario.h"
#include "cluster/scenario_runner.h"
#include "core_v1.pb.h"
#include "dns/cluster_dns.h"
#include "proxy/proxier.h"
#include "kubectl/list_output.h"
#include "kubectl/table_printer.h"
#include "util/rfc3339.h"

namespace pilothouse::kubectl {

namespace core = k8s::io::api::core::v1;
using codec::Value;

namespace {

struct SimulateArgs {
    std::string scenario;
    std::string until;
    std::optional<uint64_t> seed;
    std::string output = "text";
};

// Seconds since the epoch of virtual time, to the microsecond.
Value seconds(sim::Time t, sim::Time epoch) {
    const double s = std::chrono::duration<double>(t - epoch).count();
    return Value(std::round(s * 1e6) / 1e6);
}

std::string formatSeconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3fs", s);
    return buf;
}

std::optional<sim::Time> parseTime(const std::string& text) {
    if (text.empty()) return std::nullopt;
    auto n = rfc3339::parse(text);
    if (!n) return std::nullopt;
    return sim::fromUnixNanos(*n);
}

struct EventRow {
    sim::Time time;
    std::string name;  // tie-break: the Event object's name
    Value json;
    std::vector<std::string> text;
};

std::vector<EventRow> collectEvents(cluster::Cluster& c) {
    apiserver::Request list;
    list.verb = "list";
    list.type = api::Scheme::instance().byName("events");
    auto resp = c.apiServer().handle(list);
    std::vector<EventRow> rows;
    const sim::Time epoch = c.loop().epoch();
    for (const auto& item : resp.items) {
        const auto& e = static_cast<const core::Event&>(*item);
        const auto first = parseTime(e.first_timestamp()).value_or(parseTime(e.event_time()).value_or(epoch));
        const auto& io = e.involved_object();
        const std::string object = io.kind() + "/" + (io.namespace_().empty() ? "" : io.namespace_() + "/") + io.name();
        EventRow row;
        row.time = first;
        row.name = e.metadata().namespace_() + "/" + e.metadata().name();
        row.json = Value::object();
        row.json.set("time", seconds(first, epoch));
        row.json.set("type", e.type());
        row.json.set("reason", e.reason());
        row.json.set("object", object);
        row.json.set("message", e.message());
        // kubectl's count: core/v1's count, or an events.k8s.io series' count.
        const int64_t count = e.count() > 0 ? e.count() : (e.has_series() && e.series().count() > 0 ? e.series().count() : 1);
        row.json.set("count", Value(count));
        const std::string source = e.source().component().empty() ? e.reporting_component() : e.source().component();
        row.json.set("source", source);
        row.text = {formatSeconds(std::chrono::duration<double>(first - epoch).count()), e.type(), e.reason(), object,
                    e.message() + (count > 1 ? " (x" + std::to_string(count) + ")" : "")};
        rows.push_back(std::move(row));
    }
    std::stable_sort(rows.begin(), rows.end(), [](const EventRow& a, const EventRow& b) {
        return a.time != b.time ? a.time < b.time : a.name < b.name;
    });
    return rows;
}

// Each Service as kube-proxy and cluster DNS see it at the end: its name's answer, its ready
// endpoints, and where six successive connections from one client go.
Value services(cluster::Cluster& c) {
    Value out = Value::array();
    proxy::Proxier proxier(c.apiServer(), c.clock(), "simulate");
    dns::ClusterDNS dns(c.apiServer());
    if (!proxier.start().isOk() || !dns.start().isOk()) return out;
    apiserver::Request list;
    list.verb = "list";
    list.type = api::Scheme::instance().byName("services");
    for (const auto& item : c.apiServer().handle(list).items) {
        const auto& svc = static_cast<const core::Service&>(*item);
        Value v = Value::object();
        const std::string fqdn = svc.metadata().name() + "." + svc.metadata().namespace_() + ".svc.cluster.local";
        v.set("service", svc.metadata().namespace_() + "/" + svc.metadata().name());
        v.set("clusterIP", svc.spec().cluster_ip());
        Value answer = Value::array();
        for (const auto& ip : dns.resolve(fqdn).ips) answer.push(ip);
        v.set("dns", fqdn);
        v.set("dnsAnswer", std::move(answer));
        Value routes = Value::array();
        if (svc.spec().ports_size() > 0 && svc.spec().cluster_ip() != "None")
            for (int i = 0; i < 6; ++i) {
                auto r = proxier.route("10.0.0.1", svc.spec().cluster_ip(), svc.spec().ports(0).port(),
                                       svc.spec().ports(0).protocol().empty() ? "TCP" : svc.spec().ports(0).protocol());
                // An endpoint without a pod (the kubernetes Service's: the API server) is its address alone.
                routes.push(r.ok ? Value(r.pod.empty() ? r.endpoint : r.endpoint + " (" + r.pod + ")")
                                 : Value("rejected: " + r.message));
            }
        v.set("connections", std::move(routes));
        out.push(std::move(v));
    }
    return out;
}

// Every object of every served kind, as one List (kinds in the scheme's order, objects in key order).
Value allObjects(cluster::Cluster& c) {
    std::vector<Value> items;
    for (const auto& type : api::Scheme::instance().types()) {
        if (!type.supports("list")) continue;  // nothing stored (a review)
        apiserver::Request list;
        list.verb = "list";
        list.type = &type;
        auto resp = c.apiServer().handle(list);
        if (!resp.ok()) continue;
        for (const auto& item : resp.items) {
            items.push_back(codec::encodeMessage(*item));
            codec::eraseManagedFields(items.back());  // as kubectl get -o json prints them
        }
    }
    return listOf(std::move(items));
}

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const size_t i = std::min(v.size() - 1, size_t(std::ceil(q * double(v.size()))) - (q > 0 ? 1 : 0));
    return v[i];
}

Value metrics(cluster::Cluster& c, const std::map<std::string, std::vector<sim::JourneyStage>>& journeys) {
    Value m = Value::object();
    // scheduler_schedule_attempts_total{result}
    int64_t scheduled = 0, unschedulable = 0;
    std::vector<double> attemptLatency;
    // pod_startup_latency (the upstream SLI): creation to Running, image pulls excluded.
    std::vector<double> startup;
    for (const auto& [pod, stages] : journeys) {
        double pulls = 0;
        std::optional<sim::Time> created, running;
        for (const auto& s : stages) {
            if (!created) created = s.start;
            if (s.stage == sim::kStageSchedulingAttempt) {
                (s.failed ? unschedulable : scheduled)++;
                attemptLatency.push_back(std::chrono::duration<double>(s.end - s.start).count());
            }
            if (s.stage == sim::kStageImagePull) pulls += std::chrono::duration<double>(s.end - s.start).count();
            if (s.stage == sim::kStageRunning && !running) running = s.start;
        }
        if (created && running) startup.push_back(std::chrono::duration<double>(*running - *created).count() - pulls);
    }
    Value attempts = Value::object();
    attempts.set("scheduled", Value(scheduled));
    attempts.set("unschedulable", Value(unschedulable));
    m.set("scheduler_schedule_attempts_total", std::move(attempts));
    auto summary = [](const std::vector<double>& v) {
        Value s = Value::object();
        s.set("count", Value(int64_t(v.size())));
        s.set("p50", Value(std::round(quantile(v, 0.5) * 1e6) / 1e6));
        s.set("p90", Value(std::round(quantile(v, 0.9) * 1e6) / 1e6));
        s.set("p99", Value(std::round(quantile(v, 0.99) * 1e6) / 1e6));
        return s;
    };
    m.set("pod_startup_latency_seconds", summary(startup));
    m.set("scheduler_scheduling_attempt_duration_seconds", summary(attemptLatency));
    if (auto* sched = dynamic_cast<cluster::SchedulerComponent*>(c.find("kube-scheduler"))) {
        auto& q = sched->scheduler().queue();
        Value pending = Value::object();
        pending.set("active", Value(int64_t(q.activeQLen())));
        pending.set("backoff", Value(int64_t(q.backoffQLen())));
        pending.set("unschedulable", Value(int64_t(q.unschedulablePodsLen())));
        m.set("scheduler_pending_pods", std::move(pending));
    }
    Value requests = Value::array();
    for (const auto& [key, count] : c.requestCounts()) {
        const auto& [verb, resource, code] = key;
        Value r = Value::object();
        r.set("verb", verb);
        r.set("resource", resource);
        r.set("code", Value(int64_t(code)));
        r.set("count", Value(count));
        requests.push(std::move(r));
    }
    m.set("apiserver_request_total", std::move(requests));
    // Over virtual time: [seconds, value] every sampling interval.
    if (auto* sampler = dynamic_cast<cluster::MetricsSampler*>(c.find("metrics"))) {
        Value series = Value::object();
        for (const auto& [name, samples] : sampler->series()) {
            Value points = Value::array();
            for (const auto& [t, v] : samples) {
                Value point = Value::array();
                point.push(seconds(t, c.loop().epoch()));
                point.push(Value(std::round(v * 1e6) / 1e6));
                points.push(std::move(point));
            }
            series.set(name, std::move(points));
        }
        m.set("series", std::move(series));
    }
    return m;
}

int parse(const std::vector<std::string>& in, SimulateArgs& a, std::ostream& out, std::ostream& err) {
    for (size_t i = 0; i < in.size(); ++i) {
        std::string flag = in[i], value;
        bool inlineValue = false;
        if (flag.rfind("--", 0) == 0 && flag.find('=') != std::string::npos) {
            value = flag.substr(flag.find('=') + 1);
            flag = flag.substr(0, flag.find('='));
            inlineValue = true;
        }
        if (flag == "-h" || flag == "--help") {
            out << "Usage: pilothousectl simulate SCENARIO.yaml [--until 10m] [--seed N] [-o json|text]\n";
            return 0;
        }
        if (flag.empty() || flag[0] != '-') {
            if (!a.scenario.empty()) {
                err << "error: one scenario file expected, got \"" << a.scenario << "\" and \"" << flag << "\"\n";
                return 2;
            }
            a.scenario = flag;
            continue;
        }
        if (flag != "--until" && flag != "--seed" && flag != "-o" && flag != "--output") {
            err << "error: unknown flag: " << in[i] << "\n";
            return 2;
        }
        if (!inlineValue) {
            if (i + 1 >= in.size()) {
                err << "error: flag needs an argument: " << flag << "\n";
                return 2;
            }
            value = in[++i];
        }
        if (flag == "--until") a.until = value;
        else if (flag == "-o" || flag == "--output") a.output = value;
        else {
            try {
                size_t used = 0;
                a.seed = std::stoull(value, &used);
                if (used != value.size() || value[0] == '-') throw std::invalid_argument(value);
            } catch (...) {
                err << "error: invalid argument \"" << value << "\" for \"--seed\": a non-negative integer is required\n";
                return 2;
            }
        }
    }
    if (a.scenario.empty()) {
        err << "error: a scenario file is required: pilothousectl simulate SCENARIO.yaml\n";
        return 2;
    }
    if (a.output != "json" && a.output != "text") {
        err << "error: unknown output format \"" << a.output << "\": json or text\n";
        return 2;
    }
    return -1;
}

}  // namespace

int cmdSimulate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    SimulateArgs a;
    if (int rc = parse(args, a, out, err); rc >= 0) return rc;
    std::vector<std::string> warnings;
    auto scenario = cluster::loadScenarioFile(a.scenario, &warnings);
    for (const auto& w : warnings) err << "warning: " << w << "\n";
    if (!scenario) {
        err << "error: " << scenario.status().message() << "\n";
        return 2;
    }
    sim::Duration until = std::chrono::minutes(10);
    if (!a.until.empty()) {
        auto d = cluster::parseDuration(a.until);
        if (!d || *d < sim::Duration::zero()) {
            err << "error: invalid argument \"" << a.until << "\" for \"--until\": "
                << (d ? "must not be negative" : d.status().message()) << "\n";
            return 2;
        }
        until = *d;
    } else {
        for (const auto& action : scenario->actions) until = std::max(until, action.at + std::chrono::minutes(2));
    }
    auto options = cluster::clusterOptionsOf(*scenario);
    if (!options) {
        err << "error: " << options.status().message() << "\n";
        return 1;
    }
    options->seed = a.seed.value_or(scenario->seed);
    auto c = cluster::Cluster::create(*options);
    if (!c) {
        err << "error: " << c.status().message() << "\n";
        return 1;
    }
    cluster::Cluster& cl = **c;
    cluster::ScenarioRunner runner(cl, *scenario);
    if (Status s = runner.applyObjects(); !s.isOk()) {
        err << "error: " << s.message() << "\n";
        return 2;
    }
    auto schedulerConfig = cluster::schedulerConfigurationOf(*scenario);
    if (!schedulerConfig) {
        err << "error: " << schedulerConfig.status().message() << "\n";
        return 2;
    }
    auto nodeActions = cluster::addStandardComponents(cl, &*schedulerConfig);
    if (!nodeActions) {
        err << "error: " << nodeActions.status().message() << "\n";
        return 1;
    }
    runner.setNodeActionHandler(*nodeActions);
    runner.scheduleActions();
    if (Status s = cl.runUntil(cl.loop().epoch() + until); !s.isOk()) {
        err << "error: the simulation stopped at " << formatSeconds(std::chrono::duration<double>(cl.loop().elapsed()).count())
            << ": " << s.message() << "\n";
        return 1;
    }

    const sim::Time epoch = cl.loop().epoch();
    const auto journeys = cl.journeys().snapshot();
    // Metrics first: reading the events and objects below are requests too.
    Value metricValues = metrics(cl, journeys);
    auto events = collectEvents(cl);
    if (a.output == "json") {
        Value doc = Value::object();
        doc.set("scenario", scenario->name);
        doc.set("seed", Value(int64_t(options->seed)));
        doc.set("until", seconds(epoch + until, epoch));
        Value actions = Value::array();
        for (const auto& r : runner.results()) {
            Value v = Value::object();
            v.set("time", seconds(r.time, epoch));
            v.set("action", r.action);
            v.set("target", r.target);
            v.set("ok", Value(r.ok));
            v.set("message", r.message);
            actions.push(std::move(v));
        }
        doc.set("actions", std::move(actions));
        Value ev = Value::array();
        for (auto& e : events) ev.push(std::move(e.json));
        doc.set("events", std::move(ev));
        Value js = Value::array();
        for (const auto& [pod, stages] : journeys) {
            Value j = Value::object();
            j.set("pod", pod);
            Value st = Value::array();
            for (const auto& s : stages) {
                Value v = Value::object();
                v.set("stage", s.stage);
                v.set("start", seconds(s.start, epoch));
                v.set("end", seconds(s.end, epoch));
                v.set("detail", s.detail);
                if (s.failed) v.set("failed", Value(true));
                st.push(std::move(v));
            }
            j.set("stages", std::move(st));
            js.push(std::move(j));
        }
        doc.set("journeys", std::move(js));
        doc.set("metrics", std::move(metricValues));
        doc.set("services", services(cl));
        doc.set("objects", allObjects(cl));
        out << codec::toJson(doc) << "\n";
        return 0;
    }
    out << "Scenario " << (scenario->name.empty() ? a.scenario : scenario->name) << " (seed " << options->seed << "), "
        << formatSeconds(std::chrono::duration<double>(until).count()) << " of virtual time\n";
    if (!scenario->description.empty()) out << scenario->description << "\n";
    Table actions;
    actions.headers = {"TIME", "ACTION", "TARGET", "RESULT"};
    for (const auto& r : runner.results())
        actions.rows.push_back({formatSeconds(std::chrono::duration<double>(r.time - epoch).count()), r.action, r.target,
                                (r.ok ? "" : "error: ") + r.message});
    out << "\n" << renderTable(actions);
    Table et;
    et.headers = {"TIME", "TYPE", "REASON", "OBJECT", "MESSAGE"};
    for (auto& e : events) et.rows.push_back(std::move(e.text));
    out << "\n" << renderTable(et);
    return 0;
}

}  // namespace pilothouse::kubectl
