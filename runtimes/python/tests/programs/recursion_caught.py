def down(n):
    return down(n + 1)


try:
    down(0)
except RecursionError:
    print("caught")
x = 1
print("after", x)
