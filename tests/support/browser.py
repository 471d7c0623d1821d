"""Helpers of the browser tests (Playwright), shared by tests/e2e and the pages' own tests."""

import time


def wait_until(page, expression: str, arg=None, *, timeout: float = 30_000) -> None:
    """Wait until ``expression`` is truthy in the page, as ``page.wait_for_function`` would.

    The site's Content-Security-Policy (script-src 'self', no 'unsafe-eval') stops
    ``wait_for_function``, which polls by evaluating its predicate with ``eval`` inside the
    page. ``page.evaluate`` goes through the DevTools protocol, which the policy leaves alone:
    polling with it keeps the policy on in the browser tests, so they would catch a page that
    breaks it. ``expression`` is JavaScript as for ``page.evaluate`` (a function gets ``arg``);
    ``timeout`` in milliseconds.
    """
    from playwright.sync_api import Error

    deadline = time.monotonic() + timeout / 1000
    while True:
        try:
            if page.evaluate(expression, arg):
                return
        except Error as error:
            # The page moved on to another document meanwhile: ask the new one.
            if "Execution context was destroyed" not in str(error):
                raise
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(100)
