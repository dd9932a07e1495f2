#!/usr/bin/python3
"""pilothousectl schedule, run as a user runs it: exit codes, stdout JSON compared as JSON with the
real kube-scheduler's answers, stderr messages for bad input."""
import json
import os
import subprocess
import sys
import tempfile

ctl, data = sys.argv[1], sys.argv[2]
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {name}\n{detail}")


def run(*args, stdin=None):
    p = subprocess.run([ctl, "schedule", *args], capture_output=True, text=True, input=stdin)
    return p.returncode, p.stdout, p.stderr


def path(name):
    return os.path.join(data, name)


# 1. The worked example with --explain: placements, message, per-node filters and scores.
code, out, err = run("-f", path("explain-cluster.yaml"), "--config", path("all-nodes.yaml"), "--explain", "-o", "json")
check("explain: exit 0", code == 0, err)
if code == 0:
    got = json.loads(out)
    want = json.load(open(path("explain-expected.json")))
    check("explain: same JSON as kube-scheduler v1.28.7", got == want,
          "got:\n" + json.dumps(got, indent=1, sort_keys=True) + "\nwant:\n" + json.dumps(want, indent=1, sort_keys=True))

# 2. A real cluster's `kubectl get nodes,pods,priorityclasses -A -o yaml`, loaded as it is.
code, out, err = run("-f", path("real-cluster.yaml"), "-o", "json")
check("real snapshot: exit 0", code == 0, err)
if code == 0:
    check("real snapshot: same JSON as kube-scheduler v1.28.7", json.loads(out) == json.load(open(path("real-expected.json"))),
          out)

# 2b. Preemption: equal victims on both nodes, so the node whose victim started latest is chosen;
# the preemptor is reported with the attempt's message (no preemption part when preemption
# succeeds), then bound there before the next pod, which takes what is left on n1.
code, out, err = run("-f", path("preemption.yaml"), "-o", "json")
check("preemption: exit 0", code == 0, err)
if code == 0:
    got = json.loads(out)
    check("preemption: nominated node, victims, then the next pod", got == json.load(open(path("preemption-expected.json"))),
          json.dumps(got, indent=1))

# 2c. preemptionPolicy: Never (from the pod's PriorityClass): DefaultPreemption refuses before
# looking for victims, with kube-scheduler v1.28.7's words; nothing is nominated or evicted. The pod
# of the same priority that may preempt does.
code, out, err = run("-f", path("preemption-never.yaml"), "-o", "json")
check("preemptionPolicy Never: exit 0", code == 0, err)
if code == 0:
    got = json.loads(out)
    check("preemptionPolicy Never: not eligible, no nomination, no victims",
          got == json.load(open(path("preemption-never-expected.json"))), json.dumps(got, indent=1))
    check("preemptionPolicy Never: no warnings", err == "", err)

# 2d. ImageLocality counts each node's image spread when the node arrives (the order of the
# input): the node listed later saw more nodes with the image and scores higher; listed the other
# way round, the other node does.
def image_arrival(order_note, text, early, late):
    with tempfile.TemporaryDirectory() as tmp:
        f = os.path.join(tmp, "cluster.yaml")
        open(f, "w").write(text)
        code, out, err = run("-f", f, "--explain", "-o", "json")
        check(f"image arrival ({order_note}): exit 0", code == 0, err)
        if code != 0:
            return
        pod = json.loads(out)["pods"][0]
        scores = {n: pod["nodes"][n].get("scores", {}).get("ImageLocality") for n in (early, late, "n-none")}
        check(f"image arrival ({order_note}): ImageLocality {early}=18 {late}=38 n-none=0",
              scores == {early: 18, late: 38, "n-none": 0}, json.dumps(scores))
        check(f"image arrival ({order_note}): the pod goes to {late}", pod["node"] == late, json.dumps(pod["node"]))

text = open(path("image-arrival.yaml")).read()
image_arrival("as listed", text, "n-early", "n-late")
docs = text.split("\n---\n")
image_arrival("n-late listed first", "\n---\n".join([docs[1], docs[0]] + docs[2:]), "n-late", "n-early")

# 3. Determinism: the same input and seed print the same bytes.
a = run("-f", path("explain-cluster.yaml"), "--explain", "-o", "json", "--seed", "7")
b = run("-f", path("explain-cluster.yaml"), "--explain", "-o", "json", "--seed", "7")
check("same seed, same bytes", a == b)

# 4. Bad input: exit 2 and a message naming the place.
with tempfile.TemporaryDirectory() as tmp:
    bad = os.path.join(tmp, "bad.yaml")
    open(bad, "w").write("apiVersion: v1\nkind: Node\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  priority: high\n")
    code, out, err = run("-f", bad)
    check("bad document: exit 2", code == 2, err)
    check("bad document: names file, document, field", f"{bad}: document 2: " in err and "spec.priority" in err, err)

    cfg = os.path.join(tmp, "sched.yaml")
    open(cfg, "w").write("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- plugins:\n    filter:\n      enabled:\n      - name: Foo\n")
    code, out, err = run("-f", path("explain-cluster.yaml"), "--config", cfg)
    check("unknown plugin: exit 2", code == 2, err)
    check("unknown plugin: upstream's text", 'FilterPlugin "Foo" does not exist' in err, err)

    cfg2 = os.path.join(tmp, "nobind.yaml")
    open(cfg2, "w").write("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- plugins:\n    multiPoint:\n      disabled:\n      - name: '*'\n")
    code, out, err = run("-f", path("explain-cluster.yaml"), "--config", cfg2)
    check("profile without QueueSort: exit 2", code == 2, err)
    check("profile without QueueSort: upstream's text",
          'only one queue sort plugin required for profile with scheduler name "default-scheduler", but got 0' in err, err)

    cfg3 = os.path.join(tmp, "typo.yaml")
    open(cfg3, "w").write("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- schedulerName: default-scheduler\n  plugin: {}\n")
    code, out, err = run("-f", path("explain-cluster.yaml"), "--config", cfg3)
    check("config typo: exit 2", code == 2, err)
    check("config typo: names the field", 'unknown field "profiles[0].plugin"' in err, err)

    other = os.path.join(tmp, "other.yaml")
    open(other, "w").write(open(path("explain-cluster.yaml")).read() + "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n")
    code, out, err = run("-f", other, "-o", "json")
    check("other kinds: warned and ignored", code == 0 and "ignoring ConfigMap" in err, err)

    # A pod that sets preemptionPolicy against its class (here: none, so PreemptLowerPriority):
    # the Priority admission plugin would refuse it; warned with its words, scheduled as written.
    never = os.path.join(tmp, "never.yaml")
    open(never, "w").write("apiVersion: v1\nkind: Node\nmetadata: {name: a}\nstatus: {capacity: {cpu: '1', pods: '110'}}\n"
                           "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  preemptionPolicy: Never\n"
                           "  containers: [{name: c, image: i, resources: {requests: {cpu: '2'}}}]\n")
    code, out, err = run("-f", never, "-o", "json")
    check("preemptionPolicy against the class: warned with the admission plugin's words",
          code == 0 and 'Pod "p" would be rejected by the API server: the string value of PreemptionPolicy (Never) must not be '
          "provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name" in err, err)
    check("preemptionPolicy against the class: scheduled as written",
          code == 0 and json.loads(out)["pods"][0]["message"].endswith("preemption: not eligible due to preemptionPolicy=Never.."), out)

    code, out, err = run("-f", path("explain-cluster.yaml"), "-o", "yaml")
    check("bad -o: exit 2", code == 2, err)

# 5. Text output: a table, and with --explain a node x plugin matrix.
code, out, err = run("-f", path("explain-cluster.yaml"), "--explain")
check("text: exit 0", code == 0, err)
check("text: table header", out.splitlines()[0].split() == ["POD", "NODE", "MESSAGE"], out)
check("text: matrix shows the taint reason", "node(s) had untolerated taint {dedicated: gpu}" in out, out)

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
