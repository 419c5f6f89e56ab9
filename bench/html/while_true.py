# A loop that never ends: the step budget stops it (the html page of a long loop run).
i = 0
while True:
    i += 1
