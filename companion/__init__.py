"""The table companion: a referee, scoreboard and coach beside a physical board game.

Nothing is imported here, so that `companion.engines` stays free of Django and Celery; the
Celery app (`companion.celery`) is loaded by `companion.core.apps` when Django starts, and
`celery --app companion` finds it by itself.
"""
