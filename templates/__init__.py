"""Jinja2 templates for every message a person reads; rendered only by ``bot``."""
