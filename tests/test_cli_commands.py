"""The command line's options and commands: each checked against the Python API or an independent count."""

from __future__ import annotations

import argparse
import json
from types import SimpleNamespace

import networkx as nx
import numpy as np
import pytest

import mazegraph as mg
from mazegraph import cli
from mazegraph.cli import main, parse_label
from mazegraph.symmetry import SYMMETRIES


def _saved(path) -> mg.Maze:
    return mg.Maze.from_json(path.read_text())


def test_generate_typed_options_start_and_goal(tmp_path, capsys):
    saved = tmp_path / "m.json"
    assert main(["generate", "-s", "12x12", "-a", "growing_tree", "--option", "policy=mix", "--option", "p=0.3",
                 "--start", "0,0", "--goal", "11,11", "--seed", "3", "--json", str(saved)]) == 0
    M = _saved(saved)
    G = mg.tessellations.orthogonal(12, 12)
    assert M == mg.generate(G, "growing_tree", seed=3, policy="mix", p=0.3, start=(0, 0), goal=(11, 11))
    assert M != mg.generate(G, "growing_tree", seed=3, policy="mix", p=0.7, start=(0, 0), goal=(11, 11))
    assert M.start == (0, 0) and M.goal == (11, 11)
    T = M.to_networkx()
    assert nx.is_tree(T) and T.number_of_nodes() == 144


def test_generate_focus_and_symmetry(tmp_path):
    wall, sym = tmp_path / "wall.json", tmp_path / "sym.json"
    assert main(["generate", "-s", "9x9", "-a", "kruskal", "--focus", "wall", "--seed", "2", "--json", str(wall)]) == 0
    assert _saved(wall) == mg.generate(mg.tessellations.orthogonal(9, 9), "kruskal", seed=2, focus="wall")
    assert main(["generate", "-s", "9x9", "-a", "backtracker", "--symmetry", "rotate90", "--seed", "2",
                 "--json", str(sym)]) == 0
    M = _saved(sym)
    assert M.meta["symmetry"] == "rotate90"
    # independent check: a quarter turn (r, c) -> (c, 8 - r) maps the passages onto themselves
    passages = {frozenset(e) for e in M.to_networkx().edges}
    turned = {frozenset((c, 8 - r) for r, c in e) for e in passages}
    assert passages == turned


@pytest.mark.parametrize("name", mg.tessellations.names())
def test_parse_label_reads_every_tessellations_labels(name):
    cells = mg.tessellations.from_text(name, seed=1)
    for i in (0, len(cells.labels) // 2, len(cells.labels) - 1):
        label = cells.labels[i]
        assert parse_label(cells, ",".join(map(str, label))) == label


def test_generate_on_a_text_mask(tmp_path):
    shape = ["#..#.", ".....", "..#..", "....#"]
    (tmp_path / "shape.txt").write_text("\n".join(shape) + "\n")
    saved = tmp_path / "m.json"
    assert main(["generate", "--mask", str(tmp_path / "shape.txt"), "--seed", "1", "--json", str(saved)]) == 0
    T = _saved(saved).to_networkx()
    open_cells = {(r, c) for r, line in enumerate(shape) for c, ch in enumerate(line) if ch != "#"}
    assert set(T.nodes) == open_cells and nx.is_tree(T)


def test_generate_on_an_image_mask(tmp_path):
    from PIL import Image

    pixels = np.full((5, 7), 255, dtype=np.uint8)
    pixels[2, 1:6] = 0  # a dark bar: blocked
    Image.fromarray(pixels).save(tmp_path / "shape.png")
    saved = tmp_path / "m.json"
    assert main(["generate", "-t", "mask", "--mask", str(tmp_path / "shape.png"), "--seed", "1",
                 "--json", str(saved)]) == 0
    T = _saved(saved).to_networkx()
    assert set(T.nodes) == {(r, c) for r in range(5) for c in range(7)} - {(2, c) for c in range(1, 6)}
    assert nx.is_tree(T)


def test_generate_pdf(tmp_path, capsys):
    out = tmp_path / "maze.pdf"
    assert main(["generate", "-s", "5x5", "--seed", "1", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")


def test_algorithms_verbose_lists_every_option_with_its_default(capsys):
    assert main(["algorithms", "--verbose"]) == 0
    out = capsys.readouterr().out
    sections = {}
    for line in out.splitlines():
        if not line.startswith(" "):
            current = line.split(":")[0]
            sections[current] = []
        else:
            sections[current].append(line.strip())
    assert set(sections) == set(mg.algorithms())
    for name in mg.algorithms():
        for param in mg.algorithm_info(name).all_options:
            lines = [line for line in sections[name] if line.startswith(f"--option {param.name}:")]
            assert len(lines) == 1, (name, param.name)
            if param.default is not None:
                assert f"(default {param.default!r})" in lines[0]


def _actions(parser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _actions(sub)
        elif not isinstance(action, argparse._HelpAction):
            yield parser.prog, action


@pytest.mark.parametrize("command", [None, *cli.EXTERNAL])
def test_every_option_has_help_that_gives_its_default_once(command):
    actions = list(_actions(cli._parser(command)))
    assert not [(prog, a.dest) for prog, a in actions if not a.help]
    formatter = cli._Formatter("mazegraph")
    twice = [(prog, a.dest) for prog, a in actions if formatter._expand_help(a).lower().count("default") > 1]
    assert not twice


def test_help_shows_defaults(capsys):
    assert main(["generate", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "(default: wilson)" in text and "(default: passage)" in text
    assert "(default: None)" not in text and "(default: False)" not in text


@pytest.mark.parametrize("command", cli.EXTERNAL)
def test_listed_help_of_an_external_command_is_its_own(command):
    sub = next(a for a in cli._parser(command)._actions if isinstance(a, argparse._SubParsersAction))
    helps = {a.dest: a.help for a in sub._choices_actions}
    assert helps[command] == cli.EXTERNAL[command][1]


def test_symmetry_names_are_the_packages():
    assert cli.SYMMETRY_NAMES == tuple(SYMMETRIES)


def test_reproduce_atlas_passes_its_arguments(tmp_path, monkeypatch, capsys):
    from mazegraph.reproduce import atlas

    calls = []

    def fake(**kwargs):
        calls.append(kwargs)
        return SimpleNamespace(files=[tmp_path / "a" / "atlas.md"])

    monkeypatch.setattr(atlas, "reproduce", fake)
    monkeypatch.setattr(atlas, "to_text", lambda a: "the table")
    assert main(["reproduce", "atlas", "--full", "--seeds", "5", "--out", str(tmp_path / "a"), "--backend", "serial",
                 "--no-progress"]) == 0
    assert capsys.readouterr().out.startswith("the table\nwrote ")
    assert calls == [{"config": None, "full": True, "seeds": 5, "out": str(tmp_path / "a"), "backend": "serial",
                      "progress": False}]


ATLAS_TOML = """root_seed = 1
metrics = ["dead_end_pct"]
algorithms = ["wilson"]
[default]
seeds = 3
[[columns]]
tessellation = "torus"
sizes = [[4, 4], [8, 8]]
gallery = [4, 4]
lattice = "square"
boundary = false
"""


def test_reproduce_atlas_runs_a_tiny_config(tmp_path, capsys):
    (tmp_path / "tiny.toml").write_text(ATLAS_TOML)
    out = tmp_path / "atlas"
    assert main(["reproduce", "atlas", "--config", str(tmp_path / "tiny.toml"), "--out", str(out),
                 "--backend", "serial", "--no-progress"]) == 0
    printed = capsys.readouterr().out
    assert "wilson" in printed and "torus" in printed
    cells = __import__("pandas").read_csv(out / "atlas.csv")
    assert cells[["row", "column", "mazes_large"]].values.tolist() == [["wilson", "torus", 3]]
    assert json.loads((out / "run.json").read_text())["seeds"] == 3


def test_warmup_command(monkeypatch, capsys):
    from mazegraph import warmup

    seen = []
    monkeypatch.setattr(warmup, "is_warm", lambda probes: False)
    monkeypatch.setattr(warmup, "ensure", lambda probes, workers, progress: seen.append((workers, progress)) or 2.5)
    monkeypatch.setattr(warmup, "compile_probes", lambda probes, workers, progress: seen.append("force") or 7)
    assert main(["warmup", "--workers", "2", "--no-progress"]) == 0
    assert seen == [(2, False)] and "in 2.5 s" in capsys.readouterr().out
    monkeypatch.setattr(warmup, "is_warm", lambda probes: True)
    assert main(["warmup"]) == 0
    assert "already compiled" in capsys.readouterr().out and len(seen) == 1
    assert main(["warmup", "--force"]) == 0
    assert seen[-1] == "force" and "compiled 7 kernel versions" in capsys.readouterr().out


def test_the_docs_page_names_every_command_and_generate_option():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text()
    sub = next(a for a in cli._parser()._actions if isinstance(a, argparse._SubParsersAction))
    missing = [name for name in sub.choices if f"\n## {name}\n" not in page]
    generate = sub.choices["generate"]
    missing += [flag for a in generate._actions for flag in a.option_strings if flag not in ("-h", "--help")
                and f"`{flag}" not in page]
    assert not missing
