#!/usr/bin/env bash
# Interop peers for Courier's proxy tunnels (issue 21, part C):
#   - squid (Debian) as a forward proxy with Basic authentication (basic_ncsa_auth + htpasswd),
#   - a second squid with Digest authentication (digest_file_auth),
#   - dante-server (danted) for SOCKS5 with username/password (RFC 1929) against a system user.
# Everything listens on 127.0.0.1 on free ports with its configuration in a temporary directory, is checked with
# curl, and is stopped when the script exits. Then the gated Swift interop tests run against the peers.
#
# Usage: .ci/interop/proxies.sh [--peers-only] [PACKAGE_DIR]
#   --peers-only   start and check the peers with curl, then stop (no swift test)
#   PACKAGE_DIR    the Swift package to test (default: the current directory)
set -euo pipefail

PEERS_ONLY=0
if [[ "${1:-}" == "--peers-only" ]]; then
    PEERS_ONLY=1
    shift
fi
PACKAGE_DIR="${1:-$PWD}"

PROXY_USER=courier
PROXY_PASSWORD='courier-proxy-pass'
SOCKS_USER=courierproxy
SOCKS_PASSWORD='courier-socks-pass'

if [[ $(id -u) -ne 0 ]]; then
    echo "proxies.sh: must run as root (installs packages, creates the SOCKS user)" >&2
    exit 1
fi

echo "== installing squid, apache2-utils (htpasswd), dante-server, curl"
export DEBIAN_FRONTEND=noninteractive
if ! command -v squid >/dev/null || ! command -v danted >/dev/null || ! command -v htpasswd >/dev/null \
    || ! command -v curl >/dev/null; then
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends squid apache2-utils dante-server curl python3 >/dev/null
fi
# The Debian packages start system services on install where an init system runs; the test peers are separate.

WORK=$(mktemp -d /tmp/courier-proxies.XXXXXX)
chmod 755 "$WORK"
PIDS=()

cleanup() {
    for pid in "${PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${PIDS[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

wait_for_port() {
    local port=$1 name=$2
    for _ in $(seq 1 100); do
        if python3 -c "import socket,sys; s=socket.socket(); s.settimeout(0.2); sys.exit(s.connect_ex(('127.0.0.1', $port)))"; then
            return 0
        fi
        sleep 0.1
    done
    echo "proxies.sh: $name did not start listening on 127.0.0.1:$port; its log:" >&2
    cat "$WORK/$name.log" >&2 || true
    exit 1
}

SQUID_BASIC_PORT=$(free_port)
SQUID_DIGEST_PORT=$(free_port)
DANTE_PORT=$(free_port)
ORIGIN_PORT=$(free_port)

echo "== origin (python http.server) on 127.0.0.1:$ORIGIN_PORT"
mkdir -p "$WORK/origin"
echo "courier-origin-ok" >"$WORK/origin/index.txt"
python3 -m http.server "$ORIGIN_PORT" --bind 127.0.0.1 --directory "$WORK/origin" >"$WORK/origin.log" 2>&1 &
PIDS+=($!)
wait_for_port "$ORIGIN_PORT" origin

start_squid() {
    local name=$1 port=$2 auth_lines=$3
    mkdir -p "$WORK/$name"
    cat >"$WORK/$name/squid.conf" <<CONF
http_port 127.0.0.1:$port
visible_hostname courier-$name
pid_filename $WORK/$name/squid.pid
access_log stdio:$WORK/$name/access.log
cache_log $WORK/$name/cache.log
cache_store_log none
coredump_dir $WORK/$name
cache deny all
cache_effective_user proxy
shutdown_lifetime 1 seconds
$auth_lines
acl authenticated proxy_auth REQUIRED
# The tests tunnel to origins on arbitrary loopback ports, so CONNECT is not limited to 443 (no SSL_ports rule).
http_access allow authenticated
http_access deny all
CONF
    chown -R proxy:proxy "$WORK/$name"
    squid -N -f "$WORK/$name/squid.conf" >"$WORK/$name.log" 2>&1 &
    PIDS+=($!)
    wait_for_port "$port" "$name"
}

echo "== squid with Basic on 127.0.0.1:$SQUID_BASIC_PORT"
mkdir -p "$WORK/squid-basic"
htpasswd -bc "$WORK/squid-basic/htpasswd" "$PROXY_USER" "$PROXY_PASSWORD" 2>/dev/null
start_squid squid-basic "$SQUID_BASIC_PORT" "auth_param basic program /usr/lib/squid/basic_ncsa_auth $WORK/squid-basic/htpasswd
auth_param basic realm courier-basic
auth_param basic children 2"

echo "== squid with Digest on 127.0.0.1:$SQUID_DIGEST_PORT"
mkdir -p "$WORK/squid-digest"
printf '%s:%s\n' "$PROXY_USER" "$PROXY_PASSWORD" >"$WORK/squid-digest/passwords"
start_squid squid-digest "$SQUID_DIGEST_PORT" "auth_param digest program /usr/lib/squid/digest_file_auth $WORK/squid-digest/passwords
auth_param digest realm courier-digest
auth_param digest children 2"

echo "== dante (danted) with username/password on 127.0.0.1:$DANTE_PORT"
if ! id "$SOCKS_USER" >/dev/null 2>&1; then
    useradd --no-create-home --shell /usr/sbin/nologin "$SOCKS_USER"
fi
echo "$SOCKS_USER:$SOCKS_PASSWORD" | chpasswd
cat >"$WORK/danted.conf" <<CONF
logoutput: $WORK/danted.log
internal: 127.0.0.1 port = $DANTE_PORT
external: 127.0.0.1
clientmethod: none
socksmethod: username
user.privileged: root
user.unprivileged: nobody
client pass {
    from: 127.0.0.0/8 to: 0.0.0.0/0
}
socks pass {
    from: 127.0.0.0/8 to: 127.0.0.0/8
    command: connect
    socksmethod: username
}
CONF
danted -f "$WORK/danted.conf" -p "$WORK/danted.pid" >"$WORK/dante.log" 2>&1 &
PIDS+=($!)
wait_for_port "$DANTE_PORT" dante

ORIGIN="http://127.0.0.1:$ORIGIN_PORT/index.txt"
check() {
    local what=$1
    shift
    local body
    if body=$(curl --silent --show-error --fail --max-time 20 "$@" "$ORIGIN") && [[ "$body" == "courier-origin-ok" ]]; then
        echo "ok: $what"
    else
        echo "proxies.sh: curl check failed: $what" >&2
        exit 1
    fi
}
refused() {
    local what=$1
    shift
    if curl --silent --fail --max-time 20 "$@" "$ORIGIN" >/dev/null 2>&1; then
        echo "proxies.sh: expected a failure: $what" >&2
        exit 1
    fi
    echo "ok (refused): $what"
}

echo "== checking the peers with curl"
check "squid Basic, absolute-form" -x "http://127.0.0.1:$SQUID_BASIC_PORT" --proxy-user "$PROXY_USER:$PROXY_PASSWORD"
check "squid Basic, CONNECT" -p -x "http://127.0.0.1:$SQUID_BASIC_PORT" --proxy-user "$PROXY_USER:$PROXY_PASSWORD"
refused "squid Basic without credentials" -p -x "http://127.0.0.1:$SQUID_BASIC_PORT"
check "squid Digest, absolute-form" -x "http://127.0.0.1:$SQUID_DIGEST_PORT" --proxy-digest \
    --proxy-user "$PROXY_USER:$PROXY_PASSWORD"
check "squid Digest, CONNECT" -p -x "http://127.0.0.1:$SQUID_DIGEST_PORT" --proxy-digest \
    --proxy-user "$PROXY_USER:$PROXY_PASSWORD"
check "dante, socks5h with username/password" -x "socks5h://$SOCKS_USER:$SOCKS_PASSWORD@127.0.0.1:$DANTE_PORT"
check "dante, socks5 with username/password" -x "socks5://$SOCKS_USER:$SOCKS_PASSWORD@127.0.0.1:$DANTE_PORT"
refused "dante with a wrong password" -x "socks5h://$SOCKS_USER:wrong@127.0.0.1:$DANTE_PORT"

if [[ $PEERS_ONLY -eq 1 ]]; then
    exit 0
fi

echo "== Swift interop tests"
export COURIER_INTEROP=1
export COURIER_SQUID_BASIC_PORT=$SQUID_BASIC_PORT
export COURIER_SQUID_DIGEST_PORT=$SQUID_DIGEST_PORT
export COURIER_DANTE_PORT=$DANTE_PORT
export COURIER_PROXY_USER=$PROXY_USER
export COURIER_PROXY_PASSWORD=$PROXY_PASSWORD
export COURIER_SOCKS_USER=$SOCKS_USER
export COURIER_SOCKS_PASSWORD=$SOCKS_PASSWORD
(cd "$PACKAGE_DIR" && swift test --skip-build --filter ProxyInteropTests)
