"""The one-machine recipe of docs/deploying.md, run as written: systemd units, nginx with TLS.

``docs/deploy/rumizi.service`` is read as systemd reads it (a tiny reader of its lines), its
settings are the ones the page promises, and ``systemd-analyze verify`` finds nothing wrong
with it or with the template ``rumizi@.service``. Its ``ExecStart`` line is then run as
systemd would run it, with a temporary state directory and port in place of
``/var/lib/rumizi`` and 8000: the directory made with ``StateDirectoryMode``, the process under
the unit's ``UMask`` and ``LimitNOFILE``; its ``ExecStartPost`` (curl waiting for ``/healthz``)
returns once it serves, ``/readyz`` says ready, and the database lies in the directory, which
nobody else can read.

``docs/deploy/nginx-tls.conf`` is then run (its ports and certificate replaced; a throwaway CA
made with the ``openssl`` command) in front of that server: HTTPS with HSTS, the probes, plain
HTTP redirected, TLS 1.1 and old CBC ciphers refused, HTTP/2 offered, secure
cookies (the server sees ``X-Forwarded-Proto https``) and a table's socket over ``wss://`` with
the browser's ``Origin``.

systemd itself does not run here (no sandbox, no ``User=``): the hardening settings are
checked as text and by ``systemd-analyze verify``, not enforced.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import resource
import shlex
import signal
import socket
import ssl
import stat
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from rumizi.server.edges import HSTS
from tests.server.kit import free_port, in_own_loop, start_nginx_site

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "docs" / "deploy"
UNIT = DEPLOY / "rumizi.service"
TEMPLATE = DEPLOY / "rumizi@.service"
TLS_CONF = DEPLOY / "nginx-tls.conf"
INSTALLED = "/opt/rumizi/current/bin/rumizi"  # where the units say the release's script is
STATE = "/var/lib/rumizi"

Unit = dict[str, dict[str, list[str]]]  # section -> key -> its values, in order


def read_unit(path: Path) -> Unit:
    """A systemd unit file's settings (comments and blank lines left out; no continuations)."""
    found: Unit = {}
    section: dict[str, list[str]] | None = None
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        assert not line.endswith("\\"), f"{path.name}: the reader takes no continued lines"
        if line.startswith("[") and line.endswith("]"):
            section = found.setdefault(line[1:-1], {})
            continue
        key, equals, value = line.partition("=")
        assert equals and section is not None, f"{path.name}: not a setting: {line}"
        section.setdefault(key.strip(), []).append(value.strip())
    return found


def setting(unit: Unit, key: str, section: str = "Service") -> str:
    """The one value of ``key`` (a setting given once)."""
    values = unit[section].get(key, [])
    assert len(values) == 1, f"{key}: {values}"
    return values[0]


def expand(line: str, instance: str) -> str:
    """systemd's specifiers in a command line: %i (the instance), %H (the host), %%."""
    line = line.replace("%i", instance).replace("%H", socket.gethostname())
    assert "%" not in line.replace("%%", ""), f"an unexpected specifier in {line}"
    return line.replace("%%", "%")


def serve_command(line: str, specifier: str = "", **values: str) -> list[str]:
    """The unit's ``ExecStart`` as this machine runs it: ``python -m rumizi`` for the
    installed script, %i as ``specifier``, each ``--flag``'s value (``port="8123"`` is
    ``--port 8123``) replaced."""
    words = shlex.split(expand(line, specifier))
    assert words[:2] == [INSTALLED, "serve"], words
    for name, value in values.items():
        flag = "--" + name.replace("_", "-")
        assert flag in words, f"{flag} is not in {line}"
        words[words.index(flag) + 1] = value
    return [sys.executable, "-P", "-m", "rumizi", *words[1:]]


def flags(line: str) -> dict[str, str]:
    """``--flag value`` pairs of a command line."""
    words = shlex.split(line)
    return {w: words[i + 1] for i, w in enumerate(words) if w.startswith("--")}


@dataclass
class Instance:
    """A ``rumizi serve`` process started from a unit's command line."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]

    def wait_healthy(self, timeout: float = 40.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/healthz", timeout=2).is_success:
                    return
            except httpx.TransportError:
                pass
            assert self.process.poll() is None, f"it ended:\n{self.output()}"
            assert time.monotonic() < deadline, f"not up in {timeout} s:\n{self.output()}"
            time.sleep(0.1)

    def stop(self, how: int = signal.SIGTERM) -> int:
        """SIGTERM (or ``how``), as ``systemctl stop`` sends; its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(how)
        try:
            return self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise


def start_instance(
    command: list[str],
    port: int,
    log: Path,
    *,
    pythonpath: Path = ROOT,
    cwd: Path | None = None,
    nofile: int | None = None,
    umask: int | None = None,
) -> Instance:
    """``command`` started as its unit would: its working directory, limit and umask."""

    def as_the_unit() -> None:  # in the child, before it runs the server
        if nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
        if umask is not None:
            os.umask(umask)

    env = {**os.environ, "PYTHONPATH": str(pythonpath), "PYTHONUNBUFFERED": "1"}
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=cwd or log.parent,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=as_the_unit,  # (the child runs no thread before it execs)
        )
    return Instance(process, port, log)


def stop(process: subprocess.Popen[bytes] | None) -> None:
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_until(check: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"{what}: not within {timeout} s"
        time.sleep(0.1)


def answers(url: str) -> bool:
    """Whether anything answers at ``url`` (any status)."""
    try:
        httpx.get(url, timeout=2)
        return True
    except httpx.TransportError:
        return False


# ---------------------------------------------------------------------- the units


def test_the_units_say_what_the_docs_promise() -> None:
    docs = (ROOT / "docs" / "deploying.md").read_text()
    for path in (UNIT, TEMPLATE):
        unit = read_unit(path)
        assert setting(unit, "User") == "rumizi" and setting(unit, "Group") == "rumizi"
        assert setting(unit, "StateDirectory") == "rumizi"
        assert setting(unit, "StateDirectoryMode") == "0700"
        assert setting(unit, "UMask") == "0077"
        assert setting(unit, "Restart") == "on-failure"
        assert int(setting(unit, "LimitNOFILE")) >= 4096  # the server takes 1000 connections
        assert re.fullmatch(r"\d+[KMG]", setting(unit, "MemoryMax"))
        assert int(setting(unit, "TasksMax")) >= 64
        for key, value in {
            "NoNewPrivileges": "yes",
            "ProtectSystem": "strict",
            "ProtectHome": "yes",
            "PrivateTmp": "yes",
            "ReadWritePaths": STATE,
        }.items():
            assert setting(unit, key) == value, key
        start = setting(unit, "ExecStart")
        given = flags(start)
        assert start.startswith(f"{INSTALLED} serve ")
        assert given["--host"] == "127.0.0.1"
        assert given["--log-format"] == "json" and "--metrics" in shlex.split(start)
        wait = setting(unit, "ExecStartPost")
        assert wait.startswith("/usr/bin/curl ") and "--fail" in wait
        assert wait.endswith(f"http://127.0.0.1:{given['--port']}/healthz")
        assert f"](deploy/{path.name})" in docs  # the page links it
        if path == UNIT:
            assert given["--port"] == "8000" and given["--data-dir"] == STATE
            assert "--db" not in given and "--redis" not in given  # SQLite in the state dir
        else:
            assert given["--port"] == "%i"
            assert given["--db"].startswith("postgresql://")
            assert given["--redis"].startswith("redis://")


def test_systemd_analyze_verify_finds_nothing_wrong(tmp_path: Path) -> None:
    """Both units (the template as an instance), with the script's path this machine has."""
    script = Path(sys.executable).parent / "rumizi"
    assert os.access(script, os.X_OK), script
    for path in (UNIT, TEMPLATE):
        (tmp_path / path.name).write_text(path.read_text().replace(INSTALLED, str(script)))
    done = subprocess.run(
        [
            "systemd-analyze",
            "verify",
            str(tmp_path / UNIT.name),
            str(tmp_path / "rumizi@8001.service"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and not done.stdout and not done.stderr, done.stdout + done.stderr


@dataclass
class UnitServer:
    """The unit's ``rumizi serve``, its state directory and its settings."""

    instance: Instance
    state: Path
    unit: Unit


@pytest.fixture
def unit_server(tmp_path: Path) -> Iterator[UnitServer]:
    """docs/deploy/rumizi.service's ExecStart, run as systemd would (state directory with its
    mode, the unit's umask and descriptor limit), its port and directory temporary ones."""
    unit = read_unit(UNIT)
    state = tmp_path / "var-lib-rumizi"
    mode = int(setting(unit, "StateDirectoryMode"), 8)
    os.mkdir(state, mode)  # systemd: StateDirectory= made, owned by User=, chmod to the mode
    os.chmod(state, mode)
    port = free_port()
    command = serve_command(setting(unit, "ExecStart"), port=str(port), data_dir=str(state))
    nofile = int(setting(unit, "LimitNOFILE"))
    server = start_instance(
        command,
        port,
        tmp_path / "rumizi.log",
        cwd=state,  # WorkingDirectory=
        nofile=nofile,
        umask=int(setting(unit, "UMask"), 8),
    )
    try:
        yield UnitServer(server, state, unit)
    finally:
        stop(server.process)


def test_the_units_exec_start_serves_under_its_limits_with_a_private_state_dir(
    unit_server: UnitServer,
) -> None:
    server, unit = unit_server.instance, unit_server.unit
    # ExecStartPost: curl retries until /healthz answers; systemd then calls the unit started.
    wait = shlex.split(setting(unit, "ExecStartPost").replace(":8000/", f":{server.port}/"))
    started = time.monotonic()
    done = subprocess.run(wait, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"{done.stderr}\n{server.output()}"
    print(f"ExecStartPost returned after {time.monotonic() - started:.1f} s")
    base = f"http://127.0.0.1:{server.port}"
    assert httpx.get(f"{base}/healthz", timeout=5).json() == {"status": "ok"}
    ready = httpx.get(f"{base}/readyz", timeout=5)
    assert ready.status_code == 200, ready.text
    assert ready.json() == {"status": "ready", "checks": {"database": "ok", "migrations": "ok"}}
    assert httpx.get(f"{base}/", timeout=5).status_code == 200
    # Prometheus on the machine reads /metrics; the log is one JSON object a line.
    metrics = httpx.get(f"{base}/metrics", timeout=5)
    assert metrics.status_code == 200 and "rumizi_bot_queue" in metrics.text
    logged = [line for line in server.output().splitlines() if line.startswith("{")]
    assert logged and all("instance" in json.loads(line) for line in logged)

    # The process runs under the unit's descriptor limit.
    limits = Path(f"/proc/{server.process.pid}/limits").read_text()
    nofile = setting(unit, "LimitNOFILE")
    assert re.search(rf"Max open files\s+{nofile}\s+{nofile}\s", limits), limits

    # The database is in the state directory, which stays 0700, its files 0600 (UMask).
    state = unit_server.state
    database = state / "rumizi.sqlite3"
    assert database.is_file(), sorted(p.name for p in state.iterdir())
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    for path in state.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, (path.name, oct(path.stat().st_mode))

    # SIGTERM (systemctl stop): uvicorn shuts down, then ends by the signal it caught, which
    # systemd counts as a clean exit (SuccessExitStatus): Restart=on-failure leaves it stopped.
    assert server.stop() == -signal.SIGTERM, server.output()


# ---------------------------------------------------------------------- nginx with TLS


def openssl(*args: str, cwd: Path) -> None:
    done = subprocess.run(["openssl", *args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def throwaway_ca(folder: Path) -> tuple[Path, Path, Path]:
    """A CA and a certificate for 127.0.0.1 signed by it (ECDSA P-256, a day long), made with
    the ``openssl`` command (neither ``trustme`` nor ``cryptography`` is in the venv):
    (the CA's certificate, the server's certificate, its key)."""
    folder.mkdir()
    curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    openssl(
        "req", "-x509", *curve, "-keyout", "ca.key", "-out", "ca.pem", "-days", "1",
        "-subj", "/CN=Rumizi test CA",
        "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        cwd=folder,
    )  # fmt: skip
    openssl(
        "req", *curve, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1",
        cwd=folder,
    )  # fmt: skip
    (folder / "server.ext").write_text(
        "basicConstraints=CA:FALSE\n"
        "keyUsage=critical,digitalSignature\n"
        "extendedKeyUsage=serverAuth\n"
        "subjectAltName=IP:127.0.0.1\n"
        "authorityKeyIdentifier=keyid,issuer\n"
    )
    openssl(
        "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        "-CAcreateserial", "-out", "server.pem", "-days", "1", "-extfile", "server.ext",
        cwd=folder,
    )  # fmt: skip
    return folder / "ca.pem", folder / "server.pem", folder / "server.key"


def tls_site(upstream: int, plain: int, tls: int, certificate: Path, key: Path) -> str:
    """docs/deploy/nginx-tls.conf with this test's ports and certificate (IPv4 loopback only)."""
    site = TLS_CONF.read_text()
    changes = [
        ("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};"),
        ("listen 80;", f"listen 127.0.0.1:{plain};"),
        ("listen 443 ssl http2;", f"listen 127.0.0.1:{tls} ssl http2;"),
    ]
    for old, new in changes:
        assert site.count(old) == 1, f"docs/deploy/nginx-tls.conf changed shape: {old}"
        site = site.replace(old, new)
    site, certificates = re.subn(r"ssl_certificate .*;", f"ssl_certificate {certificate};", site)
    site, keys = re.subn(r"ssl_certificate_key .*;", f"ssl_certificate_key {key};", site)
    assert certificates == keys == 1
    return re.sub(r"^\s*listen \[::\]:\d+.*\n", "", site, flags=re.MULTILINE)


def client_context(ca: Path, newest: ssl.TLSVersion | None = None) -> ssl.SSLContext:
    context = ssl.create_default_context(cafile=str(ca))
    if newest is not None:
        with warnings.catch_warnings():  # (TLS 1.1 is deprecated: that is the point)
            warnings.simplefilter("ignore", DeprecationWarning)
            context.minimum_version = min(newest, ssl.TLSVersion.TLSv1_2)
            context.maximum_version = newest
        # Able to speak TLS 1.0 and 1.1 (OpenSSL 3 refuses them from security level 1): a
        # refusal is then the server's.
        context.set_ciphers("DEFAULT:@SECLEVEL=0")
    return context


def handshake(port: int, context: ssl.SSLContext) -> ssl.SSLSocket:
    raw = socket.create_connection(("127.0.0.1", port), timeout=5)
    try:
        return context.wrap_socket(raw, server_hostname="127.0.0.1")
    except BaseException:
        raw.close()
        raise


async def wss_table(front: str, ca: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two guests' table made over HTTPS, and the socket of the seat to act first over wss://
    with the browser's Origin: its first state and the answer to its first move."""
    context = client_context(ca)
    people = [httpx.AsyncClient(base_url=f"https://{front}", verify=context) for _ in range(2)]
    try:
        for person in people:
            person.headers["X-CSRF-Token"] = (await person.get("/api/me")).json()["csrf"]
            made = await person.post("/api/auth/guest")
            assert made.status_code == 200, made.text
            # The server saw X-Forwarded-Proto https: its session cookie is Secure.
            assert "secure" in made.headers["set-cookie"].lower(), made.headers["set-cookie"]
        seats = {"game": "star-realms", "seats": [{"kind": "human"}, {"kind": "human"}]}
        table = (await people[0].post("/api/tables", json=seats)).json()
        joined = await people[1].post(
            f"/api/tables/{table['id']}/join", json={"invite": table["invite"]}
        )
        assert joined.status_code == 200, joined.text
        for seat in (0, 1):  # the seat to act first (the deal decides) makes the move
            cookie = "; ".join(f"{k}={v}" for k, v in people[seat].cookies.items())
            async with websockets.connect(
                f"wss://{front}/ws/tables/{table['id']}",
                ssl=context,
                origin=websockets.Origin(f"https://{front}"),  # what the browser sends
                additional_headers={"Cookie": cookie},
                open_timeout=10,
            ) as ws:
                while (state := json.loads(await asyncio.wait_for(ws.recv(), 20)))[
                    "type"
                ] != "state":
                    pass  # (the chat's history comes first)
                assert state["seat"] == seat, state  # its cookie went through
                if not state["legal"]:
                    continue  # the other seat acts first
                move = {
                    "type": "act",
                    "client_id": "over-wss",
                    "version": state["version"],
                    "action": state["legal"][0]["action"],
                }
                await ws.send(json.dumps(move))
                while (answer := json.loads(await asyncio.wait_for(ws.recv(), 20)))["type"] not in (
                    "ack",
                    "error",
                ):
                    pass
                return state, answer
        raise AssertionError(f"neither seat may act: {state}")
    finally:
        for person in people:
            await person.aclose()


def test_nginx_tls_conf_serves_https_hsts_and_wss_and_refuses_old_tls(
    unit_server: UnitServer, tmp_path: Path
) -> None:
    server = unit_server.instance
    ca, certificate, key = throwaway_ca(tmp_path / "tls")
    plain, tls = free_port(), free_port()
    nginx = start_nginx_site(
        tmp_path / "nginx", tls_site(server.port, plain, tls, certificate, key)
    )
    try:
        server.wait_healthy()
        front = f"127.0.0.1:{tls}"
        wait_until(lambda: answers(f"http://127.0.0.1:{plain}/"), "nginx listens")
        with httpx.Client(base_url=f"https://{front}", verify=client_context(ca)) as https:
            page = https.get("/")
            assert page.status_code == 200, page.text
            assert page.http_version == "HTTP/1.1"  # (httpx speaks HTTP/2 only when asked)
            assert page.headers.get_list("strict-transport-security") == [HSTS]
            ready = https.get("/readyz")
            assert ready.status_code == 200 and ready.json()["status"] == "ready", ready.text
            assert https.get("/metrics").status_code == 404  # the instances' own, not the world's
            alive = https.get("/healthz")
            assert alive.json() == {"status": "ok"}
            assert alive.headers.get_list("strict-transport-security") == [HSTS]

        moved = httpx.get(f"http://127.0.0.1:{plain}/api/me?x=1", timeout=5)
        assert moved.status_code in (301, 308), moved.status_code
        assert moved.headers["location"] == "https://127.0.0.1/api/me?x=1"

        # TLS 1.2 and 1.3 connect; 1.1 (offered by a client able to speak it) is refused, and
        # so is TLS 1.2 with only an old CBC cipher (the file allows AEAD ciphers only).
        with handshake(tls, client_context(ca, ssl.TLSVersion.TLSv1_2)) as shaken:
            assert shaken.version() == "TLSv1.2"
        with handshake(tls, client_context(ca)) as shaken:
            assert shaken.version() == "TLSv1.3"
        with pytest.raises(ssl.SSLError):
            handshake(tls, client_context(ca, ssl.TLSVersion.TLSv1_1)).close()
        # (nginx with TLS 1.1 and any cipher allowed lets both of these clients in.)
        cbc = client_context(ca, ssl.TLSVersion.TLSv1_2)
        cbc.set_ciphers("ECDHE-ECDSA-AES128-SHA")  # CBC with SHA-1, fit for the ECDSA key
        with pytest.raises(ssl.SSLError):
            handshake(tls, cbc).close()
        # HTTP/2 is offered to browsers (ALPN).
        h2 = client_context(ca)
        h2.set_alpn_protocols(["h2", "http/1.1"])
        with handshake(tls, h2) as shaken:
            assert shaken.selected_alpn_protocol() == "h2"

        state, answer = in_own_loop(lambda: wss_table(front, ca))
        assert answer == {**answer, "type": "ack", "client_id": "over-wss"}, answer
        assert answer["version"] == state["version"] + 1
    except BaseException:
        print(server.output())
        print((tmp_path / "nginx" / "error.log").read_text(errors="replace")[-3000:])
        raise
    finally:
        stop(nginx)
