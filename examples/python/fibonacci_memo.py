# Memoized recursion: fib(n) caches each result in a dict so every value is computed once.
def fib(n, memo):
    if n in memo:
        return memo[n]
    if n <= 1:
        result = n
    else:
        result = fib(n - 1, memo) + fib(n - 2, memo)
    memo[n] = result
    return result


memo = {}
answer = fib(10, memo)
print(f"fib(10) = {answer}")
print("memo: " + " ".join(str(memo[k]) for k in range(11)))
