"""Sphinx configuration: ``python -m sphinx -W docs docs/_build/html`` from the repository root."""

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# Document (and run the tutorials against) the package in this checkout, not whatever is installed.
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE / "_ext"))
os.environ.setdefault("MPLBACKEND", "Agg")

import mazegraph  # noqa: E402

project = "mazegraph"
author = "mazegraph developers"
copyright = "mazegraph developers, MIT licence"
release = mazegraph.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
    "myst_parser",
    "sphinx_gallery.gen_gallery",
    "apipages",  # api/*.rst from every public module's __all__
    "metrictable",  # the metric-table directive
    "xref",  # short cross-references that name one documented object
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "tutorials/README.rst", "auto_tutorials/*.ipynb", "auto_tutorials/*.py",
                    "auto_tutorials/*.zip", "auto_tutorials/*.json"]
templates_path = ["_templates"]

# -- API reference -----------------------------------------------------------------------
autosummary_generate = False  # _ext/apipages.py writes the pages
autosummary_imported_members = True
autodoc_member_order = "bysource"
autodoc_typehints = "none"  # numpydoc's Parameters sections say the types, in words
numpydoc_show_class_members = False  # autoclass :members: documents them
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
# Broken internal references fail the build; references into numpy, networkx, pandas and
# matplotlib resolve to nothing (no intersphinx: the build needs no network) and are not errors.
nitpicky = True
nitpick_ignore_regex = [
    ("py:.*", r"(numpy|np|networkx|nx|pandas|pd|matplotlib|scipy|pyarrow|dask|pysat|numba)(\..*)?"),
    ("py:.*", r"(int|float|str|bytes|bool|dict|list|tuple|set|frozenset|object|callable|None|type)"),
    ("py:.*", r"(os|pathlib|collections|typing|concurrent|datetime|json|io|functools)\..*"),
    # Markdown pages link result tables under data/ for readers of the repository; the site has no copy
    ("myst", r".*/data/results/.*"),
]

# -- Markdown pages (metrics.md, atlas.md, reproducibility.md) --------------------------------
myst_enable_extensions = []
myst_heading_anchors = 3
suppress_warnings = ["myst.header"]

# -- Tutorials: plain scripts run in this process; figures and maze pictures are collected ----
sphinx_gallery_conf = {
    "examples_dirs": "tutorials",
    "gallery_dirs": "auto_tutorials",
    "filename_pattern": r"/tutorial_",  # every tutorial runs
    "image_scrapers": ("matplotlib", "maze_scraper.scrape"),
    "reset_modules": ("matplotlib", "maze_scraper.reset"),
    "within_subsection_order": "FileNameSortKey",
    "download_all_examples": False,
    "remove_config_comments": True,
    "show_memory": False,
    "abort_on_example_error": True,
    "only_warn_on_example_error": False,
    "capture_repr": ("_repr_html_", "__repr__"),
    "ignore_repr_types": r"matplotlib|Figure|Axes|Text|NoneType",
}

# -- HTML ----------------------------------------------------------------------------------
html_theme = "alabaster"
html_title = f"mazegraph {release}"
html_static_path = []
html_theme_options = {"description": "graph-theoretic maze research toolkit", "fixed_sidebar": True,
                      "page_width": "1100px", "sidebar_width": "240px"}
