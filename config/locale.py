"""French first: the site speaks French unless the visitor chose English with the switch.

Django's LocaleMiddleware would follow the browser's Accept-Language, so a club laptop or a
player's phone set to English would get a half-French club's site in English by surprise; here
only the language cookie set by the header's switch changes the language.
"""

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import translation


class FrenchFirstLocaleMiddleware(LocaleMiddleware):
    def process_request(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if chosen not in dict(settings.LANGUAGES):
            chosen = settings.LANGUAGE_CODE
        translation.activate(chosen)
        request.LANGUAGE_CODE = translation.get_language()
