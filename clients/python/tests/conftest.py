"""The host the tests play against: scripts/clients-test starts `tessera serve` and names its
ports in TESSERA_TCP_PORT and TESSERA_HTTP_PORT."""
import http.cookiejar
import json
import os
import time
import urllib.request

import pytest


class Host:
    def __init__(self, tcp: int, http_port: int):
        self.tcp, self.http = tcp, http_port

    def request(self, method, path, body=None, opener=None, headers=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{self.http}{path}", data=data, method=method)
        req.add_header("Content-Type", "application/json")
        for k, v in (headers or {}).items():
            req.add_header(k, v)
        with (opener or urllib.request.build_opener()).open(req, timeout=10) as answer:
            return json.loads(answer.read())

    def table(self, game, house="level:1"):
        """A table of `game` with a house level and a seat open for a program; its id."""
        made = self.request("POST", "/api/games", {"game": game, "seats": [{"kind": "bot", "spec": house}, {"kind": "program"}], "delay_ms": 0})
        return made["id"]

    def game(self, gid, status="finished", within=20.0):
        """The game's summary once it has `status` (fails after `within` seconds)."""
        until = time.time() + within
        while True:
            for g in self.request("GET", "/api/games?limit=100")["games"]:
                if g["id"] == gid and g["status"] == status:
                    return g
            assert time.time() < until, f"game {gid} is not {status} after {within} s"
            time.sleep(0.2)

    def bot_token(self, name):
        """A bot account `name` and an API token of it, made over HTTP as docs/bots.md does."""
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        csrf = self.request("POST", "/api/account/register", {"name": name, "password": "a long password", "kind": "bot"}, opener)["csrf"]
        return self.request("POST", "/api/tokens", {"label": "tests"}, opener, {"X-Tessera-CSRF": csrf})["token"]


@pytest.fixture(scope="session")
def host():
    tcp, http_port = os.environ.get("TESSERA_TCP_PORT"), os.environ.get("TESSERA_HTTP_PORT")
    assert tcp and http_port, "run these tests with scripts/clients-test (it starts the host)"
    return Host(int(tcp), int(http_port))
