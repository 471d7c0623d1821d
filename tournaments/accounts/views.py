"""A player's sign-up page (« Créer un compte joueur »): the account is made, signed in, and
sent to « Mes parties » (``settings.SIGN_UP_REDIRECT_URL``) or the page it came from."""

from django.conf import settings
from django.contrib.auth import login
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from config.proxies import client_ip

from . import services
from .forms import SignUpForm


def sign_up(request):
    if request.user.is_authenticated:
        return redirect(settings.SIGN_UP_REDIRECT_URL)
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = ""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.sign_up(
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password1"],
                address=client_ip(request),
            )
        except services.SignUpError as error:
            form.add_error(None, error.message)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(next_url or settings.SIGN_UP_REDIRECT_URL)
    return render(request, "accounts/sign_up.html", {"form": form, "next": next_url})
