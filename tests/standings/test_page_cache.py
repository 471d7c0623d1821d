"""The page cache: one render per snapshot version, no stampede, no failure without Redis."""

import threading

import pytest
from django.core.cache import cache
from redis.exceptions import ConnectionError as RedisConnectionError

from tournaments.standings import page_cache
from tournaments.standings.page_cache import cached, page_key


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def test_a_part_is_rendered_once_per_key():
    renders = []

    def render():
        renders.append(1)
        return "<p>classement</p>"

    key = page_key(1, 7, "ranking", None, "NS")
    assert cached(key, render) == cached(key, render) == "<p>classement</p>"
    assert len(renders) == 1
    assert cached(page_key(1, 8, "ranking", None, "NS"), render) == "<p>classement</p>"
    assert len(renders) == 2  # a new version is a new key


def test_while_someone_renders_a_version_the_others_wait_for_it():
    key = page_key(1, 7, "ranking")
    cache.add(f"{key}:lock", 1, 10)  # another request is rendering it
    threading.Timer(0.2, lambda: cache.set(key, "<p>rendu ailleurs</p>")).start()

    def render():
        raise AssertionError("rendered twice")

    assert cached(key, render) == "<p>rendu ailleurs</p>"


def test_a_renderer_that_never_finishes_does_not_block_the_page(monkeypatch):
    monkeypatch.setattr(page_cache, "WAIT_SECONDS", 0.1)
    key = page_key(1, 7, "ranking")
    cache.add(f"{key}:lock", 1, 10)

    assert cached(key, lambda: "<p>rendu ici</p>") == "<p>rendu ici</p>"


def test_without_a_reachable_cache_the_page_is_rendered_anyway(monkeypatch):
    def down(*args, **kwargs):
        raise RedisConnectionError("Connection refused")

    for operation in ("get", "add", "set", "delete"):
        monkeypatch.setattr(cache, operation, down)

    assert cached(page_key(1, 7, "ranking"), lambda: "<p>sans cache</p>") == "<p>sans cache</p>"
