# The spec's network-namespace rig for CourierDiscovery, sourced by .ci/interop/discovery.sh (the interop checks)
# and .ci/bench/discovery-rig.sh (the benchmark): namespaces courier-a (169.254.77.1, veth-a) and courier-b
# (169.254.77.2, veth-b) joined by a veth pair, with IPv6 link-local addresses; avahi-daemon 0.8 with a private
# D-Bus in courier-b (host name avahi-b); python-zeroconf and dbus-next in a venv. Needs root. Sets RUN (a
# temporary directory), PY (the venv's python) and the helpers A, B, background, stop and wait_for; removes
# everything on exit.

# --no-install-recommends keeps libnss-mdns out: it would rewrite /etc/nsswitch.conf.
if ! command -v avahi-daemon >/dev/null || ! command -v dig >/dev/null || ! command -v dbus-daemon >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        avahi-daemon avahi-utils dbus iproute2 bind9-dnsutils >/dev/null
fi
RUN=$(mktemp -d)
python3 -m venv "$RUN/venv" && "$RUN/venv/bin/pip" install -q zeroconf dbus-next \
    || { echo "cannot install zeroconf and dbus-next" >&2; exit 1; }
PY="$RUN/venv/bin/python"

cleanup() {
    set +e
    for f in "$RUN"/*.pid; do [[ -f "$f" ]] && kill "$(cat "$f")" 2>/dev/null; done
    sleep 0.3
    ip netns del courier-a 2>/dev/null
    ip netns del courier-b 2>/dev/null
    ip netns del courier-c 2>/dev/null   # made by the interface re-scan check
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
background() {  # pidfile-name, namespace (a|b), command…  — `ip netns exec` execs, so $! is the command itself
    local name=$1 ns=$2; shift 2
    ip netns exec "courier-$ns" "$@" > "$RUN/$name.out" 2>&1 &
    echo $! > "$RUN/$name.pid"
}
# A command started through a shell function (PA, PB, PC) runs as a child of the backgrounded subshell whose pid was
# saved: its children go first, or they would outlive the script.
stop() {
    [[ -f "$RUN/$1.pid" ]] || return 0
    local pid
    pid=$(cat "$RUN/$1.pid")
    pkill -P "$pid" 2>/dev/null
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    rm -f "$RUN/$1.pid"
}
wait_for() {  # file, pattern, tenths of a second
    for _ in $(seq 1 "${3:-50}"); do grep -qE -- "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
    return 1
}

