"""The instructor's forms on the cohort pages: a new cohort, adding a trainee, a new trainee and a CSV import."""

from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.contrib.auth.validators import UnicodeUsernameValidator

from core.roles import Role
from school.models import Cohort, trainees_open_to
from school.roster import Roster, account_problem, name_problem, read_roster

MAX_IMPORT_BYTES = 100_000
"""The largest CSV file an import reads."""


class CohortForm(forms.ModelForm[Cohort]):
    """A new cohort: its name and any other instructors who teach it with its creator."""

    instructors = forms.ModelMultipleChoiceField(
        queryset=User.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Other instructors",
        help_text="You teach the cohort; tick anyone who teaches it with you.",
    )

    class Meta:
        model = Cohort
        fields = ("name",)

    def __init__(self, creator: User, *args: Any, **kwargs: Any) -> None:
        """Offer the school's instructors other than the creator, who teaches the cohort anyway; none: no field."""
        super().__init__(*args, **kwargs)
        field = self.fields["instructors"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = User.objects.filter(groups__name=Role.INSTRUCTOR).exclude(pk=creator.pk).order_by("username")
        if not field.queryset.exists():
            del self.fields["instructors"]

    def clean_name(self) -> str:
        """Refuse a blank name or one another cohort has, in any case."""
        name: str = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError("Give the cohort a name.")
        if Cohort.objects.filter(name__iexact=name).exists():
            raise forms.ValidationError(f"There is already a cohort called {name}.")
        return name


class AddTraineeForm(forms.Form):
    """An existing trainee to add to the cohort."""

    trainee = forms.ModelChoiceField(queryset=User.objects.none(), label="Trainee", empty_label="Choose a trainee")

    def __init__(self, cohort: Cohort, adder: User, *args: Any, **kwargs: Any) -> None:
        """Offer the trainees open to the adder (none of a colleague's cohort's) who are not in the cohort yet."""
        super().__init__(*args, **kwargs)
        field = self.fields["trainee"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = trainees_open_to(adder).exclude(cohorts=cohort).order_by("username")
        field.help_text = "Trainees in a colleague's cohort are not listed: a school administrator adds them."


class NewTraineeForm(forms.Form):
    """A new trainee account: username, name and e-mail address."""

    username = forms.CharField(max_length=150, validators=[UnicodeUsernameValidator()])
    name = forms.CharField(max_length=150)
    email = forms.EmailField(label="E-mail address", max_length=User._meta.get_field("email").max_length)

    def clean_name(self) -> str:
        """Refuse a name a spreadsheet would read as a formula."""
        name = str(self.cleaned_data["name"]).strip()
        if problem := name_problem(name):
            raise forms.ValidationError(problem)
        return name

    def clean_username(self) -> str:
        """The username as logins match it: in lower case."""
        return str(self.cleaned_data["username"]).lower()

    def clean(self) -> dict[str, Any] | None:
        """Refuse a username or an e-mail address the school already has."""
        cleaned = super().clean()
        if not self.errors and (problem := account_problem(self.cleaned_data["username"], self.cleaned_data["email"])):
            raise forms.ValidationError(problem)
        return cleaned


class RosterForm(forms.Form):
    """A CSV of trainees to import, uploaded as a file or pasted."""

    file = forms.FileField(required=False, label="CSV file")
    text = forms.CharField(
        required=False,
        max_length=MAX_IMPORT_BYTES,
        widget=forms.Textarea(attrs={"rows": 8}),
        label="Or paste the CSV",
        help_text="First row name,email, then one trainee a row; each e-mail address becomes its trainee's username.",
    )

    def clean(self) -> dict[str, Any] | None:
        """Read the uploaded file, else the pasted text, as UTF-8 and check every row."""
        cleaned = super().clean()
        upload = self.cleaned_data.get("file")
        if upload is not None:
            if upload.size > MAX_IMPORT_BYTES:
                raise forms.ValidationError(f"The file is larger than {MAX_IMPORT_BYTES // 1000} kB.")
            try:
                text = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise forms.ValidationError("The file is not UTF-8 text: save it as CSV UTF-8.") from error
        else:
            text = self.cleaned_data.get("text", "")
        if not text.strip():
            raise forms.ValidationError("Choose a CSV file or paste one.")
        self.cleaned_data["text"] = text
        return cleaned

    def roster(self) -> Roster:
        """The CSV read row by row, once the form is valid."""
        return read_roster(self.cleaned_data["text"])
