"""On PostgreSQL, exam results, corrections and certificates refuse any write but the application's audited one.

A trigger on each table refuses every DELETE, every UPDATE but a certificate's revocation, and every INSERT, unless
the transaction has set ``school.audited_write`` to ``on`` (``trainer.certification.audited_write``, which only
settling a sitting, correcting a result and revoking a certificate call). A revocation may change only the
revocation's columns of a certificate not yet revoked. SQLite has no such triggers: the models refuse there.
"""

from django.db import migrations

TABLES = ("trainer_examresult", "trainer_resultcorrection", "trainer_certificate")

GUARD = """
CREATE OR REPLACE FUNCTION school_final_record_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    revocation CONSTANT text[] := ARRAY['revoked_at', 'revoked_by_id', 'revocation_reason'];
    audited CONSTANT boolean := coalesce(current_setting('school.audited_write', true), '') = 'on';
BEGIN
    IF audited AND TG_OP = 'INSERT' THEN
        RETURN NEW;
    END IF;
    IF audited AND TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'trainer_certificate'
            AND to_jsonb(OLD) ->> 'revoked_at' IS NULL AND to_jsonb(NEW) ->> 'revoked_at' IS NOT NULL
            AND to_jsonb(NEW) - revocation = to_jsonb(OLD) - revocation THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION '% on % refused: exam records are final, changed only by an audited correction or revocation',
        TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;
"""


def install(apps, schema_editor):
    """Create the guard and its triggers, on PostgreSQL only."""
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(GUARD, params=None)
    for table in TABLES:
        schema_editor.execute(
            f"CREATE TRIGGER {table}_final BEFORE INSERT OR UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION school_final_record_guard()"
        )


def remove(apps, schema_editor):
    """Drop the triggers and the guard, on PostgreSQL only."""
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in TABLES:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_final ON {table}")
    schema_editor.execute("DROP FUNCTION IF EXISTS school_final_record_guard()")


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0019_step_clock"),
    ]

    operations = [migrations.RunPython(install, remove)]
