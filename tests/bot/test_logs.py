"""The process's log lines: UTC time, level, logger, campaign; moderators' audit lines kept."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Iterator

import pytest

from bot.logs import campaign_context, configure_logging

LINE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ (?P<rest>.*)")


@pytest.fixture
def stream() -> Iterator[io.StringIO]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    quiet = logging.getLogger("apscheduler").level
    out = io.StringIO()
    configure_logging("INFO", stream=out)
    yield out
    root.handlers[:] = handlers
    root.setLevel(level)
    logging.getLogger("apscheduler").setLevel(quiet)


def lines(stream: io.StringIO) -> list[str]:
    found = []
    for line in stream.getvalue().splitlines():
        match = LINE.fullmatch(line)
        assert match is not None, line
        found.append(match["rest"])
    return found


def test_a_line_has_time_level_logger_and_campaign(stream: io.StringIO) -> None:
    log = logging.getLogger("realmbot.discord.moderators")
    log.info("moderator 42: Test: day 1 resolved.")
    with campaign_context("North Sea"):
        log.warning("in a campaign")
    log.debug("not at INFO")
    assert lines(stream) == [
        "INFO realmbot.discord.moderators [-] moderator 42: Test: day 1 resolved.",
        "WARNING realmbot.discord.moderators [North Sea] in a campaign",
    ]


def test_the_campaign_follows_work_into_threads(stream: io.StringIO) -> None:
    async def work() -> None:
        with campaign_context("Valley"):
            await asyncio.to_thread(logging.getLogger("realmbot.service").info, "woken")

    asyncio.run(work())
    assert lines(stream) == ["INFO realmbot.service [Valley] woken"]


def test_configuring_again_replaces_the_handler_and_quietens_the_scheduler(
    stream: io.StringIO,
) -> None:
    again = io.StringIO()
    configure_logging("info", stream=again)
    logging.getLogger("apscheduler.executors.default").info("Running job resync")
    logging.getLogger("realmbot").info("once")
    assert stream.getvalue() == "" and lines(again) == ["INFO realmbot [-] once"]
