"""Reads on printed documents: which ones exist, whether they are stale, who may download them.

The catalogue (``KIND_SCOPES``) says which scopes each kind is made in. ``data_version`` digests
the data a document shows (plan, teams, released rounds, snapshot version...) so a stored file can
be compared with the current data. Secrecy is asked of the deals and standings selectors:
``can_download`` checks what a stored file reveals (``Document.contents``) against what the user
may see now.

By concept: ``catalogue`` (kinds, scopes, file names, stored documents), ``facts`` (what each
document shows: its data version), ``access`` (who may see and download), ``document_rows``
(the documents page), ``packet`` (the packet of the day).
"""

from .access import (
    can_download,
    may_open_documents_page,
    may_request,
    may_see_tournament,
    scope_allowed,
)
from .catalogue import (
    FILE_NAMES,
    JOB_ORDER,
    KIND_SCOPES,
    LAYOUT_VERSION,
    PACKET,
    PUBLIC_COPIES,
    QUEUED_STALE_SECONDS,
    RUNNING_STALE_SECONDS,
    Kind,
    Scope,
    document_for,
    documents_of,
    file_name,
    is_valid,
    job_is_alive,
    route_card_file_name,
)
from .document_rows import DocumentRow, DocumentState, document_row, document_rows
from .facts import Facts, data_version, facts_digest, unavailable_for, unavailable_reason
from .packet import (
    PacketState,
    PacketStatus,
    documents_step,
    packet_documents,
    packet_state,
    packet_status,
)

__all__ = [
    "DocumentRow",
    "DocumentState",
    "FILE_NAMES",
    "Facts",
    "JOB_ORDER",
    "KIND_SCOPES",
    "Kind",
    "LAYOUT_VERSION",
    "PACKET",
    "PUBLIC_COPIES",
    "PacketState",
    "PacketStatus",
    "QUEUED_STALE_SECONDS",
    "RUNNING_STALE_SECONDS",
    "Scope",
    "can_download",
    "data_version",
    "document_for",
    "document_row",
    "document_rows",
    "documents_of",
    "documents_step",
    "facts_digest",
    "file_name",
    "is_valid",
    "job_is_alive",
    "may_open_documents_page",
    "may_request",
    "may_see_tournament",
    "packet_documents",
    "packet_state",
    "packet_status",
    "route_card_file_name",
    "scope_allowed",
    "unavailable_for",
    "unavailable_reason",
]
