"""The floor: a minimal DRF service doing what one move of the benchmark does, with
nothing else (part of tests/benchmarks/floor.py, not of the product)."""
