"""The drill library's search: words, a game and a clause, read from the page's address."""

from django import forms

from scenarios.drill_library import DrillSearch, drill_clauses, drill_games

SEARCH_LENGTH = 100
"""The longest search a trainee types: a few words of a drill's name or rule."""


class DrillSearchForm(forms.Form):
    """Find drills by words of their name, group or rule, by the game they are dealt at and by a clause they train."""

    q = forms.CharField(
        label="Words",
        required=False,
        max_length=SEARCH_LENGTH,
        help_text="Words of a drill's name or rule, like “Tiger 9” or “starting position”.",
    )
    game = forms.ChoiceField(label="Game", required=False)
    clause = forms.ChoiceField(label="Clause", required=False)

    def __init__(self, *args: object, **kwargs: object) -> None:
        """Offer every game and every clause of the library, the first choice being any."""
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        game, clause = self.fields["game"], self.fields["clause"]
        assert isinstance(game, forms.ChoiceField) and isinstance(clause, forms.ChoiceField)
        game.choices = [("", "Every game"), *drill_games()]
        clause.choices = [("", "Every clause"), *((code, code) for code in drill_clauses())]

    def search(self) -> DrillSearch:
        """The search the form holds; an unreadable one finds every drill (its fields say what is wrong)."""
        if not self.is_valid():
            return DrillSearch()
        data = self.cleaned_data
        return DrillSearch(data["q"], data["game"], data["clause"])
