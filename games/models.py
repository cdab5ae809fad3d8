"""Models of this app (built by its issue)."""
