"""Accounts: login and logout in the site's look, roles as groups (organizer, arbiter)."""
