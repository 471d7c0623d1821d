"""Pagination of the API's lists: ``?page=N`` (from 1) and ``?page_size=N``."""

from rest_framework.pagination import PageNumberPagination


class ApiPagination(PageNumberPagination):
    """50 a page by default, at most 500; a page past the end is a 404."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500
