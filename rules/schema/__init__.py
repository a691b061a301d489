"""Typed, frozen schemas of the game data in ``rules/data/``, one module per kind."""
