#!/usr/bin/env bash
# Starts real peers on loopback (nginx over HTTP/1.1 and HTTP/2 with TLS), then runs the tests
# gated by COURIER_INTEROP=1 against them. Everything it starts is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d /tmp/courier-interop.XXXXXX)
cleanup() {
    if [ -f "$work/nginx.pid" ]; then kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# A private CA and a leaf certificate for localhost / 127.0.0.1.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -subj "/CN=Courier Interop CA" -keyout "$work/ca.key" -out "$work/ca.pem" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
    -subj "/CN=localhost" -keyout "$work/server.key" -out "$work/server.csr" 2>/dev/null
printf "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n" > "$work/ext.cnf"
openssl x509 -req -in "$work/server.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -CAcreateserial \
    -days 2 -extfile "$work/ext.cnf" -out "$work/server.pem" 2>/dev/null

# Files to serve: 1 KiB and 32 MiB of pseudo-random bytes.
chmod 755 "$work"
mkdir -p "$work/www"
head -c 1024 /dev/urandom > "$work/www/small.bin"
head -c $((32 * 1024 * 1024)) /dev/urandom > "$work/www/large.bin"
echo '{"service":"nginx","ok":true}' > "$work/www/hello.json"
chmod -R a+rX "$work/www"

http_port=$(free_port)
https_port=$(free_port)
sed -e "s|@WORK@|$work|g" -e "s|@HTTP_PORT@|$http_port|g" -e "s|@HTTPS_PORT@|$https_port|g" \
    .ci/interop/nginx.conf > "$work/nginx.conf"
mkdir -p "$work/logs" "$work/tmp"
nginx -c "$work/nginx.conf" -p "$work"
for _ in $(seq 1 50); do
    if curl -fsS "http://127.0.0.1:$http_port/hello.json" >/dev/null 2>&1; then break; fi
    sleep 0.1
done
curl -fsS --cacert "$work/ca.pem" --http2 "https://localhost:$https_port/hello.json" >/dev/null

export COURIER_INTEROP=1
export COURIER_NGINX_HTTP_URL="http://127.0.0.1:$http_port"
export COURIER_NGINX_HTTPS_URL="https://localhost:$https_port"
export COURIER_NGINX_CA="$work/ca.pem"
export COURIER_NGINX_ROOT="$work/www"
swift test --skip-build --filter Interop
