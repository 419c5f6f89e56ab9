# Dynamic programming: count the right/down paths through a 4x5 grid with a 2D table.
def unique_paths(rows, cols):
    dp = [[0] * cols for _ in range(rows)]
    for i in range(rows):
        for j in range(cols):
            if i == 0 or j == 0:
                dp[i][j] = 1
            else:
                dp[i][j] = dp[i - 1][j] + dp[i][j - 1]
    return dp


rows = 4
cols = 5
dp = unique_paths(rows, cols)
for row in dp:
    print(" ".join(str(x) for x in row))
print(f"unique paths in a {rows}x{cols} grid: {dp[rows - 1][cols - 1]}")
