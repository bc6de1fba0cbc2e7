"""Exact local laws of the uniform spanning tree on four infinite lattices: passages per cell.

A uniform perfect maze on a large board is a sample of the uniform spanning tree
(UST), and far from the boundary the chance that a cell has 1, 2, 3, ... passages
tends to that of the UST of the infinite lattice. Those chances are exact:

- the edges of the UST form a determinantal process whose kernel is the transfer
  current matrix (R. Burton and R. Pemantle, "Local characteristics, entropy and
  limit theorems for spanning trees and domino tilings via transfer-impedances",
  Ann. Probab. 21 (1993) 1329-1371). For the ``d`` edges at a vertex, oriented
  away from it, the chance that exactly the set ``S`` of them is in the tree is
  ``det M``, where row ``i`` of ``M`` is row ``i`` of the kernel ``Y`` when
  ``i`` is in ``S`` and row ``i`` of ``I - Y`` when not (:func:`degree_law`);
- with unit conductances, the current through the edge ``(v, v + y)`` when a unit
  current enters at ``v`` and leaves at ``v + x`` is
  ``Y(x, y) = (R(x) + R(y) - R(x - y)) / 2``, where ``R(z)`` is the effective
  resistance between two vertices ``z`` apart (:func:`transfer_currents`).

So three resistances per lattice decide everything. This module takes them from
closed forms where they are known and computes the one that is not:

============  ====================  =========================================================
lattice       cells in mazegraph    resistances (unit resistors)
============  ====================  =========================================================
square        orthogonal, torus...  R(1) = 1/2, R(1,1) = 2/pi, R(2) = 2 - 4/pi [1]_ [2]_
triangular    sigma (hexagons)      R(1) = 1/3, R(sqrt 3) = 2 sqrt(3)/pi - 2/3, R(2) = 8/3 - 4 sqrt(3)/pi [1]_ [3]_
honeycomb     delta (triangles)     R(1) = 2/3, R(sqrt 3) = 1 (star-triangle: the triangular lattice of 3-ohm resistors)
cubic         grid (3D)             R(1) = 1/3, R(1,1,0) by the integral of :func:`cubic_resistance`
                                    (0.39508; Cserti's table [2]_: 0.3951), R(2,0,0) = 2 - 4 R(1,1,0) (Kirchhoff at 0)
============  ====================  =========================================================

The square lattice gives Manna, Dhar and Majumdar's law (``mazegraph/reference/ust_z2.csv``:
dead ends ``8/pi^2 (1 - 2/pi) = 0.294545``); the honeycomb gives the rational law
1/4, 1/2, 1/4 (its kernel is ``I/2 + J/6``, whose eigenvalues are 1, 1/2, 1/2).

References
----------
.. [1] D. Atkinson and F. J. van Steenwijk, "Infinite resistive lattices",
   Am. J. Phys. 67 (1999) 486-492.
.. [2] J. Cserti, "Application of the lattice Green's function for calculating
   the resistance of an infinite network of resistors", Am. J. Phys. 68 (2000) 896-906.
.. [3] OEIS A355585, A355587: resistances in the infinite triangular lattice,
   ``R = s/t + (2 sqrt(3)/pi) u/v``.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from math import pi, sqrt

import numpy as np

from ..errors import InvalidOptionError

__all__ = [
    "LATTICES", "METRIC_DEGREES", "Lattice", "cubic_resistance", "transfer_currents", "degree_law", "ust_degrees",
    "exact_pct",
]


def cubic_resistance(x: tuple[int, ...]) -> float:
    """Resistance between the origin and ``x`` in the infinite lattice Z^d of unit resistors (d = 2 or 3).

    ``R(x) = 2 * integral over t > 0 of [I_0(2t)^d - prod_i I_{x_i}(2t)] e^{-2dt} dt``:
    the Green's function of the continuous-time random walk that jumps to each
    neighbour at rate 1, whose coordinates are independent walks with
    ``P(X_t = k) = e^{-2t} I_k(2t)`` (Bessel functions). The difference
    converges in two dimensions as well as in three.

    Examples
    --------
    >>> from mazegraph.reproduce.ust_lattices import cubic_resistance
    >>> round(cubic_resistance((1, 0, 0)), 9), round(cubic_resistance((1, 1)), 9)  # 1/3 and 2/pi
    (0.333333333, 0.636619772)
    """
    from scipy.integrate import quad
    from scipy.special import ive

    x = tuple(abs(int(k)) for k in x)
    if len(x) not in (2, 3):
        raise InvalidOptionError(f"cubic_resistance takes a point of Z^2 or Z^3, got {x}")

    def integrand(t: float) -> float:
        return ive(0, 2 * t) ** len(x) - float(np.prod([ive(k, 2 * t) for k in x]))

    head = quad(integrand, 0, 50, limit=400, epsabs=1e-14)[0]
    tail = quad(integrand, 50, np.inf, limit=400, epsabs=1e-14)[0]
    return 2.0 * (head + tail)


@functools.cache
def _cubic_110() -> float:
    return cubic_resistance((1, 1, 0))


@dataclass(frozen=True)
class Lattice:
    """An infinite lattice: the steps to a vertex's neighbours and the resistance between two vertices."""

    name: str
    steps: tuple[tuple[float, ...], ...]  # vectors from a vertex to its neighbours
    cells: str  # the mazegraph tessellations whose cell graph it is
    source: str

    def resistance(self, z) -> float:
        """Effective resistance between two vertices ``z`` apart (``z`` a difference of two steps or 0)."""
        z = np.asarray(z, dtype=float)
        length2 = round(float(z @ z), 6)
        table = _RESISTANCES[self.name]()
        if length2 not in table:
            raise InvalidOptionError(f"{self.name}: no resistance known here for a vector of squared length {length2}")
        return table[length2]


def _unit(angle_degrees: float) -> tuple[float, float]:
    a = np.radians(angle_degrees)
    return (float(np.cos(a)), float(np.sin(a)))


_RESISTANCES = {  # squared distance -> resistance; only the distances two steps apart are needed
    "square": lambda: {0.0: 0.0, 1.0: 0.5, 2.0: 2 / pi, 4.0: 2 - 4 / pi},
    "triangular": lambda: {0.0: 0.0, 1.0: 1 / 3, 3.0: 2 * sqrt(3) / pi - 2 / 3, 4.0: 8 / 3 - 4 * sqrt(3) / pi},
    "honeycomb": lambda: {0.0: 0.0, 1.0: 2 / 3, 3.0: 1.0},
    "cubic": lambda: {0.0: 0.0, 1.0: 1 / 3, 2.0: _cubic_110(), 4.0: 2 - 4 * _cubic_110()},
}

#: The lattices with exact uniform-spanning-tree degree laws, by name.
LATTICES: dict[str, Lattice] = {
    "square": Lattice(
        "square", tuple(_unit(a) for a in (0, 90, 180, 270)), "orthogonal, torus, cylinder, Moebius, Klein, cube, mask",
        "closed forms (Atkinson and van Steenwijk 1999); law of Manna, Dhar and Majumdar 1992",
    ),
    "triangular": Lattice(
        "triangular", tuple(_unit(a) for a in range(0, 360, 60)), "sigma, sigma_hexagon",
        "closed forms (Atkinson and van Steenwijk 1999; OEIS A355585) in the transfer current theorem",
    ),
    "honeycomb": Lattice(
        "honeycomb", tuple(_unit(a) for a in (90, 210, 330)), "delta",
        "second-neighbour resistance 1 by the star-triangle transformation, in the transfer current theorem",
    ),
    "cubic": Lattice(
        "cubic", ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)), "grid (3D)",
        "R(1,1,0) from the lattice Green's function integral (Cserti 2000: 0.3951), transfer current theorem",
    ),
}


def transfer_currents(lattice: Lattice | str) -> np.ndarray:
    """The transfer current matrix of the edges at one vertex, oriented away from it.

    Examples
    --------
    >>> from mazegraph.reproduce.ust_lattices import transfer_currents
    >>> transfer_currents("honeycomb").round(4).tolist()
    [[0.6667, 0.1667, 0.1667], [0.1667, 0.6667, 0.1667], [0.1667, 0.1667, 0.6667]]
    """
    lattice = _lattice(lattice)
    steps = np.asarray(lattice.steps, dtype=float)
    d = len(steps)
    Y = np.empty((d, d))
    for i, j in itertools.product(range(d), repeat=2):
        x, y = steps[i], steps[j]
        Y[i, j] = (lattice.resistance(x) + lattice.resistance(y) - lattice.resistance(x - y)) / 2
    return Y


def degree_law(Y: np.ndarray) -> np.ndarray:
    """Chances that exactly 0, 1, ..., d of a vertex's edges are in the tree, from their transfer currents.

    Parameters
    ----------
    Y : numpy.ndarray, shape (d, d)
        The transfer current matrix of the ``d`` edges at the vertex, oriented
        away from it (symmetric, eigenvalues in [0, 1]).

    Returns
    -------
    numpy.ndarray, shape (d + 1,)
        ``p[k]`` = P(the vertex has exactly k tree edges).

    Examples
    --------
    A path of three vertices has one spanning tree: the middle vertex has both edges.

    >>> import numpy as np
    >>> from mazegraph.reproduce.ust_lattices import degree_law
    >>> degree_law(np.eye(2)).tolist()
    [0.0, 0.0, 1.0]
    """
    Y = np.asarray(Y, dtype=float)
    d = len(Y)
    identity = np.eye(d)
    law = np.zeros(d + 1)
    for chosen in itertools.product((False, True), repeat=d):
        rows = np.where(np.array(chosen)[:, None], Y, identity - Y)
        law[sum(chosen)] += np.linalg.det(rows)
    return np.clip(law, 0.0, 1.0)


def ust_degrees(lattice: Lattice | str) -> np.ndarray:
    """The exact law of the number of passages of a cell in the UST of an infinite lattice.

    Examples
    --------
    >>> from mazegraph.reproduce.ust_lattices import ust_degrees
    >>> ust_degrees("square").round(6).tolist()  # Manna, Dhar and Majumdar (1992)
    [0.0, 0.294545, 0.44699, 0.222385, 0.03608]
    >>> ust_degrees("honeycomb").round(6).tolist()
    [0.0, 0.25, 0.5, 0.25]
    """
    return degree_law(transfer_currents(lattice))


#: Each summary metric that is a share of cells by open-passage count: the counts it covers (None: no upper bound).
METRIC_DEGREES = {"dead_end_pct": (1, 1), "corridor_pct": (2, 2), "junction_pct": (3, 3), "crossroad_pct": (4, None)}


def exact_pct(lattice: Lattice | str, metric: str) -> float | None:
    """The exact value of a summary metric (a percentage of cells) for the UST of a lattice; None if not known.

    Examples
    --------
    >>> from mazegraph.reproduce.ust_lattices import exact_pct
    >>> round(exact_pct("square", "dead_end_pct"), 4), exact_pct("square", "solution_pct")
    (29.4545, None)
    """
    if metric not in METRIC_DEGREES:
        return None
    low, high = METRIC_DEGREES[metric]
    law = ust_degrees(lattice)
    return 100.0 * float(law[low : None if high is None else high + 1].sum())


def _lattice(lattice: Lattice | str) -> Lattice:
    if isinstance(lattice, Lattice):
        return lattice
    try:
        return LATTICES[lattice]
    except KeyError:
        raise InvalidOptionError(f"unknown lattice {lattice!r}; known: {', '.join(LATTICES)}") from None
