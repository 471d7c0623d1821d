"""URLs of the printing app."""

app_name = "printing"

urlpatterns: list = []
