"""The built wheel ships one top-level package, ``mirix_like``, and works from outside the repo."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Source folder -> its place in the installed package (pyproject's package-dir).
PACKAGE_DIRS = {"mirix_like": "mirix_like", "agents": "mirix_like/agents",
                "memory_types": "mirix_like/memory_types"}
SKIP = shutil.ignore_patterns(".venv", ".git", "build", "dist", "*.egg-info", "__pycache__",
                              ".ruff_cache", ".pytest_cache", ".hypothesis", "tests", "eval")

LIST_TYPES = """
import json, mirix_like, mirix_like.agents, mirix_like.memory_types as mt
print(json.dumps({"root": mirix_like.__file__, "agents": mirix_like.agents.__file__,
                  "types_pkg": mt.__file__, "types": mt.names()}))
"""


def run(*args: str, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def build_wheel(source: Path, out: Path) -> Path:
    """Build with pip; isolated (the declared build requirements) first, else the venv's own."""
    errors = []
    for extra in ([], ["--no-build-isolation"]):
        done = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", *extra, str(source),
             "-w", str(out)], capture_output=True, text=True, timeout=300)
        wheels = list(out.glob("mirix_like-*.whl"))
        if done.returncode == 0 and wheels:
            return wheels[0]
        errors.append(done.stdout[-2000:] + done.stderr[-2000:])
    pytest.fail("could not build a wheel:\n" + "\n----\n".join(errors))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"
    shutil.copytree(ROOT, source, ignore=SKIP)  # never build inside the shared checkout
    return build_wheel(source, work / "dist")


def source_files() -> set[str]:
    """Where every Python module and data file of the source tree lands in the package."""
    found = set()
    for folder, target in PACKAGE_DIRS.items():
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                found.add(f"{target}/{path.relative_to(ROOT / folder).as_posix()}")
    return found


@pytest.mark.slow
def test_wheel_has_one_top_level_package(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "mirix_like/agents/__init__.py" in names
    assert "mirix_like/memory_types/episodic.py" in names
    assert "mirix_like/memory_types/__init__.py" in names
    assert "mirix_like/store/store.py" in names
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"mirix_like"}
    assert not [n for n in names if n.startswith(("agents/", "memory_types/"))]
    [top_level] = [n for n in names if n.endswith(".dist-info/top_level.txt")] or [None]
    if top_level:
        assert zipfile.ZipFile(wheel).read(top_level).decode().split() == ["mirix_like"]


@pytest.mark.slow
def test_wheel_ships_every_module_and_data_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {n for n in source_files() if n.endswith(".py") or "/data/" in n}
    assert shipped - names == set()


@pytest.mark.slow
def test_wheel_declares_the_console_script(wheel):
    archive = zipfile.ZipFile(wheel)
    [entry_points] = [n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt")]
    text = archive.read(entry_points).decode()
    assert "[console_scripts]" in text
    assert "mirix-like = mirix_like.cli:app" in text


@pytest.mark.slow
def test_installed_wheel_imports_from_outside_the_repo(wheel, tmp_path):
    target = tmp_path / "site"
    run(sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target",
        str(target), str(wheel), cwd=tmp_path)
    assert (target / "mirix_like" / "memory_types" / "episodic.py").is_file()
    assert not (target / "agents").exists() and not (target / "memory_types").exists()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    found = json.loads(run(sys.executable, "-c", LIST_TYPES, cwd=elsewhere, env=env))
    for key in ("root", "agents", "types_pkg"):
        assert found[key].startswith(str(target)), (key, found[key])
    assert found["types"] == ["core", "episodic", "semantic", "procedural", "resource",
                              "knowledge_vault"]


@pytest.mark.slow
def test_editable_install_imports_from_any_folder(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    found = json.loads(run(sys.executable, "-c", LIST_TYPES, cwd=tmp_path, env=env))
    assert Path(found["types_pkg"]) == ROOT / "memory_types" / "__init__.py"
    assert Path(found["agents"]) == ROOT / "agents" / "__init__.py"
    assert found["types"][0] == "core" and len(found["types"]) == 6


def test_console_script_entry_point_is_declared():
    scripts = metadata.entry_points(group="console_scripts")
    [entry] = [ep for ep in scripts if ep.name == "mirix-like"]
    assert entry.value == "mirix_like.cli:app"
    assert entry.dist is not None and entry.dist.metadata["Name"] == "mirix-like"
    assert callable(entry.load())
