"""Every user error of the command line: one ``mazegraph: error: ...`` line on stderr, exit status 1.

The commands are those of issues 16 and 18 (argparse's own errors in every
subcommand, bad option values, files that cannot be read or written); each case
names a fragment the message must hold, so a message that stops saying what to
change fails too.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from mazegraph.cli import main

MASK = "#...\n....\n"

BAD = [
    # argparse's own errors, top level and in every subcommand (exit 2 and a usage block before)
    ([], "the following arguments are required: COMMAND"),
    (["bogus"], "invalid choice: 'bogus'"),
    (["generate", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
    (["generate", "--focus", "diagonal"], "invalid choice: 'diagonal'"),
    (["generate", "--symmetry", "spin"], "invalid choice: 'spin'"),
    (["render"], "the following arguments are required: maze, --output/-o"),
    (["tessellations", "extra"], "unrecognized arguments: extra"),
    (["algorithms", "--verbose=3"], "ignored explicit argument"),
    (["gallery", "--seed", "1.5"], "invalid int value"),
    (["experiment"], "the following arguments are required: config"),
    (["experiment", "x.toml", "--backend", "threads"], "invalid choice: 'threads'"),
    (["numberlink"], "the following arguments are required: ACTION"),
    (["numberlink", "solve"], "the following arguments are required: puzzle"),
    (["numberlink", "generate", "--min-length", "x"], "invalid int value"),
    (["reproduce"], "the following arguments are required: table"),
    (["reproduce", "bogus"], "invalid choice: 'bogus'"),
    (["reproduce", "pullen", "--seeds", "0"], "--seeds: must be at least 1, got 0"),  # once ran 200 silently
    (["reproduce", "ust", "--seeds", "-3"], "--seeds: must be at least 1, got -3"),
    (["reproduce", "pullen", "--seeds", "many"], "'many' is not a whole number"),
    (["plot"], "the following arguments are required: RESULTS_DIR"),
    (["warmup", "--workers", "0"], "--workers: must be at least 1, got 0"),
    # algorithm options, typed by their declarations
    (["generate", "-a", "growing_tree", "--option", "policy=bogus"], "policy must be one of 'newest'"),
    (["generate", "-a", "growing_tree", "--option", "p=2"], "p must be a number in [0, 1]"),
    (["generate", "-a", "growing_tree", "--option", "p=x"], "growing_tree: p must be"),
    (["generate", "-a", "growing_tree", "--option", "nope=1"], "does not take option 'nope'; it takes policy, p"),
    (["generate", "-a", "growing_tree", "--option", "p"], "--option takes NAME=VALUE"),
    (["generate", "-a", "growing_tree", "--option", "policy=newest", "--option", "p=0.3"],
     "p applies only to policy='mix'"),
    # cells
    (["generate", "-s", "4x4", "--start", "0,0,0"], "cells of orthogonal have 2 coordinates"),
    (["generate", "-s", "4x4", "--goal", "9,9"], "--goal '9,9': (9, 9) is not a cell"),
    (["generate", "-s", "4x4", "--start", "a,b"], "whole numbers joined by commas, e.g. 0,0"),
    (["generate", "-s", "4x4", "--start", "0.5,0"], "whole numbers joined by commas"),  # not truncated to 0,0
    (["generate", "-s", "4x4", "--symmetry", "rotate60"], "rotate60"),
    # masks
    (["generate", "-t", "mask", "--mask", "/nonexistent/shape.txt"], "--mask /nonexistent/shape.txt: no such file"),
    (["generate", "-t", "sigma", "--mask", "MASK"], "--mask draws the cells of -t mask, not of -t sigma"),
    (["generate", "--mask", "MASK", "-s", "3x3"], "takes its size from the --mask file"),
    # files and folders
    (["generate", "-s", "3x3", "-o", "maze.gif"], "use .svg or .png"),
    (["render", "/nonexistent.json", "-o", "x.svg"], "cannot read /nonexistent.json"),
    (["gallery", "-a", "bogus"], "unknown algorithm 'bogus'"),  # once a KeyError traceback
    (["gallery", "--out", "/proc/x"], "cannot create the folder /proc/x"),
    (["reproduce", "pullen", "--out", "/proc/x"], "cannot create the folder /proc/x"),  # once a traceback
    (["reproduce", "atlas", "--seeds", "1"], "at least 2"),
    (["reproduce", "pullen", "--config", "x.toml"], "--config is for `reproduce atlas`"),
    (["reproduce", "pullen", "--full"], "pullen has no --full run"),
    (["plot", "/nonexistent"], "/nonexistent is not a folder"),
    (["numberlink", "solve", "/nonexistent.txt"], "cannot read /nonexistent.txt"),
    (["numberlink", "generate", "--pairs", "x"], "--pairs 'x' should be LOW-HIGH"),
    (["numberlink", "solve", "LATIN1"], "UTF-8"),  # once a UnicodeDecodeError traceback
    (["render", "LATIN1", "-o", "x.svg"], "UTF-8"),
    (["generate", "-s", "1000000x1000000"], ""),  # terabytes: refused, never a MemoryError traceback
    (["algorithms", "a\nb"], "unrecognized arguments: a\\nb"),  # an echoed line break stays on the one line
    (["render", "two\nlines.json", "-o", "x.png"], "cannot read two\\nlines.json"),
]


@pytest.mark.parametrize("argv,message", BAD, ids=[" ".join(a) or "(nothing)" for a, _ in BAD])
def test_user_errors_are_one_line_exit_1(argv, message, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MAZEGRAPH_COMPILE_NOTICE", "0")  # a cold kernel cache says it compiles: not an error line
    (tmp_path / "MASK").write_text(MASK)
    (tmp_path / "LATIN1").write_bytes("café\n".encode("latin-1"))
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert err.startswith("mazegraph: error: ") and err.count("\n") == 1, err
    assert message in err
    assert "usage:" not in err and "Traceback" not in err


# a few through the real entry point, where argparse would print usage and exit 2, and tracebacks would show
THROUGH_PYTHON = [
    ["bogus"],
    ["generate", "--seed", "x"],
    ["experiment"],
    ["numberlink", "generate", "--size"],
    ["reproduce", "pullen", "--seeds", "0"],
    ["gallery", "-a", "bogus"],
]


@pytest.mark.parametrize("argv", THROUGH_PYTHON, ids=" ".join)
def test_python_m_mazegraph_error_is_one_line_exit_1(argv):
    done = subprocess.run([sys.executable, "-m", "mazegraph", *argv], capture_output=True, text=True, timeout=300)
    lines = [line for line in done.stderr.splitlines() if not line.startswith("mazegraph: compiling")]
    assert done.returncode == 1, done.stderr
    assert len(lines) == 1 and lines[0].startswith("mazegraph: error: "), done.stderr
    assert done.stdout == ""
