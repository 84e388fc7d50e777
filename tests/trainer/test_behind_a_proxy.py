"""The school as docs/running-a-school.md deploys it: nginx with deploy/nginx.conf in front of two Daphne processes.

nginx (Debian's package) runs deploy/nginx.conf with only its ports, paths and certificate replaced (a self-signed
one for 127.0.0.1), as the test's own user, every file in a temporary folder. Behind it, two Daphne processes serve
with DJANGO_HTTPS=true on PostgreSQL and Redis: CI's second pass, which sets DATABASE_URL and REDIS_URL, runs this.
"""

import asyncio
import http.client
import json
import os
import re
import shutil
import socket
import ssl
import statistics
import subprocess
import time
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from live_daphne import PROJECT, REPLY_SECONDS, receive, server_round, set_password
from table_helpers import demo_table, frame_for, make_instructor, make_trainee

from bench.ws_load import CSRF_FIELD, Socket, dealer_frames, log_in, session_cookie
from simulator.core.procedure import Actor
from trainer import services
from trainer.models import Attempt, Floorperson, Mode

NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
PASSWORD = "a long pass phrase"
TRAINEES_ADDRESS = "127.0.0.2"
"""The address a trainee's browser connects to the proxy from (loopback; the proxy and Daphne talk on 127.0.0.1)."""
NGINX_EXPIRES_MAX = "Thu, 31 Dec 2037 23:55:55 GMT"
FLOODING_ADDRESS = "127.0.0.3"
"""Where a flood of sockets comes from: another browser address than the bystander's (127.0.0.1)."""
FLOODING_ACCOUNTS = 10
FLOODING_CONNECTIONS = 4
BYSTANDER_SEED = 9
"""A round of 47 dealer steps: 3 to warm up and 40 timed."""
BYSTANDER_STEP_EVERY = 0.05
STYLESHEET = re.compile(r'href="(/static/css/base\.\w+\.css)"')

pytestmark = [
    pytest.mark.storage,
    pytest.mark.skipif(
        not {"DATABASE_URL", "REDIS_URL"} <= os.environ.keys(),
        reason="needs PostgreSQL and Redis in DATABASE_URL and REDIS_URL (CI's second pass sets them)",
    ),
    pytest.mark.skipif(NGINX is None, reason="needs nginx (Debian's package nginx; .ci/run installs it)"),
]


def free_port() -> int:
    """A TCP port nobody listens on at 127.0.0.1 just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 valid for a day, and its key."""
    certificate, key = folder / "school.pem", folder / "school.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days",
         "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate],
        check=True, capture_output=True, timeout=REPLY_SECONDS,
    )  # fmt: skip
    return certificate, key


def school_site(https_port: int, http_port: int, daphne_ports: list[int], certificate: Path, key: Path) -> str:
    """deploy/nginx.conf with the test's ports, certificate and static folder in place of the example ones."""
    site = (PROJECT / "deploy" / "nginx.conf").read_text()
    replacements = {
        "    server 127.0.0.1:8001;\n    server 127.0.0.1:8002;\n": "".join(
            f"    server 127.0.0.1:{port};\n" for port in daphne_ports
        ),
        "listen 80;": f"listen 127.0.0.1:{http_port};",
        "listen 443 ssl;": f"listen 127.0.0.1:{https_port} ssl;",
        "/etc/ssl/certs/school.example.org.pem": str(certificate),
        "/etc/ssl/private/school.example.org.key": str(key),
        "/srv/dealer-school/staticfiles/": f"{settings.STATIC_ROOT}/",
    }
    for example, replacement in replacements.items():
        assert site.count(example) == 1, f"deploy/nginx.conf no longer has {example!r} once"
        site = site.replace(example, replacement)
    return site


def nginx_main_config(folder: Path, site: Path) -> str:
    """The rest of an nginx.conf around the site: in the foreground, every file it writes in ``folder``."""
    temporary = "".join(
        f"    {kind}_temp_path {folder / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    # Run as root (as in CI's container), nginx's workers would be `nobody`, who cannot read the test's folder.
    user = "user root;\n" if os.geteuid() == 0 else ""
    # As Debian's own nginx.conf: a socket through the proxy takes two connections (the browser's, the upstream's).
    return (
        f"daemon off;\n{user}worker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
        "events { worker_connections 768; }\n"
        "http {\n    types { text/html html; text/css css; text/javascript js; image/svg+xml svg; }\n"
        f"    default_type application/octet-stream;\n    access_log {folder / 'access.log'};\n{temporary}"
        f"    include {site};\n}}\n"
    )


def wait_until_listening(port: int, process: subprocess.Popen[bytes], error_log: Path) -> None:
    """Wait (bounded) until something accepts connections on the port; fail with nginx's log if it exits."""
    deadline = time.monotonic() + REPLY_SECONDS
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"nginx did not start:\n{error_log.read_text() if error_log.exists() else ''}")
            time.sleep(0.05)


@pytest.fixture
def nginx(tmp_path):
    """Start nginx with deploy/nginx.conf in front of the given Daphne ports; return its HTTPS and HTTP ports."""
    started = []

    def start(daphne_ports: list[int]) -> tuple[int, int, ssl.SSLContext]:
        folder = tmp_path / "nginx"
        folder.mkdir()
        certificate, key = self_signed_certificate(folder)
        https_port, http_port = free_port(), free_port()
        site = folder / "school.conf"
        site.write_text(school_site(https_port, http_port, daphne_ports, certificate, key))
        main = folder / "nginx.conf"
        main.write_text(nginx_main_config(folder, site))
        command = [NGINX, "-p", f"{folder}/", "-c", str(main), "-e", str(folder / "error.log")]
        started.append(subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for port in (https_port, http_port):
            wait_until_listening(port, started[-1], folder / "error.log")
        return https_port, http_port, ssl.create_default_context(cafile=certificate)

    yield start
    for process in started:
        # SIGTERM: the master stops its workers and then itself (killed, it would leave them running).
        process.terminate()
        try:
            process.wait(timeout=REPLY_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=REPLY_SECONDS)


def fetch(url: str, tls: ssl.SSLContext) -> tuple[bytes, http.client.HTTPMessage]:
    """A page through the proxy: its body and headers."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), urllib.request.HTTPSHandler(context=tls))
    with opener.open(url, timeout=REPLY_SECONDS) as response:
        return response.read(), response.headers


def wrong_password(port: int, tls: ssl.SSLContext, username: str, claimed_address: str) -> int:
    """Post a wrong password through the proxy from TRAINEES_ADDRESS, claiming another address; the answer's status."""
    connection = http.client.HTTPSConnection(
        "127.0.0.1", port, context=tls, source_address=(TRAINEES_ADDRESS, 0), timeout=REPLY_SECONDS
    )
    connection.request("GET", "/login/")
    page = connection.getresponse()
    token = CSRF_FIELD.search(page.read().decode())[1]
    cookie = SimpleCookie("; ".join(page.headers.get_all("Set-Cookie")))["csrftoken"].value
    form = urlencode({"username": username, "password": "wrong", "csrfmiddlewaretoken": token})
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={cookie}"}
    headers |= {"Origin": f"https://127.0.0.1:{port}", "X-Forwarded-For": claimed_address}
    connection.request("POST", "/login/", body=form, headers=headers)
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return answer.status


def test_two_daphne_processes_behind_nginx_serve_a_trainee_dealing_on_one_and_an_instructor_validating_on_the_other(
    daphnes, nginx, loop
):
    trainee = make_trainee()
    instructor = make_instructor("ivy", teaching=[trainee.pk])
    for user in (trainee, instructor):
        set_password(user, PASSWORD)
    table = demo_table(Floorperson.INSTRUCTOR)
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=99, force_mystery_hit=True)
    servers = [daphnes.start("--proxy-headers", DJANGO_HTTPS="true") for _ in range(2)]
    https_port, http_port, tls = nginx([server.port for server in servers])
    base = f"https://127.0.0.1:{https_port}"

    plain = http.client.HTTPConnection("127.0.0.1", http_port, timeout=REPLY_SECONDS)
    plain.request("GET", "/login/")
    redirect = plain.getresponse()
    assert redirect.status == 301 and redirect.getheader("Location") == "https://127.0.0.1/login/"
    plain.close()

    page, headers = fetch(f"{base}/login/", tls)
    assert headers["Strict-Transport-Security"], "Django did not see the request as HTTPS (X-Forwarded-Proto)"
    stylesheet = STYLESHEET.search(page.decode())[1]
    served, headers = fetch(base + stylesheet, tls)
    assert served == (Path(settings.STATIC_ROOT) / stylesheet.removeprefix("/static/")).read_bytes()
    assert headers["Expires"] == NGINX_EXPIRES_MAX, "the static file was not served by nginx"

    # The login throttle counts a wrong password against the browser's own address, whatever the browser claims.
    assert wrong_password(https_port, tls, trainee.username, claimed_address="203.0.113.9") == 200
    assert AccessAttempt.objects.get(username=trainee.username).ip_address == TRAINEES_ADDRESS

    trainee_cookie, instructor_cookie = (log_in(base, user.username, PASSWORD, tls) for user in (trainee, instructor))
    path = f"/ws/table/{attempt.pk}/"

    def open_table(cookie):
        """A socket to the table through the proxy, its first frame, and the Daphne process that took it."""
        before = [server.connections_to(path) for server in servers]
        table_socket = loop.run_until_complete(Socket.open(https_port, path, cookie, tls))
        first = receive(loop, table_socket)
        deadline = time.monotonic() + REPLY_SECONDS
        while not (taken := [s for s, n in zip(servers, before, strict=True) if s.connections_to(path) > n]):
            assert time.monotonic() < deadline, "no Daphne process logged the socket"
            time.sleep(0.05)
        return table_socket, first, taken[0]

    dealing, _, dealer_server = open_table(trainee_cookie)
    for _ in range(len(servers) * 2):
        watching, watched, watcher_server = open_table(instructor_cookie)
        if watcher_server is not dealer_server:
            break
        watching.close()
    assert watcher_server is not dealer_server, "the proxy sent both sockets to one Daphne process"
    assert "Nothing is waiting" in watched

    while (action := server_round(attempt.pk).next_action()).actor is Actor.DEALER:
        dealing.send(frame_json(action, attempt.pk))
        assert "✓ Right" in receive(loop, dealing)
        update = receive(loop, watching)
        assert 'id="sequence"' in update
    seat = action.arguments["seat"]
    assert action.actor is Actor.FLOORPERSON and f"Validate the payout at seat {seat}" in update

    watching.send(frame_json(action, attempt.pk))
    assert "Nothing is waiting" in receive(loop, watching)
    assert "Waiting for the floorperson" not in receive(loop, dealing)
    action = server_round(attempt.pk).next_action()
    assert action.step == "pay_mystery_bonus"
    dealing.send(frame_json(action, attempt.pk))
    assert "✓ Right" in receive(loop, dealing)
    assert 'id="sequence"' in receive(loop, watching)
    dealing.close()
    watching.close()


def frame_json(action, attempt_id: int) -> str:
    """The frame taking the action as the attempt's next frame number."""
    return json.dumps(frame_for(action, Attempt.objects.get(pk=attempt_id).last_sequence + 1))


def configured(setting: str, location: str) -> int:
    """A number deploy/nginx.conf sets in a location, named by the text before it (``limit_conn ...``)."""
    block = re.search(
        rf"location {re.escape(location)} {{(.*?)}}", (PROJECT / "deploy" / "nginx.conf").read_text(), re.S
    )
    assert block, f"deploy/nginx.conf has no location {location}"
    found = re.search(re.escape(setting) + r"[ =](\d+)", block[1])
    assert found, f"deploy/nginx.conf sets no {setting} in location {location}"
    return int(found[1])


def test_nginx_answers_429_to_an_address_holding_too_many_sockets_or_asking_too_fast_and_serves_the_others(
    daphnes, nginx, loop
):
    trainee = make_trainee()
    set_password(trainee, PASSWORD)
    # One account holds the address's sockets here: the school's own limit of an account's sockets is lifted above
    # nginx's of an address's, so that nginx's is the one met (its 429 comes before any socket is accepted).
    server = daphnes.start(
        "--proxy-headers", DJANGO_HTTPS="true", DEALER_SCHOOL_BENCH_ECHO="1", DJANGO_WS_SOCKETS_PER_ACCOUNT="100"
    )
    https_port, _, tls = nginx([server.port])
    cookie = log_in(f"https://127.0.0.1:{https_port}", trainee.username, PASSWORD, tls)

    def open_socket():
        return loop.run_until_complete(Socket.open(https_port, "/ws/bench/echo/", cookie, tls))

    held = [open_socket() for _ in range(configured("limit_conn connections_per_address", "/ws/"))]
    with pytest.raises(ConnectionError, match="429"):
        open_socket()
    held.pop().close()
    deadline = time.monotonic() + REPLY_SECONDS
    while True:  # nginx counts the closed socket out once it sees it close
        try:
            held.append(open_socket())
            break
        except ConnectionError:
            assert time.monotonic() < deadline, "a socket closed never made room for another"
            time.sleep(0.05)
    for socket_ in held:
        socket_.close()

    def statuses(requests: int, source: str, until_refused: bool = False) -> Counter[int]:
        """The statuses of up to as many requests for an unknown page from ``source``, one after another.

        Not an unknown certificate: the school itself answers 429 to a few dozen of those a minute from one address.
        """
        connection = http.client.HTTPSConnection(
            "127.0.0.1", https_port, context=tls, source_address=(source, 0), timeout=REPLY_SECONDS
        )
        answered: Counter[int] = Counter()
        while sum(answered.values()) < requests and not (until_refused and answered[429]):
            connection.request("GET", "/no-such-page/")
            answer = connection.getresponse()
            answer.read()
            answered[answer.status] += 1
        connection.close()
        return answered

    # Four connections at once, so the server's own pace (slower on a busy machine) outruns the allowed rate.
    burst = configured("burst", "/")
    with ThreadPoolExecutor(FLOODING_CONNECTIONS) as pool:
        floods = list(pool.map(lambda _: statuses(burst, "127.0.0.1", True), range(FLOODING_CONNECTIONS)))
    flood = sum(floods, Counter())
    assert flood[429] > 0 and flood[404] > 0, flood
    assert statuses(5, TRAINEES_ADDRESS) == {404: 5}, "another address is served as usual"


def test_a_flood_of_sockets_from_one_address_leaves_another_address_dealing_within_three_times_its_quiet_p99(
    daphnes, nginx, loop
):
    """Ten accounts at one address reopen flooding sockets as fast as nginx lets them; a trainee elsewhere deals.

    The bystander's p99 is measured quiet, then through the flood, in the same run; on a shared machine a flood that
    slows it beyond three times must do so in two runs to fail.
    """
    server = daphnes.start("--proxy-headers", DJANGO_HTTPS="true")
    https_port, _, tls = nginx([server.port])
    flooders = [make_trainee(f"mallory{number}") for number in range(FLOODING_ACCOUNTS)]
    cookies = [session_cookie(user.username) for user in flooders]
    flood_frame = json.dumps({"step": "announce_no_more_bets", "seq": "1", "pad": "x" * 4000})

    async def flood(cookie, attempt_id, until):
        """Open a socket from the flooding address, send 4 KB frames until it is closed; again until ``until``."""
        while time.monotonic() < until:
            try:
                socket_ = await Socket.open(
                    https_port, f"/ws/table/{attempt_id}/", cookie, tls, source=FLOODING_ADDRESS
                )
            except (TimeoutError, ConnectionError, OSError):
                await asyncio.sleep(0.05)  # refused (429) or reset: the attacker tries again
                continue
            closing = asyncio.ensure_future(socket_.reader.read(-1))
            while not closing.done() and time.monotonic() < until:
                socket_.send(flood_frame)
                try:
                    await socket_.writer.drain()
                except (ConnectionError, OSError):
                    break
                await asyncio.sleep(0)
            closing.cancel()
            socket_.writer.close()

    async def deal(socket_, frames):
        """Take the bystander's steps at a steady pace: each step's reply time."""
        latencies = []
        for frame in frames:
            started = time.perf_counter()
            socket_.send(frame)
            assert "✓ Right" in await asyncio.wait_for(socket_.receive(), REPLY_SECONDS)
            latencies.append(time.perf_counter() - started)
            await asyncio.sleep(max(0.0, BYSTANDER_STEP_EVERY - (time.perf_counter() - started)))
        return latencies

    def run(number):
        """The bystander's p99 quiet and through a flood, each over 40 steps of a round of its own."""
        rounds = []
        for part in ("quiet", "flooded"):
            trainee = make_trainee(f"bob{number}{part}")
            attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=BYSTANDER_SEED)
            frames = [json.dumps(frame | {"seq": str(n)}) for n, frame in enumerate(dealer_frames(attempt.log), 1)]
            rounds.append((session_cookie(trainee.username), attempt.pk, frames))
        targets = [services.start_round(user, demo_table(), Mode.PRACTICE).pk for user in flooders]

        async def scenario():
            sockets = []
            for cookie, attempt_id, _ in rounds:
                sockets.append(await Socket.open(https_port, f"/ws/table/{attempt_id}/", cookie, tls))
                await asyncio.wait_for(sockets[-1].receive(), REPLY_SECONDS)
            await deal(sockets[0], rounds[0][2][:3])
            quiet = await deal(sockets[0], rounds[0][2][3:43])
            until = time.monotonic() + 30
            flooding = [asyncio.ensure_future(flood(c, a, until)) for c, a in zip(cookies, targets, strict=True)]
            await asyncio.sleep(0.5)
            flooded = await deal(sockets[1], rounds[1][2][:40])
            for task in flooding:
                task.cancel()
            await asyncio.gather(*flooding, return_exceptions=True)
            for socket_ in sockets:
                socket_.close()
            return quiet, flooded

        quiet, flooded = loop.run_until_complete(scenario())
        return tuple(statistics.quantiles(found, n=100, method="inclusive")[98] for found in (quiet, flooded))

    runs = [run(1)]
    if runs[0][1] > 3 * runs[0][0]:
        time.sleep(1.0)
        runs.append(run(2))
    assert any(flooded <= 3 * quiet for quiet, flooded in runs), [
        f"bystander p99 {flooded * 1000:.1f} ms through the flood, {quiet * 1000:.1f} ms quiet"
        for quiet, flooded in runs
    ]
