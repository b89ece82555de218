"""The game engines: one module per game, named by its game id, each defining ENGINE.

generator.engine finds them here by listing this package (pkgutil), without
importing them: adding a game's engine is adding its module.
"""
