import pytest
from events.projections import registry as projections
from events.models import PlayedGame, Rating, PlayerStatistics
from tests.support.streams import stored_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_smoke(django_user_model):
    users = [django_user_model.objects.create_user(f"u{i}", password="x") for i in range(3)]
    ids = [u.player.id for u in users]
    for i, slug in enumerate(["snake-bones", "bamboozled", "dark-knights", "skip-bo-dice", "bare-bones"]):
        stored_game(users[0], slug, ids, seed=i, rated=True)
    print(projections.run_all())
    print(list(PlayedGame.objects.values()))
    print(list(Rating.objects.values()))
    print(list(PlayerStatistics.objects.values()))
    print(projections.run_all())
