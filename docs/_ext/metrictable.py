"""The ``metric-table`` directive: :data:`mazegraph.metric_info.METRICS` as a table.

The table is built from the package at build time, so the page always shows the
labels, units and definitions that figures and the experiment rows use.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective


def _row(*cells: str) -> nodes.row:
    row = nodes.row()
    for text in cells:
        entry = nodes.entry()
        paragraph = nodes.paragraph()
        paragraph += nodes.literal(text=text) if text is cells[0] else nodes.Text(text)
        entry += paragraph
        row += entry
    return row


class MetricTable(SphinxDirective):
    """One row per metric column: name, label, unit, definition."""

    has_content = False

    def run(self):
        from mazegraph.metric_info import METRICS

        header = ("column", "label", "unit", "definition")
        table = nodes.table(classes=["metric-table"])
        group = nodes.tgroup(cols=len(header))
        table += group
        for width in (20, 18, 12, 50):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        head += _row(*header)
        group += head
        body = nodes.tbody()
        for info in METRICS.values():
            body += _row(info.name, info.label, info.unit or "(number)", info.definition)
        group += body
        return [table]


def setup(app):
    app.add_directive("metric-table", MetricTable)
    return {"parallel_read_safe": True, "version": "1"}
