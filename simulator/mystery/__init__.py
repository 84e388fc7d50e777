"""The Must-Hit-By Mystery Bonus tables of the eleven games that offer it: games, tables, base game, odds, demo."""
