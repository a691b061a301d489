"""YAML that people write — orders, setup choices, map layouts, scenarios — read safely.

:func:`load_plain_yaml` reads the safe subset of YAML (no tags that build objects) and refuses
what lets a small file cost without bound: an alias (``*name``: a few lines of anchors and
aliases expand into billions of values, the "billion laughs"), nesting deeper than
:data:`MAX_DEPTH` levels, and text longer than :data:`MAX_CHARS`. Every refusal is a
:class:`yaml.YAMLError` whose problem says what to change and, for an alias or nesting, where.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.composer import ComposerError
from yaml.nodes import Node

#: The most characters a person's YAML file may have.
MAX_CHARS = 200_000
#: The deepest nesting of lists and mappings read.
MAX_DEPTH = 50


class PlainLoader(yaml.SafeLoader):
    """A safe loader without aliases, and with nesting at most :data:`MAX_DEPTH` deep."""

    depth = 0

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            raise ComposerError(
                None, None, "an alias (*name) is not accepted: write the value out in full", mark
            )
        if self.depth >= MAX_DEPTH:
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            raise ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", mark)
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def load_plain_yaml(text: str, loader: type[PlainLoader] = PlainLoader) -> Any:
    """The data of one YAML document written by a person (see the module docstring); ``loader``
    may be a subclass adding checks of its own."""
    if len(text) > MAX_CHARS:
        raise yaml.YAMLError(f"{len(text)} characters: at most {MAX_CHARS} are read")
    return yaml.load(text, Loader=loader)  # a SafeLoader
