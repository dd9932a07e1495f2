// pilothouse-server under many clients: the issue's "50 attached GUIs each watching everything
// while the simulation runs at full speed must not slow the control plane by more than 10%, and a
// slow or stalled client never makes server memory grow without bound".
//
// Three parts, over real loopback gRPC connections to a remote::Server on 127.0.0.1:0. Every
// server below runs in a process of its own (this program again, --fanout-run / --stalled-run),
// so its CPU time and memory are its own and not what an earlier run left behind; clients run in
// yet another process (--client-process / --stalled-client).
//
//   fanout   A SimulationHost on a scenario (large-cluster by default) runs a fixed stretch of
//            virtual time from its start as fast as it can (withSession(runFor(1 s)) repeated),
//            with no client and with N clients, alternately, --repeats times each. Each client
//            has a channel (a TCP connection) of its own and watches every resource a GUI shows,
//            all namespaces, from resourceVersion "0" (the current objects first), reading and
//            decoding every event (the Any unpacked into the typed object). Reported: the wall
//            time of the stretch, the simulation thread's and the server process's CPU time, the
//            events each client got, whether each watch reached the last revision of its resource
//            in the stretch and how long after the stretch the clients were still catching up, the
//            store revision (the same with and without clients: a determinism check), peak RSS;
//            the medians are compared.
//   stalled  One client opens the same watches, then stalls while a stretch runs: "stop" (its
//            process is stopped, SIGSTOP) or "noread" (its program reads nothing; gRPC's threads
//            still receive), against a control run without a client. Reported: the server's RSS
//            every virtual second, the watches cut off (RESOURCE_EXHAUSTED once
//            WatchOptions::bufferLimit events wait; WatchRegistry::cutOff()), how each stream ended
//            for the client, and that it lists and watches again.
//   verbs    Request throughput of the KubernetesAPI service per verb (Create, Get, List of a
//            namespace of --list-pods pods, Update, merge Patch, Delete) with 1 and 8 concurrent
//            callers, each with a connection of its own: requests/s, p50 and p99 latency. An
//            empty cluster, paused, its driver thread running as in pilothouse-server; the pods
//            name a scheduler that does not exist, so only the API's cost is measured.
//
// Usage: remote_fanout_benchmark [--clients 50] [--virtual 6s] [--repeats 3] [--stalled-virtual 12s]
//          [--scenario large-cluster|FILE] [--resources pods,nodes,...] [--parts fanout,stalled,verbs]
//          [--stall stop,noread] [--requests 2000] [--callers 1,8] [--list-pods 100]
//          [--client-nice N] [--sim-nice N]   (nice values of the clients, default 19: they stand for other
//          machines; of the simulation thread, an experiment)
//        environment, for experiments: PH_SERVER_NICE=N (gRPC's and the watch dispatcher's threads;
//          default 19), PH_DISPATCH_NICE=N (the watch dispatcher's alone), PH_BATCH_MS=N (the watch
//          dispatcher's batch window; default 20)
// A smoke run: --clients 5 --virtual 2s --repeats 1 --stalled-virtual 6s --requests 200
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/client_callback.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <latch>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/object.h"
#include "api/scheme.h"
#include "apiserver_service.grpc.pb.h"
#include "cluster/builtin_scenarios.h"
#include "cluster/scenario.h"
#include "cluster/session.h"
#include "core_v1.pb.h"
#include "policy_v1.pb.h"
#include "remote/server.h"
#include "remote/simulation_host.h"
#include "simulation_service.grpc.pb.h"

#include "../proc_status.h"
#include "apiserver/endpoints/handler.h"
#include "apiserver/server/secure_serving.h"
#include "apiserver/server/self_signed_cert.h"
#include "https_client.h"
#include "watch_probe.h"

using pilothouse::benchmarks::procStatusKiB;
using pilothouse::benchmarks::HttpsConnection;
using pilothouse::benchmarks::HttpsEndpoint;
using pilothouse::benchmarks::HttpsWatch;
using pilothouse::benchmarks::WatchProbe;
using namespace pilothouse;
using namespace std::chrono_literals;
namespace v1 = pilothouse::apiserver::v1;
namespace core = k8s::io::api::core::v1;
using Clock = std::chrono::steady_clock;

namespace {

// ---- small helpers ----

[[noreturn]] void die(const std::string& message) {
    std::fprintf(stderr, "error: %s\n", message.c_str());
    std::exit(1);
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, sep))
        if (!part.empty()) out.push_back(part);
    return out;
}

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

double processCpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

// Resets VmHWM to the present RSS (Linux: clear_refs 5), so the next peak is this phase's own.
void resetPeakRss() { std::ofstream("/proc/self/clear_refs") << "5"; }

long mib(long kib) { return kib < 0 ? -1 : kib / 1024; }

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

double percentile(std::vector<double>& sorted, double p) {
    if (sorted.empty()) return 0;
    size_t i = size_t(p * double(sorted.size() - 1) + 0.5);
    return sorted[std::min(i, sorted.size() - 1)];
}

const api::ResourceType& resourceType(const std::string& name) {
    const api::ResourceType* type = api::Scheme::instance().byName(name);
    if (!type) die("unknown resource \"" + name + "\"");
    return *type;
}

v1::Target target(const api::ResourceType& type, const std::string& ns = {}, const std::string& name = {}) {
    v1::Target t;
    t.set_group(type.group);
    t.set_version(type.version);
    t.set_resource(type.resource);
    t.set_namespace_(ns);
    t.set_name(name);
    return t;
}

// A connection of its own (no subchannel shared with the other clients of this process), as a
// GUI on another machine has.
std::shared_ptr<grpc::Channel> newChannel(const std::string& address) {
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    args.SetMaxReceiveMessageSize(-1);
    return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
}

std::unique_ptr<grpc::ClientContext> callContext(int seconds = 60) {
    auto context = std::make_unique<grpc::ClientContext>();
    context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(seconds));
    return context;
}

int64_t nowNanos() { return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count(); }

// ---- the client process ----

// One watch of one client, through gRPC's callback API: every event is read and its object
// decoded (the Any unpacked into the typed message), as a GUI's informer does.
class ClientWatch final : public grpc::ClientReadReactor<v1::WatchEvent>, public WatchProbe {
public:
    ClientWatch(const api::ResourceType& type, int64_t initialObjects)
        : type_(type), initialObjects_(initialObjects), object_(type.newObject()) {}

    void start(v1::KubernetesAPI::Stub& stub) {
        *request_.mutable_target() = target(type_);
        request_.set_resource_version("0");
        stub.async()->Watch(&context_, &request_, this);
        StartRead(&event_);
        StartCall();
    }
    void OnReadDone(bool ok) override {
        if (!ok) return;  // OnDone follows
        object_->Clear();
        if (event_.object().UnpackTo(object_.get())) {
            const int64_t rv = std::strtoll(api::metadata(*object_).resource_version().c_str(), nullptr, 10);
            if (rv > maxRevision_.load(std::memory_order_relaxed)) maxRevision_.store(rv, std::memory_order_relaxed);
        } else {
            decodeErrors_.fetch_add(1, std::memory_order_relaxed);
        }
        bytes_.fetch_add(int64_t(event_.object().value().size()), std::memory_order_relaxed);
        events_.fetch_add(1, std::memory_order_relaxed);
        lastEventNanos_.store(nowNanos(), std::memory_order_relaxed);
        StartRead(&event_);
    }
    void OnDone(const grpc::Status& status) override {
        std::lock_guard lock(mutex_);
        status_ = status;
        done_ = true;
        doneChanged_.notify_all();
    }

    void cancel() override { context_.TryCancel(); }
    void waitDone() override {
        std::unique_lock lock(mutex_);
        doneChanged_.wait(lock, [&] { return done_; });
    }
    bool done() const override {
        std::lock_guard lock(mutex_);
        return done_;
    }
    int code() const override {
        std::lock_guard lock(mutex_);
        return done_ ? int(status_.error_code()) : -1;
    }
    const api::ResourceType& type() const override { return type_; }
    bool listed() const override { return events_.load() >= initialObjects_; }
    int64_t initialObjects() const { return initialObjects_; }
    int64_t events() const override { return events_.load(); }
    int64_t bytes() const override { return bytes_.load(); }
    int64_t maxRevision() const override { return maxRevision_.load(); }
    int64_t decodeErrors() const override { return decodeErrors_.load(); }
    int64_t lastEventNanos() const override { return lastEventNanos_.load(); }

private:
    const api::ResourceType& type_;
    const int64_t initialObjects_;
    grpc::ClientContext context_;
    v1::WatchRequest request_;
    v1::WatchEvent event_;
    std::unique_ptr<google::protobuf::Message> object_;
    std::atomic<int64_t> events_{0}, bytes_{0}, maxRevision_{0}, decodeErrors_{0}, lastEventNanos_{0};
    mutable std::mutex mutex_;
    std::condition_variable doneChanged_;
    grpc::Status status_;
    bool done_ = false;
};

// One of the Simulation service's streams a GUI keeps open (WatchState, WatchJourneys,
// WatchMetrics), read to the end, its messages counted.
template <typename Request, typename Message>
class SimulationStream final : public grpc::ClientReadReactor<Message> {
public:
    using Starter = void (pilothouse::simulation::v1::Simulation::Stub::async_interface::*)(
        grpc::ClientContext*, const Request*, grpc::ClientReadReactor<Message>*);
    void start(pilothouse::simulation::v1::Simulation::Stub& stub, Starter method, Request request) {
        request_ = std::move(request);
        (stub.async()->*method)(&context_, &request_, this);
        this->StartRead(&message_);
        this->StartCall();
    }
    void OnReadDone(bool ok) override {
        if (!ok) return;
        messages_.fetch_add(1, std::memory_order_relaxed);
        this->StartRead(&message_);
    }
    void OnDone(const grpc::Status&) override {
        std::lock_guard lock(mutex_);
        done_ = true;
        doneChanged_.notify_all();
    }
    void cancel() { context_.TryCancel(); }
    void waitDone() {
        std::unique_lock lock(mutex_);
        doneChanged_.wait(lock, [&] { return done_; });
    }
    int64_t messages() const { return messages_.load(); }

private:
    grpc::ClientContext context_;
    Request request_;
    Message message_;
    std::atomic<int64_t> messages_{0};
    std::mutex mutex_;
    std::condition_variable doneChanged_;
    bool done_ = false;
};

namespace sv1 = pilothouse::simulation::v1;
using StateStream = SimulationStream<sv1::WatchStateRequest, sv1::SimulationState>;
using JourneyStream = SimulationStream<sv1::WatchJourneysRequest, sv1::JourneyBatch>;
using MetricsStream = SimulationStream<sv1::WatchMetricsRequest, sv1::MetricsBatch>;

struct Client {
    std::shared_ptr<grpc::Channel> channel;
    std::unique_ptr<v1::KubernetesAPI::Stub> stub;
    std::vector<std::shared_ptr<WatchProbe>> watches;
    std::unique_ptr<sv1::Simulation::Stub> simulation;
    std::unique_ptr<StateStream> state;
    std::unique_ptr<JourneyStream> journeys;
    std::unique_ptr<MetricsStream> metrics;
    int64_t streamMessages() const {
        return (state ? state->messages() : 0) + (journeys ? journeys->messages() : 0) + (metrics ? metrics->messages() : 0);
    }
    void cancelStreams() {
        if (state) state->cancel();
        if (journeys) journeys->cancel();
        if (metrics) metrics->cancel();
    }
    void waitStreams() {
        if (state) state->waitDone();
        if (journeys) journeys->waitDone();
        if (metrics) metrics->waitDone();
    }
};

// The HTTPS clients' side of a client process: kubectl's `get -A -w` of each resource — a list
// to learn how many objects there are, then a watch on a connection of its own (HTTP/1.1 has one
// request at a time per connection), all on one io_context run by two threads.
struct HttpsClients {
    std::shared_ptr<boost::asio::ssl::context> tls;
    boost::asio::io_context io;
    std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work;
    std::vector<std::thread> threads;

    void run(int count) {
        work.emplace(io.get_executor());
        for (int i = 0; i < count; ++i) threads.emplace_back([this] { io.run(); });
    }
    void stop() {
        work.reset();
        for (auto& t : threads) t.join();
    }
};

// The child: N clients watching `resources`. Talks to the parent in lines:
//   -> "ready <objects listed per client>"      every watch got its initial ADDED events
//   <- "start"                                  the stretch starts (counting from here)
//   <- "expect pods=123 nodes=456 ..."          the last revision of each resource in the stretch
//   -> "client <i> <live events> <bytes> <complete 0|1> <last event, ms after start> <end code> <decode errors>" per client,
//      "cpu <seconds since start>", "maxrss <KiB>", "end"
//   <- "quit"
int runClientProcess(const std::string& address, const std::string& caFile, int clients,
                     const std::vector<std::string>& resources, double timeout, int nice) {
    // Linux: per thread, inherited by the threads gRPC starts from here on.
    if (nice != 0 && setpriority(PRIO_PROCESS, 0, nice) != 0) die("setpriority failed");
    std::vector<Client> all(clients);
    int64_t objectsPerClient = 0;
    const bool https = address.rfind("https://", 0) == 0;
    HttpsClients httpsClients;
    if (https) {
        const HttpsEndpoint endpoint = HttpsEndpoint::parse(address, caFile);
        httpsClients.tls = pilothouse::benchmarks::newTlsContext(caFile);
        httpsClients.run(2);
        for (int i = 0; i < clients; ++i) {
            HttpsConnection lists(endpoint, httpsClients.tls);
            for (const auto& name : resources) {
                const api::ResourceType& type = resourceType(name);
                auto listed = lists.request("GET", pilothouse::benchmarks::collectionPath(type));
                if (listed.status != 200) die("client " + std::to_string(i) + ": list " + name + ": HTTP " + std::to_string(listed.status));
                auto doc = codec::parseJson(listed.body);
                const codec::Value* items = doc ? doc->find("items") : nullptr;
                const int64_t count = items && items->isArray() ? int64_t(items->asArray().size()) : 0;
                if (i == 0) objectsPerClient += count;
                auto watch = std::make_shared<HttpsWatch>(httpsClients.io, httpsClients.tls, endpoint, type, count);
                watch->start();
                all[i].watches.push_back(std::move(watch));
            }
        }
    }
    for (int i = 0; i < clients && !https; ++i) {
        Client& c = all[i];
        c.channel = newChannel(address);
        c.stub = v1::KubernetesAPI::NewStub(c.channel);
        for (const auto& name : resources) {
            const api::ResourceType& type = resourceType(name);
            // How many objects the watch's initial list brings (nothing changes meanwhile: the
            // simulation waits for "ready").
            v1::ListRequest list;
            *list.mutable_target() = target(type);
            v1::ListResponse listed;
            auto context = callContext();
            grpc::Status st = c.stub->List(context.get(), list, &listed);
            if (!st.ok()) die("client " + std::to_string(i) + ": list " + name + ": " + st.error_message());
            if (i == 0) objectsPerClient += listed.items_size();
            auto watch = std::make_shared<ClientWatch>(type, listed.items_size());
            watch->start(*c.stub);
            c.watches.push_back(std::move(watch));
        }
        // And the simulation's streams, as a GUI keeps them (ui/client/remote_client.h).
        c.simulation = sv1::Simulation::NewStub(c.channel);
        c.state = std::make_unique<StateStream>();
        c.state->start(*c.simulation, &sv1::Simulation::Stub::async_interface::WatchState, sv1::WatchStateRequest());
        c.journeys = std::make_unique<JourneyStream>();
        c.journeys->start(*c.simulation, &sv1::Simulation::Stub::async_interface::WatchJourneys, sv1::WatchJourneysRequest());
        c.metrics = std::make_unique<MetricsStream>();
        c.metrics->start(*c.simulation, &sv1::Simulation::Stub::async_interface::WatchMetrics, sv1::WatchMetricsRequest());
    }
    const auto readyBy = Clock::now() + std::chrono::duration<double>(timeout);
    for (;;) {
        bool ready = true;
        for (auto& c : all)
            for (auto& w : c.watches) {
                if (w->done()) die("a watch of " + w->type().resource + " ended before it was listed");
                ready = ready && w->listed();
            }
        if (ready) break;
        if (Clock::now() > readyBy) die("the watches' initial lists did not arrive in time");
        std::this_thread::sleep_for(5ms);
    }
    std::printf("ready %lld\n", static_cast<long long>(objectsPerClient));
    std::fflush(stdout);

    int64_t startNanos = nowNanos();
    double cpuAtStart = processCpuSeconds();
    int64_t streamMessagesAtStart = 0;
    std::vector<std::vector<int64_t>> eventsAtStart(clients);
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line == "start") {
            startNanos = nowNanos();
            cpuAtStart = processCpuSeconds();
            streamMessagesAtStart = 0;
            for (auto& c : all) streamMessagesAtStart += c.streamMessages();
            for (int i = 0; i < clients; ++i) {
                eventsAtStart[i].clear();
                for (auto& w : all[i].watches) eventsAtStart[i].push_back(w->events());
            }
        } else if (line.rfind("expect ", 0) == 0) {
            std::map<std::string, int64_t> expected;
            for (const auto& pair : split(line.substr(7), ' ')) {
                const auto eq = pair.find('=');
                expected[pair.substr(0, eq)] = std::strtoll(pair.c_str() + eq + 1, nullptr, 10);
            }
            auto reached = [&](WatchProbe& w) { return w.done() || w.maxRevision() >= expected[w.type().resource]; };
            const auto deadline = Clock::now() + std::chrono::duration<double>(timeout);
            for (;;) {
                bool all_reached = true;
                for (auto& c : all)
                    for (auto& w : c.watches) all_reached = all_reached && reached(*w);
                if (all_reached || Clock::now() > deadline) break;
                std::this_thread::sleep_for(2ms);
            }
            const double cpu = processCpuSeconds() - cpuAtStart;
            for (int i = 0; i < clients; ++i) {
                int64_t live = 0, bytes = 0, decodeErrors = 0, lastNanos = startNanos;
                bool complete = true;
                int endCode = -1;  // still open
                for (size_t k = 0; k < all[i].watches.size(); ++k) {
                    WatchProbe& w = *all[i].watches[k];
                    live += w.events() - (eventsAtStart[i].empty() ? 0 : eventsAtStart[i][k]);
                    bytes += w.bytes();
                    decodeErrors += w.decodeErrors();
                    lastNanos = std::max(lastNanos, w.lastEventNanos());
                    complete = complete && w.maxRevision() >= expected[w.type().resource];
                    if (w.done()) endCode = w.code();
                }
                std::printf("client %d %lld %lld %d %.1f %d %lld\n", i, static_cast<long long>(live),
                            static_cast<long long>(bytes), complete ? 1 : 0, (lastNanos - startNanos) / 1e6, endCode,
                            static_cast<long long>(decodeErrors));
            }
            int64_t streamMessages = -streamMessagesAtStart;
            for (auto& c : all) streamMessages += c.streamMessages();
            std::printf("streams %lld\n", static_cast<long long>(streamMessages));
            std::printf("cpu %.3f\nmaxrss %ld\nend\n", cpu, procStatusKiB("VmHWM"));
            std::fflush(stdout);
        } else if (line == "quit") {
            break;
        }
    }
    for (auto& c : all) {
        for (auto& w : c.watches) w->cancel();
        c.cancelStreams();
    }
    for (auto& c : all) {
        for (auto& w : c.watches) w->waitDone();
        c.waitStreams();
    }
    all.clear();
    if (https) httpsClients.stop();
    return 0;
}

// A child process (this program again) talking in lines over its stdin and stdout.
class ChildProcess {
public:
    static std::unique_ptr<ChildProcess> spawn(const std::vector<std::string>& args) {
        int toChild[2], fromChild[2];
        if (pipe2(toChild, O_CLOEXEC) != 0 || pipe2(fromChild, O_CLOEXEC) != 0) die("pipe2 failed");
        char self[4096];
        const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n <= 0) die("cannot find this program (/proc/self/exe)");
        self[n] = '\0';
        std::vector<const char*> argv = {self};
        for (const auto& a : args) argv.push_back(a.c_str());
        argv.push_back(nullptr);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0);
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1);
        auto process = std::unique_ptr<ChildProcess>(new ChildProcess());
        if (posix_spawn(&process->pid_, self, &actions, nullptr, const_cast<char* const*>(argv.data()), environ) != 0)
            die("cannot start a child process");
        posix_spawn_file_actions_destroy(&actions);
        close(toChild[0]);
        close(fromChild[1]);
        process->in_ = fdopen(toChild[1], "w");
        process->out_ = fdopen(fromChild[0], "r");
        return process;
    }
    ~ChildProcess() {
        if (in_) std::fclose(in_);
        if (out_) std::fclose(out_);
        if (pid_ > 0) waitpid(pid_, nullptr, 0);
    }

    // The next line ("" at the end).
    std::string readLine() {
        std::string line;
        char buffer[4096];
        while (std::fgets(buffer, sizeof buffer, out_)) {
            line += buffer;
            if (!line.empty() && line.back() == '\n') {
                line.pop_back();
                return line;
            }
        }
        return line;
    }
    pid_t pid() const { return pid_; }
    void send(const std::string& line) {
        std::fputs((line + "\n").c_str(), in_);
        std::fflush(in_);
    }
    // Sends `last` (if any), closes its stdin and waits for it; its exit status.
    int finish(const std::string& last = {}) {
        if (!last.empty()) send(last);
        std::fclose(in_);
        in_ = nullptr;
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        return status;
    }

private:
    ChildProcess() = default;
    pid_t pid_ = -1;
    FILE* in_ = nullptr;
    FILE* out_ = nullptr;
};

// ---- the server side ----

struct Options {
    int clients = 50;
    std::string virtualText = "6s";
    sim::Duration virtualDuration{};
    sim::Duration step = 1s;
    int repeats = 3;
    std::string scenario = "large-cluster";
    std::string resources = "pods,nodes,events,namespaces,services,endpointslices,deployments,replicasets";
    std::set<std::string> parts = {"fanout", "stalled", "verbs"};
    int requests = 2000;
    std::vector<int> callers = {1, 8};
    int listPods = 100;
    double timeout = 300;  // seconds a client may take to catch up
    std::string stalledVirtualText = "12s";
    sim::Duration stalledVirtualDuration{};
    // Experiments: the nice value of the client process, and of the simulation thread during the
    // stretch (0: left alone).
    // The clients stand for GUIs on other machines: on this one they take only the CPU time the
    // server leaves (nice 19). --client-nice 0 makes them compete with the server as equals.
    int clientNice = 19;
    int simNice = 0;
    // How the stalled client stalls: "stop" (its process is stopped, SIGSTOP, as a frozen or
    // suspended machine: nothing reads the socket) or "noread" (its program reads nothing, but
    // gRPC's threads still take what the HTTP/2 flow-control windows let through).
    // Both by default (the parts' order), one per run.
    std::string stall = "stop,noread";
    // What the fan-out's clients and the verbs' callers speak: "grpc" (the KubernetesAPI service,
    // as the GUI attaches) or "https" (the Kubernetes API, as kubectl does).
    std::string protocol = "grpc";
};

std::string scenarioText(const std::string& nameOrFile) {
    if (auto builtin = cluster::builtinScenario(nameOrFile)) return std::string(*builtin);
    std::ifstream in(nameOrFile);
    if (!in) die("no built-in scenario or file \"" + nameOrFile + "\"");
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::unique_ptr<remote::SimulationHost> newHost(const std::string& text, const std::string& source) {
    std::vector<std::string> warnings;
    auto scenario = cluster::loadScenario(text, source, &warnings);
    if (!scenario) die(scenario.status().message());
    auto host = remote::SimulationHost::start(cluster::SessionOptions{}, std::move(*scenario));
    if (!host) die(host.status().message());
    return std::move(*host);
}

std::unique_ptr<remote::Server> newServer(remote::SimulationHost& host) {
    remote::ServerOptions options;
    options.listenAddress = "127.0.0.1:0";
    // Experiments: PH_SERVER_NICE (the niceness of gRPC's and the dispatcher's threads) and
    // PH_BATCH_MS (the dispatcher's batch window).
    if (const char* nice = std::getenv("PH_SERVER_NICE")) {
        options.niceness = std::atoi(nice);
        options.service.dispatcher.niceness = std::atoi(nice);
    }
    if (const char* nice = std::getenv("PH_DISPATCH_NICE")) options.service.dispatcher.niceness = std::atoi(nice);
    if (const char* batch = std::getenv("PH_BATCH_MS"))
        options.service.dispatcher.batchWindow = std::chrono::milliseconds(std::atoi(batch));
    auto server = remote::Server::start(host, options);
    if (!server) die(server.status().message());
    return std::move(*server);
}

// The Kubernetes API over HTTPS on 127.0.0.1:0 for a host, as pilothouse-server --kube-api-listen
// serves it: a CA and serving certificate made in a directory of its own.
class KubeApi {
public:
    explicit KubeApi(remote::SimulationHost& host) : handler_(host, apiserver::endpoints::HandlerOptions{}) {
        char dir[] = "/tmp/remote_fanout_pki.XXXXXX";
        if (!mkdtemp(dir)) die("mkdtemp failed");
        dir_ = dir;
        auto cert = apiserver::server::ensureServingCertificate(dir_, apiserver::server::certificateHosts("127.0.0.1"));
        if (!cert) die(cert.status().message());
        caFile_ = cert->caFile;
        apiserver::server::SecureServingOptions options;
        options.listenAddress = "127.0.0.1:0";
        options.certFile = cert->certFile;
        options.keyFile = cert->keyFile;
        auto serving = apiserver::server::SecureServing::start(handler_, options);
        if (!serving) die(serving.status().message());
        serving_ = std::move(*serving);
        handler_.setServerAddress(serving_->address());
    }
    ~KubeApi() {
        serving_->shutdown();
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
    std::string url() const { return "https://" + serving_->address(); }
    const std::string& caFile() const { return caFile_; }

private:
    apiserver::endpoints::Handler handler_;
    std::unique_ptr<apiserver::server::SecureServing> serving_;
    std::string dir_, caFile_;
};

int64_t storeRevision(remote::SimulationHost& host) {
    return host.withSession([](cluster::Session& s) { return s.cluster().controlPlane().store().currentRevision(); });
}

// Runs `duration` of virtual time as fast as possible, a step at a time (each step holds the
// session as a tick of pilothouse-server's driver does); `after` runs between steps.
template <typename F>
void runStretch(remote::SimulationHost& host, sim::Duration duration, sim::Duration step, F&& after) {
    for (sim::Duration done{}; done < duration; done += step) {
        const sim::Duration d = std::min(step, duration - done);
        Status st = host.withSession([&](cluster::Session& s) { return s.runFor(d); });
        if (!st.isOk()) die("the simulation failed: " + st.message());
        after(done + d);
    }
}

// The revision of the last change of each resource after `from`: what every client's watch of it
// must reach. Read after the stretch from the store's history (an in-process watch from `from`).
std::map<std::string, int64_t> lastRevisions(remote::SimulationHost& host, const std::vector<std::string>& resources,
                                             int64_t from) {
    std::map<std::string, int64_t> last;
    for (const auto& name : resources) {
        const api::ResourceType& type = resourceType(name);
        auto stream = host.withCluster([&](cluster::Cluster& c) {
            apiserver::Request r;
            r.verb = "watch";
            r.type = &type;
            r.resourceVersion = from;
            return c.apiServer().watch(r);
        });
        if (!stream) die("watch " + name + ": " + stream.status().message());
        int64_t revision = 0;
        for (;;) {
            auto events = (*stream)->nextShared(300ms);
            if (!events) die("watch " + name + ": " + events.status().message());
            if (events->empty()) break;
            for (const auto& e : *events) revision = std::max(revision, e.revision);
        }
        last[name] = revision;
    }
    return last;
}

struct FanoutRun {
    int clients = 0;
    double wall = 0;            // the stretch
    double simThreadCpu = 0;    // the thread that ran the simulation, during the stretch
    double processCpu = 0;      // the server process, during the stretch
    int64_t revision = 0;       // the store's at the end
    long rssSetupKiB = 0;       // after setup (clients attached)
    long peakKiB = 0;           // VmHWM from the stretch's start until every client caught up
    // Clients (0 when none).
    int64_t objectsListed = 0;  // per client, at attach
    std::vector<int64_t> liveEvents;  // per client
    int64_t bytes = 0;
    int complete = 0;
    double lastEventAfterStart = 0;  // seconds from the stretch's start to the last client's last event
    double clientCpu = 0;
    long clientPeakKiB = 0;
    int endedEarly = 0;
    int64_t decodeErrors = 0;
    int64_t cutOff = 0;
    int64_t streamMessages = 0;  // the Simulation service's streams, all clients, during the stretch
};

FanoutRun fanoutRun(const Options& o, const std::string& text, int clients) {
    FanoutRun run;
    run.clients = clients;
    const std::vector<std::string> resources = split(o.resources, ',');
    auto host = newHost(text, o.scenario);
    auto server = newServer(*host);
    // --protocol https: the Kubernetes API over HTTPS beside it (as pilothouse-server --kube-api-listen),
    // and the clients are kubectl-like watchers of it.
    std::unique_ptr<KubeApi> kubeApi;
    if (o.protocol == "https") kubeApi = std::make_unique<KubeApi>(*host);
    std::unique_ptr<ChildProcess> child;
    if (clients > 0) {
        child = ChildProcess::spawn({"--client-process", kubeApi ? kubeApi->url() : server->address(), "--ca",
                                     kubeApi ? kubeApi->caFile() : "", "--clients", std::to_string(clients),
                                     "--resources", o.resources, "--timeout", std::to_string(o.timeout),
                                     "--client-nice", std::to_string(o.clientNice)});
        const std::string ready = child->readLine();
        if (ready.rfind("ready ", 0) != 0) die("the client process did not start: \"" + ready + "\"");
        run.objectsListed = std::strtoll(ready.c_str() + 6, nullptr, 10);
    }
    const int64_t startRevision = storeRevision(*host);
    run.rssSetupKiB = procStatusKiB("VmRSS");
    // This thread only (Linux nice is per thread): the threads already started keep theirs.
    if (o.simNice != 0 && setpriority(PRIO_PROCESS, 0, o.simNice) != 0) die("setpriority failed");
    resetPeakRss();
    if (child) child->send("start");
    const double cpu0 = processCpuSeconds(), thread0 = threadCpuSeconds();
    const auto t0 = Clock::now();
    runStretch(*host, o.virtualDuration, o.step, [](sim::Duration) {});
    run.wall = secondsSince(t0);
    run.simThreadCpu = threadCpuSeconds() - thread0;
    run.processCpu = processCpuSeconds() - cpu0;
    run.revision = storeRevision(*host);
    if (child) {
        std::string expect = "expect";
        for (const auto& [name, revision] : lastRevisions(*host, resources, startRevision))
            expect += " " + name + "=" + std::to_string(revision);
        child->send(expect);
        for (std::string line = child->readLine(); line != "end"; line = child->readLine()) {
            if (line.empty()) die("the client process ended early");
            std::istringstream in(line);
            std::string what;
            in >> what;
            if (what == "client") {
                int index, complete, endCode;
                long long live, bytes, decodeErrors;
                double lastMs;
                in >> index >> live >> bytes >> complete >> lastMs >> endCode >> decodeErrors;
                run.liveEvents.push_back(live);
                run.bytes += bytes;
                run.complete += complete;
                run.lastEventAfterStart = std::max(run.lastEventAfterStart, lastMs / 1000);
                run.endedEarly += endCode >= 0;
                run.decodeErrors += decodeErrors;
            } else if (what == "streams") {
                in >> run.streamMessages;
            } else if (what == "cpu") {
                in >> run.clientCpu;
            } else if (what == "maxrss") {
                in >> run.clientPeakKiB;
            }
        }
    }
    run.peakKiB = procStatusKiB("VmHWM");
    run.cutOff = server->service().watches().cutOff();
    if (child && child->finish("quit") != 0) die("the client process failed");
    kubeApi.reset();
    server->shutdown(5s);
    server.reset();
    host.reset();
    return run;
}

void printFanoutRun(const FanoutRun& r) {
    int64_t total = 0, least = r.liveEvents.empty() ? 0 : r.liveEvents[0], most = 0;
    for (int64_t n : r.liveEvents) {
        total += n;
        least = std::min(least, n);
        most = std::max(most, n);
    }
    std::printf("  %3d clients: stretch %6.2f s wall (simulation thread %6.2f s cpu, server process %6.2f s cpu), "
                "revision %lld, RSS %ld MiB after setup, peak %ld MiB",
                r.clients, r.wall, r.simThreadCpu, r.processCpu, static_cast<long long>(r.revision), mib(r.rssSetupKiB),
                mib(r.peakKiB));
    if (r.clients > 0) {
        const double span = std::max(r.lastEventAfterStart, r.wall);
        std::printf("\n               %lld objects listed per client; live events per client %lld-%lld, total %lld "
                    "(%.1f MB of objects), %.0f events/s; clients still catching up %.2f s after the stretch ended; "
                    "%d/%d clients reached every resource's last revision; %d watches ended early, %lld decode errors, "
                    "%lld cut off; %lld messages on the simulation's streams; client process %.2f s cpu, peak %ld MiB",
                    static_cast<long long>(r.objectsListed), static_cast<long long>(least), static_cast<long long>(most),
                    static_cast<long long>(total), r.bytes / 1e6, total / span, std::max(0.0, r.lastEventAfterStart - r.wall), r.complete,
                    r.clients, r.endedEarly, static_cast<long long>(r.decodeErrors), static_cast<long long>(r.cutOff),
                    static_cast<long long>(r.streamMessages), r.clientCpu, mib(r.clientPeakKiB));
    }
    std::printf("\n");
    std::fflush(stdout);
}

// One line for the parent: "result" and the fields in order, then the live events per client.
std::string resultLine(const FanoutRun& r) {
    std::ostringstream out;
    out.precision(9);
    out << "result " << r.clients << " " << r.wall << " " << r.simThreadCpu << " " << r.processCpu << " " << r.revision << " "
        << r.rssSetupKiB << " " << r.peakKiB << " " << r.objectsListed << " " << r.bytes << " " << r.complete << " "
        << r.lastEventAfterStart << " " << r.clientCpu << " " << r.clientPeakKiB << " " << r.endedEarly << " "
        << r.decodeErrors << " " << r.cutOff << " " << r.streamMessages << " " << r.liveEvents.size();
    for (int64_t n : r.liveEvents) out << " " << n;
    return out.str();
}

FanoutRun parseResult(const std::string& line) {
    FanoutRun r;
    std::istringstream in(line.substr(7));
    size_t n = 0;
    in >> r.clients >> r.wall >> r.simThreadCpu >> r.processCpu >> r.revision >> r.rssSetupKiB >> r.peakKiB >>
        r.objectsListed >> r.bytes >> r.complete >> r.lastEventAfterStart >> r.clientCpu >> r.clientPeakKiB >> r.endedEarly >>
        r.decodeErrors >> r.cutOff >> r.streamMessages >> n;
    r.liveEvents.resize(n);
    for (auto& e : r.liveEvents) in >> e;
    if (!in) die("cannot read a run's result: " + line);
    return r;
}

// Each run is a process of its own (this program with --fanout-run N), so its memory figures
// are its own and not what earlier runs left behind.
FanoutRun fanoutRunInProcess(const Options& o, int clients) {
    auto child = ChildProcess::spawn({"--fanout-run", std::to_string(clients), "--virtual", o.virtualText, "--scenario",
                                      o.scenario, "--protocol", o.protocol, "--resources", o.resources, "--timeout", std::to_string(o.timeout),
                                      "--client-nice", std::to_string(o.clientNice), "--sim-nice", std::to_string(o.simNice)});
    std::optional<FanoutRun> result;
    for (std::string line = child->readLine(); !line.empty(); line = child->readLine()) {
        if (line.rfind("result ", 0) == 0) result = parseResult(line);
        else std::printf("%s\n", line.c_str());
    }
    if (child->finish() != 0 || !result) die("a fan-out run failed");
    printFanoutRun(*result);
    return *result;
}

bool runFanout(const Options& o) {
    const auto resources = split(o.resources, ',');
    std::printf("fan-out: scenario %s, %s of virtual time as fast as possible (runFor %lld s at a time), %d clients "
                "each with its own connection and %zu watches (%s, all namespaces, from resourceVersion \"0\"), "
                "%d repeats alternating\n",
                o.scenario.c_str(), o.virtualText.c_str(),
                static_cast<long long>(std::chrono::duration_cast<std::chrono::seconds>(o.step).count()), o.clients,
                resources.size(), o.resources.c_str(), o.repeats);
    std::fflush(stdout);
    std::vector<FanoutRun> without, with;
    for (int i = 0; i < o.repeats; ++i) {
        without.push_back(fanoutRunInProcess(o, 0));
        with.push_back(fanoutRunInProcess(o, o.clients));
    }
    auto med = [](const std::vector<FanoutRun>& runs, auto field) {
        std::vector<double> v;
        for (const auto& r : runs) v.push_back(double(field(r)));
        return median(v);
    };
    const double wall0 = med(without, [](const FanoutRun& r) { return r.wall; });
    const double wallN = med(with, [](const FanoutRun& r) { return r.wall; });
    const double sim0 = med(without, [](const FanoutRun& r) { return r.simThreadCpu; });
    const double simN = med(with, [](const FanoutRun& r) { return r.simThreadCpu; });
    const double cpu0 = med(without, [](const FanoutRun& r) { return r.processCpu; });
    const double cpuN = med(with, [](const FanoutRun& r) { return r.processCpu; });
    const double peak0 = med(without, [](const FanoutRun& r) { return r.peakKiB / 1024.0; });
    const double peakN = med(with, [](const FanoutRun& r) { return r.peakKiB / 1024.0; });
    const double events = med(with, [](const FanoutRun& r) {
        int64_t t = 0;
        for (int64_t n : r.liveEvents) t += n;
        return t;
    });
    const double lag = med(with, [](const FanoutRun& r) { return std::max(0.0, r.lastEventAfterStart - r.wall); });
    const double clientCpu = med(with, [](const FanoutRun& r) { return r.clientCpu; });
    std::set<int64_t> revisions;
    bool allComplete = true;
    int64_t cutOff = 0;
    for (const auto& r : without) revisions.insert(r.revision);
    for (const auto& r : with) {
        revisions.insert(r.revision);
        allComplete = allComplete && r.complete == r.clients && r.endedEarly == 0 && r.decodeErrors == 0;
        cutOff += r.cutOff;
    }
    const double slowdown = (wallN / wall0 - 1) * 100;
    std::printf("\nfan-out, medians of %d runs each:\n", o.repeats);
    std::printf("  | %-34s | %12s | %12s |\n", "", "0 clients", (std::to_string(o.clients) + " clients").c_str());
    std::printf("  | %-34s | %12.2f | %12.2f |\n", "stretch wall time, s", wall0, wallN);
    std::printf("  | %-34s | %12.2f | %12.2f |\n", "simulation thread cpu, s", sim0, simN);
    std::printf("  | %-34s | %12.2f | %12.2f |\n", "server process cpu, s", cpu0, cpuN);
    std::printf("  | %-34s | %12s | %12.2f |\n", "client process cpu, s", "", clientCpu);
    std::printf("  | %-34s | %12s | %12.0f |\n", "live events delivered, total", "", events);
    std::printf("  | %-34s | %12s | %12.0f |\n", "live events per client", "", o.clients ? events / o.clients : 0.0);
    std::printf("  | %-34s | %12s | %12.0f |\n", "events/s delivered (to last event)", "",
                events / (wallN + lag));
    std::printf("  | %-34s | %12s | %12.2f |\n", "clients catching up after it, s", "", lag);
    std::printf("  | %-34s | %12s | %12.1f |\n", "extra sim thread cpu / event, us", "", events ? (simN - sim0) / events * 1e6 : 0.0);
    std::printf("  | %-34s | %12s | %12.1f |\n", "extra server cpu / event, us", "", events ? (cpuN - cpu0) / events * 1e6 : 0.0);
    std::printf("  | %-34s | %12s | %12.1f |\n", "client cpu / event, us", "", events ? clientCpu / events * 1e6 : 0.0);
    std::printf("  | %-34s | %12.0f | %12.0f |\n", "server peak RSS, MiB", peak0, peakN);
    std::printf("  slowdown with %d clients: %+.1f %% (limit +10 %%)%s\n", o.clients, slowdown,
                slowdown > 10 ? "  ** over the limit **" : "");
    std::printf("  every client reached every resource's last revision: %s; watches cut off: %lld\n",
                allComplete ? "yes" : "NO", static_cast<long long>(cutOff));
    std::printf("  determinism: store revision at the end %s (", revisions.size() == 1 ? "the same in every run" : "DIFFERS");
    for (auto it = revisions.begin(); it != revisions.end(); ++it)
        std::printf("%s%lld", it == revisions.begin() ? "" : ", ", static_cast<long long>(*it));
    std::printf(")\n\n");
    std::fflush(stdout);
    return revisions.size() == 1 && allComplete;
}

// ---- a stalled client ----

// The stalled client, a process of its own: opens the watches and reads nothing until told to.
//   -> "opened"
//   <- "read"    it reads what reached it and how each stream ended (a watch still open after
//                5 s, i.e. not cut off, is cancelled), then lists pods again and watches from there
//   -> "watch <resource> <events read> <grpc code> <message>" per watch, "relist <ok> <pods> <rv> <watch ok>", "end"
// The same over HTTPS, as `kubectl get -A -w` would open the watches (one TLS connection each).
// Talks as runStalledClientProcess does; a watch's line says how it ended: the ERROR event's code
// and message, or "open".
int runHttpsStalledClientProcess(const std::string& address, const std::string& caFile,
                                 const std::vector<std::string>& resources) {
    HttpsClients clients;
    const HttpsEndpoint endpoint = HttpsEndpoint::parse(address, caFile);
    clients.tls = pilothouse::benchmarks::newTlsContext(caFile);
    clients.run(1);
    std::vector<std::shared_ptr<HttpsWatch>> watches;
    for (const auto& name : resources) {
        auto w = std::make_shared<HttpsWatch>(clients.io, clients.tls, endpoint, resourceType(name), 0);
        w->start();
        watches.push_back(std::move(w));
    }
    std::printf("opened\n");
    std::fflush(stdout);
    std::string line;
    while (std::getline(std::cin, line) && line != "read") {
    }
    std::vector<int64_t> before;
    for (auto& w : watches) before.push_back(w->events());
    std::this_thread::sleep_for(5s);
    for (size_t i = 0; i < watches.size(); ++i) {
        const std::string error = watches[i]->errorEvent();
        std::printf("watch %s %lld %s\n", watches[i]->type().resource.c_str(),
                    static_cast<long long>(watches[i]->events() - before[i]), error.empty() ? "open" : error.c_str());
    }
    for (auto& w : watches) w->cancel();
    for (auto& w : watches) w->waitDone();
    watches.clear();
    HttpsConnection c(endpoint, clients.tls);
    auto listed = c.request("GET", "/api/v1/pods");
    auto doc = codec::parseJson(listed.body);
    const codec::Value* items = doc ? doc->find("items") : nullptr;
    const codec::Value* meta = doc ? doc->find("metadata") : nullptr;
    const codec::Value* rv = meta ? meta->find("resourceVersion") : nullptr;
    const std::string revision = rv && rv->isString() ? rv->asString() : "?";
    auto again = c.request("GET", "/api/v1/pods?watch=true&timeoutSeconds=1&resourceVersion=" + revision);
    std::printf("relist %d %d %s %d\nend\n", listed.status == 200 ? 1 : 0, items && items->isArray() ? int(items->asArray().size()) : 0,
                revision.c_str(), again.status == 200 ? 1 : 0);
    std::fflush(stdout);
    clients.stop();
    return 0;
}

int runStalledClientProcess(const std::string& address, const std::vector<std::string>& resources) {
    auto channel = newChannel(address);
    auto stub = v1::KubernetesAPI::NewStub(channel);
    struct Stalled {
        std::string resource;
        std::unique_ptr<grpc::ClientContext> context;
        std::unique_ptr<grpc::ClientReader<v1::WatchEvent>> reader;
        int64_t read = 0;
        grpc::Status status;
    };
    std::vector<Stalled> stalled;
    for (const auto& name : resources) {
        Stalled s;
        s.resource = name;
        s.context = std::make_unique<grpc::ClientContext>();
        v1::WatchRequest request;
        *request.mutable_target() = target(resourceType(name));
        request.set_resource_version("0");
        s.reader = stub->Watch(s.context.get(), request);
        stalled.push_back(std::move(s));
    }
    std::printf("opened\n");
    std::fflush(stdout);
    std::string line;
    while (std::getline(std::cin, line) && line != "read") {
    }
    std::vector<std::thread> readers;
    for (auto& s : stalled)
        readers.emplace_back([&s] {
            v1::WatchEvent event;
            while (s.reader->Read(&event)) ++s.read;
            s.status = s.reader->Finish();
        });
    std::this_thread::sleep_for(5s);
    for (auto& s : stalled) s.context->TryCancel();
    for (auto& t : readers) t.join();
    for (const auto& s : stalled)
        std::printf("watch %s %lld %d %s\n", s.resource.c_str(), static_cast<long long>(s.read), int(s.status.error_code()),
                    s.status.error_message().c_str());
    const api::ResourceType& pods = resourceType("pods");
    v1::ListRequest list;
    *list.mutable_target() = target(pods);
    v1::ListResponse listed;
    auto context = callContext();
    grpc::Status st = stub->List(context.get(), list, &listed);
    v1::WatchRequest again;
    *again.mutable_target() = target(pods);
    again.set_resource_version(listed.metadata().resource_version());
    again.set_timeout_seconds(1);
    auto watchContext = callContext();
    auto reader = stub->Watch(watchContext.get(), again);
    v1::WatchEvent event;
    while (reader->Read(&event)) {
    }
    grpc::Status wst = reader->Finish();
    std::printf("relist %d %d %s %d\nend\n", st.ok() ? 1 : 0, listed.items_size(), listed.metadata().resource_version().c_str(),
                wst.ok() ? 1 : 0);
    std::fflush(stdout);
    return 0;
}

// The server side of the stalled-client part, a process of its own so its memory is its own:
// the stretch with the stalled client, or without any client (the control). Prints its report;
// exits 1 when the stalled client was not cut off or could not list again.
int runStalledServerProcess(const Options& o, const std::string& text, bool withClient) {
    const auto resources = split(o.resources, ',');
    auto host = newHost(text, o.scenario);
    auto server = newServer(*host);
    std::unique_ptr<KubeApi> kubeApi;
    if (o.protocol == "https") kubeApi = std::make_unique<KubeApi>(*host);
    std::unique_ptr<ChildProcess> child;
    const auto& watches = server->service().watches();
    if (withClient) {
        child = ChildProcess::spawn({"--stalled-client", kubeApi ? kubeApi->url() : server->address(), "--ca",
                                     kubeApi ? kubeApi->caFile() : "", "--protocol", o.protocol, "--resources", o.resources});
        if (child->readLine() != "opened") die("the stalled client did not start");
        for (auto until = Clock::now() + 30s; !kubeApi && watches.open() < int64_t(resources.size()) && Clock::now() < until;)
            std::this_thread::sleep_for(10ms);
        std::this_thread::sleep_for(kubeApi ? 3s : 1s);  // the initial lists reach it
        if (o.stall == "stop") kill(child->pid(), SIGSTOP);
    }
    const long rssBefore = procStatusKiB("VmRSS");
    resetPeakRss();
    long rssMax = rssBefore;
    std::vector<std::pair<double, int64_t>> cuts;  // virtual second, cut-off count
    int64_t lastCut = 0;
    std::vector<std::pair<int, long>> rssSamples;
    const auto t0 = Clock::now();
    runStretch(*host, o.stalledVirtualDuration, o.step, [&](sim::Duration done) {
        const long rss = procStatusKiB("VmRSS");
        rssMax = std::max(rssMax, rss);
        rssSamples.push_back({int(std::chrono::duration_cast<std::chrono::seconds>(done).count()), rss});
        if (watches.cutOff() != lastCut) {
            lastCut = watches.cutOff();
            cuts.push_back({std::chrono::duration<double>(done).count(), lastCut});
        }
    });
    const double wall = secondsSince(t0);
    std::this_thread::sleep_for(500ms);  // the pumps see the last events
    const long rssAfter = procStatusKiB("VmRSS"), peak = procStatusKiB("VmHWM");
    const int64_t cutOff = watches.cutOff();
    const int64_t stillOpen = watches.open();

    std::printf("  %s: stretch %.2f s wall; server RSS %ld MiB before, %ld MiB at most (sampled every virtual second; "
                "VmHWM %ld MiB), %ld MiB after\n",
                withClient ? ("stalled client, " + o.stall + (o.stall == "stop" ? " (process stopped)" : " (never reads)")).c_str()
                           : "no client (control)",
                wall, mib(rssBefore), mib(rssMax), mib(peak), mib(rssAfter));
    std::printf("    RSS at each virtual second, MiB:");
    for (const auto& [second, rss] : rssSamples) std::printf(" %ld", mib(rss));
    std::printf("\n");
    bool ok = true;
    if (withClient) {
        if (kubeApi) {
            std::printf("    (over HTTPS a watch that is cut off ends with an ERROR event, which the client reads below)\n");
        } else {
            std::printf("    watches cut off: %lld of %zu (", static_cast<long long>(cutOff), resources.size());
            for (size_t i = 0; i < cuts.size(); ++i)
                std::printf("%s%lld by virtual second %.0f", i ? ", " : "", static_cast<long long>(cuts[i].second), cuts[i].first);
            std::printf("); watches still open in the server after the stretch: %lld\n", static_cast<long long>(stillOpen));
        }
        if (o.stall == "stop") kill(child->pid(), SIGCONT);
        child->send("read");
        bool relisted = false;
        int cutOffHttps = 0;
        for (std::string line = child->readLine(); line != "end"; line = child->readLine()) {
            if (line.empty()) die("the stalled client ended early");
            std::istringstream in(line);
            std::string what;
            in >> what;
            if (what == "watch" && kubeApi) {
                std::string resource, rest;
                long long read;
                in >> resource >> read;
                std::getline(in, rest);
                std::printf("    %-15s the client then read %6lld events, then %s\n", resource.c_str(), read,
                            rest == " open" ? "the watch was still open" : ("an ERROR event:" + rest).c_str());
                cutOffHttps += rest != " open";
            } else if (what == "watch") {
                std::string resource, message;
                long long read;
                int code;
                in >> resource >> read >> code;
                std::getline(in, message);
                const char* end = code == int(grpc::StatusCode::RESOURCE_EXHAUSTED) ? "RESOURCE_EXHAUSTED:"
                                  : code == int(grpc::StatusCode::CANCELLED)   ? "not cut off (cancelled by the client)"
                                  : code == int(grpc::StatusCode::UNAVAILABLE) ? "UNAVAILABLE:"
                                                                               : "ended with another code:";
                std::printf("    %-15s the client then read %6lld events, then %s%s\n", resource.c_str(), read, end,
                            code == int(grpc::StatusCode::CANCELLED) ? "" : message.c_str());
            } else if (what == "relist") {
                int listOk, items, watchOk;
                std::string rv;
                in >> listOk >> items >> rv >> watchOk;
                relisted = listOk && watchOk;
                std::printf("    then it lists pods again (%s: %d pods at resourceVersion %s) and watches from there (%s)\n",
                            listOk ? "ok" : "failed", items, rv.c_str(), watchOk ? "ok" : "failed");
            }
        }
        child->finish();
        // A stopped client must have been cut off; one whose gRPC threads still receive may not be
        // (its own buffers take the backlog).
        ok = relisted && (o.stall != "stop" || cutOff > 0 || cutOffHttps > 0);
    }
    std::fflush(stdout);
    kubeApi.reset();
    server->shutdown(5s);
    server.reset();
    host.reset();
    return ok ? 0 : 1;
}

bool runStalled(const Options& o) {
    const auto resources = split(o.resources, ',');
    std::printf("stalled client: one connection, %zu watches (%s, all namespaces) from resourceVersion \"0\"; once the "
                "initial lists arrived it stops (stop: its process gets SIGSTOP, as a frozen or suspended machine; noread: "
                "its program reads nothing, gRPC's threads still receive) while %s of %s runs as fast as possible; the "
                "server cuts a watch off once %zu events wait for it. Each run a process of its own.\n",
                resources.size(), o.resources.c_str(), o.stalledVirtualText.c_str(), o.scenario.c_str(),
                remote::WatchOptions{}.bufferLimit);
    std::fflush(stdout);
    bool ok = true;
    std::vector<std::string> runs = {"none"};
    for (const auto& mode : split(o.stall, ','))
        if (o.protocol != "https" || mode == "stop") runs.push_back(mode);  // an HTTPS client always reads
    for (const auto& mode : runs) {
        auto child = ChildProcess::spawn({"--stalled-run", mode == "none" ? "0" : "1", "--stalled-virtual", o.stalledVirtualText,
                                          "--scenario", o.scenario, "--protocol", o.protocol, "--resources", o.resources, "--stall",
                                          mode == "none" ? "stop" : mode});
        for (std::string line = child->readLine(); !line.empty(); line = child->readLine()) std::printf("%s\n", line.c_str());
        ok = child->finish() == 0 && ok;
    }
    std::printf("\n");
    std::fflush(stdout);
    return ok;
}

// ---- request throughput per verb ----

core::Pod podTemplate() {
    std::vector<std::string> warnings;
    auto ms = codec::loadManifests(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: x, namespace: bench, labels: {app: bench, tier: web}}\n"
        "spec:\n  schedulerName: benchmark-nobody\n  containers:\n"
        "  - {name: web, image: 'nginx:1.25', ports: [{containerPort: 80}], resources: {requests: {cpu: 100m, memory: 128Mi}}}\n",
        "benchmark", &warnings);
    if (!ms || ms->empty()) die("bad pod template");
    core::Pod pod;
    pod.CopyFrom(*(*ms)[0].object);
    return pod;
}

struct VerbResult {
    std::string verb;
    int callers = 0;
    int requests = 0;
    int errors = 0;
    std::string firstError;
    double wall = 0;
    double p50 = 0, p99 = 0;  // ms
};

// Runs `count` calls on each of the callers' threads at once; call(caller, c, i) returns "" or
// what went wrong. Prints and returns the figures.
template <typename Caller, typename Call>
VerbResult measureVerb(const std::string& verb, std::vector<Caller>& callers, int count, Call&& call) {
    const int n = int(callers.size());
    std::vector<std::vector<double>> latencies(n);
    std::vector<int> errors(n, 0);
    std::vector<std::string> firstErrors(n);
    std::latch go(n + 1);
    std::vector<std::thread> threads;
    for (int c = 0; c < n; ++c)
        threads.emplace_back([&, c] {
            latencies[c].reserve(count);
            go.arrive_and_wait();
            for (int i = 0; i < count; ++i) {
                const auto t = Clock::now();
                std::string error = call(callers[c], c, i);
                latencies[c].push_back(std::chrono::duration<double, std::milli>(Clock::now() - t).count());
                if (!error.empty() && errors[c]++ == 0) firstErrors[c] = error;
            }
        });
    go.arrive_and_wait();
    const auto t0 = Clock::now();
    for (auto& t : threads) t.join();
    VerbResult r;
    r.verb = verb;
    r.callers = n;
    r.wall = secondsSince(t0);
    std::vector<double> all;
    for (int c = 0; c < n; ++c) {
        all.insert(all.end(), latencies[c].begin(), latencies[c].end());
        r.errors += errors[c];
        if (r.firstError.empty()) r.firstError = firstErrors[c];
    }
    std::sort(all.begin(), all.end());
    r.requests = int(all.size());
    r.p50 = percentile(all, 0.50);
    r.p99 = percentile(all, 0.99);
    std::printf("  %-6s %d caller(s): %5d requests in %6.2f s, %7.0f requests/s, p50 %6.2f ms, p99 %6.2f ms%s%s\n",
                verb.c_str(), n, r.requests, r.wall, r.requests / r.wall, r.p50, r.p99, r.errors ? ", errors: " : "",
                r.errors ? (std::to_string(r.errors) + " (" + r.firstError + ")").c_str() : "");
    std::fflush(stdout);
    return r;
}

bool printVerbResults(const Options& o, const std::vector<VerbResult>& results) {
    std::printf("\nrequest throughput per verb (%s; %d requests per verb, List %d; List returns %d pods):\n",
                o.protocol.c_str(), o.requests, o.requests / 4, o.listPods);
    std::printf("  | verb   | callers | requests/s | p50 ms | p99 ms | errors |\n");
    bool ok = true;
    for (const auto& r : results) {
        std::printf("  | %-6s | %7d | %10.0f | %6.2f | %6.2f | %6d |\n", r.verb.c_str(), r.callers, r.requests / r.wall, r.p50,
                    r.p99, r.errors);
        ok = ok && r.errors == 0;
    }
    std::printf("\n");
    std::fflush(stdout);
    return ok;
}

bool runHttpsVerbs(const Options& o);

bool runVerbs(const Options& o) {
    if (o.protocol == "https") return runHttpsVerbs(o);
    std::printf("request throughput per verb: KubernetesAPI over loopback, every caller a connection of its own, no "
                "authentication (system:admin); an empty cluster, paused, driver running; pods name a scheduler that "
                "does not exist\n");
    auto host = remote::SimulationHost::start(cluster::SessionOptions{}, cluster::Scenario{});
    if (!host) die(host.status().message());
    (*host)->run();
    auto server = newServer(**host);
    const api::ResourceType& podsType = resourceType("pods");
    const api::ResourceType& nsType = resourceType("namespaces");
    const core::Pod templ = podTemplate();
    auto admin = v1::KubernetesAPI::NewStub(newChannel(server->address()));
    auto create = [&](v1::KubernetesAPI::Stub& stub, const google::protobuf::Message& object, const api::ResourceType& type,
                      const std::string& ns, v1::ObjectResponse* response) {
        v1::CreateRequest request;
        *request.mutable_target() = target(type, ns);
        request.mutable_object()->PackFrom(object);
        auto context = callContext();
        return stub.Create(context.get(), request, response);
    };
    for (const char* name : {"bench", "bench-list"}) {
        core::Namespace ns;
        ns.mutable_metadata()->set_name(name);
        v1::ObjectResponse response;
        grpc::Status st = create(*admin, ns, nsType, "", &response);
        if (!st.ok()) die(std::string("create namespace: ") + st.error_message());
    }
    for (int i = 0; i < o.listPods; ++i) {
        core::Pod pod = templ;
        pod.mutable_metadata()->set_namespace_("bench-list");
        pod.mutable_metadata()->set_name("listed-" + std::to_string(i));
        v1::ObjectResponse response;
        grpc::Status st = create(*admin, pod, podsType, "bench-list", &response);
        if (!st.ok()) die("create pod: " + st.error_message());
    }

    std::vector<VerbResult> results;
    for (int callers : o.callers) {
        struct Caller {
            std::unique_ptr<v1::KubernetesAPI::Stub> stub;
            std::vector<core::Pod> pods;  // its own, as last returned
        };
        std::vector<Caller> cs(callers);
        for (int c = 0; c < callers; ++c) cs[c].stub = v1::KubernetesAPI::NewStub(newChannel(server->address()));
        const int perCaller = std::max(1, o.requests / callers);
        auto runVerb = [&](const std::string& verb, int count, auto&& call) {
            results.push_back(measureVerb(verb, cs, count, [&](Caller& me, int c, int i) {
                grpc::Status st = call(me, c, i);
                return st.ok() ? std::string() : st.error_message();
            }));
        };
        auto podName = [&](int c, int i) { return "p" + std::to_string(callers) + "-" + std::to_string(c) + "-" + std::to_string(i); };

        runVerb("Create", perCaller, [&](Caller& me, int c, int i) {
            core::Pod pod = templ;
            pod.mutable_metadata()->set_name(podName(c, i));
            v1::ObjectResponse response;
            grpc::Status st = create(*me.stub, pod, podsType, "bench", &response);
            if (st.ok()) {
                me.pods.emplace_back();
                response.object().UnpackTo(&me.pods.back());
            }
            return st;
        });
        runVerb("Get", perCaller, [&](Caller& me, int c, int i) {
            v1::GetRequest request;
            *request.mutable_target() = target(podsType, "bench", podName(c, i % perCaller));
            v1::ObjectResponse response;
            auto context = callContext();
            grpc::Status st = me.stub->Get(context.get(), request, &response);
            core::Pod pod;
            if (st.ok()) response.object().UnpackTo(&pod);
            return st;
        });
        runVerb("List", std::max(1, perCaller / 4), [&](Caller& me, int, int) {
            v1::ListRequest request;
            *request.mutable_target() = target(podsType, "bench-list");
            v1::ListResponse response;
            auto context = callContext();
            grpc::Status st = me.stub->List(context.get(), request, &response);
            if (st.ok()) {
                core::Pod pod;
                for (const auto& item : response.items()) item.UnpackTo(&pod);
                if (response.items_size() != o.listPods) return grpc::Status(grpc::StatusCode::INTERNAL, "wrong item count");
            }
            return st;
        });
        runVerb("Update", perCaller, [&](Caller& me, int, int i) {
            if (me.pods.empty()) return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, "no pods");
            core::Pod& pod = me.pods[i % me.pods.size()];
            (*pod.mutable_metadata()->mutable_labels())["updated"] = std::to_string(i);
            v1::UpdateRequest request;
            *request.mutable_target() = target(podsType, "bench", pod.metadata().name());
            request.mutable_object()->PackFrom(pod);  // with its resourceVersion: a precondition
            v1::ObjectResponse response;
            auto context = callContext();
            grpc::Status st = me.stub->Update(context.get(), request, &response);
            if (st.ok()) response.object().UnpackTo(&pod);
            return st;
        });
        runVerb("Patch", perCaller, [&](Caller& me, int c, int i) {
            v1::PatchRequest request;
            *request.mutable_target() = target(podsType, "bench", podName(c, i % perCaller));
            request.set_patch_type(v1::MERGE);
            request.set_patch("{\"metadata\":{\"labels\":{\"patched\":\"" + std::to_string(i) + "\"}}}");
            v1::ObjectResponse response;
            auto context = callContext();
            grpc::Status st = me.stub->Patch(context.get(), request, &response);
            core::Pod pod;
            if (st.ok()) response.object().UnpackTo(&pod);
            return st;
        });
        runVerb("Delete", perCaller, [&](Caller& me, int c, int i) {
            v1::DeleteRequest request;
            *request.mutable_target() = target(podsType, "bench", podName(c, i));
            request.mutable_options()->set_grace_period_seconds(0);
            v1::ObjectResponse response;
            auto context = callContext();
            return me.stub->Delete(context.get(), request, &response);
        });
    }
    const bool ok = printVerbResults(o, results);
    server->shutdown(5s);
    server.reset();
    (*host)->stop();
    return ok;
}

// The same verbs over the Kubernetes API (HTTPS, JSON, HTTP/1.1 keep-alive), as kubectl and
// client-go send them; every answer decoded into the typed object.
bool runHttpsVerbs(const Options& o) {
    std::printf("request throughput per verb: the Kubernetes API over HTTPS on loopback (HTTP/1.1, JSON), every caller a "
                "connection of its own, no authentication (system:admin); an empty cluster, paused, driver running; pods "
                "name a scheduler that does not exist\n");
    auto host = remote::SimulationHost::start(cluster::SessionOptions{}, cluster::Scenario{});
    if (!host) die(host.status().message());
    (*host)->run();
    auto kubeApi = std::make_unique<KubeApi>(**host);
    const HttpsEndpoint endpoint = HttpsEndpoint::parse(kubeApi->url(), kubeApi->caFile());
    auto tls = pilothouse::benchmarks::newTlsContext(kubeApi->caFile());
    const core::Pod templ = podTemplate();
    auto podJson = [](core::Pod pod) {
        codec::Value doc = codec::encodeMessage(pod);
        doc.set("apiVersion", "v1");
        doc.set("kind", "Pod");
        return codec::toJson(doc, codec::JsonStyle::Compact);
    };
    // "" when the answer is `want` and its body decodes into `pod` (when given).
    auto check = [](const HttpsConnection::Response& r, int want, core::Pod* pod) -> std::string {
        if (r.status != want) return "HTTP " + std::to_string(r.status) + ": " + r.body.substr(0, 200);
        if (!pod) return {};
        auto doc = codec::parseJson(r.body);
        if (!doc) return doc.status().message();
        std::vector<std::string> ignored;
        pod->Clear();
        Status st = codec::decodeMessage(*doc, pod, &ignored);
        return st.isOk() ? std::string() : st.message();
    };
    {
        HttpsConnection admin(endpoint, tls);
        for (const char* name : {"bench", "bench-list"}) {
            auto r = admin.request("POST", "/api/v1/namespaces", "application/json",
                                   std::string("{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"") + name + "\"}}");
            if (std::string e = check(r, 201, nullptr); !e.empty()) die("create namespace: " + e);
        }
        for (int i = 0; i < o.listPods; ++i) {
            core::Pod pod = templ;
            pod.mutable_metadata()->set_namespace_("bench-list");
            pod.mutable_metadata()->set_name("listed-" + std::to_string(i));
            auto r = admin.request("POST", "/api/v1/namespaces/bench-list/pods", "application/json", podJson(pod));
            if (std::string e = check(r, 201, nullptr); !e.empty()) die("create pod: " + e);
        }
    }
    std::vector<VerbResult> results;
    for (int callers : o.callers) {
        struct Caller {
            std::unique_ptr<HttpsConnection> connection;
            std::vector<core::Pod> pods;  // its own, as last returned
        };
        std::vector<Caller> cs(callers);
        for (auto& c : cs) c.connection = std::make_unique<HttpsConnection>(endpoint, tls);
        const int perCaller = std::max(1, o.requests / callers);
        auto podName = [&](int c, int i) { return "p" + std::to_string(callers) + "-" + std::to_string(c) + "-" + std::to_string(i); };
        const std::string pods = "/api/v1/namespaces/bench/pods";
        results.push_back(measureVerb("Create", cs, perCaller, [&](Caller& me, int c, int i) {
            core::Pod pod = templ;
            pod.mutable_metadata()->set_name(podName(c, i));
            me.pods.emplace_back();
            return check(me.connection->request("POST", pods, "application/json", podJson(pod)), 201, &me.pods.back());
        }));
        results.push_back(measureVerb("Get", cs, perCaller, [&](Caller& me, int c, int i) {
            core::Pod pod;
            return check(me.connection->request("GET", pods + "/" + podName(c, i % perCaller)), 200, &pod);
        }));
        results.push_back(measureVerb("List", cs, std::max(1, perCaller / 4), [&](Caller& me, int, int) -> std::string {
            auto r = me.connection->request("GET", "/api/v1/namespaces/bench-list/pods");
            if (r.status != 200) return "HTTP " + std::to_string(r.status);
            auto doc = codec::parseJson(r.body);
            const codec::Value* items = doc ? doc->find("items") : nullptr;
            if (!items || !items->isArray() || int(items->asArray().size()) != o.listPods) return "wrong item count";
            core::Pod pod;
            std::vector<std::string> ignored;
            for (const auto& item : items->asArray()) {
                pod.Clear();
                if (Status st = codec::decodeMessage(item, &pod, &ignored); !st.isOk()) return st.message();
            }
            return {};
        }));
        results.push_back(measureVerb("Update", cs, perCaller, [&](Caller& me, int, int i) -> std::string {
            if (me.pods.empty()) return "no pods";
            core::Pod& pod = me.pods[size_t(i) % me.pods.size()];
            (*pod.mutable_metadata()->mutable_labels())["updated"] = std::to_string(i);
            // With its resourceVersion: a precondition.
            return check(me.connection->request("PUT", pods + "/" + pod.metadata().name(), "application/json", podJson(pod)), 200, &pod);
        }));
        results.push_back(measureVerb("Patch", cs, perCaller, [&](Caller& me, int c, int i) {
            core::Pod pod;
            return check(me.connection->request("PATCH", pods + "/" + podName(c, i % perCaller), "application/merge-patch+json",
                                                "{\"metadata\":{\"labels\":{\"patched\":\"" + std::to_string(i) + "\"}}}"),
                         200, &pod);
        }));
        results.push_back(measureVerb("Delete", cs, perCaller, [&](Caller& me, int c, int i) {
            return check(me.connection->request("DELETE", pods + "/" + podName(c, i), "application/json",
                                                "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"gracePeriodSeconds\":0}"),
                         200, nullptr);
        }));
    }
    const bool ok = printVerbResults(o, results);
    kubeApi.reset();
    (*host)->stop();
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    std::signal(SIGPIPE, SIG_IGN);
    Options o;
    std::string clientAddress, caFile;
    bool resourcesGiven = false;
    int fanoutRunClients = -1;
    int stalledRun = -1;
    std::string stalledClientAddress;
    auto usage = [&] {
        std::fprintf(stderr,
                     "usage: %s [--clients N] [--virtual DURATION] [--repeats N] [--scenario NAME|FILE]\n"
                     "          [--resources pods,nodes,...] [--parts fanout,stalled,verbs] [--requests N]\n"
                     "          [--callers 1,8] [--list-pods N] [--timeout SECONDS] [--stalled-virtual DURATION]\n"
                     "          [--stall stop,noread] [--client-nice N] [--sim-nice N] [--protocol grpc|https]\n",
                     argv[0]);
        std::exit(2);
    };
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (i + 1 >= argc) usage();
        const std::string v = argv[++i];
        if (a == "--clients") o.clients = std::atoi(v.c_str());
        else if (a == "--virtual") o.virtualText = v;
        else if (a == "--repeats") o.repeats = std::max(1, std::atoi(v.c_str()));
        else if (a == "--scenario") o.scenario = v;
        else if (a == "--resources") {
            o.resources = v;
            resourcesGiven = true;
        } else if (a == "--protocol") {
            if (v != "grpc" && v != "https") usage();
            o.protocol = v;
        } else if (a == "--ca") caFile = v;
        else if (a == "--parts") {
            const auto parts = split(v, ',');
            o.parts = std::set<std::string>(parts.begin(), parts.end());
        } else if (a == "--requests") o.requests = std::max(1, std::atoi(v.c_str()));
        else if (a == "--callers") {
            o.callers.clear();
            for (const auto& c : split(v, ',')) o.callers.push_back(std::max(1, std::atoi(c.c_str())));
        } else if (a == "--list-pods") o.listPods = std::atoi(v.c_str());
        else if (a == "--timeout") o.timeout = std::atof(v.c_str());
        else if (a == "--client-process") clientAddress = v;
        else if (a == "--fanout-run") fanoutRunClients = std::atoi(v.c_str());
        else if (a == "--stalled-virtual") o.stalledVirtualText = v;
        else if (a == "--stalled-run") stalledRun = std::atoi(v.c_str());
        else if (a == "--stalled-client") stalledClientAddress = v;
        else if (a == "--stall") {
            for (const auto& mode : split(v, ','))
                if (mode != "stop" && mode != "noread") usage();
            o.stall = v;
        }
        else if (a == "--client-nice") o.clientNice = std::atoi(v.c_str());
        else if (a == "--sim-nice") o.simNice = std::atoi(v.c_str());
        else usage();
    }
    // kubectl get -A -w pods,nodes,events: what a student's terminal watches.
    if (o.protocol == "https" && !resourcesGiven) o.resources = "pods,nodes,events";
    for (const auto& r : split(o.resources, ',')) resourceType(r);
    if (!clientAddress.empty())
        return runClientProcess(clientAddress, caFile, o.clients, split(o.resources, ','), o.timeout, o.clientNice);
    if (!stalledClientAddress.empty())
        return o.protocol == "https" ? runHttpsStalledClientProcess(stalledClientAddress, caFile, split(o.resources, ','))
                                     : runStalledClientProcess(stalledClientAddress, split(o.resources, ','));

    auto duration = cluster::parseDuration(o.virtualText);
    if (!duration || *duration <= sim::Duration::zero()) die("--virtual: not a duration: " + o.virtualText);
    o.virtualDuration = *duration;
    auto stalledDuration = cluster::parseDuration(o.stalledVirtualText);
    if (!stalledDuration || *stalledDuration <= sim::Duration::zero()) die("--stalled-virtual: not a duration: " + o.stalledVirtualText);
    o.stalledVirtualDuration = *stalledDuration;
    const std::string text = scenarioText(o.scenario);
    if (stalledRun >= 0) return runStalledServerProcess(o, text, stalledRun != 0);
    if (fanoutRunClients >= 0) {
        std::printf("%s\n", resultLine(fanoutRun(o, text, fanoutRunClients)).c_str());
        return 0;
    }
    auto loadAverage = [] {
        std::ifstream in("/proc/loadavg");
        std::string one, five, fifteen;
        in >> one >> five >> fifteen;
        return one + " " + five + " " + fifteen;
    };
    std::printf("load average at the start: %s (2 cores)\n\n", loadAverage().c_str());
    bool ok = true;
    const auto t0 = Clock::now();
    if (o.parts.count("fanout")) ok = runFanout(o) && ok;
    if (o.parts.count("stalled")) ok = runStalled(o) && ok;
    if (o.parts.count("verbs")) ok = runVerbs(o) && ok;
    std::printf("total wall time %.1f s; load average at the end: %s\n", secondsSince(t0), loadAverage().c_str());
    return ok ? 0 : 1;
}
