from django.apps import AppConfig


class AdvisorConfig(AppConfig):
    name = "companion.advisor"
    label = "advisor"
    verbose_name = "Advisor (hints)"

    def ready(self) -> None:
        from celery.signals import worker_process_init

        # A worker's pool process runs searches only (registered here, so that the Celery app
        # module does not import the advisor; companion/celery.py).
        worker_process_init.connect(_searches_own_this_process, dispatch_uid="advisor-gc-pause")


def _searches_own_this_process(**_: object) -> None:
    """A pool process of a worker runs hint searches only: the search may pause the cyclic
    GC while it runs (companion/advisor/ismcts.py; about 10 % more iterations). Not sent to
    the embedded worker's threads, which share the web process."""
    from companion.advisor.ismcts import pause_gc_during_searches

    pause_gc_during_searches()
