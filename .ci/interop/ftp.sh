#!/usr/bin/env bash
# Runs the CourierFTP interop tests against real FTP servers on loopback:
#   pyftpdlib (PyPI, in a venv) on 127.0.0.1:2121 and vsftpd (Debian) on 127.0.0.1:2122, and a pyftpdlib
#   that stalls in passive mode on 127.0.0.1:2123.
# Both serve the same tree: hello.txt, big.bin (1 MiB), incoming/ (writable by the user), to anonymous
# (read-only) and to the user courier / courier-secret.
# Usage: .ci/interop/ftp.sh   (as root; installs what is missing, stops the servers on exit)
set -euo pipefail
cd "$(dirname "$0")/../.."

work=$(mktemp -d /tmp/courier-ftp-interop.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# The served tree. vsftpd refuses a writable anonymous root, so the root is read-only and incoming/ is not.
root=$work/root
chmod 755 "$work"  # the local user must traverse it
mkdir -p "$root/incoming"
printf 'hello from courier interop\n' > "$root/hello.txt"
python3 -c 'import sys; sys.stdout.buffer.write(bytes((i * 31) % 256 for i in range(1 << 20)))' > "$root/big.bin"

# pyftpdlib
venv=${COURIER_FTP_VENV:-$work/venv}
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import pyftpdlib' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet pyftpdlib
fi
cat > "$work/pyftpd.py" <<PY
from pyftpdlib.authorizers import DummyAuthorizer
from pyftpdlib.handlers import FTPHandler
from pyftpdlib.servers import FTPServer
authorizer = DummyAuthorizer()
authorizer.add_user("courier", "courier-secret", "$root", perm="elradfmwMT")
authorizer.add_anonymous("$root")
FTPHandler.authorizer = authorizer
FTPServer(("127.0.0.1", 2121), FTPHandler).serve_forever()
PY
"$venv/bin/python" "$work/pyftpd.py" > "$work/pyftpd.log" 2>&1 &
pids+=($!)

# A pyftpdlib that stalls in passive mode: it answers EPSV/PASV and accepts the data connection, announces a
# RETR with 150, then sends nothing (the client must give up within its own timeout).
cat > "$work/pyftpd_stall.py" <<PY
from pyftpdlib.authorizers import DummyAuthorizer
from pyftpdlib.handlers import FTPHandler
from pyftpdlib.servers import FTPServer
class StallingHandler(FTPHandler):
    def ftp_RETR(self, file):
        self.respond("150 Opening data connection.")
authorizer = DummyAuthorizer()
authorizer.add_anonymous("$root")
StallingHandler.authorizer = authorizer
FTPServer(("127.0.0.1", 2123), StallingHandler).serve_forever()
PY
"$venv/bin/python" "$work/pyftpd_stall.py" > "$work/pyftpd_stall.log" 2>&1 &
pids+=($!)

# vsftpd
if ! command -v vsftpd > /dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq vsftpd > /dev/null
fi
if id courier > /dev/null 2>&1; then usermod --home "$root" courier; else useradd --no-create-home --home-dir "$root" --shell /usr/sbin/nologin courier; fi
echo 'courier:courier-secret' | chpasswd
grep -qx /usr/sbin/nologin /etc/shells || echo /usr/sbin/nologin >> /etc/shells
chown root:root "$root"; chmod 755 "$root"; chown courier "$root/incoming"
mkdir -p /var/run/vsftpd/empty
cat > "$work/vsftpd.conf" <<CONF
listen=YES
listen_address=127.0.0.1
listen_port=2122
background=NO
anonymous_enable=YES
anon_root=$root
no_anon_password=YES
local_enable=YES
write_enable=YES
local_root=$root
pasv_enable=YES
pasv_address=127.0.0.1
seccomp_sandbox=NO
secure_chroot_dir=/var/run/vsftpd/empty
pam_service_name=vsftpd
xferlog_enable=NO
CONF
vsftpd "$work/vsftpd.conf" > "$work/vsftpd.log" 2>&1 &
pids+=($!)

# Wait until both accept connections (bounded: 50 tries of 0.2 s).
for port in 2121 2122 2123; do
    for _ in $(seq 50); do
        if python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1).close()" 2>/dev/null; then break; fi
        sleep 0.2
    done
done

if [ -n "${COURIER_FTP_CHECK_ONLY:-}" ]; then
    # Smoke-check the servers with Python's ftplib instead of running the Swift tests.
    "$venv/bin/python" - <<'PY'
import ftplib, io
for port in (2121, 2122):
    for user, password in (("anonymous", "x@"), ("courier", "courier-secret")):
        ftp = ftplib.FTP()
        ftp.connect("127.0.0.1", port, timeout=10)
        ftp.login(user, password)
        out = io.BytesIO()
        ftp.retrbinary("RETR hello.txt", out.write)
        print(port, user, out.getvalue(), ftp.sendcmd("EPSV"))
        ftp.quit()
PY
    exit 0
fi

COURIER_INTEROP=1 \
COURIER_FTP_INTEROP_SERVERS="pyftpdlib=ftp://127.0.0.1:2121,vsftpd=ftp://127.0.0.1:2122" \
COURIER_FTP_INTEROP_STALLING="ftp://127.0.0.1:2123" \
COURIER_FTP_INTEROP_USER=courier COURIER_FTP_INTEROP_PASSWORD=courier-secret \
    swift test --filter FTPInteropTests
