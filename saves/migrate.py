"""Upgrading saves written by older Tabulas, one format version at a time.

``MIGRATIONS[n]`` turns a version-``n`` map into a version-``n + 1`` map.
Loading applies them in a chain up to ``schema.FORMAT_VERSION`` before any
check, so the rest of the saves layer only ever knows the current layout.
A change to the layout means: bump ``FORMAT_VERSION``, add one function
here, add a fabricated old file to the tests.

A step receives an untrusted map: it converts what it recognises and leaves
anything else as it is, for the checks that follow to reject with a
precise message. It never raises on odd input.

Version 1 was the first, pre-release layout: seats were ``[name, kind,
strength]`` triples and a save kept neither the redo stack nor the match's
meta notes. No release wrote it; it stays as the worked example of a step.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import FormatError
from .schema import FORMAT_VERSION, describe


def _v1_to_v2(doc: dict) -> dict:
    """Seats become maps with a ``human`` flag; empty redo stack and meta are added."""
    out: dict = {}
    for key, value in doc.items():
        if key == "seats" and type(value) is list:
            value = [_seat_v1(s) for s in value]
        if key == "digest":  # redo and meta sit just before the digest in version 2
            out["redo"] = []
            out["meta"] = {}
        out[key] = value
    out.setdefault("redo", [])
    out.setdefault("meta", {})
    return out


def _seat_v1(seat: object) -> object:
    if type(seat) is list and len(seat) == 3:
        name, kind, strength = seat
        return {"name": name, "human": kind == "human", "kind": kind, "strength": strength}
    return seat


MIGRATIONS: dict[int, Callable[[dict], dict]] = {
    1: _v1_to_v2,
}
OLDEST_VERSION = min(MIGRATIONS, default=FORMAT_VERSION)


def upgrade(doc: dict) -> dict:
    """``doc`` brought up to ``FORMAT_VERSION`` (the same map if already there)."""
    version = doc.get("version")
    if type(version) is not int:
        raise FormatError(f"its format version should be an integer, not {describe(version)}")
    if version > FORMAT_VERSION:
        raise FormatError(f"it was written by a newer Tabula (format version {version}; "
                          f"this one reads versions {OLDEST_VERSION} to {FORMAT_VERSION})")
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise FormatError(f"its format version {version} is unknown (this Tabula reads "
                              f"versions {OLDEST_VERSION} to {FORMAT_VERSION})")
        doc = step(doc)
        version += 1
        doc["version"] = version
    return doc
