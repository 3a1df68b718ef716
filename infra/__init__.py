"""What every layer may use and that depends on Django alone, never on config/, games/,
events/, accounts/ or api/: hand-written SQL over models (`sql`), a thread's database
connections given back (`connections`), the request id of the logs (`request_id`).
docs/decisions/0009-packages-beside-api.md."""
