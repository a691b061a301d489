"""The Magic Realm rules engine: pure, deterministic, no I/O beyond its own packaged data."""
