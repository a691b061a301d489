"""The deployment files in ``deploy/``: they agree with the settings and the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.cli import build_parser
from bot.config import Settings

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"
ENV_EXAMPLE = DEPLOY / ".env.example"
DOCKERFILE = DEPLOY / "Dockerfile"
UNIT = DEPLOY / "realmbot.service"
FIELDS = {name.upper() for name in Settings.model_fields}
ASSIGNMENT = re.compile(r"^#?\s*([A-Z][A-Z0-9_]*)=(.*)$")


def assignments(text: str, *, commented: bool) -> dict[str, list[str]]:
    """``NAME=value`` lines of an env file: the active ones, or also the commented-out ones."""
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line.startswith("#") and not commented:
            continue
        match = ASSIGNMENT.match(line)
        if match:
            found.setdefault(match[1], []).append(match[2])
    return found


def example_token() -> str:
    (token,) = assignments(ENV_EXAMPLE.read_text(encoding="utf-8"), commented=False)[
        "DISCORD_TOKEN"
    ]
    return token


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No setting leaks in from the environment of the test run."""
    for name in FIELDS:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def unit_settings(text: str) -> dict[str, dict[str, list[str]]]:
    """A systemd unit as section -> key -> values (a key may repeat)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        key, _, value = line.partition("=")
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def dockerfile_instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (INSTRUCTION, arguments), continuation lines joined."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text(encoding="utf-8"))
    instructions = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            word, _, rest = stripped.partition(" ")
            instructions.append((word.upper(), rest.strip()))
    return instructions


def test_the_env_example_mentions_every_setting():
    mentioned = assignments(ENV_EXAMPLE.read_text(encoding="utf-8"), commented=True)
    assert set(mentioned) >= FIELDS, f"not in .env.example: {sorted(FIELDS - set(mentioned))}"


def test_the_env_example_sets_nothing_the_settings_do_not_know():
    mentioned = assignments(ENV_EXAMPLE.read_text(encoding="utf-8"), commented=True)
    assert set(mentioned) <= FIELDS, f"unknown settings: {sorted(set(mentioned) - FIELDS)}"


def test_the_env_example_is_valid_apart_from_its_token(clean_env):
    active = assignments(ENV_EXAMPLE.read_text(encoding="utf-8"), commented=False)
    values = {name.lower(): value for name, (value, *_) in active.items()}
    values.pop("discord_token")
    settings = Settings(_env_file=None, **values)  # type: ignore[call-arg, arg-type]
    assert not settings.discord


def test_the_example_token_is_the_placeholder_the_settings_refuse(clean_env):
    with pytest.raises(ValidationError, match="placeholder"):
        Settings(_env_file=None, discord_token=example_token())  # type: ignore[call-arg, arg-type]


def test_the_example_token_is_refused_from_the_environment_too(clean_env):
    clean_env.setenv("DISCORD_TOKEN", example_token())
    with pytest.raises(ValidationError, match="placeholder"):
        Settings(_env_file=None)  # type: ignore[call-arg]


def test_the_env_example_parses_as_an_env_file(clean_env, tmp_path):
    """What pydantic-settings reads from a copy of the example is what systemd and docker read."""
    env_file = tmp_path / ".env"
    env_file.write_text(ENV_EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(ValidationError, match="placeholder"):
        Settings(_env_file=env_file)  # type: ignore[call-arg]
    active = assignments(env_file.read_text(encoding="utf-8"), commented=False)
    for name, (value, *_) in active.items():
        assert value == value.strip() and not value.startswith(("'", '"')), name
        assert " #" not in value, f"{name}: a trailing comment would be part of the value"


def test_the_dockerfile_runs_realmbot_run_as_a_non_root_user():
    instructions = dockerfile_instructions()
    words = [word for word, _ in instructions]
    assert instructions[0] == ("FROM", "python:3.11-slim")
    (cmd,) = [args for word, args in instructions if word == "CMD"]
    assert json.loads(cmd) == ["realmbot", "run"]
    users = [(index, args) for index, (word, args) in enumerate(instructions) if word == "USER"]
    assert users, "the image must switch to an unprivileged user"
    index, user = users[-1]
    assert user.split(":")[0] not in {"root", "0"}
    assert index < words.index("CMD")


def test_the_dockerfile_keeps_the_database_on_the_volume_and_no_secret():
    instructions = dockerfile_instructions()
    env = " ".join(args for word, args in instructions if word in {"ENV", "ARG"})
    assert "DATABASE_URL=sqlite:////data/realmbot.db" in env
    assert "DISCORD_TOKEN" not in env
    assert ("VOLUME", '["/data"]') in instructions
    copied = " ".join(args for word, args in instructions if word in {"COPY", "ADD"})
    assert ".env" not in copied
    assert any(word == "HEALTHCHECK" for word, _ in instructions)


def test_the_health_check_is_realmbot_status():
    """`realmbot status` exits 1 when the bot is unhealthy, which Docker reads as unhealthy."""
    (check,) = [args for word, args in dockerfile_instructions() if word == "HEALTHCHECK"]
    options, _, command = check.partition(" CMD ")
    assert json.loads(command) == ["realmbot", "status", "--json"]
    assert "--start-period=" in options


def test_the_unit_reads_the_env_file_and_restarts_on_failure():
    service = unit_settings(UNIT.read_text(encoding="utf-8"))["Service"]
    assert service["EnvironmentFile"] == ["/etc/realmbot/realmbot.env"]
    assert service["Restart"] == ["on-failure"]
    assert service["Type"] == ["simple"]
    assert service["User"][0] not in {"root", "0"}
    program, *arguments = service["ExecStart"][0].split()
    assert (Path(program).name, arguments) == ("realmbot", ["run"])
    assert service["NoNewPrivileges"] == ["true"]
    assert service["ProtectSystem"] == ["strict"]
    assert service["WorkingDirectory"][0] in service["ReadWritePaths"][0].split()


def test_the_readme_names_only_commands_that_exist():
    parser = build_parser()
    commands = set(parser._subparsers._group_actions[0].choices)  # type: ignore[union-attr, arg-type]
    readme = (DEPLOY / "README.md").read_text(encoding="utf-8")
    # "realmbot" also names the user, image and unit: a command is `realmbot X or bin/realmbot X
    used = set(re.findall(r"(?:`|bin/)realmbot ([a-z][a-z-]*)", readme))
    assert "run" in used
    assert used <= commands, f"no such realmbot command: {sorted(used - commands)}"
    migrations = set(re.findall(r"python -m db\.migrate ([a-z]+)", readme))
    assert "upgrade" in migrations
    assert migrations <= {"upgrade", "check", "revision"}
