"""The commands: ``demo_online_tournament`` plays a whole tournament with robots at South and
prints its identifier last; ``online_ranking ID --json`` prints the ranking (docs/online.md)."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.support.online import SMALL_WORLDS
from tournaments.online.models import OnlineTournament
from tournaments.play.models import Game

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.mark.slow  # a whole tournament played by the robots: about 20 s
def test_the_demo_plays_every_deal_and_the_ranking_prints_as_json():
    output = run("demo_online_tournament", "--players", "3", "--worlds", str(SMALL_WORLDS))
    slug = output.strip().splitlines()[-1]
    tournament = OnlineTournament.objects.get(slug=slug)
    assert tournament.entries.count() == 3
    games = Game.objects.filter(online_play__entry__tournament=tournament)
    assert games.count() == 12
    assert all(game.status == Game.Status.FINISHED for game in games)

    lines = json.loads(run("online_ranking", slug, "--json"))
    assert len(lines) == 3
    assert {line["player"] for line in lines} == {
        "joueur-en-ligne-1",
        "joueur-en-ligne-2",
        "joueur-en-ligne-3",
    }
    for line in lines:
        assert set(line) >= {"rank", "player", "percentage", "deals"}
        assert [deal["deal"] for deal in line["deals"]] == [1, 2, 3, 4]
        for deal in line["deals"]:
            game = games.get(player__username=line["player"], online_play__deal=deal["deal"])
            assert (deal["ns"], deal["ew"]) == (game.score["ns"], game.score["ew"])
            assert 0 <= deal["matchpoints"] <= 4
    # Every deal's matchpoints add up to n(n-1) over its three players.
    for number in range(4):
        assert sum(line["deals"][number]["matchpoints"] for line in lines) == 6
    percentages = [line["percentage"] for line in lines]
    assert percentages == sorted(percentages, reverse=True)
    assert lines[0]["rank"] == 1
    text = run("online_ranking", slug)
    assert "joueur-en-ligne-1" in text


def test_bad_arguments_are_refused():
    with pytest.raises(CommandError):
        run("online_ranking", "nothing-here", "--json")
    with pytest.raises(CommandError):
        run("demo_online_tournament", "--deals", "3")
    with pytest.raises(CommandError):
        run("demo_online_tournament", "--players", "0")
