"""A campaign in Spanish on the local transport (issue 35): its public reports in Spanish, one
player reading English, the others Spanish, played on autopilot.

The campaign is played as the secrecy suite plays one (:func:`tests.proofs.autoplay.play`:
searches, trades, hires, fights, combat by DM in windows, the read-back commands asked while a
day is fought), its Spanish players writing their orders with the Spanish rulebook's names
(``T Gente del Bosque``), but what it sends goes out through the local transport: the files a
forum or email moderator posts, read back as their readers read them (:class:`Folder`; the
resolutions post the reports, as ``realmbot local`` does, so the folder only carries them:
:func:`bot.local.carry`). Every message is checked by the secrecy inspector
(:class:`tests.proofs.secrecy.Inspector`) against its reader's view in his language, and every
one to a reader of Spanish for English words (:mod:`tests.proofs.english_words`).

The same campaign is played on Discord (SimCord: :func:`on_discord`, as the spellcasters'
campaign is, :mod:`tests.proofs.spellcasters_discord`): created with ``/gm create language:
es``, the English reader choosing his with ``/settings language``, the others' orders sent by DM
with the Spanish names, every DM and channel message inspected.

``python -m tests.proofs.spanish [DAYS]`` is the full form (28 days, on both transports); it
prints what it found and exits 1 on any leak or English word.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from bot.local import carry, folder_name
from bot.service import CampaignService
from db.engine import make_engine
from db.migrate import upgrade
from rules import catalog
from rules.view import MODERATOR, PUBLIC
from tests.proofs.autoplay import play
from tests.proofs.secrecy import Inspector, Leak
from tests.proofs.spellcasters_discord import play as discord_play
from tests.proofs.watcher import Sent, Watcher

#: The full form's days, and the campaign's seed (it seats six and fights by DM).
DAYS = 28
SEED = 40
#: The characters: one English reader (the first) and five Spanish, of every kind of sentence:
#: spellcasters, a hirer, fighters; on Discord, two of them left to the autopilot.
CHARACTERS = ["Amazon", "Witch", "Dwarf", "Swordsman", "Woods Girl", "Sorcerer"]
PILOTED = ("Amazon", "Swordsman")


class Folder(Watcher):
    """The local transport as its readers read it: every outbox message written into a folder
    (:func:`bot.local.carry`), each Markdown file read back under the viewer it is for (a
    player's folder his character, ``public`` the campaign's readers, ``moderators`` the
    moderators), its image beside it."""

    def __init__(self, service: CampaignService, out: Path) -> None:
        super().__init__(service)
        self.out = out
        self.files = 0

    def drain(self) -> list[Sent]:
        found: list[Sent] = []
        for path in carry(self.service, self.out, prune=False):
            if path.suffix != ".md":
                continue
            self.files += 1
            campaign, viewer = self._reader(path)
            images = sorted(path.parent.glob(f"{path.stem}-*.png"))
            found.append(
                Sent(
                    campaign,
                    viewer,
                    "file",
                    path.read_text(encoding="utf-8"),
                    images[0].read_bytes() if images else None,
                    images[0].name if images else None,
                    self.language(campaign, viewer),
                )
            )
        return found

    def _reader(self, path: Path) -> tuple[str, str]:
        """The campaign and viewer of a file written by the local transport."""
        parts = path.relative_to(self.out).parts
        campaign = parts[0]
        if parts[1] == "public":
            return campaign, PUBLIC
        if parts[1] == "moderators":
            return campaign, MODERATOR
        for (name, player), character in self.seats.items():
            if name == campaign and folder_name(player) == parts[2]:
                return campaign, character
        return campaign, MODERATOR


def run(days: int, seed: int = SEED) -> tuple[list[Leak], list[Leak], Counter[str]]:
    """Play the Spanish campaign ``days`` days on the local transport; the leaks, the English
    found in Spanish messages, and the counts."""
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'spanish.db'}")
        upgrade(engine)
        service = CampaignService(engine, catalog())
        inspector = Inspector(service)
        watcher = Folder(service, Path(folder) / "posts")
        seen: Counter[str] = Counter()
        play(
            service,
            watcher,
            seed,
            days=days,
            inspect=inspector,
            seen=seen,
            characters=CHARACTERS,
            language="es",
        )
        seen["files"] = watcher.files
        engine.dispose()
    return inspector.leaks, inspector.english, inspector.counts + seen


def on_discord(days: int) -> tuple[list[Leak], Counter[str]]:
    """Play the Spanish campaign ``days`` days on Discord (SimCord); the leaks and English
    found, and the counts."""
    played = discord_play(days, characters=CHARACTERS, piloted=PILOTED, language="es")
    leaks, counts, _ = asyncio.run(played)
    return leaks, counts


def main(argv: list[str]) -> int:
    days = int(argv[0]) if argv else DAYS
    failed = 0
    for transport in ("local", "discord"):
        started = time.perf_counter()
        if transport == "local":
            leaks, english, counts = run(days)
            found = [*leaks, *english]
        else:
            found, counts = on_discord(days)
        took = time.perf_counter() - started
        print(f"{transport}: {days} days in {took:.0f} s: {dict(sorted(counts.items()))}")
        for one in found[:20]:
            print(f"- {one.viewer}: {one.what}\n  {one.excerpt[:200]!r}")
        print(f"{transport}: {len(found)} leaks and messages with English")
        failed += bool(found)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
