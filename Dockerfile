# Production image: Daphne serves HTTP and websockets; the same image runs Celery workers
# (see docker-compose.yml for the commands).
FROM python:3.13-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
RUN useradd --create-home --uid 10001 companion

COPY pyproject.toml setup.py README.md ./
COPY companion ./companion
# Editable, so that BASE_DIR stays /app (templates and static live beside the code). With gcc
# for the build only, setup.py compiles the engine's hot modules (the compiled core, issue #31;
# docs/advisor.md#the-compiled-engine-core); the image refuses to build without it.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && pip install -e . \
    && apt-get purge -y gcc libc6-dev && apt-get autoremove -y && rm -rf /var/lib/apt/lists/* \
    && COMPANION_REQUIRE_COMPILED=1 python -c \
       "from companion.engines.kit import accel; print(accel.describe())"

COPY manage.py ./
COPY templates ./templates
COPY static ./static
# The compiled translations (de, fr, it): no gettext needed at run time.
COPY locale ./locale
# collectstatic needs settings but no services; the key is only for the build step.
RUN DJANGO_SECRET_KEY=build-only python manage.py collectstatic --noinput \
    && chown -R companion:companion /app

USER companion
EXPOSE 8000
CMD ["daphne", "--bind", "0.0.0.0", "--port", "8000", "--proxy-headers", "--websocket-max-message-size", "1048576", "--websocket-max-frame-size", "1048576", "companion.asgi:application"]
