"""The rules of the games: pure Python, standard library only."""
