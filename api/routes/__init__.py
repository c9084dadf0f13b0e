"""One blueprint per resource, all under /api/v1."""
