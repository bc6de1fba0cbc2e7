"""``python -m mazegraph``: the same as the ``mazegraph`` command."""

import sys

from .cli import main

sys.exit(main())
