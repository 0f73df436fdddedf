"""`python -m atelier_idlc [--idl idl] [--out libs/proto] [--check]` (run from the repo root)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .compiler import check, generate
from .errors import CompileErrors


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m atelier_idlc", description=__doc__)
    ap.add_argument("--idl", type=Path, default=Path("idl"), help="directory of *.thrift files")
    ap.add_argument("--out", type=Path, default=Path("libs/proto"), help="output root (holds atelier_proto/)")
    ap.add_argument("--check", action="store_true", help="exit 1 when the generated files drifted from the IDL")
    args = ap.parse_args(argv)
    try:
        if args.check:
            drift = check(args.idl, args.out)
            if drift:
                print("generated files drifted from the IDL (run `python -m atelier_idlc`):", file=sys.stderr)
                for rel in drift:
                    print(f"  {args.out / rel}", file=sys.stderr)
                return 1
            print("generated files are up to date")
            return 0
        changed = generate(args.idl, args.out)
        for rel in changed:
            print(f"wrote {args.out / rel}")
        if not changed:
            print("generated files are up to date")
        return 0
    except CompileErrors as e:
        for err in e.errors:
            print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
