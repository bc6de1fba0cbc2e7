"""Facts about a tessellation that algorithms need, computed once per tessellation.

Generators, maze operations, symmetric mazes and the uniformity checks ask this
layer; they never import each other's private helpers.

- :mod:`.passages`: may an edge open or close (zeta crossings, weave tunnels).
"""
