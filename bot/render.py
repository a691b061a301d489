"""Rendering of person-facing text from the Jinja2 templates in the ``templates`` package."""

from __future__ import annotations

from functools import cache
from typing import Any

import jinja2


@cache
def environment() -> jinja2.Environment:
    """The shared template environment: strict about undefined names, trimmed blocks."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("templates", ""),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        autoescape=False,
    )


def render(name: str, **context: Any) -> str:
    """Render the template ``name`` (e.g. ``"catalog/summary.txt.j2"``) with ``context``."""
    return environment().get_template(name).render(**context)
