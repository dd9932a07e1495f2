#include "remote/simulation_service.h"

#include <algorithm>
#include <map>
#include <memory>
#include <string>

#include "apiserver/errors.h"
#include "cluster/builtin_scenarios.h"
#include "cluster/metrics_sampler.h"
#include "remote/bearer_token.h"
#include "remote/status_mapping.h"
#include "sim/runner.h"

namespace pilothouse::remote {

namespace sv1 = pilothouse::simulation::v1;

namespace {

// What errors about the simulation name.
const StatusSubject kSubject{"pilothouse.io", "simulations", "Simulation", "default"};

grpc::Status fail(grpc::ServerContextBase* context, const Status& status) {
    std::string bytes;
    grpc::Status out = toGrpcStatus(status, kSubject, &bytes);
    context->AddTrailingMetadata(kStatusTrailerKey, bytes);
    return out;
}

grpc::Status shuttingDown() { return grpc::Status(grpc::StatusCode::UNAVAILABLE, "the server is shutting down"); }

}  // namespace

grpc::Status SimulationService::authorize(grpc::ServerContextBase* context, const char* verb) {
    apiserver::Attributes a;
    a.verb = verb;
    a.apiGroup = "pilothouse.io";
    a.apiVersion = "v1";
    a.resource = "simulations";
    a.name = "default";
    const std::string token = bearerToken(*context);
    Status st = host_.withCluster([&](cluster::Cluster& c) { return c.apiServer().authorizeRequest(token, a); });
    return st.isOk() ? grpc::Status::OK : fail(context, st);
}


SimulationService::State SimulationService::currentState() {
    // From the host's snapshot: no session lock (a stream per client looks here after every change).
    const std::shared_ptr<const SimulationHost::Snapshot> now = host_.snapshot();
    State s;
    s.set_generation(now->generation);
    s.set_epoch_unix_nanos(now->epochUnixNanos);
    s.set_now_unix_nanos(now->nowUnixNanos);
    s.set_playing(now->playing);
    s.set_speed(now->speed);
    s.set_as_fast_as_possible(now->asFastAsPossible);
    s.set_revision(now->revision);
    s.set_last_journey_seq(now->lastJourneySeq);
    s.set_scenario(now->scenario);
    host_.withCluster([&](cluster::Cluster& c) {
        for (const auto& [client, count] : c.apiServer().watchDeliveries()) (*s.mutable_watch_deliveries())[client] = count;
    });
    return s;
}

grpc::Status SimulationService::change(grpc::ServerContext* context, State* response,
                                       const std::function<Status(cluster::Session&)>& change) {
    if (auto st = authorize(context, "update"); !st.ok()) return st;
    Status result = host_.withSession([&](cluster::Session& s) { return change(s); });
    *response = currentState();
    return result.isOk() ? grpc::Status::OK : fail(context, result);
}

grpc::Status SimulationService::GetState(grpc::ServerContext* context, const sv1::GetStateRequest*, State* response) {
    if (auto st = authorize(context, "get"); !st.ok()) return st;
    *response = currentState();
    return grpc::Status::OK;
}

grpc::Status SimulationService::SetPlaying(grpc::ServerContext* context, const sv1::SetPlayingRequest* request, State* response) {
    return change(context, response, [&](cluster::Session& s) {
        s.setPlaying(request->playing());
        return Status();
    });
}

grpc::Status SimulationService::SetSpeed(grpc::ServerContext* context, const sv1::SetSpeedRequest* request, State* response) {
    return change(context, response, [&](cluster::Session& s) {
        if (request->as_fast_as_possible()) {
            s.setAsFastAsPossible(true);
            return Status();
        }
        if (Status st = sim::validateSpeed(request->speed()); !st.isOk())
            return apiserver::newBadRequest("speed: " + st.message());
        s.setAsFastAsPossible(false);
        return s.setSpeed(request->speed());
    });
}

grpc::Status SimulationService::Step(grpc::ServerContext* context, const sv1::StepRequest* request, sv1::StepResponse* response) {
    bool progressed = true;
    return change(context, response->mutable_state(), [&](cluster::Session& s) -> Status {
        switch (request->unit()) {
            case sv1::StepRequest::EVENT: {
                auto stepped = s.step();
                if (!stepped) return stepped.status();
                progressed = *stepped;
                break;
            }
            case sv1::StepRequest::SCHEDULING_CYCLE: {
                auto stepped = s.stepSchedulingCycle();
                if (!stepped) return stepped.status();
                progressed = *stepped;
                break;
            }
            case sv1::StepRequest::DURATION:
                if (request->duration_nanos() <= 0)
                    return apiserver::newBadRequest("duration_nanos: must be greater than 0 for unit DURATION");
                PH_RETURN_IF_ERROR(s.runFor(std::chrono::nanoseconds(request->duration_nanos())));
                break;
            default: return apiserver::newBadRequest("unit: unknown step unit " + std::to_string(request->unit()));
        }
        response->set_progressed(progressed);
        return Status();
    });
}

grpc::Status SimulationService::Rewind(grpc::ServerContext* context, const sv1::RewindRequest* request, State* response) {
    return change(context, response, [&](cluster::Session& s) {
        if (request->elapsed_nanos() < 0) return apiserver::newBadRequest("elapsed_nanos: must not be negative");
        return s.rewindTo(std::chrono::nanoseconds(request->elapsed_nanos()));
    });
}

grpc::Status SimulationService::LoadScenario(grpc::ServerContext* context, const sv1::LoadScenarioRequest* request,
                                             State* response) {
    // Read and checked before the session is touched: a bad scenario leaves the running one be.
    std::string text, source;
    switch (request->scenario_case()) {
        case sv1::LoadScenarioRequest::kName: {
            auto builtin = cluster::builtinScenario(request->name());
            if (!builtin)
                return fail(context, apiserver::newBadRequest("name: no built-in scenario \"" + request->name() +
                                                              "\" (there are: " + cluster::builtinScenarioNameList() + ")"));
            text = std::string(*builtin);
            source = request->name() + ".yaml";
            break;
        }
        case sv1::LoadScenarioRequest::kText:
            text = request->text();
            source = request->source().empty() ? "text" : request->source();
            break;
        default: return fail(context, apiserver::newBadRequest("scenario: give a name or a text"));
    }
    std::vector<std::string> warnings;
    auto scenario = cluster::loadScenario(text, source, &warnings);
    if (!scenario) return fail(context, apiserver::newBadRequest(scenario.status().message()));
    return change(context, response, [&](cluster::Session& s) { return s.replaceScenario(std::move(*scenario)); });
}

grpc::Status SimulationService::ControlNode(grpc::ServerContext* context, const sv1::ControlNodeRequest* request,
                                            State* response) {
    return change(context, response, [&](cluster::Session& s) {
        if (request->node().empty()) return apiserver::newBadRequest("node: required");
        return s.controlNode(request->action() == sv1::ControlNodeRequest::RECOVER ? "recoverNode" : "failNode",
                             request->node());
    });
}

grpc::Status SimulationService::ConfigureScheduler(grpc::ServerContext* context, const sv1::ConfigureSchedulerRequest* request,
                                                   State* response) {
    return change(context, response, [&](cluster::Session& s) {
        Status st = s.configureScheduler(request->yaml(), request->source().empty() ? "yaml" : request->source());
        // A configuration kube-scheduler refuses is the request's fault.
        return st.isOk() || !st.reason().empty() ? st : apiserver::newBadRequest(st.message());
    });
}

grpc::Status SimulationService::GetSchedulerConfiguration(grpc::ServerContext* context,
                                                          const sv1::GetSchedulerConfigurationRequest* request,
                                                          sv1::SchedulerConfiguration* response) {
    if (auto st = authorize(context, "get"); !st.ok()) return st;
    host_.readSession([&](cluster::Session& s) {
        const auto at = sim::fromUnixNanos(request->at_unix_nanos()) - s.cluster().loop().epoch();
        response->set_yaml(s.schedulerConfigurationDocumentAt(at).yaml);
    });
    return grpc::Status::OK;
}

grpc::Status SimulationService::RevisionAt(grpc::ServerContext* context, const sv1::RevisionAtRequest* request,
                                           sv1::RevisionAtResponse* response) {
    if (auto st = authorize(context, "get"); !st.ok()) return st;
    host_.readSession([&](cluster::Session& s) {
        response->set_revision(s.cluster().revisionAt(sim::fromUnixNanos(request->at_unix_nanos())));
    });
    return grpc::Status::OK;
}

void SimulationService::stopStreams() { streams_.stopAll(shuttingDown()); }

grpc::ServerWriteReactor<SimulationService::State>* SimulationService::WatchState(grpc::CallbackServerContext* context,
                                                                                  const sv1::WatchStateRequest* request) {
    if (auto st = authorize(context, "get"); !st.ok()) return ChangeStream<State>::refuse(st);
    const auto interval = std::chrono::milliseconds(request->min_interval_millis() > 0 ? request->min_interval_millis() : 100);
    // Sent when it differs from the last one sent (the first always), at most once per interval.
    auto last = std::make_shared<std::string>();
    auto first = std::make_shared<bool>(true);
    return ChangeStream<State>::start(
        streams_,
        [this, last, first]() -> Production<State> {
            State now = currentState();
            std::string bytes = now.SerializeAsString();
            if (!*first && bytes == *last) return {};
            *first = false;
            *last = std::move(bytes);
            return {std::move(now), false};
        },
        interval);
}

grpc::ServerWriteReactor<sv1::JourneyBatch>* SimulationService::WatchJourneys(grpc::CallbackServerContext* context,
                                                                              const sv1::WatchJourneysRequest* request) {
    if (auto st = authorize(context, "get"); !st.ok()) return ChangeStream<sv1::JourneyBatch>::refuse(st);
    struct Cursor {
        uint64_t generation;
        int64_t after;
        bool first = true;
    };
    auto cursor = std::make_shared<Cursor>(Cursor{request->generation(), request->after_seq()});
    return ChangeStream<sv1::JourneyBatch>::start(streams_, [this, cursor]() -> Production<sv1::JourneyBatch> {
        constexpr size_t kBatch = 2000;
        sv1::JourneyBatch batch;
        // The records are read without a lock (the journey log's) and encoded here.
        const auto records = host_.withCluster([&](cluster::Cluster& c) {
            const uint64_t current = host_.generation();
            if (current != cursor->generation) {
                batch.set_reset(cursor->generation != 0 || cursor->after != 0);
                cursor->generation = current;
                cursor->after = 0;
            }
            return c.journeys().sinceShared(cursor->after, kBatch);
        });
        batch.set_generation(cursor->generation);
        for (const auto& record : records) {
            const sim::JourneyRecord& r = *record;
            auto* out = batch.add_records();
            out->set_seq(r.seq);
            out->set_pod(r.pod);
            auto* st = out->mutable_stage();
            st->set_stage(r.stage.stage);
            st->set_start_unix_nanos(sim::toUnixNanos(r.stage.start));
            st->set_end_unix_nanos(sim::toUnixNanos(r.stage.end));
            st->set_detail(r.stage.detail);
            st->set_failed(r.stage.failed);
            for (const auto& phrase : r.stage.phrases) {
                auto* p = st->add_phrases();
                p->set_id(int(phrase.id));
                for (const auto& a : phrase.args) p->add_args(a);
            }
            cursor->after = r.seq;
        }
        if (!cursor->first && !batch.reset() && batch.records_size() == 0) return {};
        cursor->first = false;
        const bool more = batch.records_size() == int(kBatch);
        return {std::move(batch), more};
    });
}

grpc::ServerWriteReactor<sv1::MetricsBatch>* SimulationService::WatchMetrics(grpc::CallbackServerContext* context,
                                                                             const sv1::WatchMetricsRequest* request) {
    if (auto st = authorize(context, "get"); !st.ok()) return ChangeStream<sv1::MetricsBatch>::refuse(st);
    struct Cursor {
        uint64_t generation = 0;
        std::map<std::string, int64_t> sent;  // per series, the time of the last sample sent
        int64_t since = 0;
        int64_t samplings = -1;  // the sampler's count at the last look: unchanged, no new samples
        bool first = true;
    };
    auto cursor = std::make_shared<Cursor>();
    cursor->since = request->since_unix_nanos();
    return ChangeStream<sv1::MetricsBatch>::start(streams_, [this, cursor]() -> Production<sv1::MetricsBatch> {
        // Nothing sampled since the last look: the session is not locked at all.
        if (const auto now = host_.snapshot();
            !cursor->first && now->generation == cursor->generation && now->metricsSamplings == cursor->samplings)
            return {};
        sv1::MetricsBatch batch;
        host_.readSession([&](cluster::Session& s) {
            if (s.generation() != cursor->generation) {
                batch.set_reset(cursor->generation != 0);
                cursor->generation = s.generation();
                cursor->sent.clear();
                cursor->samplings = -1;
            }
            batch.set_generation(cursor->generation);
            auto* sampler = dynamic_cast<cluster::MetricsSampler*>(s.cluster().find("metrics"));
            if (!sampler || sampler->samplings() == cursor->samplings) return;
            cursor->samplings = sampler->samplings();
            for (const auto& [name, series] : sampler->series()) {
                auto it = cursor->sent.find(name);
                const int64_t after = it == cursor->sent.end() ? cursor->since - 1 : it->second;
                sv1::Series* out = nullptr;
                // The samples are in time order: only those after `after` are looked at.
                const auto from = std::upper_bound(series.begin(), series.end(), after, [](int64_t t, const auto& sample) {
                    return t < sim::toUnixNanos(sample.first);
                });
                for (auto i = from; i != series.end(); ++i) {
                    const auto& [at, value] = *i;
                    const int64_t t = sim::toUnixNanos(at);
                    if (!out) {
                        out = batch.add_series();
                        out->set_name(name);
                    }
                    auto* sample = out->add_samples();
                    sample->set_at_unix_nanos(t);
                    sample->set_value(value);
                    cursor->sent[name] = t;
                }
            }
        });
        if (!cursor->first && !batch.reset() && batch.series_size() == 0) return {};
        cursor->first = false;
        return {std::move(batch), false};
    });
}

}  // namespace pilothouse::remote
