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

# The rig: namespaces courier-a and courier-b, avahi-daemon in courier-b, python-zeroconf; RUN, PY and helpers.
source "$(dirname "$0")/discovery-rig.sh"

FAILURES=0
pass() { echo "ok   - $1"; }
fail() { echo "FAIL - $1"; [[ -n "${2:-}" ]] && echo "$2" | sed 's/^/       /'; FAILURES=$((FAILURES + 1)); }
expect_grep() {  # name, pattern, text
    if grep -qE -- "$2" <<<"$3"; then pass "$1"; else fail "$1" "expected /$2/ in:
$3"; fi
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

# --- Avahi's TXT update seen by Courier ------------------------------------------------------------------------
# avahi-publish cannot change a TXT record; this client of avahi-daemon's D-Bus API (dbus-next) publishes, then
# calls EntryGroup.UpdateServiceTxt with each line read from standard input.
cat > "$RUN/avahi_publish.py" <<'PYEOF'
import asyncio, sys
from dbus_next import BusType
from dbus_next.aio import MessageBus
async def main():
    name, type_, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
    bus = await MessageBus(bus_type=BusType.SYSTEM).connect()
    async def interface(path, name):
        node = await bus.introspect("org.freedesktop.Avahi", path)
        return bus.get_proxy_object("org.freedesktop.Avahi", path, node).get_interface(name)
    server = await interface("/", "org.freedesktop.Avahi.Server")
    group = await interface(await server.call_entry_group_new(), "org.freedesktop.Avahi.EntryGroup")
    established = asyncio.Event()
    group.on_state_changed(lambda state, error: established.set() if state == 2 else None)  # 2: ESTABLISHED
    # Interface and protocol -1: every one avahi-daemon uses; flags 0.
    await group.call_add_service(-1, -1, 0, name, type_, "", "", port, [a.encode() for a in sys.argv[4:]])
    await group.call_commit()
    await established.wait()
    print("established", flush=True)
    loop = asyncio.get_running_loop()
    while line := await loop.run_in_executor(None, sys.stdin.readline):
        await group.call_update_service_txt(-1, -1, 0, name, type_, "", [a.encode() for a in line.split()])
        print("updated", flush=True)
    await asyncio.Event().wait()
asyncio.run(main())
PYEOF
mkfifo "$RUN/avahi-txt.fifo"
exec 8<>"$RUN/avahi-txt.fifo"   # read-write: opening does not wait for the reader, and the reader never sees EOF
background avahi-txt b sh -c 'exec "$0" "$1" "Avahi TXT" _associateHelp._tcp 7003 version=1.0 < "$2"' \
    "$PY" "$RUN/avahi_publish.py" "$RUN/avahi-txt.fifo"
wait_for "$RUN/avahi-txt.out" '^established' 50 || fail "Avahi publishes through D-Bus" "$(cat "$RUN/avahi-txt.out")"
# browse -r keeps resolving while it runs (as avahi-browse -r would not): each TXT change prints a new = line.
background courier-avahi-txt a "$COURIER_BIN" discover browse _associateHelp._tcp -rp --interface veth-a --ipv4 --timeout 30
wait_for "$RUN/courier-avahi-txt.out" '^=;veth-a;IPv4;Avahi\\032TXT;.*;7003;"version=1\.0"$' 50
echo "version=2.0" >&8
wait_for "$RUN/avahi-txt.out" '^updated' 30
if wait_for "$RUN/courier-avahi-txt.out" '^=;veth-a;IPv4;Avahi\\032TXT;.*;7003;"version=2\.0"$' 30; then
    pass "Courier sees Avahi's TXT update (EntryGroup.UpdateServiceTxt)"
else
    fail "Courier sees Avahi's TXT update (EntryGroup.UpdateServiceTxt)" \
        "$(cat "$RUN/courier-avahi-txt.out" "$RUN/avahi-txt.out")"
fi
stop courier-avahi-txt
stop avahi-txt
exec 8>&-

# --- Avahi browses and resolves what Courier publishes ---------------------------------------------------------
mkfifo "$RUN/kids-txt.fifo"
exec 7<>"$RUN/kids-txt.fifo"
background courier-pub a sh -c 'exec "$0" discover publish "Kids Shoes" _associateHelp._tcp 8080 version=1.0 \
    --interface veth-a --txt-from-stdin < "$1"' "$COURIER_BIN" "$RUN/kids-txt.fifo"
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
echo 'version=2.0 "note=two words"' >&7
if wait_for "$RUN/courier-pub.out" '^updated TXT "version=2\.0" "note=two words"$' 30; then
    # A running avahi-browse -r resolves each service once; a new one reads avahi-daemon's cache, which the
    # announcement (cache-flush bit set) updates as it arrives: asked again until it shows, within 5 s.
    for _ in $(seq 1 25); do
        out=$(B avahi-browse -rpt _associateHelp._tcp 2>&1)
        grep -q '^=;veth-b;IPv4;Kids\\032Shoes;.*"version=2\.0"' <<<"$out" && break
        sleep 0.2
    done
    # avahi-browse prints TXT strings last first.
    expect_grep "Avahi sees Courier's TXT update (avahi-browse -rp)" \
        '^=;veth-b;IPv4;Kids\\032Shoes;_associateHelp\._tcp;local;[^;]+;[^;]+;8080;"note=two words" "version=2\.0"$' "$out"
else
    fail "Avahi sees Courier's TXT update (avahi-browse -rp)" "$(cat "$RUN/courier-pub.out")"
fi
background avahi-browse b avahi-browse -p _associateHelp._tcp
wait_for "$RUN/avahi-browse.out" '^\+;veth-b;IPv4;Kids' 40
stop courier-pub
exec 7>&-
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
ServiceBrowser(zc, sys.argv[2] if len(sys.argv) > 2 else "_associateHelp._tcp.local.", Listener())
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

# --- IPv6 link-local with python-zeroconf, both ways -----------------------------------------------------------
A6=$(ip -n courier-a -6 -o addr show dev veth-a scope link | awk '{print $4}' | cut -d/ -f1)
B6=$(ip -n courier-b -6 -o addr show dev veth-b scope link | awk '{print $4}' | cut -d/ -f1)
B_INDEX=$(ip -n courier-b -o link show dev veth-b | cut -d: -f1)
cat > "$RUN/zc6_publish.py" <<'PYEOF'
import socket, sys, time
from zeroconf import IPVersion, ServiceInfo, Zeroconf
# IPv6 interfaces are given to python-zeroconf by index.
zc = Zeroconf(interfaces=[socket.if_nametoindex(sys.argv[1])], ip_version=IPVersion.V6Only)
info = ServiceInfo("_associateHelp._tcp.local.", "Zc Six._associateHelp._tcp.local.", parsed_addresses=[sys.argv[2]],
                   port=7400, properties={"version": "1.0"}, server="zc6-b.local.")
zc.register_service(info)
print("registered", flush=True)
time.sleep(float(sys.argv[3]))
zc.unregister_service(info)
zc.close()
PYEOF
cat > "$RUN/zc6_resolve.py" <<'PYEOF'
import socket, sys, threading
from zeroconf import IPVersion, ServiceBrowser, Zeroconf
zc = Zeroconf(interfaces=[socket.if_nametoindex(sys.argv[1])], ip_version=IPVersion.V6Only)
done = threading.Event()
class Listener:
    def add_service(self, zc, type_, name):
        if name != sys.argv[2] + "." + type_:
            return
        info = zc.get_service_info(type_, name, timeout=3000)
        if info:
            print("found", name, info.parsed_scoped_addresses(IPVersion.V6Only), info.port, flush=True)
            done.set()
    def remove_service(self, *args): pass
    def update_service(self, *args): pass
ServiceBrowser(zc, "_associateHelp._tcp.local.", Listener())
done.wait(float(sys.argv[3]))
zc.close()
PYEOF
background zc6-pub b "$PY" "$RUN/zc6_publish.py" veth-b "$B6" 30
wait_for "$RUN/zc6-pub.out" registered 50
background courier-zc6 a "$COURIER_BIN" discover browse _associateHelp._tcp -rp --interface veth-a --ipv6 --timeout 30
if wait_for "$RUN/courier-zc6.out" \
    "^=;veth-a;IPv6;Zc\\\\032Six;_associateHelp\\._tcp;local;zc6-b\\.local;${B6//./\\.}%veth-a;7400;\"version=1\\.0\"\$" 50
then pass "Courier resolves python-zeroconf over IPv6 link-local with scope ($B6%veth-a)"
else fail "Courier resolves python-zeroconf over IPv6 link-local with scope" "$(cat "$RUN/courier-zc6.out")"; fi
stop courier-zc6
stop zc6-pub
background courier-six a "$COURIER_BIN" discover publish "Courier Six" _associateHelp._tcp 8093 --interface veth-a
wait_for "$RUN/courier-six.out" '^published' 30
out=$(B timeout 20 "$PY" "$RUN/zc6_resolve.py" veth-b "Courier Six" 15 2>&1)
expect_grep "python-zeroconf resolves Courier over IPv6 link-local with scope ($A6%$B_INDEX)" \
    "^found Courier Six\\._associateHelp\\._tcp\\.local\\. \\[.*'$A6%$B_INDEX'.*\\] 8093$" "$out"
stop courier-six

# --- Interface re-scan: an interface that appears while Courier runs is joined, one that goes away is left -------
# A third namespace, courier-c, is linked to courier-a by a new veth pair (veth-c in a, veth-d in c) while a Courier
# publisher and a Courier browser run in courier-a, both told to use veth-a and veth-c (which does not exist yet).
# Courier reads the interface list every 5 s. Before a datagram's arrival interface decided its stack, Linux's
# delivery of IPv6 multicast to every socket in the group (whichever interface it joined on) made a service on
# veth-c appear on veth-a too.
PC() { ip netns exec courier-c unshare --uts sh -c 'hostname rescan-c; exec "$@"' sh "$@"; }
background rescan-pub a "$COURIER_BIN" discover publish "Rescan A" _associateHelp._tcp 8094 --interface veth-a --interface veth-c
background rescan-browse a "$COURIER_BIN" discover browse _associateHelp._tcp -p --interface veth-a --interface veth-c --timeout 60
wait_for "$RUN/rescan-pub.out" '^published' 30
ip netns add courier-c
ip link add veth-c type veth peer name veth-d
ip link set veth-c netns courier-a && ip link set veth-d netns courier-c
ip -n courier-a addr add 169.254.78.1/24 dev veth-c
ip -n courier-c addr add 169.254.78.2/24 dev veth-d
ip -n courier-c link set lo up; ip -n courier-a link set veth-c up; ip -n courier-c link set veth-d up
for n in a:veth-c c:veth-d; do
    for _ in $(seq 1 50); do
        ip -n courier-${n%%:*} -6 addr show dev ${n##*:} | grep -q "fe80.*scope link" \
            && ! ip -n courier-${n%%:*} -6 addr show dev ${n##*:} | grep -q tentative && break
        sleep 0.1
    done
done
PC "$COURIER_BIN" discover publish "Rescan C" _associateHelp._tcp 8095 --interface veth-d > "$RUN/rescan-c-pub.out" 2>&1 &
echo $! > "$RUN/rescan-c-pub.pid"
PC "$COURIER_BIN" discover browse _associateHelp._tcp -p --interface veth-d --timeout 60 > "$RUN/rescan-c-browse.out" 2>&1 &
echo $! > "$RUN/rescan-c-browse.pid"
for proto in IPv4 IPv6; do
    if wait_for "$RUN/rescan-browse.out" "^\\+;veth-c;$proto;Rescan\\\\032C;" 150; then
        pass "re-scan: a service on an interface that appeared is found there ($proto)"
    else fail "re-scan: a service on an interface that appeared is found there ($proto)" "$(cat "$RUN/rescan-browse.out")"; fi
done
if wait_for "$RUN/rescan-c-browse.out" '^\+;veth-d;IPv4;Rescan\\032A;' 150; then
    pass "re-scan: a service published before the interface appeared is announced on it"
else fail "re-scan: a service published before the interface appeared is announced on it" "$(cat "$RUN/rescan-c-browse.out")"; fi
ip -n courier-a link del veth-c
if wait_for "$RUN/rescan-browse.out" '^-;veth-c;IPv4;Rescan\\032C;' 150; then
    pass "re-scan: the services of an interface that went away are removed"
else fail "re-scan: the services of an interface that went away are removed" "$(cat "$RUN/rescan-browse.out")"; fi
out=$(grep 'Rescan\\032C' "$RUN/rescan-browse.out")
if grep -q ';veth-a;' <<<"$out"; then fail "re-scan: the new interface's service is never reported on another one" "$out"
else pass "re-scan: the new interface's service is never reported on another one"; fi
stop rescan-c-browse
stop rescan-c-pub
stop rescan-browse
stop rescan-pub

# --- Peers in separate processes in two namespaces (issue 23): listen in a, send from b over the veth -----------
# Each side gets a host name of its own (a UTS namespace), as two machines would. (With one shared host name a
# sender still probing the name sometimes resolves the listener to its own address: see docs/DISCOVERY.md.)
PA() { ip netns exec courier-a unshare --uts sh -c 'hostname peers-ann; exec "$@"' sh "$@"; }
PB() { ip netns exec courier-b unshare --uts sh -c 'hostname peers-bob; exec "$@"' sh "$@"; }
PA "$COURIER_BIN" peers listen --session-id interop-peers --name Ann --count 7 --timeout 90 > "$RUN/peers-listen.out" 2>&1 &
echo $! > "$RUN/peers-listen.pid"
# Avahi, beside the sender in b, sees the listener under the session's hashed service type (`_cp-` and 11
# characters of base32 of SHA-256 of the session ID) with its TXT record (spec: peers.md, Discovery).
peers_type=$("$PY" -c 'import base64, hashlib, sys
print("_cp-" + base64.b32encode(hashlib.sha256(sys.argv[1].encode()).digest()).decode().lower()[:11] + "._tcp")' \
    interop-peers)
out=""
for _ in $(seq 1 20); do
    out=$(B avahi-browse -rpt "$peers_type" 2>&1)
    grep -q '^=;veth-b;IPv4;' <<<"$out" && break
    sleep 0.5
done
expect_grep "peers: Avahi resolves the listener's hashed type ($peers_type) with its TXT" \
    "^=;veth-b;IPv4;[^;]+;${peers_type//./\\.};local;[^;]+;[^;]+;[0-9]+;.*\"dn=Ann\" \"sid=interop-peers\"" "$out"
out=$(B timeout 15 "$PY" "$RUN/zc_browse.py" 4 "$peers_type.local." 2>&1)
expect_grep "peers: python-zeroconf resolves the listener's hashed type with its TXT" \
    "found [^ ]+\\.${peers_type//./\\.}\\.local\\. \\['169\\.254\\.77\\.1'.*\\] [0-9]+ \\{.*'sid': 'interop-peers', 'dn': 'Ann'" "$out"
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
# A 5 000-byte unreliable message is six datagrams: sent as one run with UDP segmentation offload and read as one
# with receive offload over the veth pair, where the kernel cuts and joins them. Unreliable, so up to three tries.
long=$(printf 'L%.0s' $(seq 1 5000))
for try in 1 2 3; do
    PB timeout 20 "$COURIER_BIN" peers send --session-id interop-peers --name Dave --message "$long" --unreliable \
        --timeout 10 > /dev/null 2>&1
    wait_for "$RUN/peers-listen.out" "^from Dave: L{5000}\$" 30 && break
done
if grep -Eq "^from Dave: L{5000}\$" "$RUN/peers-listen.out"; then
    pass "peers: a 5 000-byte unreliable message (a run of six datagrams) arrives whole across the namespaces"
else
    fail "peers: a 5 000-byte unreliable message (a run of six datagrams) arrives whole across the namespaces" \
        "$(tail -c 300 "$RUN/peers-listen.out")"
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
