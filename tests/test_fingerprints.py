"""Every maze, start/goal and metric of the fixed case set matches the committed fingerprint.

The cases and how to rewrite entries on purpose are in ``fingerprint_cases.py``.
"""

from __future__ import annotations

import json

from fingerprint_cases import DATA, compute


def test_outputs_match_the_committed_fingerprint():
    stored = json.loads(DATA.read_text())
    records = compute()
    assert sorted(records) == sorted(stored), "the case list changed: rewrite with fingerprint_cases.py --write"
    changed = [case for case in records if records[case] != stored[case]]
    detail = "\n".join(f"{case}: {stored[case]} -> {records[case]}" for case in changed[:5])
    assert not changed, f"{len(changed)} of {len(records)} cases changed, e.g.\n{detail}"
