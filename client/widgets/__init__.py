"""Widgets of the client, one concern per module."""
