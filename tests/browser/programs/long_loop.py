# A run far longer than the step budget the browser test gives it (--max-steps 2000): a short
# printing loop, then naive recursive fibonacci (calls are not sampled, unlike long loops), so
# the page shows `+` and a long slider.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


total = 0
for k in range(5):
    total += k
    print("pass", k, total)
print(fib(18))
