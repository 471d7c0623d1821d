"""URLs of the standings app."""

app_name = "standings"

urlpatterns: list = []
