"""`xyscore`: the companion's commands plus the store and app commands."""
from __future__ import annotations

import sys
from typing import Sequence

from companion import cli


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(argv)


if __name__ == "__main__":
    sys.exit(main())
