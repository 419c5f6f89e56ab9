// expect: O(n*m)
function uniquePaths(grid) {
  const rows = grid.length;
  const cols = grid[0].length;
  const dp = Array.from({ length: rows }, () => new Array(cols).fill(0));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (r === 0 || c === 0) {
        dp[r][c] = 1;
      } else {
        dp[r][c] = dp[r - 1][c] + dp[r][c - 1];
      }
    }
  }
  return dp[rows - 1][cols - 1];
}

console.log(uniquePaths([[0, 0, 0], [0, 0, 0]]));
