# The site in production: gunicorn behind an HTTPS proxy, with WeasyPrint's system libraries.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    VAR_DIR=/app/var

# WeasyPrint needs Pango (and HarfBuzz, fontconfig); DejaVu fonts carry the card suits.
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libharfbuzz-subset0 \
        libfontconfig1 fonts-dejavu-core gettext \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY requirements.txt .
RUN pip install -r requirements.txt

COPY . .
# Compile the double-dummy solver (numba) once, into the image: a worker loads it in a second
# instead of compiling it for ten at its first analysis (docs/analysis.md).
RUN echo '{"dealer": "N", "hands": {"N": "AKQJT987...", "E": ".AKQJT987..", "S": "..AKQJT987.", "W": "...AKQJT987"}}' \
    | python -m scoring.analysis --strains S > /dev/null
RUN useradd --system --create-home --home-dir /home/coinche coinche \
    && mkdir -p /app/var/media /app/var/staticfiles \
    && SECRET_KEY=build-only python manage.py collectstatic --noinput \
    && chown -R coinche:coinche /app/var

USER coinche
EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
