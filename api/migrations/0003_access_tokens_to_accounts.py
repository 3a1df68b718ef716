"""AccessToken is now the accounts app's (accounts/models.py): it leaves api's state here
and enters accounts' in accounts/migrations/0001. The table (`api_accesstoken`) and its
rows stay as they are: no database operation."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("api", "0002_usernames_unique_ignoring_case"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="AccessToken")],
            database_operations=[],
        ),
    ]
