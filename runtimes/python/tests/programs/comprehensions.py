grid = [[r * 3 + c for c in range(3) if c != 1] for r in range(3) if r % 2 == 0]
pairs = {k: v for k, v in zip("ab", (1, 2))}
print(grid, pairs)
