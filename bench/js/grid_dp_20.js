// Unique right/down paths through a 20x20 grid with a 2D table.
const rows = 20;
const cols = 20;
const dp = Array.from({ length: rows }, () => new Array(cols).fill(0));
for (let i = 0; i < rows; i++) {
  for (let j = 0; j < cols; j++) {
    if (i === 0 || j === 0) {
      dp[i][j] = 1;
    } else {
      dp[i][j] = dp[i - 1][j] + dp[i][j - 1];
    }
  }
}
console.log(dp[rows - 1][cols - 1]);
