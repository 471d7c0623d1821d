"""The REST API (/api/v1/) with its OpenAPI schema."""
