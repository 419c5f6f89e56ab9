// Recursion with no base case: stopped with a RangeError, which this program catches.
function down(n) {
  return down(n + 1) + 1;
}
try {
  down(0);
} catch (e) {
  console.log(e instanceof RangeError);
}
