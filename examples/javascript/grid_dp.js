// Dynamic programming: count the right/down paths through a 4x5 grid with a 2D table.
function uniquePaths(rows, cols) {
  const dp = [];
  for (let i = 0; i < rows; i++) {
    dp.push(new Array(cols).fill(0));
  }
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      if (i === 0 || j === 0) {
        dp[i][j] = 1;
      } else {
        dp[i][j] = dp[i - 1][j] + dp[i][j - 1];
      }
    }
  }
  return dp;
}

const rows = 4;
const cols = 5;
const dp = uniquePaths(rows, cols);
for (const row of dp) {
  console.log(row.join(" "));
}
console.log(`unique paths in a ${rows}x${cols} grid: ${dp[rows - 1][cols - 1]}`);
