"""``python -m mazegraph``: the same as the ``mazegraph`` command."""

import sys

try:
    from .cli import main
except KeyboardInterrupt:  # Ctrl-C while starting up: as quiet as during a command
    sys.exit(130)

sys.exit(main())
