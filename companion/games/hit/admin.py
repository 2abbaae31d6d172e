"""The Django admin: the HIT set-ups hosts checked against their box."""

from __future__ import annotations

from django.contrib import admin

from .models import HitSetup


@admin.register(HitSetup)
class HitSetupAdmin(admin.ModelAdmin):
    list_display = ("name", "created_by", "created_at")
    search_fields = ("name", "created_by")
    readonly_fields = ("created_at",)
