#!/usr/bin/env bash
# What attaching the GUI to a live cluster costs, end to end: pilothouse-server serves run.sh's
# real-looking snapshot (5,000 nodes, 150,000 pods; --quick: a tenth) over its HTTPS Kubernetes API
# (paused), and `pilothouse --kubeconfig KC --screenshot DIR` attaches to it: its informers list
# nodes, pods and events 500 a page, then watch. Prints the wall time until the views are loaded
# (the first picture written), until every picture is written, and the GUI's peak RSS. Offscreen.
# Then the same cluster served playing (the simulation schedules and runs the snapshot's pending
# pods: thousands of object changes a second over the watches) and live_frames_benchmark attached to
# it for 30 s: the GUI thread's event-loop turns (frame times as a user lives them), every view
# shown. The cluster view's own paint time is clusterview_frames_benchmark's.
# Run from the source tree after `cmake --build build`: tests/benchmarks/snapshot_load/gui_live.sh [--quick]
{
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=${BUILD_DIR:-$root/build}
dir=${SNAPSHOT_DIR:-/tmp/pilothouse-snapshots}
server=$build/app/pilothouse-server
app=$build/app/pilothouse
real=(); tag=""
if [ "${1:-}" = "--quick" ]; then real=(--nodes 500 --pods 15000); tag="-quick"; fi
mkdir -p "$dir"
[ -s "$dir/real$tag.json" ] || /usr/bin/python3 "$here/make_snapshot.py" real --format json "${real[@]}" "$dir/real$tag.json"

work=$(mktemp -d)
. "$here/serve_snapshot.sh"
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$work"' EXIT
serve_snapshot "$dir/real$tag.json" --paused
shots=$work/shots
mkdir -p "$shots"
start=$(date +%s.%N)
QT_QPA_PLATFORM=offscreen /usr/bin/time -f "%M" -o "$work/rss" "$app" --kubeconfig "$work/kc.yaml" --screenshot "$shots" \
  > "$work/gui.log" 2>&1 &
gui=$!
while [ -z "$(ls "$shots")" ] && kill -0 "$gui" 2>/dev/null; do sleep 0.05; done
first=$(date +%s.%N)
wait "$gui" || { cat "$work/gui.log"; exit 1; }
done_=$(date +%s.%N)
awk -v a="$start" -v b="$first" -v c="$done_" -v r="$(tail -n 1 "$work/rss")" -v f="real$tag.json" \
  'BEGIN { printf "%-20s views loaded after %6.2f s, every picture after %6.2f s, peak RSS %5.0f MiB\n", f, b - a, c - a, r / 1024 }'

kill $pid; wait $pid 2>/dev/null || true
serve_snapshot "$dir/real$tag.json"
echo "real$tag.json, the server playing; the GUI attached for 30 s:"
"$build/tests/benchmarks/live_frames/live_frames_benchmark" --kubeconfig "$work/kc.yaml" --seconds 30 2>/dev/null
exit
}
