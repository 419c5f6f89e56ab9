big = 2 ** 200
neg = -(10 ** 30)
text = "héllo\tworld\n\x00\u200b😀"
long_text = "x" * 100
pairs = {"a": (1, 2), "b": (3, "four")}
f = 0.1 + 0.2
print(big % 7, len(text))
