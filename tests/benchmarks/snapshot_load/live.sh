#!/usr/bin/env bash
# What `pilothousectl schedule --kubeconfig` and `snapshot --kubeconfig` cost against a live API
# server, end to end: pilothouse-server serves the real-looking snapshot of run.sh (5,000 nodes,
# 150,000 pods; --quick: a tenth) over its HTTPS Kubernetes API (paused, so nothing changes while it
# is read), and each command reads every kind scheduling reads 500 objects a page, as client-go's
# pager does. Beside them, `schedule -f` of the snapshot the live read wrote (the same objects from a
# file). Prints wall seconds, peak RSS and the phases (PILOTHOUSE_PHASE_TIMES=1).
# Run from the source tree after `cmake --build build`: tests/benchmarks/snapshot_load/live.sh [--quick]
{
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=${BUILD_DIR:-$root/build}
dir=${SNAPSHOT_DIR:-/tmp/pilothouse-snapshots}
ctl=$build/app/pilothousectl
server=$build/app/pilothouse-server
real=(); tag=""
if [ "${1:-}" = "--quick" ]; then real=(--nodes 500 --pods 15000); tag="-quick"; fi
mkdir -p "$dir"
[ -s "$dir/real$tag.json" ] || /usr/bin/python3 "$here/make_snapshot.py" real --format json "${real[@]}" "$dir/real$tag.json"

work=$(mktemp -d)
. "$here/serve_snapshot.sh"
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$work"' EXIT
t0=$(date +%s.%N)
serve_snapshot "$dir/real$tag.json" --paused
t1=$(date +%s.%N)
awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%-52s %7.2f s\n", "pilothouse-server serving the snapshot", b - a }'

run() {  # run LABEL ARGS...: wall seconds and peak RSS of one command
  local label=$1; shift
  local t0 t1 rss
  t0=$(date +%s.%N)
  PILOTHOUSE_PHASE_TIMES=1 /usr/bin/time -f "%M" -o "$work/time.txt" "$ctl" "$@" > "$work/out" 2> "$work/err.txt"
  t1=$(date +%s.%N)
  rss=$(tail -n 1 "$work/time.txt")
  awk -v l="$label" -v a="$t0" -v b="$t1" -v r="$rss" 'BEGIN { printf "%-52s %7.2f s  peak RSS %5.0f MiB\n", l, b - a, r / 1024 }'
  grep '^phase ' "$work/err.txt" | sed 's/^/    /' || true
}
run "snapshot --kubeconfig (-o json)" snapshot --kubeconfig "$work/kc.yaml" -o json
cp "$work/out" "$work/live-snapshot.json"
run "schedule --kubeconfig -A --explain -o json" schedule --kubeconfig "$work/kc.yaml" -A --explain -o json
cp "$work/out" "$work/live-schedule.json"
run "schedule -f (that snapshot) --explain -o json" schedule -f "$work/live-snapshot.json" --explain -o json
cmp -s "$work/out" "$work/live-schedule.json" && echo "live and file answers: identical" || echo "live and file answers: DIFFER"
exit
}
