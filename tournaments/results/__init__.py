"""Results (résultats): the canonical record per table and board, versioned and audited."""
