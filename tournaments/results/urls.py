"""URLs of the results app."""

app_name = "results"

urlpatterns: list = []
