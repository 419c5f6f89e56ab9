# Unique right/down paths through a 20x20 grid with a 2D table.
rows = 20
cols = 20
dp = [[0] * cols for _ in range(rows)]
for i in range(rows):
    for j in range(cols):
        if i == 0 or j == 0:
            dp[i][j] = 1
        else:
            dp[i][j] = dp[i - 1][j] + dp[i][j - 1]
print(dp[rows - 1][cols - 1])
