# Long loops are sampled: the trace keeps their first passes, round-numbered passes and their
# last passes (held back until a loop of unknown length ends); the steps of passes left
# out are counted in the next recorded step's `skipped`. The JavaScript and TypeScript cases
# tests/traces/{javascript,typescript}/cases/long_loops.{js,ts} are the same program and keep
# the same passes.
def square(v):
    return v * v


total = 0
for i in range(20000):
    total += i
items = [3] * 5000
count = 0
for x in items:
    count += x
squares = 0
for k in range(3000):
    squares += square(k)
n = 1
while n < 30000:
    n += 1
print(total, count, squares, n)
