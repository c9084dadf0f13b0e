"""marshmallow schemas: one module per resource, requests and responses apart."""
