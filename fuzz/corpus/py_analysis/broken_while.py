while x <
    pass
