"""Speed: engine facts compiled into tables, the numba battle kernel, tactics, odds."""

from simulator import kernel_cache

kernel_cache.refresh()  # before any compiled kernel function is loaded
