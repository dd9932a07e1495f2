"""pilothouse-server driven by Python's grpcio: a client we did not write, using only the .proto
files. It compiles them with `protoc --python_out`, calls the methods through grpcio's generic
channel calls (no generated stubs), and checks each verb's answer and a Conflict's trailing
metav1.Status; then the Simulation service on a scenario (step, journeys, a node's machine
failing) and a restart on the same store file continuing where the simulation stopped.

Usage: /usr/bin/python3 grpcio_client_test.py SERVER_BINARY PROTOC PROTO_DIR
"""
import os
import signal
import subprocess
import sys
import tempfile
import threading

import grpc

SERVICE = "/pilothouse.apiserver.v1.KubernetesAPI/"
SIMULATION = "/pilothouse.simulation.v1.Simulation/"


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print("ok: " + message)


def main():
    server_binary, protoc, proto_dir = (os.path.abspath(a) for a in sys.argv[1:4])
    work = tempfile.mkdtemp(prefix="pilothouse-grpcio-")
    protos = sorted(f for f in os.listdir(proto_dir) if f.endswith(".proto"))
    subprocess.run([protoc, "-I" + proto_dir, "--python_out=" + work] + protos, cwd=proto_dir, check=True)
    sys.path.insert(0, work)
    import apiserver_service_pb2 as api
    import core_v1_pb2 as core
    import meta_v1_pb2 as meta

    import simulation_service_pb2 as simulation

    tokens = os.path.join(work, "tokens.csv")
    with open(tokens, "w") as f:
        f.write('admin-token,alice,1,"system:masters"\n')
    with Server(server_binary, ["--store", ":memory:", "--tokens", tokens]) as address:
        run(address, api, core, meta)

    # A scenario on a store file, paused, driven through the Simulation service.
    store = os.path.join(work, "store.db")
    with Server(server_binary, ["--store", store, "--tokens", tokens, "--scenario", "node-failure", "--paused"]) as address:
        saved = run_simulation(address, api, core, simulation)
    # Started again on the same file: the simulation continues from where it stopped.
    with Server(server_binary, ["--store", store, "--tokens", tokens, "--paused"]) as address:
        channel = grpc.insecure_channel(address)
        state = channel.unary_unary(SIMULATION + "GetState", request_serializer=simulation.GetStateRequest.SerializeToString,
                                    response_deserializer=simulation.SimulationState.FromString)(
            simulation.GetStateRequest(), metadata=[("authorization", "Bearer admin-token")], timeout=10)
        check(state.now_unix_nanos == saved.now_unix_nanos and state.revision == saved.revision
              and state.scenario == "node-failure",
              "restarted on the same store: the same virtual time and revision %d" % state.revision)
    print("PASS")


class Server:
    """pilothouse-server on 127.0.0.1 with a picked port, stopped with SIGTERM at the end."""

    def __init__(self, binary, args):
        self.process = subprocess.Popen([binary, "--listen", "127.0.0.1:0"] + args, stdout=subprocess.PIPE, text=True)

    def __enter__(self):
        line = self.process.stdout.readline()
        check(" serving on " in line, "server started: " + line.strip())
        return line.split(" serving on ")[1].split(" ")[0].rstrip(",")

    def __exit__(self, *exc):
        self.process.send_signal(signal.SIGTERM)
        rest = self.process.stdout.read()
        code = self.process.wait(timeout=30)
        check(code == 0 and "store closed" in rest, "server shut down cleanly on SIGTERM")
        return False


def run_simulation(address, api, core, simulation):
    channel = grpc.insecure_channel(address)
    grpc.channel_ready_future(channel).result(timeout=10)
    auth = [("authorization", "Bearer admin-token")]

    def method(service, name, request_type, response_type, stream=False):
        make = channel.unary_stream if stream else channel.unary_unary
        return make(service + name, request_serializer=request_type.SerializeToString,
                    response_deserializer=response_type.FromString)

    get_state = method(SIMULATION, "GetState", simulation.GetStateRequest, simulation.SimulationState)
    step = method(SIMULATION, "Step", simulation.StepRequest, simulation.StepResponse)
    set_speed = method(SIMULATION, "SetSpeed", simulation.SetSpeedRequest, simulation.SimulationState)
    control_node = method(SIMULATION, "ControlNode", simulation.ControlNodeRequest, simulation.SimulationState)
    journeys = method(SIMULATION, "WatchJourneys", simulation.WatchJourneysRequest, simulation.JourneyBatch, stream=True)
    list_ = method(SERVICE, "List", api.ListRequest, api.ListResponse)

    state = get_state(simulation.GetStateRequest(), metadata=auth, timeout=10)
    check(state.scenario == "node-failure" and not state.playing and state.now_unix_nanos == state.epoch_unix_nanos,
          "the scenario is loaded, paused at virtual time 0")
    try:
        set_speed(simulation.SetSpeedRequest(speed=5000), metadata=auth, timeout=10)
        fail("a speed of 5000 was accepted")
    except grpc.RpcError as e:
        check(e.code() == grpc.StatusCode.INVALID_ARGUMENT and e.details().startswith("speed:"),
              "speed 5000: INVALID_ARGUMENT (%s)" % e.details())

    stepped = step(simulation.StepRequest(unit=simulation.StepRequest.DURATION, duration_nanos=30 * 10**9),
                   metadata=auth, timeout=60)
    check(stepped.state.now_unix_nanos - stepped.state.epoch_unix_nanos == 30 * 10**9, "stepped 30 s of virtual time")
    pods = list_(api.ListRequest(target=api.Target(version="v1", resource="pods", namespace="default")),
                 metadata=auth, timeout=10)
    running = []
    for item in pods.items:
        pod = core.Pod()
        item.Unpack(pod)
        if pod.status.phase == "Running" and pod.spec.node_name:
            running.append(pod)
    check(len(running) > 0, "%d of the scenario's pods are bound and Running after 30 s" % len(running))

    stream = journeys(simulation.WatchJourneysRequest(), metadata=auth, timeout=30)
    batch = next(iter(stream))
    stream.cancel()
    stages = set(r.stage.stage for r in batch.records)
    check(batch.generation == state.generation and {"scheduling", "binding", "Running"} <= stages,
          "WatchJourneys starts with the history (%d records)" % len(batch.records))

    node = running[0].spec.node_name
    control_node(simulation.ControlNodeRequest(action=simulation.ControlNodeRequest.FAIL, node=node), metadata=auth, timeout=10)
    stepped = step(simulation.StepRequest(unit=simulation.StepRequest.DURATION, duration_nanos=60 * 10**9),
                   metadata=auth, timeout=60)
    got = method(SERVICE, "Get", api.GetRequest, api.ObjectResponse)(
        api.GetRequest(target=api.Target(version="v1", resource="nodes", name=node)), metadata=auth, timeout=10)
    failed = core.Node()
    got.object.Unpack(failed)
    ready = [c for c in failed.status.conditions if c.type == "Ready"]
    check(ready and ready[0].status == "Unknown" and ready[0].reason == "NodeStatusUnknown",
          "60 s after its machine failed, node %s is Ready=Unknown (NodeStatusUnknown)" % node)
    return stepped.state


def run(address, api, core, meta):
    channel = grpc.insecure_channel(address)
    grpc.channel_ready_future(channel).result(timeout=10)
    auth = [("authorization", "Bearer admin-token")]

    def method(name, request_type, response_type, stream=False):
        make = channel.unary_stream if stream else channel.unary_unary
        return make(SERVICE + name, request_serializer=request_type.SerializeToString,
                    response_deserializer=response_type.FromString)

    create = method("Create", api.CreateRequest, api.ObjectResponse)
    get = method("Get", api.GetRequest, api.ObjectResponse)
    list_ = method("List", api.ListRequest, api.ListResponse)
    update = method("Update", api.UpdateRequest, api.ObjectResponse)
    watch = method("Watch", api.WatchRequest, api.WatchEvent, stream=True)

    # Unauthenticated without a token.
    try:
        get(api.GetRequest(target=api.Target(version="v1", resource="namespaces", name="default")), timeout=10)
        fail("a call without a token succeeded")
    except grpc.RpcError as e:
        check(e.code() == grpc.StatusCode.UNAUTHENTICATED, "no token: UNAUTHENTICATED (%s)" % e.details())

    ns = core.Namespace(metadata=meta.ObjectMeta(name="py"))
    request = api.CreateRequest(target=api.Target(version="v1", resource="namespaces"))
    request.object.Pack(ns)
    created = create(request, metadata=auth, timeout=10)
    check(created.object.type_url == "type.googleapis.com/k8s.io.api.core.v1.Namespace", "namespace created as an Any")

    pod = core.Pod(metadata=meta.ObjectMeta(name="web", namespace="py", labels={"app": "web"}))
    pod.spec.containers.add(name="c", image="nginx")
    request = api.CreateRequest(target=api.Target(version="v1", resource="pods", namespace="py"))
    request.object.Pack(pod)
    created_pod = core.Pod()
    create(request, metadata=auth, timeout=10).object.Unpack(created_pod)
    check(created_pod.metadata.uid != "" and created_pod.metadata.resource_version != "", "pod created with uid and resourceVersion")

    got = core.Pod()
    get(api.GetRequest(target=api.Target(version="v1", resource="pods", namespace="py", name="web")),
        metadata=auth, timeout=10).object.Unpack(got)
    check(got.metadata.uid == created_pod.metadata.uid and got.spec.containers[0].image == "nginx", "get returns the pod")

    listed = list_(api.ListRequest(target=api.Target(version="v1", resource="pods", namespace="py"), label_selector="app=web"),
                   metadata=auth, timeout=10)
    check(len(listed.items) == 1 and int(listed.metadata.resource_version) >= int(created_pod.metadata.resource_version),
          "list with a label selector finds it at resourceVersion " + listed.metadata.resource_version)

    # Watch from the list's resourceVersion, then change the pod.
    events = []
    stream = watch(api.WatchRequest(target=api.Target(version="v1", resource="pods", namespace="py"),
                                    resource_version=listed.metadata.resource_version), metadata=auth, timeout=30)

    def read():
        for event in stream:
            events.append(event)
            return

    reader = threading.Thread(target=read)
    reader.start()
    got.metadata.labels["tier"] = "frontend"
    request = api.UpdateRequest(target=api.Target(version="v1", resource="pods", namespace="py", name="web"))
    request.object.Pack(got)
    updated = core.Pod()
    update(request, metadata=auth, timeout=10).object.Unpack(updated)
    reader.join(timeout=20)
    stream.cancel()
    check(len(events) == 1 and events[0].type == "MODIFIED", "watch delivers the update as MODIFIED")
    watched = core.Pod()
    events[0].object.Unpack(watched)
    check(watched.metadata.labels["tier"] == "frontend" and watched.metadata.resource_version == updated.metadata.resource_version,
          "the watched object is the updated pod")

    # The stale resourceVersion: Conflict, with the full metav1.Status in the trailers.
    got.metadata.labels["tier"] = "backend"
    request = api.UpdateRequest(target=api.Target(version="v1", resource="pods", namespace="py", name="web"))
    request.object.Pack(got)  # still the old resourceVersion
    try:
        update(request, metadata=auth, timeout=10)
        fail("a stale update succeeded")
    except grpc.RpcError as e:
        check(e.code() == grpc.StatusCode.ABORTED, "stale update: ABORTED")
        expected = ('Operation cannot be fulfilled on pods "web": the object has been modified; '
                    'please apply your changes to the latest version and try again')
        check(e.details() == expected, "the message is Kubernetes' own: " + e.details())
        trailers = dict(e.trailing_metadata() or ())
        check("k8s-status-bin" in trailers, "the trailers carry k8s-status-bin")
        status = meta.Status.FromString(trailers["k8s-status-bin"])
        check(status.kind == "Status" and status.status == "Failure" and status.reason == "Conflict" and status.code == 409
              and status.message == expected and status.details.name == "web" and status.details.kind == "pods",
              "the trailing Status: Conflict 409 on pods \"web\"")


if __name__ == "__main__":
    main()
