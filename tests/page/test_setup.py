"""The README's test command on a fresh machine: tools/setup_tests.sh installs what the
tests need (the page tests' Chromium and openssl among it), and .ci/run calls the same
script, so what CI runs is what a newcomer runs. The script runs here with stand-in
commands on its PATH (pip, apt-get, npm record what they were asked), nothing installed."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "setup_tests.sh"


def test_the_readme_and_ci_run_the_same_setup():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme.split("\n## Set up\n", 1)[1].split("\n## ", 1)[0]
    assert "    tools/setup_tests.sh && python3 -m pytest\n" in setup
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "bash tools/setup_tests.sh" in ci.split("python3 -m pytest")[0]
    assert os.access(SCRIPT, os.X_OK)


def fake_machine(tmp_path: Path, *, have: tuple[str, ...] = (), root: bool = True, sudo: bool = False) -> Path:
    """A PATH with the basic tools, recorders for pip/apt-get/npm, and only ``have`` of the rest."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("bash", "dirname", "ls", "cat", "env"):
        real = shutil.which(tool)
        assert real, tool
        (bin_dir / tool).symlink_to(real)
    log = tmp_path / "log"

    def recorder(name: str, body: str = "") -> None:
        path = bin_dir / name
        path.write_text(f'#!{shutil.which("bash")}\necho "{name} $*" >> "{log}"\n{body}\n')
        path.chmod(0o755)

    recorder("python3")
    recorder("apt-get")
    recorder("npm")
    recorder("id", f'echo {0 if root else 1000}')
    if sudo:
        recorder("sudo", '"$@"')
    for name in have:
        recorder(name)
    return bin_dir


def run_setup(bin_dir: Path) -> tuple[subprocess.CompletedProcess, list[str]]:
    run = subprocess.run([str(bin_dir / "bash"), str(SCRIPT)], env={"PATH": str(bin_dir), "HOME": str(bin_dir.parent)},
                         capture_output=True, text=True, timeout=60)
    log = bin_dir.parent / "log"
    return run, log.read_text().splitlines() if log.exists() else []


@pytest.mark.parametrize("root, sudo", [(True, False), (False, True)])
def test_a_fresh_machine_gets_chromium_and_openssl(tmp_path, root, sudo):
    run, log = run_setup(fake_machine(tmp_path, root=root, sudo=sudo))
    assert run.returncode == 0, run.stderr
    assert "python3 -m pip install -q -r requirements-dev.txt" in log
    assert any(line.startswith("apt-get install") and "chromium" in line and "openssl" in line for line in log), log
    if sudo:
        assert any(line.startswith("sudo apt-get install") for line in log), log


def test_a_machine_that_has_them_installs_nothing_more(tmp_path):
    run, log = run_setup(fake_machine(tmp_path, have=("chromium", "openssl")))
    assert run.returncode == 0, run.stderr
    assert not any(line.startswith("apt-get") for line in log), log


def test_without_root_or_sudo_it_says_what_to_install(tmp_path):
    run, log = run_setup(fake_machine(tmp_path, root=False))
    assert run.returncode == 1
    assert "apt-get install -y chromium openssl" in run.stderr
    assert not any(line.startswith("apt-get") for line in log), log
