"""Django app configuration for the Rules Submission."""

from django.apps import AppConfig


class RulesSubmissionConfig(AppConfig):
    """The Rules Submission app: the school's house wordings and filed paytables, versioned; paytables' returns."""

    name = "rules_submission"
    verbose_name = "Rules Submission"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Answer what the tables ask of it: the rules a table deals, the wording cited, a paytable's label."""
        from rules_submission.submission import filed_rules, filing_label, school_citations, school_graded
        from trainer import submission_answers

        submission_answers.answer_with(filed_rules, school_citations, school_graded, filing_label)
