// The Simulation gRPC service (simulation_service.proto) over a SimulationHost: every call is
// authorized by the API server's RBAC as "get" or "update" on simulations.pilothouse.io/default
// for the caller's bearer token, then carried out on the session (changes) or read from it.
// The streams run on gRPC's synchronous threads: each waits for the host's changes and sends what
// is new, and notices a cancelled call within a fraction of a second.
//
// Thread-safety: gRPC calls the methods concurrently; the host serializes what must be.
#pragma once

#include "remote/simulation_host.h"
#include "simulation_service.grpc.pb.h"

namespace pilothouse::remote {

class SimulationService final : public pilothouse::simulation::v1::Simulation::Service {
public:
    explicit SimulationService(SimulationHost& host) : host_(host) {}

    // Ends the streams (UNAVAILABLE) and refuses new ones: the first step of a clean shutdown.
    void stopStreams() { stopping_ = true; }

    using State = pilothouse::simulation::v1::SimulationState;
    grpc::Status GetState(grpc::ServerContext* context, const pilothouse::simulation::v1::GetStateRequest* request,
                          State* response) override;
    grpc::Status SetPlaying(grpc::ServerContext* context, const pilothouse::simulation::v1::SetPlayingRequest* request,
                            State* response) override;
    grpc::Status SetSpeed(grpc::ServerContext* context, const pilothouse::simulation::v1::SetSpeedRequest* request,
                          State* response) override;
    grpc::Status Step(grpc::ServerContext* context, const pilothouse::simulation::v1::StepRequest* request,
                      pilothouse::simulation::v1::StepResponse* response) override;
    grpc::Status Rewind(grpc::ServerContext* context, const pilothouse::simulation::v1::RewindRequest* request,
                        State* response) override;
    grpc::Status LoadScenario(grpc::ServerContext* context, const pilothouse::simulation::v1::LoadScenarioRequest* request,
                              State* response) override;
    grpc::Status ControlNode(grpc::ServerContext* context, const pilothouse::simulation::v1::ControlNodeRequest* request,
                             State* response) override;
    grpc::Status ConfigureScheduler(grpc::ServerContext* context,
                                    const pilothouse::simulation::v1::ConfigureSchedulerRequest* request,
                                    State* response) override;
    grpc::Status GetSchedulerConfiguration(grpc::ServerContext* context,
                                           const pilothouse::simulation::v1::GetSchedulerConfigurationRequest* request,
                                           pilothouse::simulation::v1::SchedulerConfiguration* response) override;
    grpc::Status RevisionAt(grpc::ServerContext* context, const pilothouse::simulation::v1::RevisionAtRequest* request,
                            pilothouse::simulation::v1::RevisionAtResponse* response) override;
    grpc::Status WatchState(grpc::ServerContext* context, const pilothouse::simulation::v1::WatchStateRequest* request,
                            grpc::ServerWriter<State>* writer) override;
    grpc::Status WatchJourneys(grpc::ServerContext* context, const pilothouse::simulation::v1::WatchJourneysRequest* request,
                               grpc::ServerWriter<pilothouse::simulation::v1::JourneyBatch>* writer) override;
    grpc::Status WatchMetrics(grpc::ServerContext* context, const pilothouse::simulation::v1::WatchMetricsRequest* request,
                              grpc::ServerWriter<pilothouse::simulation::v1::MetricsBatch>* writer) override;

private:
    // OK when the caller may `verb` ("get", "update") the simulation; else the call's error.
    grpc::Status authorize(grpc::ServerContextBase* context, const char* verb);
    // Where the simulation is now (the host's snapshot and the watch deliveries).
    State currentState();
    // Carries out `change` on the session when the caller may update it; the state after it.
    grpc::Status change(grpc::ServerContext* context, State* response, const std::function<Status(cluster::Session&)>& change);

    SimulationHost& host_;
    std::atomic<bool> stopping_{false};
};

}  // namespace pilothouse::remote
