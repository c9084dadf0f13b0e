"""Speed: engine facts compiled into tables, the numba battle kernel, tactics, odds."""
