"""The command line: happy paths and one-line errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

import mazegraph as mg
from mazegraph.cli import main
from mazegraph.tessellations import parse_size


def test_generate_png_and_json(tmp_path, capsys):
    png, saved = tmp_path / "maze.png", tmp_path / "maze.json"
    code = main(["generate", "--tessellation", "sigma", "--size", "12x12", "--algorithm", "wilson",
                 "--seed", "7", "--solution", "-o", str(png), "--json", str(saved)])
    assert code == 0
    assert png.read_bytes().startswith(b"\x89PNG")
    M = mg.Maze.from_json(saved.read_text())
    assert M == mg.generate(mg.tessellations.sigma(12, 12), "wilson", seed=7)
    assert "143 of" in capsys.readouterr().out
    out = tmp_path / "again.svg"
    assert main(["render", str(saved), "-o", str(out), "--solution"]) == 0
    assert out.read_text().startswith("<svg")


def test_generate_svg_to_stdout(capsys):
    assert main(["generate", "-t", "theta", "-s", "4", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("<svg")


def test_listings(capsys):
    assert main(["tessellations"]) == 0
    listing = capsys.readouterr().out
    assert all(name in listing for name in ("orthogonal", "delta", "sigma", "sigma_hexagon", "theta"))
    assert main(["algorithms"]) == 0
    assert "kruskal" in capsys.readouterr().out


def test_gallery(tmp_path, capsys):
    assert main(["gallery", "--out", str(tmp_path)]) == 0
    for name in ("orthogonal", "delta", "sigma", "sigma_hexagon", "theta"):
        assert (tmp_path / f"{name}.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    "argv,message",
    [
        (["generate", "-t", "square"], "unknown tessellation 'square'; known tessellations:"),
        (["generate", "-a", "prim"], "unknown algorithm 'prim'; known algorithms:"),
        (["generate", "-s", "0x4"], "rows must be at least 1"),
        (["generate", "-s", "ax4"], "whole numbers joined by 'x'"),
        (["generate", "-s", "3"], "takes 2 size(s)"),
        (["generate", "-o", "/nonexistent-dir/maze.png"], "cannot write"),
        (["generate", "-o", "maze.gif"], "use .svg or .png"),
        (["render", "/nonexistent.json", "-o", "x.svg"], "cannot read"),
    ],
)
def test_errors_are_one_line(argv, message, capsys, monkeypatch):
    monkeypatch.setenv("MAZEGRAPH_COMPILE_NOTICE", "0")  # a cold kernel cache says it compiles: not an error line
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("mazegraph: error: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_python_m_and_exit_status(tmp_path):
    ok = subprocess.run([sys.executable, "-m", "mazegraph", "generate", "-s", "3x3", "--seed", "1",
                         "-o", str(tmp_path / "m.svg")], capture_output=True, text=True)
    assert ok.returncode == 0 and (tmp_path / "m.svg").exists()
    bad = subprocess.run([sys.executable, "-m", "mazegraph", "generate", "-a", "nope"],
                         capture_output=True, text=True)
    assert bad.returncode == 1 and "Traceback" not in bad.stderr and "known algorithms" in bad.stderr


def test_parse_size():
    assert parse_size("12x16") == (12, 16) and parse_size("8") == (8,) and parse_size("4X5x3") == (4, 5, 3)
    with pytest.raises(mg.InvalidSizeError):
        parse_size("12 by 16")
