"""The local transport's files: forum posts with nothing live in them, a folder per player, the
attachment beside its post."""

from __future__ import annotations

import asyncio
import re
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.delivery import Courier
from bot.local import Folder, deliver, folder_name, write
from bot.outbox import Outgoing
from bot.service import CampaignService
from db.models import OutboxMessage

CAMPAIGNS = {1: "Valley"}
HOSTILE = "[/b][url=http://x]click[/url] **bold** _it_ `code` <b>x</b> @everyone ![i](http://x) #"


def message(number: int, text: str, kind: str = "channel", to: str | None = None) -> Outgoing:
    now = datetime.now(UTC)
    return Outgoing(
        OutboxMessage(id=number, campaign_id=1, kind=kind, to=to, content=text, created_at=now)
    )


def written(tmp_path: Path, content: str) -> tuple[str, str]:
    write([message(1, content)], tmp_path, CAMPAIGNS)
    public = tmp_path / "Valley" / "public"
    return (
        (public / "00001.bbcode.txt").read_text(encoding="utf-8"),
        (public / "00001.md").read_text(encoding="utf-8"),
    )


BODY = "Amazon: M CV5\n[/code][url=http://x]out[/url]\n```\n# not a heading\n````` still code"


def test_bbcode_has_only_its_own_tags(tmp_path: Path):
    bbcode, _ = written(tmp_path, f"{HOSTILE} joins as the Amazon.\n{BODY}")
    tags = re.findall(r"\[(/?[A-Za-z*]+)(?:=[^\]]*)?\]", bbcode)
    assert tags == ["b", "/b", "code", "/code"]
    assert bbcode.startswith("[b]")
    assert bbcode.endswith("[/code]\n")
    assert bbcode.replace("\u200b", "").splitlines()[0] == f"[b]{HOSTILE} joins as the Amazon.[/b]"


def test_markdown_heading_escapes_every_markup_character(tmp_path: Path):
    _, markdown = written(tmp_path, f"{HOSTILE} joins as the Amazon.\n{BODY}")
    heading = markdown.splitlines()[0]
    assert heading.startswith("## ")
    text = heading[3:]
    unescaped = re.sub(r"\\(.)", "", text)
    assert not re.search(r"[\\`*_~|\[\]<>!#&@]", unescaped), heading
    assert re.sub(r"\\(.)", r"\1", text) == f"{HOSTILE} joins as the Amazon."


def test_markdown_body_stays_in_one_code_block(tmp_path: Path):
    _, markdown = written(tmp_path, f"Day 1\n{BODY}")
    lines = markdown.splitlines()
    fence = lines[2]
    assert set(fence) == {"`"} and len(fence) > 5, "longer than any run of backticks in the body"
    assert lines[-1] == fence
    assert "\n".join(lines[3:-1]) == BODY
    assert not any(line.strip().startswith(fence) for line in lines[3:-1])


def test_a_message_of_one_line_has_no_code_block(tmp_path: Path):
    bbcode, markdown = written(tmp_path, "Valley has started.")
    assert bbcode == "[b]Valley has started.[/b]\n"
    assert markdown == "## Valley has started.\n"


def test_players_with_similar_names_get_their_own_folders(tmp_path: Path):
    """ "Alice Smith" and "Alice-Smith" made one folder, and each read the other's sheet."""
    batch = [
        message(1, "Your sheet: gold 10", "dm", "Alice Smith"),
        message(2, "Your sheet: gold 99", "dm", "Alice-Smith"),
    ]
    write(batch, tmp_path, CAMPAIGNS)
    folders = sorted((tmp_path / "Valley" / "players").iterdir())
    assert [f.name for f in folders] == sorted(
        [folder_name("Alice Smith"), folder_name("Alice-Smith")]
    )
    assert len(folders) == 2
    for folder, to in ((folder_name("Alice Smith"), "10"), (folder_name("Alice-Smith"), "99")):
        (post,) = (tmp_path / "Valley" / "players" / folder).glob("*.md")
        assert to in post.read_text(encoding="utf-8")


def test_folder_names_are_stable_readable_and_safe():
    assert folder_name("Alice Smith") == folder_name("Alice Smith")
    assert folder_name("Alice Smith").startswith("Alice-Smith-")
    assert folder_name("Alice Smith") != folder_name("Alice-Smith")
    assert re.fullmatch(r"[A-Za-z0-9._-]+", folder_name("../../etc/passwd \ud800"))
    assert len(folder_name("x" * 500)) <= 80


def test_an_attachment_is_written_beside_its_post(tmp_path: Path):
    (outgoing,) = [message(7, "Day 1, Month 1\nthe report")]
    outgoing.message.attachment_name = "map-month1-day1.png"
    files = write([Outgoing(outgoing.message, b"\x89PNG")], tmp_path, CAMPAIGNS)
    image = tmp_path / "Valley" / "public" / "00007-map-month1-day1.png"
    assert image in files and image.read_bytes() == b"\x89PNG"


def test_deliver_posts_the_reports_a_crash_left_due(
    service: CampaignService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process died between a resolution's commit and its reports (while drawing the map):
    the next ``local deliver`` posts them, once, and writes them."""
    service.campaigns.create("Valley", moderator="gm", seed=3)
    service.campaigns.join("Valley", player="p1", player_name="P1", character="Amazon")
    service.campaigns.start("Valley", moderator="gm")

    def crash(*_: object) -> bytes:
        raise SystemExit("killed while drawing the map")

    with monkeypatch.context() as patched:
        patched.setattr("bot.publishing.public_map", crash)
        with pytest.raises(SystemExit):
            service.resolver.resolve_day("Valley", day=1, moderator="gm")
    deliver(service, tmp_path)
    public = sorted((tmp_path / "Valley" / "public").glob("*.md"))
    reports = [p for p in public if "Day 1, Month 1" in p.read_text(encoding="utf-8")]
    assert len(reports) == 1
    assert deliver(service, tmp_path) == [], "posted and written once"


def test_deliver_leaves_the_messages_of_campaigns_with_a_channel_to_the_bot(
    service: CampaignService, tmp_path: Path
) -> None:
    """A campaign played on Discord (it has a channel) shares the database with one run from
    the command line: ``local deliver`` writes and marks only the latter's messages."""
    service.campaigns.create("Valley", moderator="gm")
    service.campaigns.create("Discord", moderator="1", channel="100")
    service.campaigns.join("Valley", player="p1", player_name="P1", character="Amazon")
    service.campaigns.join("Discord", player="2", player_name="P2", character="Amazon")
    deliver(service, tmp_path / "out")
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["Valley"]
    left = service.store.undelivered()
    assert left and {m.campaign_id for m in left} == {2}


def test_a_pass_after_the_folders_were_moved_away_makes_them_again(
    service: CampaignService, tmp_path: Path
) -> None:
    """The moderator may move the folders away (posted on the forum) between two passes of the
    same transport."""
    service.campaigns.create("Valley", moderator="gm", seed=3)
    service.campaigns.join("Valley", player="p1", player_name="P1", character="Amazon")
    service.campaigns.start("Valley", moderator="gm")
    folder = Folder(tmp_path / "out")
    courier = Courier(service, folder)
    asyncio.run(courier.deliver_once())
    first = len(folder.written)
    shutil.rmtree(tmp_path / "out")
    service.resolver.resolve_day("Valley", day=1, moderator="gm")
    assert asyncio.run(courier.deliver_once()) > 0
    again = folder.written[first:]
    assert again and all(path.is_file() for path in again)
    assert {path.parent.name for path in again} >= {"public", folder_name("p1")}


def test_a_folder_moved_away_between_two_messages_is_made_again(tmp_path: Path) -> None:
    """A folder is made when a message finds it missing, not once before the messages: the
    moderator may move it away while a pass writes."""
    folder = Folder(tmp_path)
    asyncio.run(folder.prepare())
    asyncio.run(folder.send(message(1, "Day 1\nfirst"), "Valley"))
    shutil.rmtree(tmp_path / "Valley")
    asyncio.run(folder.send(message(2, "Day 1\nsecond"), "Valley"))
    assert (tmp_path / "Valley" / "public" / "00002.md").read_text(encoding="utf-8")
    assert not (tmp_path / "Valley" / "public" / "00001.md").exists()
