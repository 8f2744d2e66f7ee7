"""The README's Python example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).parent.parent / "README.md"


def test_readme_python_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    [code] = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.DOTALL)
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "Sam hiked up Mount Tamalpais" in printed and "msg-1" in printed
    assert "Maya" in printed.splitlines()[-1]
    assert (tmp_path / "my-memory").is_dir()


def test_readme_commands_match_ci() -> None:
    text = README.read_text()
    ci = (README.parent / ".ci" / "run").read_text()
    commands = re.findall(r"```bash\n(.*?)\n```", text, flags=re.DOTALL)
    assert commands[0] in ci and commands[1] in ci
