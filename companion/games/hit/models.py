"""HIT's own record: the set-ups hosts checked against their box."""

from __future__ import annotations

from django.db import models


class HitSetup(models.Model):
    """A HIT board and card list as a host checked them against their box (docs/hit-data.md):
    the engine's set-up form ("sides" and "cards"). A table created with it copies ``data``
    into its config, so later edits never change a game already played."""

    name = models.CharField(max_length=60)
    data = models.JSONField(help_text="the engine's set-up: sides and cards")
    created_by = models.CharField(max_length=40, blank=True, default="",
                                  help_text="who checked it (shown to the players)")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        # made by the tables' migration 0005, before HIT had its own folder (issue #40)
        db_table = "tables_hitsetup"

    def __str__(self) -> str:
        return self.name
