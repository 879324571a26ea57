"""`python -m bpscript`: the same as the `bpscript` command."""

import sys

from .cli import main

sys.exit(main())
