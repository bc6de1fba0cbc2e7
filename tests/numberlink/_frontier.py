"""An independent count of Numberlink solutions on rectangular boards: a frontier (plug) dynamic program.

Test helper, not the package's method: it scans the board cell by cell, row
by row, and keeps, for every way the cells scanned so far can be laid out,
only what the rest of the board needs to know: which of the edges crossing
the scan line are used, and what each used one carries. A used edge carries
a number (its path already reaches that number's endpoint) or a label shared
by the two ends of a loose piece (a path segment touching no endpoint yet).
Paths may run beside themselves (the loose rules); with ``fill`` every free
cell is on a path. No SAT, no cycle cuts: a piece whose two ends meet is a
cycle and is dropped. Exponential in the board's width, fine to about 7 x 7.
"""

from __future__ import annotations


def _relabel(down: list[int], right: int) -> tuple[tuple[int, ...], int]:
    """Number the loose pieces (negative labels) by first appearance, so equal layouts share a key."""
    names: dict[int, int] = {}
    out = []
    for v in [*down, right]:
        if v < 0:
            v = names.setdefault(v, -1 - len(names))
        out.append(v)
    return tuple(out[:-1]), out[-1]


def count_loose(puzzle, fill: bool, limit: int) -> int:
    """Solutions of an orthogonal ``puzzle`` with self-touching allowed, at most ``limit``."""
    coords = puzzle.cells.labels.coords
    rows, cols = int(coords[:, 0].max()) + 1, int(coords[:, 1].max()) + 1
    grid = [[0] * cols for _ in range(rows)]  # 0 free, -1 solid, k > 0 an endpoint of number k
    for i, (r, c) in enumerate(coords.tolist()):
        grid[r][c] = -1 if puzzle.solid[i] else int(puzzle.number[i])
    fresh = -(10**6)  # the label of a piece started at this cell (relabelled at once)
    states = {((0,) * cols, 0): 1}  # (edge down from each column, edge into the next cell) -> ways
    for r in range(rows):
        for c in range(cols):
            cell, new = grid[r][c], {}
            can_right, can_down = c + 1 < cols, r + 1 < rows
            for (down, left), ways in states.items():
                up = down[c]
                ins = [x for x in (up, left) if x]
                outs = []  # (down edge, right edge, labels to rename {old: new})
                if cell == -1:
                    if not ins:
                        outs.append((0, 0, {}))
                elif cell > 0:
                    if len(ins) == 1:
                        x = ins[0]
                        if x == cell:
                            outs.append((0, 0, {}))  # the path of this number is complete
                        elif x < 0:
                            outs.append((0, 0, {x: cell}))  # the loose piece now reaches this endpoint
                    elif not ins:
                        outs += [(0, cell, {})] * can_right + [(cell, 0, {})] * can_down
                elif len(ins) == 2:
                    if up > 0 and left > 0:
                        if up == left:
                            outs.append((0, 0, {}))
                    elif up < 0 and left < 0:
                        if up != left:  # equal: the piece closes into a cycle
                            outs.append((0, 0, {left: up}))
                    else:
                        number, piece = (up, left) if up > 0 else (left, up)
                        outs.append((0, 0, {piece: number}))
                elif len(ins) == 1:
                    outs += [(0, ins[0], {})] * can_right + [(ins[0], 0, {})] * can_down
                else:
                    if can_right and can_down:
                        outs.append((fresh, fresh, {}))
                    if not fill:
                        outs.append((0, 0, {}))
                for d, rt, rename in outs:
                    row = [rename.get(v, v) for v in down]
                    row[c] = d
                    key = _relabel(row, rt)
                    new[key] = min(limit, new.get(key, 0) + ways)
            states = new
    return states.get(((0,) * cols, 0), 0)
