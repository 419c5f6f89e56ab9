# Starts with a UTF-8 byte order mark, which Python skips.
for i in range(2):
    print(i)
