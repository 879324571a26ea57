"""Backends: the model rendered as JSON, Python, HTML, Markdown and PDF."""
