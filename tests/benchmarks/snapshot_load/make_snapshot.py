#!/usr/bin/python3
"""Writes the cluster snapshots the snapshot_load benchmark reads, as `kubectl get -o json|yaml` writes them.

  make_snapshot.py basic --format json|yaml OUT   scheduler_perf's SchedulingBasic: 5,000 nodes of 4 cpu / 32Gi /
                                                  110 pods, 1,000 bound pods and 10,000 pending pods of 100m / 500Mi
  make_snapshot.py real  --format json|yaml OUT   a real-looking cluster: 5,000 nodes and 150,000 pods as a real
                                                  v1.28 cluster stores them (managedFields, annotations, owner
                                                  references, statuses, node images), one of them pending;
                                                  --full for bigger pods

Sizes scale with --nodes, --bound, --pending (basic) and --nodes, --pods (real). One `kind: List` document, keys
sorted, JSON indented by four spaces and YAML in block style, as kubectl prints. Deterministic: the same
arguments give the same bytes.
"""
import argparse
import json
import re
import sys
import zlib

NUMBER = re.compile(r"^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9]*)?)([eE][-+]?[0-9]+)?$|^[-+]?0[xob][0-9a-fA-F_]+$|^[-+]?\.(inf|Inf|INF|nan|NaN|NAN)$")


def yaml_scalar(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, (int, float)):
        return str(v)
    s = str(v)
    plain_ok = (s != "" and s.strip() == s and not s[0] in "!&*-:?{}[],#|>@`\"'%"
                and ": " not in s and " #" not in s and "\n" not in s)
    # What would read back as another type (YAML 1.1) is quoted, as kubectl's encoder does.
    looks_typed = (s.lower() in ("true", "false", "yes", "no", "on", "off", "null", "~", "y", "n")
                   or NUMBER.match(s) is not None or s[:4].isdigit())
    if plain_ok and not looks_typed:
        return s
    return json.dumps(s)


def write_yaml(out, v, indent=0, after_dash=False):
    pad = " " * indent
    if isinstance(v, dict):
        first = True
        for k in sorted(v):
            child = v[k]
            lead = "" if (first and after_dash) else pad
            first = False
            if isinstance(child, (dict, list)) and child:
                out.append(f"{lead}{yaml_scalar(k)}:\n")
                write_yaml(out, child, indent if isinstance(child, list) else indent + 2)
            else:
                out.append(f"{lead}{yaml_scalar(k)}: {inline(child)}\n")
    elif isinstance(v, list):
        first = True
        for item in v:
            lead = "" if (first and after_dash) else pad
            first = False
            if isinstance(item, (dict, list)) and item:
                out.append(f"{lead}- ")
                write_yaml(out, item, indent + 2, after_dash=True)
            else:
                out.append(f"{lead}- {inline(item)}\n")


def inline(v):
    if isinstance(v, dict):
        return "{}"
    if isinstance(v, list):
        return "[]"
    return yaml_scalar(v)


def uid(kind, i):
    h = (i * 2654435761 + len(kind) * 97) & 0xFFFFFFFFFFFF
    return f"{(i * 7919) & 0xFFFFFFFF:08x}-{kind[:4].encode().hex()[:4]}-4{(i >> 4) & 0xFFF:03x}-a{i & 0xFFF:03x}-{h:012x}"


def basic_node(i):
    name = f"node-{i}"
    return {
        "apiVersion": "v1", "kind": "Node",
        "metadata": {"name": name, "labels": {"kubernetes.io/hostname": name}, "uid": uid("Node", i),
                     "resourceVersion": str(100 + i), "creationTimestamp": "2026-11-21T07:05:25Z"},
        "spec": {},
        "status": {"allocatable": {"cpu": "4", "memory": "32Gi", "pods": "110"},
                   "capacity": {"cpu": "4", "memory": "32Gi", "pods": "110"},
                   "conditions": [{"type": "Ready", "status": "True"}]},
    }


def basic_pod(i, node):
    spec = {"containers": [{"name": "pause", "image": "registry.k8s.io/pause:3.9",
                            "resources": {"requests": {"cpu": "100m", "memory": "500Mi"},
                                          "limits": {"cpu": "100m", "memory": "500Mi"}}}],
            "schedulerName": "default-scheduler", "restartPolicy": "Always", "priority": 0}
    if node is not None:
        spec["nodeName"] = node
    return {"apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": f"pod-{i}", "namespace": "default", "uid": uid("Pod", i),
                         "resourceVersion": str(10000 + i), "creationTimestamp": "2026-11-21T07:05:26Z"},
            "spec": spec, "status": {"phase": "Pending"}}


IMAGES = [("registry.k8s.io/etcd", "3.5.9-0", 102894559), ("registry.k8s.io/kube-apiserver", "v1.28.7", 34683820),
          ("registry.k8s.io/kube-controller-manager", "v1.28.7", 33420441),
          ("registry.k8s.io/kube-proxy", "v1.28.7", 28108839), ("registry.k8s.io/coredns/coredns", "v1.10.1", 16190758),
          ("docker.io/library/nginx", "1.25.3", 70544635), ("docker.io/library/redis", "7.2.3", 51302418),
          ("quay.io/prometheus/node-exporter", "v1.7.0", 11725142), ("registry.k8s.io/pause", "3.9", 321520),
          ("docker.io/calico/node", "v3.26.4", 117411208), ("docker.io/calico/cni", "v3.26.4", 93261215),
          ("registry.k8s.io/metrics-server/metrics-server", "v0.6.4", 30129637)]


def real_node(i, zones):
    name = f"ip-10-{(i >> 8) & 255}-{i & 255}-{(i * 7) % 250 + 1}.eu-west-1.compute.internal"
    zone = f"eu-west-1{'abc'[i % zones % 3]}"
    heartbeat = "2026-11-28T09:12:41Z"
    transition = "2026-11-20T14:02:11Z"
    conditions = [
        {"type": "MemoryPressure", "status": "False", "reason": "KubeletHasSufficientMemory",
         "message": "kubelet has sufficient memory available"},
        {"type": "DiskPressure", "status": "False", "reason": "KubeletHasNoDiskPressure",
         "message": "kubelet has no disk pressure"},
        {"type": "PIDPressure", "status": "False", "reason": "KubeletHasSufficientPID",
         "message": "kubelet has sufficient PID available"},
        {"type": "Ready", "status": "True", "reason": "KubeletReady", "message": "kubelet is posting ready status"},
    ]
    for c in conditions:
        c["lastHeartbeatTime"] = heartbeat
        c["lastTransitionTime"] = transition
    images = [{"names": [f"{repo}@sha256:{zlib.crc32(repo.encode()):08x}{'0' * 56}", f"{repo}:{tag}"], "sizeBytes": size}
              for repo, tag, size in IMAGES]
    return {
        "apiVersion": "v1", "kind": "Node",
        "metadata": {
            "name": name, "uid": uid("Node", i), "resourceVersion": str(5000000 + i),
            "creationTimestamp": transition,
            "annotations": {"node.alpha.kubernetes.io/ttl": "0",
                            "volumes.kubernetes.io/controller-managed-attach-detach": "true",
                            "csi.volume.kubernetes.io/nodeid": json.dumps({"ebs.csi.aws.com": f"i-0{i:016x}"},
                                                                          separators=(",", ":"))},
            "labels": {"beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux",
                       "beta.kubernetes.io/instance-type": "m5.xlarge", "kubernetes.io/arch": "amd64",
                       "kubernetes.io/hostname": name, "kubernetes.io/os": "linux",
                       "node.kubernetes.io/instance-type": "m5.xlarge", "topology.kubernetes.io/region": "eu-west-1",
                       "topology.kubernetes.io/zone": zone},
            "managedFields": [
                {"apiVersion": "v1", "fieldsType": "FieldsV1", "manager": "kubelet", "operation": "Update",
                 "time": transition,
                 "fieldsV1": {"f:metadata": {"f:annotations": {".": {}, "f:node.alpha.kubernetes.io/ttl": {},
                                                               "f:volumes.kubernetes.io/controller-managed-attach-detach": {}},
                                             "f:labels": {".": {}, "f:beta.kubernetes.io/arch": {},
                                                          "f:beta.kubernetes.io/os": {}, "f:kubernetes.io/arch": {},
                                                          "f:kubernetes.io/hostname": {}, "f:kubernetes.io/os": {}}},
                              "f:spec": {"f:providerID": {}}}},
                {"apiVersion": "v1", "fieldsType": "FieldsV1", "manager": "kubelet", "operation": "Update",
                 "subresource": "status", "time": heartbeat,
                 "fieldsV1": {"f:status": {"f:conditions": {f"k:{{\"type\":\"{c['type']}\"}}":
                                                            {"f:lastHeartbeatTime": {}} for c in conditions},
                                           "f:images": {}, "f:nodeInfo": {"f:bootID": {}}}}},
            ],
        },
        "spec": {"podCIDR": f"10.{100 + (i >> 8) % 100}.{i & 255}.0/24",
                 "podCIDRs": [f"10.{100 + (i >> 8) % 100}.{i & 255}.0/24"],
                 "providerID": f"aws:///{zone}/i-0{i:016x}"},
        "status": {
            "addresses": [{"type": "InternalIP", "address": f"10.{(i >> 8) & 255}.{i & 255}.{(i * 7) % 250 + 1}"},
                          {"type": "Hostname", "address": name}, {"type": "InternalDNS", "address": name}],
            "allocatable": {"cpu": "3920m", "ephemeral-storage": "95491648Ki", "hugepages-1Gi": "0",
                            "hugepages-2Mi": "0", "memory": "15147092Ki", "pods": "110"},
            "capacity": {"cpu": "4", "ephemeral-storage": "104845292Ki", "hugepages-1Gi": "0", "hugepages-2Mi": "0",
                         "memory": "16042580Ki", "pods": "110"},
            "conditions": conditions,
            "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
            "images": images,
            "nodeInfo": {"architecture": "amd64", "bootID": f"{i:08x}-0000-4000-8000-{i:012x}",
                         "containerRuntimeVersion": "containerd://1.7.11", "kernelVersion": "5.10.205-195.807.amzn2.x86_64",
                         "kubeProxyVersion": "v1.28.7", "kubeletVersion": "v1.28.7", "machineID": f"ec2{i:029x}",
                         "operatingSystem": "linux", "osImage": "Amazon Linux 2", "systemUUID": f"ec2{i:05x}-0000-0000-0000-000000000000"},
        },
    }


def real_pod(i, node_name, node_ip, namespaces, pending, full):
    ns = f"team-{i % namespaces:03d}"
    app = f"svc-{(i // 30) % 2000:04d}"
    rs_hash = f"{(i // 30) * 2654435761 & 0xFFFFFFFFF:x}"[:10]
    name = f"{app}-{rs_hash}-{i:05x}"[-63:]
    created = "2026-11-27T08:15:02Z"
    container = {
        "name": "app", "image": f"registry.example.com/{app}:1.{i % 7}.3", "imagePullPolicy": "IfNotPresent",
        "resources": {"requests": {"cpu": "100m", "memory": "128Mi"}, "limits": {"memory": "256Mi"}},
        "terminationMessagePath": "/dev/termination-log", "terminationMessagePolicy": "File",
    }
    spec = {
        "containers": [container], "dnsPolicy": "ClusterFirst", "enableServiceLinks": True,
        "preemptionPolicy": "PreemptLowerPriority", "priority": 0, "restartPolicy": "Always",
        "schedulerName": "default-scheduler", "securityContext": {}, "serviceAccount": "default",
        "serviceAccountName": "default", "terminationGracePeriodSeconds": 30,
        "tolerations": [{"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists",
                         "tolerationSeconds": 300},
                        {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists",
                         "tolerationSeconds": 300}],
    }
    managed = [{"apiVersion": "v1", "fieldsType": "FieldsV1", "manager": "kube-controller-manager",
                "operation": "Update", "time": created,
                "fieldsV1": {"f:metadata": {"f:annotations": {".": {}, "f:prometheus.io/scrape": {}},
                                            "f:generateName": {}, "f:labels": {".": {}, "f:app": {},
                                                                               "f:pod-template-hash": {}},
                                            "f:ownerReferences": {".": {}, f"k:{{\"uid\":\"{uid('ReplicaSet', i // 30)}\"}}": {}}},
                             "f:spec": {"f:containers": {"k:{\"name\":\"app\"}": {".": {}, "f:image": {}, "f:name": {}}}}}}]
    status = {"phase": "Pending", "qosClass": "Burstable"}
    if pending:
        status["conditions"] = [{"type": "PodScheduled", "status": "False", "reason": "Unschedulable",
                                 "lastProbeTime": None, "lastTransitionTime": created,
                                 "message": "0/5000 nodes are available: 5000 Insufficient cpu. preemption: 0/5000 "
                                            "nodes are available: 5000 No preemption victims found for incoming pod.."}]
        container["resources"]["requests"]["cpu"] = "16"
    else:
        spec["nodeName"] = node_name
        started = "2026-11-27T08:15:09Z"
        status.update({
            "phase": "Running", "hostIP": node_ip, "hostIPs": [{"ip": node_ip}],
            "podIP": f"10.{200 + i % 50}.{(i >> 8) & 255}.{i & 255}",
            "podIPs": [{"ip": f"10.{200 + i % 50}.{(i >> 8) & 255}.{i & 255}"}], "startTime": created,
            "conditions": [{"type": t, "status": "True", "lastProbeTime": None,
                            "lastTransitionTime": started if t in ("Ready", "ContainersReady") else created}
                           for t in ("Initialized", "Ready", "ContainersReady", "PodScheduled")],
            "containerStatuses": [{"name": "app", "ready": True, "restartCount": 0, "started": True,
                                   "image": container["image"], "imageID": f"registry.example.com/{app}@sha256:{i:064x}",
                                   "containerID": f"containerd://{i:064x}", "lastState": {},
                                   "state": {"running": {"startedAt": started}}}],
        })
    if not full:
        # What kubectl prints for a bound pod of a small snapshot (../shared/examples/real-snapshot), with one
        # manager's entry and the running pod's addresses.
        del spec["tolerations"]
        managed[0]["fieldsV1"] = {"f:metadata": {"f:labels": {".": {}, "f:app": {}, "f:pod-template-hash": {}}}}
        for key in ("containerStatuses", "hostIPs", "podIPs"):
            status.pop(key, None)
        if not pending:
            status["conditions"] = [c for c in status["conditions"] if c["type"] == "PodScheduled"]
    return {
        "apiVersion": "v1", "kind": "Pod",
        "metadata": {
            "name": name, "namespace": ns, "generateName": f"{app}-{rs_hash}-", "uid": uid("Pod", i),
            "resourceVersion": str(6000000 + i), "creationTimestamp": created,
            "labels": {"app": app, "pod-template-hash": rs_hash},
            "annotations": {"prometheus.io/scrape": "true", "kubectl.kubernetes.io/restartedAt": "2026-11-27T08:14:58Z"},
            "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": f"{app}-{rs_hash}",
                                 "uid": uid("ReplicaSet", i // 30), "controller": True, "blockOwnerDeletion": True}],
            "managedFields": managed,
        },
        "spec": spec,
        "status": status,
    }


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("workload", choices=["basic", "real"])
    p.add_argument("out")
    p.add_argument("--format", choices=["json", "yaml"], default="json")
    p.add_argument("--nodes", type=int, default=5000)
    p.add_argument("--bound", type=int, default=1000)
    p.add_argument("--pending", type=int, default=10000)
    p.add_argument("--pods", type=int, default=150000)
    p.add_argument("--full", action="store_true",
                   help="real: pods as a busy cluster stores them (every condition, container statuses, tolerations, "
                        "both managers' managedFields entries): about four times the bytes")
    a = p.parse_args()

    items = []
    if a.workload == "basic":
        items += [basic_node(i) for i in range(a.nodes)]
        items += [basic_pod(i, f"node-{i % a.nodes}") for i in range(a.bound)]
        items += [basic_pod(a.bound + i, None) for i in range(a.pending)]
    else:
        nodes = [real_node(i, 3) for i in range(a.nodes)]
        items += nodes
        for i in range(a.pods):
            node = nodes[i % a.nodes]
            items.append(real_pod(i, node["metadata"]["name"], node["status"]["addresses"][0]["address"], 40,
                                  pending=(i == a.pods - 1), full=a.full))
    doc = {"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}}
    with open(a.out, "w") as f:
        if a.format == "json":
            f.write(json.dumps(doc, indent=4, sort_keys=True))
            f.write("\n")
        else:
            out = []
            write_yaml(out, doc)
            f.write("".join(out))


if __name__ == "__main__":
    sys.exit(main())
