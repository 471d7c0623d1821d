"""The Content-Security-Policy header on every answer (``CONTENT_SECURITY_POLICY`` in the
settings): scripts, styles and images come from the site only, no inline script, handler or
style attribute runs, no plugin loads, and no other site may frame the pages.

The pages keep to it: behaviour comes from static files reading data attributes
(``static/js/site.js``: ``form[data-confirm]``, ``select[data-autosubmit]``…), looks from CSS
classes. A view that needs another policy sets the header itself; it is then left as it is.

One exception, with DEBUG on only: Django's technical 404 and 500 pages (the yellow pages
with the traceback) are made of inline styles and scripts, and would be unreadable under the
policy; they get none. With DEBUG off, 404 and 500 are the site's plain pages and get it.
"""

from collections.abc import Mapping

from django.conf import settings

HEADER = "Content-Security-Policy"


def policy_header(policy: Mapping[str, str]) -> str:
    """``{"default-src": "'self'", ...}`` as the header's value."""
    return "; ".join(f"{directive} {sources}".strip() for directive, sources in policy.items())


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if settings.DEBUG and response.status_code in (404, 500):
            return response
        if HEADER not in response.headers:
            response.headers[HEADER] = policy_header(settings.CONTENT_SECURITY_POLICY)
        return response
