#!/usr/bin/python3
"""Validates program files against data/hallboard-program.schema.json.

Usage: validate_programs.py SCHEMA PROGRAM.json...
Run by CTest on everything in data/, so the schema, the writer and the samples agree.
"""
import json
import sys

import jsonschema


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft7Validator(schema)
    failures = 0
    for path in argv[2:]:
        with open(path, encoding="utf-8") as f:
            program = json.load(f)
        errors = sorted(validator.iter_errors(program), key=lambda e: list(e.path))
        for e in errors:
            where = "/" + "/".join(str(p) for p in e.path)
            print(f"{path}: {where}: {e.message}")
        failures += bool(errors)
        print(f"{path}: {'FAILED' if errors else 'valid'}")
    print(f"{len(argv) - 2 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
