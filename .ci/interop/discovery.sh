#!/usr/bin/env bash
# Interop of CourierDiscovery with Avahi 0.8 and python-zeroconf, in two network namespaces joined by a veth pair
# (the spec's verified recipe). Runs only with COURIER_INTEROP=1, as root. Usage:
#   COURIER_INTEROP=1 COURIER_BIN=.build/debug/courier .ci/interop/discovery.sh
# COURIER_BIN is the courier executable (any binary with the `discover` subcommands). Exit status 0 = all passed.
set -uo pipefail

if [[ "${COURIER_INTEROP:-0}" != "1" ]]; then
    echo "discovery interop: skipped (set COURIER_INTEROP=1 to run)"
    exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
    echo "discovery interop: needs root (network namespaces)" >&2
    exit 1
fi
COURIER_BIN=$(realpath "${COURIER_BIN:-.build/debug/courier}")
[[ -x "$COURIER_BIN" ]] || { echo "discovery interop: $COURIER_BIN is not executable" >&2; exit 1; }

# --no-install-recommends keeps libnss-mdns out: it would rewrite /etc/nsswitch.conf.
if ! command -v avahi-daemon >/dev/null || ! command -v dig >/dev/null || ! command -v dbus-daemon >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        avahi-daemon avahi-utils dbus iproute2 bind9-dnsutils >/dev/null
fi
RUN=$(mktemp -d)
python3 -m venv "$RUN/venv" && "$RUN/venv/bin/pip" install -q zeroconf || { echo "cannot install zeroconf" >&2; exit 1; }
PY="$RUN/venv/bin/python"

cleanup() {
    set +e
    for f in "$RUN"/*.pid; do [[ -f "$f" ]] && kill "$(cat "$f")" 2>/dev/null; done
    sleep 0.3
    ip netns del courier-a 2>/dev/null
    ip netns del courier-b 2>/dev/null
    rm -rf /etc/netns/courier-b "$RUN"
}
trap cleanup EXIT

ip netns add courier-a && ip netns add courier-b
ip link add veth-a type veth peer name veth-b
ip link set veth-a netns courier-a && ip link set veth-b netns courier-b
ip -n courier-a addr add 169.254.77.1/16 dev veth-a
ip -n courier-b addr add 169.254.77.2/16 dev veth-b
for n in a b; do ip -n courier-$n link set lo up; ip -n courier-$n link set veth-$n up; done
# IPv6 link-local addresses need DAD to finish before they can be used.
for n in a b; do
    for _ in $(seq 1 50); do
        ip -n courier-$n -6 addr show dev veth-$n | grep -q "fe80.*scope link" \
            && ! ip -n courier-$n -6 addr show dev veth-$n | grep -q tentative && break
        sleep 0.1
    done
done

# `ip netns exec` bind-mounts /etc/netns/courier-b/avahi over /etc/avahi.
mkdir -p /etc/netns/courier-b/avahi/services
cp -r /etc/avahi/. /etc/netns/courier-b/avahi/
rm -f /etc/netns/courier-b/avahi/services/*.service
cat > /etc/netns/courier-b/avahi/avahi-daemon.conf <<'CONF'
[server]
host-name=avahi-b
use-ipv4=yes
use-ipv6=yes
allow-interfaces=veth-b
enable-dbus=yes
ratelimit-interval-usec=1000000
ratelimit-burst=1000
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
[reflector]
[rlimits]
CONF
dbus-daemon --config-file=/usr/share/dbus-1/system.conf --address="unix:path=$RUN/bus" \
    --fork --print-pid --nopidfile > "$RUN/dbus.pid"
export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$RUN/bus"
mkdir -p /run/avahi-daemon
ip netns exec courier-b sh -c 'mount -t tmpfs tmpfs /run/avahi-daemon && exec avahi-daemon --no-drop-root' \
    > "$RUN/avahi.log" 2>&1 &
echo $! > "$RUN/avahi.pid"
for _ in $(seq 1 100); do grep -q "Server startup complete" "$RUN/avahi.log" && break; sleep 0.1; done
grep -q "Server startup complete" "$RUN/avahi.log" || { echo "avahi-daemon did not start" >&2; cat "$RUN/avahi.log" >&2; exit 1; }

A() { ip netns exec courier-a "$@"; }
B() { ip netns exec courier-b "$@"; }
FAILURES=0
pass() { echo "ok   - $1"; }
fail() { echo "FAIL - $1"; [[ -n "${2:-}" ]] && echo "$2" | sed 's/^/       /'; FAILURES=$((FAILURES + 1)); }
expect_grep() {  # name, pattern, text
    if grep -qE -- "$2" <<<"$3"; then pass "$1"; else fail "$1" "expected /$2/ in:
$3"; fi
}
background() {  # pidfile-name, namespace (a|b), command…  — `ip netns exec` execs, so $! is the command itself
    local name=$1 ns=$2; shift 2
    ip netns exec "courier-$ns" "$@" > "$RUN/$name.out" 2>&1 &
    echo $! > "$RUN/$name.pid"
}
stop() { [[ -f "$RUN/$1.pid" ]] && kill "$(cat "$RUN/$1.pid")" 2>/dev/null; wait "$(cat "$RUN/$1.pid")" 2>/dev/null; rm -f "$RUN/$1.pid"; }
wait_for() {  # file, pattern, tenths of a second
    for _ in $(seq 1 "${3:-50}"); do grep -qE -- "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
    return 1
}

# --- Courier browses and resolves what Avahi publishes --------------------------------------------------------
background avahi-pub b avahi-publish -s "Dept. 4 — Café" _associateHelp._tcp 7000 version=1.0 "k2=v 2"
wait_for "$RUN/avahi-pub.out" "Established" 50
out=$(A "$COURIER_BIN" discover browse _associateHelp._tcp -rp --timeout 3 --interface veth-a)
expect_grep "Courier browses Avahi (IPv4)" '^\+;veth-a;IPv4;Dept\\\.\\0324\\032\\226\\128\\148\\032Caf\\195\\169;_associateHelp\._tcp;local$' "$out"
expect_grep "Courier browses Avahi (IPv6)" '^\+;veth-a;IPv6;Dept' "$out"
expect_grep "Courier resolves Avahi over IPv4 with TXT" '^=;veth-a;IPv4;Dept.*;avahi-b\.local;169\.254\.77\.2;7000;"version=1\.0" "k2=v 2"$' "$out"
expect_grep "Courier resolves Avahi over IPv6 link-local with scope" '^=;veth-a;IPv6;Dept.*;avahi-b\.local;fe80:[0-9a-f:]+%veth-a;7000;' "$out"
out=$(A "$COURIER_BIN" discover resolve "Dept. 4 — Café" _associateHelp._tcp --timeout 3 --interface veth-a)
expect_grep "courier discover resolve against Avahi" '^port: 7000$' "$out"

# --- Goodbye from Avahi seen by Courier within 2 s -------------------------------------------------------------
background courier-browse a "$COURIER_BIN" discover browse _associateHelp._tcp -p --timeout 8 --interface veth-a --ipv4
wait_for "$RUN/courier-browse.out" '^\+;veth-a;IPv4;Dept' 40
stop avahi-pub
if wait_for "$RUN/courier-browse.out" '^-;veth-a;IPv4;Dept' 20; then pass "Avahi goodbye seen by Courier within 2 s"
else fail "Avahi goodbye seen by Courier within 2 s" "$(cat "$RUN/courier-browse.out")"; fi
stop courier-browse

# --- Avahi browses and resolves what Courier publishes ---------------------------------------------------------
background courier-pub a "$COURIER_BIN" discover publish "Kids Shoes" _associateHelp._tcp 8080 version=1.0 --interface veth-a
wait_for "$RUN/courier-pub.out" '^published' 30 || fail "Courier publishes" "$(cat "$RUN/courier-pub.out")"
out=$(B avahi-browse -rpt _associateHelp._tcp 2>&1)
expect_grep "Avahi browses Courier" '^\+;veth-b;IPv4;Kids\\032Shoes;_associateHelp\._tcp;local$' "$out"
# avahi-browse resolves with an unspecified address family: the IPv4 row may carry the AAAA address and the IPv6
# row the A address, whichever answer reached its cache first. So: the TXT and port on the row seen over IPv4, and
# the A and AAAA records each asked for explicitly.
expect_grep "Avahi resolves Courier over IPv4 with TXT" '^=;veth-b;IPv4;Kids\\032Shoes;_associateHelp\._tcp;local;[^;]+\.local;[^;]+;8080;"version=1\.0"$' "$out"
host=$(awk -F';' '/^=;veth-b;IPv4;Kids/ {print $7; exit}' <<<"$out")
out4=$(B avahi-resolve -4 -n "$host" 2>&1)
expect_grep "Avahi resolves Courier's host over IPv4 (A)" "^${host//./\\.}[[:space:]]+169\.254\.77\.1$" "$out4"
out6=$(B avahi-resolve -6 -n "$host" 2>&1)
expect_grep "Avahi resolves Courier's host over IPv6 (AAAA, link-local)" "^${host//./\\.}[[:space:]]+fe80:" "$out6"
out=$(B avahi-browse -apt 2>&1)
expect_grep "avahi-browse -a lists Courier's type" '_associateHelp\._tcp' "$out"
out=$(B dig +time=2 +tries=1 -p 5353 @169.254.77.1 _associateHelp._tcp.local PTR 2>&1)
expect_grep "dig legacy unicast reply" 'Kids\\032Shoes\._associateHelp\._tcp\.local\.' "$out"
ttl=$(awk '/^_associateHelp._tcp.local.*PTR/ {print $2}' <<<"$out" | head -1)
if [[ -n "$ttl" && "$ttl" -le 10 ]]; then pass "dig reply TTL ≤ 10 ($ttl)"; else fail "dig reply TTL ≤ 10" "$out"; fi

# --- TXT update and goodbye from Courier seen by Avahi ----------------------------------------------------------
background avahi-browse b avahi-browse -p _associateHelp._tcp
wait_for "$RUN/avahi-browse.out" '^\+;veth-b;IPv4;Kids' 40
stop courier-pub
if wait_for "$RUN/avahi-browse.out" '^-;veth-b;IPv4;Kids' 20; then pass "Courier goodbye seen by Avahi within 2 s"
else fail "Courier goodbye seen by Avahi within 2 s" "$(cat "$RUN/avahi-browse.out")"; fi
stop avahi-browse

# --- Conflicts with Avahi: Courier renames "Name (2)", or refuses with --no-rename -------------------------------
background avahi-clash b avahi-publish -s "Clash" _associateHelp._tcp 7001
wait_for "$RUN/avahi-clash.out" "Established" 50
out=$(A timeout 10 "$COURIER_BIN" discover publish "Clash" _associateHelp._tcp 8081 --interface veth-a --timeout 3 2>&1)
expect_grep "Courier renames on conflict with Avahi" '^published "Clash \(2\)" _associateHelp\._tcp 8081$' "$out"
out=$(A timeout 10 "$COURIER_BIN" discover publish "Clash" _associateHelp._tcp 8081 --interface veth-a --no-rename --timeout 3 2>&1)
status=$?
if [[ $status -eq 1 ]] && grep -q "in use" <<<"$out"; then pass "--no-rename fails with collision"; else fail "--no-rename fails with collision" "status $status: $out"; fi
stop avahi-clash
background courier-clash a "$COURIER_BIN" discover publish "Taken" _associateHelp._tcp 8082 --interface veth-a
wait_for "$RUN/courier-clash.out" '^published' 30
out=$(B timeout 5 avahi-publish -s "Taken" _associateHelp._tcp 7002 2>&1)
expect_grep "Avahi renames on conflict with Courier (Name #2)" 'Taken #2' "$out"
stop courier-clash

# --- Sharing port 5353 with avahi-daemon in the same namespace -------------------------------------------------
background courier-shared b "$COURIER_BIN" discover publish "Shared Port" _associateHelp._tcp 8083 --interface veth-b
if wait_for "$RUN/courier-shared.out" '^published' 30; then pass "Courier publishes beside avahi-daemon on 5353"
else fail "Courier publishes beside avahi-daemon on 5353" "$(cat "$RUN/courier-shared.out")"; fi
out=$(A "$COURIER_BIN" discover browse _associateHelp._tcp -p --timeout 2 --interface veth-a --ipv4)
expect_grep "its service is seen from the other namespace" 'Shared\\032Port' "$out"
out=$(B avahi-browse -pt _associateHelp._tcp 2>&1)
expect_grep "avahi-browse beside it sees it too" 'Shared\\032Port' "$out"
stop courier-shared

# --- python-zeroconf --------------------------------------------------------------------------------------------
cat > "$RUN/zc_publish.py" <<'PYEOF'
import socket, sys, time
from zeroconf import IPVersion, ServiceInfo, Zeroconf
zc = Zeroconf(interfaces=["169.254.77.2"], ip_version=IPVersion.V4Only)
info = ServiceInfo("_associateHelp._tcp.local.", "Zeroconf Kids._associateHelp._tcp.local.",
                   addresses=[socket.inet_aton("169.254.77.2")], port=7100, properties={"version": "1.0"},
                   server="zc-b.local.")
zc.register_service(info)
print("registered", flush=True)
time.sleep(float(sys.argv[1]))
info = ServiceInfo("_associateHelp._tcp.local.", "Zeroconf Kids._associateHelp._tcp.local.",
                   addresses=[socket.inet_aton("169.254.77.2")], port=7100, properties={"version": "2.0"},
                   server="zc-b.local.")
zc.update_service(info)
print("updated", flush=True)
time.sleep(float(sys.argv[2]))
zc.unregister_service(info)
zc.close()
print("closed", flush=True)
PYEOF
cat > "$RUN/zc_browse.py" <<'PYEOF'
import sys, time
from zeroconf import IPVersion, ServiceBrowser, Zeroconf
zc = Zeroconf(interfaces=["169.254.77.2"], ip_version=IPVersion.V4Only)
class Listener:
    def add_service(self, zc, type_, name):
        info = zc.get_service_info(type_, name, timeout=3000)
        if info:
            props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
            print("found", name, info.parsed_addresses(), info.port, props, flush=True)
    def remove_service(self, zc, type_, name):
        print("removed", name, flush=True)
    def update_service(self, zc, type_, name):
        pass
ServiceBrowser(zc, "_associateHelp._tcp.local.", Listener())
time.sleep(float(sys.argv[1]))
zc.close()
PYEOF
background zc-pub b "$PY" "$RUN/zc_publish.py" 4 3
wait_for "$RUN/zc-pub.out" registered 50
out=$(A "$COURIER_BIN" discover browse _associateHelp._tcp -rp --timeout 2 --interface veth-a --ipv4)
expect_grep "Courier browses and resolves python-zeroconf" '^=;veth-a;IPv4;Zeroconf\\032Kids;_associateHelp\._tcp;local;zc-b\.local;169\.254\.77\.2;7100;"version=1\.0"$' "$out"
background courier-zc-browse a "$COURIER_BIN" discover browse _associateHelp._tcp -rp --timeout 8 --interface veth-a --ipv4
if wait_for "$RUN/courier-zc-browse.out" '"version=2\.0"' 60; then pass "Courier sees python-zeroconf's TXT update"
else fail "Courier sees python-zeroconf's TXT update" "$(cat "$RUN/courier-zc-browse.out")"; fi
if wait_for "$RUN/courier-zc-browse.out" '^-;veth-a;IPv4;Zeroconf' 60; then pass "python-zeroconf goodbye seen by Courier"
else fail "python-zeroconf goodbye seen by Courier" "$(cat "$RUN/courier-zc-browse.out")"; fi
stop courier-zc-browse
stop zc-pub

background courier-pub2 a "$COURIER_BIN" discover publish "Dept. 5" _associateHelp._tcp 8090 version=1.0 --interface veth-a
wait_for "$RUN/courier-pub2.out" '^published' 30
out=$(B timeout 15 "$PY" "$RUN/zc_browse.py" 4 2>&1)
expect_grep "python-zeroconf browses and resolves Courier" "found Dept\\. 5\\._associateHelp\\._tcp\\.local\\. \\['169\\.254\\.77\\.1'(, '[^']+')*\\] 8090 \\{'version': '1\\.0'\\}" "$out"
stop courier-pub2

cat > "$RUN/zc_clash.py" <<'PYEOF'
import socket, sys, time
from zeroconf import IPVersion, ServiceInfo, Zeroconf
zc = Zeroconf(interfaces=["169.254.77.2"], ip_version=IPVersion.V4Only)
info = ServiceInfo("_associateHelp._tcp.local.", sys.argv[1] + "._associateHelp._tcp.local.",
                   addresses=[socket.inet_aton("169.254.77.2")], port=7200, server="zc-b.local.")
zc.register_service(info, allow_name_change=True)
print("registered", info.name, flush=True)
time.sleep(float(sys.argv[2]))
zc.unregister_service(info)
zc.close()
PYEOF
background zc-clash b "$PY" "$RUN/zc_clash.py" "Zc Clash" 8
wait_for "$RUN/zc-clash.out" registered 50
out=$(A timeout 10 "$COURIER_BIN" discover publish "Zc Clash" _associateHelp._tcp 8091 --interface veth-a --ipv4 --timeout 3 2>&1)
expect_grep "Courier renames on conflict with python-zeroconf" '^published "Zc Clash \(2\)" _associateHelp\._tcp 8091$' "$out"
stop zc-clash
background courier-taken2 a "$COURIER_BIN" discover publish "Courier Clash" _associateHelp._tcp 8092 --interface veth-a --ipv4
wait_for "$RUN/courier-taken2.out" '^published' 30
out=$(B timeout 20 "$PY" "$RUN/zc_clash.py" "Courier Clash" 0 2>&1)
expect_grep "python-zeroconf renames on conflict with Courier (Name-2)" 'registered Courier Clash-2\._associateHelp' "$out"
stop courier-taken2

# --- Peers in separate processes in two namespaces (issue 23): listen in a, send from b over the veth -----------
# Each side gets a host name of its own (a UTS namespace), as two machines would. (With one shared host name a
# sender still probing the name sometimes resolves the listener to its own address: see docs/DISCOVERY.md.)
PA() { ip netns exec courier-a unshare --uts sh -c 'hostname peers-ann; exec "$@"' sh "$@"; }
PB() { ip netns exec courier-b unshare --uts sh -c 'hostname peers-bob; exec "$@"' sh "$@"; }
PA "$COURIER_BIN" peers listen --session-id interop-peers --name Ann --count 6 --timeout 90 > "$RUN/peers-listen.out" 2>&1 &
echo $! > "$RUN/peers-listen.pid"
sleep 1
for i in 1 2 3 4 5; do
    out=$(PB timeout 20 "$COURIER_BIN" peers send --session-id interop-peers --name "Bob $i" --message "reliable $i" \
        --timeout 10 2>&1)
    expect_grep "peers: a reliable message from namespace b reaches the listener in a (run $i)" \
        '^delivered to 1 peer\(s\): Ann$' "$out"
done
out=$(PB timeout 20 "$COURIER_BIN" peers send --session-id interop-peers --name Carol --message "unreliable" \
    --unreliable --timeout 10 2>&1)
expect_grep "peers: an unreliable message is sent across the namespaces" '^sent to 1 peer\(s\): Ann$' "$out"
if wait_for "$RUN/peers-listen.out" '^from Carol: unreliable$' 50; then
    pass "peers: the listener prints all six messages"
    expect_grep "peers: the last reliable message is among them" '^from Bob 5: reliable 5$' "$(cat "$RUN/peers-listen.out")"
else
    fail "peers: the listener prints all six messages" "$(cat "$RUN/peers-listen.out")"
fi
stop peers-listen

# --- Courier only: several processes on the loopback of an unprivileged namespace (unshare -rn) ----------------
out=$(unshare -rn sh -c '
    ip link set lo up
    "$0" discover publish "Loop Back" _associateHelp._tcp 9000 v=1 --loopback --ipv4 > /dev/null 2>&1 &
    pub=$!
    "$0" discover browse _associateHelp._tcp -rp --loopback --ipv4 --timeout 3
    kill $pub; wait $pub
    "$0" discover browse _associateHelp._tcp -p --loopback --ipv4 --timeout 1
' "$COURIER_BIN" 2>&1)
expect_grep "unshare -rn: one process browses another on lo" '^\+;lo;IPv4;Loop\\032Back;_associateHelp\._tcp;local$' "$out"
expect_grep "unshare -rn: and resolves it" '^=;lo;IPv4;Loop\\032Back;_associateHelp\._tcp;local;[^;]+;127\.0\.0\.1;9000;"v=1"$' "$out"

echo
if [[ $FAILURES -eq 0 ]]; then echo "discovery interop: all passed"; else echo "discovery interop: $FAILURES failed"; fi
exit $((FAILURES > 0))
