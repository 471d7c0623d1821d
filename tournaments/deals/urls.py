"""URLs of the deals app."""

app_name = "deals"

urlpatterns: list = []
