import sys

sys.__stdout__.write("raw\n")
print("printed", file=sys.__stdout__)
print("plain")
