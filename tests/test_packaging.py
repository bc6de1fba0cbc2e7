"""Packaging a researcher can cite: one version everywhere, a valid CITATION.cff, the license pyproject names."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import mazegraph

ROOT = Path(__file__).resolve().parents[1]


def test_version_is_single_sourced():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" in pyproject["project"]["dynamic"]  # read from mazegraph/__init__.py by the build backend
    assert pyproject["tool"]["hatch"]["version"]["path"] == "mazegraph/__init__.py"
    assert re.fullmatch(r"\d+\.\d+\.\d+([.-]?(a|b|rc|dev)\d+)?", mazegraph.__version__)
    citation = (ROOT / "CITATION.cff").read_text()
    assert f'version: "{mazegraph.__version__}"' in citation
    assert f"## {mazegraph.__version__}" in (ROOT / "CHANGELOG.md").read_text()


def test_license_file_matches_pyproject():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    name = pyproject["project"]["license"]["text"]
    assert name == "MIT" and (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert "license: MIT" in (ROOT / "CITATION.cff").read_text()


@pytest.mark.skipif(shutil.which("cffconvert") is None, reason="cffconvert is in the test extras")
def test_citation_validates_against_the_cff_schema():
    done = subprocess.run(["cffconvert", "--validate", "-i", str(ROOT / "CITATION.cff")], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_typed_package():
    assert (Path(mazegraph.__file__).parent / "py.typed").exists()


def test_no_upper_bounds_of_our_own():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert not [d for d in pyproject["project"]["dependencies"] if "<" in d]


def test_python_m_mazegraph_runs():
    done = subprocess.run([sys.executable, "-m", "mazegraph", "tessellations"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and "orthogonal" in done.stdout
