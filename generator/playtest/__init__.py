"""The playtest report: statistics over the games engine/playtest.py plays, on the terminal and as a PDF.

stats.py       the formulas (Wilson and Newcombe intervals, quartiles), tested against hand-worked values
summary.py     a run's figures (win rates by seat, the first player's advantage, lengths, endings) and
               the comparison of two variants played on the same deals
table.py       the terminal report (rich), in the game's language
sheet.py       the one-page PDF (the drawing layer: a bar chart and a histogram)
notes.py       the figures the rulebook's design notes quote (`pnp playtest --into-notes`)
session.py     one request: the run, or two variants on the same seeds, and their figures

The games themselves are played by generator/engine/playtest.py (the referee) and engine/agents.py.
"""
