"""Pullen's solving table, measured: the same as ``mazegraph reproduce solvers``.

Run ``python experiments/solvers.py [SEEDS]``; writes ``solvers-results/`` (CSV, Markdown, Parquet runs, config.json).
"""

import sys

from mazegraph.reproduce import solvers

if __name__ == "__main__":
    table = solvers.reproduce(seeds=int(sys.argv[1]) if len(sys.argv) > 1 else 12)
    print(solvers.to_text(table))
    print("\n" + solvers.NOTES, end="")
