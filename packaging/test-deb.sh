#!/usr/bin/env bash
# test-deb.sh PACKAGE.deb: installs the package with apt on a pristine Debian 12 (as a user would,
# pulling in its dependencies from Debian's archive) and runs what it installed: each program's
# version, the GUI's screenshots offscreen, and the desktop entry's command under an X server.
# Run as root; see .ci/pristine-debian for the pristine root. Exit 0 when all of it works.
set -euo pipefail
# The whole script is read before it runs: editing it while it runs (a long CI part) cannot change
# what it does.
{

if [ "${1:-}" != "--inside" ]; then
  deb=${1:?usage: packaging/test-deb.sh PACKAGE.deb}
  [ -f "$deb" ] || { echo "test-deb.sh: $deb: no such file" >&2; exit 2; }
  with=${TEST_DEB_OUT:-$(mktemp -d)}  # the screenshots taken are left in TEST_DEB_OUT when set
  [ -n "${TEST_DEB_OUT:-}" ] || trap 'rm -rf "$with"' EXIT
  mkdir -p "$with" && cp "$deb" "$with/"
  bash "$(dirname "$0")/../.ci/pristine-debian" --with "$with" -- "bash packaging/test-deb.sh --inside /with/$(basename "$deb")"
  exit $?
fi

# Inside the pristine root.
deb=$2
export DEBIAN_FRONTEND=noninteractive
step() { echo; echo "== $*"; }
step "apt-get install $deb"
apt-get update -qq
apt-get install -y -qq "$deb" >/tmp/apt.log 2>&1 || { tail -n 30 /tmp/apt.log; exit 1; }
dpkg -s pilothouse | grep -E '^(Version|Installed-Size|Depends|Recommends):'

step "versions"
pilothousectl version
pilothouse-server --version
pilothouse --version

step "pilothousectl on a built-in scenario"
pilothousectl simulate /src/resources/scenarios/single-pod-journey.yaml --until 30s | tail -n 3

check_shots() {
  for f in window.png journey.png cluster.png explainer.png; do
    [ -s "$1/$f" ] || { echo "missing screenshot $1/$f" >&2; exit 1; }
  done
  echo "screenshots: $(ls "$1" | wc -l) files in $1"
}
step "pilothouse --screenshot, offscreen"
QT_QPA_PLATFORM=offscreen pilothouse --screenshot /tmp/shots-offscreen
check_shots /tmp/shots-offscreen

step "the desktop entry's command under an X server (xvfb, installed for this test only)"
apt-get install -y -qq --no-install-recommends xvfb xauth >/tmp/apt-xvfb.log 2>&1 || { tail -n 30 /tmp/apt-xvfb.log; exit 1; }
desktop=/usr/share/applications/pilothouse.desktop
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
[ -n "$exec_line" ] || { echo "$desktop has no Exec line" >&2; exit 1; }
echo "Exec=$exec_line"
# The entry's command with --screenshot appended, so that it exits once the window has shown.
env -u QT_QPA_PLATFORM xvfb-run -a -s "-screen 0 1920x1080x24" $exec_line --screenshot /tmp/shots-x11
check_shots /tmp/shots-x11
cp -r /tmp/shots-offscreen /tmp/shots-x11 /with/
step "the package works"
exit
}
