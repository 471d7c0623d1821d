"""Printed material (documents) as PDF made with WeasyPrint in Celery jobs."""
