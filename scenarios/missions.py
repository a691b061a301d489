"""The scenario keys of missions and campaigns (7.2.4), the project's extension of SCENARIOS.md:

- ``denizens: [{name: Food/Ale, at: BL1}]`` (SCENARIOS.md's, as for a visitor) puts the chit in
  the clearing, that face up;
- ``characters.<name>.tasks: [{face: Raid, taken: 3}]`` — a mission or campaign chit he took on
  game day ``taken`` (default: the scenario's day), having paid its cost; a mission's
  ``destination`` and ``reward`` are worked out from his clearing unless given; a campaign's
  partners are two levels friendlier than his ``relationships`` say (7.2.4h), as his sheet
  records them while he carries it;
- ``out_of_play: [Patrol, Soldiers 2, Tremendous Dragon]`` — native groups (every counter),
  monsters (every copy) or pieces killed earlier, out of play (those the scenario places stay);
- ``expect.characters.<name>.tasks: [Raid]`` — the faces of the chits he carries, exactly;
- ``expect.visitors: {Food/Ale: HV2}`` — where the chit showing that face is: a clearing, or the
  character who carries it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.catalog import Catalog
from rules.daylight.missions import PARTNER_LEVELS, face_of, mission_terms
from rules.pieces import pieces_of
from rules.schema.visitors import FaceKind
from rules.state import CharacterState, GameState, Place, Task
from scenarios.format import ScenarioError, TaskSpec
from scenarios.names import hint


def chit_face(catalog: Catalog, key: str, written: str) -> tuple[str, str]:
    """The chit that has the face ``written`` ("Food/Ale", "Crone") and that face's name."""
    for chit in catalog.visitors.values():
        for face in chit.faces:
            if face.name.casefold() == written.casefold():
                return chit.name, face.name
    faces = [face.name for chit in catalog.visitors.values() for face in chit.faces]
    raise ScenarioError(
        key, f"no visitor/mission chit has the face {written!r}{hint(written, faces)}"
    )


def carry_tasks(
    catalog: Catalog,
    state: GameState,
    claim: Callable[[str, str], None],
    key: str,
    sheet: CharacterState,
    specs: list[TaskSpec],
) -> None:
    """``characters.<name>.tasks``: the chits he carries, face up as named, their cost paid."""
    for index, spec in enumerate(specs):
        entry = f"{key}.tasks[{index}]"
        chit, name = chit_face(catalog, f"{entry}.face", spec.face)
        face = face_of(catalog, chit, name)
        if face.cost is None:
            raise ScenarioError(f"{entry}.face", f"{name} is a visitor, not a mission or campaign")
        claim(chit, entry)
        taken = spec.taken if spec.taken is not None else state.game_day
        days = face.time_limit_days
        task = Task(
            face=name,
            taken=taken,
            last_day=taken + days - 1 if days is not None else None,
            fame=face.cost.fame,
            notoriety=face.cost.notoriety,
        )
        if face.kind is FaceKind.MISSION:
            where = state.clearing_of(sheet.name)
            if where is None:
                raise ScenarioError(entry, "a mission's carrier must be in a clearing")
            destination, reward = mission_terms(catalog, state, face, where)
            task.destination = spec.destination or destination
            task.reward = spec.reward if spec.reward is not None else reward
        elif spec.destination is not None or spec.reward is not None:
            raise ScenarioError(entry, "only a mission has a destination and a reward")
        for group in face.partners:  # 7.2.4h: recorded while he carries the chit
            level = sheet.relationships.get(group, 0) + PARTNER_LEVELS
            sheet.relationships[group] = level
            if level == 0:
                del sheet.relationships[group]
        state.visitor_faces[chit] = name
        state.put(chit, Place.carried(sheet.name))
        sheet.tasks[chit] = task


def put_out(
    catalog: Catalog, state: GameState, placed: Mapping[str, str], written: list[str]
) -> None:
    """``out_of_play``: native groups or pieces out of play, but those the scenario placed."""
    for index, name in enumerate(written):
        every = pieces_of(catalog)
        if name in catalog.natives:
            pieces = [counter.name for counter in catalog.natives[name].counters]
        elif every.named(name):
            pieces = every.named(name)
        elif name in every:
            pieces = [name]
        else:
            known = [*catalog.natives, *catalog.native_counters, *catalog.monsters]
            raise ScenarioError(
                f"out_of_play[{index}]",
                f"{name!r} is no native group, monster or piece of the game{hint(name, known)}",
            )
        for piece in pieces:
            if piece not in placed:
                state.put(piece, Place.OUT)


def check_tasks(state: GameState, name: str, key: str, expected: list[str] | None) -> list[str]:
    """``expect.characters.<name>.tasks``: the faces he carries, compared as sets."""
    if expected is None:
        return []
    got = sorted(task.face for task in state.characters[name].tasks.values())
    want = sorted(expected)
    return [] if got == want else [f"{key}.tasks: expected {want}, got {got}"]


def check_visitors(catalog: Catalog, state: GameState, expected: Mapping[str, str]) -> list[str]:
    """``expect.visitors``: each chit where it must be, the face named up."""
    lines: list[str] = []
    for written, at in expected.items():
        try:
            chit, face = chit_face(catalog, f"expect.visitors.{written}", written)
        except ScenarioError as error:
            lines.append(str(error))
            continue
        kind, where = Place.split(state.place_of(chit))
        if state.visitor_faces.get(chit) != face:
            lines.append(f"visitors.{written}: the chit shows {state.visitor_faces.get(chit)}")
        if where != at:
            lines.append(f"visitors.{written}: expected {at}, but it is {kind}:{where}")
    return lines
