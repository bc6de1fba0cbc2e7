"""Facts about a tessellation that algorithms need, computed once per tessellation.

Generators, maze operations, symmetric mazes and the uniformity checks ask this
layer; they never import each other's private helpers. Each fact is one module;
the ones that cost more than a glance are remembered on the
:class:`~mazegraph.cellgraph.CellGraph` (``cells.memo``) under the key named.

- :mod:`.passages`: may an edge open or close (zeta crossings, weave tunnels);
  the kernels :func:`crosses_open`, :func:`can_open`, :func:`can_close`, ...
- :mod:`.box`: :func:`box_of`, whether the tessellation is a full box of the
  orthogonal grid, and its coordinates (``"box"``).
- :mod:`.rows`: :func:`row_structure`, the rows, their chains and the parts
  the rows to come fall into (``"row_structure"``); :func:`rows_refusal`, why
  a row-by-row algorithm cannot run (``"rows_refusal"``).
- :mod:`.scan`: :func:`scan_orders`, row-major and column-major cell orders
  (``"scan_orders"``).
- :mod:`.cell_order`: :func:`cell_order`, the order Binary Tree follows
  (``"cell_order_rows"``, ``("cell_order_bfs", start)``).
- :mod:`.breadth_first`: :func:`breadth_first`, the breadth-first order and
  levels over the tessellation's edges (a kernel, not remembered).
- :mod:`.dual`: :func:`wall_dual`, the planar dual whose spanning trees are
  the walls of perfect mazes (``"wall_dual"``), and :func:`post_lattice`, the
  posts of a rectangle's wall dual as a lattice (``"post_lattice"``).
- :mod:`.hamiltonian`: :func:`hamiltonian_facts`, cheap tests that rule out a
  Hamiltonian path, and :func:`two_colouring` (``"hamiltonian_facts"``).
"""

from .box import Box, box_of
from .breadth_first import breadth_first
from .cell_order import cell_order
from .dual import PostLattice, WallDual, post_lattice, wall_dual
from .hamiltonian import hamiltonian_facts, hamiltonian_refusal, two_colouring
from .passages import can_close, can_open, close_edge, constraints, crosses_open, has_crossing, open_degree, open_edge
from .rows import RowStructure, row_span, row_structure, rows_refusal
from .scan import scan_orders

__all__ = [
    "Box",
    "box_of",
    "breadth_first",
    "cell_order",
    "WallDual",
    "wall_dual",
    "PostLattice",
    "post_lattice",
    "hamiltonian_facts",
    "hamiltonian_refusal",
    "two_colouring",
    "can_close",
    "can_open",
    "close_edge",
    "constraints",
    "crosses_open",
    "has_crossing",
    "open_degree",
    "open_edge",
    "RowStructure",
    "row_span",
    "row_structure",
    "rows_refusal",
    "scan_orders",
]
