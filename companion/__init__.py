"""The table companion: a referee, scoreboard and coach beside a physical board game."""

from .celery import app as celery_app

__all__ = ["celery_app"]
