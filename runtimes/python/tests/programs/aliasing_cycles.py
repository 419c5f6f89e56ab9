a = [1, 2]
b = a
a.append(a)
d = {"k": 1}
d["self"] = d
t = (a, d)
print(len(a), len(d))
