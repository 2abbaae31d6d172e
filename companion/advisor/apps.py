from django.apps import AppConfig


class AdvisorConfig(AppConfig):
    name = "companion.advisor"
    label = "advisor"
    verbose_name = "Advisor (hints)"
