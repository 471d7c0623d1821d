"""A document's file goes when its row goes (a tournament deleted, a document reset)."""

from django.db.models.signals import post_delete
from django.dispatch import receiver

from .models import Document


@receiver(post_delete, sender=Document, dispatch_uid="printing.delete_document_file")
def remove_file(sender, instance: Document, **kwargs) -> None:
    # Imported here: the services pull in the whole printing machinery, which a process that
    # never prints (a web worker at start-up) need not load.
    from .services import delete_document_file

    delete_document_file(document=instance)
