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

    code, out, err = run("-f", path("explain-cluster.yaml"), "-o", "yaml")
    check("bad -o: exit 2", code == 2, err)

# 5. Text output: a table, and with --explain a node x plugin matrix.
code, out, err = run("-f", path("explain-cluster.yaml"), "--explain")
check("text: exit 0", code == 0, err)
check("text: table header", out.splitlines()[0].split() == ["POD", "NODE", "MESSAGE"], out)
check("text: matrix shows the taint reason", "node(s) had untolerated taint {dedicated: gpu}" in out, out)

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
