import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def tessera_bin():
    """The `tessera` command: $TESSERA_BIN, else the workspace's release or debug build,
    else the PATH's."""
    env = os.environ.get("TESSERA_BIN")
    if env:
        return env
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    for build in ("release", "debug"):
        p = target / build / "tessera"
        if p.exists():
            return str(p)
    return shutil.which("tessera")


@pytest.fixture(scope="session")
def cli():
    path = tessera_bin()
    if path is None:
        if os.environ.get("TESSERA_REQUIRE_CLI"):
            pytest.fail("no tessera binary (set TESSERA_BIN or build tessera-cli)")
        pytest.skip("no tessera binary (set TESSERA_BIN or build tessera-cli)")
    return path
