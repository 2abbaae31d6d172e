from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "companion.core"
    label = "core"
    verbose_name = "Site core (health, home, realtime plumbing)"
