"""The command line as a process: version, lazy start-up, a closed pipe, Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

import mazegraph as mg

HEAVY = ("numba", "networkx", "matplotlib", "pandas", "scipy")


def _python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)


def test_version_is_the_package_version():
    done = subprocess.run([sys.executable, "-m", "mazegraph", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == f"mazegraph {mg.__version__}\n"


def test_import_and_help_load_no_heavy_module():
    code = f"""
import sys
import mazegraph as mg
after_import = sorted(m for m in {HEAVY!r} if m in sys.modules)
from mazegraph.cli import main
assert main(["--help"]) == 0
after_help = sorted(m for m in {HEAVY!r} if m in sys.modules)
print(after_import, after_help, file=sys.stderr)
"""
    done = _python(code)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "[] []"
    assert done.stdout.startswith("usage: mazegraph")


# imported only when a command asks for them: networkx for a graph view, scipy's submodules for a networkx graph or
# an opening in a drawing's boundary, matplotlib for a PNG/PDF or an Axes, pandas for experiments and tables
LAZY = ("networkx", "scipy.sparse", "scipy.spatial", "pandas")


def _imported_by(code: str, modules) -> list[str]:
    done = _python(f"import sys\n{code}\nprint(sorted(m for m in {tuple(modules)!r} if m in sys.modules))")
    assert done.returncode == 0, done.stderr
    return eval(done.stdout.strip().splitlines()[-1])  # noqa: S307 - a list of names printed just above


def test_generate_imports_no_graph_library_and_matplotlib_only_for_a_picture(tmp_path):
    # a regression to a module-level import of networkx (cellgraph, maze, the tessellations, drawing, symmetry)
    # or of matplotlib (drawing) shows here
    svg = tmp_path / "m.svg"
    svg_code = f"from mazegraph.cli import main\nmain(['generate', '-s', '6x6', '--seed', '1', '-o', {str(svg)!r}])"
    assert _imported_by(svg_code, LAZY + ("matplotlib",)) == []
    png = tmp_path / "m.png"
    png_code = f"from mazegraph.cli import main\nmain(['generate', '-s', '6x6', '--seed', '1', '-o', {str(png)!r}])"
    assert _imported_by(png_code, LAZY + ("matplotlib",)) == ["matplotlib"]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and svg.read_text().startswith("<svg")
    # the graph view still works, importing networkx when asked (and the lazy dispatch draws a networkx graph)
    view = ("import mazegraph as mg\nG = mg.tessellations.orthogonal(3, 3)\nassert mg.render(G).startswith('<svg')\n"
            "M = mg.generate(G, 'kruskal', seed=1)\nT = M.to_networkx()\n"
            "assert T.number_of_edges() == T.number_of_nodes() - 1 == 8")
    assert _imported_by(view, ("networkx",)) == ["networkx"]


def test_lazy_names_import_on_first_use():
    code = """
import sys
import mazegraph as mg
assert "numba" not in sys.modules
assert set(mg.__all__) <= set(dir(mg))
from mazegraph import Maze, generate, render
M = mg.generate(mg.tessellations.orthogonal(3, 3), "kruskal", seed=1)
assert type(M) is Maze and M is not None and callable(render) and generate is mg.generate
assert all(getattr(mg, name) is not None for name in mg.__all__)
assert "numba" in sys.modules
try:
    mg.no_such_name
except AttributeError as error:
    print(error)
"""
    done = _python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "module 'mazegraph' has no attribute 'no_such_name'"


TINY = 'name = "tiny"\nroot_seed = 1\nseeds = 4\nmetrics = ["dead_end_pct"]\n' \
       '[[algorithms]]\nname = "kruskal"\n[[tessellations]]\nname = "orthogonal"\nsizes = [[5, 5]]\n'


def test_a_public_function_named_like_its_module_stays_the_function():
    # mazegraph.solvers is the function solvers(), also once a module has imported the submodule mazegraph.solvers
    done = _python("import mazegraph.solvers, mazegraph as mg; print(callable(mg.solvers), mg.solvers.__module__)")
    assert done.returncode == 0 and done.stdout.split() == ["True", "mazegraph.solvers"], done.stderr


@pytest.mark.parametrize("argv", [["algorithms", "--verbose"], ["experiment", "TINY", "--backend", "serial"]],
                         ids=" ".join)
def test_closed_stdout_is_quiet(argv, tmp_path):
    # `mazegraph ... | head -2`: the reader has gone when the command writes (here it closes its end before)
    (tmp_path / "TINY").write_text(TINY)
    proc = subprocess.Popen([sys.executable, "-m", "mazegraph", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=tmp_path)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=300) == 141, err
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception ignored" not in err


def _interrupt(argv: list[str], delay: float, wait_for=None) -> tuple[int, str]:
    """Start ``mazegraph ARGV`` in its own process group; press Ctrl-C there ``delay`` s after ``main`` is called
    (and after the file ``wait_for`` appears, if given)."""
    start = f"import sys; from mazegraph.cli import main; print('up', flush=True); sys.exit(main({argv!r}))"
    # SIGINT back to its default in the child: a test run started in the background (nohup, `&` in a script)
    # inherits it ignored, and Python then never raises KeyboardInterrupt
    proc = subprocess.Popen([sys.executable, "-c", start], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout.readline() == b"up\n"
    waited = 0.0
    while wait_for is not None and not wait_for.exists() and waited < 300 and proc.poll() is None:
        time.sleep(0.2)
        waited += 0.2
    time.sleep(delay)
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole foreground group
    _, err = proc.communicate(timeout=300)
    return proc.returncode, err.decode()


def test_ctrl_c_while_starting_up_exits_130_quietly():
    status, err = _interrupt(["generate", "-s", "20x20", "--seed", "1"], 0.0)  # main is importing numba
    assert status == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_ctrl_c_during_a_job_exits_130_quietly(tmp_path):
    # a process pool making 100,000 mazes of 200 x 200 (many minutes of work), its workers interrupted with it
    config = tmp_path / "long.toml"
    config.write_text('name = "long"\nroot_seed = 1\nseeds = 100000\nmetrics = ["dead_end_pct"]\n'
                      '[[algorithms]]\nname = "wilson"\n[[tessellations]]\nname = "orthogonal"\nsizes = [[200, 200]]\n')
    out = tmp_path / "out"
    status, err = _interrupt(["experiment", str(config), "--out", str(out), "--workers", "2"], 3.0,
                             wait_for=out / "_experiment.json")  # written as the job starts
    assert (out / "_experiment.json").exists()
    assert status == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.rstrip().endswith("mazegraph: interrupted")
