count = 0
try:
    while True:
        count += 1
except Exception:
    print("except Exception swallowed the stop")
try:
    while True:
        count += 1
except:
    print("bare except swallowed the stop")
print("after")
