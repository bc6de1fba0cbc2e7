"""The solution and the start and goal markers of a maze picture, as scene shapes.

The solution is a line through the drawn centres of its cells. Where it takes
a jump (across a glued side of a net, or out of a level slice), the line runs
to the jump's place in the cell it leaves (the cell's side of the glued pair,
or its up/down mark), breaks, and resumes at the jump's place in the cell it
enters; both ends carry a numbered badge of one colour, the jump's number along
the solution, so the pieces can be followed across the picture. Where it
passes beneath a bridge (a weave tunnel), the line breaks at the bridge's edges
and crosses under it as a thin dotted line, so a solution that crosses itself
shows which strand goes under.
"""

from __future__ import annotations

import numpy as np

from ..errors import MissingAttributeError
from ..maze import Maze
from .facts import anchor, jumps, step_edges, tunnel_reach, tunnels, typical_step
from .scene import Discs, Paths, Stroke

__all__ = ["solution", "markers", "ROUTE"]

ROUTE = "#d62728"
START, GOAL = "#2ca02c", "#d62728"
_LINE = Stroke(ROUTE, 0.2, least=2.0)
_UNDER = Stroke(ROUTE, 0.07, least=1.0, dash=(0.07, 0.07), cap="butt")
# jump badge colours, cycled; no green or red, which mark the start and goal
_BADGES = ("#1f77b4", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#393b79", "#bcbd22", "#7f7f7f")
_OUTSIDE = 0.55  # how far outside an opening its marker stands, in typical steps


def _layout(maze: Maze) -> np.ndarray:
    if maze.cells.layout is None:
        raise MissingAttributeError("cannot draw a solution or markers: the nodes lack the 'pos' attribute")
    return maze.cells.layout


def solution(maze: Maze, openings: dict) -> list:
    """The solution's shapes: dotted under-strands, the line's pieces, then the jump badges.

    Parameters
    ----------
    maze : Maze
    openings : dict of int to Opening
        Openings in the outer wall by cell; the line runs out through the
        start's and the goal's.

    Raises
    ------
    NoSolutionError
        If no passage path joins start and goal.
    MissingAttributeError
        If the cells have no drawn centres.
    """
    layout = _layout(maze)
    cells = maze.cells
    path = maze.solution_indices()
    unit = typical_step(cells)
    current = _outside(openings.get(int(path[0])), unit)[::-1] + [layout[path[0]]]
    pieces, under_strands, badges = [], [], []
    last = 0
    if len(path) > 1:
        edges = step_edges(cells, path)
        jump, under = jumps(cells)[edges], tunnels(cells)[edges]
        for i in np.flatnonzero(jump | (under >= 0)).tolist():
            current.extend(layout[path[last + 1 : i + 1]])
            e, a, b = int(edges[i]), int(path[i]), int(path[i + 1])
            if jump[i]:
                leave, enter = anchor(cells, e, a), anchor(cells, e, b)
                pieces.append([*current, leave])
                current = [enter]
                badges += [leave, enter]
            else:
                middle = layout[under[i]]
                along = layout[b] - layout[a]
                along = along / np.hypot(*along)
                reach = float(tunnel_reach(cells, np.array([e]))[0])
                pieces.append([*current, middle - reach * along])
                under_strands.append(np.array([middle - reach * along, middle + reach * along]))
                current = [middle + reach * along]
            last = i
    current.extend(layout[path[last + 1 :]])
    current.extend(_outside(openings.get(int(path[-1])), unit))
    pieces.append(current)
    shapes = []
    if under_strands:
        shapes.append(Paths(under_strands, _UNDER))
    shapes.append(Paths([np.asarray(p, dtype=float).reshape(-1, 2) for p in pieces], _LINE))
    if badges:
        numbers = [str(k // 2 + 1) for k in range(len(badges))]
        colours = [_BADGES[(k // 2) % len(_BADGES)] for k in range(len(badges))]
        shapes.append(Discs(np.array(badges), 0.24 * unit, colours, numbers))
    return shapes


def markers(maze: Maze, openings: dict) -> Discs:
    """A green disc on the start and a red one on the goal (outside the maze at an opening)."""
    layout = _layout(maze)
    unit = typical_step(maze.cells)
    centres = []
    for cell in (maze.start_index, maze.goal_index):
        outside = _outside(openings.get(cell), unit)
        centres.append(outside[-1] if outside else layout[cell])
    return Discs(np.array(centres), 0.25 * unit, [START, GOAL])


def _outside(opening, unit: float) -> list:
    """The points from an opening's mouth to a little outside it (none without an opening)."""
    if opening is None:
        return []
    return [opening.mouth, opening.mouth + _OUTSIDE * unit * opening.outward]
