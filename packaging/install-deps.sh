#!/usr/bin/env bash
# Installs what building and testing Pilothouse needs on Debian 12 (run as root). Idempotent:
# installs only what is missing. With --fuzz, also clang and libFuzzer for the fuzz preset.
set -euo pipefail
packages=(
  cmake ninja-build g++ pkg-config dpkg-dev file
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-translations-l10n fonts-noto-cjk
  libsqlite3-dev libprotobuf-dev protobuf-compiler libgrpc++-dev protobuf-compiler-grpc
  libyaml-dev rapidjson-dev libboost1.81-dev libssl-dev
  python3-grpcio python3-protobuf python3-yaml openssl
)
if [ "${1:-}" = "--fuzz" ]; then
  packages+=(clang-14 libclang-rt-14-dev)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
