#!/usr/bin/env bash
# Discovery performance in the namespace rig (issue 22's targets), by hand, as root; not part of .ci/run (about
# 20 rounds × 10 s). Usage:
#   swift build -c release --product courier
#   COURIER_BIN=.build/release/courier bash .ci/bench/discovery-rig.sh [ROUNDS]   # ROUNDS defaults to 20
# Prints each round and then medians, ratios to avahi-browse / avahi-publish and python-zeroconf, and the targets.
set -uo pipefail
if [[ $(id -u) -ne 0 ]]; then
    echo "discovery rig benchmark: needs root (network namespaces)" >&2
    exit 1
fi
COURIER_BIN=$(realpath "${COURIER_BIN:-.build/release/courier}")
[[ -x "$COURIER_BIN" ]] || { echo "discovery rig benchmark: $COURIER_BIN is not executable" >&2; exit 1; }
ROUNDS=${1:-20}
HERE=$(cd "$(dirname "$0")" && pwd)

source "$HERE/../interop/discovery-rig.sh"

echo "courier: $COURIER_BIN; avahi-daemon $(avahi-daemon --version 2>&1 | awk '{print $2}'); python-zeroconf $("$PY" -c 'import zeroconf; print(zeroconf.__version__)')"
"$PY" "$HERE/discovery_rig.py" "$COURIER_BIN" "$RUN" "$ROUNDS"
