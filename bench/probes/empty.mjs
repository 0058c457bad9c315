// Node start-up alone: the process does nothing.
