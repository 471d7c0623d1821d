"""URLs of the api app."""

app_name = "api"

urlpatterns: list = []
