"""What the accounts app keeps of its own: the sign-ups tried from each address, so that one
address cannot create accounts by the hundred (the logins are limited by django-axes)."""

from django.db import models


class SignUpAttempt(models.Model):
    """One sign-up tried (made or refused) from ``address`` at ``at``; counted by
    ``services.sign_up`` over the last hour, and older rows deleted as it goes."""

    address = models.CharField(max_length=45)
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["address", "at"], name="accounts_signup_addr_at")]

    def __str__(self) -> str:
        return f"{self.address} {self.at:%Y-%m-%d %H:%M}"
