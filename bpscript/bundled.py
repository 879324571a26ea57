"""Where the bundled rulesets (`stdlib/` and `frames/`) live.

One place answers this, for every way bpscript runs:

- `BPSCRIPT_HOME`, when set, names a directory holding `stdlib/` (and `frames/`);
- an installed package (wheel, sdist, pipx) carries them as package data in
  `bpscript/_bundled/`, found through `importlib.resources`;
- a source checkout (editable install, or `python -m bpscript` from the clone) has them
  beside the package, at the top of the repository, where they are kept in git.

This module imports nothing heavy: the CLI uses `RulesNotFound` before any command loads.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

HOME_VARIABLE = "BPSCRIPT_HOME"
BUNDLE = "_bundled"  # the directory of the installed package that holds stdlib/ and frames/
STDLIB = "stdlib"
FRAMES = "frames"
#: the ruleset a file that names none is read with (`extends`, `--ruleset`), and whose
#: vocabulary spells the card-condition notation by default
DEFAULT_RULESET = "blackpoker-8.2"


class RulesNotFound(LookupError):
    """The bundled rules are not where they should be; the message says where we looked."""


def rules_root() -> Path:
    """The directory holding the bundled `stdlib/` and `frames/`."""
    env = os.environ.get(HOME_VARIABLE)
    if env:
        home = Path(env)
        if not (home / STDLIB).is_dir():
            raise RulesNotFound(f"{HOME_VARIABLE}={env}: no {STDLIB}/ directory in {home.resolve()}")
        return home
    package = resources.files("bpscript")
    if not isinstance(package, Path):  # e.g. imported from a zip file: no directory to read
        raise RulesNotFound(f"the bundled rules cannot be read from {package}; install bpscript "
                            f"unpacked, or set {HOME_VARIABLE}")
    installed, checkout = package / BUNDLE, package.resolve().parent
    if (installed / STDLIB).is_dir():
        return installed
    if (checkout / STDLIB).is_dir() and (checkout / "pyproject.toml").is_file():
        return checkout
    raise RulesNotFound(f"the bundled rules are missing: looked for {installed / STDLIB} and "
                        f"{checkout / STDLIB}; reinstall bpscript, or set {HOME_VARIABLE} to a "
                        f"directory holding {STDLIB}/ and {FRAMES}/")
