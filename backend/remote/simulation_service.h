// The Simulation gRPC service (simulation_service.proto) over a SimulationHost: every call is
// authorized by the API server's RBAC as "get" or "update" on simulations.pilothouse.io/default
// for the caller's bearer token, then carried out on the session (changes) or read from it.
// The three streams (WatchState, WatchJourneys, WatchMetrics) are on gRPC's callback API
// (change_stream.h): no thread per stream; they look after each change of the simulation. The
// other calls are unary, on gRPC's synchronous threads.
//
// Thread-safety: gRPC calls the methods concurrently; the host serializes what must be.
#pragma once

#include <memory>

#include "remote/change_stream.h"
#include "remote/simulation_host.h"
#include "simulation_service.grpc.pb.h"

namespace pilothouse::remote {

using SimulationServiceBase = pilothouse::simulation::v1::Simulation::WithCallbackMethod_WatchState<
    pilothouse::simulation::v1::Simulation::WithCallbackMethod_WatchJourneys<
        pilothouse::simulation::v1::Simulation::WithCallbackMethod_WatchMetrics<
            pilothouse::simulation::v1::Simulation::Service>>>;

class SimulationService final : public SimulationServiceBase {
public:
    explicit SimulationService(SimulationHost& host) : host_(host), streams_(host) {}

    // Ends the streams (UNAVAILABLE) and refuses new ones: the first step of a clean shutdown.
    void stopStreams();

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
    grpc::ServerWriteReactor<State>* WatchState(grpc::CallbackServerContext* context,
                                                const pilothouse::simulation::v1::WatchStateRequest* request) override;
    grpc::ServerWriteReactor<pilothouse::simulation::v1::JourneyBatch>* WatchJourneys(
        grpc::CallbackServerContext* context, const pilothouse::simulation::v1::WatchJourneysRequest* request) override;
    grpc::ServerWriteReactor<pilothouse::simulation::v1::MetricsBatch>* WatchMetrics(
        grpc::CallbackServerContext* context, const pilothouse::simulation::v1::WatchMetricsRequest* request) override;

private:
    // OK when the caller may `verb` ("get", "update") the simulation; else the call's error.
    grpc::Status authorize(grpc::ServerContextBase* context, const char* verb);
    // Where the simulation is now (the host's snapshot and the watch deliveries).
    State currentState();
    // Carries out `change` on the session when the caller may update it; the state after it.
    grpc::Status change(grpc::ServerContext* context, State* response, const std::function<Status(cluster::Session&)>& change);

    SimulationHost& host_;
    ChangeStreams streams_;
};

}  // namespace pilothouse::remote
