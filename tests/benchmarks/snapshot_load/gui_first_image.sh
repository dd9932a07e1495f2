#!/usr/bin/env bash
# How long the GUI takes to open a snapshot, from `pilothouse --open FILE --screenshot DIR` starting:
#   first image  the window up with the first pending pod explained on the snapshot's objects, the
#                control plane still starting behind it (starting.png);
#   control plane up  the next picture: taken once the control plane has started on the
#                snapshot's objects and the views have listed them (what the first image was
#                before the control plane started behind the window).
# Offscreen, so it runs without a display.
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
  while [ "$(ls "$shots" | wc -l)" -lt 2 ] && kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  up=$(date +%s.%N)
  wait "$pid" || true
  awk -v f="$(basename "$file")" -v a="$start" -v b="$first" -v c="$up" -v r="$(tail -n 1 "$shots.rss")" \
    'BEGIN { printf "%-28s first image after %6.2f s, control plane up after %6.2f s  (peak RSS of the whole run %5.0f MiB)\n", f, b - a, c - a, r / 1024 }'
  rm -rf "$shots" "$shots.rss"
done
