"""The templates kept compiled in the user's cache (:class:`bot.render.CompiledTemplates`): a
new process renders from the compiled files without compiling, each environment from its own,
and a cache that cannot be used only costs the compile."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jinja2.sandbox import ImmutableSandboxedEnvironment

from bot.i18n import Language
from bot.render import _environment, escape_discord

TEMPLATE = "messages/busy.txt.j2"
#: A value the Discord environment escapes and the plain one prints as it is.
SECONDS = "**5**"


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The names of the templates compiled from source, the cache in ``tmp_path``."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    names: list[str] = []
    compile_source = ImmutableSandboxedEnvironment.compile

    def counted(self: Any, source: Any, name: Any = None, *args: Any, **kwargs: Any) -> Any:
        names.append(str(name))
        return compile_source(self, source, name, *args, **kwargs)

    monkeypatch.setattr(ImmutableSandboxedEnvironment, "compile", counted)
    return names


def render(kind: str, spoken: Language = Language.EN) -> str:
    finalize = escape_discord if kind == "discord" else None
    return _environment(kind, spoken, finalize).get_template(TEMPLATE).render(seconds=SECONDS)


def test_a_new_environment_renders_from_the_compiled_template(
    compiles: list[str], tmp_path: Path
) -> None:
    first = render("plain")
    assert compiles == [TEMPLATE]
    assert list((tmp_path / "realmbot" / "templates").rglob("*.cache"))
    assert render("plain") == first
    assert compiles == [TEMPLATE], "not compiled again"


def test_each_environment_keeps_its_own_compiled_templates(compiles: list[str]) -> None:
    plain = render("plain")
    discord = render("discord")
    assert SECONDS in plain
    assert SECONDS not in discord and escape_discord(SECONDS) in discord
    assert render("discord") == discord and render("plain") == plain
    assert compiles == [TEMPLATE, TEMPLATE]


def test_every_language_renders_from_the_same_compiled_template(compiles: list[str]) -> None:
    render("plain", Language.EN)
    render("plain", Language.ES)
    assert compiles == [TEMPLATE]


def test_a_damaged_compiled_template_is_compiled_again(compiles: list[str], tmp_path: Path) -> None:
    first = render("plain")
    for path in (tmp_path / "realmbot" / "templates").rglob("*.cache"):
        path.write_bytes(path.read_bytes()[:40] + b"\x00garbage")
    assert render("plain") == first
    assert compiles == [TEMPLATE, TEMPLATE]


def test_a_cache_that_cannot_be_written_only_costs_the_compile(
    compiles: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    first = render("plain")
    assert render("plain") == first
    assert compiles == [TEMPLATE, TEMPLATE]
