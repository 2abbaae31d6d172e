from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "companion.rules"
    label = "rules"
    verbose_name = "Rule lookup"
