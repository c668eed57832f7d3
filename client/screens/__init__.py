"""Screens of the client: start, login, lobby, Go table, results, finished games."""
