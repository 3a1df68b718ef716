"""Projections: read models kept from the events of all games (docs/projections.md).

    feed.py        the events of all games in commit order from a position
    runner.py      a projection (name, types, reset, apply), its checkpoint, run, rebuild
    finished.py    a finished game as its events tell it (seats, outcome, public events)
    history.py     each player's finished games and totals per game type
    statistics.py  per player and game type counters from public events
    ratings.py     OpenSkill ratings per game type (docs/ratings.md)
    registry.py    the projections by name, run_all
    reads.py       what the API serves from them: profile, games, leaderboard, changes
    reactions.py   a game's end kicks the projector after commit
    tables.py      their tables

`python3 manage.py projections run|rebuild|status [NAME]`; the worker runs them
(`events.project`, beat and after each game's end), in process on the embedded default.
"""
