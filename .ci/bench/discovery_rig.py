"""Discovery benchmark in the namespace rig: Courier against avahi-browse / avahi-publish and python-zeroconf.

Run by .ci/bench/discovery-rig.sh, which builds the rig (namespaces courier-a and courier-b, avahi-daemon in
courier-b) and calls: python discovery_rig.py COURIER_BIN RUN_DIR ROUNDS

Every figure is the time from spawning a process (through `ip netns exec`) to the line that reports the event, read
as it is flushed, so each includes its tool's start-up; python-zeroconf's figures measured inside its process (after
`Zeroconf()` is ready) are printed beside. Browsers run in courier-b, one at a time, each round on a service type of
its own that no one has asked for yet (cold caches everywhere, and no answer held back by the once-a-second rule);
the services are published by python-zeroconf in courier-a, whose PTR answers carry SRV, TXT and A as additionals.
Publishers: Courier in courier-a, avahi-publish (through avahi-daemon) and python-zeroconf in courier-b.

avahi-daemon hears the publisher's announcements and caches them before any browse starts, so avahi-browse's figure
is a D-Bus round trip to a warm cache; Courier and python-zeroconf start cold in a new process and must ask the
network (the first query waits 20–120 ms, a shared answer another 20–120 ms, as RFC 6762 requires). So each round
also restarts avahi-daemon (its cache empties) and browses a type of its own with avahi-browse again: "avahi cold",
the like-for-like comparison, where the daemon must ask the network too.
"""

import os
import signal
import selectors
import statistics
import subprocess
import sys
import threading
import time

COURIER, RUN, ROUNDS = sys.argv[1], sys.argv[2], int(sys.argv[3])
PY = sys.executable
BROWSE_TIMEOUT = 10.0


def spawn(namespace, *command):
    # avahi-publish reports "Established under name …" on standard error.
    return subprocess.Popen(["ip", "netns", "exec", f"courier-{namespace}", *command], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True, bufsize=1)


def watch(process, started, patterns, timeout=BROWSE_TIMEOUT):
    """Seconds from `started` to the first line starting with each prefix in `patterns`; None if not seen."""
    seen = {pattern: None for pattern in patterns}
    lines = {}
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    deadline = started + timeout
    while any(value is None for value in seen.values()):
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not selector.select(remaining):
            break
        line = process.stdout.readline()
        now = time.monotonic()
        if not line:
            break
        for pattern in patterns:
            if seen[pattern] is None and line.startswith(pattern):
                seen[pattern] = now - started
                lines[pattern] = line.rstrip("\n")
    selector.close()
    return seen, lines


def finish(process):
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


ZC_PUBLISH = r'''
import asyncio, socket, sys
from zeroconf import IPVersion, ServiceInfo
from zeroconf.asyncio import AsyncZeroconf
async def main():
    zc = AsyncZeroconf(interfaces=["169.254.77.1"], ip_version=IPVersion.V4Only)
    infos = [ServiceInfo(f"{t}.local.", f"Bench Shop.{t}.local.", addresses=[socket.inet_aton("169.254.77.1")],
                         port=7500, properties={"version": "1.0"}, server="zc-bench-a.local.") for t in sys.argv[1:]]
    tasks = await asyncio.gather(*(zc.async_register_service(info) for info in infos))
    await asyncio.gather(*tasks)
    print("registered", flush=True)
    await asyncio.Event().wait()
asyncio.run(main())
'''

ZC_BROWSE = r'''
import sys, time
from zeroconf import IPVersion, ServiceBrowser, Zeroconf
zc = Zeroconf(interfaces=["169.254.77.2"], ip_version=IPVersion.V4Only)
class Listener:
    def add_service(self, zc, type_, name):
        found = time.monotonic()
        print(f"found {1000 * (found - ready):.1f}", flush=True)
        info = zc.get_service_info(type_, name, timeout=3000)
        if info and info.addresses:
            print(f"resolved {1000 * (time.monotonic() - found):.1f}", flush=True)
    def remove_service(self, *args): pass
    def update_service(self, *args): pass
ready = time.monotonic()
ServiceBrowser(zc, sys.argv[1], Listener())
time.sleep(10)
'''

ZC_REGISTER = r'''
import socket, sys, time
from zeroconf import IPVersion, ServiceInfo, Zeroconf
zc = Zeroconf(interfaces=["169.254.77.2"], ip_version=IPVersion.V4Only)
info = ServiceInfo("_benchpub._tcp.local.", f"{sys.argv[1]}._benchpub._tcp.local.",
                   addresses=[socket.inet_aton("169.254.77.2")], port=7600, server="zc-bench-b.local.")
started = time.monotonic()
zc.register_service(info)
print(f"registered {1000 * (time.monotonic() - started):.1f}", flush=True)
time.sleep(30)
'''


def restart_avahi():
    """Stops the rig's avahi-daemon and starts it again as the rig does, so its cache is empty; waits for it."""
    pid_file = os.path.join(RUN, "avahi.pid")
    with open(pid_file) as file:
        pid = int(file.read().strip())
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass
        time.sleep(0.02)
    log = open(os.path.join(RUN, "avahi-restart.log"), "w")
    daemon = subprocess.Popen(["ip", "netns", "exec", "courier-b", "sh", "-c",
                               "mount -t tmpfs tmpfs /run/avahi-daemon && exec avahi-daemon --no-drop-root"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True,
                              bufsize=1)
    with open(pid_file, "w") as file:
        file.write(str(daemon.pid))
    seen, _ = watch(daemon, time.monotonic(), ["Server startup complete"], timeout=15)
    # Keep reading its log so the daemon never blocks on a full pipe.
    threading.Thread(target=lambda: [log.write(line) for line in daemon.stdout], daemon=True).start()
    if seen["Server startup complete"] is None:
        sys.exit("avahi-daemon did not restart")


def script(name, text):
    path = os.path.join(RUN, name)
    with open(path, "w") as file:
        file.write(text)
    return path


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def ms(value):
    return "—" if value is None else f"{1000 * value:.0f}"


def main():
    zc_publish, zc_browse, zc_register = (script("zc_publish.py", ZC_PUBLISH), script("zc_browse.py", ZC_BROWSE),
                                          script("zc_register.py", ZC_REGISTER))
    types = {(tool, n): f"_b{n:02d}{tool}._tcp" for n in range(ROUNDS) for tool in "acvz"}
    publisher = spawn("a", PY, zc_publish, *types.values())
    seen, _ = watch(publisher, time.monotonic(), ["registered"], timeout=120)
    if seen["registered"] is None:
        sys.exit("python-zeroconf did not register the benchmark services")
    # A responder multicasts a record at most once a second, so a query right after the announcements goes
    # unanswered until the next one (the first round once took 1.2 s). Let them end first.
    time.sleep(5)

    rows = {key: [] for key in ["avahi found", "avahi resolved", "avahi cold found", "avahi cold resolved", "courier found", "courier resolved", "zc found",
                                "zc resolved", "zc found in-process", "zc resolved in-process", "courier published",
                                "avahi established", "zc registered", "zc registered in-process"]}
    # avahi-browse against the daemon as it is (it heard the announcements): all rounds first, since the rounds
    # below restart the daemon and empty its cache.
    for n in range(ROUNDS):
        started = time.monotonic()
        process = spawn("b", "avahi-browse", "-rp", types[("a", n)])
        seen, _ = watch(process, started, ["+;veth-b;IPv4;", "=;veth-b;IPv4;"])
        finish(process)
        rows["avahi found"].append(seen["+;veth-b;IPv4;"])
        rows["avahi resolved"].append(seen["=;veth-b;IPv4;"] and seen["=;veth-b;IPv4;"] - seen["+;veth-b;IPv4;"])
    for n in range(ROUNDS):
        # Browse to the first found event, then the resolve after it.

        # The same against a daemon that has just started, so that it has to ask the network as well.
        restart_avahi()
        started = time.monotonic()
        process = spawn("b", "avahi-browse", "-rp", types[("v", n)])
        seen, _ = watch(process, started, ["+;veth-b;IPv4;", "=;veth-b;IPv4;"])
        finish(process)
        rows["avahi cold found"].append(seen["+;veth-b;IPv4;"])
        rows["avahi cold resolved"].append(
            seen["=;veth-b;IPv4;"] and seen["=;veth-b;IPv4;"] - seen["+;veth-b;IPv4;"])

        started = time.monotonic()
        process = spawn("b", COURIER, "discover", "browse", types[("c", n)], "-rp", "--interface", "veth-b", "--ipv4")
        seen, lines = watch(process, started, ["+;veth-b;IPv4;", "=;veth-b;IPv4;"])
        finish(process)
        rows["courier found"].append(seen["+;veth-b;IPv4;"])
        rows["courier resolved"].append(seen["=;veth-b;IPv4;"] and seen["=;veth-b;IPv4;"] - seen["+;veth-b;IPv4;"])

        started = time.monotonic()
        process = spawn("b", PY, zc_browse, types[("z", n)] + ".local.")
        seen, lines = watch(process, started, ["found", "resolved"])
        finish(process)
        rows["zc found"].append(seen["found"])
        rows["zc resolved"].append(seen["resolved"] and seen["resolved"] - seen["found"])
        rows["zc found in-process"].append(float(lines["found"].split()[1]) / 1000 if "found" in lines else None)
        rows["zc resolved in-process"].append(
            float(lines["resolved"].split()[1]) / 1000 if "resolved" in lines else None)

        # Publish to established, each with a name of its own.
        started = time.monotonic()
        process = spawn("a", COURIER, "discover", "publish", f"Courier Pub {n}", "_benchpub._tcp", "8080",
                        "--interface", "veth-a", "--ipv4")
        seen, _ = watch(process, started, ["published"])
        finish(process)
        rows["courier published"].append(seen["published"])

        started = time.monotonic()
        process = spawn("b", "avahi-publish", "-s", f"Avahi Pub {n}", "_benchpub._tcp", "7601")
        seen, _ = watch(process, started, ["Established"])
        finish(process)
        rows["avahi established"].append(seen["Established"])

        started = time.monotonic()
        process = spawn("b", PY, zc_register, f"Zc Pub {n}")
        seen, lines = watch(process, started, ["registered"])
        finish(process)
        rows["zc registered"].append(seen["registered"])
        rows["zc registered in-process"].append(
            float(lines["registered"].split()[1]) / 1000 if "registered" in lines else None)

        print(f"round {n + 1:2d}: browse→found avahi {ms(rows['avahi found'][-1])} (cold "
              f"{ms(rows['avahi cold found'][-1])}) courier "
              f"{ms(rows['courier found'][-1])} zeroconf {ms(rows['zc found'][-1])} ms; resolve after found avahi "
              f"{ms(rows['avahi resolved'][-1])} courier {ms(rows['courier resolved'][-1])} zeroconf "
              f"{ms(rows['zc resolved'][-1])} ms; publish avahi {ms(rows['avahi established'][-1])} courier "
              f"{ms(rows['courier published'][-1])} zeroconf {ms(rows['zc registered'][-1])} ms", flush=True)
    finish(publisher)

    medians = {key: median(values) for key, values in rows.items()}
    missing = {key: sum(v is None for v in values) for key, values in rows.items()}
    print(f"\nmedians of {ROUNDS} rounds (ms; from process spawn unless 'in-process'; missed events in brackets)")
    for key, value in medians.items():
        extra = f" [{missing[key]} missed]" if missing[key] else ""
        spread = [v for v in rows[key] if v is not None]
        span = f" (range {ms(min(spread))}–{ms(max(spread))})" if spread else ""
        print(f"  {key:28s} {ms(value):>6s}{span}{extra}")

    def ratio(a, b):
        return "—" if medians[a] is None or not medians[b] else f"{medians[a] / medians[b]:.2f}"
    print("\nratios of medians")
    print(f"  browse→found, courier / avahi-browse:       {ratio('courier found', 'avahi found')}")
    print(f"  browse→found, courier / avahi-browse cold:  {ratio('courier found', 'avahi cold found')}")
    print(f"  browse→found, courier / python-zeroconf:    {ratio('courier found', 'zc found')}")
    print(f"  publish→established, courier / avahi:       {ratio('courier published', 'avahi established')}")
    print(f"  publish→established, courier / zeroconf:    {ratio('courier published', 'zc registered')}")

    def verdict(ok):
        return "met" if ok else "NOT MET"
    cf, af, cp, cr = (medians["courier found"], medians["avahi found"], medians["courier published"],
                      medians["courier resolved"])
    acf = medians["avahi cold found"]
    print("\ntargets")
    if cf is not None and af is not None:
        print(f"  browse→found ≤ 250 ms and ≤ avahi-browse (warm cache): {ms(cf)} ms vs {ms(af)} ms — "
              f"{verdict(cf <= 0.25 and cf <= af)}")
    if cf is not None and acf is not None:
        print(f"  browse→found ≤ 250 ms and ≤ avahi-browse (cold cache): {ms(cf)} ms vs {ms(acf)} ms — "
              f"{verdict(cf <= 0.25 and cf <= acf)}")
    if cp is not None:
        print(f"  publish→established 750–1300 ms: {ms(cp)} ms — {verdict(0.75 <= cp <= 1.3)}")
    if cr is not None:
        print(f"  resolve after found ≤ 50 ms (PTR with additionals): {ms(cr)} ms — {verdict(cr <= 0.05)}")


main()
