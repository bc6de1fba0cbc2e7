"""The README's first Python example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_usage_example_runs(tmp_path, monkeypatch):
    block = re.search(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S).group(1)
    monkeypatch.chdir(tmp_path)
    exec(compile(block, "README.md", "exec"), {})
    assert (tmp_path / "maze.svg").read_text().startswith("<svg")


def test_readme_opens_with_the_two_commands():
    lines = README.read_text(encoding="utf-8").splitlines()
    block = lines[lines.index("```bash") + 1 : lines.index("```")]
    assert len(block) == 2, block  # exactly two commands for a fresh machine: the main job, the test suite
    assert block[0].startswith("python -m pip install") and "mazegraph reproduce pullen" in block[0]
    assert block[1].startswith("python -m pip install") and "pytest" in block[1]
