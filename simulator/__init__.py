"""Speed: engine facts compiled into tables, the numba battle kernel, tactics, odds."""

from simulator import kernel_cache, numba_cache

numba_cache.settle()  # a cache folder numba can write, before numba reads where it is
kernel_cache.cache_by_sources()  # before any kernel module makes its cached functions
