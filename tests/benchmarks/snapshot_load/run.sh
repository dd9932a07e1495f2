#!/usr/bin/env bash
# The commands users type, on the workloads of issue 20, timed end to end (loading included):
#   pilothousectl schedule -f cluster.json|yaml -o json          SchedulingBasic (5,000 nodes, 1,000 bound
#                                                                pods, 10,000 pending pods): pods/s
#   pilothousectl schedule -f snapshot.json|yaml --explain -o json  a real-looking snapshot of 5,000 nodes and
#                                                                150,000 pods, one pending: seconds, peak RSS
# each with its phases (PILOTHOUSE_PHASE_TIMES=1: wall time, peak RSS and heap after each),
# and codec_benchmark's MB/s on the same files. Workloads are written by make_snapshot.py into
# $SNAPSHOT_DIR (default /tmp/pilothouse-snapshots; about 1.2 GB) and reused. --quick: a tenth of the size.
# Run from the source tree after `cmake --build build`: tests/benchmarks/snapshot_load/run.sh
{
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=${BUILD_DIR:-$root/build}
dir=${SNAPSHOT_DIR:-/tmp/pilothouse-snapshots}
ctl=$build/app/pilothousectl
bench=$build/tests/benchmarks/snapshot_load/codec_benchmark
scale=(); real=(); tag=""
if [ "${1:-}" = "--quick" ]; then
  scale=(--nodes 500 --bound 100 --pending 1000); real=(--nodes 500 --pods 15000); tag="-quick"
fi
mkdir -p "$dir"
make() {  # make NAME WORKLOAD FORMAT ARGS...
  local out=$dir/$1; shift
  [ -s "$out" ] || /usr/bin/python3 "$here/make_snapshot.py" "$@" "$out"
}
make "basic$tag.json" basic --format json "${scale[@]}"
make "basic$tag.yaml" basic --format yaml "${scale[@]}"
make "real$tag.json" real --format json "${real[@]}"
make "real$tag.yaml" real --format yaml "${real[@]}"

run() {  # run LABEL PODS ARGS...: wall seconds and peak RSS of one command
  local label=$1 pods=$2; shift 2
  local t0 t1 rss
  t0=$(date +%s.%N)
  PILOTHOUSE_PHASE_TIMES=1 /usr/bin/time -f "%M" -o "$dir/time.txt" "$ctl" "$@" > "$dir/out.json" 2> "$dir/err.txt"
  t1=$(date +%s.%N)
  rss=$(tail -n 1 "$dir/time.txt")
  awk -v l="$label" -v a="$t0" -v b="$t1" -v r="$rss" -v p="$pods" 'BEGIN {
    s = b - a; printf "%-44s %7.2f s  %9s  peak RSS %5.0f MiB\n", l, s, (p > 0 ? sprintf("%.0f pods/s", p / s) : ""), r / 1024 }'
  # Where the time went (load, admit, cache, schedule, print: see PhaseTimes in schedule_command.cpp).
  grep '^phase ' "$dir/err.txt" | sed 's/^/    /' || true
}
pending=$([ -n "$tag" ] && echo 1000 || echo 10000)
for f in json yaml; do
  run "schedule -f basic$tag.$f -o json" "$pending" schedule -f "$dir/basic$tag.$f" -o json
done
for f in json yaml; do
  run "schedule -f real$tag.$f --explain -o json" 0 schedule -f "$dir/real$tag.$f" --explain -o json
done
ls -l "$dir"/basic$tag.json "$dir"/basic$tag.yaml "$dir"/real$tag.json "$dir"/real$tag.yaml | awk '{ printf "%-40s %6.0f MB\n", $NF, $5 / 1e6 }'
"$bench" "$dir/basic$tag.json" "$dir/basic$tag.yaml" "$dir/real$tag.json" "$dir/real$tag.yaml"
exit
}
