"""Who writes a mail (issue 36): a seat's secret proves its player, from his address or another
of his; never from another seat's address; a From alone is taken for its own seat only."""

from __future__ import annotations

import pytest

from bot.mail.addresses import is_mail_player, is_secret, player_of, tagged, tags_of
from bot.service import CampaignService
from bot.store import RequestError

BOT = "realmbot@example.org"
ALICE, BOB, EVE = "alice@example.org", "Bob@Example.org", "eve@example.net"


def test_a_mail_player_is_his_address_s_and_tells_no_one_the_address() -> None:
    player = player_of("Alice@Example.org ")
    assert player == player_of(ALICE) and is_mail_player(player) and len(player) <= 32
    assert "alice" not in player and player != player_of(BOB)
    assert not is_mail_player("123456789012345678")


def test_a_secret_rides_the_bot_s_address_and_is_read_back_from_it_alone() -> None:
    secret = "k3j9x0a7b2c4"
    assert tagged(BOT, secret) == "realmbot+k3j9x0a7b2c4@example.org"
    found = tags_of(
        [
            "realmbot+k3j9x0a7b2c4@example.org",
            "Realmbot+K3J9X0A7B2C4@EXAMPLE.ORG",  # the same, as a client may write it
            "alice+k3j9x0a7b2c5@example.org",  # someone else's plus-tag
            "realmbot+short@example.org",  # no secret's form
            "realmbot@example.org",
        ],
        BOT,
    )
    assert found == [secret]
    assert is_secret(secret) and not is_secret("k3j9x0a7b2c!") and not is_secret("abc")


def seated(service: CampaignService) -> tuple[str, str]:
    service.campaigns.create("Valle", moderator="gm", seed=7)
    secrets = []
    for address, character in ((ALICE, "Amazon"), (BOB, "Dwarf")):
        player = player_of(address)
        service.campaigns.join("Valle", player=player, player_name=address, character=character)
        secrets.append(service.mail_seats.enrol("Valle", player=player, address=address))
    return secrets[0], secrets[1]


def test_a_seat_s_secret_from_its_address_is_its_player(service: CampaignService) -> None:
    alice, bob = seated(service)
    assert alice != bob
    identity = service.mail_seats.identify(ALICE, [alice])
    assert identity.player == player_of(ALICE) and identity.seated and identity.warn == ()
    assert service.mail_seats.enrol("Valle", player=player_of(ALICE), address=ALICE) == alice


def test_his_address_alone_is_his_and_a_stranger_is_a_newcomer(service: CampaignService) -> None:
    seated(service)
    assert service.mail_seats.identify("BOB@example.org", []).player == player_of(BOB)
    stranger = service.mail_seats.identify(EVE, ["notasecret0"])
    assert stranger.player == player_of(EVE) and not stranger.seated


def test_a_secret_from_another_address_is_taken_and_its_owner_told(
    service: CampaignService,
) -> None:
    alice, _ = seated(service)
    identity = service.mail_seats.identify("alice.at.work@example.com", [alice])
    assert identity.player == player_of(ALICE) and identity.warn == (ALICE,)


def test_a_secret_from_another_seat_s_address_is_refused_and_its_owner_told(
    service: CampaignService,
) -> None:
    alice, _ = seated(service)
    identity = service.mail_seats.identify(BOB, [alice])
    assert identity.player is None and identity.warn == (ALICE,)


def test_only_a_seated_player_is_given_an_address_and_where_his_mails_go(
    service: CampaignService,
) -> None:
    alice, bob = seated(service)
    with pytest.raises(RequestError, match="You play in no seat of Valle"):
        service.mail_seats.enrol("Valle", player=player_of(EVE), address=EVE)
    campaign = service.store.read("Valle")
    assert campaign.id is not None
    found = service.mail_seats.destinations()
    assert found[(campaign.id, player_of(ALICE))].address == ALICE
    assert found[(campaign.id, player_of(ALICE))].secret == alice
    assert found[(campaign.id, player_of(BOB))].address == "bob@example.org"
    assert found[(campaign.id, player_of(BOB))].secret == bob
