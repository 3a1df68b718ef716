"""The public contract generated from the games' typed modules: JSON Schemas from types,
each game's components, and the postprocessing hooks drf-spectacular runs on openapi.yaml.
No HTTP here (docs/decisions/0009-packages-beside-api.md)."""
