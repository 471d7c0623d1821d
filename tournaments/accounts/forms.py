"""The login form: Django's, with its user name's length checked before anyone looks it up."""

from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator


class LoginForm(AuthenticationForm):
    """Django's ``AuthenticationForm`` sets the user name field's ``max_length`` after the field
    is built, which adds no validator: a 5,000-character name went on to ``authenticate()`` and
    to django-axes' record of the failed attempt (a ``varchar(255)``), a 500. Here it is a
    field error (Django's translated message), and nothing is looked up."""

    def __init__(self, request=None, *args, **kwargs):
        super().__init__(request, *args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))
