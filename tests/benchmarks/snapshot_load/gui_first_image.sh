#!/usr/bin/env bash
# How long the GUI takes to open a snapshot: from `pilothouse --open FILE --screenshot DIR` starting
# to its first image written (the window up, the control plane started on the snapshot's objects,
# the first pending pod selected and explained). Offscreen, so it runs without a display.
#   tests/benchmarks/snapshot_load/gui_first_image.sh FILE...
# Snapshots: make_snapshot.py real --nodes N --pods M FILE (see run.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
app=${BUILD_DIR:-$here/../../../build}/app/pilothouse
for file in "$@"; do
  shots=$(mktemp -d)
  start=$(date +%s.%N)
  QT_QPA_PLATFORM=offscreen /usr/bin/time -f "%M" -o "$shots.rss" "$app" --open "$file" --screenshot "$shots" >/dev/null 2>&1 &
  pid=$!
  while [ -z "$(ls "$shots")" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  first=$(date +%s.%N)
  wait "$pid" || true
  awk -v f="$(basename "$file")" -v a="$start" -v b="$first" -v r="$(tail -n 1 "$shots.rss")" \
    'BEGIN { printf "%-28s first image after %6.2f s  (peak RSS of the whole run %5.0f MiB)\n", f, b - a, r / 1024 }'
  rm -rf "$shots" "$shots.rss"
done
