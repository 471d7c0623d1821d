"""Boards (étuis) of a tournament: generated or imported deals, commitment, secrecy."""
