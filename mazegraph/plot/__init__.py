"""Figures of an experiment's rows and of the research checks, in the seaborn/matplotlib style.

Every function draws into matplotlib and returns what it drew on, never
writing a file: axes-level functions take ``ax=`` (default: the current
pyplot Axes) and return the ``Axes``; figure-level ones return a new
pyplot ``Figure`` whose ``axes`` are the panels. Save with ``.savefig(path)``;
``mazegraph plot RESULTS_DIR`` writes the files.

- :func:`distributions`: each metric's distribution per variant (violin, box
  or strip), one panel per metric that varies; variants are never merged.
- :func:`scaling`: solution length against grid side, with fitted slopes.
- :func:`degrees`: degree fractions with confidence intervals beside exact values.
- :func:`gallery`: every algorithm on one tessellation and seed.

Axis labels and units come from :data:`mazegraph.metric_info.METRICS`.
"""

from .mazes import gallery
from .research import degrees, scaling
from .texture import distributions, informative_metrics

__all__ = ["distributions", "informative_metrics", "scaling", "degrees", "gallery"]
