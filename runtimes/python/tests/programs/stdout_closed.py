import sys

print("before")
sys.stdout.close()
print("after")
