"""`pilothousectl schedule --kubeconfig` and `snapshot --kubeconfig` as a user runs them, against
pilothouse-server's Kubernetes API as the live cluster: the explanation of the live cluster's pending
pods is exactly `schedule -f` of the snapshot `snapshot` writes, and the cluster's own FailedScheduling
message; kubeconfigs as kubectl reads them (--kubeconfig, $KUBECONFIG's files merged, ~/.kube/config,
--context, the context's namespace, -n, -A; a client certificate --client-ca-file signed; exec plugins
giving a token or a client certificate, run again after a 401); a user RBAC lets read pods in one
namespace only; and the errors a person meets (unknown token, a CA that did not sign the server's
certificate, a context that does not exist, -f with --kubeconfig).

Usage: /usr/bin/python3 live_schedule_test.py SERVER PILOTHOUSECTL DATA_DIR
"""
import base64
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import yaml

FAILURES = []


def check(condition, message, detail=""):
    print(("ok: " if condition else "FAIL: ") + message + ("" if condition or not detail else "\n" + detail))
    if not condition:
        FAILURES.append(message)


def run(ctl, args, env=None, home=None):
    e = dict(os.environ)
    e.pop("KUBECONFIG", None)
    if home:
        e["HOME"] = home
    e.update(env or {})
    return subprocess.run([ctl] + args, capture_output=True, text=True, timeout=60, env=e)


def main():
    server_bin, ctl, data = sys.argv[1:4]
    work = tempfile.mkdtemp(prefix="pilothousectl-live-")
    home = os.path.join(work, "home")
    os.makedirs(home)
    with open(os.path.join(work, "tokens.csv"), "w") as f:
        f.write("dev-token,dev,2\n")
    admin_kc = os.path.join(work, "admin.yaml")
    # A client CA and alice's certificate from it (openssl's command line), in system:masters.
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    for step in (["req", "-x509"] + ec + ["-keyout", "client-ca.key", "-out", "client-ca.crt", "-subj", "/CN=client-ca",
                                          "-days", "1"],
                 ["req"] + ec + ["-keyout", "alice.key", "-out", "alice.csr", "-subj", "/O=system:masters/CN=alice"],
                 ["x509", "-req", "-in", "alice.csr", "-CA", "client-ca.crt", "-CAkey", "client-ca.key", "-CAcreateserial",
                  "-out", "alice.crt", "-days", "1"],
                 # mallory's, signed by herself: the server does not take it.
                 ["req", "-x509"] + ec + ["-keyout", "mallory.key", "-out", "mallory.crt", "-subj",
                                          "/O=system:masters/CN=mallory", "-days", "1"]):
        subprocess.run(["openssl"] + step, cwd=work, capture_output=True, check=True)
    server = subprocess.Popen(
        [server_bin, "--listen", "127.0.0.1:0", "--store", ":memory:", "--tokens", os.path.join(work, "tokens.csv"),
         "--scenario", os.path.join(data, "cluster.yaml"), "--kube-api-listen", "127.0.0.1:0",
         "--write-kubeconfig", admin_kc, "--cert-dir", os.path.join(work, "pki"),
         "--client-ca-file", os.path.join(work, "client-ca.crt")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = server.stdout.readline()
        if "Kubernetes API on" not in line:
            print("FAIL: pilothouse-server did not start: " + line + server.stdout.read())
            return 1
        kc = yaml.safe_load(open(admin_kc))

        def write_kubeconfig(name, mutate):
            doc = yaml.safe_load(yaml.safe_dump(kc))
            mutate(doc)
            path = os.path.join(work, name)
            with open(path, "w") as f:
                yaml.safe_dump(doc, f)
            return path

        # Wait until kube-scheduler has tried the two pods that fit nowhere.
        deadline = time.time() + 30
        while time.time() < deadline:
            live = run(ctl, ["schedule", "--kubeconfig", admin_kc, "-A"])
            if live.stdout.count("0/3 nodes are available") == 2:
                break
            time.sleep(0.5)

        # Live = schedule -f of the snapshot, in text and in JSON.
        snap = run(ctl, ["snapshot", "--kubeconfig", admin_kc])
        check(snap.returncode == 0 and snap.stdout.startswith("apiVersion: v1\nitems:\n"), "snapshot writes a List",
              snap.stderr)
        snapshot_file = os.path.join(work, "snapshot.yaml")
        with open(snapshot_file, "w") as f:
            f.write(snap.stdout)
        for output in ("text", "json"):
            live = run(ctl, ["schedule", "--kubeconfig", admin_kc, "-A", "--explain", "-o", output])
            offline = run(ctl, ["schedule", "-f", snapshot_file, "--explain", "-o", output])
            check(live.returncode == 0 and live.stdout == offline.stdout and live.stdout.strip(),
                  "schedule --kubeconfig -A -o %s is schedule -f of the snapshot" % output,
                  live.stderr + "\n--- live\n" + live.stdout + "\n--- -f\n" + offline.stdout)
        live = run(ctl, ["schedule", "--kubeconfig", admin_kc, "-A"])
        pods = [l.split()[0] for l in live.stdout.splitlines()[1:]]
        check(pods == ["default/big", "team/team-big"], "the pending pods of every namespace", live.stdout)
        message = ("0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {dedicated: gpu}, "
                   "1 node(s) were unschedulable. preemption: 0/3 nodes are available: 1 No preemption victims found "
                   "for incoming pod, 2 Preemption is not helpful for scheduling..")
        events = subprocess.run(["curl", "-sS", "--cacert", os.path.join(work, "pki", "ca.crt"), "-H",
                                 "Authorization: Bearer " + kc["users"][0]["user"]["token"],
                                 kc["clusters"][0]["cluster"]["server"] +
                                 "/api/v1/namespaces/default/events?fieldSelector=reason%3DFailedScheduling"],
                                capture_output=True, text=True) if shutil.which("curl") else None
        check(message in live.stdout, "kube-scheduler v1.28's FailedScheduling message", live.stdout)
        if events is not None and events.returncode == 0:
            check(message in events.stdout, "the same message as the cluster's own FailedScheduling event", events.stdout[:500])

        # Namespaces: the context's by default, -n, -A.
        check([l.split()[0] for l in run(ctl, ["schedule", "--kubeconfig", admin_kc]).stdout.splitlines()[1:]] ==
              ["default/big"], "without -n or -A: the context's namespace")
        check([l.split()[0] for l in run(ctl, ["schedule", "--kubeconfig", admin_kc, "-n", "team"]).stdout.splitlines()[1:]]
              == ["team/team-big"], "-n team")

        # $KUBECONFIG: two files merged (clusters and contexts in one, the user in the other); then
        # ~/.kube/config when neither flag nor variable names a file.
        first = write_kubeconfig("first.yaml", lambda d: d.update(users=[]))
        second = write_kubeconfig("second.yaml", lambda d: d.update(clusters=[], contexts=[], **{"current-context": ""}))
        merged = run(ctl, ["schedule", "-A"], env={"KUBECONFIG": first + ":" + os.path.join(work, "missing.yaml") + ":" + second})
        check(merged.returncode == 0 and merged.stdout == live.stdout, "$KUBECONFIG's files merged, a missing one skipped",
              merged.stderr)
        os.makedirs(os.path.join(home, ".kube"))
        shutil.copy(admin_kc, os.path.join(home, ".kube", "config"))
        default = run(ctl, ["schedule", "-A"], home=home)
        check(default.returncode == 0 and default.stdout == live.stdout, "~/.kube/config by default", default.stderr)

        # A client certificate, its files named relative to the kubeconfig's own folder.
        def as_alice(d):
            d["users"][0]["user"] = {"client-certificate": "alice.crt", "client-key": "alice.key"}
        alice = run(ctl, ["schedule", "-A", "--kubeconfig", write_kubeconfig("alice.yaml", as_alice)], home=home)
        check(alice.returncode == 0 and alice.stdout == live.stdout, "a client certificate (files relative to the kubeconfig)",
              alice.stderr)

        # An exec credential plugin: its first token is stale (401), so it is run again and the
        # request sent once more with the new one.
        plugin = os.path.join(work, "token-plugin.sh")
        with open(plugin, "w") as f:
            f.write('#!/bin/sh\n'
                    'cd "$(dirname "$0")"\n'
                    'echo "$KUBERNETES_EXEC_INFO" >> plugin-runs.log\n'
                    'if [ -e plugin-ran ]; then token=$(cat admin.token); else token=stale; touch plugin-ran; fi\n'
                    'printf \'{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential",'
                    '"status":{"token":"%s"}}\' "$token"\n')
        os.chmod(plugin, 0o755)
        with open(os.path.join(work, "admin.token"), "w") as f:
            f.write(kc["users"][0]["user"]["token"])

        def with_plugin(command, hint=None):
            def mutate(d):
                d["users"][0]["user"] = {"exec": {"apiVersion": "client.authentication.k8s.io/v1", "command": command,
                                                  "interactiveMode": "Never", "provideClusterInfo": True}}
                if hint:
                    d["users"][0]["user"]["exec"]["installHint"] = hint
            return mutate
        r = run(ctl, ["schedule", "-A", "--kubeconfig", write_kubeconfig("exec.yaml", with_plugin("./token-plugin.sh"))])
        runs = [l for l in open(os.path.join(work, "plugin-runs.log")).read().splitlines() if l.strip()] if os.path.exists(
            os.path.join(work, "plugin-runs.log")) else []
        check(r.returncode == 0 and r.stdout == live.stdout and len(runs) == 2,
              "an exec plugin's token, run again after a 401 (%d runs)" % len(runs), r.stderr)
        check(bool(runs) and '"kind":"ExecCredential"' in runs[0] and '"interactive":false' in runs[0] and
              '"server":"' + kc["clusters"][0]["cluster"]["server"] + '"' in runs[0],
              "KUBERNETES_EXEC_INFO with the cluster (provideClusterInfo)", runs[0] if runs else "no run")
        # An exec plugin that gives a client certificate: first mallory's (refused: 401), then,
        # run again, alice's (signed by the client CA).
        cert_plugin = os.path.join(work, "cert-plugin.sh")
        with open(cert_plugin, "w") as f:
            f.write('#!/usr/bin/env python3\n'
                    'import json, os\n'
                    'os.chdir(os.path.dirname(os.path.abspath(__file__)))\n'
                    'who = "alice" if os.path.exists("cert-plugin-ran") else "mallory"\n'
                    'open("cert-plugin-ran", "a").write(who + "\\n")\n'
                    'print(json.dumps({"apiVersion": "client.authentication.k8s.io/v1", "kind": "ExecCredential",\n'
                    '                  "status": {"clientCertificateData": open(who + ".crt").read(),\n'
                    '                             "clientKeyData": open(who + ".key").read()}}))\n')
        os.chmod(cert_plugin, 0o755)
        r = run(ctl, ["schedule", "-A", "--kubeconfig", write_kubeconfig("exec-cert.yaml", with_plugin("./cert-plugin.sh"))])
        cert_runs = open(os.path.join(work, "cert-plugin-ran")).read().split() if os.path.exists(
            os.path.join(work, "cert-plugin-ran")) else []
        check(r.returncode == 0 and r.stdout == live.stdout and cert_runs == ["mallory", "alice"],
              "an exec plugin's client certificate, run again after a 401 (runs: %s)" % cert_runs, r.stderr)
        r = run(ctl, ["schedule", "--kubeconfig",
                      write_kubeconfig("exec-missing.yaml", with_plugin("no-such-plugin", "Install it: apt install x"))])
        check(r.returncode == 1 and "no-such-plugin" in r.stderr and "Install it: apt install x" in r.stderr,
              "an exec plugin not found: its installHint", r.stderr)

        # A user RBAC lets list pods in team only: team's pods, nodes left out, each said.
        def as_dev(d):
            d["users"][0]["user"] = {"token": "dev-token"}
            d["contexts"][0]["context"]["namespace"] = "team"
        dev = run(ctl, ["schedule", "--kubeconfig", write_kubeconfig("dev.yaml", as_dev)])
        check(dev.returncode == 0 and "team/team-big" in dev.stdout and "default/big" not in dev.stdout,
              "a namespace-limited user: that namespace's pods", dev.stdout + dev.stderr)
        check('Warning: pods: pods is forbidden: User "dev" cannot list resource "pods" in API group "" at the cluster '
              'scope; reading namespace "team" only' in dev.stderr and
              'Warning: nodes: nodes is forbidden: User "dev" cannot list resource "nodes"' in dev.stderr and
              "Warning: the snapshot is partial" in dev.stderr, "what could not be read is said", dev.stderr)

        # Errors a person meets.
        def bad_token(d):
            d["users"][0]["user"] = {"token": "not-a-token"}
        r = run(ctl, ["schedule", "--kubeconfig", write_kubeconfig("bad-token.yaml", bad_token)])
        check(r.returncode == 1 and r.stderr.strip() == "error: You must be logged in to the server (Unauthorized)",
              "an unknown token", r.stderr)
        # Another CA (openssl's command line), not the one that signed the server's certificate.
        other = subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
                                "-nodes", "-keyout", os.path.join(work, "other.key"), "-out", os.path.join(work, "other.crt"),
                                "-subj", "/CN=other-ca", "-days", "1"], capture_output=True, text=True)
        check(other.returncode == 0, "openssl makes another CA", other.stderr)

        def wrong_ca(d):
            d["clusters"][0]["cluster"]["certificate-authority-data"] = base64.b64encode(
                open(os.path.join(work, "other.crt"), "rb").read()).decode()
        r = run(ctl, ["schedule", "--kubeconfig", write_kubeconfig("wrong-ca.yaml", wrong_ca)])
        check(r.returncode == 1 and re.search(r'^error: Get "https://127\.0\.0\.1:\d+/version": tls: failed to verify '
                                              r'certificate: x509: certificate signed by unknown authority$',
                                              r.stderr.strip()), "a CA that did not sign the server's certificate",
              r.stderr)
        r = run(ctl, ["schedule", "--kubeconfig", admin_kc, "--context", "nope"])
        check(r.returncode == 1 and r.stderr.strip() == 'error: context "nope" does not exist', "a context that does not exist",
              r.stderr)
        r = run(ctl, ["schedule", "--kubeconfig", admin_kc, "-f", snapshot_file])
        check(r.returncode == 2 and "give one or the other" in r.stderr, "-f with --kubeconfig", r.stderr)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)
    print("%d failed" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
