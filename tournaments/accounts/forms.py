"""The login form (Django's, with its user name's length checked before anyone looks it up),
and a player's sign-up form (an e-mail and a password twice)."""

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext_lazy as _

EMAIL_MAX_LENGTH = 150
"""The e-mail is the account's user name too: Django's user names hold 150 characters."""


class LoginForm(AuthenticationForm):
    """Django's ``AuthenticationForm`` sets the user name field's ``max_length`` after the field
    is built, which adds no validator: a 5,000-character name went on to ``authenticate()`` and
    to django-axes' record of the failed attempt (a ``varchar(255)``), a 500. Here it is a
    field error (Django's translated message), and nothing is looked up."""

    def __init__(self, request=None, *args, **kwargs):
        super().__init__(request, *args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))


class SignUpForm(forms.Form):
    """A player's account: the e-mail (their identifier at the login) and a password checked
    by the site's validators (length, common passwords, all digits, like the e-mail)."""

    email = forms.EmailField(
        label=_("Adresse électronique"),
        max_length=EMAIL_MAX_LENGTH,
        error_messages={
            "required": _("Donnez votre adresse électronique."),
            "invalid": _("Cette adresse électronique n'est pas valide."),
        },
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password1 = forms.CharField(
        label=_("Mot de passe"),
        strip=False,
        max_length=128,
        error_messages={"required": _("Choisissez un mot de passe.")},
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=_("Au moins 8 caractères, pas seulement des chiffres."),
    )
    password2 = forms.CharField(
        label=_("Mot de passe (encore)"),
        strip=False,
        max_length=128,
        error_messages={"required": _("Retapez le mot de passe.")},
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean(self):
        data = super().clean()
        first, second = data.get("password1"), data.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("Les deux mots de passe diffèrent."))
        elif first:
            email = data.get("email") or ""
            probe = _Probe(username=email, email=email)
            try:
                password_validation.validate_password(first, probe)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return data


class _Probe:
    """What the password validators compare the password with (the e-mail), before any
    account exists."""

    def __init__(self, *, username: str, email: str) -> None:
        self.username = username
        self.email = email
