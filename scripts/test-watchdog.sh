#!/usr/bin/env bash
# Runs a test command with line-buffered output and a deadline. Past the deadline it names the tests that started
# and never finished (from Swift Testing's "started" and "passed"/"failed" lines), stops the run and fails, so a
# test that hangs costs minutes, not the whole CI budget, and says which one it was.
#
#   scripts/test-watchdog.sh SECONDS COMMAND [ARGUMENT...]
set -u
limit=$1
shift
log=$(mktemp /tmp/courier-test-log.XXXXXX)
trap 'rm -f "$log"' EXIT

set -m
stdbuf -oL -eL "$@" > >(tee "$log") 2>&1 &
pid=$!
set +m

elapsed=0
while kill -0 "$pid" 2> /dev/null; do
    if [ "$elapsed" -ge "$limit" ]; then
        echo "test-watchdog: the run is still going after ${limit} s; tests started and not finished:" >&2
        python3 - "$log" << 'PY' >&2
import re, sys
started, finished = [], set()
for line in open(sys.argv[1], errors="replace"):
    line = line.rstrip("\n")
    match = re.match(r"^\S+ Test (.+?) started\.$", line)
    if match and match.group(1) != "run" and not match.group(1).startswith("case passing"):
        started.append(match.group(1))
    match = re.match(r"^\S+ Test (.+?)(?: with \d+ test cases?)? (?:passed|failed) after [\d.]+ seconds", line)
    match = match or re.match(r"^\S+ Test (.+) skipped(?:: .*)?\.?$", line)
    if match:
        finished.add(match.group(1))
for name in started:
    if name not in finished:
        print("  " + name)
PY
        kill -TERM -- "-$pid" 2> /dev/null
        sleep 5
        kill -KILL -- "-$pid" 2> /dev/null
        wait "$pid" 2> /dev/null
        exit 124
    fi
    sleep 1
    elapsed=$((elapsed + 1))
done
wait "$pid"
