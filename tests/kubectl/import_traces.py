#!/usr/bin/python3
"""Copies what real kubectl printed in ../shared/kubectl-traces (kubectl 1.32 against a real
kube-apiserver v1.28.7) into expected/: one NN-name.json per command with its arguments, exit
code, stdout and stderr. The workshop test compares Pilothouse's answers with these.

Run from the repository root: /usr/bin/python3 tests/kubectl/import_traces.py ../shared/kubectl-traces
"""
import json
import os
import re
import sys


def block(text, title):
    """The fenced block after `title:` in a trace's Output section ("" for "(empty)")."""
    m = re.search(r"^" + title + r":\s*\n```[a-z]*\n(.*?)\n?```", text, re.S | re.M)
    if not m:
        return ""
    body = m.group(1)
    return "" if body.strip() == "(empty)" else body + ("\n" if body else "")


def main():
    traces = sys.argv[1] if len(sys.argv) > 1 else "../shared/kubectl-traces"
    out_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected")
    os.makedirs(out_dir, exist_ok=True)
    for name in sorted(os.listdir(traces)):
        if not re.match(r"\d\d-.*\.md$", name):
            continue
        text = open(os.path.join(traces, name)).read()
        run = re.search(r"actually run as: `kubectl\.1\.\d+ --cache-dir=\S+ (.*?)` \(with `KUBECONFIG=(\S+?)`", text)
        code = re.search(r"exit code: \*\*(\d+)\*\*", text)
        output = text.split("## Output", 1)[1].split("## HTTP", 1)[0]
        step = {
            "step": name[:-3],
            "args": run.group(1),
            "kubeconfig": run.group(2),
            "exitCode": int(code.group(1)),
            "stdout": block(output, "stdout"),
            "stderr": block(output, r"stderr[^\n:]*"),
        }
        with open(os.path.join(out_dir, name[:-3] + ".json"), "w") as f:
            json.dump(step, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
