"""``python -m cyberdeck.cli``: the ``cyberdeck`` command where no script was installed."""

from . import main

main()
