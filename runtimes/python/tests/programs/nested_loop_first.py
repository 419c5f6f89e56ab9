# The outer loop's body starts with another loop: each outer pass must still count.
total = 0
for i in range(2):
    for j in range(3):
        total += j
k = 2
while k > 0:
    for j in range(1):
        total += k
    k -= 1
print(total)
