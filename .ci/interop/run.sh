#!/usr/bin/env bash
# Starts real peers on loopback (nginx over HTTP/1.1 and HTTP/2 with TLS), then runs the tests
# gated by COURIER_INTEROP=1 against them. Everything it starts is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d /tmp/courier-interop.XXXXXX)
cleanup() {
    if [ -f "$work/nginx.pid" ]; then kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; fi
    if [ -f "$work/httpbin.pid" ]; then kill "$(cat "$work/httpbin.pid")" 2>/dev/null || true; fi
    if [ -f "$work/upload.pid" ]; then kill "$(cat "$work/upload.pid")" 2>/dev/null || true; fi
    # Server trust and client identity: the second nginx and openssl s_server.
    for pidfile in "$work"/trust/*.pid; do [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true; done
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
# The issue's 1 GiB file (not committed): 32 MiB of random bytes repeated 32 times.
for _ in $(seq 32); do cat "$work/www/large.bin"; done > "$work/www/huge.bin"
echo '{"service":"nginx","ok":true}' > "$work/www/hello.json"
# For the HTTP cache tests: one small file per test case, and a compressible JSON document.
mkdir -p "$work/www/fresh" "$work/www/stale" "$work/www/nocache" "$work/www/epoch" "$work/www/gz"
for name in one two three four; do
    for dir in fresh stale nocache epoch; do echo "cached $dir/$name" > "$work/www/$dir/$name.txt"; done
done
python3 -c 'import json; print(json.dumps([{"id": i, "name": "item %d" % i, "tags": ["a", "b"]} for i in range(2000)]))' \
    > "$work/www/gz/items.json"
cp "$work/www/gz/items.json" "$work/www/gz/vary.json"
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

# httpbin (PyPI) under gunicorn on a free loopback port, for cookie and authentication tests. .ci/run
# installs it into a virtual environment; COURIER_HTTPBIN_PYTHON names another Python that has it.
httpbin_python="${COURIER_HTTPBIN_PYTHON:-${COURIER_HTTPBIN_VENV:-$HOME/.cache/courier/httpbin-venv}/bin/python}"
[ -x "$httpbin_python" ] || httpbin_python=python3
if ! "$httpbin_python" -c 'import httpbin, gunicorn' >/dev/null 2>&1; then
    echo "interop: httpbin and gunicorn are not installed for $httpbin_python; run .ci/run (or pip install httpbin gunicorn)" >&2
    exit 1
fi
httpbin_port=$(free_port)
"$httpbin_python" -m gunicorn --bind "127.0.0.1:$httpbin_port" --workers 2 --threads 4 \
    --log-level warning httpbin:app > "$work/httpbin.log" 2>&1 &
echo $! > "$work/httpbin.pid"
httpbin_up=no
for _ in $(seq 1 100); do
    if curl -fsS "http://127.0.0.1:$httpbin_port/get" >/dev/null 2>&1; then httpbin_up=yes; break; fi
    if ! kill -0 "$(cat "$work/httpbin.pid")" 2>/dev/null; then break; fi
    sleep 0.1
done
if [ "$httpbin_up" != yes ]; then
    echo "interop: httpbin did not start on 127.0.0.1:$httpbin_port; its log:" >&2
    cat "$work/httpbin.log" >&2
    exit 1
fi
export COURIER_HTTPBIN_URL="http://127.0.0.1:$httpbin_port"

# A small Flask/Werkzeug upload endpoint (.ci/interop/upload_server.py) in the same Python, which has Flask
# because httpbin depends on it: it parses multipart bodies and answers with the SHA-256 of each file.
upload_port=$(free_port)
"$httpbin_python" .ci/interop/upload_server.py "$upload_port" > "$work/upload.log" 2>&1 &
echo $! > "$work/upload.pid"
upload_up=no
for _ in $(seq 1 100); do
    if curl -fsS "http://127.0.0.1:$upload_port/health" >/dev/null 2>&1; then upload_up=yes; break; fi
    if ! kill -0 "$(cat "$work/upload.pid")" 2>/dev/null; then break; fi
    sleep 0.1
done
if [ "$upload_up" != yes ]; then
    echo "interop: the upload endpoint did not start on 127.0.0.1:$upload_port; its log:" >&2
    cat "$work/upload.log" >&2
    exit 1
fi
export COURIER_UPLOAD_URL="http://127.0.0.1:$upload_port"

# --- Server trust and client identity (issue 4) -------------------------------------------------
# A second nginx (.ci/interop/nginx-trust.conf) with a self-signed certificate and with a server
# requiring client certificates from the interop CA, and `openssl s_server -Verify 1`, which refuses a
# handshake without a client certificate. Client identities are PKCS#12 files made by openssl: its
# default encryption (OpenSSL 3: PBES2, AES-256-CBC, PBKDF2, HMAC-SHA256 MAC) and the legacy one.
trust="$work/trust"
mkdir -p "$trust/tmp"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj "/CN=localhost" \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout "$trust/selfsigned.key" -out "$trust/selfsigned.pem" 2>/dev/null
self_signed_pin="sha256/$(openssl x509 -in "$trust/selfsigned.pem" -pubkey -noout \
    | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64)"
printf "basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n" > "$trust/client-ext.cnf"
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=Courier Interop Client" \
    -keyout "$trust/client.key" -out "$trust/client.csr" 2>/dev/null
openssl x509 -req -in "$trust/client.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -CAcreateserial \
    -days 2 -extfile "$trust/client-ext.cnf" -out "$trust/client.pem" 2>/dev/null
openssl pkcs12 -export -in "$trust/client.pem" -inkey "$trust/client.key" -certfile "$work/ca.pem" \
    -passout pass:interop -out "$trust/client.p12"
if ! openssl pkcs12 -export -legacy -in "$trust/client.pem" -inkey "$trust/client.key" \
    -passout pass:interop -out "$trust/client-legacy.p12" 2>/dev/null; then
    # OpenSSL 1.1 has no -legacy: its default is the legacy encryption.
    openssl pkcs12 -export -in "$trust/client.pem" -inkey "$trust/client.key" \
        -passout pass:interop -out "$trust/client-legacy.p12"
fi
# A client certificate from an unrelated CA, which the servers must refuse.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -subj "/CN=Unrelated CA" -keyout "$trust/stranger-ca.key" -out "$trust/stranger-ca.pem" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=Stranger" \
    -keyout "$trust/stranger.key" -out "$trust/stranger.csr" 2>/dev/null
openssl x509 -req -in "$trust/stranger.csr" -CA "$trust/stranger-ca.pem" -CAkey "$trust/stranger-ca.key" \
    -CAcreateserial -days 2 -extfile "$trust/client-ext.cnf" -out "$trust/stranger.pem" 2>/dev/null
openssl pkcs12 -export -in "$trust/stranger.pem" -inkey "$trust/stranger.key" \
    -passout pass:interop -out "$trust/stranger.p12"

self_signed_port=$(free_port)
mtls_port=$(free_port)
s_server_port=$(free_port)
sed -e "s|@WORK@|$work|g" -e "s|@TRUST@|$trust|g" -e "s|@SELF_SIGNED_PORT@|$self_signed_port|g" \
    -e "s|@MTLS_PORT@|$mtls_port|g" .ci/interop/nginx-trust.conf > "$trust/nginx.conf"
nginx -c "$trust/nginx.conf" -p "$trust"
openssl s_server -accept "127.0.0.1:$s_server_port" -cert "$work/server.pem" -key "$work/server.key" \
    -CAfile "$work/ca.pem" -Verify 1 -verify_return_error -www -quiet > "$trust/s_server.log" 2>&1 &
echo $! > "$trust/s_server.pid"
trust_up=no
for _ in $(seq 1 50); do
    if curl -fsS --cacert "$trust/selfsigned.pem" "https://localhost:$self_signed_port/" >/dev/null 2>&1 \
        && curl -fsS --cacert "$work/ca.pem" --cert "$trust/client.pem" --key "$trust/client.key" \
            "https://localhost:$mtls_port/" >/dev/null 2>&1 \
        && curl -fsS --cacert "$work/ca.pem" --cert "$trust/client.pem" --key "$trust/client.key" \
            "https://localhost:$s_server_port/" >/dev/null 2>&1; then
        trust_up=yes
        break
    fi
    sleep 0.1
done
if [ "$trust_up" != yes ]; then
    echo "interop: the server-trust peers did not start; logs:" >&2
    cat "$trust/error.log" "$trust/s_server.log" >&2 || true
    exit 1
fi
export COURIER_TLS_SELF_SIGNED_URL="https://localhost:$self_signed_port"
export COURIER_TLS_SELF_SIGNED_CERT="$trust/selfsigned.pem"
export COURIER_TLS_SELF_SIGNED_PIN="$self_signed_pin"
export COURIER_TLS_SELF_SIGNED_ACCESS_LOG="$trust/selfsigned-access.log"
export COURIER_TLS_MTLS_URL="https://localhost:$mtls_port"
export COURIER_TLS_MTLS_ACCESS_LOG="$trust/mtls-access.log"
export COURIER_TLS_S_SERVER_URL="https://localhost:$s_server_port"
export COURIER_TLS_CA="$work/ca.pem"
export COURIER_TLS_CLIENT_P12="$trust/client.p12"
export COURIER_TLS_CLIENT_LEGACY_P12="$trust/client-legacy.p12"
export COURIER_TLS_STRANGER_P12="$trust/stranger.p12"
export COURIER_TLS_P12_PASSPHRASE=interop
# --- end of server trust and client identity ----------------------------------------------------

export COURIER_INTEROP=1
export COURIER_NGINX_HTTP_URL="http://127.0.0.1:$http_port"
export COURIER_NGINX_HTTPS_URL="https://localhost:$https_port"
export COURIER_NGINX_CA="$work/ca.pem"
export COURIER_NGINX_ROOT="$work/www"
export COURIER_NGINX_CACHE_LOG="$work/logs/cache-access.log"
# COURIER_SCRATCH_PATH (optional) runs the tests of a build made with --scratch-path.
swift test --skip-build ${COURIER_SCRATCH_PATH:+--scratch-path "$COURIER_SCRATCH_PATH"} --filter Interop
